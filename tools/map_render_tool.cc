#include "tools/map_render_tool.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "formats/gta/cmp.h"
#include "formats/gta/map_render.h"
#include "formats/gta/style.h"
#include "formats/image/downscale.h"
#include "formats/image/png_encode.h"
#include "tools/file_kind.h"
#include "tools/image_result.h"
#include "tools/output_target.h"
#include "tools/picture_delivery.h"
#include "tools/ta_map.h"
#include "tools/ta_map_render.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

constexpr const char* kMapExport = "map";
// x, y, w, h: unbounded in the schema (a TA map's pixels go to 65,536),
// checked against the map by each game's render (CheckGtaRequest, RegionOf).
json Coordinate(const char* description, int minimum = 0) {
  return {{"type", "integer"}, {"minimum", minimum}, {"description", description}};
}


// The style a map names: STYLE%03d.G24 beside it, or the 8-bit STYLE%03d.GRY
// when there is no G24 (an install of the 8-bit game has only those).
std::string DefaultStylePath(const contexts::Context& context, const std::string& map_path,
                             int style_number) {
  const size_t slash = map_path.rfind('/');
  const std::string folder = slash == std::string::npos ? "" : map_path.substr(0, slash + 1);
  const std::string g24 = absl::StrFormat("%sSTYLE%03d.G24", folder, style_number);
  const std::string gry = absl::StrFormat("%sSTYLE%03d.GRY", folder, style_number);
  return !context.vfs->Stat(g24).ok() && context.vfs->Stat(gry).ok() ? gry : g24;
}

// The style `request` names, or the map's own, read and checked.
absl::StatusOr<gta::Style> OpenStyle(const contexts::Context& context, const std::string& map_path,
                                     const gta::CityMap& map, const MapRenderRequest& request,
                                     std::string& style_path) {
  style_path =
      request.style ? *request.style : DefaultStylePath(context, map_path, map.header().style);
  // Read from the VFS, not OpenContextAsset: the tool names the context once.
  absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(style_path);
  if (!file.ok()) {
    return absl::Status(file.status().code(),
                        absl::StrCat(map_path, ": its style: ", file.status().message(),
                                     request.style ? "" : " (give one with `style`)"));
  }
  const Asset style{file->stat.path, file->blob.bytes()};
  if (absl::Status s = RequireKind(style, {FileKind::kStyle}); !s.ok()) {
    return absl::Status(s.code(), absl::StrCat(map_path, ": its style: ", s.message()));
  }
  style_path = style.path;
  return gta::ReadStyle(style.bytes, style.path);
}

// The preview of a render too big to inline: the render averaged down to
// the largest whole number of pixels a cell that fits the caps (it keeps
// every cell the same size, which a model counting cells relies on), halved
// until its PNG fits; below 1 px a cell, averaged to the caps as any picture.
std::optional<PicturePreview> CellPreview(const MapRenderOutcome& full, const Limits& limits) {
  const MapRenderSummary& s = full.summary;
  const int cells = std::max(s.w, s.h);
  int p = std::min(s.pixels_per_cell, limits.max_inline_image_side / cells);
  if (p == s.pixels_per_cell) p /= 2;  // the render fits the side cap, not the bytes
  for (; p >= 1; p /= 2) {
    const image::RgbaPicture smaller = image::AreaAverage(full.picture, s.w * p, s.h * p);
    absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(smaller);
    if (!png.ok()) return std::nullopt;
    if (WhyNotInline(smaller.width, smaller.height, png->size(), limits).empty()) {
      json description = {
          {"width", smaller.width}, {"height", smaller.height}, {"pixels_per_cell", p}};
      return PicturePreview{std::move(description), *std::move(png), "image/png",
                            absl::StrCat(p, " px a cell, area-averaged")};
    }
  }
  return AveragedPreview(full.picture, limits);
}

