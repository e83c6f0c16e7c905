// Reading PNG and GIF files back, for `kbot gaf build`: an edited frame comes
// back either as palette indices (indexed PNG / GIF: every index kept, a pixel
// transparent when its palette entry is) or as RGBA (any other PNG).
#pragma once

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"
#include "formats/palette/palette.h"

namespace kbot::image {

struct DecodedImage {
  enum class Kind { kIndexed, kRgba };
  Kind kind = Kind::kIndexed;
  int width = 0;
  int height = 0;
  // kIndexed: one 8-bit index a pixel (bit depths 1, 2, 4 widened), and 1 where
  // the pixel is drawn: its tRNS alpha (PNG) is not 0, or it is not the GIF's
  // transparent index.
  std::vector<uint8_t> index;
  std::vector<uint8_t> opaque;
  std::vector<palette::Rgb> palette;  // kIndexed: the file's own colours
  // kRgba: 4 bytes a pixel, straight alpha (grey, RGB, 16-bit all converted).
  std::vector<uint8_t> rgba;
};

// Images larger than this are refused before anything is allocated.
inline constexpr uint64_t kMaxDecodedPixels = 64ull * 1024 * 1024;

// `name` prefixes every error. GIF: the first frame, placed on its screen.
absl::StatusOr<DecodedImage> DecodePngFile(Bytes bytes, absl::string_view name);
absl::StatusOr<DecodedImage> DecodeGifFile(Bytes bytes, absl::string_view name);
// By signature: PNG or GIF, else an error naming what the file starts with.
absl::StatusOr<DecodedImage> DecodeImageFile(Bytes bytes, absl::string_view name);

}  // namespace kbot::image
