// Synthetic GTA1 files for the benchmarks, generated deterministically (fixed
// seeds; std::mt19937's output is fixed by the standard, and only its raw
// output is used, never a <random> distribution) so every run measures the
// same bytes. gta_bench.cc uses them in memory; kbot_bench_fixtures writes
// them to disk for the whole-process timings of bench/run.sh.
//
//   map     a NYC-sized city map (~470 KB): the 256 x 256 base, ~117 KB of
//           ~17,000 distinct columns of 1-4 blocks, 5,318 blocks (every
//           rotation, both flips, the 4 remaps, ~10% flat, ~8% lid 0), 3,000
//           object records (parked cars and objects of the sprite style's
//           models and types: gta_sprite_fixtures.h), routes, 40 districts.
//           Header style byte kBenchStyleNumber.
//   style   a style of 50 side and 150 lid tiles (one texel in 8 is 0) and
//           256 CLUTs, every palette index entry naming one of them.
//   texts   an ENGLISH.FXT-like file: kBenchFxtRecords records of ~60 bytes
//           of words (about 1 in 20 with accented letters, as in the French
//           and German files), keys shaped like the game's ("1001", "str12",
//           "car7", "m3_12"), written by WriteFxt (~130 KB).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gta/fxt.h"

namespace kbot::bench {

inline constexpr uint8_t kBenchStyleNumber = 1;  // so the map's style is STYLE001.G24
inline constexpr int kBenchFxtRecords = 2000;    // ENGLISH.FXT holds about as many

std::vector<uint8_t> BenchCmp();
std::vector<uint8_t> BenchStyle();
// "STYLE001.G24": the name the map's header asks for beside it.
std::string BenchStyleName();

std::vector<gta::FxtRecord> BenchFxtRecords();
absl::StatusOr<std::vector<uint8_t>> BenchFxt();

}  // namespace kbot::bench
