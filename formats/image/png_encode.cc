#include "formats/image/png_encode.h"

#include <png.h>

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <new>

#include "absl/strings/str_cat.h"
#include "formats/image/png_messages.h"
#include "formats/image/png_writer.h"
#include "formats/image/transparent_slot.h"

namespace kbot::image {

namespace {

// Everything the libpng calls need, gathered before they start. It is
// trivially destructible because it lives in the frame that calls setjmp:
// libpng reports errors by longjmp, which skips destructors.
struct WriteJob {
  png_uint_32 width = 0;
  png_uint_32 height = 0;
  int color_type = 0;
  const png_color* plte = nullptr;
  int plte_count = 0;
  const png_byte* trns = nullptr;
  int trns_count = 0;
  int zlib_level = 6;
  int filters = PNG_FILTER_NONE;
  png_bytepp rows = nullptr;                  // set: write these rows as the image data
  const png_detail::Chunk* chunks = nullptr;  // rows null: write these, then IEND
  size_t chunk_count = 0;
  std::vector<uint8_t>* out = nullptr;
  Progress* progress = nullptr;  // told each row written; rows only
  bool cancelled = false;        // the progress said stop
  PngMessages messages;
};

// The image's rows through libpng, `progress` told each one (a big picture's
// deflate is tens of milliseconds a hundred rows: a stop has to be heard
// within it). False when it said stop.
bool WriteRows(png_structp png, WriteJob* job) {
  if (job->progress == nullptr) {
    png_write_image(png, job->rows);
    return true;
  }
  char message[64];
  for (png_uint_32 y = 0; y < job->height; ++y) {
    png_write_row(png, job->rows[y]);
    std::snprintf(message, sizeof message, "encoded PNG row %u of %u", unsigned(y + 1),
                  unsigned(job->height));
    if (!job->progress->Report(y + 1, job->height, message)) return false;
  }
  return true;
}

void OnWrite(png_structp png, png_bytep data, size_t length) {
  auto* job = static_cast<WriteJob*>(png_get_io_ptr(png));
  bool ok = true;
  try {
    job->out->insert(job->out->end(), data, data + length);
  } catch (const std::bad_alloc&) {
    ok = false;
  }
  // Outside the catch block: png_error longjmps, and the exception object
  // must be gone by then.
  if (!ok) png_error(png, "out of memory writing the PNG");
}

void OnFlush(png_structp) {}

// The only frame that calls libpng. Returns false with job->messages.error set.
bool RunWrite(WriteJob* job) {
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, &job->messages, OnPngError, OnPngWarning);
  if (png == nullptr) {
    std::snprintf(job->messages.error, sizeof job->messages.error,
                  "libpng could not start a writer");
    return false;
  }
  png_infop info = png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_write_struct(&png, nullptr);
    std::snprintf(job->messages.error, sizeof job->messages.error,
                  "libpng could not start a writer");
    return false;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, job, OnWrite, OnFlush);
  png_set_compression_level(png, job->zlib_level);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, job->filters);
  png_set_IHDR(png, info, job->width, job->height, 8, job->color_type, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  if (job->plte != nullptr) png_set_PLTE(png, info, job->plte, job->plte_count);
  if (job->trns != nullptr) png_set_tRNS(png, info, job->trns, job->trns_count, nullptr);
  png_write_info(png, info);  // signature, IHDR, PLTE, tRNS
  if (job->rows != nullptr) {
    if (!WriteRows(png, job)) {
      job->cancelled = true;
      png_destroy_write_struct(&png, &info);
      return false;
    }
    png_write_end(png, nullptr);
  } else {
    // png_write_end would insist on image data written through libpng's own
    // path; the caller's chunks carry it instead, so IEND is written here.
    for (size_t i = 0; i < job->chunk_count; ++i) {
      const png_detail::Chunk& chunk = job->chunks[i];
      png_write_chunk(png, reinterpret_cast<png_const_bytep>(chunk.type), chunk.data.data(),
                      chunk.data.size());
    }
    png_write_chunk(png, reinterpret_cast<png_const_bytep>("IEND"), nullptr, 0);
  }
  png_destroy_write_struct(&png, &info);
  return true;
}

absl::Status CheckOptions(const PngOptions& options) {
  if (options.zlib_level < 0 || options.zlib_level > 9) {
    return absl::InvalidArgumentError(
        absl::StrCat("zlib level ", options.zlib_level, " is outside 0..9"));
  }
  return absl::OkStatus();
}

