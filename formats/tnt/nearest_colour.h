// The palette index nearest to an RGB colour: the least squared distance in
// R, G, B, and on a tie the lowest index. Exact for every colour, and fast
// enough to ask once for each pixel of a shrunk map (millions a render).
//
// How: the RGB cube is cut into 32 x 32 x 32 boxes of 8 x 8 x 8 colours (the
// colour's top 5 bits a channel). The first time a colour of a box is asked
// for, the box gets its shortlist: every palette entry whose nearest point of
// the box is no farther than the farthest point of the box from the best
// entry. The nearest entry of any colour in the box is on that list (it is no
// farther from the colour than that best entry is), ties included, so a
// lookup measures only the shortlist instead of 256 (2.6 entries on average
// over the TA palette's boxes, 22 at most), without a branch: the least of
// distance * 256 + index is the nearest entry, the lowest index on a tie.
#pragma once

#include <cstdint>
#include <vector>

#include "formats/palette/palette.h"

namespace kbot::tnt {

class NearestColour {
 public:
  explicit NearestColour(const palette::Palette& palette);

  uint8_t Find(int r, int g, int b);
  uint8_t Find(const palette::Rgb& c) { return Find(c.r, c.g, c.b); }
  const palette::Palette& palette() const { return palette_; }

 private:
  static constexpr int kBoxes = 32 * 32 * 32;
  void FillBox(int box);

  palette::Palette palette_;
  // The palette's channels apart, so FillBox's loops vectorize.
  int32_t red_[256], green_[256], blue_[256];
  // Per box: where its shortlist starts in candidates_ (high 23 bits) and
  // its length (low 9 bits, 1..256); 0: not built yet.
  std::vector<uint32_t> boxes_;
  // Shortlisted entries as R << 24 | G << 16 | B << 8 | index, so a lookup
  // reads one array and no palette.
  std::vector<uint32_t> candidates_;
};

}  // namespace kbot::tnt
