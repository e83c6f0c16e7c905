// TA: Kingdoms terrain: 32 x 32 RGB tiles from the caller's JPEG sheets, in
// true colour; tints blend the colours themselves.
#include <algorithm>
#include <cstring>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "formats/tnt/render_internal.h"

namespace kbot::tnt::render_detail {

namespace {

// The sheet ids a warning lists before "...".
constexpr size_t kSheetsNamed = 10;

class KingdomsPainter final : public TerrainPainter {
 public:
  KingdomsPainter(const TntMap& map, const RenderOptions& options)
      : map_(map), options_(options) {
    if (options.water_tint || options.height_tint) tints_ = std::make_unique<TintTables>();
  }

  int bpp() const override { return 4; }
  void Allocate(MapPicture& out, int width, int height) override {
    image::RgbaPicture& p = out.rgba.emplace();
    p.width = width, p.height = height;
    AllocatePlane(p.rgba, p.pixels() * 4, 0);
  }
  uint8_t* OutputRow(MapPicture& out, int row) override {
    return out.rgba->rgba.data() + size_t(row) * size_t(out.rgba->width) * 4;
  }
  void DrawTerrain(const Surface& band) override;
  void Shrink(const Surface& band, int region_y, Shrinker& shrinker) override {
    for (int y = band.y0; y < band.y1(); ++y) {
      const uint8_t* row = band.At(band.x0, y);
      shrinker.AddRow(y - region_y, [&](int x) {
        const uint8_t* p = row + size_t(x) * 4;
        return PackRgb(p[0], p[1], p[2]);
      });
    }
  }
  void PutRow(MapPicture& out, int row, const uint8_t* rgb) override {
    uint8_t* p = OutputRow(out, row);
    for (int x = 0; x < out.rgba->width; ++x, rgb += 3, p += 4) {
      p[0] = rgb[0], p[1] = rgb[1], p[2] = rgb[2], p[3] = 255;
    }
  }
  void Finish(MapPicture& out) override;

 private:
  const uint8_t* TileAt(int tx, int ty);
  void DrawPlaceholder(const Surface& band, int left, int right);
  void TintCells(const Surface& band);

  const TntMap& map_;
  const RenderOptions& options_;
  std::unique_ptr<TintTables> tints_;
  std::set<uint32_t> missing_;  // the sheet ids not supplied
  int missing_tiles_ = 0, off_grid_ = 0;
};

// The caller's tile at tile position (tx, ty), asked for once (each tile row
// is one band), or nullptr (counted) for a placeholder.
const uint8_t* KingdomsPainter::TileAt(int tx, int ty) {
  if (tx >= map_.tiles_across() || ty >= map_.tiles_down()) {
    ++off_grid_;
    return nullptr;
  }
  const size_t i = size_t(ty) * size_t(map_.tiles_across()) + size_t(tx);
  const uint32_t sheet = map_.tile_sheet[i];
  const uint8_t* tile = options_.kingdoms_tile
                            ? options_.kingdoms_tile(sheet, map_.tile_column[i], map_.tile_row[i])
                            : nullptr;
  if (tile == nullptr) missing_.insert(sheet), ++missing_tiles_;
  return tile;
}

void KingdomsPainter::DrawPlaceholder(const Surface& band, int left, int right) {
  for (int y = band.y0; y < band.y1(); ++y) {
    uint8_t* out = band.At(left, y);
    const size_t row = size_t(y / kCellPixels) * map_.width;
    for (int x = left; x < right; ++x, out += 4) {
      const palette::Rgb c = PlaceholderRgb(map_.heights[row + size_t(x / kCellPixels)], x, y,
                                            /*green=*/true);
      out[0] = c.r, out[1] = c.g, out[2] = c.b, out[3] = 255;
    }
  }
}

void KingdomsPainter::DrawTerrain(const Surface& band) {
  const int ty = band.y0 / kTilePixels;
  for (int tx = band.x0 / kTilePixels; tx * kTilePixels < band.x1(); ++tx) {
    const int left = std::max(band.x0, tx * kTilePixels);
    const int right = std::min(band.x1(), (tx + 1) * kTilePixels);
    const uint8_t* tile = TileAt(tx, ty);
    if (tile == nullptr) {
      DrawPlaceholder(band, left, right);
      continue;
    }
    for (int y = band.y0; y < band.y1(); ++y) {
      const uint8_t* from = tile + (size_t(y - ty * kTilePixels) * kTilePixels +
                                    size_t(left - tx * kTilePixels)) * 3;
      uint8_t* to = band.At(left, y);
      for (int x = left; x < right; ++x, from += 3, to += 4) {
        to[0] = from[0], to[1] = from[1], to[2] = from[2], to[3] = 255;
      }
    }
  }
  if (tints_ != nullptr) TintCells(band);
}

void KingdomsPainter::TintCells(const Surface& band) {
  for (int cy = band.y0 / kCellPixels; cy * kCellPixels < band.y1(); ++cy) {
    const int top = std::max(band.y0, cy * kCellPixels);
    const int bottom = std::min(band.y1(), (cy + 1) * kCellPixels);
    for (int cx = band.x0 / kCellPixels; cx * kCellPixels < band.x1(); ++cx) {
      const int kind = ShadeKind(map_, options_, size_t(cy) * map_.width + size_t(cx));
      if (kind == kPlainKind) continue;
      const auto& channel = tints_->channel[size_t(kind)];
      const int left = std::max(band.x0, cx * kCellPixels);
      const int right = std::min(band.x1(), (cx + 1) * kCellPixels);
      for (int y = top; y < bottom; ++y) {
        uint8_t* p = band.At(left, y);
        for (int x = left; x < right; ++x, p += 4) {
          p[0] = channel[0][p[0]], p[1] = channel[1][p[1]], p[2] = channel[2][p[2]];
        }
      }
    }
  }
}

void KingdomsPainter::Finish(MapPicture& out) {
  const int tiles = missing_tiles_;
  out.placeholder_tiles += tiles + off_grid_;
  out.missing_sheets.assign(missing_.begin(), missing_.end());  // sorted
  if (tiles > 0) {
    const size_t named = std::min(missing_.size(), kSheetsNamed);
    const auto& ids = out.missing_sheets;
    out.warnings.push_back(absl::StrCat(
        tiles, tiles == 1 ? " tile" : " tiles", " drawn as placeholders: ",
        options_.kingdoms_tile ? "no tile sheet for " : "no tile sheets supplied, ",
        missing_.size() == 1 ? "id " : "ids ",
        // In hex, as the sheets' file names spell them (terrain/00001003.jpg).
        absl::StrJoin(ids.begin(), ids.begin() + long(named), ", ",
                      [](std::string* o, uint32_t id) {
                        absl::StrAppend(o, absl::Hex(id, absl::kZeroPad8));
                      }),
        named < missing_.size() ? ", ..." : ""));
  }
  if (off_grid_ > 0) {
    out.warnings.push_back(absl::StrCat(
        off_grid_, off_grid_ == 1 ? " tile position" : " tile positions",
        " drawn as placeholders: the map's ", map_.width, " x ", map_.height,
        " cells (an odd side) leave a half tile at the edge, with no tile"));
  }
}

}  // namespace

std::unique_ptr<TerrainPainter> MakeKingdomsPainter(const TntMap& map,
                                                    const RenderOptions& options) {
  return std::make_unique<KingdomsPainter>(map, options);
}

}  // namespace kbot::tnt::render_detail
