#include "formats/common/byte_writer.h"
#include "tests/support/decode_image.h"

#include <gif_lib.h>
#include <png.h>
#include <zlib.h>

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <memory>

#include "absl/strings/str_cat.h"

namespace kbot::testing {

namespace {

constexpr uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

// libpng state for one read. Trivially destructible: libpng's errors longjmp
// back into the frame that holds it.
struct ReadJob {
  const uint8_t* data = nullptr;
  size_t size = 0;
  size_t pos = 0;
  // Out, after the header is read: sizes for the caller to allocate.
  png_uint_32 width = 0, height = 0;
  int color_type = 0, bit_depth = 0;
  png_color plte[256] = {};
  int plte_count = 0;
  png_byte trns[256] = {};
  int trns_count = 0;
  bool has_trns = false;
  char error[200] = {};
};

void OnError(png_structp png, png_const_charp message) {
  auto* job = static_cast<ReadJob*>(png_get_error_ptr(png));
  std::snprintf(job->error, sizeof job->error, "%s", message);
  png_longjmp(png, 1);
}

void OnWarning(png_structp, png_const_charp) {}

void OnRead(png_structp png, png_bytep out, size_t length) {
  auto* job = static_cast<ReadJob*>(png_get_io_ptr(png));
  if (length > job->size - job->pos) png_error(png, "read past the end of the data");
  std::memcpy(out, job->data + job->pos, length);
  job->pos += length;
}

// Pass 1 (rows == nullptr) reads the header into `job`; pass 2 reads pixels
// into `rows`, one byte a sample for palette images (indices), 4 otherwise.
bool RunRead(ReadJob* job, png_bytepp rows) {
  job->pos = 0;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, job, OnError, OnWarning);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_read_struct(&png, nullptr, nullptr);
    return false;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, nullptr);
    return false;
  }
  png_set_read_fn(png, job, OnRead);
  png_read_info(png, info);
  job->width = png_get_image_width(png, info);
  job->height = png_get_image_height(png, info);
  job->color_type = png_get_color_type(png, info);
  job->bit_depth = png_get_bit_depth(png, info);
  png_colorp plte = nullptr;
  if (png_get_PLTE(png, info, &plte, &job->plte_count) == 0) job->plte_count = 0;
  if (job->plte_count > 0)
    std::memcpy(job->plte, plte, sizeof(png_color) * size_t(job->plte_count));
  png_bytep trns = nullptr;
  job->has_trns = png_get_tRNS(png, info, &trns, &job->trns_count, nullptr) != 0;
  if (job->has_trns && trns != nullptr && job->color_type == PNG_COLOR_TYPE_PALETTE) {
    std::memcpy(job->trns, trns, size_t(std::min(job->trns_count, 256)));
  }
  if (rows != nullptr) {
    if (job->color_type == PNG_COLOR_TYPE_PALETTE) {
      png_set_packing(png);  // sub-byte depths to one index a byte
    } else {
      png_set_expand(png);
      png_set_strip_16(png);
      png_set_gray_to_rgb(png);
      png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    png_read_image(png, rows);
    png_read_end(png, nullptr);
  }
  png_destroy_read_struct(&png, &info, nullptr);
  return true;
}

void PutChunk(std::vector<uint8_t>& out, const std::string& type, std::span<const uint8_t> data) {
  AppendU32BigEndian(out, uint32_t(data.size()));
  const size_t crc_from = out.size();
  out.insert(out.end(), type.begin(), type.end());
  out.insert(out.end(), data.begin(), data.end());
  const uLong crc = crc32(0L, out.data() + crc_from, uInt(out.size() - crc_from));
  AppendU32BigEndian(out, uint32_t(crc));
}

}  // namespace

uint32_t Be32(const uint8_t* p) {
  return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | p[3];
}
uint16_t Be16(const uint8_t* p) { return uint16_t((p[0] << 8) | p[1]); }

absl::StatusOr<DecodedPng> DecodePng(std::span<const uint8_t> bytes) {
  auto job = std::make_unique<ReadJob>();
  job->data = bytes.data();
  job->size = bytes.size();
  if (!RunRead(job.get(), nullptr))
    return absl::InvalidArgumentError(absl::StrCat("libpng: ", job->error));
  DecodedPng out;
  out.width = int(job->width);
  out.height = int(job->height);
  out.color_type = job->color_type;
  out.bit_depth = job->bit_depth;
  const bool palette = job->color_type == PNG_COLOR_TYPE_PALETTE;
  const size_t stride = size_t(job->width) * (palette ? 1 : 4);
  std::vector<uint8_t> pixels(stride * job->height);
  std::vector<png_bytep> rows(job->height);
  for (size_t y = 0; y < rows.size(); ++y) rows[y] = pixels.data() + y * stride;
  if (!RunRead(job.get(), rows.data()))
    return absl::InvalidArgumentError(absl::StrCat("libpng: ", job->error));

  if (!palette) {
    out.rgba = std::move(pixels);
    return out;
  }
  for (int i = 0; i < job->plte_count; ++i) {
    out.plte.insert(out.plte.end(), {job->plte[i].red, job->plte[i].green, job->plte[i].blue});
  }
  out.has_trns = job->has_trns;
  if (job->has_trns) out.trns.assign(job->trns, job->trns + job->trns_count);
  out.index = std::move(pixels);
  out.rgba.resize(out.index.size() * 4);
  for (size_t i = 0; i < out.index.size(); ++i) {
    const uint8_t k = out.index[i];
    if (k >= out.plte_entries())
      return absl::InvalidArgumentError(absl::StrCat("pixel ", i, " index ", k, " is past PLTE"));
    std::memcpy(&out.rgba[i * 4], &out.plte[size_t(k) * 3], 3);
    out.rgba[i * 4 + 3] = k < out.trns.size() ? out.trns[k] : 255;
  }
  return out;
}

