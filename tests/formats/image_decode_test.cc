#include "formats/image/image_decode.h"

#include <gif_lib.h>
#include <gtest/gtest.h>
#include <png.h>
#include <zlib.h>

#include <csetjmp>
#include <cstring>
#include <random>
#include <vector>

#include "absl/strings/match.h"
#include "formats/image/gif_encode.h"
#include "formats/image/png_encode.h"
#include "tests/support/decode_image.h"

namespace kbot::image {
namespace {

using testing::DistinctPalette;
using testing::PictureFromCells;
using Kind = DecodedImage::Kind;

const palette::Palette& Pal() {
  static const palette::Palette pal = DistinctPalette();
  return pal;
}

// ------------------------------------------------------------ PNG writing
// Straight libpng writes, so the inputs cover colour types and bit depths the
// project's own encoders never produce.

struct PngSpec {
  int width = 0, height = 0;
  int color_type = PNG_COLOR_TYPE_PALETTE;
  int bit_depth = 8;
  bool interlace = false;
  std::vector<png_color> plte;
  std::vector<png_byte> trns;  // palette images
  bool has_trns_color = false;
  png_color_16 trns_color = {};            // grey / RGB images
  std::vector<std::vector<uint8_t>> rows;  // packed, as stored (16-bit big-endian)
};

void OnWrite(png_structp png, png_bytep data, size_t length) {
  auto* out = static_cast<std::vector<uint8_t>*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + length);
}
void OnFlush(png_structp) {}
void OnError(png_structp png, png_const_charp) { png_longjmp(png, 1); }
void OnWarning(png_structp, png_const_charp) {}

// The only frame that calls setjmp; everything it touches outlives it.
bool RunWrite(const PngSpec* spec, png_bytepp rows, std::vector<uint8_t>* out) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, OnError, OnWarning);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, out, OnWrite, OnFlush);
  png_set_IHDR(png, info, png_uint_32(spec->width), png_uint_32(spec->height), spec->bit_depth,
               spec->color_type, spec->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  if (!spec->plte.empty()) png_set_PLTE(png, info, spec->plte.data(), int(spec->plte.size()));
  if (!spec->trns.empty()) {
    png_set_tRNS(png, info, spec->trns.data(), int(spec->trns.size()), nullptr);
  }
  if (spec->has_trns_color) png_set_tRNS(png, info, nullptr, 0, &spec->trns_color);
  png_write_info(png, info);
  if (spec->interlace) png_set_interlace_handling(png);
  png_write_image(png, rows);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

std::vector<uint8_t> WritePng(PngSpec spec) {
  std::vector<png_bytep> rows;
  for (auto& row : spec.rows) rows.push_back(row.data());
  std::vector<uint8_t> out;
  EXPECT_TRUE(RunWrite(&spec, rows.data(), &out));
  return out;
}

// Packs one row of `bits`-bit samples, first sample in the high bits.
std::vector<uint8_t> Pack(const std::vector<int>& samples, int bits) {
  std::vector<uint8_t> row((samples.size() * size_t(bits) + 7) / 8, 0);
  for (size_t i = 0; i < samples.size(); ++i) {
    const size_t bit = i * size_t(bits);
    row[bit / 8] |= uint8_t(samples[i] << (8 - bits - int(bit % 8)));
  }
  return row;
}

void Be16(std::vector<uint8_t>& row, int v) {
  row.push_back(uint8_t(v >> 8));
  row.push_back(uint8_t(v));
}

std::vector<png_color> RampPalette(int n) {
  std::vector<png_color> plte;
  for (int i = 0; i < n; ++i) plte.push_back({uint8_t(10 * i), uint8_t(200 - i), uint8_t(i * 7)});
  return plte;
}

DecodedImage MustDecodePng(const std::vector<uint8_t>& bytes) {
  absl::StatusOr<DecodedImage> d = DecodePngFile(bytes, "t.png");
  EXPECT_TRUE(d.ok()) << d.status();
  return d.ok() ? *d : DecodedImage{};
}

void ExpectRgba(const DecodedImage& d, int x, int y, int r, int g, int b, int a) {
  ASSERT_EQ(d.kind, Kind::kRgba);
  ASSERT_EQ(d.rgba.size(), size_t(d.width) * size_t(d.height) * 4);
  const uint8_t* p = &d.rgba[(size_t(y) * size_t(d.width) + size_t(x)) * 4];
  EXPECT_EQ(p[0], r) << "pixel " << x << "," << y;
  EXPECT_EQ(p[1], g) << "pixel " << x << "," << y;
  EXPECT_EQ(p[2], b) << "pixel " << x << "," << y;
  EXPECT_EQ(p[3], a) << "pixel " << x << "," << y;
}

// A small indexed PNG from the project's encoder, used by the error tests.
std::vector<uint8_t> SmallPng() {
  IndexedPicture p = PictureFromCells(4, 3, 0, {1, 2, 3, -1, 5, 6, 7, 8, -1, 10, 11, 12});
  absl::StatusOr<EncodedImage> png = EncodeIndexedPng(p, Pal());
  EXPECT_TRUE(png.ok()) << png.status();
  return png.ok() ? *png : EncodedImage{};
}

// ------------------------------------------------------------ PNG tests

TEST(DecodePng, IndexedFromOwnEncoderKeepsIndicesAndTransparency) {
  const std::vector<int> cells = {0, 1, 255, -1, 7, -1, 200, 3, 3, 128, -1, 42};
  IndexedPicture p = PictureFromCells(4, 3, 9, cells);
  absl::StatusOr<EncodedImage> png = EncodeIndexedPng(p, Pal());
  ASSERT_TRUE(png.ok()) << png.status();
  DecodedImage d = MustDecodePng(*png);
  ASSERT_EQ(d.kind, Kind::kIndexed);
  ASSERT_EQ(d.width, 4);
  ASSERT_EQ(d.height, 3);
  ASSERT_EQ(d.palette.size(), 256u);
  for (int i = 0; i < 256; ++i) EXPECT_EQ(d.palette[size_t(i)], Pal().colors[size_t(i)]);
  ASSERT_EQ(d.index.size(), 12u);
  ASSERT_EQ(d.opaque.size(), 12u);
  EXPECT_TRUE(d.rgba.empty());
  for (size_t i = 0; i < cells.size(); ++i) {
    EXPECT_EQ(d.opaque[i], cells[i] >= 0 ? 1 : 0) << "pixel " << i;
    if (cells[i] >= 0) {
      EXPECT_EQ(d.index[i], cells[i]) << "pixel " << i;
    }
  }
}

TEST(DecodePng, RgbaFromOwnEncoderIsExact) {
  RgbaPicture p(3, 2);
  for (size_t i = 0; i < p.rgba.size(); ++i) p.rgba[i] = uint8_t(i * 11 + 3);
  absl::StatusOr<EncodedImage> png = EncodeRgbaPng(p);
  ASSERT_TRUE(png.ok()) << png.status();
  DecodedImage d = MustDecodePng(*png);
  ASSERT_EQ(d.kind, Kind::kRgba);
  EXPECT_EQ(d.width, 3);
  EXPECT_EQ(d.height, 2);
  EXPECT_EQ(d.rgba, p.rgba);
  EXPECT_TRUE(d.index.empty());
}

TEST(DecodePng, LowBitDepthPalettesWidenToOneIndexAByte) {
  for (int bits : {1, 2, 4}) {
    SCOPED_TRACE(bits);
    const int colours = 1 << bits;
    PngSpec spec;
    spec.width = 5;  // odd: the last byte of a row is partly padding
    spec.height = 3;
    spec.bit_depth = bits;
    spec.plte = RampPalette(colours);
    std::vector<int> expected;
    for (int y = 0; y < spec.height; ++y) {
      std::vector<int> row;
      for (int x = 0; x < spec.width; ++x) row.push_back((x * 3 + y * 5) % colours);
      expected.insert(expected.end(), row.begin(), row.end());
      spec.rows.push_back(Pack(row, bits));
    }
    DecodedImage d = MustDecodePng(WritePng(spec));
    ASSERT_EQ(d.kind, Kind::kIndexed);
    ASSERT_EQ(d.index.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
      EXPECT_EQ(d.index[i], expected[i]) << "pixel " << i;
      EXPECT_EQ(d.opaque[i], 1) << "pixel " << i;  // no tRNS: all drawn
    }
    ASSERT_EQ(d.palette.size(), size_t(colours));
    for (int i = 0; i < colours; ++i) {
      EXPECT_EQ(d.palette[size_t(i)],
                (palette::Rgb{spec.plte[size_t(i)].red, spec.plte[size_t(i)].green,
                              spec.plte[size_t(i)].blue}));
    }
  }
}

TEST(DecodePng, TrnsShorterThanThePaletteLeavesTheRestOpaque) {
  PngSpec spec;
  spec.width = 8;
  spec.height = 1;
  spec.plte = RampPalette(8);
  // Index 1 is clear; index 2 is half-transparent, which counts as drawn;
  // indices 3..7 are past the tRNS and opaque.
  spec.trns = {255, 0, 128};
  spec.rows = {{0, 1, 2, 3, 4, 5, 6, 7}};
  DecodedImage d = MustDecodePng(WritePng(spec));
  ASSERT_EQ(d.kind, Kind::kIndexed);
  EXPECT_EQ(d.index, (std::vector<uint8_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(d.opaque, (std::vector<uint8_t>{1, 0, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(d.palette.size(), 8u);
}

// libpng only warns about an index past PLTE; the index is the file's truth
// (gaf build maps indices, not colours), so it is kept, and a caller that
// looks colours up must check it against palette.size().
TEST(DecodePng, IndexPastTheShortPaletteIsKept) {
  PngSpec spec;
  spec.width = 4;
  spec.height = 1;
  spec.bit_depth = 2;
  spec.plte = RampPalette(2);
  spec.rows = {Pack({0, 1, 2, 3}, 2)};
  DecodedImage d = MustDecodePng(WritePng(spec));
  ASSERT_EQ(d.kind, Kind::kIndexed);
  EXPECT_EQ(d.palette.size(), 2u);
  EXPECT_EQ(d.index, (std::vector<uint8_t>{0, 1, 2, 3}));
  EXPECT_EQ(d.opaque, (std::vector<uint8_t>{1, 1, 1, 1}));
}

TEST(DecodePng, GreyBecomesRgba) {
  PngSpec spec;
  spec.width = 3;
  spec.height = 2;
  spec.color_type = PNG_COLOR_TYPE_GRAY;
  spec.rows = {{0, 128, 255}, {7, 8, 9}};
  DecodedImage d = MustDecodePng(WritePng(spec));
  ExpectRgba(d, 0, 0, 0, 0, 0, 255);
  ExpectRgba(d, 1, 0, 128, 128, 128, 255);
  ExpectRgba(d, 2, 0, 255, 255, 255, 255);
  ExpectRgba(d, 2, 1, 9, 9, 9, 255);
}

TEST(DecodePng, TwoBitGreyWithTrnsScalesAndClearsTheKey) {
  PngSpec spec;
  spec.width = 4;
  spec.height = 1;
  spec.color_type = PNG_COLOR_TYPE_GRAY;
  spec.bit_depth = 2;
  spec.has_trns_color = true;
  spec.trns_color.gray = 2;
  spec.rows = {Pack({0, 1, 2, 3}, 2)};
  DecodedImage d = MustDecodePng(WritePng(spec));
  ExpectRgba(d, 0, 0, 0, 0, 0, 255);
  ExpectRgba(d, 1, 0, 85, 85, 85, 255);
  ExpectRgba(d, 2, 0, 170, 170, 170, 0);
  ExpectRgba(d, 3, 0, 255, 255, 255, 255);
}

TEST(DecodePng, GreyAlphaKeepsAlpha) {
  PngSpec spec;
  spec.width = 2;
  spec.height = 1;
  spec.color_type = PNG_COLOR_TYPE_GRAY_ALPHA;
  spec.rows = {{50, 0, 60, 200}};
  DecodedImage d = MustDecodePng(WritePng(spec));
  ExpectRgba(d, 0, 0, 50, 50, 50, 0);
  ExpectRgba(d, 1, 0, 60, 60, 60, 200);
}

TEST(DecodePng, Rgb16KeepsTheHighBytesAndItsTrnsColour) {
  PngSpec spec;
  spec.width = 3;
  spec.height = 1;
  spec.color_type = PNG_COLOR_TYPE_RGB;
  spec.bit_depth = 16;
  spec.has_trns_color = true;
  spec.trns_color.red = 0x1234;
  spec.trns_color.green = 0x5678;
  spec.trns_color.blue = 0x9abc;
  std::vector<uint8_t> row;
  for (int v : {0xff00, 0x0001, 0x80ff}) Be16(row, v);
  for (int v : {0x1234, 0x5678, 0x9abc}) Be16(row, v);  // the tRNS colour exactly
  for (int v : {0x1234, 0x5678, 0x9abd}) Be16(row, v);  // one off in the low byte: opaque
  spec.rows = {row};
  DecodedImage d = MustDecodePng(WritePng(spec));
  ExpectRgba(d, 0, 0, 0xff, 0x00, 0x80, 255);
  ExpectRgba(d, 1, 0, 0x12, 0x56, 0x9a, 0);
  ExpectRgba(d, 2, 0, 0x12, 0x56, 0x9a, 255);
}

TEST(DecodePng, Rgba16KeepsTheHighBytes) {
  PngSpec spec;
  spec.width = 1;
  spec.height = 1;
  spec.color_type = PNG_COLOR_TYPE_RGB_ALPHA;
  spec.bit_depth = 16;
  std::vector<uint8_t> row;
  for (int v : {0x0102, 0x0304, 0x0506, 0x7f08}) Be16(row, v);
  spec.rows = {row};
  DecodedImage d = MustDecodePng(WritePng(spec));
  ExpectRgba(d, 0, 0, 1, 3, 5, 0x7f);
}

TEST(DecodePng, InterlacedRgbIsDeinterlaced) {
  // 13 x 11: every Adam7 pass has pixels, and none fills its rows evenly.
  PngSpec spec;
  spec.width = 13;
  spec.height = 11;
  spec.color_type = PNG_COLOR_TYPE_RGB;
  spec.interlace = true;
  for (int y = 0; y < spec.height; ++y) {
    std::vector<uint8_t> row;
    for (int x = 0; x < spec.width; ++x) row.insert(row.end(), {uint8_t(x), uint8_t(y), 77});
    spec.rows.push_back(row);
  }
  DecodedImage d = MustDecodePng(WritePng(spec));
  ASSERT_EQ(d.width, 13);
  ASSERT_EQ(d.height, 11);
  for (int y = 0; y < 11; ++y) {
    for (int x = 0; x < 13; ++x) ExpectRgba(d, x, y, x, y, 77, 255);
  }
}

TEST(DecodePng, InterlacedFourBitPaletteIsDeinterlaced) {
  PngSpec spec;
  spec.width = 9;
  spec.height = 10;
  spec.bit_depth = 4;
  spec.interlace = true;
  spec.plte = RampPalette(16);
  spec.trns = {255, 255, 0};
  std::vector<int> expected;
  for (int y = 0; y < spec.height; ++y) {
    std::vector<int> row;
    for (int x = 0; x < spec.width; ++x) row.push_back((x + 2 * y) % 16);
    expected.insert(expected.end(), row.begin(), row.end());
    spec.rows.push_back(Pack(row, 4));
  }
  DecodedImage d = MustDecodePng(WritePng(spec));
  ASSERT_EQ(d.kind, Kind::kIndexed);
  ASSERT_EQ(d.index.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(d.index[i], expected[i]) << "pixel " << i;
    EXPECT_EQ(d.opaque[i], expected[i] == 2 ? 0 : 1) << "pixel " << i;
  }
}

TEST(DecodePng, ApngReadsAsItsDefaultImage) {
  IndexedAnimation a;
  a.width = 3;
  a.height = 2;
  a.frames = {PictureFromCells(3, 2, 0, {1, 2, 3, -1, 5, 6}),
              PictureFromCells(3, 2, 0, {9, 9, 9, 9, 9, 9})};
  a.ticks = {1, 1};
  absl::StatusOr<EncodedImage> apng = EncodeIndexedApng(a, Pal());
  ASSERT_TRUE(apng.ok()) << apng.status();
  DecodedImage d = MustDecodePng(*apng);
  ASSERT_EQ(d.kind, Kind::kIndexed);
  EXPECT_EQ(d.opaque, (std::vector<uint8_t>{1, 1, 1, 0, 1, 1}));
  const std::vector<uint8_t> drawn = {d.index[0], d.index[1], d.index[2], d.index[4], d.index[5]};
  EXPECT_EQ(drawn, (std::vector<uint8_t>{1, 2, 3, 5, 6}));
}

// ------------------------------------------------------------ PNG errors

TEST(DecodePngErrors, EveryTruncationIsAnError) {
  const std::vector<uint8_t> png = SmallPng();
  ASSERT_FALSE(png.empty());
  ASSERT_TRUE(DecodePngFile(png, "t.png").ok());
  for (size_t n = 0; n < png.size(); ++n) {
    absl::StatusOr<DecodedImage> d = DecodePngFile(Bytes(png.data(), n), "cut.png");
    ASSERT_FALSE(d.ok()) << "prefix of " << n << " bytes decoded";
    EXPECT_TRUE(absl::StartsWith(d.status().message(), "cut.png: ")) << d.status();
  }
}

TEST(DecodePngErrors, CorruptCrcInACriticalChunk) {
  std::vector<uint8_t> png = SmallPng();
  ASSERT_GT(png.size(), 33u);
  png[29] ^= 0x01;  // IHDR's CRC: 8 signature + 4 length + 4 type + 13 data
  absl::StatusOr<DecodedImage> d = DecodePngFile(png, "crc.png");
  ASSERT_FALSE(d.ok());
  EXPECT_TRUE(absl::StrContains(d.status().message(), "crc.png: not a PNG: ")) << d.status();
  EXPECT_TRUE(absl::StrContains(d.status().message(), "CRC")) << d.status();
}

void PutChunk(std::vector<uint8_t>& out, const char* type, const std::vector<uint8_t>& data) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(data.size() >> s));
  const size_t type_at = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  const uint32_t crc = uint32_t(crc32(0, &out[type_at], uInt(4 + data.size())));
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(crc >> s));
}

// A header claiming `width` x `height` RGBA, then an IDAT with no pixels:
// png_read_info stops at the IDAT, so only the size check can refuse it.
std::vector<uint8_t> HeaderOnlyPng(uint32_t width, uint32_t height) {
  std::vector<uint8_t> out = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};
  std::vector<uint8_t> ihdr;
  for (uint32_t v : {width, height}) {
    for (int s = 24; s >= 0; s -= 8) ihdr.push_back(uint8_t(v >> s));
  }
  ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});  // 8-bit RGBA, no interlace
  PutChunk(out, "IHDR", ihdr);
  PutChunk(out, "IDAT", {0x78, 0x9c});
  PutChunk(out, "IEND", {});
  return out;
}

