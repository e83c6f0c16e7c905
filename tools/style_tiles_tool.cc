#include "tools/style_tiles_tool.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/gta/style.h"
#include "formats/gta/tile_sheet.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {

constexpr int kMaxTileScale = 4;

gta::TileKind KindOf(const std::string& kind) {
  if (kind == "side") return gta::TileKind::kSide;
  if (kind == "lid") return gta::TileKind::kLid;
  return gta::TileKind::kAux;
}

// The schema allows only these four.
gta::SideDirection DirectionOf(const std::optional<std::string>& d) {
  if (d == "bottom") return gta::SideDirection::kBottom;
  if (d == "left") return gta::SideDirection::kLeft;
  if (d == "right") return gta::SideDirection::kRight;
  return gta::SideDirection::kTop;
}

absl::Status RemapOrDirection(const StyleTilesRequest& r) {
  if (r.kind == "side" && r.remap) {
    return absl::InvalidArgumentError(
        "side tiles take a direction (top, bottom, left, right), not a remap");
  }
  if (r.kind != "side" && r.direction) {
    return absl::InvalidArgumentError(
        "a direction is for side tiles; lid and aux tiles take a remap 0-3");
  }
  return absl::OkStatus();
}

// How many tiles `request` draws from a kind of `total`, or why none.
absl::StatusOr<int> TileCount(const Asset& asset, const StyleTilesRequest& request, int total) {
  const std::string& kind = request.kind;
  if (request.first >= total) {
    return AssetError(asset, absl::StatusCode::kOutOfRange,
                      absl::StrCat("no ", kind, " tile ", request.first, ": the style has ",
                                   total, " ", kind, " tile(s)"));
  }
  const int available = total - request.first;
  const int count = request.count.value_or(std::min(available, kDefaultTileCount));
  if (count > available) {
    return AssetError(asset, absl::StatusCode::kOutOfRange,
                      absl::StrCat(kind, " tiles ", request.first, "..",
                                   request.first + count - 1, ": the style has ", total, " ",
                                   kind, " tile(s)"));
  }
  return count;
}

// The request's scale, else the largest in 1..kMaxTileScale whose sheet of
// `count` tiles is at most 512 px wide and 1568 high: a few tiles are
// enlarged, a full row of 8 stays at 1.
int ScaleFor(const StyleTilesRequest& request, int count) {
  if (request.scale) return *request.scale;
  const int columns = std::min(request.columns, count);
  const int rows = (count + columns - 1) / columns;
  for (int scale = kMaxTileScale; scale > 1; --scale) {
    const int width = columns * gta::kTileSide * scale + (columns - 1) * kTileGap;
    const int height = rows * gta::kTileSide * scale + (rows - 1) * kTileGap;
    if (width <= 512 && height <= 1568) return scale;
  }
  return 1;
}

}  // namespace

const RequestTable<StyleTilesRequest>& StyleTilesTable() {
  static const RequestTable<StyleTilesRequest> table = [] {
    using R = StyleTilesRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The .G24 or .GRY style")
        .Add("kind", &R::kind,
             EnumParam({"side", "lid", "aux"}, "side: walls; lid: tops; aux: extras"))
        .Add("first", &R::first,
             {{"type", "integer"}, {"minimum", 0}, {"description", "First tile"}})
        .Add("count", &R::count,
             IntegerParam(1, 400, "Tiles drawn (default: the rest, at most 64)"))
        .Add("remap", &R::remap,
             IntegerParam(0, 3, "Lid and aux palette remap (default 0)"))
        .Add("direction", &R::direction,
             EnumParam({"top", "bottom", "left", "right"},
                       "Side: whose face palette (default top)"))
        .Add("columns", &R::columns, IntegerParam(1, 64, "Tiles a row"))
        .Add("scale", &R::scale,
             IntegerParam(1, kMaxTileScale, "Pixels per texel (default: up to 512 px wide)"))
        .AddCheck(RemapOrDirection);
    return t;
  }();
  return table;
}

const ResultTable<SheetTileInfo>& SheetTileInfo::Fields() {
  using S = SheetTileInfo;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("tile", &S::tile, CountSchema())
      .Add("clut", &S::clut, {{"type", {"integer", "null"}}})
      .AddWhenSet("table", &S::table, CountSchema());
  return table;
}