absl::StatusOr<std::vector<PngChunk>> ParsePngChunks(std::span<const uint8_t> bytes) {
  if (bytes.size() < 8 || std::memcmp(bytes.data(), kSignature, 8) != 0) {
    return absl::InvalidArgumentError("no PNG signature");
  }
  std::vector<PngChunk> chunks;
  size_t pos = 8;
  while (pos < bytes.size()) {
    if (bytes.size() - pos < 12)
      return absl::InvalidArgumentError(absl::StrCat("truncated chunk at ", pos));
    const uint32_t length = Be32(&bytes[pos]);
    if (length > bytes.size() - pos - 12)
      return absl::InvalidArgumentError(absl::StrCat("chunk at ", pos, " runs past the end"));
    const uint8_t* type = &bytes[pos + 4];
    const uint32_t stored = Be32(type + 4 + length);
    const uint32_t computed = uint32_t(crc32(0L, type, uInt(4 + length)));
    PngChunk chunk;
    chunk.type.assign(reinterpret_cast<const char*>(type), 4);
    if (stored != computed)
      return absl::InvalidArgumentError(
          absl::StrCat(chunk.type, " chunk at ", pos, " has a bad CRC"));
    chunk.data.assign(type + 4, type + 4 + length);
    chunks.push_back(std::move(chunk));
    pos += 12 + length;
  }
  return chunks;
}

absl::StatusOr<DecodedApng> DecodeApngFrames(std::span<const uint8_t> bytes) {
  absl::StatusOr<std::vector<PngChunk>> chunks = ParsePngChunks(bytes);
  if (!chunks.ok()) return chunks.status();
  if (chunks->empty() || chunks->front().type != "IHDR" || chunks->front().data.size() != 13) {
    return absl::InvalidArgumentError("first chunk is not IHDR");
  }
  DecodedApng out;
  bool have_actl = false;
  // Chunks before the image data that every frame's PNG needs.
  std::vector<const PngChunk*> shared;
  struct Pending {
    ApngFrame frame;
    std::vector<uint8_t> data;
  };
  std::vector<Pending> pending;
  for (size_t i = 1; i < chunks->size(); ++i) {
    const PngChunk& c = (*chunks)[i];
    if (c.type == "acTL") {
      if (c.data.size() != 8) return absl::InvalidArgumentError("acTL is not 8 bytes");
      have_actl = true;
      out.num_frames = Be32(&c.data[0]);
      out.num_plays = Be32(&c.data[4]);
    } else if (c.type == "PLTE" || c.type == "tRNS") {
      shared.push_back(&c);
    } else if (c.type == "fcTL") {
      if (c.data.size() != 26) return absl::InvalidArgumentError("fcTL is not 26 bytes");
      ApngFrame f;
      f.sequence = Be32(&c.data[0]);
      f.width = Be32(&c.data[4]);
      f.height = Be32(&c.data[8]);
      f.x = Be32(&c.data[12]);
      f.y = Be32(&c.data[16]);
      f.delay_num = Be16(&c.data[20]);
      f.delay_den = Be16(&c.data[22]);
      f.dispose_op = c.data[24];
      f.blend_op = c.data[25];
      pending.push_back({f, {}});
    } else if (c.type == "IDAT") {
      // IDAT before any fcTL is a default image that is not a frame.
      if (!pending.empty())
        pending.back().data.insert(pending.back().data.end(), c.data.begin(), c.data.end());
    } else if (c.type == "fdAT") {
      if (pending.empty() || c.data.size() < 4)
        return absl::InvalidArgumentError("fdAT before any fcTL");
      pending.back().data.insert(pending.back().data.end(), c.data.begin() + 4, c.data.end());
    }
  }
  if (!have_actl) return absl::InvalidArgumentError("no acTL: not an APNG");
  for (Pending& p : pending) {
    std::vector<uint8_t> png(kSignature, kSignature + 8);
    std::vector<uint8_t> ihdr = chunks->front().data;
    for (int k = 0; k < 4; ++k) {
      ihdr[size_t(k)] = uint8_t(p.frame.width >> (24 - 8 * k));
      ihdr[size_t(4 + k)] = uint8_t(p.frame.height >> (24 - 8 * k));
    }
    PutChunk(png, "IHDR", ihdr);
    for (const PngChunk* c : shared) PutChunk(png, c->type, c->data);
    PutChunk(png, "IDAT", p.data);
    PutChunk(png, "IEND", {});
    absl::StatusOr<DecodedPng> image = DecodePng(png);
    if (!image.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("frame ", out.frames.size(), ": ", image.status().message()));
    }
    p.frame.image = std::move(*image);
    out.frames.push_back(std::move(p.frame));
  }
  return out;
}

