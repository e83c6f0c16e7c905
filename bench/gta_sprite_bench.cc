// GTA1 sprites: every sprite of a stock-sized style drawn into numbered
// sheets, and a whole map rendered with its parked cars and objects beside
// the same render without them (the in-run baseline). The fixtures are
// gta_sprite_fixtures.h's style (1,034 sprites in 1 MiB of graphics) and
// gta_fixtures.h's map (its 3,000 object positions name that style's cars
// and objects), built once per process.
//
//   BM_GtaSpriteSheets        every kind's sprites in sheets of up to 100, as
//                             sprite_sheet draws them (DrawSprite in the own
//                             palette, each centred in a cell as large as the
//                             largest, MakeNumberedSheet at the scale that
//                             keeps the sheet within 1024 px, at most 8), from
//                             a style read beforehand. items = sprites, bytes
//                             = their pixels (one byte each).
//   BM_GtaSpriteSheetsMemcpy  memcpy of as many bytes as the sheets' RGBA: the
//                             ceiling for anything writing those pictures.
//   BM_GtaSpriteSheetsTool    the same sheets through tools::DrawSpriteSheet:
//                             each reads the style, its sprites and cars from
//                             the file's bytes, and encodes a PNG.
//   BM_GtaReadSpritesAndCars  ReadStyleSprites + ReadStyleCars: what the
//                             object overlay reads before it draws.
//   BM_GtaMapRender/objects:O/scale:S
//                             RenderMap, then (O = 1) tools::DrawMapObjects
//                             (the overlay map_render draws: decode the
//                             object positions, read the sprites and cars,
//                             place, draw each sprite once, blit each object
//                             turned and scaled). S = 8: the whole map
//                             (2048 x 2048); S = 32: the 64 x 64 cells at
//                             (96, 96) (2048 x 2048 too, ~190 objects near).
//                             O = 0 is the baseline, run first: the O = 1 run
//                             reports vs_plain_time (its CPU time over the
//                             baseline's) and vs_plain_peak (its peak memory
//                             over the baseline's).
//
// Peak memory (counter peak_MB): what one call adds to the process's peak
// over what it held before, picture included, measured once outside the
// timed loop as tnt_bench.cc does (malloc_trim, then the peak mark reset
// through /proc/self/clear_refs and read back as VmHWM; Linux only, else no
// counter).
#include <benchmark/benchmark.h>
#include <malloc.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench/peak_memory.h"
#include "base/progress.h"
#include "bench/gta_fixtures.h"
#include "bench/gta_sprite_fixtures.h"
#include "formats/gta/cmp.h"
#include "formats/gta/map_render.h"
#include "formats/gta/sprite_draw.h"
#include "formats/gta/style.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"
#include "formats/image/numbered_sheet.h"
#include "formats/image/sheet.h"
#include "formats/image/scale.h"
#include "tools/map_objects_overlay.h"
#include "tools/sprite_sheet_tool.h"

