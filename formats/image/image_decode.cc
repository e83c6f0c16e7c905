#include "formats/image/image_decode.h"

#include <gif_lib.h>
#include <png.h>

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "formats/common/format_error.h"
#include "formats/image/png_messages.h"

namespace kbot::image {

namespace {

// ---------------------------------------------------------------- PNG

// Everything the libpng calls need and return. Trivially destructible because
// it lives across the frames that call setjmp: libpng reports errors by
// longjmp, which skips destructors. The pixel buffers are allocated by the
// caller between the two libpng phases, once the header has been checked.
struct ReadJob {
  const uint8_t* data = nullptr;
  size_t size = 0;
  size_t pos = 0;
  // From the header (phase 1).
  png_uint_32 width = 0;
  png_uint_32 height = 0;
  int color_type = 0;
  int bit_depth = 0;
  png_color plte[256] = {};
  int plte_count = 0;
  png_byte trns[256] = {};
  int trns_count = 0;
  // Where the pixels go (phase 2): `height` rows of `row_bytes` each.
  png_bytepp rows = nullptr;
  size_t row_bytes = 0;
  PngMessages messages;
};

void OnPngRead(png_structp png, png_bytep out, size_t length) {
  auto* job = static_cast<ReadJob*>(png_get_io_ptr(png));
  if (length > job->size - job->pos) {
    char message[120];
    std::snprintf(message, sizeof message, "the file ends at byte %zu, inside a chunk", job->size);
    png_error(png, message);  // OnPngError copies it before the longjmp
  }
  if (length > 0) std::memcpy(out, job->data + job->pos, length);
  job->pos += length;
}

// Phase 1: signature and every chunk up to the image data; the header,
// palette and transparency copied out; the transforms to 8-bit indices or
// 8-bit RGBA chosen. Nothing image-sized is allocated yet (libpng allocates
// its row buffers in png_read_update_info, phase 2). Returns false with
// job->messages.error set.
bool ReadHeader(png_structp png, png_infop info, ReadJob* job) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_read_fn(png, job, OnPngRead);
  // A side longer than the whole pixel budget is refused inside libpng, which
  // names the side; the product is checked by the caller.
  png_set_user_limits(png, png_uint_32(kMaxDecodedPixels), png_uint_32(kMaxDecodedPixels));
  png_read_info(png, info);
  job->width = png_get_image_width(png, info);
  job->height = png_get_image_height(png, info);
  job->color_type = png_get_color_type(png, info);
  job->bit_depth = png_get_bit_depth(png, info);
  if (job->color_type == PNG_COLOR_TYPE_PALETTE) {
    png_colorp plte = nullptr;
    if (png_get_PLTE(png, info, &plte, &job->plte_count) == 0 || plte == nullptr) {
      job->plte_count = 0;
    }
    job->plte_count = std::clamp(job->plte_count, 0, 256);
    if (job->plte_count > 0) {
      std::memcpy(job->plte, plte, sizeof(png_color) * size_t(job->plte_count));
    }
    png_bytep trns = nullptr;
    if (png_get_tRNS(png, info, &trns, &job->trns_count, nullptr) == 0 || trns == nullptr) {
      job->trns_count = 0;
    }
    job->trns_count = std::clamp(job->trns_count, 0, 256);
    if (job->trns_count > 0) std::memcpy(job->trns, trns, size_t(job->trns_count));
    // Raw indices, one byte each: no expansion through PLTE.
    if (job->bit_depth < 8) png_set_packing(png);
  } else {
    png_set_expand(png);  // grey below 8 bits to 8; tRNS to an alpha channel
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    // Only applies where no alpha channel exists after the expansion above.
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
  }
  png_set_interlace_handling(png);
  return true;
}

// Phase 2: the image data into job->rows, then the chunks after it up to
// IEND, so a file cut anywhere is an error.
bool ReadPixels(png_structp png, png_infop info, ReadJob* job) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != job->row_bytes) {
    png_error(png, "libpng's output rows are not the size the transforms promise");
  }
  png_read_image(png, job->rows);
  png_read_end(png, nullptr);
  return true;
}

