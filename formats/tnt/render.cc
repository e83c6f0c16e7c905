// RenderTnt's request checks and its band loop; Heightmap; MinimapRegion.
// The terrain of each game: render_ta.cc, render_kingdoms.cc; the overlays:
// render_overlays.cc; the shrinking: area_average.h.
#include "formats/tnt/render.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "absl/strings/str_cat.h"
#include "formats/image/png_deflate.h"
#include "formats/tnt/render_internal.h"

namespace kbot::tnt {

void render_detail::AllocatePlane(std::vector<uint8_t>& plane, size_t n, uint8_t fill) {
  plane.clear();
  plane.reserve(n);
  image::png_detail::AdviseHugePages(plane.data(), n);
  plane.assign(n, fill);
}

namespace {

using render_detail::FeatureLayer;
using render_detail::Inks;
using render_detail::Surface;
using render_detail::TerrainPainter;

// The arrays RenderTnt reads, against the size the map says: ReadTnt's maps
// always agree, a hand-made one may not.
absl::Status CheckMap(const TntMap& map) {
  if (map.width == 0 || map.height == 0 || map.width > kMaxCellsASide ||
      map.height > kMaxCellsASide) {
    return absl::InvalidArgumentError(absl::StrCat("the map is ", map.width, " x ", map.height,
                                                   " cells; a side must be 1..", kMaxCellsASide));
  }
  const auto short_of = [&](size_t have, size_t need, const char* what) {
    return absl::InvalidArgumentError(absl::StrCat("the map holds ", have, " ", what, " where its ",
                                                   map.width, " x ", map.height, " cells need ",
                                                   need));
  };
  if (map.heights.size() < map.cells()) return short_of(map.heights.size(), map.cells(), "heights");
  if (map.features.size() < map.cells()) {
    return short_of(map.features.size(), map.cells(), "feature words");
  }
  const size_t positions = map.tile_positions();
  if (map.game == Game::kTa && map.tile_index.size() < positions) {
    return short_of(map.tile_index.size(), positions, "tile indices");
  }
  if (map.game == Game::kKingdoms &&
      std::min({map.tile_sheet.size(), map.tile_column.size(), map.tile_row.size()}) < positions) {
    return short_of(std::min({map.tile_sheet.size(), map.tile_column.size(), map.tile_row.size()}),
                    positions, "tile sheet ids, columns or rows");
  }
  return absl::OkStatus();
}

// The region asked for, w 0 reaching the right edge and h 0 the bottom.
absl::StatusOr<PixelRect> ResolveRegion(const TntMap& map, const PixelRect& asked) {
  const int pw = map.pixel_width(), ph = map.pixel_height();
  PixelRect r = asked;
  if (r.w == 0) r.w = pw - r.x;
  if (r.h == 0) r.h = ph - r.y;
  const std::string what = absl::StrCat("region x ", asked.x, ", y ", asked.y, ", ", asked.w,
                                        " x ", asked.h);
  const std::string map_size = absl::StrCat(pw, " x ", ph, " pixels");
  if (asked.w < 0 || asked.h < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        what, " is empty: give a width and height above 0 (0: to the map's edge); the map is ",
        map_size));
  }
  if (r.x < 0 || r.y < 0 || r.w <= 0 || r.h <= 0 || int64_t(r.x) + r.w > pw ||
      int64_t(r.y) + r.h > ph) {
    return absl::InvalidArgumentError(absl::StrCat(what, " is outside the map's ", map_size,
                                                   " (x 0..", pw - 1, ", y 0..", ph - 1, ")"));
  }
  return r;
}

struct Job {
  const TntMap& map;
  const RenderOptions& options;
  PixelRect region;
  TerrainPainter& painter;
  const FeatureLayer* features;  // nullptr: no feature marks
  const Inks& inks;
};

