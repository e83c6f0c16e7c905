#include "formats/image/png_encode.h"

#include <libdeflate.h>

#include <algorithm>
#include <cstring>
#include <new>

#include "absl/strings/str_cat.h"
#include "formats/image/png_deflate.h"
#include "formats/image/png_writer.h"
#include "formats/image/transparent_slot.h"

namespace kbot::image {

namespace png_detail {

namespace {

constexpr uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
constexpr int kMaxSide = 1000000;

void PutU32(std::vector<uint8_t>& out, uint32_t v) {
  out.insert(out.end(), {uint8_t(v >> 24), uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)});
}

// Length, type, data, and the CRC-32 of type and data (PNG section 5.3).
void AppendChunk(std::vector<uint8_t>& out, const char* type, const uint8_t* data,
                 size_t length) {
  PutU32(out, uint32_t(length));
  const size_t type_at = out.size();
  out.insert(out.end(), type, type + 4);
  if (length > 0) out.insert(out.end(), data, data + length);
  PutU32(out, uint32_t(libdeflate_crc32(0, out.data() + type_at, 4 + length)));
}

void AppendHeader(const Layout& layout, std::vector<uint8_t>& out) {
  out.insert(out.end(), kSignature, kSignature + 8);
  std::vector<uint8_t> ihdr;
  PutU32(ihdr, uint32_t(layout.width));
  PutU32(ihdr, uint32_t(layout.height));
  // Bit depth 8, the colour type, deflate, adaptive filtering, no interlace.
  ihdr.insert(ihdr.end(), {8, uint8_t(layout.colour), 0, 0, 0});
  AppendChunk(out, "IHDR", ihdr.data(), ihdr.size());
  if (layout.colour != ColourType::kIndexed) return;
  AppendChunk(out, "PLTE", layout.plte.data(), layout.plte.size());
  if (!layout.trns.empty()) AppendChunk(out, "tRNS", layout.trns.data(), layout.trns.size());
}

absl::Status CheckOptions(const PngOptions& options) {
  if (options.zlib_level < kPngAutoLevel || options.zlib_level > 12) {
    return absl::InvalidArgumentError(
        absl::StrCat("compression level ", options.zlib_level, " is outside 0..12"));
  }
  if (options.threads < 0) {
    return absl::InvalidArgumentError(absl::StrCat("threads ", options.threads, " is below 0"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckLayout(const Layout& layout) {
  if (absl::Status s = CheckCanvas(layout.width, layout.height); !s.ok()) return s;
  if (layout.width > kMaxSide || layout.height > kMaxSide) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a ", layout.width, " x ", layout.height, " PNG is past the ", kMaxSide,
        " pixels a side that PNG readers accept (libpng's default limit)"));
  }
  if (layout.colour == ColourType::kIndexed &&
      (layout.plte.empty() || layout.plte.size() > 768 || layout.plte.size() % 3 != 0 ||
       layout.trns.size() > layout.plte.size() / 3)) {
    return absl::InternalError(absl::StrCat("a PLTE of ", layout.plte.size(),
                                            " bytes with a tRNS of ", layout.trns.size()));
  }
  return absl::OkStatus();
}

namespace {

absl::StatusOr<ZlibStream> Compress(const Layout& layout, std::span<const uint8_t> pixels,
                                    const PngOptions& options) {
  if (absl::Status s = CheckOptions(options); !s.ok()) return s;
  if (absl::Status s = CheckLayout(layout); !s.ok()) return s;
  const size_t row_bytes = size_t(layout.width) * size_t(layout.bytes_per_pixel());
  if (pixels.size() != row_bytes * size_t(layout.height)) {
    return absl::InvalidArgumentError(absl::StrCat("a ", layout.width, " x ", layout.height,
                                                   " image needs ",
                                                   row_bytes * size_t(layout.height),
                                                   " bytes of pixels, got ", pixels.size()));
  }
  RowSource rows;
  rows.pixels = pixels.data();
  rows.row_bytes = row_bytes;
  rows.height = layout.height;
  rows.bpp = layout.bytes_per_pixel();
  rows.filter = options.filter_none || layout.colour == ColourType::kIndexed
                    ? FilterChoice::kNone
                    : FilterChoice::kAdaptive;
  DeflateOptions deflate;
  deflate.level = options.zlib_level;
  deflate.threads = options.threads;
  deflate.progress = options.progress;
  return DeflateRowsInParts(rows, deflate);
}

// The stream as IDAT chunks of at most kIdatBytes, copied from its parts once,
// each chunk's CRC computed as it goes.
void AppendIdats(std::vector<uint8_t>& out, const ZlibStream& zlib) {
  const std::vector<std::span<const uint8_t>> parts = zlib.Parts();
  size_t part = 0, offset = 0;
  for (size_t left = zlib.size(); left > 0;) {
    const size_t length = std::min(kIdatBytes, left);
    PutU32(out, uint32_t(length));
    out.insert(out.end(), {'I', 'D', 'A', 'T'});
    uint32_t crc = uint32_t(libdeflate_crc32(0, "IDAT", 4));
    for (size_t need = length; need > 0;) {
      const std::span<const uint8_t> p = parts[part];
      const size_t take = std::min(need, p.size() - offset);
      out.insert(out.end(), p.begin() + long(offset), p.begin() + long(offset + take));
      crc = uint32_t(libdeflate_crc32(crc, p.data() + offset, take));
      need -= take, offset += take;
      if (offset == p.size()) ++part, offset = 0;
    }
    PutU32(out, crc);
    left -= length;
  }
}

}  // namespace

absl::StatusOr<std::vector<uint8_t>> CompressPixels(const Layout& layout,
                                                    std::span<const uint8_t> pixels,
                                                    const PngOptions& options) {
  absl::StatusOr<ZlibStream> zlib = Compress(layout, pixels, options);
  if (!zlib.ok()) return zlib.status();
  try {
    return zlib->Join();
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError("out of memory joining a PNG's compressed data");
  }
}

absl::StatusOr<EncodedImage> WriteChunks(const Layout& layout, std::span<const Chunk> chunks) {
  if (absl::Status s = CheckLayout(layout); !s.ok()) return s;
  size_t size = 8 + 25 + layout.plte.size() + layout.trns.size() + 24 + 12;
  for (const Chunk& chunk : chunks) {
    if (chunk.data.size() > 0x7fffffffu) {
      return absl::InvalidArgumentError(absl::StrCat(
          "a ", chunk.type, " chunk of ", chunk.data.size(), " bytes is over the PNG limit"));
    }
    size += 12 + chunk.data.size();
  }
  EncodedImage out;
  out.reserve(size);
  AppendHeader(layout, out);
  for (const Chunk& chunk : chunks) {
    AppendChunk(out, chunk.type, chunk.data.data(), chunk.data.size());
  }
  AppendChunk(out, "IEND", nullptr, 0);
  return out;
}

absl::StatusOr<EncodedImage> WriteImage(const Layout& layout, std::span<const uint8_t> pixels,
                                        const PngOptions& options) {
  absl::StatusOr<ZlibStream> zlib = Compress(layout, pixels, options);
  if (!zlib.ok()) return zlib.status();
  try {
    EncodedImage out;
    const size_t idats = (zlib->size() + kIdatBytes - 1) / kIdatBytes;
    out.reserve(8 + 25 + layout.plte.size() + layout.trns.size() + 24 + 12 * idats +
                zlib->size() + 12);
    AdviseHugePages(out.data(), out.capacity());
    AppendHeader(layout, out);
    AppendIdats(out, *zlib);
    AppendChunk(out, "IEND", nullptr, 0);
    return out;
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        absl::StrCat("out of memory writing a ", zlib->size(), "-byte PNG"));
  }
}

}  // namespace png_detail

namespace png_detail {

Layout IndexedPictureLayout(int width, int height, const palette::Palette& palette, int slot) {
  Layout layout;
  layout.width = width;
  layout.height = height;
  layout.colour = ColourType::kIndexed;
  for (const palette::Rgb& c : palette.colors) {
    layout.plte.insert(layout.plte.end(), {c.r, c.g, c.b});
  }
  // tRNS stops at the slot: entries past its end are opaque.
  if (slot >= 0 && slot < 256) {
    layout.trns.assign(size_t(slot) + 1, 255);
    layout.trns[size_t(slot)] = 0;
  }
  return layout;
}

Layout RgbaLayout(int width, int height, const StoredForm& form) {
  Layout layout;
  layout.width = width;
  layout.height = height;
  layout.colour = form.colour;
  layout.plte = form.plte;
  layout.trns = form.trns;
  return layout;
}

}  // namespace png_detail

absl::StatusOr<EncodedImage> EncodeIndexedPng(const IndexedPicture& picture,
                                              const palette::Palette& palette,
                                              const PngOptions& options) {
  if (absl::Status s = CheckPicture(picture); !s.ok()) return s;
  const SlotChoice choice = ChooseTransparentSlot(std::span(&picture, 1));
  if (choice.needs_rgba()) return EncodeRgbaPng(ToRgba(picture, palette), options);
  std::vector<uint8_t> pixels;
  ApplySlot(picture, choice.slot, pixels);
  return png_detail::WriteImage(
      png_detail::IndexedPictureLayout(picture.width, picture.height, palette, choice.slot),
      pixels, options);
}

absl::StatusOr<EncodedImage> EncodeRgbaPng(const RgbaPicture& picture, const PngOptions& options) {
  if (absl::Status s = CheckPicture(picture); !s.ok()) return s;
  png_detail::StoredForm form;
  const std::span<const uint8_t> frames[1] = {picture.rgba};
  if (absl::Status s = png_detail::ChooseForm(frames, form, options.progress,
                                              uint64_t(picture.height));
      !s.ok()) {
    return s;
  }
  const png_detail::Layout layout = png_detail::RgbaLayout(picture.width, picture.height, form);
  if (form.colour == png_detail::ColourType::kRgba) {
    return png_detail::WriteImage(layout, picture.rgba, options);
  }
  std::vector<uint8_t> stored;
  png_detail::ToStoredPixels(form, picture.rgba, stored);
  return png_detail::WriteImage(layout, stored, options);
}

absl::StatusOr<EncodedImage> EncodeGreyPng(const GreyPicture& picture, const PngOptions& options) {
  if (absl::Status s = CheckPicture(picture); !s.ok()) return s;
  png_detail::Layout layout;
  layout.width = picture.width;
  layout.height = picture.height;
  layout.colour = png_detail::ColourType::kGrey;
  return png_detail::WriteImage(layout, picture.grey, options);
}

RgbaPicture ToRgba(const IndexedPicture& picture, const palette::Palette& palette) {
  if (picture.width < 0 || picture.height < 0) return RgbaPicture();
  RgbaPicture out(picture.width, picture.height);
  const size_t n = std::min({out.pixels(), picture.index.size(), picture.opaque.size()});
  for (size_t i = 0; i < n; ++i) {
    if (!picture.opaque[i]) continue;  // stays (0, 0, 0, 0)
    const palette::Rgb& c = palette.colors[picture.index[i]];
    uint8_t* p = &out.rgba[i * 4];
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
    p[3] = 255;
  }
  return out;
}

}  // namespace kbot::image