TEST(DecodePngErrors, HugeImageIsRefusedFromItsHeader) {
  absl::StatusOr<DecodedImage> d = DecodePngFile(HeaderOnlyPng(100000, 100000), "big.png");
  ASSERT_FALSE(d.ok());
  EXPECT_TRUE(absl::StrContains(d.status().message(), "big.png: 100000 x 100000")) << d.status();
  EXPECT_TRUE(absl::StrContains(d.status().message(), "limit")) << d.status();
}

TEST(DecodePngErrors, SideOverTheUserLimitIsRefusedByLibpng) {
  absl::StatusOr<DecodedImage> d = DecodePngFile(HeaderOnlyPng(70000000, 1), "wide.png");
  ASSERT_FALSE(d.ok());
  EXPECT_TRUE(absl::StrContains(d.status().message(), "wide.png: not a PNG: ")) << d.status();
  EXPECT_TRUE(absl::StrContains(d.status().message(), "user limit")) << d.status();
}

TEST(DecodePngErrors, EmptyAndRandomBytes) {
  EXPECT_FALSE(DecodePngFile({}, "e.png").ok());
  std::mt19937 rng(1234);
  const std::vector<uint8_t> good = SmallPng();
  for (int round = 0; round < 300; ++round) {
    std::vector<uint8_t> bytes(size_t(rng() % 200));
    for (uint8_t& b : bytes) b = uint8_t(rng());
    EXPECT_FALSE(DecodePngFile(bytes, "r.png").ok());
    // Behind a real signature and header, so libpng gets further in.
    std::vector<uint8_t> mangled = good;
    for (int k = 0; k < 3; ++k) mangled[33 + rng() % (mangled.size() - 33)] = uint8_t(rng());
    (void)DecodePngFile(mangled, "m.png");  // may or may not decode; must not crash
  }
}

