// The pieces of RenderTnt (render.h) that its files share; not for other
// callers. render.cc checks the request and runs the bands; render_ta.cc and
// render_kingdoms.cc draw each game's terrain; render_overlays.cc draws the
// void marks, the features and the start markers.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "formats/palette/palette.h"
#include "formats/tnt/area_average.h"
#include "formats/tnt/nearest_colour.h"
#include "formats/tnt/render.h"

namespace kbot::tnt::render_detail {

// Pixels being drawn: map pixels [x0, x0 + width) x [y0, y0 + height) (or
// the output picture's own, with x0 = y0 = 0), `bpp` bytes each: 1 a palette
// index (TA), 4 R, G, B, A (TA: Kingdoms); rows `stride` bytes apart.
struct Surface {
  uint8_t* pixels = nullptr;
  size_t stride = 0;
  int bpp = 1;
  int x0 = 0, y0 = 0, width = 0, height = 0;

  int x1() const { return x0 + width; }
  int y1() const { return y0 + height; }
  bool Contains(int x, int y) const { return x >= x0 && x < x1() && y >= y0 && y < y1(); }
  uint8_t* At(int x, int y) const {
    return pixels + size_t(y - y0) * stride + size_t(x - x0) * size_t(bpp);
  }
};

// `plane` as n bytes of `fill`, its memory advised to huge pages before the
// first write: a whole map at full scale is 134 MB of planes, and faulting
// them in 4 KiB pages took most of the render's time (bench/tnt_render_bench.cc).
void AllocatePlane(std::vector<uint8_t>& plane, size_t n, uint8_t fill);

// A colour the overlays draw with: its RGB, and the palette's nearest index
// for an indexed picture.
struct Ink {
  palette::Rgb rgb;
  uint8_t index = 0;
};

inline void Put(const Surface& s, int x, int y, const Ink& ink) {
  uint8_t* p = s.At(x, y);
  if (s.bpp == 1) {
    *p = ink.index;
    return;
  }
  p[0] = ink.rgb.r, p[1] = ink.rgb.g, p[2] = ink.rgb.b, p[3] = 255;
}

// The inks, each the nearest palette colour to a bright RGB.
struct Inks {
  explicit Inks(NearestColour& nearest);
  Ink void_mark;       // magenta: the hatching of void cells
  Ink feature_marker;  // yellow: the box of a feature without a sprite
  Ink start_fill;      // black: a start marker's inside
  Ink start_line;      // white: its outline and number
};

// Floor division for a divisor > 0 (C++ rounds toward zero).
inline int64_t FloorDiv(int64_t a, int b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// Tints. A cell's shade is one of 16 kinds: height band (0..7, 4 = as drawn)
// times 2, plus 1 under water. Each kind is a table per channel, applied to
// the R, G and B of a pixel (TA: Kingdoms) or to each palette colour, then
// back to the nearest index (TA).
inline constexpr int kShadeKinds = 16;
inline constexpr int kPlainKind = 4 * 2;  // no tint at all
struct TintTables {
  TintTables();
  std::array<std::array<std::array<uint8_t, 256>, 3>, kShadeKinds> channel;
};
// The cell's kind under `options` (kPlainKind when no tint applies).
int ShadeKind(const TntMap& map, const RenderOptions& options, size_t cell);

// A missing tile's pixel at map pixel (x, y) of a cell `height` high: grey
// (TA) or green (TA: Kingdoms), lighter for higher cells, in an 8-pixel
// checker so it cannot pass for terrain.
palette::Rgb PlaceholderRgb(int height, int x, int y, bool green);

// What draws one game's terrain, band by band (bands are tile rows).
class TerrainPainter {
 public:
  virtual ~TerrainPainter() = default;
  virtual int bpp() const = 0;
  // The output picture, width x height, in `out`; at full scale, rows
  // written straight into it through OutputRows.
  virtual void Allocate(MapPicture& out, int width, int height) = 0;
  virtual uint8_t* OutputRow(MapPicture& out, int row) = 0;
  // The tiles of `band` (within one tile row), tinted.
  virtual void DrawTerrain(const Surface& band) = 0;
  // The band's rows into the shrinker; `region_y` is the region's top.
  virtual void Shrink(const Surface& band, int region_y, Shrinker& shrinker) = 0;
  // An averaged output row (width * 3 bytes R, G, B) into the picture.
  virtual void PutRow(MapPicture& out, int row, const uint8_t* rgb) = 0;
  // Placeholder counts, missing sheets and their warnings into `out`.
  virtual void Finish(MapPicture& out) = 0;
};

std::unique_ptr<TerrainPainter> MakeTaPainter(const TntMap& map, const RenderOptions& options,
                                              const palette::Palette& palette,
                                              NearestColour& nearest);
std::unique_ptr<TerrainPainter> MakeKingdomsPainter(const TntMap& map,
                                                    const RenderOptions& options);

// Overlays drawn on the full-resolution bands.
void DrawVoidMarks(const TntMap& map, const Surface& band, const Ink& ink);

// The feature placements: each table entry's sprite and where it lands,
// checked once; Draw paints those touching a band.
class FeatureLayer {
 public:
  FeatureLayer(const TntMap& map, const RenderOptions& options, const palette::Palette& palette,
               const Ink& marker, std::vector<std::string>& warnings);
  void Draw(const Surface& band) const;

 private:
  struct Entry {
    const FeatureSprite* sprite = nullptr;  // nullptr: the marker
    int left = 0, top = 0, right = 0, bottom = 0;  // relative to the cell's top-left
  };
  void DrawEntry(const Surface& band, const Entry& entry, int cell_x, int cell_y) const;

  const TntMap& map_;
  const palette::Palette& palette_;
  Ink marker_;
  std::vector<Entry> entries_;
  int min_left_ = 0, min_top_ = 0, max_right_ = 0, max_bottom_ = 0;
};

// The start markers on the finished picture (`out` in output pixels).
void DrawStartMarkers(const RenderOptions& options, const PixelRect& region,
                      const Surface& out, const Inks& inks);

}  // namespace kbot::tnt::render_detail
