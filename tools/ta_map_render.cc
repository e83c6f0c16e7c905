#include "tools/ta_map_render.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "formats/image/png_encode.h"
#include "formats/tnt/render.h"
#include "tacatalog/catalog.h"
#include "tools/image_result.h"
#include "tools/kingdoms_tiles.h"
#include "tools/output_target.h"
#include "tools/picture_delivery.h"
#include "tools/ta_map.h"
#include "tools/ta_map_features.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

const ResultTable<TaMapRenderSummary>& TaMapRenderSummary::Fields() {
  using S = TaMapRenderSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("game", &S::game, StringSchema())
      .Add("unit", &S::unit, StringSchema())
      .Add("x", &S::x, CountSchema())
      .Add("y", &S::y, CountSchema())
      .Add("w", &S::w, CountSchema())
      .Add("h", &S::h, CountSchema())
      .Add("pixels_per_cell", &S::pixels_per_cell, CountSchema())
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("bytes", &S::bytes, CountSchema(), false)
      .Add("placeholder_tiles", &S::placeholder_tiles, CountSchema())
      .Add("missing_sheets", &S::missing_sheets, {{"type", "array"}, {"items", CountSchema()}})
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

namespace {

constexpr const char* kMapExport = "map";

int UnitPixels(const std::string& unit) {
  return unit == "pixel" ? 1 : unit == "cell" ? tnt::kCellPixels : tnt::kTilePixels;
}

// The request's rectangle in map pixels, checked against the map; `s` gets
// it back in the request's unit, defaults filled in.
absl::StatusOr<tnt::PixelRect> RegionOf(const tnt::TntMap& map, const MapRenderRequest& r,
                                        TaMapRenderSummary& s) {
  s.unit = r.unit.value_or("tile");
  const int u = UnitPixels(s.unit);
  const int across = (map.pixel_width() + u - 1) / u, down = (map.pixel_height() + u - 1) / u;
  s.x = r.Left();
  s.y = r.Top();
  s.w = r.w.value_or(across - s.x);
  s.h = r.h.value_or(down - s.y);
  // In 64 bits: the schema does not bound x, y, w, h.
  if (s.x >= across || s.y >= down || s.w < 1 || s.h < 1 || int64_t(s.x) + s.w > across ||
      int64_t(s.y) + s.h > down) {
    return absl::InvalidArgumentError(absl::StrCat(
        s.unit, "s ", s.x, "..", int64_t(s.x) + s.w - 1, " x ", s.y, "..",
        int64_t(s.y) + s.h - 1,
        " run past the map: it is ", across, " x ", down, " ", s.unit, "s"));
  }
  tnt::PixelRect rect{s.x * u, s.y * u, s.w * u, s.h * u};
  rect.w = std::min(rect.w, map.pixel_width() - rect.x);  // a part tile at the edge
  rect.h = std::min(rect.h, map.pixel_height() - rect.y);
  return rect;
}

// The start positions of schema `index` of the map's OTA.
absl::Status AddStarts(const OpenedTaMap& map, int index, tnt::RenderOptions& options) {
  if (!map.ota) {
    return absl::FailedPreconditionError(absl::StrCat(
        "no start positions to draw: ", map.warnings.empty() ? "no OTA" : map.warnings.front()));
  }
  std::vector<std::string> have;
  for (const tnt::OtaSchema& schema : map.ota->schemas) {
    if (schema.index != index) {
      have.push_back(absl::StrCat(schema.index));
      continue;
    }
    for (const tnt::OtaStart& s : schema.starts) options.starts.push_back({s.number, s.x, s.z});
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat(
      *map.ota_path, " has no schema ", index,
      have.empty() ? "; it has none" : absl::StrCat("; its schemas: ", absl::StrJoin(have, ", "))));
}

// The feature sprites, through the context's catalog.
void AddFeatures(const contexts::Context& context, const tnt::TntMap& map,
                 tnt::RenderOptions& options, std::vector<std::string>& warnings) {
  absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> catalog =
      tacatalog::CatalogOf(context);
  if (!catalog.ok()) {
    warnings.push_back(absl::StrCat("features drawn as markers: ", catalog.status().message()));
  }
  const std::vector<MapFeature> features = MapFeatures(map, catalog.ok() ? catalog->get() : nullptr);
  options.feature_sprites = FeatureSprites(context, features, warnings);
}

absl::Status SetOverlays(const contexts::Context& context, const OpenedTaMap& map,
                         const MapRenderRequest& r, tnt::RenderOptions& options,
                         TaMapRenderSummary& s) {
  options.water_tint = r.Overlay("water");
  options.height_tint = r.Overlay("height");
  options.void_marks = r.Overlay("void");
  options.feature_marks = r.Overlay("features");
  if (options.feature_marks) AddFeatures(context, *map.map, options, s.warnings);
  return r.Overlay("starts") ? AddStarts(map, r.schema, options) : absl::OkStatus();
}

// Rows drawn, reported to `progress` as the first half of the job.
class RowProgress {
 public:
  explicit RowProgress(Progress& progress) : progress_(progress) {}
  std::function<bool(int, int)> Callback() {
    return [this](int done, int total) { return progress_.Report(done, 2 * uint64_t(total)); };
  }

 private:
  Progress& progress_;
};

absl::StatusOr<std::vector<uint8_t>> EncodeMapPicture(const tnt::MapPicture& picture,
                                                      Progress& progress, uint64_t rows) {
  StageProgress encoding(progress, rows, 2 * rows);
  image::PngOptions png;
  png.progress = &encoding;
  if (picture.indexed) return image::EncodeIndexedPng(*picture.indexed, palette::TaPalette(), png);
  return image::EncodeRgbaPng(*picture.rgba, png);
}

}  // namespace

absl::StatusOr<TaMapRenderOutcome> RenderTaMap(const contexts::Context& context,
                                               const MapRenderRequest& request,
                                               Progress& progress, std::optional<int> scale) {
  if (request.style) return absl::InvalidArgumentError("style is for GTA1 maps");
  if (request.mission) return absl::InvalidArgumentError("mission is for GTA1 maps");
  if (request.Overlay("objects")) {
    return absl::InvalidArgumentError(
        "overlay 'objects' is for GTA1 maps; a TA map has starts, features, water, height, void");
  }
  absl::StatusOr<OpenedTaMap> map = OpenTaMap(context, request.path);
  if (!map.ok()) return map.status();
  TaMapRenderOutcome out;
  TaMapRenderSummary& s = out.summary;
  s.path = map->path;
  s.game = map->map->game == tnt::Game::kTa ? "ta" : "takingdoms";
  tnt::RenderOptions options;
  options.scale = scale.value_or(request.scale.value_or(tnt::kFullScale));
  if (options.scale < tnt::kSmallestScale || options.scale > tnt::kFullScale) {
    return absl::InvalidArgumentError(
        absl::StrCat("scale ", options.scale, ": a TA map draws at 2-16 px a cell"));
  }
  absl::StatusOr<tnt::PixelRect> region = RegionOf(*map->map, request, s);
  if (!region.ok()) return region.status();
  options.region = *region;
  if (absl::Status st = SetOverlays(context, *map, request, options, s); !st.ok()) return st;
  KingdomsTiles tiles(context);
  if (map->map->game == tnt::Game::kKingdoms) options.kingdoms_tile = tiles.Source();
  RowProgress rows(progress);
  options.progress = rows.Callback();
  absl::StatusOr<tnt::MapPicture> picture =
      tnt::RenderTnt(*map->map, palette::TaPalette(), options);
  if (!picture.ok()) return InContext(context, picture.status());
  s.pixels_per_cell = picture->scale;
  const image::IndexedPicture* indexed = picture->indexed ? &*picture->indexed : nullptr;
  s.width = indexed ? indexed->width : picture->rgba->width;
  s.height = indexed ? indexed->height : picture->rgba->height;
  s.placeholder_tiles = picture->placeholder_tiles;
  s.missing_sheets = picture->missing_sheets;
  s.warnings.insert(s.warnings.end(), picture->warnings.begin(), picture->warnings.end());
  const std::vector<std::string> found = tiles.Warnings();
  s.warnings.insert(s.warnings.end(), found.begin(), found.end());
  absl::StatusOr<std::vector<uint8_t>> png = EncodeMapPicture(*picture, progress, s.height);
  if (!png.ok()) return png.status();
  s.bytes = png->size();
  out.png = *std::move(png);
  return out;
}

}  // namespace kbot::tools