namespace kbot::bench {
namespace {

struct SpriteFixture {
  std::vector<uint8_t> style_bytes;
  gta::Style style;
  gta::StyleSprites sprites;
  gta::StyleCars cars;
  gta::CityMap map;
};

// A generator or reader failure is a bug in the fixtures: it stops the run.
const SpriteFixture& Fixture() {
  static const SpriteFixture fixture = [] {
    SpriteFixture f;
    f.style_bytes = BenchSpriteStyle();
    absl::StatusOr<gta::Style> style = gta::ReadStyle(f.style_bytes, "STYLE001.G24");
    const std::vector<uint8_t> cmp = BenchCmp();
    absl::StatusOr<gta::CityMap> map = gta::ReadCityMap(cmp, "BENCH.CMP");
    if (!style.ok() || !map.ok()) {
      std::fprintf(stderr, "gta_sprite_bench fixture: %s / %s\n",
                   style.status().ToString().c_str(), map.status().ToString().c_str());
      std::abort();
    }
    f.style = *std::move(style);
    absl::StatusOr<gta::StyleSprites> sprites = gta::ReadStyleSprites(f.style);
    f.cars = gta::ReadStyleCars(f.style);
    if (!sprites.ok() || !sprites->warnings.empty() || !f.cars.warnings.empty()) {
      std::fprintf(stderr, "gta_sprite_bench fixture: the sprites or cars do not read cleanly\n");
      std::abort();
    }
    f.sprites = *std::move(sprites);
    f.map = *std::move(map);
    return f;
  }();
  return fixture;
}

// One sheet's worth of a kind: sprites first .. first + count - 1.
struct SheetPage {
  gta::SpriteKind kind;
  int first = 0, count = 0;
};

std::vector<SheetPage> SheetPages(const gta::StyleSprites& sprites) {
  std::vector<SheetPage> pages;
  for (int k = 0; k < gta::kSpriteKindCount; ++k) {
    const int stored = sprites.StoredOf(gta::SpriteKind(k));
    for (int first = 0; first < stored; first += tools::kDefaultSheetSprites) {
      pages.push_back({gta::SpriteKind(k), first,
                       std::min(tools::kDefaultSheetSprites, stored - first)});
    }
  }
  return pages;
}

absl::StatusOr<image::RgbaPicture> DrawSheet(const SpriteFixture& f, const SheetPage& page) {
  std::vector<image::RgbaPicture> drawn;
  int w = 1, h = 1;
  for (int i = 0; i < page.count; ++i) {
    const gta::SpriteRecord& s = f.sprites.sprites[size_t(f.sprites.FirstOf(page.kind) +
                                                          page.first + i)];
    absl::StatusOr<gta::DrawnSprite> d = gta::DrawSprite(f.style, s, {}, {});
    if (!d.ok()) return d.status();
    w = std::max(w, d->picture.width), h = std::max(h, d->picture.height);
    drawn.push_back(std::move(d->picture));
  }
  image::RgbaAnimation frames{w, h, {}, {}, false};
  for (const image::RgbaPicture& d : drawn) {
    frames.frames.push_back(image::Centred(d, w, h));
    frames.ticks.push_back(1);
  }
  const int scale = std::min(8, image::NumberedSheetScale(frames.frames.size(), w, h,
                                                           tools::kSheetFitSide,
                                                           tools::kSheetFitSide));
  return image::MakeNumberedSheet(frames, scale, image::kMaxScaledPixels, page.first);
}

struct SheetTotals {
  int sprites = 0, sheets = 0;
  double sprite_bytes = 0, sheet_bytes = 0;
};

SheetTotals CountSheets(const SpriteFixture& f) {
  SheetTotals t;
  for (const SheetPage& page : SheetPages(f.sprites)) {
    absl::StatusOr<image::RgbaPicture> sheet = DrawSheet(f, page);
    t.sheet_bytes += sheet.ok() ? double(sheet->rgba.size()) : 0;
    ++t.sheets;
    for (int i = 0; i < page.count; ++i) {
      const gta::SpriteRecord& s =
          f.sprites.sprites[size_t(f.sprites.FirstOf(page.kind) + page.first + i)];
      t.sprite_bytes += double(s.width) * s.height;
      ++t.sprites;
    }
  }
  return t;
}

const SheetTotals& Totals() {
  static const SheetTotals totals = CountSheets(Fixture());
  return totals;
}

void SheetCounters(benchmark::State& state, double peak) {
  const SheetTotals& t = Totals();
  state.SetItemsProcessed(int64_t(state.iterations()) * t.sprites);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(t.sprite_bytes));
  state.counters["sprites"] = t.sprites;
  state.counters["sheets"] = t.sheets;
  state.counters["sprite_bytes"] = t.sprite_bytes;
  state.counters["sheet_MB"] = t.sheet_bytes / 1e6;
  if (peak >= 0) state.counters["peak_MB"] = peak;
}

void BM_GtaSpriteSheets(benchmark::State& state) {
  const SpriteFixture& f = Fixture();
  const std::vector<SheetPage> pages = SheetPages(f.sprites);
  auto all = [&] {
    for (const SheetPage& page : pages) {
      absl::StatusOr<image::RgbaPicture> sheet = DrawSheet(f, page);
      if (!sheet.ok()) return sheet.status();
      benchmark::DoNotOptimize(sheet->rgba.data());
    }
    return absl::OkStatus();
  };
  const double peak = PeakMbOf([&] { (void)all(); });
  for (auto _ : state) {
    if (absl::Status s = all(); !s.ok()) {
      state.SkipWithError(std::string(s.message()).c_str());
      return;
    }
  }
  SheetCounters(state, peak);
}
BENCHMARK(BM_GtaSpriteSheets)->Unit(benchmark::kMillisecond);

void BM_GtaSpriteSheetsMemcpy(benchmark::State& state) {
  const size_t n = size_t(Totals().sheet_bytes);
  std::vector<uint8_t> src(n, 0x5a), dst(n, 0xa5);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), n);
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(n));
  state.counters["bytes"] = double(n);
}
BENCHMARK(BM_GtaSpriteSheetsMemcpy)->Unit(benchmark::kMillisecond);

void BM_GtaSpriteSheetsTool(benchmark::State& state) {
  const SpriteFixture& f = Fixture();
  const std::vector<SheetPage> pages = SheetPages(f.sprites);
  const tools::Asset asset{"STYLE001.G24", f.style_bytes};
  double png_bytes = 0;
  auto all = [&]() -> absl::Status {
    png_bytes = 0;
    for (const SheetPage& page : pages) {
      tools::SpriteSheetRequest r;
      r.path = asset.path;
      r.kind = std::string(gta::SpriteKindName(page.kind));
      r.first = page.first;
      r.count = page.count;
      absl::StatusOr<tools::SpriteSheetOutcome> out = tools::DrawSpriteSheet(asset, r);
      if (!out.ok()) return out.status();
      png_bytes += double(out->image.png.size());
    }
    return absl::OkStatus();
  };
  const double peak = PeakMbOf([&] { (void)all(); });
  for (auto _ : state) {
    if (absl::Status s = all(); !s.ok()) {
      state.SkipWithError(std::string(s.message()).c_str());
      return;
    }
  }
  SheetCounters(state, peak);
  state.counters["png_MB"] = png_bytes / 1e6;
}
BENCHMARK(BM_GtaSpriteSheetsTool)->Unit(benchmark::kMillisecond);

