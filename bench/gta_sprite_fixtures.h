// A synthetic G24 style with a stock-sized sprite set, and the parked cars and
// objects of the benchmark map, for gta_sprite_bench.cc. Laid out byte by
// byte from docs/formats/gta1.md ("Styles (.G24)" to "Object info"; kbot has
// no style writer), deterministically (fixed seeds, raw std::mt19937 output
// only, as gta_fixtures.h).
//
//   style    the map style's shape (50 side and 150 lid tiles: the bench map
//            renders with it) plus the sprite sections at NYC's scale:
//            1,034 sprites in the 21 kinds with counts like NYC's (car 27,
//            object 562, ped 295, bike 26, explosion 48, ...) and sizes like
//            the game's (cars 24..32 x 40..64, objects 16..64 a side, peds
//            12 x 16, explosions 32..64), packed into 16 pages of 256 x 256
//            (1 MiB of sprite graphics; the deltas' runs after the last
//            sprite); 4..8 deltas on every car and 4 on every bus (doors,
//            dents, lights: rectangles of runs); 38 car records (25 cars, the
//            two juggernaut halves, 3 buses, 4 bikes, a tank, a train, a tram
//            and a boat), 45 doors among them, as NYC's; 102 object types whose frames
//            cover the 562 object sprites. Palette index: 800 tile slots (4
//            a tile), 128 sprite palettes, 38 x 12 + 64 remaps, each naming
//            one of 1,024 CLUTs (1 MiB, as the stock style's).
//   objects  kBenchMapObjects 14-byte object positions spread over the
//            whole map: a third parked cars (a car record's model id, remap
//            byte 128 + 0..12), the rest objects of the 102 types, each at a
//            random angle. 42,000 bytes, under the game's 0xadd4.
#pragma once

#include <cstdint>
#include <vector>

namespace kbot::bench {

inline constexpr int kBenchSprites = 1034;
inline constexpr int kBenchSpritePages = 16;
inline constexpr int kBenchCarRecords = 38;
inline constexpr int kBenchObjectTypes = 102;
inline constexpr int kBenchMapObjects = 3000;

// The model id of car record `record` (0 .. kBenchCarRecords - 1): not the
// record number, as in the game's styles.
int BenchCarModel(int record);

// The whole .G24 file (~3 MB).
std::vector<uint8_t> BenchSpriteStyle();

// The map's object position section: kBenchMapObjects records.
std::vector<uint8_t> BenchMapObjectRecords();

}  // namespace kbot::bench
