#include "tools/map_render_tool.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "formats/gta/cmp.h"
#include "formats/gta/map_render.h"
#include "formats/gta/style.h"
#include "formats/image/png_encode.h"
#include "tools/file_kind.h"
#include "tools/image_result.h"
#include "tools/picture_delivery.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

constexpr const char* kMapExport = "map";

absl::Status InsideTheMap(const MapRenderRequest& r) {
  if (r.x + r.Width() <= gta::kMapSide && r.y + r.Height() <= gta::kMapSide) {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat("cells ", r.x, "..", r.x + r.Width() - 1, " x ",
                                                 r.y, "..", r.y + r.Height() - 1,
                                                 " run past the 256 x 256 map"));
}

// The style a map names: STYLE%03d.G24 beside it.
std::string DefaultStylePath(const std::string& map_path, int style_number) {
  const size_t slash = map_path.rfind('/');
  const std::string folder = slash == std::string::npos ? "" : map_path.substr(0, slash + 1);
  return absl::StrFormat("%sSTYLE%03d.G24", folder, style_number);
}

// The style `request` names, or the map's own, read and checked.
absl::StatusOr<gta::Style> OpenStyle(const contexts::Context& context, const std::string& map_path,
                                     const gta::CityMap& map, const MapRenderRequest& request,
                                     std::string& style_path) {
  style_path = request.style ? *request.style : DefaultStylePath(map_path, map.header().style);
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

// The same cells at the largest smaller scale whose PNG fits inline.
// (Its reports are below the done render's, so they only check for a stop.)
std::optional<PicturePreview> SmallerRender(const contexts::Context& context,
                                            MapRenderRequest request, size_t limit,
                                            Progress& progress) {
  for (request.scale /= 2; request.scale >= 1; request.scale /= 2) {
    absl::StatusOr<MapRenderOutcome> preview = RenderMapAsset(context, request, progress);
    if (!preview.ok()) return std::nullopt;
    if (Base64Size(preview->png.size()) <= limit) {
      json description = {{"width", preview->summary.width},
                          {"height", preview->summary.height},
                          {"pixels_per_cell", request.scale}};
      return PicturePreview{std::move(description), std::move(preview->png), "image/png"};
    }
  }
  return std::nullopt;
}

}  // namespace

const RequestTable<MapRenderRequest>& MapRenderTable() {
  static const RequestTable<MapRenderRequest> table = [] {
    using R = MapRenderRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The city map, e.g. GTADATA/NYC.CMP")
        .Add("style", &R::style,
             PathProperty("The style to draw with (default: the map's STYLE%03d.G24 beside it)"))
        .Add("x", &R::x, IntegerParam(0, gta::kMapSide - 1, "First column of cells to draw"))
        .Add("y", &R::y, IntegerParam(0, gta::kMapSide - 1, "First row of cells to draw"))
        .Add("w", &R::w,
             IntegerParam(1, gta::kMapSide, "Columns of cells (default: to the east edge)"))
        .Add("h", &R::h,
             IntegerParam(1, gta::kMapSide, "Rows of cells (default: to the south edge)"))
        .Add("scale", &R::scale,
             IntegerParam(1, gta::kMaxPixelsPerCell,
                          "Pixels per cell (8: the whole map is 2048 x 2048; 64: the tiles' own "
                          "size)"))
        .AddCheck(InsideTheMap);
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
      .Add("pixels_per_cell", &S::pixels_per_cell, CountSchema())
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("bytes", &S::bytes, CountSchema(), false)
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

namespace {

// The map `asset` drawn as `request` asks, its style read from `context`.
// Its progress counts rows of pixels, drawn then encoded.
absl::StatusOr<MapRenderOutcome> RenderMap(const contexts::Context& context, const Asset& asset,
                                           const MapRenderRequest& request, Progress& progress) {
  if (absl::Status s = RequireKind(asset, {FileKind::kCityMap}); !s.ok()) return s;
  absl::StatusOr<gta::CityMap> map = gta::ReadCityMap(asset.bytes, asset.path);
  if (!map.ok()) return map.status();
  MapRenderOutcome out;
  absl::StatusOr<gta::Style> style =
      OpenStyle(context, asset.path, *map, request, out.summary.style);
  if (!style.ok()) return style.status();
  gta::MapRenderOptions options;
  options.rect = {request.x, request.y, request.Width(), request.Height()};
  options.pixels_per_cell = request.scale;
  const uint64_t rows = uint64_t(request.Height()) * uint64_t(request.scale);
  StageProgress drawing(progress, 0, 2 * rows), encoding(progress, rows, 2 * rows);
  options.progress = &drawing;
  absl::StatusOr<gta::MapRender> render = gta::RenderMap(*map, *style, options);
  if (!render.ok()) return render.status();
  image::PngOptions png_options;
  png_options.progress = &encoding;
  absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(render->picture, png_options);
  if (!png.ok()) return png.status();
  MapRenderSummary& s = out.summary;
  s.path = asset.path;
  s.x = request.x;
  s.y = request.y;
  s.w = request.Width();
  s.h = request.Height();
  s.pixels_per_cell = request.scale;
  s.width = render->picture.width;
  s.height = render->picture.height;
  s.bytes = png->size();
  s.warnings = render->warnings;
  out.png = *std::move(png);
  return out;
}

}  // namespace

absl::StatusOr<MapRenderOutcome> RenderMapAsset(const contexts::Context& context,
                                                const MapRenderRequest& request,
                                                Progress& progress) {
  return WithContextAsset(context, request.path, [&](const Asset& asset) {
    return RenderMap(context, asset, request, progress);
  });
}

ToolResult RunMapRender(const contexts::Context& context, const MapRenderRequest& request,
                        const Limits& limits, Progress& progress) {
  absl::StatusOr<MapRenderOutcome> rendered = RenderMapAsset(context, request, progress);
  if (!rendered.ok()) return ErrorResult(rendered.status());
  // The link and the preview draw exactly these cells with exactly this style.
  MapRenderRequest resolved = request;
  resolved.path = rendered->summary.path;
  resolved.style = rendered->summary.style;
  resolved.w = rendered->summary.w;
  resolved.h = rendered->summary.h;
  const size_t limit = limits.max_inline_image_base64;
  return DeliverPicture(
      MapRenderSummary::Fields().ToJson(rendered->summary), rendered->png, "image/png", limit,
      [&] {
        return PictureLink{PictureUri(context, kMapExport, MapRenderTable(), resolved),
                           absl::StrCat(resolved.path, " (map render)"), "render"};
      },
      [&] { return SmallerRender(context, resolved, limit, progress); });
}

Tool MapRenderTool() {
  Tool tool = MakeContextTool<MapRenderRequest>(
      {"map_render", "Draw a GTA1 city map from above",
       "Draws a GTA1 city map (or a region, in cells) from above with its style's tiles."},
      MapRenderTable(), PictureToolOutput(MapRenderSummary::Fields().Schema()),
      [](const contexts::Context& context, const MapRenderRequest& request, const ToolCall& call) {
        return RunMapRender(context, request, call.limits, call.progress);
      });
  tool.picture = MakePngExport(kMapExport, MapRenderTable(), RenderMapAsset);
  return tool;
}

}  // namespace kbot::tools
