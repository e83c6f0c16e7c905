#include "formats/gaf/frame_decode.h"

#include <algorithm>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace kbot::gaf {

std::string FrameLocation::Name() const {
  std::string name = absl::StrCat("sequence ", sequence, " frame ", frame);
  if (layer >= 0) absl::StrAppend(&name, " layer ", layer);
  return name;
}

absl::Status FrameLocation::Error(absl::string_view what) const {
  return absl::InvalidArgumentError(absl::StrCat(file, ": ", Name(), ": ", what));
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
    return where.Error(absl::StrCat("pixel data of ", need, " bytes at ", Hex(info.data_offset),
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

// Decodes the chunks of one row into index/opaque (each `width` long).
// Returns the number of pixels the chunks covered (before clipping).
absl::StatusOr<size_t> DecodeRow(const uint8_t* p, size_t length, size_t row_offset,
                                 uint8_t* index, uint8_t* opaque, size_t width, size_t row,
                                 const FrameLocation& where) {
  size_t x = 0, i = 0;
  while (i < length) {
    const uint8_t mask = p[i++];
    if (mask & 1) {
      x += mask >> 1;
      continue;
    }
    const size_t count = (mask >> 2) + 1;
    const size_t payload = (mask & 2) ? 1 : count;
    if (payload > length - i) {
      return where.Error(absl::StrCat(
          "row ", row, ": ", (mask & 2) ? "repeat" : "literal", " chunk at ",
          Hex(row_offset + 2 + i - 1), " needs ", payload, " byte(s), the row has ",
          length - i, " left of its lineLength ", length));
    }
    if (x < width) {
      const size_t n = std::min(count, width - x);
      if (mask & 2) {
        std::memset(index + x, p[i], n);
      } else {
        std::memcpy(index + x, p + i, n);
      }
      std::memset(opaque + x, 1, n);
    }
    x += count;
    i += payload;
  }
  return x;
}

// A frame of many short rows is reported by its first few, then a count, so a
// hostile file cannot make the report grow with every row it claims.
constexpr size_t kShortRowsNamed = 3;

absl::StatusOr<image::IndexedPicture> DecodeRunEncoded(Bytes file, const FrameInfo& info,
                                                       Transparency mode,
                                                       const FrameLocation& where,
                                                       Warnings* warnings) {
  // Undrawn pixels carry the stored key, so that `none` shows it.
  image::IndexedPicture pic(info.width, info.height, info.transparency, 0, info.transparency);
  const size_t width = info.width;
  size_t pos = info.data_offset;
  size_t short_rows = 0;
  for (size_t row = 0; row < info.height; ++row) {
    if (pos > file.size() || file.size() - pos < 2) {
      return where.Error(absl::StrCat("row ", row, ": lineLength at ", Hex(pos),
                                      " is past the end of the file (", file.size(),
                                      " bytes)"));
    }
    const size_t length = LoadU16(file.data() + pos);
    if (length > file.size() - pos - 2) {
      return where.Error(absl::StrCat("row ", row, ": lineLength ", length, " at ", Hex(pos),
                                      " runs past the end of the file (", file.size(),
                                      " bytes)"));
    }
    absl::StatusOr<size_t> covered =
        DecodeRow(file.data() + pos + 2, length, pos, pic.index.data() + row * width,
                  pic.opaque.data() + row * width, width, row, where);
    if (!covered.ok()) return covered.status();
    if (*covered < width && ++short_rows <= kShortRowsNamed && warnings != nullptr) {
      warnings->push_back(absl::StrCat(where.Name(), " row ", row, ": row ends at pixel ",
                                       *covered, " of ", width, "; padded transparent"));
    }
    pos += 2 + length;
  }
  if (short_rows > kShortRowsNamed && warnings != nullptr) {
    warnings->push_back(absl::StrCat(where.Name(), ": ", short_rows - kShortRowsNamed,
                                     " more short rows padded transparent"));
  }
  if (mode.mode == TransparencyMode::kNone) {
    std::fill(pic.opaque.begin(), pic.opaque.end(), uint8_t{1});
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
    case Storage::kRunEncoded: return DecodeRunEncoded(file, info, mode, where, warnings);
    default:
      return where.Error(absl::StrCat("storage ", int(info.storage_byte),
                                      " is truecolor, not paletted"));
  }
}

absl::StatusOr<image::RgbaPicture> DecodeTruecolorFrame(Bytes file, const FrameInfo& info,
                                                        const FrameLocation& where) {
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
