#include "formats/gta/map_render.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>

#include "absl/strings/str_cat.h"

namespace kbot::gta {

LidTexel LidTexelAt(int px, int py, int rotation, bool flip_left_right, bool flip_top_bottom) {
  constexpr int kLast = kTileSide - 1;
  int a = px, b = py;  // the pixel turned back by `rotation` quarter turns
  switch (rotation & 3) {
    case 0: break;
    case 1: a = py, b = kLast - px; break;
    case 2: a = kLast - px, b = kLast - py; break;
    case 3: a = kLast - py, b = px; break;
  }
  return LidTexel{flip_left_right ? kLast - a : a, flip_top_bottom ? kLast - b : b};
}

namespace {

bool Occupied(const CityMap& map, int x, int y) {
  const MapColumn column = map.Column(x, y);
  for (int z = column.height; z < kMapLayers; ++z) {
    const uint16_t index = column.blocks[size_t(z)];
    if (index >= map.blocks().size()) break;  // ReadCityMap rules this out
    const MapBlock& b = map.blocks()[index];
    if (b.type != kBlockAir || b.lid != 0) return true;
  }
  return false;
}

}  // namespace

std::optional<MapRect> OccupiedRect(const CityMap& map) {
  int x0 = kMapSide, y0 = kMapSide, x1 = -1, y1 = -1;
  for (int y = 0; y < kMapSide; ++y) {
    for (int x = 0; x < kMapSide; ++x) {
      if (!Occupied(map, x, y)) continue;
      x0 = std::min(x0, x), x1 = std::max(x1, x);
      y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
  }
  if (x1 < 0) return std::nullopt;
  return MapRect{x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

namespace {

absl::Status Invalid(absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("map render: ", what));
}

absl::Status CheckOptions(const MapRenderOptions& o) {
  const MapRect& r = o.rect;
  if (r.x < 0 || r.y < 0 || r.w < 1 || r.h < 1 || r.x > kMapSide - r.w ||
      r.y > kMapSide - r.h) {
    return Invalid(absl::StrCat("the rectangle x ", r.x, " y ", r.y, " w ", r.w, " h ", r.h,
                                " is not a non-empty rectangle inside the 256 x 256 map"));
  }
  const int p = o.pixels_per_cell;
  if (p < 1 || p > kMaxPixelsPerCell) {
    return Invalid(absl::StrCat("pixels_per_cell ", p, " is outside 1..", kMaxPixelsPerCell));
  }
  const uint64_t width = uint64_t(r.w) * uint64_t(p), height = uint64_t(r.h) * uint64_t(p);
  const uint64_t bytes = width * height * 4;
  if (width > uint64_t(kMaxRenderSide) || height > uint64_t(kMaxRenderSide) ||
      bytes > kMaxRenderBytes) {
    return Invalid(absl::StrCat("a ", width, " x ", height, " picture (", r.w, " x ", r.h,
                                " cells at ", p, " px/cell, ", bytes,
                                " bytes of RGBA) is past the limit of ", kMaxRenderSide,
                                " pixels a side and ", kMaxRenderBytes >> 20,
                                " MiB: render a smaller rectangle or fewer px/cell"));
  }
  return absl::OkStatus();
}

using RgbaPalette = std::array<uint32_t, 256>;  // R, G, B, A bytes in memory order

// Per-render caches: each lid tile unpacked once, each (lid, remap) palette
// resolved once, errors remembered too.
class LidCache {
 public:
  explicit LidCache(const Style& style) : style_(style) {
    look_of_.fill(kUnresolved);
    tile_of_.fill(kUnresolved);
  }

  struct Look {
    const uint8_t* texels = nullptr;   // 64 x 64, v major
    const uint32_t* colors = nullptr;  // 256 RGBA words
    std::string error;                 // empty when usable
  };

  const Look& Get(uint8_t lid, uint8_t remap) {
    const size_t key = size_t(lid) * 4 + (remap & 3);
    if (look_of_[key] == kUnresolved) look_of_[key] = Resolve(lid, remap & 3);
    return looks_[size_t(look_of_[key])];
  }

 private:
  static constexpr int kUnresolved = -1;

  int Resolve(int lid, int remap) {
    Look look;
    absl::StatusOr<palette::Palette> pal = style_.LidPalette(lid, remap);
    if (!pal.ok()) {
      look.error = std::string(pal.status().message());
    } else {
      auto colors = std::make_unique<RgbaPalette>();
      for (int e = 0; e < 256; ++e) {
        const palette::Rgb c = pal->colors[size_t(e)];
        const uint8_t bytes[4] = {c.r, c.g, c.b, 0xff};
        std::memcpy(&(*colors)[size_t(e)], bytes, 4);
      }
      look.colors = colors->data();
      palettes_.push_back(std::move(colors));
      if (tile_of_[size_t(lid)] == kUnresolved) {
        absl::StatusOr<TileTexels> tile = style_.Tile(style_.LidTile(lid));
        if (!tile.ok()) {
          tile_errors_.push_back(std::string(tile.status().message()));
          tile_of_[size_t(lid)] = -2 - int(tile_errors_.size() - 1);
        } else {
          tiles_.push_back(std::make_unique<TileTexels>(*std::move(tile)));
          tile_of_[size_t(lid)] = int(tiles_.size() - 1);
        }
      }
      const int t = tile_of_[size_t(lid)];
      if (t >= 0) {
        look.texels = tiles_[size_t(t)]->data();
      } else {
        look.error = tile_errors_[size_t(-2 - t)];
      }
    }
    looks_.push_back(std::move(look));
    return int(looks_.size() - 1);
  }

  const Style& style_;
  std::array<int, 256 * 4> look_of_;
  std::array<int, 256> tile_of_;
  std::vector<Look> looks_;
  std::vector<std::unique_ptr<RgbaPalette>> palettes_;
  std::vector<std::unique_ptr<TileTexels>> tiles_;
  std::vector<std::string> tile_errors_;
};

// For each of the 16 orientations (rotation * 4 + flip_left_right * 2 +
// flip_top_bottom), the texel offset v * 64 + u read by each of the cell's
// p x p pixels: LidTexelAt at the nearest-neighbour sample, computed once.
std::vector<uint16_t> OrientationTables(int p) {
  std::vector<int> sample(size_t(p), 0);
  for (int i = 0; i < p; ++i) sample[size_t(i)] = (i * kTileSide) / p;
  std::vector<uint16_t> out(size_t(16) * size_t(p) * size_t(p));
  for (int o = 0; o < 16; ++o) {
    uint16_t* table = out.data() + size_t(o) * size_t(p) * size_t(p);
    for (int py = 0; py < p; ++py) {
      for (int px = 0; px < p; ++px) {
        const LidTexel t = LidTexelAt(sample[size_t(px)], sample[size_t(py)], o >> 2,
                                      (o & 2) != 0, (o & 1) != 0);
        table[size_t(py) * size_t(p) + size_t(px)] = uint16_t(t.v * kTileSide + t.u);
      }
    }
  }
  return out;
}

struct Layer {
  const uint8_t* texels;
  const uint32_t* colors;
  const uint16_t* table;
  bool flat;
};

// Draws a cell's `n` layers (topmost first) into its p x p pixels at `cell`
// (`stride` pixels a row): a flat layer lets the next show through its
// transparent texels.
void DrawCell(const std::array<Layer, kMapLayers>& layers, int n, int p, size_t stride,
              uint8_t* cell) {
  if (!layers[0].flat) {  // the common case: one solid lid
    const Layer& l = layers[0];
    for (int py = 0; py < p; ++py) {
      uint8_t* row = cell + size_t(py) * stride * 4;
      const uint16_t* map_row = l.table + size_t(py) * size_t(p);
      for (int px = 0; px < p; ++px) {
        std::memcpy(row + size_t(px) * 4, &l.colors[l.texels[map_row[px]]], 4);
      }
    }
    return;
  }
  for (int py = 0; py < p; ++py) {
    uint8_t* row = cell + size_t(py) * stride * 4;
    for (int px = 0; px < p; ++px) {
      const size_t i = size_t(py) * size_t(p) + size_t(px);
      for (int k = 0; k < n; ++k) {
        const Layer& l = layers[size_t(k)];
        const uint8_t texel = l.texels[l.table[i]];
        if (l.flat && !FlatTexelDrawn(texel)) continue;
        std::memcpy(row + size_t(px) * 4, &l.colors[texel], 4);
        break;
      }
    }
  }
}

}  // namespace

absl::StatusOr<MapRender> RenderMap(const CityMap& map, const Style& style,
                                    const MapRenderOptions& options) {
  if (absl::Status s = CheckOptions(options); !s.ok()) return s;
  const MapRect& r = options.rect;
  const int p = options.pixels_per_cell;
  const size_t cell_pixels = size_t(p) * size_t(p);

  MapRender out;
  out.picture = image::RgbaPicture(r.w * p, r.h * p);  // all transparent
  const std::vector<uint16_t> tables = OrientationTables(p);
  LidCache cache(style);
  const std::vector<MapBlock>& blocks = map.blocks();
  const size_t stride = size_t(out.picture.width);  // in pixels
  uint8_t* const rgba = out.picture.rgba.data();
  size_t bad_cells = 0;

  for (int cy = 0; cy < r.h; ++cy) {
    for (int cx = 0; cx < r.w; ++cx) {
      const int x = r.x + cx, y = r.y + cy;
      const MapColumn column = map.Column(x, y);
      std::array<Layer, kMapLayers> layers;
      int n = 0;
      bool bad = false;
      for (int z = column.height; z < kMapLayers; ++z) {
        const uint16_t index = column.blocks[size_t(z)];
        if (index >= blocks.size()) break;  // ReadCityMap rules this out
        const MapBlock& b = blocks[index];
        if (b.lid == 0) continue;
        const LidCache::Look& look = cache.Get(b.lid, b.lid_remap);
        if (!look.error.empty()) {
          if (out.warnings.size() < kMaxRenderWarnings) {
            out.warnings.push_back(absl::StrCat("cell (", x, ", ", y, ") z ", z, ": lid ",
                                                int(b.lid), " remap ", int(b.lid_remap),
                                                ": ", look.error, "; drawn transparent"));
          }
          ++bad_cells;
          bad = true;
          break;
        }
        const int orientation =
            (b.lid_rotation & 3) * 4 + (b.flip_left_right ? 2 : 0) + (b.flip_top_bottom ? 1 : 0);
        layers[size_t(n++)] = Layer{look.texels, look.colors,
                                    tables.data() + size_t(orientation) * cell_pixels, b.flat};
        if (!b.flat) break;
      }
      if (bad || n == 0) continue;
      DrawCell(layers, n, p, stride,
               rgba + (size_t(cy) * size_t(p) * stride + size_t(cx) * size_t(p)) * 4);
    }
    // A row of cells is at most a few milliseconds of work (kMaxRenderSide
    // pixels wide): a stop is prompt.
    if (options.progress != nullptr &&
        !options.progress->Report(uint64_t(cy + 1) * uint64_t(p), uint64_t(r.h) * uint64_t(p),
                                  absl::StrCat("drew cell row ", cy + 1, " of ", r.h))) {
      return absl::CancelledError("map render: cancelled");
    }
  }
  if (bad_cells > out.warnings.size()) {
    out.warnings.push_back(absl::StrCat("... and ", bad_cells - out.warnings.size(),
                                        " more cells drawn transparent for bad lids"));
  }
  return out;
}

}  // namespace kbot::gta