void BM_GtaReadSpritesAndCars(benchmark::State& state) {
  const SpriteFixture& f = Fixture();
  for (auto _ : state) {
    absl::StatusOr<gta::StyleSprites> sprites = gta::ReadStyleSprites(f.style);
    gta::StyleCars cars = gta::ReadStyleCars(f.style);
    benchmark::DoNotOptimize(sprites);
    benchmark::DoNotOptimize(cars);
  }
  const double bytes = double(f.style.sprite_info.size() + f.style.cars.size() +
                              f.style.object_info.size());
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
  state.counters["sprites"] = double(f.sprites.sprites.size());
  state.counters["bytes"] = bytes;
  // What the fixture holds: its deltas, and how much of the 16 pages the
  // sprites' rows and the deltas' runs reach into.
  double deltas = 0, delta_bytes = 0, used = 0;
  for (const gta::SpriteRecord& s : f.sprites.sprites) {
    used = std::max(used, double(s.offset) + double(s.height - 1) * gta::kSpritePageSide + s.width);
    for (const gta::SpriteDelta& d : s.deltas) {
      ++deltas, delta_bytes += d.size;
      used = std::max(used, double(d.offset) + d.size);
    }
  }
  state.counters["cars"] = double(f.cars.cars.size());
  state.counters["object_types"] = double(f.cars.objects.size());
  state.counters["deltas"] = deltas;
  state.counters["delta_bytes"] = delta_bytes;
  state.counters["graphics_used"] = used / double(f.style.sprite_graphics.size());
}
BENCHMARK(BM_GtaReadSpritesAndCars)->Unit(benchmark::kMicrosecond);

// What a render with or without objects leaves, for the counters.
struct MapOutcome {
  absl::Status status;
  size_t warnings = 0;
  tools::OverlayCount overlay;
  double picture_bytes = 0;
};

MapOutcome RenderOnce(const SpriteFixture& f, const gta::MapRect& rect, int scale, bool objects) {
  gta::MapRenderOptions options;
  options.rect = rect;
  options.pixels_per_cell = scale;
  absl::StatusOr<gta::MapRender> r = gta::RenderMap(f.map, f.style, options);
  if (!r.ok()) return {r.status()};
  MapOutcome out{absl::OkStatus(), r->warnings.size(), {}, double(r->picture.rgba.size())};
  if (objects) {
    absl::StatusOr<tools::OverlayCount> drawn = tools::DrawMapObjects(
        f.map, f.style, rect, scale, r->picture, NoProgress(), r->warnings);
    if (!drawn.ok()) return {drawn.status()};
    out.overlay = *drawn;
    out.warnings = r->warnings.size();
  }
  benchmark::DoNotOptimize(r->picture.rgba.data());
  return out;
}

// The process's CPU time: the ratios should not depend on what else shares
// the machine (bench_main.cc compares CPU times for the same reason).
double CpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

struct Baseline {
  double seconds = 0, peak = -1;
};
std::map<int, Baseline> plain_runs;  // by scale: the objects:0 run's figures

void BM_GtaMapRender(benchmark::State& state) {
  const bool objects = state.range(0) != 0;
  const int scale = int(state.range(1));
  const gta::MapRect rect = scale == 8 ? gta::MapRect{} : gta::MapRect{96, 96, 64, 64};
  const SpriteFixture& f = Fixture();
  MapOutcome last;
  const double peak = PeakMbOf([&] { last = RenderOnce(f, rect, scale, objects); });
  const double start = CpuSeconds();
  for (auto _ : state) {
    last = RenderOnce(f, rect, scale, objects);
    if (!last.status.ok()) {
      state.SkipWithError(std::string(last.status.message()).c_str());
      return;
    }
  }
  const double seconds = (CpuSeconds() - start) / double(state.iterations());
  const double pixels = last.picture_bytes / 4;
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(pixels));
  state.counters["picture_MB"] = last.picture_bytes / 1e6;
  state.counters["warnings"] = double(last.warnings);
  if (peak >= 0) state.counters["peak_MB"] = peak;
  if (!objects) {
    plain_runs[scale] = {seconds, peak};
    return;
  }
  state.counters["objects_drawn"] = last.overlay.drawn;
  state.counters["objects_skipped"] = last.overlay.skipped;
  state.counters["objects_near"] = double(tools::MapObjectsNear(f.map, rect));
  if (auto it = plain_runs.find(scale); it != plain_runs.end()) {
    state.counters["vs_plain_time"] = seconds / it->second.seconds;
    if (peak >= 0 && it->second.peak > 0) state.counters["vs_plain_peak"] = peak / it->second.peak;
  }
}
BENCHMARK(BM_GtaMapRender)
    ->ArgNames({"objects", "scale"})
    ->Args({0, 8})
    ->Args({1, 8})
    ->Args({0, 32})
    ->Args({1, 32})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kbot::bench