// The cells a render covers: the request's, else the occupied area, else
// (an empty map) the whole map with a warning.
std::string ChooseRegion(const MapRenderRequest& request,
                         const std::optional<gta::MapRect>& occupied, gta::MapRect& rect,
                         std::vector<std::string>& warnings) {
  if (!request.NoRegion()) {
    rect = {request.Left(), request.Top(), request.Width(), request.Height()};
    return "request";
  }
  if (occupied) {
    rect = *occupied;
    return "occupied";
  }
  rect = gta::MapRect{};
  warnings.push_back(
      "no cell of the map holds a block: drew the whole 256 x 256 map, all transparent");
  return "whole map";
}

}  // namespace

const RequestTable<MapRenderRequest>& MapRenderTable() {
  static const RequestTable<MapRenderRequest> table = [] {
    using R = MapRenderRequest;
    RequestTable<R> t;
    AddAssetParams(t, "GTA1 .CMP; TA .tnt, .ota or name")
        .Add("style", &R::style, PathProperty("GTA1 style (default its own)"))
        .Add("x", &R::x, Coordinate("Left (default 0; none of x,y,w,h: GTA1 occupied area)"))
        .Add("y", &R::y, Coordinate("First row (default 0)"))
        .Add("w", &R::w, Coordinate("Across (default: to the edge)", 1))
        .Add("h", &R::h, Coordinate("Down (default: to the edge)", 1))
        .Add("unit", &R::unit,
             EnumParam({"cell", "tile", "pixel"}, "Of x,y,w,h (GTA1 cell; TA tile)"))
        .Add("scale", &R::scale,
             IntegerParam(1, gta::kMaxPixelsPerCell, "Px a cell: GTA1 1-64 (8); TA 2-16 (16)"))
        .Add("overlays", &R::overlays,
             {{"type", "array"},
              {"items", {{"enum", {"objects", "starts", "features", "water", "height", "void"}}}},
              {"description", "GTA1 objects; TA the rest"}})
        .Add("schema", &R::schema, {{"type", "integer"}, {"minimum", 0}, {"description", "TA: OTA schema"}})
        .Add("mission", &R::mission,
             {{"type", "integer"}, {"minimum", 0}, {"description", "GTA1: its objects too"}})
        .AddOutput("target", &R::target, TargetProperty());
    return t;
  }();
  return table;
}