// The storage the WriteJob points into, kept alive by the caller's frame.
struct Header {
  png_color plte[256];
  png_byte trns[256];
};

absl::StatusOr<EncodedImage> Run(const png_detail::Layout& layout, const PngOptions& options,
                                 Header& header, WriteJob& job) {
  if (absl::Status s = CheckOptions(options); !s.ok()) return s;
  if (absl::Status s = CheckCanvas(layout.width, layout.height); !s.ok()) return s;
  job.width = png_uint_32(layout.width);
  job.height = png_uint_32(layout.height);
  job.zlib_level = options.zlib_level;
  // libpng alone would pick no filter for palette images and adaptive ones for
  // RGBA; setting it explicitly makes the option mean the same for both.
  job.filters = options.filter_none ? PNG_FILTER_NONE : PNG_ALL_FILTERS;
  if (layout.palette != nullptr) {
    job.color_type = PNG_COLOR_TYPE_PALETTE;
    for (int i = 0; i < 256; ++i) {
      const palette::Rgb& c = layout.palette->colors[size_t(i)];
      header.plte[i] = png_color{c.r, c.g, c.b};
    }
    job.plte = header.plte;
    job.plte_count = 256;
    if (layout.trns_slot >= 0 && layout.trns_slot < 256) {
      // tRNS may stop at the slot: entries past its end are opaque.
      for (int i = 0; i < layout.trns_slot; ++i) header.trns[i] = 255;
      header.trns[layout.trns_slot] = 0;
      job.trns = header.trns;
      job.trns_count = layout.trns_slot + 1;
    }
  } else {
    job.color_type = PNG_COLOR_TYPE_RGB_ALPHA;
  }
  EncodedImage out;
  job.out = &out;
  if (job.rows != nullptr) job.progress = options.progress;
  if (!RunWrite(&job)) {
    if (job.cancelled) return absl::CancelledError("PNG encoding: cancelled");
    return absl::InternalError(
        absl::StrCat("libpng: ", job.messages.error, job.messages.warning[0] != 0 ? " (" : "",
                     job.messages.warning, job.messages.warning[0] != 0 ? ")" : ""));
  }
  return out;
}

}  // namespace

namespace png_detail {

absl::StatusOr<EncodedImage> WriteImage(const Layout& layout, std::span<const uint8_t> pixels,
                                        const PngOptions& options) {
  if (absl::Status s = CheckCanvas(layout.width, layout.height); !s.ok()) return s;
  const size_t bytes_per_pixel = layout.palette != nullptr ? 1 : 4;
  const size_t stride = size_t(layout.width) * bytes_per_pixel;
  if (pixels.size() != stride * size_t(layout.height)) {
    return absl::InvalidArgumentError(absl::StrCat("a ", layout.width, " x ", layout.height,
                                                   " image needs ", stride * size_t(layout.height),
                                                   " bytes of pixels, got ", pixels.size()));
  }
  // libpng takes non-const row pointers but only reads them when writing.
  std::vector<png_bytep> rows(size_t(layout.height));
  for (size_t y = 0; y < rows.size(); ++y) {
    rows[y] = const_cast<png_bytep>(pixels.data() + y * stride);
  }
  Header header;
  WriteJob job;
  job.rows = rows.data();
  return Run(layout, options, header, job);
}

absl::StatusOr<EncodedImage> WriteChunks(const Layout& layout, std::span<const Chunk> chunks,
                                         const PngOptions& options) {
  for (const Chunk& chunk : chunks) {
    if (chunk.data.size() > PNG_UINT_31_MAX) {
      return absl::InvalidArgumentError(absl::StrCat(
          "a ", chunk.type, " chunk of ", chunk.data.size(), " bytes is over the PNG limit"));
    }
  }
  Header header;
  WriteJob job;
  job.chunks = chunks.data();
  job.chunk_count = chunks.size();
  return Run(layout, options, header, job);
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
  return png_detail::WriteImage({picture.width, picture.height, &palette, choice.slot}, pixels,
                                options);
}

absl::StatusOr<EncodedImage> EncodeRgbaPng(const RgbaPicture& picture, const PngOptions& options) {
  if (absl::Status s = CheckPicture(picture); !s.ok()) return s;
  return png_detail::WriteImage({picture.width, picture.height, nullptr, -1}, picture.rgba,
                                options);
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