// ------------------------------------------------------------ GIF writing

struct GifImageSpec {
  int left = 0, top = 0, width = 0, height = 0;
  bool interlace = false;
  std::vector<GifColorType> local;
  int transparent = -1;                         // -2: no control block at all
  std::vector<std::vector<uint8_t>> file_rows;  // in the order they are stored
};

int WriteGifBytes(GifFileType* gif, const GifByteType* data, int length) {
  auto* out = static_cast<std::vector<uint8_t>*>(gif->UserData);
  out->insert(out->end(), data, data + length);
  return length;
}

std::vector<GifColorType> GifColours(int n, int seed) {
  std::vector<GifColorType> map;
  for (int i = 0; i < n; ++i) {
    map.push_back({uint8_t(i * 3 + seed), uint8_t(255 - i), uint8_t(seed)});
  }
  return map;
}

std::vector<uint8_t> WriteGif(int screen_w, int screen_h, const std::vector<GifColorType>& global,
                              const std::vector<GifImageSpec>& images) {
  std::vector<uint8_t> out;
  int error = 0;
  GifFileType* gif = EGifOpen(&out, WriteGifBytes, &error);
  EXPECT_NE(gif, nullptr);
  if (gif == nullptr) return out;
  EGifSetGifVersion(gif, true);
  ColorMapObject* gmap =
      global.empty() ? nullptr : GifMakeMapObject(int(global.size()), global.data());
  EXPECT_EQ(EGifPutScreenDesc(gif, screen_w, screen_h, 8, 0, gmap), GIF_OK);
  for (const GifImageSpec& im : images) {
    if (im.transparent != -2) {
      GraphicsControlBlock gcb = {};
      gcb.TransparentColor = im.transparent;
      GifByteType ext[4];
      EGifGCBToExtension(&gcb, ext);
      EXPECT_EQ(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext), GIF_OK);
    }
    ColorMapObject* lmap =
        im.local.empty() ? nullptr : GifMakeMapObject(int(im.local.size()), im.local.data());
    EXPECT_EQ(EGifPutImageDesc(gif, im.left, im.top, im.width, im.height, im.interlace, lmap),
              GIF_OK);
    for (const auto& row : im.file_rows) {
      std::vector<uint8_t> copy = row;
      EXPECT_EQ(EGifPutLine(gif, copy.data(), int(copy.size())), GIF_OK);
    }
    GifFreeMapObject(lmap);
  }
  EXPECT_EQ(EGifCloseFile(gif, &error), GIF_OK);
  GifFreeMapObject(gmap);
  return out;
}

