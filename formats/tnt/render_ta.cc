// TA terrain: tile pixels copied as palette indices, tints as index remaps.
#include <algorithm>
#include <array>
#include <cstring>
#include <optional>

#include "absl/strings/str_cat.h"
#include "formats/tnt/render_internal.h"

namespace kbot::tnt::render_detail {

namespace {

class TaPainter final : public TerrainPainter {
 public:
  TaPainter(const TntMap& map, const RenderOptions& options, const palette::Palette& palette,
            NearestColour& nearest)
      : map_(map),
        options_(options),
        nearest_(nearest),
        set_size_(std::min<size_t>(map.tile_count, map.tile_pixels.size() / kTileBytes)) {
    for (size_t i = 0; i < 256; ++i) {
      const palette::Rgb& c = palette.colors[i];
      packed_[i] = PackRgb(c.r, c.g, c.b);
    }
    grey_index_.fill(-1);
    if (options.water_tint || options.height_tint) tints_ = std::make_unique<TintTables>();
  }

  int bpp() const override { return 1; }
  void Allocate(MapPicture& out, int width, int height) override {
    image::IndexedPicture& p = out.indexed.emplace();
    p.width = width, p.height = height, p.key = 0;
    AllocatePlane(p.index, p.pixels(), 0);
    AllocatePlane(p.opaque, p.pixels(), 1);
  }
  uint8_t* OutputRow(MapPicture& out, int row) override {
    return out.indexed->index.data() + size_t(row) * size_t(out.indexed->width);
  }
  void DrawTerrain(const Surface& band) override;
  void Shrink(const Surface& band, int region_y, Shrinker& shrinker) override {
    for (int y = band.y0; y < band.y1(); ++y) {
      const uint8_t* row = band.At(band.x0, y);
      shrinker.AddRow(y - region_y, [&](int x) { return packed_[row[x]]; });
    }
  }
  void PutRow(MapPicture& out, int row, const uint8_t* rgb) override;
  void Finish(MapPicture& out) override;

 private:
  const uint8_t* TileAt(int tx, int ty);
  void DrawPlaceholder(const Surface& band, int left, int right);
  void TintCells(const Surface& band);
  const std::array<uint8_t, 256>& Remap(int kind);

  const TntMap& map_;
  const RenderOptions& options_;
  NearestColour& nearest_;
  const size_t set_size_;  // tiles the map holds pixels for
  std::array<uint64_t, 256> packed_;
  std::unique_ptr<TintTables> tints_;
  std::array<std::optional<std::array<uint8_t, 256>>, kShadeKinds> remaps_;
  std::array<int16_t, 256> grey_index_;  // placeholder grey level -> index, -1 unknown
  int past_set_ = 0, off_grid_ = 0;
};

// The tile at tile position (tx, ty), or nullptr (counted) for a placeholder.
const uint8_t* TaPainter::TileAt(int tx, int ty) {
  if (tx >= map_.tiles_across() || ty >= map_.tiles_down()) {
    ++off_grid_;
    return nullptr;
  }
  const uint16_t tile = map_.tile_index[size_t(ty) * size_t(map_.tiles_across()) + size_t(tx)];
  if (tile >= set_size_) {
    ++past_set_;
    return nullptr;
  }
  return map_.tile_pixels.data() + size_t(tile) * kTileBytes;
}

void TaPainter::DrawPlaceholder(const Surface& band, int left, int right) {
  for (int y = band.y0; y < band.y1(); ++y) {
    uint8_t* out = band.At(left, y);
    const size_t row = size_t(y / kCellPixels) * map_.width;
    for (int x = left; x < right; ++x) {
      const palette::Rgb c = PlaceholderRgb(map_.heights[row + size_t(x / kCellPixels)], x, y,
                                            /*green=*/false);
      int16_t& index = grey_index_[c.r];
      if (index < 0) index = nearest_.Find(c);
      *out++ = uint8_t(index);
    }
  }
}

void TaPainter::DrawTerrain(const Surface& band) {
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
      const uint8_t* from = tile + size_t(y - ty * kTilePixels) * kTilePixels +
                            size_t(left - tx * kTilePixels);
      std::memcpy(band.At(left, y), from, size_t(right - left));
    }
  }
  if (tints_ != nullptr) TintCells(band);
}

const std::array<uint8_t, 256>& TaPainter::Remap(int kind) {
  std::optional<std::array<uint8_t, 256>>& remap = remaps_[size_t(kind)];
  if (remap) return *remap;
  remap.emplace();
  const auto& channel = tints_->channel[size_t(kind)];
  const palette::Palette& pal = nearest_.palette();
  for (size_t i = 0; i < 256; ++i) {
    const palette::Rgb& c = pal.colors[i];
    (*remap)[i] = nearest_.Find(channel[0][c.r], channel[1][c.g], channel[2][c.b]);
  }
  return *remap;
}

// Each cell's part of the band through its kind's table.
void TaPainter::TintCells(const Surface& band) {
  for (int cy = band.y0 / kCellPixels; cy * kCellPixels < band.y1(); ++cy) {
    const int top = std::max(band.y0, cy * kCellPixels);
    const int bottom = std::min(band.y1(), (cy + 1) * kCellPixels);
    for (int cx = band.x0 / kCellPixels; cx * kCellPixels < band.x1(); ++cx) {
      const int kind = ShadeKind(map_, options_, size_t(cy) * map_.width + size_t(cx));
      if (kind == kPlainKind) continue;
      const std::array<uint8_t, 256>& remap = Remap(kind);
      const int left = std::max(band.x0, cx * kCellPixels);
      const int right = std::min(band.x1(), (cx + 1) * kCellPixels);
      for (int y = top; y < bottom; ++y) {
        uint8_t* p = band.At(left, y);
        for (int x = left; x < right; ++x, ++p) *p = remap[*p];
      }
    }
  }
}

void TaPainter::PutRow(MapPicture& out, int row, const uint8_t* rgb) {
  const int width = out.indexed->width;
  uint8_t* index = out.indexed->index.data() + size_t(row) * size_t(width);
  uint32_t last = 0xFFFFFFFF;  // neighbours are often the same colour
  uint8_t last_index = 0;
  for (int x = 0; x < width; ++x, rgb += 3) {
    const uint32_t key = uint32_t(rgb[0]) << 16 | uint32_t(rgb[1]) << 8 | rgb[2];
    if (key != last) last = key, last_index = nearest_.Find(rgb[0], rgb[1], rgb[2]);
    index[x] = last_index;
  }
}

void TaPainter::Finish(MapPicture& out) {
  out.placeholder_tiles += past_set_ + off_grid_;
  if (past_set_ > 0) {
    out.warnings.push_back(absl::StrCat(past_set_, past_set_ == 1 ? " tile" : " tiles",
                                        " drawn as placeholders: tile index past the ",
                                        set_size_, "-tile set"));
  }
  if (off_grid_ > 0) {
    out.warnings.push_back(absl::StrCat(
        off_grid_, off_grid_ == 1 ? " tile position" : " tile positions",
        " drawn as placeholders: the map's ", map_.width, " x ", map_.height,
        " cells (an odd side) leave a half tile at the edge, with no tile index"));
  }
}

}  // namespace

std::unique_ptr<TerrainPainter> MakeTaPainter(const TntMap& map, const RenderOptions& options,
                                              const palette::Palette& palette,
                                              NearestColour& nearest) {
  return std::make_unique<TaPainter>(map, options, palette, nearest);
}

}  // namespace kbot::tnt::render_detail