namespace {

struct MemoryInput {
  std::span<const uint8_t> bytes;
  size_t pos = 0;
};

int ReadFromMemory(GifFileType* gif, GifByteType* out, int length) {
  auto* in = static_cast<MemoryInput*>(gif->UserData);
  const size_t n = std::min(size_t(length), in->bytes.size() - in->pos);
  std::memcpy(out, in->bytes.data() + in->pos, n);
  in->pos += n;
  return int(n);
}

struct GifCloser {
  void operator()(GifFileType* gif) const { DGifCloseFile(gif, nullptr); }
};

// NETSCAPE2.0 is an application block followed by a continuation whose data
// is {1, count lo, count hi}.
void FindLoop(const ExtensionBlock* blocks, int count, std::optional<int>& loop) {
  for (int i = 0; i + 1 < count; ++i) {
    if (blocks[i].Function == APPLICATION_EXT_FUNC_CODE && blocks[i].ByteCount == 11 &&
        std::memcmp(blocks[i].Bytes, "NETSCAPE2.0", 11) == 0 &&
        blocks[i + 1].Function == CONTINUE_EXT_FUNC_CODE && blocks[i + 1].ByteCount == 3 &&
        blocks[i + 1].Bytes[0] == 1) {
      loop = blocks[i + 1].Bytes[1] | (blocks[i + 1].Bytes[2] << 8);
    }
  }
}

}  // namespace

absl::StatusOr<DecodedGif> DecodeGif(std::span<const uint8_t> bytes) {
  MemoryInput input{bytes};
  int error = 0;
  std::unique_ptr<GifFileType, GifCloser> gif(DGifOpen(&input, ReadFromMemory, &error));
  if (gif == nullptr)
    return absl::InvalidArgumentError(absl::StrCat("giflib: ", GifErrorString(error)));
  if (DGifSlurp(gif.get()) != GIF_OK) {
    return absl::InvalidArgumentError(absl::StrCat("giflib: ", GifErrorString(gif->Error)));
  }
  DecodedGif out;
  if (bytes.size() >= 6) out.version.assign(reinterpret_cast<const char*>(bytes.data()), 6);
  out.width = gif->SWidth;
  out.height = gif->SHeight;
  out.background = gif->SBackGroundColor;
  if (gif->SColorMap != nullptr) {
    for (int i = 0; i < gif->SColorMap->ColorCount; ++i) {
      const GifColorType& c = gif->SColorMap->Colors[i];
      out.global_palette.insert(out.global_palette.end(), {c.Red, c.Green, c.Blue});
    }
  }
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& image = gif->SavedImages[i];
    FindLoop(image.ExtensionBlocks, image.ExtensionBlockCount, out.loop_count);
    GifFrame frame;
    frame.left = image.ImageDesc.Left;
    frame.top = image.ImageDesc.Top;
    frame.width = image.ImageDesc.Width;
    frame.height = image.ImageDesc.Height;
    frame.has_local_map = image.ImageDesc.ColorMap != nullptr;
    frame.index.assign(image.RasterBits,
                       image.RasterBits + size_t(frame.width) * size_t(frame.height));
    GraphicsControlBlock gcb;
    if (DGifSavedExtensionToGCB(gif.get(), i, &gcb) == GIF_OK) {
      // giflib fills defaults when a frame has none; count the real block.
      for (int b = 0; b < image.ExtensionBlockCount; ++b) {
        if (image.ExtensionBlocks[b].Function == GRAPHICS_EXT_FUNC_CODE) frame.has_gcb = true;
      }
      frame.delay = gcb.DelayTime;
      frame.transparent = gcb.TransparentColor;
      frame.disposal = gcb.DisposalMode;
    }
    out.frames.push_back(std::move(frame));
  }
  FindLoop(gif->ExtensionBlocks, gif->ExtensionBlockCount, out.loop_count);
  return out;
}

palette::Palette DistinctPalette() {
  palette::Palette pal;
  for (int i = 0; i < 256; ++i) {
    // i -> (i, 255 - i, i * 37 mod 256) is one-to-one through its red alone.
    pal.colors[size_t(i)] = palette::Rgb{uint8_t(i), uint8_t(255 - i), uint8_t(i * 37)};
  }
  pal.colors[0] = palette::Rgb{0, 0, 0};
  return pal;
}

image::IndexedPicture PictureFromCells(int width, int height, uint8_t key,
                                       const std::vector<int>& cells) {
  image::IndexedPicture picture(width, height, key, 0, key);
  for (size_t i = 0; i < cells.size() && i < picture.pixels(); ++i) {
    if (cells[i] < 0) continue;
    picture.index[i] = uint8_t(cells[i]);
    picture.opaque[i] = 1;
  }
  return picture;
}

}  // namespace kbot::testing