DecodedImage MustDecodeGif(const std::vector<uint8_t>& bytes) {
  absl::StatusOr<DecodedImage> d = DecodeGifFile(bytes, "t.gif");
  EXPECT_TRUE(d.ok()) << d.status();
  return d.ok() ? *d : DecodedImage{};
}

std::vector<palette::Rgb> ToRgb(const std::vector<GifColorType>& map) {
  std::vector<palette::Rgb> out;
  for (const GifColorType& c : map) out.push_back({c.Red, c.Green, c.Blue});
  return out;
}

// ------------------------------------------------------------ GIF tests

TEST(DecodeGif, FirstFrameFromOwnEncoder) {
  const std::vector<int> cells = {4, -1, 6, 7, 200, -1};
  IndexedAnimation a;
  a.width = 3;
  a.height = 2;
  a.frames = {PictureFromCells(3, 2, 0, cells), PictureFromCells(3, 2, 0, {1, 1, 1, 1, 1, 1})};
  a.ticks = {2, 2};
  absl::StatusOr<std::vector<uint8_t>> gif = EncodeGif(a, Pal());
  ASSERT_TRUE(gif.ok()) << gif.status();
  DecodedImage d = MustDecodeGif(*gif);
  ASSERT_EQ(d.kind, Kind::kIndexed);
  ASSERT_EQ(d.width, 3);
  ASSERT_EQ(d.height, 2);
  ASSERT_EQ(d.palette.size(), 256u);
  EXPECT_EQ(d.palette[200], Pal().colors[200]);
  for (size_t i = 0; i < cells.size(); ++i) {
    EXPECT_EQ(d.opaque[i], cells[i] >= 0 ? 1 : 0) << "pixel " << i;
    if (cells[i] >= 0) {
      EXPECT_EQ(d.index[i], cells[i]) << "pixel " << i;
    }
  }
}