// The region a tile row at a time: terrain and overlays at full resolution
// into the band (at full scale: the output's own rows), then shrunk into the
// output rows under it, so only one band of full-resolution pixels exists.
// False when the progress callback said stop.
bool DrawBands(const Job& job, MapPicture& out) {
  const PixelRect& r = job.region;
  const int scale = job.options.scale, bpp = job.painter.bpp();
  const bool full = scale == kFullScale;
  const int out_height = ShrunkSide(r.h, scale);
  job.painter.Allocate(out, ShrunkSide(r.w, scale), out_height);
  int rows_done = 0, rows_told = -1;
  std::optional<Shrinker> shrinker;
  std::vector<uint8_t> buffer;
  if (!full) {
    shrinker.emplace(r.w, r.h, scale, [&](int row, const uint8_t* rgb) {
      job.painter.PutRow(out, row, rgb);
      rows_done = row + 1;
    });
    buffer.resize(size_t(r.w) * kTilePixels * size_t(bpp));
  }
  const auto tell = [&] {
    const bool go_on = !job.options.progress || rows_done == rows_told ||
                       job.options.progress(rows_done, out_height);
    rows_told = rows_done;
    return go_on;
  };
  for (int top = r.y; top < r.y + r.h;) {
    const int bottom = std::min(r.y + r.h, (top / kTilePixels + 1) * kTilePixels);
    Surface band{full ? job.painter.OutputRow(out, top - r.y) : buffer.data(),
                 size_t(r.w) * size_t(bpp), bpp, r.x, top, r.w, bottom - top};
    job.painter.DrawTerrain(band);
    if (job.options.void_marks) render_detail::DrawVoidMarks(job.map, band, job.inks.void_mark);
    if (job.features != nullptr) job.features->Draw(band);
    if (full) rows_done = bottom - r.y;
    if (!full) job.painter.Shrink(band, r.y, *shrinker);
    if (!tell()) return false;
    top = bottom;
  }
  if (shrinker) shrinker->Finish();
  return tell();
}

Surface OutputSurface(MapPicture& out) {
  if (out.indexed) {
    image::IndexedPicture& p = *out.indexed;
    return Surface{p.index.data(), size_t(p.width), 1, 0, 0, p.width, p.height};
  }
  image::RgbaPicture& p = *out.rgba;
  return Surface{p.rgba.data(), size_t(p.width) * 4, 4, 0, 0, p.width, p.height};
}

}  // namespace

absl::StatusOr<MapPicture> RenderTnt(const TntMap& map, const palette::Palette& palette,
                                     const RenderOptions& options) {
  if (absl::Status s = CheckMap(map); !s.ok()) return s;
  if (options.scale < kSmallestScale || options.scale > kFullScale) {
    return absl::InvalidArgumentError(absl::StrCat(
        "scale ", options.scale, " is outside ", kSmallestScale, "..", kFullScale,
        " (pixels a cell: 16 the map's own pixels, 8 half, 4 a quarter, 2 an eighth)"));
  }
  absl::StatusOr<PixelRect> region = ResolveRegion(map, options.region);
  if (!region.ok()) return region.status();
  MapPicture out;
  out.region = *region;
  out.scale = options.scale;
  NearestColour nearest(palette);
  const Inks inks(nearest);
  std::unique_ptr<TerrainPainter> painter =
      map.game == Game::kTa ? render_detail::MakeTaPainter(map, options, palette, nearest)
                            : render_detail::MakeKingdomsPainter(map, options);
  std::optional<FeatureLayer> features;
  if (options.feature_marks) {
    features.emplace(map, options, palette, inks.feature_marker, out.warnings);
  }
  if (!DrawBands(Job{map, options, *region, *painter, features ? &*features : nullptr, inks},
                 out)) {
    return absl::CancelledError("the map render was stopped");
  }
  painter->Finish(out);
  render_detail::DrawStartMarkers(options, *region, OutputSurface(out), inks);
  return out;
}

image::GreyPicture Heightmap(const TntMap& map, bool stretch) {
  image::GreyPicture out;
  out.width = int(std::min(map.width, kMaxCellsASide));
  out.height = int(std::min(map.height, kMaxCellsASide));
  out.grey.assign(size_t(out.width) * size_t(out.height), 0);
  const size_t n = std::min(out.grey.size(), map.heights.size());
  std::copy_n(map.heights.begin(), n, out.grey.begin());
  if (!stretch || n == 0) return out;
  const auto [lo, hi] = std::minmax_element(out.grey.begin(), out.grey.begin() + long(n));
  const int low = *lo, spread = *hi - *lo;
  if (spread == 0) return out;  // flat: nothing to spread, the raw level stays
  for (size_t i = 0; i < n; ++i) {
    out.grey[i] = uint8_t(((out.grey[i] - low) * 255 + spread / 2) / spread);
  }
  return out;
}

image::IndexedPicture MinimapRegion(const Minimap& minimap) {
  if (minimap.width <= 0 || minimap.height <= 0 ||
      size_t(minimap.width) * size_t(minimap.height) > minimap.pixels.size()) {
    return image::IndexedPicture();
  }
  const int w = std::clamp(minimap.region_width, 0, minimap.width);
  const int h = std::clamp(minimap.region_height, 0, minimap.height);
  image::IndexedPicture out(w, h, 0, 1, 0);
  for (int y = 0; y < h; ++y) {
    std::memcpy(out.index.data() + size_t(y) * size_t(w),
                minimap.pixels.data() + size_t(y) * size_t(minimap.width), size_t(w));
  }
  return out;
}

}  // namespace kbot::tnt
