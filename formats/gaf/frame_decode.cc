#include "formats/gaf/frame_decode.h"

#include <algorithm>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/gaf/run_decode.h"
#include "formats/gaf/ta3d_frame.h"

namespace kbot::gaf {

std::string FrameLocation::Name() const {
  std::string name = absl::StrCat("sequence ", sequence, " frame ", frame);
  if (layer >= 0) absl::StrAppend(&name, " layer ", layer);
  return name;
}

absl::Status FrameLocation::Error(absl::string_view what) const {
  return ErrorIn(file, Name(), what);
}

absl::Status FrameLocation::Error(uint64_t offset, absl::string_view what) const {
  return ErrorNamingOffset(file, Name(), offset, what);
}

absl::Status CheckFrameSize(Bytes file, const FrameInfo& info, const FrameLocation& where) {
  if (info.pixels() > kMaxFramePixels) {
    return where.Error(absl::StrCat(info.width, " x ", info.height,
                                    " pixels is over the 64 M-pixel limit for one frame"));
  }
  const bool bounded_by_data = info.layered() || info.storage() == Storage::kRunEncoded;
  if (bounded_by_data && info.pixels() > kMaxPixelsPerByte * file.size()) {
    return where.Error(absl::StrCat(info.width, " x ", info.height, " pixels cannot be drawn from a ",
                                    file.size(), "-byte file (at most ", kMaxPixelsPerByte,
                                    " pixels a byte)"));
  }
  return absl::OkStatus();
}

namespace {

// The frame's pixel bytes, or an error naming where they should have been.
absl::StatusOr<Bytes> PixelBytes(Bytes file, const FrameInfo& info, size_t bytes_per_pixel,
                                 const FrameLocation& where) {
  const uint64_t need = info.pixels() * bytes_per_pixel;
  if (info.data_offset > file.size() || need > file.size() - info.data_offset) {
    return where.Error(info.data_offset,
                       absl::StrCat("pixel data of ", need, " bytes at ", Hex(info.data_offset),
                                    " runs past the end of the file (", file.size(),
                                    " bytes)"));
  }
  return file.subspan(info.data_offset, need);
}

uint8_t KeyFor(Transparency mode, Bytes raw_pixels, const FrameInfo& info) {
  switch (mode.mode) {
    case TransparencyMode::kHeuristic:
      return EffectiveTransparencyIndex(raw_pixels, info.width, info.height, info.transparency);
    case TransparencyMode::kIndex: return mode.index;
    default: return info.transparency;
  }
}

absl::StatusOr<image::IndexedPicture> DecodeRaw(Bytes file, const FrameInfo& info,
                                                Transparency mode, const FrameLocation& where) {
  absl::StatusOr<Bytes> pixels = PixelBytes(file, info, 1, where);
  if (!pixels.ok()) return pixels.status();
  image::IndexedPicture pic;
  pic.width = info.width;
  pic.height = info.height;
  pic.key = KeyFor(mode, *pixels, info);
  pic.index.assign(pixels->begin(), pixels->end());
  pic.opaque.resize(pixels->size());
  const uint8_t* src = pixels->data();
  uint8_t* dst = pic.opaque.data();
  const size_t n = pixels->size();
  if (mode.mode == TransparencyMode::kNone) {
    std::memset(dst, 1, n);
  } else {
    const uint8_t key = pic.key;
    for (size_t i = 0; i < n; ++i) dst[i] = src[i] != key;  // vectorises
  }
  return pic;
}

}  // namespace

absl::StatusOr<image::IndexedPicture> DecodePalettedFrame(Bytes file, const FrameInfo& info,
                                                          Transparency mode,
                                                          const FrameLocation& where,
                                                          Warnings* warnings) {
  if (absl::Status s = CheckFrameSize(file, info, where); !s.ok()) return s;
  switch (info.storage()) {
    case Storage::kRaw: return DecodeRaw(file, info, mode, where);
    case Storage::kRunEncoded: {
      absl::StatusOr<image::IndexedPicture> pic =
          DecodeRunEncodedFrame(file, info, where, warnings);
      // `none`: skipped pixels show the key they carry.
      if (pic.ok() && mode.mode == TransparencyMode::kNone) {
        std::fill(pic->opaque.begin(), pic->opaque.end(), uint8_t{1});
      }
      return pic;
    }
    default:
      return where.Error(absl::StrCat("storage ", int(info.storage_byte),
                                      " is truecolor, not paletted"));
  }
}

absl::Status CheckPalettedFrame(Bytes file, const FrameInfo& info, const FrameLocation& where,
                                Warnings* warnings) {
  if (absl::Status s = CheckFrameSize(file, info, where); !s.ok()) return s;
  switch (info.storage()) {
    case Storage::kRaw: return PixelBytes(file, info, 1, where).status();
    case Storage::kRunEncoded: return CheckRunEncodedFrame(file, info, where, warnings);
    default:
      return where.Error(absl::StrCat("storage ", int(info.storage_byte),
                                      " is truecolor, not paletted"));
  }
}

absl::Status CheckTruecolorFrame(Bytes file, const FrameInfo& info, const FrameLocation& where,
                                 Warnings* warnings) {
  if (info.ta3d) return DecodeTa3dFrame(file, info, where, warnings).status();
  if (absl::Status s = CheckFrameSize(file, info, where); !s.ok()) return s;
  return PixelBytes(file, info, 2, where).status();
}

absl::StatusOr<image::RgbaPicture> DecodeTruecolorFrame(Bytes file, const FrameInfo& info,
                                                        const FrameLocation& where,
                                                        Warnings* warnings) {
  if (info.ta3d) return DecodeTa3dFrame(file, info, where, warnings);
  if (absl::Status s = CheckFrameSize(file, info, where); !s.ok()) return s;
  absl::StatusOr<Bytes> pixels = PixelBytes(file, info, 2, where);
  if (!pixels.ok()) return pixels.status();
  image::RgbaPicture pic(info.width, info.height);
  const uint8_t* src = pixels->data();
  uint8_t* dst = pic.rgba.data();
  const size_t n = info.pixels();
  if (info.storage() == Storage::kArgb4444) {
    for (size_t i = 0; i < n; ++i, src += 2, dst += 4) {
      const unsigned v = LoadU16(src);
      dst[0] = Widen4((v >> 8) & 0xf);
      dst[1] = Widen4((v >> 4) & 0xf);
      dst[2] = Widen4(v & 0xf);
      dst[3] = Widen4(v >> 12);
    }
  } else {
    for (size_t i = 0; i < n; ++i, src += 2, dst += 4) {
      const unsigned v = LoadU16(src);
      dst[0] = Widen5((v >> 10) & 0x1f);
      dst[1] = Widen5((v >> 5) & 0x1f);
      dst[2] = Widen5(v & 0x1f);
      dst[3] = (v & 0x8000) ? 255 : 0;
    }
  }
  return pic;
}

}  // namespace kbot::gaf