absl::Status PngError(absl::string_view name, const ReadJob& job) {
  std::string message = absl::StrCat("not a PNG: ", job.messages.error);
  // The warning often names the cause ("Image width exceeds user limit in
  // IHDR" before "Invalid IHDR data").
  if (job.messages.warning[0] != 0 && std::strcmp(job.messages.warning, job.messages.error) != 0) {
    absl::StrAppend(&message, " (", job.messages.warning, ")");
  }
  return ErrorIn(name, "", message);
}

// Owns the libpng reader outside the setjmp frames.
struct PngReader {
  png_structp png = nullptr;
  png_infop info = nullptr;
  explicit PngReader(ReadJob* job) {
    png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &job->messages, OnPngError, OnPngWarning);
    if (png != nullptr) info = png_create_info_struct(png);
  }
  ~PngReader() {
    if (png != nullptr) png_destroy_read_struct(&png, info != nullptr ? &info : nullptr, nullptr);
  }
  PngReader(const PngReader&) = delete;
  PngReader& operator=(const PngReader&) = delete;
};

absl::Status TooLarge(absl::string_view name, uint64_t width, uint64_t height) {
  return ErrorIn(name, "", absl::StrCat(width, " x ", height, " pixels is over the limit of ",
                                        kMaxDecodedPixels, " pixels"));
}

// ---------------------------------------------------------------- GIF

struct GifInput {
  const uint8_t* data = nullptr;
  size_t size = 0;
  size_t pos = 0;
  bool ran_out = false;
};

int ReadFromMemory(GifFileType* gif, GifByteType* out, int length) {
  auto* in = static_cast<GifInput*>(gif->UserData);
  if (length <= 0) return 0;
  const size_t n = std::min(size_t(length), in->size - in->pos);
  if (n < size_t(length)) in->ran_out = true;  // giflib sees the short count as a read failure
  if (n > 0) std::memcpy(out, in->data + in->pos, n);  // data is null for an empty file
  in->pos += n;
  return int(n);
}

struct GifDecoderCloser {
  void operator()(GifFileType* gif) const { DGifCloseFile(gif, nullptr); }
};
using GifReaderPtr = std::unique_ptr<GifFileType, GifDecoderCloser>;

absl::Status GifError(absl::string_view name, int code, const GifInput& in,
                      absl::string_view doing) {
  if (in.ran_out) {
    return ErrorNamingOffset(name, "", in.size,
                             absl::StrCat("the GIF ends at byte ", in.size, " while ", doing));
  }
  const char* text = GifErrorString(code);
  return ErrorIn(name, "", absl::StrCat("not a GIF: ", doing, ": ",
                                        text != nullptr ? text : "unknown error"));
}

// The file-order row `n` of an interlaced image of `height` rows: passes
// every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
int InterlacedRow(int n, int height) {
  static const int kStart[] = {0, 4, 2, 1};
  static const int kStep[] = {8, 8, 4, 2};
  for (int pass = 0; pass < 4; ++pass) {
    const int rows =
        kStart[pass] < height ? (height - kStart[pass] + kStep[pass] - 1) / kStep[pass] : 0;
    if (n < rows) return kStart[pass] + n * kStep[pass];
    n -= rows;
  }
  return -1;  // unreachable for n < height
}

// Skips the data sub-blocks after an extension's first one.
bool SkipExtension(GifFileType* gif, GifByteType* block) {
  while (block != nullptr) {
    if (DGifGetExtensionNext(gif, &block) != GIF_OK) return false;
  }
  return true;
}

// Reads one extension; a graphics control block sets `transparent` (the last
// one before the image is the one that applies).
absl::Status ReadExtension(GifFileType* gif, const GifInput& in, absl::string_view name,
                           int& transparent) {
  int code = 0;
  GifByteType* block = nullptr;
  if (DGifGetExtension(gif, &code, &block) != GIF_OK) {
    return GifError(name, gif->Error, in, "reading an extension");
  }
  if (code == GRAPHICS_EXT_FUNC_CODE && block != nullptr) {
    GraphicsControlBlock gcb;
    if (DGifExtensionToGCB(block[0], block + 1, &gcb) == GIF_OK) {
      transparent = gcb.TransparentColor;
    }
  }
  if (!SkipExtension(gif, block)) return GifError(name, gif->Error, in, "reading an extension");
  return absl::OkStatus();
}