TEST(DecodeGif, LocalMapAndOffsetInsideABiggerScreen) {
  GifImageSpec im;
  im.left = 2;
  im.top = 1;
  im.width = 3;
  im.height = 2;
  im.local = GifColours(8, 50);
  im.transparent = 3;
  im.file_rows = {{1, 3, 5}, {7, 0, 3}};
  DecodedImage d = MustDecodeGif(WriteGif(6, 4, GifColours(4, 9), {im}));
  ASSERT_EQ(d.kind, Kind::kIndexed);
  ASSERT_EQ(d.width, 6);
  ASSERT_EQ(d.height, 4);
  EXPECT_EQ(d.palette, ToRgb(im.local));  // the local map wins over the global one
  // Outside the image: the transparent index, not drawn.
  const std::vector<uint8_t> index = {3, 3, 3, 3, 3, 3,  //
                                      3, 3, 1, 3, 5, 3,  //
                                      3, 3, 7, 0, 3, 3,  //
                                      3, 3, 3, 3, 3, 3};
  const std::vector<uint8_t> opaque = {0, 0, 0, 0, 0, 0,  //
                                       0, 0, 1, 0, 1, 0,  //
                                       0, 0, 1, 1, 0, 0,  //
                                       0, 0, 0, 0, 0, 0};
  EXPECT_EQ(d.index, index);
  EXPECT_EQ(d.opaque, opaque);
}

