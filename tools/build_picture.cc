#include "tools/build_picture.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/image/scale.h"
#include "tools/image_result.h"
#include "tools/pcx_picture.h"
#include "tools/picture_export_tool.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

int EnlargeBy(int width, int height) {
  const int side = std::max(width, height);
  int scale = 1;
  while (scale < kBuildPictureMaxScale && side * (scale + 1) <= kBuildPictureSide) ++scale;
  return scale;
}

absl::StatusOr<BuildPicture> FromPcx(const contexts::Context& context, const Asset& asset) {
  absl::StatusOr<PcxDrawing> drawn = DrawPcx(asset, std::nullopt, ContextReader(context), &context);
  if (!drawn.ok()) return drawn.status();
  BuildPicture out;
  out.file_width = drawn->picture.width;
  out.file_height = drawn->picture.height;
  out.scale = EnlargeBy(out.file_width, out.file_height);
  absl::StatusOr<image::RgbaPicture> scaled = image::ScaleNearest(drawn->picture, out.scale);
  if (!scaled.ok()) return scaled.status();
  absl::StatusOr<EncodedPicture> encoded = EncodePicture(*std::move(scaled));
  if (!encoded.ok()) return encoded.status();
  out.width = encoded->picture.width;
  out.height = encoded->picture.height;
  out.bytes = std::move(encoded->png);
  out.mime_type = "image/png";
  out.warnings = std::move(drawn->warnings);
  return out;
}

absl::StatusOr<BuildPicture> FromJpeg(const Asset& asset) {
  std::optional<JpegSize> size = ReadJpegSize(asset.bytes);
  if (!size) {
    return absl::InvalidArgumentError(
        absl::StrCat(asset.path, ": not a JPEG (no start-of-frame marker)"));
  }
  BuildPicture out;
  out.width = out.file_width = size->width;
  out.height = out.file_height = size->height;
  out.bytes.assign(asset.bytes.begin(), asset.bytes.end());
  out.mime_type = "image/jpeg";
  return out;
}

}  // namespace

std::optional<JpegSize> ReadJpegSize(Bytes bytes) {
  if (bytes.size() < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8) return std::nullopt;
  size_t at = 2;
  // Each segment: FF, a marker, a big-endian length that counts itself.
  while (at + 4 <= bytes.size()) {
    if (bytes[at] != 0xFF) return std::nullopt;
    const uint8_t marker = bytes[at + 1];
    if (marker == 0xFF) {  // fill byte
      ++at;
      continue;
    }
    const size_t length = size_t(bytes[at + 2]) << 8 | bytes[at + 3];
    const bool frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 &&
                       marker != 0xCC;
    if (frame) {
      if (length < 7 || at + 9 > bytes.size()) return std::nullopt;
      const int height = bytes[at + 5] << 8 | bytes[at + 6];
      const int width = bytes[at + 7] << 8 | bytes[at + 8];
      if (width == 0 || height == 0) return std::nullopt;
      return JpegSize{width, height};
    }
    if (length < 2 || marker == 0xD9 || marker == 0xDA) return std::nullopt;
    at += 2 + length;
  }
  return std::nullopt;
}

absl::StatusOr<BuildPicture> ReadBuildPicture(const contexts::Context& context,
                                              const std::string& path) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, path);
  if (!opened.ok()) return opened.status();
  absl::StatusOr<BuildPicture> out = absl::EndsWithIgnoreCase(path, ".jpg")
                                         ? FromJpeg(opened->asset)
                                         : FromPcx(context, opened->asset);
  if (!out.ok()) return out.status();
  out->path = path;
  return out;
}

}  // namespace kbot::tools
