// PNG export, three pictures by three encoders:
//
//   picture 0  the 640 x 480 indexed scene of gaf_fixtures.h
//   picture 1  the whole benchmark map (gta_fixtures.h BENCH.CMP) drawn by
//              gta::RenderMap at 8 px/cell: 2048 x 2048 RGBA, random tile
//              texels, some cells transparent (what `kbot gta render` writes)
//   picture 2  an opaque 1024 x 768 RGBA picture: smooth gradients with a
//              little noise, like a map region with no empty cells
//
//   encoder 0  the reference: libpng left to its defaults (zlib level 6;
//              adaptive filters for RGBA, none for palette images), on the
//              picture as kbot used to store it (indexed or RGBA)
//   encoder 1  kbot's old encoder, kept here as the in-run baseline: libpng,
//              zlib level 3, no filters, the same colour type
//   encoder 2  image::EncodeIndexedPng / EncodeRgbaPng as they are now
//   encoder 3  the same on one thread (PngOptions::threads = 1)
//
// BM_PngEncode/picture:P/encoder:E, wall time (encoder 2 may use two
// threads); counter "bytes" = the PNG's size. bench_main.cc prints size new /
// reference and time new / old for each picture. BM_PngEncodeLevel: the new
// encoder at each fixed level, pictures 0 and 2.
#include <benchmark/benchmark.h>
#include <png.h>

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "bench/gaf_fixtures.h"
#include "bench/gta_fixtures.h"
#include "formats/gta/cmp.h"
#include "formats/gta/map_render.h"
#include "formats/gta/style.h"
#include "formats/image/png_encode.h"
#include "formats/image/transparent_slot.h"
#include "formats/palette/palette.h"

namespace kbot::bench {
namespace {

// A picture as the old encoder stored it: indexed (with its PLTE and tRNS)
// or RGBA. `rgba` keeps the RGBA picture for the new encoder.
struct Subject {
  int width = 0, height = 0;
  bool indexed = false;
  std::vector<uint8_t> pixels;  // 1 or 4 bytes a pixel
  png_color plte[256] = {};
  png_byte trns[256] = {};
  int trns_count = 0;
  image::IndexedPicture picture;  // picture 0
  image::RgbaPicture rgba;        // pictures 1 and 2
  bool ok = false;
};

Subject SceneSubject() {
  Subject s;
  s.picture = Scene();
  const image::SlotChoice choice = image::ChooseTransparentSlot(std::span(&s.picture, 1));
  if (choice.needs_rgba()) return s;
  image::ApplySlot(s.picture, choice.slot, s.pixels);
  const palette::Palette& pal = palette::TaPalette();
  for (int i = 0; i < 256; ++i) {
    s.plte[i] = png_color{pal.colors[i].r, pal.colors[i].g, pal.colors[i].b};
  }
  for (int i = 0; i < choice.slot; ++i) s.trns[i] = 255;
  if (choice.slot >= 0) s.trns[choice.slot] = 0;
  s.trns_count = choice.slot + 1;
  s.width = s.picture.width;
  s.height = s.picture.height;
  s.indexed = true;
  s.ok = true;
  return s;
}

Subject RgbaSubject(image::RgbaPicture picture) {
  Subject s;
  s.width = picture.width;
  s.height = picture.height;
  s.pixels = picture.rgba;
  s.rgba = std::move(picture);
  s.ok = s.width > 0;
  return s;
}

Subject MapSubject() {
  absl::StatusOr<gta::CityMap> map = gta::ReadCityMap(BenchCmp(), "BENCH.CMP");
  const std::vector<uint8_t> g24 = BenchStyle();
  absl::StatusOr<gta::Style> style = gta::ReadStyle(g24, BenchStyleName());
  if (!map.ok() || !style.ok()) return Subject();
  gta::MapRenderOptions options;
  options.pixels_per_cell = 8;
  absl::StatusOr<gta::MapRender> render = gta::RenderMap(*map, *style, options);
  if (!render.ok()) return Subject();
  return RgbaSubject(std::move(render->picture));
}

// Gradients in each channel, a soft diagonal wave and +-2 of noise: many
// colours, rows that predict well (fixed seed).
Subject OpaqueSubject() {
  image::RgbaPicture p(1024, 768);
  std::mt19937 rng(21);
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      uint8_t* px = &p.rgba[(size_t(y) * size_t(p.width) + size_t(x)) * 4];
      const int wave = ((x + 2 * y) / 24) % 2 == 0 ? 12 : 0;
      const int noise = int(rng() % 5) - 2;
      px[0] = uint8_t(std::clamp(40 + x / 8 + wave + noise, 0, 255));
      px[1] = uint8_t(std::clamp(90 + y / 6 + noise, 0, 255));
      px[2] = uint8_t(std::clamp(160 - x / 16 - y / 12 + wave, 0, 255));
      px[3] = 255;
    }
  }
  return RgbaSubject(std::move(p));
}