const ResultTable<MapRenderSummary>& MapRenderSummary::Fields() {
  using S = MapRenderSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("style", &S::style, StringSchema())
      .Add("x", &S::x, CountSchema())
      .Add("y", &S::y, CountSchema())
      .Add("w", &S::w, CountSchema())
      .Add("h", &S::h, CountSchema())
      .Add("region", &S::region,
           {{"type", "string"}, {"enum", {"occupied", "request", "whole map"}}}, false)
      .Add("occupied", &S::occupied,
           {{"anyOf", json::array({json{{"type", "null"}}, ObjectSchema<MapCells>()})}}, false)
      .Add("pixels_per_cell", &S::pixels_per_cell, CountSchema())
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .AddWhenSet("objects", &S::objects, {{"type", "object"}})
      .AddWhenSet("mission", &S::mission, {{"type", "object"}})
      .Add("bytes", &S::bytes, CountSchema(), false)
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

const ResultTable<MapCells>& MapCells::Fields() {
  static const ResultTable<MapCells> table = ResultTable<MapCells>()
      .Add("x", &MapCells::x, CountSchema())
      .Add("y", &MapCells::y, CountSchema())
      .Add("w", &MapCells::w, CountSchema())
      .Add("h", &MapCells::h, CountSchema());
  return table;
}

namespace {

// A stage whose length is not known beforehand: it reports the job where it
// stands, and passes a stop on.
class HeldProgress final : public Progress {
 public:
  HeldProgress(Progress& job, uint64_t at, uint64_t total) : job_(job), at_(at), total_(total) {}
  bool Report(uint64_t, uint64_t) override { return job_.Report(at_, total_); }

 private:
  Progress& job_;
  uint64_t at_, total_;
};

// The map `asset` drawn as `request` asks, its style read from `context`.
// Its progress counts rows of pixels, drawn then encoded.
absl::StatusOr<MapRenderOutcome> RenderMap(const contexts::Context& context, const Asset& asset,
                                           const MapRenderRequest& request, Progress& progress) {
  if (absl::Status s = RequireKind(asset, {FileKind::kCityMap}); !s.ok()) return s;
  absl::StatusOr<gta::CityMap> map = gta::ReadCityMap(asset.bytes, asset.path);
  if (!map.ok()) return map.status();
  MapRenderOutcome out;
  MapRenderSummary& s = out.summary;
  absl::StatusOr<gta::Style> style = OpenStyle(context, asset.path, *map, request, s.style);
  if (!style.ok()) return style.status();
  const std::optional<gta::MapRect> occupied = gta::OccupiedRect(*map);
  if (occupied) s.occupied = MapCells{occupied->x, occupied->y, occupied->w, occupied->h};
  gta::MapRenderOptions options;
  s.region = ChooseRegion(request, occupied, options.rect, s.warnings);
  options.pixels_per_cell = request.GtaScale();
  // Rows drawn, objects drawn over them, rows encoded.
  const uint64_t rows = uint64_t(options.rect.h) * uint64_t(request.GtaScale());
  const uint64_t objects =
      request.Overlay("objects") ? MapObjectsNear(*map, options.rect) : 0;
  const uint64_t total = 2 * rows + objects;
  StageProgress drawing(progress, 0, total), overlay(progress, rows, total),
      encoding(progress, rows + objects, total);
  options.progress = &drawing;
  absl::StatusOr<gta::MapRender> render = gta::RenderMap(*map, *style, options);
  if (!render.ok()) return render.status();
  if (request.Overlay("objects")) {
    absl::StatusOr<OverlayCount> drawn =
        DrawMapObjects(*map, *style, options.rect, request.GtaScale(), render->picture, overlay,
                       render->warnings);
    if (!drawn.ok()) return drawn.status();
    s.objects = *drawn;
  }
  if (request.mission) {
    HeldProgress held(progress, rows + objects, total);
    absl::StatusOr<MissionOverlay> mission =
        DrawMission(context, asset.path, *request.mission, *style, options.rect,
                    request.GtaScale(), render->picture, held, render->warnings);
    if (!mission.ok()) return mission.status();
    s.mission = *std::move(mission);
  }
  image::PngOptions png_options;
  png_options.progress = &encoding;
  absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(render->picture, png_options);
  if (!png.ok()) return png.status();
  s.path = asset.path;
  s.x = options.rect.x;
  s.y = options.rect.y;
  s.w = options.rect.w;
  s.h = options.rect.h;
  s.pixels_per_cell = request.GtaScale();
  s.width = render->picture.width;
  s.height = render->picture.height;
  s.bytes = png->size();
  s.warnings.insert(s.warnings.end(), render->warnings.begin(), render->warnings.end());
  out.png = *std::move(png);
  out.picture = std::move(render->picture);
  return out;
}

json MapRenderOutput() {
  json schema = PictureToolOutput(
      EitherShape(MapRenderSummary::Fields().Schema(), TaMapRenderSummary::Fields().Schema()));
  schema["properties"]["written"] = WrittenSchema();
  return schema;
}

// "PATH cells X0..X1 x Y0..Y1 (the occupied area)", for the caption.
std::string Subject(const MapRenderSummary& s) {
  const std::string region = s.region == "occupied" ? " (its occupied area)"
                             : s.region == "whole map" ? " (the whole map: no cell is occupied)"
                                                       : "";
  return absl::StrCat(s.path, " cells ", s.x, "..", s.x + s.w - 1, " x ", s.y, "..",
                      s.y + s.h - 1, region);
}

}  // namespace

absl::Status CheckGtaRequest(const MapRenderRequest& r) {
  if (r.unit && *r.unit != "cell") {
    return absl::InvalidArgumentError(
        absl::StrCat("a GTA1 map is drawn by cells: unit '", *r.unit, "' is for TA maps"));
  }
  for (const std::string& overlay : r.overlays) {
    if (overlay != "objects") {
      return absl::InvalidArgumentError(
          absl::StrCat("overlay '", overlay, "' is for TA maps; a GTA1 map has 'objects'"));
    }
  }
  // In 64 bits: the schema does not bound x, y, w, h (a TA map's go further).
  const int64_t left = r.Left(), top = r.Top();
  const int64_t right = left + (r.w ? int64_t(*r.w) : gta::kMapSide - left);
  const int64_t bottom = top + (r.h ? int64_t(*r.h) : gta::kMapSide - top);
  if (left >= gta::kMapSide || top >= gta::kMapSide) {
    return absl::InvalidArgumentError(
        absl::StrCat("cell (", left, ", ", top, ") is outside the 256 x 256 map"));
  }
  if (right <= gta::kMapSide && bottom <= gta::kMapSide) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("cells ", left, "..", right - 1, " x ", top,
                                                 "..", bottom - 1,
                                                 " run past the 256 x 256 map"));
}