TEST(DecodeGif, ImageOverhangingTheScreenIsClippedAndGlobalMapUsed) {
  GifImageSpec im;
  im.left = 2;
  im.top = 1;
  im.width = 3;
  im.height = 3;
  im.transparent = -2;  // no control block: nothing transparent, outside is index 0
  im.file_rows = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  const std::vector<GifColorType> global = GifColours(16, 1);
  DecodedImage d = MustDecodeGif(WriteGif(4, 3, global, {im}));
  ASSERT_EQ(d.width, 4);
  ASSERT_EQ(d.height, 3);
  EXPECT_EQ(d.palette, ToRgb(global));
  EXPECT_EQ(d.index, (std::vector<uint8_t>{0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 4, 5}));
  EXPECT_EQ(d.opaque, (std::vector<uint8_t>{0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1}));
}

TEST(DecodeGif, InterlacedRowsAreReordered) {
  const int w = 3, h = 11;
  GifImageSpec im;
  im.width = w;
  im.height = h;
  im.interlace = true;
  im.transparent = 15;
  // Pixel (x, y) = y, except x == 1 on row 5 is the transparent index.
  for (auto [start, step] : {std::pair{0, 8}, {4, 8}, {2, 4}, {1, 2}}) {
    for (int y = start; y < h; y += step) {
      std::vector<uint8_t> row(static_cast<size_t>(w), static_cast<uint8_t>(y));
      if (y == 5) row[1] = 15;
      im.file_rows.push_back(row);
    }
  }
  const std::vector<uint8_t> gif = WriteGif(w, h, GifColours(16, 2), {im});
  DecodedImage d = MustDecodeGif(gif);
  ASSERT_EQ(d.index.size(), size_t(w * h));
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const size_t i = size_t(y * w + x);
      const bool clear = y == 5 && x == 1;
      EXPECT_EQ(d.index[i], clear ? 15 : y) << x << "," << y;
      EXPECT_EQ(d.opaque[i], clear ? 0 : 1) << x << "," << y;
    }
  }
  // The reference reader (DGifSlurp) agrees.
  absl::StatusOr<testing::DecodedGif> ref = testing::DecodeGif(gif);
  ASSERT_TRUE(ref.ok()) << ref.status();
  ASSERT_EQ(ref->frames.size(), 1u);
  EXPECT_EQ(ref->frames[0].index, d.index);
}

