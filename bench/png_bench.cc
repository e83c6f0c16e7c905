// PNG export of a 640 x 480 indexed frame (the scene of gaf_fixtures.h):
//
//   BM_PngLibpngDefaults        libpng left to its defaults: no
//                               png_set_compression_level, no png_set_filter
//                               (zlib level Z_DEFAULT_COMPRESSION = 6; for a
//                               palette image libpng filters nothing)
//   BM_PngLevelFilter/level:L/filters_all:F
//                               image::EncodeIndexedPng with PngOptions
//                               {zlib_level L, filter_none = !F}, L in
//                               {1, 3, 6, 9}
//
// Every one reports the PNG's size as the counter "bytes"; bench_main.cc
// prints the trade-off and picks a setting.
#include <benchmark/benchmark.h>
#include <png.h>

#include <csetjmp>
#include <string>
#include <vector>

#include "bench/gaf_fixtures.h"
#include "formats/image/png_encode.h"
#include "formats/image/transparent_slot.h"
#include "formats/palette/palette.h"

namespace kbot::bench {
namespace {

const image::IndexedPicture& ScenePicture() {
  static const image::IndexedPicture scene = Scene();
  return scene;
}

void OnWrite(png_structp png, png_bytep data, size_t length) {
  auto* out = static_cast<std::vector<uint8_t>*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + length);
}
void OnFlush(png_structp) {}

// Only trivially destructible locals: libpng reports errors by longjmp.
bool WriteWithLibpngDefaults(png_uint_32 width, png_uint_32 height, png_bytepp rows,
                             const png_color* plte, const png_byte* trns, int trns_count,
                             std::vector<uint8_t>* out) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, out, OnWrite, OnFlush);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_set_PLTE(png, info, plte, 256);
  if (trns != nullptr) png_set_tRNS(png, info, trns, trns_count, nullptr);
  png_write_info(png, info);
  png_write_image(png, rows);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

// The same work EncodeIndexedPng does around libpng (slot choice, the slot
// applied, PLTE and tRNS), so only libpng's settings differ.
bool EncodeLibpngDefaults(const image::IndexedPicture& pic, const palette::Palette& pal,
                          std::vector<uint8_t>& out) {
  const image::SlotChoice choice = image::ChooseTransparentSlot(std::span(&pic, 1));
  if (choice.needs_rgba()) return false;
  std::vector<uint8_t> pixels;
  image::ApplySlot(pic, choice.slot, pixels);
  std::vector<png_bytep> rows(size_t(pic.height));
  for (size_t y = 0; y < rows.size(); ++y) rows[y] = pixels.data() + y * size_t(pic.width);
  png_color plte[256];
  for (int i = 0; i < 256; ++i) {
    plte[i] = png_color{pal.colors[i].r, pal.colors[i].g, pal.colors[i].b};
  }
  png_byte trns[256];
  for (int i = 0; i < choice.slot; ++i) trns[i] = 255;
  if (choice.slot >= 0) trns[choice.slot] = 0;
  out.clear();
  return WriteWithLibpngDefaults(png_uint_32(pic.width), png_uint_32(pic.height), rows.data(),
                                 plte, choice.slot >= 0 ? trns : nullptr, choice.slot + 1, &out);
}

void Report(benchmark::State& state, const image::IndexedPicture& pic, size_t bytes) {
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(pic.pixels()));
  state.counters["bytes"] = double(bytes);
  state.counters["bits_per_px"] = 8.0 * double(bytes) / double(pic.pixels());
}

void BM_PngLibpngDefaults(benchmark::State& state) {
  const image::IndexedPicture& pic = ScenePicture();
  const palette::Palette& pal = palette::TaPalette();
  std::vector<uint8_t> out;
  for (auto _ : state) {
    if (!EncodeLibpngDefaults(pic, pal, out)) {
      state.SkipWithError("libpng failed");
      return;
    }
    benchmark::DoNotOptimize(out.data());
  }
  Report(state, pic, out.size());
}

void BM_PngLevelFilter(benchmark::State& state) {
  const image::IndexedPicture& pic = ScenePicture();
  const palette::Palette& pal = palette::TaPalette();
  image::PngOptions options;
  options.zlib_level = int(state.range(0));
  options.filter_none = state.range(1) == 0;
  size_t bytes = 0;
  for (auto _ : state) {
    absl::StatusOr<image::EncodedImage> png = image::EncodeIndexedPng(pic, pal, options);
    if (!png.ok()) {
      state.SkipWithError(std::string(png.status().message()).c_str());
      return;
    }
    bytes = png->size();
    benchmark::DoNotOptimize(png->data());
  }
  Report(state, pic, bytes);
}

BENCHMARK(BM_PngLibpngDefaults)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PngLevelFilter)
    ->ArgNames({"level", "filters_all"})
    ->ArgsProduct({{1, 3, 6, 9}, {0, 1}})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kbot::bench
