// The sprite side of the demo's STYLE001.G24 (demo_gta_style.h): the sprite
// numbers, sprite info, sprite graphics, car info and object info sections,
// and the palettes the sprites are drawn with, laid out byte by byte from
// docs/formats/gta1.md, "Sprite numbers" to "Object info". The pictures are
// drawn in demo_gta_sprite_art.cc.
//
//   Sprites      counts by kind: arrow 1, bus 1, car 1, object 3, ped 2 (the
//                other 16 kinds 0), so 8 records, numbered:
//                  0  arrow       16 x 16  palette 2
//                  1  bus         28 x 64  palette 1  delta 0: the door open
//                  2  car         24 x 40  palette 0  deltas 0: the left door
//                                                     open, 1: the right door
//                                                     open, 2: a dent
//                  3  object 0    16 x 16  palette 2  a phone box
//                  4  object 1    10 x 10  palette 2  a litter bin
//                  5  object 2    40 x 40  palette 2  a tree
//                  6  ped 0       12 x 16  palette 2  walking, left foot forward
//                  7  ped 1       12 x 16  palette 2  walking, right foot forward
//                Vehicles and pedestrians face south (front at the bottom).
//   Graphics     page 0 only: the sprites side by side in that order from
//                (0, 0), in 64 rows of 256 bytes (16,384 bytes), then the
//                deltas' runs (u16 skip, u8 length, bytes; skip in 256-byte
//                page rows), one delta after another.
//   Cars         record 0: the Cafe Racer, model 1, vehicle type 4 (car),
//                car sprite 0, doors: left (delta 0), right (delta 1);
//                record 1: the bus, model 5, vehicle type 0 (bus), bus
//                sprite 0, one door (delta 0).
//   Objects      0 phone box (normal), 1 litter bin (smashable: breaks into
//                type 3), 2 tree (normal), 3 knocked-over bin (normal; the
//                bin's sprite): object sprites 0, 1, 2, 1.
//   Palettes     15 CLUTs (numbered here from 0; the style puts them after
//                its tile CLUTs), alike but for the paint ramp (colours
//                128..143): 0 ivory, 1 teal, 2 red, then the 12 remap
//                colours 3 red, 4 blue, 5 green, 6 yellow, 7 white, 8 black,
//                9 orange, 10 purple, 11 cyan, 12 brown, 13 pink, 14 silver.
//                Palette-index entries, after the tile entries:
//                  3 sprite palettes        0 the Cafe Racer's own (CLUT 0),
//                                           1 the bus's (1), 2 the rest's (2)
//                  12 Cafe Racer remaps     remap r (1..12) -> CLUT 2 + r
//                  12 bus remaps            red, blue, green, yellow, three times
//                  64 pedestrian remaps     r -> red, blue, green, yellow by r % 4
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace kbot::demo {

struct DemoRgb {
  uint8_t r = 0, g = 0, b = 0;
};
using DemoClut = std::array<DemoRgb, 256>;

struct DemoSpriteSide {
  // The five sections, as stored.
  std::vector<uint8_t> object_info, cars, sprite_info, sprite_graphics, sprite_numbers;
  std::vector<DemoClut> cluts;
  // The palette-index entries that follow the tile entries, each naming one
  // of `cluts` (counted from 0).
  std::vector<uint16_t> palette_index;
  int sprite_palettes = 0;  // the first entries: the header's sprite CLUT size / 1024
  int remap_palettes = 0;   // the rest, 12 a car + 64: its new-car CLUT size / 1024
};

DemoSpriteSide MakeDemoSpriteSide();

}  // namespace kbot::demo
