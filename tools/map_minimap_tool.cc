#include "tools/map_minimap_tool.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/image/image_decode.h"
#include "formats/image/png_encode.h"
#include "formats/tnt/render.h"
#include "tools/image_result.h"
#include "tools/output_target.h"
#include "tools/picture_delivery.h"
#include "tools/ta_map.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

constexpr const char* kMinimapExport = "minimap";
constexpr const char* kHeightmapExport = "heightmap";
constexpr const char* kTaMapPath = ".tnt, .ota or map name";

}  // namespace

const RequestTable<MapMinimapRequest>& MapMinimapTable() {
  static const RequestTable<MapMinimapRequest> table = [] {
    RequestTable<MapMinimapRequest> t;
    AddAssetParams(t, kTaMapPath)
        .Add("large", &MapMinimapRequest::large, BooleanParam("TA:K: the large one"))
        .AddOutput("target", &MapMinimapRequest::target, TargetProperty());
    return t;
  }();
  return table;
}

const RequestTable<MapHeightmapRequest>& MapHeightmapTable() {
  static const RequestTable<MapHeightmapRequest> table = [] {
    RequestTable<MapHeightmapRequest> t;
    AddAssetParams(t, kTaMapPath)
        .Add("stretch", &MapHeightmapRequest::stretch,
             BooleanParam("Lowest..highest as 0..255"))
        .AddOutput("target", &MapHeightmapRequest::target, TargetProperty());
    return t;
  }();
  return table;
}

