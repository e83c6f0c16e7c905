#include "formats/gta/map_render.h"

#include <algorithm>
#include <array>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "absl/strings/str_cat.h"
#include "formats/gta/map_cell_images.h"

namespace kbot::gta {

// Only the rotation: the flip bits mirror side faces, never the lid
// (docs/formats/gta1.md, "Flip bits: side faces only").
LidTexel LidTexelAt(int px, int py, int rotation) {
  constexpr int kLast = kTileSide - 1;
  switch (rotation & 3) {
    case 1: return LidTexel{py, kLast - px};
    case 2: return LidTexel{kLast - px, kLast - py};
    case 3: return LidTexel{kLast - py, px};
    default: return LidTexel{px, py};
  }
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

// From each side inwards, stopping at the first occupied cell: a city fills
// most of its grid, so this reads a handful of columns where a full scan read
// 65,536 (1.1 ms on the benchmark map, a third of its render).
std::optional<MapRect> OccupiedRect(const CityMap& map) {
  auto row_occupied = [&map](int y, int x0, int x1) {
    for (int x = x0; x <= x1; ++x) {
      if (Occupied(map, x, y)) return true;
    }
    return false;
  };
  auto column_occupied = [&map](int x, int y0, int y1) {
    for (int y = y0; y <= y1; ++y) {
      if (Occupied(map, x, y)) return true;
    }
    return false;
  };
  constexpr int kLast = kMapSide - 1;
  int y0 = 0, y1 = kLast, x0 = 0, x1 = kLast;
  while (y0 <= kLast && !row_occupied(y0, 0, kLast)) ++y0;
  if (y0 > kLast) return std::nullopt;
  while (!row_occupied(y1, 0, kLast)) --y1;  // stops at y0 at the latest
  while (!column_occupied(x0, y0, y1)) ++x0;
  while (!column_occupied(x1, y0, y1)) --x1;
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

// Draws a cell's `n` layer pictures (topmost first) into its p x p pixels at
// `cell`. One layer is a row-by-row copy. More means the top ones are flat:
// each pixel takes the first drawn word, top down (0 is a texel a flat lid
// leaves out: docs/formats/gta1.md, "Flat: which texels are drawn"), or stays
// transparent when none draws it. P is p when the compiler should know it
// (copies of a known size, no call per row), 0 otherwise.
template <int P>
void DrawCellOf(const std::array<const uint32_t*, kMapLayers>& layers, int n, int p,
                size_t stride_bytes, uint8_t* cell) {
  const size_t side = size_t(P > 0 ? P : p);
  if (n == 1) {
    for (size_t py = 0; py < side; ++py) {
      std::memcpy(cell + py * stride_bytes, layers[0] + py * side, side * 4);
    }
    return;
  }
  std::array<uint32_t, kMaxPixelsPerCell> row;
  for (size_t py = 0; py < side; ++py) {
    const size_t at = py * side;
    for (size_t px = 0; px < side; ++px) {
      uint32_t word = layers[0][at + px];
      for (int k = 1; word == 0 && k < n; ++k) word = layers[size_t(k)][at + px];
      row[px] = word;
    }
    std::memcpy(cell + py * stride_bytes, row.data(), side * 4);
  }
}

void DrawCell(const std::array<const uint32_t*, kMapLayers>& layers, int n, int p,
              size_t stride_bytes, uint8_t* cell) {
  switch (p) {
    case 4: return DrawCellOf<4>(layers, n, p, stride_bytes, cell);
    case 8: return DrawCellOf<8>(layers, n, p, stride_bytes, cell);
    case 16: return DrawCellOf<16>(layers, n, p, stride_bytes, cell);
    case 32: return DrawCellOf<32>(layers, n, p, stride_bytes, cell);
    case 64: return DrawCellOf<64>(layers, n, p, stride_bytes, cell);
    default: return DrawCellOf<0>(layers, n, p, stride_bytes, cell);
  }
}

// A w x h picture, every pixel transparent. A whole map at 8 px a cell is
// 16 MiB, and its first touch is one page fault per 4 KiB page: on the 2-core
// VM this is benchmarked on, 45-66 ms for the zero-fill alone in a fresh
// process (~12 us a fault), 6 to 12 times the drawing. So before the buffer
// is filled the kernel is asked for 2 MiB pages over it (where THP is
// "madvise", as there) and to map them in one call (MADV_POPULATE_WRITE,
// Linux 5.14): the same zero-fill then takes about 5 ms. Hints only: where
// they are refused or unknown, the picture is the same.
image::RgbaPicture NewPicture(int width, int height) {
  image::RgbaPicture picture;
  picture.width = width;
  picture.height = height;
  const size_t bytes = size_t(width) * size_t(height) * 4;
  picture.rgba.reserve(bytes);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  uint8_t* const data = picture.rgba.data();
  auto advise = [&](uintptr_t page, int advice) {
    const uintptr_t begin = (uintptr_t(data) + page - 1) & ~(page - 1);
    const uintptr_t end = (uintptr_t(data) + bytes) & ~(page - 1);
    if (end > begin) madvise(data + (begin - uintptr_t(data)), end - begin, advice);
  };
  advise(uintptr_t(2) << 20, MADV_HUGEPAGE);  // the whole 2 MiB pages inside the buffer
#if defined(MADV_POPULATE_WRITE)
  const long page = sysconf(_SC_PAGESIZE);
  if (page > 0) advise(uintptr_t(page), MADV_POPULATE_WRITE);
#endif
#endif
  picture.rgba.resize(bytes);  // zeros: transparent
  return picture;
}

// What a block is to a picture seen from above: no lid (looked through), a
// solid lid (ends the column) or a flat one (the next lid shows through it).
enum BlockKind : uint8_t { kNoLid, kSolidLid, kFlatLid };

// Where RenderMap keeps what a cell needs between cells. Per block index
// (a column holds u16 indices, so at most 65536), its kind and its lid's
// picture once kept: a cell's layer is then two small-array loads, not a
// MapBlock read and a picture lookup.
struct CellDrawer {
  CellDrawer(const CityMap& m, const Style& style, int p, MapRender& o)
      : map(m),
        images(style, p),
        kind(std::min(m.blocks().size(), size_t(65536))),
        picture(kind.size(), nullptr),
        scratch(size_t(kMapLayers) * size_t(p) * size_t(p)),
        out(o) {
    for (size_t i = 0; i < kind.size(); ++i) {
      const MapBlock& b = m.blocks()[i];
      kind[i] = b.lid == 0 ? kNoLid : b.flat ? kFlatLid : kSolidLid;
    }
  }
  const CityMap& map;
  CellImages images;
  std::vector<uint8_t> kind;
  std::vector<const uint32_t*> picture;
  std::vector<uint32_t> scratch;  // a picture's words per layer, past the cache's budget
  MapRender& out;
  size_t bad_cells = 0;
};

// Block `index`'s lid picture, the first time a cell shows it (or every time,
// past the cache's budget: drawn into layer n's scratch). Null for a bad lid,
// with a warning naming the cell.
const uint32_t* BlockPicture(CellDrawer& d, int x, int y, int z, uint16_t index, int n) {
  const MapBlock& b = d.map.blocks()[index];
  uint32_t* scratch = d.scratch.data() + size_t(n) * (d.scratch.size() / kMapLayers);
  const CellImages::Picture picture =
      d.images.Get(b.lid, b.lid_remap, b.lid_rotation, b.flat, scratch);
  if (picture.error != nullptr) {
    if (d.out.warnings.size() < kMaxRenderWarnings) {
      d.out.warnings.push_back(absl::StrCat("cell (", x, ", ", y, ") z ", z, ": lid ",
                                            int(b.lid), " remap ", int(b.lid_remap), ": ",
                                            *picture.error, "; drawn transparent"));
    }
    ++d.bad_cells;
    return nullptr;
  }
  if (picture.words != scratch) d.picture[index] = picture.words;
  return picture.words;
}

// The pictures cell (x, y) shows, topmost first, into `layers`: lid 0 blocks
// are looked through, a flat lid lets the next one show, a solid lid ends the
// list. Returns how many; 0 for a cell drawn transparent (nothing to draw, or
// a bad lid, which also adds a warning).
int CellLayers(CellDrawer& d, int x, int y, std::array<const uint32_t*, kMapLayers>& layers) {
  const MapColumn column = d.map.Column(x, y);
  int n = 0;
  for (int z = column.height; z < kMapLayers; ++z) {
    const uint16_t index = column.blocks[size_t(z)];
    if (index >= d.kind.size()) break;  // ReadCityMap rules this out
    const BlockKind kind = BlockKind(d.kind[index]);
    if (kind == kNoLid) continue;
    const uint32_t* words = d.picture[index];
    if (words == nullptr && (words = BlockPicture(d, x, y, z, index, n)) == nullptr) return 0;
    layers[size_t(n++)] = words;
    if (kind == kSolidLid) break;
  }
  return n;
}

}  // namespace

absl::StatusOr<MapRender> RenderMap(const CityMap& map, const Style& style,
                                    const MapRenderOptions& options) {
  if (absl::Status s = CheckOptions(options); !s.ok()) return s;
  const MapRect& r = options.rect;
  const int p = options.pixels_per_cell;

  MapRender out;
  out.picture = NewPicture(r.w * p, r.h * p);
  CellDrawer drawer(map, style, p, out);
  const size_t stride_bytes = size_t(out.picture.width) * 4;
  uint8_t* const rgba = out.picture.rgba.data();
  std::array<const uint32_t*, kMapLayers> layers;

  for (int cy = 0; cy < r.h; ++cy) {
    uint8_t* const row = rgba + size_t(cy) * size_t(p) * stride_bytes;
    for (int cx = 0; cx < r.w; ++cx) {
      const int n = CellLayers(drawer, r.x + cx, r.y + cy, layers);
      if (n > 0) DrawCell(layers, n, p, stride_bytes, row + size_t(cx) * size_t(p) * 4);
    }
    // A row of cells is at most a few milliseconds of work (kMaxRenderSide
    // pixels wide): a stop is prompt.
    if (options.progress != nullptr &&
        !options.progress->Report(uint64_t(cy + 1) * uint64_t(p), uint64_t(r.h) * uint64_t(p),
                                  absl::StrCat("drew cell row ", cy + 1, " of ", r.h))) {
      return absl::CancelledError("map render: cancelled");
    }
  }
  if (drawer.bad_cells > out.warnings.size()) {
    out.warnings.push_back(absl::StrCat("... and ", drawer.bad_cells - out.warnings.size(),
                                        " more cells drawn transparent for bad lids"));
  }
  return out;
}

}  // namespace kbot::gta