namespace kbot::tools {

namespace {

// The largest scale under `full`'s that draws the render within the side
// cap, or the smallest there is.
int PreviewScale(const TaMapRenderSummary& full, const Limits& limits) {
  const int side = std::max(full.width, full.height);
  int scale = full.pixels_per_cell * limits.max_inline_image_side / std::max(side, 1);
  if (scale >= full.pixels_per_cell) scale = full.pixels_per_cell / 2;
  return std::clamp(scale, tnt::kSmallestScale, tnt::kFullScale);
}

// The preview of a render too big to inline: the same map drawn again at a
// smaller scale (never the big picture averaged: that is the whole map in
// memory), halved until its PNG fits.
std::optional<PicturePreview> ScaledPreview(const contexts::Context& context,
                                            const MapRenderRequest& request,
                                            const TaMapRenderSummary& full,
                                            const Limits& limits) {
  for (int scale = PreviewScale(full, limits); scale >= tnt::kSmallestScale; scale /= 2) {
    absl::StatusOr<TaMapRenderOutcome> small = RenderTaMap(context, request, NoProgress(), scale);
    if (!small.ok()) return std::nullopt;
    const TaMapRenderSummary& s = small->summary;
    if (WhyNotInline(s.width, s.height, s.bytes, limits).empty()) {
      json description = {{"width", s.width}, {"height", s.height}, {"pixels_per_cell", scale}};
      return PicturePreview{std::move(description), std::move(small->png), "image/png",
                            absl::StrCat(scale, " px a cell")};
    }
    if (scale == tnt::kSmallestScale) break;
  }
  return std::nullopt;
}

// "maps/lakes.tnt tiles 0..15 x 0..11".
std::string Subject(const TaMapRenderSummary& s) {
  return absl::StrCat(s.path, " ", s.unit, "s ", s.x, "..", s.x + s.w - 1, " x ", s.y, "..",
                      s.y + s.h - 1);
}

}  // namespace

ToolResult RunTaMapRender(const contexts::Context& context, const MapRenderRequest& request,
                          const Limits& limits, Progress& progress,
                          contexts::ConfinedFolder* output) {
  absl::StatusOr<TaMapRenderOutcome> rendered = RenderTaMap(context, request, progress);
  if (!rendered.ok()) return ErrorResult(rendered.status());
  absl::StatusOr<std::optional<WrittenFile>> written =
      WriteTargetIfGiven(output, request.target, rendered->png);
  if (!written.ok()) return ErrorResult(written.status());
  const TaMapRenderSummary& s = rendered->summary;
  MapRenderRequest resolved = request;  // the link draws exactly this
  resolved.path = s.path;
  resolved.unit = s.unit;
  resolved.x = s.x;
  resolved.y = s.y;
  resolved.w = s.w;
  resolved.h = s.h;
  resolved.scale = s.pixels_per_cell;
  ToolResult result = DeliverPicture(
      TaMapRenderSummary::Fields().ToJson(s),
      {rendered->png, "image/png", s.width, s.height, Subject(s),
       absl::StrCat("at ", s.pixels_per_cell, " px a cell"), "png"},
      limits,
      [&] {
        std::vector<std::string> skip;  // what this render does not read
        if (resolved.overlays.empty()) skip.push_back("overlays");
        if (!resolved.Overlay("starts")) skip.push_back("schema");
        return PictureLink{PictureUri(context, kMapExport, MapRenderTable(), resolved, skip),
                           absl::StrCat(resolved.path, " (map render)"), "render"};
      },
      [&] { return ScaledPreview(context, resolved, s, limits); });
  return WithWritten(std::move(result), *written);
}

}  // namespace kbot::tools
