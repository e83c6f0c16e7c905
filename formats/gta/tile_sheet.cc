#include "formats/gta/tile_sheet.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/image/scale.h"

namespace kbot::gta {

namespace {

absl::Status CheckOptions(const Style& style, const TileSheetOptions& o) {
  const int total = TileCount(style, o.kind);
  const absl::string_view kind = TileKindName(o.kind);
  if (o.first < 0 || o.count < 1 || o.first >= total || o.count > total - o.first) {
    return absl::OutOfRangeError(absl::StrCat(kind, " tiles ", o.first, " + ", o.count,
                                              ": the style has ", total, " ", kind, " tile(s)"));
  }
  if (o.columns < 1 || o.gap < 0) {
    return absl::InvalidArgumentError(absl::StrCat("a tile sheet needs at least 1 column and a "
                                                   "gap of at least 0, not ", o.columns,
                                                   " and ", o.gap));
  }
  if (o.remap < 0 || o.remap > 3) {
    return absl::InvalidArgumentError(absl::StrCat("remap ", o.remap, " is outside 0..3"));
  }
  if (o.scale < image::kMinScale || o.scale > image::kMaxScale) {
    return absl::InvalidArgumentError(absl::StrCat("scale ", o.scale, " is outside ",
                                                   image::kMinScale, "..", image::kMaxScale));
  }
  return absl::OkStatus();
}

// The r of the tile's palette slot 4 n + r: the face direction for a side
// tile, the remap for the others.
int PaletteRemap(const TileSheetOptions& o) {
  return o.kind == TileKind::kSide ? int(o.direction) : o.remap;
}

// Tile t of the kind at one texel a pixel, recorded in the sheet's list; or
// nullopt, with a warning, when its texels or its palette cannot be had.
std::optional<image::RgbaPicture> DrawTile(const Style& style, const TileSheetOptions& o, int t,
                                           TileSheet& sheet) {
  const int tile = TileOf(style, o.kind, t);
  // A G24 tile's palette is a CLUT the palette index names; an 8-bit one's a
  // remap table over the style's palette.
  const absl::StatusOr<int> source =
      style.eight_bit() ? style.TileRemapTable(tile, PaletteRemap(o))
                        : style.ClutOfPalette(TilePaletteSlot(tile, PaletteRemap(o)));
  const absl::StatusOr<palette::Palette> pal =
      !source.ok()        ? absl::StatusOr<palette::Palette>(source.status())
      : style.eight_bit() ? style.TablePalette(*source)
                          : style.Clut(*source);
  const absl::StatusOr<TileTexels> texels = style.Tile(tile);
  SheetTile& entry = sheet.tiles.emplace_back(SheetTile{t, std::nullopt, std::nullopt});
  if (pal.ok()) (style.eight_bit() ? entry.table : entry.clut) = *source;
  const absl::string_view kind = TileKindName(o.kind);
  if (!texels.ok()) {
    sheet.warnings.push_back(
        absl::StrCat(kind, " tile ", t, " not drawn: ", texels.status().message()));
    return std::nullopt;
  }
  if (!pal.ok()) {
    sheet.warnings.push_back(
        absl::StrCat(kind, " tile ", t, " drawn transparent: ", pal.status().message()));
    return std::nullopt;
  }
  image::RgbaPicture out(kTileSide, kTileSide);
  for (size_t i = 0; i < kTileBytes; ++i) {
    const palette::Rgb& c = pal->colors[(*texels)[i]];
    uint8_t* px = &out.rgba[4 * i];
    px[0] = c.r, px[1] = c.g, px[2] = c.b, px[3] = 255;
  }
  return out;
}

// Copies `tile` into `sheet` with its top-left corner at (x, y), inside it.
void Place(const image::RgbaPicture& tile, int x, int y, image::RgbaPicture& sheet) {
  const size_t row_bytes = size_t(tile.width) * 4;
  for (int v = 0; v < tile.height; ++v) {
    std::memcpy(&sheet.rgba[(size_t(y + v) * size_t(sheet.width) + size_t(x)) * 4],
                &tile.rgba[size_t(v) * row_bytes], row_bytes);
  }
}

}  // namespace

absl::string_view TileKindName(TileKind kind) {
  switch (kind) {
    case TileKind::kSide: return "side";
    case TileKind::kLid: return "lid";
    case TileKind::kAux: return "aux";
  }
  return "unknown";
}

int TileCount(const Style& style, TileKind kind) {
  switch (kind) {
    case TileKind::kSide: return style.side_tiles;
    case TileKind::kLid: return style.lid_tiles;
    case TileKind::kAux: return style.aux_tiles;
  }
  return 0;
}

int TileOf(const Style& style, TileKind kind, int number) {
  switch (kind) {
    case TileKind::kSide: return style.SideTile(number);
    case TileKind::kLid: return style.LidTile(number);
    case TileKind::kAux: return style.AuxTile(number);
  }
  return number;
}

absl::StatusOr<TileSheet> DrawTileSheet(const Style& style, const TileSheetOptions& options) {
  if (absl::Status s = CheckOptions(style, options); !s.ok()) return s;
  TileSheet sheet;
  sheet.columns = std::min(options.columns, options.count);
  sheet.rows = (options.count + sheet.columns - 1) / sheet.columns;
  const int side = kTileSide * options.scale;
  sheet.picture = image::RgbaPicture(sheet.columns * side + (sheet.columns - 1) * options.gap,
                                     sheet.rows * side + (sheet.rows - 1) * options.gap);
  for (int i = 0; i < options.count; ++i) {
    std::optional<image::RgbaPicture> tile = DrawTile(style, options, options.first + i, sheet);
    if (!tile) continue;
    absl::StatusOr<image::RgbaPicture> scaled = image::ScaleNearest(*tile, options.scale);
    if (!scaled.ok()) return scaled.status();
    Place(*scaled, (i % sheet.columns) * (side + options.gap),
          (i / sheet.columns) * (side + options.gap), sheet.picture);
    if (options.progress != nullptr &&
        !options.progress->Report(uint64_t(i + 1), uint64_t(options.count),
                                  absl::StrCat("drew tile ", i + 1, " of ", options.count))) {
      return absl::CancelledError("tile sheet: cancelled");
    }
  }
  return sheet;
}

}  // namespace kbot::gta