const ResultTable<StyleTilesSummary>& StyleTilesSummary::Fields() {
  using S = StyleTilesSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("kind", &S::kind, {{"type", "string"}, {"enum", {"side", "lid", "aux"}}})
      .Add("first", &S::first, CountSchema())
      .Add("count", &S::count, CountSchema())
      .Add("total", &S::total, CountSchema(), false)
      .AddWhenSet("remap", &S::remap, CountSchema())
      .AddWhenSet("direction", &S::direction, StringSchema())
      .Add("columns", &S::columns, CountSchema())
      .Add("rows", &S::rows, CountSchema(), false)
      .Add("scale", &S::scale, CountSchema(), false)
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("tiles", &S::tiles, ArraySchema<SheetTileInfo>())
      .Add("warnings", &S::warnings, StringArraySchema())
      .Add("bytes", &S::bytes, CountSchema());
  return table;
}

absl::StatusOr<StyleTilesOutcome> DrawStyleTiles(const Asset& asset,
                                                 const StyleTilesRequest& request,
                                                 Progress& progress) {
  if (absl::Status s = RequireKind(asset, {FileKind::kStyle}); !s.ok()) return s;
  absl::StatusOr<gta::Style> style = gta::ReadStyle(asset.bytes, asset.path);
  if (!style.ok()) return style.status();
  const gta::TileKind kind = KindOf(request.kind);
  const int total = gta::TileCount(*style, kind);
  absl::StatusOr<int> count = TileCount(asset, request, total);
  if (!count.ok()) return count.status();
  const int remap = request.remap.value_or(0);
  // Drawing the tiles, then encoding the sheet's rows: `count` units each.
  StageProgress drawing(progress, 0, 2 * uint64_t(*count));
  ScaledStage encoding(progress, uint64_t(*count), uint64_t(*count), 2 * uint64_t(*count));
  const int scale = ScaleFor(request, *count);
  absl::StatusOr<gta::TileSheet> sheet =
      gta::DrawTileSheet(*style, {kind, request.first, *count, remap,
                                  DirectionOf(request.direction), request.columns, scale,
                                  kTileGap, &drawing});
  if (!sheet.ok()) return sheet.status();
  StyleTilesOutcome out;
  StyleTilesSummary& s = out.summary;
  s.path = asset.path;
  s.kind = request.kind;
  s.first = request.first;
  s.count = *count;
  s.total = total;
  if (request.kind == "side") {
    s.direction = request.direction.value_or("top");
  } else {
    s.remap = remap;
  }
  s.columns = sheet->columns;
  s.rows = sheet->rows;
  s.scale = scale;
  s.width = sheet->picture.width;
  s.height = sheet->picture.height;
  for (const gta::SheetTile& t : sheet->tiles) s.tiles.push_back({t.tile, t.clut, t.table});
  s.warnings = style->warnings;
  s.warnings.insert(s.warnings.end(), sheet->warnings.begin(), sheet->warnings.end());
  absl::StatusOr<EncodedPicture> image = EncodePicture(std::move(sheet->picture), &encoding);
  if (!image.ok()) return image.status();
  out.image = *std::move(image);
  s.bytes = out.image.png.size();
  return out;
}

namespace {

// The tool and its kbot:// export draw through this.
const DrawingTool<StyleTilesRequest, StyleTilesSummary>& StyleTilesPicture() {
  static const DrawingTool<StyleTilesRequest, StyleTilesSummary> tool{
      kStyleTilesExport, StyleTilesTable(),
      [](const contexts::Context&, const Asset& asset, const StyleTilesRequest& request,
         Progress& progress) { return DrawStyleTiles(asset, request, progress); },
      [](const StyleTilesSummary& s) {
        return absl::StrCat(s.path, " ", s.kind, " tiles ", s.first, "..", s.first + s.count - 1,
                            s.remap ? absl::StrCat(" (remap ", *s.remap, ")")
                                    : absl::StrCat(" (", s.direction.value_or("top"), " faces)"));
      }};
  return tool;
}

}  // namespace

ToolResult RunStyleTiles(const contexts::Context& context, const StyleTilesRequest& request,
                         const Limits& limits, Progress& progress) {
  return StyleTilesPicture().Run(context, request, limits, progress);
}

Tool StyleTilesTool() {
  return StyleTilesPicture().Make(
      {"style_tiles", "Draw a GTA1 style's tiles",
      "Draws a run of a GTA1 style's tiles (side, lid or aux) as a sheet."});
}

}  // namespace kbot::tools
