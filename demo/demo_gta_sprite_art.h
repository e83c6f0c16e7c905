// The pictures of the demo style's sprites (demo_gta_sprites.h), drawn in code
// as the demo's tiles are: simple shapes in palette indices of the demo's
// sprite palettes. Colour 0 is transparent everywhere outside the shapes.
// Every vehicle and pedestrian faces south (its front at the bottom of the
// picture), as the game's art does: docs/formats/gta1.md, "Drawing objects on
// the map".
#pragma once

#include <cstdint>
#include <vector>

namespace kbot::demo {

// The sprite palettes' ramps of 16 colours, dark to light: colour
// 16 * ramp + level. Every sprite palette has the same ramps but for kBody,
// the paint, which is what the palettes and the car and pedestrian remaps
// change. Colour 0 (grey level 0) is the transparent one.
enum SpriteRamp : int {
  kSprGrey = 0,   // tyres, bumpers, seats, outlines
  kSprGlass = 1,  // windows
  kSprLamp = 2,   // headlights, the arrow
  kSprTail = 3,   // tail lights
  kSprLeaf = 4,   // the tree
  kSprSkin = 5,
  kSprHair = 6,
  kSprDenim = 7,  // trousers
  kSprBody = 8,   // paint: a car's body, a pedestrian's jacket, the phone box
};
inline constexpr int kSpriteRampCount = 9;

struct SpriteArt {
  int width = 0, height = 0;
  std::vector<uint8_t> pixels;  // width x height palette indices, row-major
  // Each delta as the whole sprite with that delta drawn: the delta's runs
  // are the pixels where it differs from `pixels` (never colour 0, which a
  // delta cannot draw).
  std::vector<std::vector<uint8_t>> with_delta;
};

SpriteArt ArrowArt();      // a yellow arrow pointing south, 16 x 16
SpriteArt BusArt();        // 28 x 64; delta 0: its door open
SpriteArt CarArt();        // the Cafe Racer, 24 x 40; deltas: left door, right door, a dent
SpriteArt PhoneBoxArt();   // a red phone box's roof, 16 x 16
SpriteArt BinArt();        // a round litter bin, 10 x 10
SpriteArt TreeArt();       // a tree's crown, 40 x 40
SpriteArt PedArt(int frame);  // frame 0 or 1 of a walk, 12 x 16

}  // namespace kbot::demo