absl::StatusOr<MapRenderOutcome> RenderMapAsset(const contexts::Context& context,
                                                const MapRenderRequest& request,
                                                Progress& progress) {
  // The caller's mistakes first, before the file is read: no context named.
  if (absl::Status s = CheckGtaRequest(request); !s.ok()) return s;
  return WithContextAsset(context, request.path, [&](const Asset& asset) {
    return RenderMap(context, asset, request, progress);
  });
}

ToolResult RunMapRender(const contexts::Context& context, const MapRenderRequest& request,
                        const Limits& limits, Progress& progress,
                        contexts::ConfinedFolder* output) {
  if (IsTaMapPath(context, request.path)) {
    return RunTaMapRender(context, request, limits, progress, output);
  }
  absl::StatusOr<MapRenderOutcome> rendered = RenderMapAsset(context, request, progress);
  if (!rendered.ok()) return ErrorResult(rendered.status());
  absl::StatusOr<std::optional<WrittenFile>> written =
      WriteTargetIfGiven(output, request.target, rendered->png);
  if (!written.ok()) return ErrorResult(written.status());
  // The link draws exactly these cells with exactly this style.
  const MapRenderSummary& s = rendered->summary;
  MapRenderRequest resolved = request;
  resolved.path = s.path;
  resolved.style = s.style;
  resolved.x = s.x;
  resolved.y = s.y;
  resolved.w = s.w;
  resolved.h = s.h;
  resolved.scale = s.pixels_per_cell;
  ToolResult result = DeliverPicture(
      MapRenderSummary::Fields().ToJson(s),
      {rendered->png, "image/png", s.width, s.height, Subject(s),
       absl::StrCat("at ", s.pixels_per_cell, " px a cell"), "png"},
      limits,
      [&] {
        // Only what a GTA1 render reads.
        std::vector<std::string> skip = {"unit", "schema"};  // TA's
        if (resolved.overlays.empty()) skip.push_back("overlays");
        return PictureLink{PictureUri(context, kMapExport, MapRenderTable(), resolved, skip),
                           absl::StrCat(resolved.path, " (map render)"), "render"};
      },
      [&] { return CellPreview(*rendered, limits); });
  return WithWritten(std::move(result), *written);
}

namespace {

// The PNG a map_render link draws: the game's own render.
struct MapPng {
  std::vector<uint8_t> png;
};
absl::StatusOr<MapPng> DrawMapPng(const contexts::Context& context,
                                  const MapRenderRequest& request, Progress& progress) {
  if (IsTaMapPath(context, request.path)) {
    absl::StatusOr<TaMapRenderOutcome> ta = RenderTaMap(context, request, progress);
    if (!ta.ok()) return ta.status();
    return MapPng{std::move(ta->png)};
  }
  absl::StatusOr<MapRenderOutcome> gta = RenderMapAsset(context, request, progress);
  if (!gta.ok()) return gta.status();
  return MapPng{std::move(gta->png)};
}

}  // namespace

Tool MapRenderTool() {
  Tool tool = MakeContextTool<MapRenderRequest>(
      {"map_render", "Draw a map",
       "From above: GTA1 occupied area or cells; TA/TA:K all or a region, scaled, overlays.",
       {.long_running = true}},
      MapRenderTable(), MapRenderOutput(),
      [](const contexts::Context& context, const MapRenderRequest& request, const ToolCall& call) {
        return RunMapRender(context, request, call.limits, call.progress, call.output);
      });
  tool.picture = MakePngExport(kMapExport, MapRenderTable(), DrawMapPng);
  return tool;
}

}  // namespace kbot::tools