// Walks the records up to the first image and reads its descriptor. Returns
// the transparent index that applies to it (NO_TRANSPARENT_COLOR for none).
// Records are walked by hand rather than with DGifSlurp: only the first image
// is wanted, and DGifSlurp would allocate every image's raster at its
// declared size (up to 65535 x 65535) before the cap could be checked.
absl::StatusOr<int> SeekFirstImage(GifFileType* gif, const GifInput& in,
                                   absl::string_view name) {
  int transparent = NO_TRANSPARENT_COLOR;
  for (;;) {
    GifRecordType record = UNDEFINED_RECORD_TYPE;
    if (DGifGetRecordType(gif, &record) != GIF_OK) {
      return GifError(name, gif->Error, in, "looking for the first image");
    }
    if (record == TERMINATE_RECORD_TYPE) return ErrorIn(name, "", "the GIF has no image");
    if (record == EXTENSION_RECORD_TYPE) {
      if (absl::Status s = ReadExtension(gif, in, name, transparent); !s.ok()) return s;
      continue;
    }
    if (record != IMAGE_DESC_RECORD_TYPE) continue;
    if (DGifGetImageDesc(gif) != GIF_OK) {
      return GifError(name, gif->Error, in, "reading the first image's descriptor");
    }
    return transparent;
  }
}

// The screen: transparent outside the image, whose index is the transparent
// one, so writing it back keeps the same bytes; the image's colour table.
absl::StatusOr<DecodedImage> EmptyScreen(int width, int height, int transparent,
                                         const ColorMapObject& map, absl::string_view name) {
  DecodedImage out;
  out.kind = DecodedImage::Kind::kIndexed;
  out.width = width;
  out.height = height;
  const size_t pixels = size_t(width) * size_t(height);
  const uint8_t fill = transparent >= 0 ? uint8_t(transparent) : 0;
  try {
    out.index.assign(pixels, fill);
    out.opaque.assign(pixels, 0);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        absl::StrCat(name, ": out of memory for a ", width, " x ", height, " image"));
  }
  for (int i = 0; i < map.ColorCount && i < 256; ++i) {
    const GifColorType& c = map.Colors[i];
    out.palette.push_back({c.Red, c.Green, c.Blue});
  }
  return out;
}