TEST(DecodeGif, NoColourMapIsAnError) {
  // Written by hand: giflib's writer refuses an image without any map.
  const std::vector<uint8_t> gif = {
      'G',  'I', 'F',  '8',  '9', 'a', 1, 0, 1, 0,    0x00, 0, 0,  // 1 x 1 screen, no global map
      0x2c, 0,   0,    0,    0,   1,   0, 1, 0, 0x00,              // 1 x 1 image, no local map
      2,    2,   0x44, 0x01, 0,                                    // LZW: clear, 0, end
      0x3b};
  absl::StatusOr<DecodedImage> d = DecodeGifFile(gif, "nomap.gif");
  ASSERT_FALSE(d.ok());
  EXPECT_TRUE(absl::StartsWith(d.status().message(), "nomap.gif: ")) << d.status();
  EXPECT_TRUE(absl::StrContains(d.status().message(), "colour table")) << d.status();
}

TEST(DecodeGifErrors, HugeScreenIsRefused) {
  // Header and logical screen descriptor only: 65535 x 65535.
  const std::vector<uint8_t> gif = {'G', 'I', 'F', '8', '9', 'a', 0xff, 0xff, 0xff, 0xff, 0, 0, 0};
  absl::StatusOr<DecodedImage> d = DecodeGifFile(gif, "big.gif");
  ASSERT_FALSE(d.ok());
  EXPECT_TRUE(absl::StrContains(d.status().message(), "big.gif: 65535 x 65535")) << d.status();
}