const ResultTable<MapPictureSummary>& MapPictureSummary::Fields() {
  using S = MapPictureSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("bytes", &S::bytes, CountSchema(), false)
      .AddWhenSet("lowest", &S::lowest, CountSchema())
      .AddWhenSet("highest", &S::highest, CountSchema())
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

absl::StatusOr<MapPictureOutcome> DrawMinimap(const contexts::Context& context,
                                              const MapMinimapRequest& request) {
  absl::StatusOr<OpenedTaMap> map = OpenTaMap(context, request.path);
  if (!map.ok()) return map.status();
  const tnt::TntMap& m = *map->map;
  if (request.large && m.game != tnt::Game::kKingdoms) {
    return absl::InvalidArgumentError(  // the caller's mistake: no context named
        absl::StrCat(map->path, " is a TA map: only TA: Kingdoms maps have a large minimap"));
  }
  const std::optional<tnt::Minimap>& minimap = request.large ? m.large_minimap : m.minimap;
  if (!minimap) {
    return InContext(context, absl::NotFoundError(absl::StrCat(
        map->path, " has no readable ", request.large ? "large " : "", "minimap",
        m.warnings.empty() ? "" : absl::StrCat(" (", m.warnings.front(), ")"),
        "; map_render draws the map at any scale")));
  }
  const image::IndexedPicture picture = tnt::MinimapRegion(*minimap);
  absl::StatusOr<image::EncodedImage> png =
      image::EncodeIndexedPng(picture, palette::TaPalette());
  if (!png.ok()) return png.status();
  MapPictureOutcome out;
  out.summary = {map->path, picture.width, picture.height, png->size(), std::nullopt,
                 std::nullopt, m.warnings};
  out.png = *std::move(png);
  return out;
}

absl::StatusOr<MapPictureOutcome> DrawHeightmap(const contexts::Context& context,
                                                const MapHeightmapRequest& request) {
  absl::StatusOr<OpenedTaMap> map = OpenTaMap(context, request.path);
  if (!map.ok()) return map.status();
  const tnt::TntMap& m = *map->map;
  const image::GreyPicture picture = tnt::Heightmap(m, request.stretch);
  absl::StatusOr<image::EncodedImage> png = image::EncodeGreyPng(picture);
  if (!png.ok()) return png.status();
  const auto [low, high] = std::minmax_element(m.heights.begin(), m.heights.end());
  MapPictureOutcome out;
  out.summary = {map->path, picture.width, picture.height, png->size(),
                 m.heights.empty() ? 0 : int(*low), m.heights.empty() ? 0 : int(*high), {}};
  out.png = *std::move(png);
  return out;
}

namespace {

// The PNG drawn back as RGBA, for a preview (a map's pictures have no more
// than 4096 x 4096 pixels: 64 MB at most, and only when over the caps).
image::RgbaPicture RgbaOf(const std::vector<uint8_t>& png) {
  absl::StatusOr<image::DecodedImage> decoded = image::DecodePngFile(png, "map picture");
  if (!decoded.ok()) return image::RgbaPicture(1, 1);
  if (decoded->kind == image::DecodedImage::Kind::kRgba) {
    image::RgbaPicture out(decoded->width, decoded->height);
    out.rgba = std::move(decoded->rgba);
    return out;
  }
  image::RgbaPicture out(decoded->width, decoded->height);
  for (size_t i = 0; i < out.pixels(); ++i) {
    const uint8_t index = decoded->index[i];
    const palette::Rgb c = index < decoded->palette.size() ? decoded->palette[index] : palette::Rgb{};
    out.rgba[4 * i] = c.r;
    out.rgba[4 * i + 1] = c.g;
    out.rgba[4 * i + 2] = c.b;
    out.rgba[4 * i + 3] = decoded->opaque[i] ? 255 : 0;
  }
  return out;
}

// The picture inline, or a link that draws it again with a preview (a
// heightmap of a 4096-cell map is over the side cap).
template <class Request>
ToolResult Deliver(const contexts::Context& context, const char* export_name,
                   const RequestTable<Request>& table, const Request& request,
                   const absl::StatusOr<MapPictureOutcome>& drawn, const ToolCall& call) {
  if (!drawn.ok()) return ErrorResult(drawn.status());  // naming the context once
  absl::StatusOr<std::optional<WrittenFile>> written =
      WriteTargetIfGiven(call.output, request.target, drawn->png);
  if (!written.ok()) return ErrorResult(written.status());
  const MapPictureSummary& s = drawn->summary;
  Request resolved = request;
  resolved.path = s.path;
  ToolResult result = DeliverPicture(
      MapPictureSummary::Fields().ToJson(s),
      {drawn->png, "image/png", s.width, s.height, absl::StrCat(s.path, " ", export_name), "",
       "png"},
      call.limits,
      [&] {
        return PictureLink{PictureUri(context, export_name, table, resolved),
                           absl::StrCat(s.path, " (", export_name, ")"), export_name};
      },
      [&] { return AveragedPreview(RgbaOf(drawn->png), call.limits); });
  return WithWritten(std::move(result), *written);
}

// The summary's schema without the other tool's members (`omit`).
json MapPictureOutput(std::initializer_list<const char*> omit) {
  json schema = PictureToolOutput(MapPictureSummary::Fields().Schema());
  for (const char* name : omit) schema["properties"].erase(name);
  schema["properties"]["written"] = WrittenSchema();
  return schema;
}

}  // namespace

Tool MapMinimapTool() {
  Tool tool = MakeContextTool<MapMinimapRequest>(
      {"map_minimap", "A map's minimap",
       "A TA/TA:K map's stored minimap (the part showing the map)."},
      MapMinimapTable(), MapPictureOutput({"lowest", "highest"}),
      [](const contexts::Context& context, const MapMinimapRequest& request,
         const ToolCall& call) {
        return Deliver(context, kMinimapExport, MapMinimapTable(), request,
                       DrawMinimap(context, request), call);
      });
  tool.picture = MakePngExport(kMinimapExport, MapMinimapTable(), DrawMinimap);
  return tool;
}

Tool MapHeightmapTool() {
  Tool tool = MakeContextTool<MapHeightmapRequest>(
      {"map_heightmap", "A map's heightmap",
       "A TA/TA:K map's heights: one grey pixel (0-255) a cell."},
      MapHeightmapTable(), MapPictureOutput({"warnings"}),
      [](const contexts::Context& context, const MapHeightmapRequest& request,
         const ToolCall& call) {
        return Deliver(context, kHeightmapExport, MapHeightmapTable(), request,
                       DrawHeightmap(context, request), call);
      });
  tool.picture = MakePngExport(kHeightmapExport, MapHeightmapTable(), DrawHeightmap);
  return tool;
}

}  // namespace kbot::tools