const Subject& SubjectFor(int picture) {
  static const Subject scene = SceneSubject();
  static const Subject map = MapSubject();
  static const Subject opaque = OpaqueSubject();
  return picture == 0 ? scene : picture == 1 ? map : opaque;
}

void OnWrite(png_structp png, png_bytep data, size_t length) {
  auto* out = static_cast<std::vector<uint8_t>*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + length);
}
void OnFlush(png_structp) {}

// libpng with `level` and `filters` (-1: libpng's default). Only trivially
// destructible locals: libpng reports errors by longjmp.
bool WriteWithLibpng(const Subject& s, png_bytepp rows, int level, int filters,
                     std::vector<uint8_t>* out) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, out, OnWrite, OnFlush);
  if (level >= 0) png_set_compression_level(png, level);
  if (filters >= 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
  png_set_IHDR(png, info, png_uint_32(s.width), png_uint_32(s.height), 8,
               s.indexed ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  if (s.indexed) {
    png_set_PLTE(png, info, s.plte, 256);
    if (s.trns_count > 0) png_set_tRNS(png, info, s.trns, s.trns_count, nullptr);
  }
  png_write_info(png, info);
  png_write_image(png, rows);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

bool Encode(const Subject& s, int encoder, std::vector<uint8_t>& out) {
  out.clear();
  if (encoder <= 1) {
    const size_t stride = size_t(s.width) * (s.indexed ? 1 : 4);
    std::vector<png_bytep> rows(size_t(s.height));
    for (size_t y = 0; y < rows.size(); ++y) {
      rows[y] = const_cast<png_bytep>(s.pixels.data() + y * stride);
    }
    return encoder == 0 ? WriteWithLibpng(s, rows.data(), -1, -1, &out)
                        : WriteWithLibpng(s, rows.data(), 3, PNG_FILTER_NONE, &out);
  }
  image::PngOptions options;
  options.threads = encoder == 3 ? 1 : 0;
  absl::StatusOr<image::EncodedImage> png =
      s.indexed ? image::EncodeIndexedPng(s.picture, palette::TaPalette(), options)
                : image::EncodeRgbaPng(s.rgba, options);
  if (!png.ok()) return false;
  out = *std::move(png);
  return true;
}

void BM_PngEncode(benchmark::State& state) {
  const Subject& s = SubjectFor(int(state.range(0)));
  if (!s.ok) {
    state.SkipWithError("the picture could not be made");
    return;
  }
  std::vector<uint8_t> out;
  for (auto _ : state) {
    if (!Encode(s, int(state.range(1)), out)) {
      state.SkipWithError("encoding failed");
      return;
    }
    benchmark::DoNotOptimize(out.data());
  }
  const double pixels = double(s.width) * double(s.height);
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(pixels));
  state.counters["bytes"] = double(out.size());
  state.counters["bits_per_px"] = 8.0 * double(out.size()) / pixels;
}

BENCHMARK(BM_PngEncode)
    ->ArgNames({"picture", "encoder"})
    ->ArgsProduct({{0, 1, 2}, {0, 1, 2, 3}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The new encoder at fixed levels on one thread, to choose ChooseLevel's
// levels by: BM_PngEncodeLevel/picture:P/level:L.
void BM_PngEncodeLevel(benchmark::State& state) {
  const Subject& s = SubjectFor(int(state.range(0)));
  image::PngOptions options;
  options.zlib_level = int(state.range(1));
  options.threads = 1;
  size_t bytes = 0;
  for (auto _ : state) {
    absl::StatusOr<image::EncodedImage> png =
        s.indexed ? image::EncodeIndexedPng(s.picture, palette::TaPalette(), options)
                  : image::EncodeRgbaPng(s.rgba, options);
    if (!png.ok()) {
      state.SkipWithError("encoding failed");
      return;
    }
    bytes = png->size();
    benchmark::DoNotOptimize(png->data());
  }
  state.counters["bytes"] = double(bytes);
}

BENCHMARK(BM_PngEncodeLevel)
    ->ArgNames({"picture", "level"})
    ->ArgsProduct({{0, 2}, {1, 3, 4, 5, 6, 7, 8, 9}})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kbot::bench