TEST(DecodeGifErrors, EveryTruncationBeforeTheTrailerIsAnError) {
  GifImageSpec im;
  im.width = 5;
  im.height = 4;
  im.transparent = 2;
  for (int y = 0; y < 4; ++y) im.file_rows.push_back({uint8_t(y), 1, 2, 3, uint8_t(y * 2)});
  const std::vector<uint8_t> gif = WriteGif(5, 4, GifColours(8, 3), {im});
  ASSERT_TRUE(DecodeGifFile(gif, "t.gif").ok());
  // The first image is complete once its data ends; the trailer byte is not needed.
  for (size_t n = 0; n + 1 < gif.size(); ++n) {
    absl::StatusOr<DecodedImage> d = DecodeGifFile(Bytes(gif.data(), n), "cut.gif");
    ASSERT_FALSE(d.ok()) << "prefix of " << n << " bytes decoded";
    EXPECT_TRUE(absl::StartsWith(d.status().message(), "cut.gif: ")) << d.status();
  }
}

TEST(DecodeGifErrors, EmptyAndRandomBytes) {
  EXPECT_FALSE(DecodeGifFile({}, "e.gif").ok());
  std::mt19937 rng(99);
  for (int round = 0; round < 300; ++round) {
    std::vector<uint8_t> bytes = {'G', 'I', 'F', '8', '9', 'a'};
    bytes.resize(6 + rng() % 100);
    for (size_t i = 6; i < bytes.size(); ++i) bytes[i] = uint8_t(rng());
    (void)DecodeGifFile(bytes, "r.gif");  // must not crash
  }
  // A real GIF with a few bytes changed: giflib gets into the LZW data.
  GifImageSpec im;
  im.left = 1;
  im.width = 6;
  im.height = 5;
  im.interlace = true;
  im.transparent = 4;
  for (int y = 0; y < 5; ++y) im.file_rows.push_back({uint8_t(y), 1, 2, 3, 4, 5});
  const std::vector<uint8_t> good = WriteGif(6, 5, GifColours(8, 4), {im});
  ASSERT_TRUE(DecodeGifFile(good, "good.gif").ok());
  for (int round = 0; round < 300; ++round) {
    std::vector<uint8_t> mangled = good;
    for (int k = 0; k < 3; ++k) mangled[6 + rng() % (mangled.size() - 6)] = uint8_t(rng());
    (void)DecodeGifFile(mangled, "m.gif");  // may or may not decode; must not crash
  }
}

// ------------------------------------------------------------ by signature

TEST(DecodeImage, PicksTheDecoderBySignature) {
  absl::StatusOr<DecodedImage> png = DecodeImageFile(SmallPng(), "a.png");
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->width, 4);
  GifImageSpec im;
  im.width = 2;
  im.height = 1;
  im.file_rows = {{1, 0}};
  absl::StatusOr<DecodedImage> gif = DecodeImageFile(WriteGif(2, 1, GifColours(2, 0), {im}), "b");
  ASSERT_TRUE(gif.ok()) << gif.status();
  EXPECT_EQ(gif->index, (std::vector<uint8_t>{1, 0}));
}

TEST(DecodeImage, UnknownSignatureNamesTheFirstBytes) {
  const std::vector<uint8_t> bmp = {'B', 'M', 0x00, 0x01, 0x02};
  absl::StatusOr<DecodedImage> d = DecodeImageFile(bmp, "x.bmp");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().message(), "x.bmp: not a PNG or GIF image (starts with 42 4d 00 01)");
  EXPECT_FALSE(DecodeImageFile({}, "empty").ok());
  const std::vector<uint8_t> two = {0x89, 'P'};
  EXPECT_FALSE(DecodeImageFile(two, "short").ok());
}

}  // namespace
}  // namespace kbot::image
