// A top-down picture of a rectangle of a GTA1 city map: each cell shows the
// lid of its topmost block, drawn from the style's lid tiles and palettes.
// The rules and the sources they rest on are docs/formats/gta1.md, "Drawing a
// map from above"; each is stated here as the code applies it.
//
//   Which lid   the first block from the top of the cell's column (z = h .. 5,
//               z = 0 the highest layer) whose lid tile is not 0. Blocks with
//               lid 0 have no lid face and are looked through.
//   Palette     style.LidPalette(lid, block.lid_remap): the remap (0..3)
//               selects one of the lid's 4 palettes (palette index entry
//               4 (sides + lid) + remap). Every colour is opaque.
//   Flat        a flat block (type map bit 7) does not draw texel 0 of its lid
//               (FlatTexelDrawn): at those pixels the next block below that
//               has a lid shows through, by the same rules (so a flat fence
//               over pavement shows the pavement; a flat over a flat over a
//               solid lid shows whichever is first drawn, top down). A lid
//               that is not flat draws every texel, 0 included ("Flat: which
//               texels are drawn").
//   Rotation    the lid is turned by its rotation (type map bits 14-15) in
//               quarter turns clockwise: LidTexelAt below is the one place the
//               orientation lives.
//   Flips       the flip bits (type map ext bits 5 and 6) mirror SIDE faces
//               only, which a top-down picture does not show: a lid is never
//               flipped ("Flip bits: side faces only").
//   Nothing     a pixel with no drawn lid under it (an empty column, only lid 0
//               blocks, or texel 0 of flat blocks all the way down) is
//               transparent (alpha 0, and R = G = B = 0).
//   Scale       pixels_per_cell p in 1..64; 64 is the tile's own resolution.
//               Below 64 the tile is sampled nearest-neighbour: cell pixel
//               (px, py) reads the 64 x 64 lid at ((px * 64) / p,
//               (py * 64) / p), then through LidTexelAt.
//   Bad cells   a lid past the style's lid tiles, or a lid palette the style
//               cannot resolve (index entry past the table, CLUT past the
//               CLUTs): the whole cell is drawn transparent and a warning names
//               the cell (x, y), z, the lid, the remap and the reason. The
//               first kMaxRenderWarnings are kept; the rest are counted in a
//               last line ("... and N more cells ...").
//
// How it is drawn (map_cell_images.h): each (lid, remap, rotation, flat) that
// the rectangle shows is drawn once into a p x p picture, and each cell is a
// row-by-row copy of its picture (a flat lid's cell takes, pixel by pixel, the
// first drawn word of its pictures, top down).
//
// Nothing here touches files or JSON: a CityMap and a Style in, a picture out.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "formats/gta/cmp.h"
#include "formats/gta/style.h"
#include "formats/image/picture.h"

namespace kbot::gta {

// A rectangle of cells. Valid when 0 <= x, 0 <= y, w >= 1, h >= 1,
// x + w <= 256 and y + h <= 256.
struct MapRect {
  int x = 0, y = 0, w = kMapSide, h = kMapSide;
};

// The bounding rectangle of the map's occupied cells: those whose column
// holds a block that is not air, or one with a lid (which the render draws
// whatever its type), so nothing a render shows falls outside it. Nullopt
// when no cell is occupied.
std::optional<MapRect> OccupiedRect(const CityMap& map);

inline constexpr int kMaxPixelsPerCell = kTileSide;  // 64
inline constexpr int kMaxRenderSide = 16384;          // pixels, either side
inline constexpr uint64_t kMaxRenderBytes = uint64_t(256) << 20;  // 256 MiB of RGBA
inline constexpr size_t kMaxRenderWarnings = 20;

struct MapRenderOptions {
  MapRect rect;
  int pixels_per_cell = 8;  // 1..64
  // Told after each row of cells, in rows of pixels drawn (of rect.h *
  // pixels_per_cell); a stop makes RenderMap return CancelledError.
  Progress* progress = nullptr;
};

struct MapRender {
  // (rect.w * p) x (rect.h * p); cell (rect.x + i, rect.y + j) at pixels
  // (i * p .. i * p + p - 1, j * p .. j * p + p - 1).
  image::RgbaPicture picture;
  // Cells drawn transparent because of bad data (see "Bad cells" above).
  std::vector<std::string> warnings;
};

// Renders the rectangle. Errors (InvalidArgument), checked before anything
// is allocated: a rectangle outside the map or empty, pixels_per_cell outside
// 1..64, an output wider or taller than 16384 pixels or larger than 256 MiB
// of RGBA (the whole map at 64 px/cell is 1 GiB: render it in parts). Bad
// cells are warnings, not errors.
absl::StatusOr<MapRender> RenderMap(const CityMap& map, const Style& style,
                                    const MapRenderOptions& options = {});

// The lid texel (u, v) drawn at pixel (px, py) of a 64 x 64 cell (all in
// 0..63; u and px grow to the right = east = +x, v and py grow down = south =
// +y, as seen from above with north up), for a lid turned by `rotation`.
//
// Convention: rotation r (0..3, only the low 2 bits count) turns the lid by
// r * 90 degrees CLOCKWISE as seen from above. So texel (0, 0) (the tile's
// top-left) is drawn at the cell's top-left for r = 0, top-right for r = 1,
// bottom-right for r = 2 and bottom-left for r = 3. Worked inversely (what
// the renderer needs):
//   r = 0: (u, v) = (px, py)          r = 1: (u, v) = (py, 63 - px)
//   r = 2: (u, v) = (63 - px, 63 - py)
//   r = 3: (u, v) = (63 - py, px)
// There is no flip: the flip bits are for side faces (see "Flips" above).
struct LidTexel {
  int u = 0, v = 0;
  friend bool operator==(const LidTexel&, const LidTexel&) = default;
};
LidTexel LidTexelAt(int px, int py, int rotation);

}  // namespace kbot::gta