// Draws the first image's rows (its descriptor read) on the screen `out`.
absl::Status DrawImageRows(GifFileType* gif, int transparent, const GifInput& in,
                           absl::string_view name, DecodedImage& out) {
  const GifImageDesc& desc = gif->Image;
  if (desc.Width <= 0 || desc.Height <= 0) return absl::OkStatus();
  std::vector<GifPixelType> line;
  try {
    line.resize(size_t(desc.Width));
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        absl::StrCat(name, ": out of memory for a ", out.width, " x ", out.height, " image"));
  }
  // Columns of the image that land on the screen (an image may overhang it).
  const int x0 = std::max(desc.Left, 0);
  const int x1 = std::min(desc.Left + desc.Width, out.width);
  for (int n = 0; n < desc.Height; ++n) {
    if (DGifGetLine(gif, line.data(), desc.Width) != GIF_OK) {
      return GifError(name, gif->Error, in, absl::StrCat("reading row ", n, " of the first image"));
    }
    // DGifGetLine hands rows over in file order; interlaced files store them
    // pass by pass.
    const int row = desc.Interlace ? InterlacedRow(n, desc.Height) : n;
    const int y = desc.Top + row;
    if (y < 0 || y >= out.height) continue;
    for (int x = x0; x < x1; ++x) {
      const uint8_t k = line[size_t(x - desc.Left)];
      const size_t i = size_t(y) * size_t(out.width) + size_t(x);
      out.index[i] = k;
      out.opaque[i] = int(k) != transparent ? 1 : 0;
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<DecodedImage> DecodePngFile(Bytes bytes, absl::string_view name) {
  ReadJob job;
  job.data = bytes.data();
  job.size = bytes.size();
  PngReader reader(&job);
  if (reader.png == nullptr || reader.info == nullptr) {
    return absl::ResourceExhaustedError(absl::StrCat(name, ": libpng could not start a reader"));
  }
  if (!ReadHeader(reader.png, reader.info, &job)) return PngError(name, job);
  if (uint64_t(job.width) * job.height > kMaxDecodedPixels) {
    return TooLarge(name, job.width, job.height);
  }

  DecodedImage out;
  out.width = int(job.width);
  out.height = int(job.height);
  const bool indexed = job.color_type == PNG_COLOR_TYPE_PALETTE;
  const size_t pixels = size_t(job.width) * job.height;
  job.row_bytes = size_t(job.width) * (indexed ? 1 : 4);
  std::vector<png_bytep> rows;
  try {
    std::vector<uint8_t>& target = indexed ? out.index : out.rgba;
    target.resize(pixels * (indexed ? 1 : 4));
    rows.resize(job.height);
    for (size_t y = 0; y < rows.size(); ++y) rows[y] = target.data() + y * job.row_bytes;
    if (indexed) out.opaque.resize(pixels);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        absl::StrCat(name, ": out of memory for a ", job.width, " x ", job.height, " image"));
  }
  job.rows = rows.data();
  if (!ReadPixels(reader.png, reader.info, &job)) return PngError(name, job);

  if (!indexed) {
    out.kind = DecodedImage::Kind::kRgba;
    return out;
  }
  out.kind = DecodedImage::Kind::kIndexed;
  out.palette.reserve(size_t(job.plte_count));
  for (int i = 0; i < job.plte_count; ++i) {
    out.palette.push_back({job.plte[i].red, job.plte[i].green, job.plte[i].blue});
  }
  // Only alpha 0 is transparent: a gaf frame has no partial transparency, so
  // a half-transparent entry is kept as drawn (its index is what matters).
  // Indices past the tRNS length are opaque by the PNG rules.
  bool clear[256] = {};
  for (int i = 0; i < job.trns_count; ++i) clear[i] = job.trns[i] == 0;
  for (size_t i = 0; i < pixels; ++i) out.opaque[i] = clear[out.index[i]] ? 0 : 1;
  return out;
}

absl::StatusOr<DecodedImage> DecodeGifFile(Bytes bytes, absl::string_view name) {
  GifInput in;
  in.data = bytes.data();
  in.size = bytes.size();
  int error = 0;
  GifReaderPtr gif(DGifOpen(&in, ReadFromMemory, &error));
  if (gif == nullptr) return GifError(name, error, in, "reading the screen descriptor");
  const int screen_w = gif->SWidth;
  const int screen_h = gif->SHeight;
  if (screen_w <= 0 || screen_h <= 0) {
    return ErrorIn(name, "", absl::StrCat("the GIF screen is ", screen_w, " x ", screen_h));
  }
  if (uint64_t(screen_w) * uint64_t(screen_h) > kMaxDecodedPixels) {
    return TooLarge(name, uint64_t(screen_w), uint64_t(screen_h));
  }
  absl::StatusOr<int> transparent = SeekFirstImage(gif.get(), in, name);
  if (!transparent.ok()) return transparent.status();
  const ColorMapObject* map = gif->Image.ColorMap != nullptr ? gif->Image.ColorMap
                                                             : gif->SColorMap;
  if (map == nullptr || map->Colors == nullptr) {
    return ErrorIn(name, "", "the first image has no colour table, local or global");
  }
  absl::StatusOr<DecodedImage> out = EmptyScreen(screen_w, screen_h, *transparent, *map, name);
  if (!out.ok()) return out.status();
  if (absl::Status s = DrawImageRows(gif.get(), *transparent, in, name, *out); !s.ok()) return s;
  return out;
}

absl::StatusOr<DecodedImage> DecodeImageFile(Bytes bytes, absl::string_view name) {
  static const uint8_t kPng[] = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};
  if (bytes.size() >= sizeof kPng && std::memcmp(bytes.data(), kPng, sizeof kPng) == 0) {
    return DecodePngFile(bytes, name);
  }
  if (bytes.size() >= 6 && (std::memcmp(bytes.data(), "GIF87a", 6) == 0 ||
                            std::memcmp(bytes.data(), "GIF89a", 6) == 0)) {
    return DecodeGifFile(bytes, name);
  }
  if (bytes.empty()) return ErrorIn(name, "", "not a PNG or GIF image (it is empty)");
  std::string head;
  for (size_t i = 0; i < std::min<size_t>(bytes.size(), 4); ++i) {
    absl::StrAppendFormat(&head, "%s%02x", i == 0 ? "" : " ", bytes[i]);
  }
  return ErrorIn(name, "", absl::StrCat("not a PNG or GIF image (starts with ", head, ")"));
}

}  // namespace kbot::image
