#include "bench/gta_fixtures.h"

#include <cstdio>
#include <iterator>
#include <random>

#include "absl/strings/str_format.h"
#include "bench/gta_sprite_fixtures.h"
#include "formats/common/byte_writer.h"
#include "formats/gta/cmp.h"
#include "formats/gta/style.h"

namespace kbot::bench {

namespace {

void PutU8(std::vector<uint8_t>& out, uint8_t v) { out.push_back(v); }
void Append(std::vector<uint8_t>& out, const std::vector<uint8_t>& more) {
  out.insert(out.end(), more.begin(), more.end());
}

constexpr int kSides = 50, kLids = 150, kCluts = 256, kBlocks = 5318;
constexpr size_t kColumnBytes = 117694;  // NYC.CMP's column section

std::vector<uint8_t> Blocks(std::mt19937& rng) {
  std::vector<uint8_t> blocks;
  for (int i = 0; i < kBlocks; ++i) {
    const int rotation = int(rng() % 4);
    const bool flat = rng() % 10 == 0;
    const int type = int(rng() % 6);
    const uint16_t type_map = uint16_t((rotation << 14) | (flat ? 0x80 : 0) | (type << 4));
    const uint8_t ext = uint8_t(((rng() % 4) << 3) | (rng() % 2 ? 0x20 : 0) | (rng() % 2 ? 0x40 : 0));
    const uint8_t lid = rng() % 12 == 0 ? 0 : uint8_t(1 + rng() % (kLids - 1));
    AppendU16(blocks, type_map);
    PutU8(blocks, ext);
    for (int f = 0; f < 4; ++f) PutU8(blocks, uint8_t(rng() % kSides));
    PutU8(blocks, lid);
  }
  return blocks;
}

// The column section, and where each column starts in it.
std::vector<uint8_t> Columns(std::mt19937& rng, std::vector<uint32_t>& offsets) {
  std::vector<uint8_t> columns;
  while (columns.size() < kColumnBytes) {
    offsets.push_back(uint32_t(columns.size()));
    const int h = int(2 + rng() % 4);  // 2..5: 1 to 4 blocks
    AppendU16(columns, uint16_t(h));
    for (int z = h; z < 6; ++z) AppendU16(columns, uint16_t(rng() % kBlocks));
  }
  return columns;
}

std::vector<uint8_t> Districts() {
  std::vector<uint8_t> nav;
  for (int i = 0; i < 40; ++i) {
    for (uint8_t b : {uint8_t(i * 6), uint8_t(i * 6), uint8_t(16), uint8_t(16), uint8_t(1)}) {
      PutU8(nav, b);
    }
    char name[30] = {};
    std::snprintf(name, sizeof name, "District %d", i);
    for (char c : name) PutU8(nav, uint8_t(c));
  }
  return nav;
}

// Words for the texts; the accented ones are UTF-8, as ReadFxt expects.
constexpr const char* kWords[] = {
    "the",   "car",    "cops",   "mission", "money", "bonus", "frenzy",  "kill",   "drive",
    "to",    "of",     "a",      "phone",   "box",   "get",   "in",      "now",    "boss",
    "Liberty", "City", "San",    "Andreas", "Vice",  "points", "wanted", "level",  "bomb",
    "shop",  "respray", "garage", "deliver", "before", "time", "runs",   "out",    "and",
    "you",   "will",   "be",     "paid",    "well",  "don't", "mess",    "this",   "up",
};
constexpr const char* kAccentedWords[] = {"café", "voilà", "Straße", "für", "déjà", "città",
                                          "perché", "über", "résumé", "niño"};

std::string Key(std::mt19937& rng, int i) {
  switch (rng() % 4) {
    case 0: return std::to_string(1001 + i);
    case 1: return absl::StrFormat("str%d", i);
    case 2: return absl::StrFormat("car%d", i);
    default: return absl::StrFormat("m%d_%d", i / 40, i % 40);
  }
}

// ~60 bytes of words; about 1 record in 20 has accented ones.
std::string Text(std::mt19937& rng) {
  const bool accented = rng() % 20 == 0;
  const int words = int(4 + rng() % 15);
  std::string text;
  for (int w = 0; w < words; ++w) {
    if (w > 0) text += ' ';
    text += accented && rng() % 3 == 0 ? kAccentedWords[rng() % std::size(kAccentedWords)]
                                       : kWords[rng() % std::size(kWords)];
  }
  return text + (rng() % 2 ? "!" : ".");
}

}  // namespace

std::vector<uint8_t> BenchCmp() {
  std::mt19937 rng(1234);
  const std::vector<uint8_t> blocks = Blocks(rng);
  std::vector<uint32_t> column_offsets;
  const std::vector<uint8_t> columns = Columns(rng, column_offsets);
  // Parked cars and objects of BenchSpriteStyle's models and types, from a
  // generator of their own; the draws random bytes took before still go, so
  // the rest of the map is the same bytes as it was.
  const std::vector<uint8_t> objects = BenchMapObjectRecords();
  rng.discard(objects.size());
  const std::vector<uint8_t> routes(2000, 7);
  const std::vector<uint8_t> nav = Districts();

  std::vector<uint8_t> out;
  AppendU32(out, gta::kCmpVersion);
  PutU8(out, kBenchStyleNumber);
  PutU8(out, 0);
  AppendU16(out, 0);
  for (size_t size : {routes.size(), objects.size(), columns.size(), blocks.size(), nav.size()}) {
    AppendU32(out, uint32_t(size));
  }
  for (int cell = 0; cell < gta::kMapSide * gta::kMapSide; ++cell) {
    // Every column used at least once, then cells share the first columns.
    const size_t c = size_t(cell) < column_offsets.size()
                         ? size_t(cell)
                         : rng() % (column_offsets.size() / 4);
    AppendU32(out, column_offsets[c]);
  }
  Append(out, columns);
  Append(out, blocks);
  Append(out, objects);
  Append(out, routes);
  out.insert(out.end(), gta::kCmpLocationsSize, 0);
  Append(out, nav);
  return out;
}

std::vector<uint8_t> BenchStyle() {
  std::mt19937 rng(99);
  const int tile_count = kSides + kLids;  // 200: a multiple of 4, so no padding
  std::vector<uint8_t> tiles(size_t(tile_count) * gta::kTileBytes);
  for (uint8_t& t : tiles) t = rng() % 8 == 0 ? 0 : uint8_t(rng());
  // CLUTs: 256 x 1 KB = 4 whole 64 KB pages.
  std::vector<uint8_t> cluts(size_t(kCluts) * gta::kClutBytes);
  for (uint8_t& b : cluts) b = uint8_t(rng());
  std::vector<uint16_t> index(size_t(4 * tile_count));
  for (uint16_t& e : index) e = uint16_t(rng() % kCluts);

  std::vector<uint8_t> out;
  for (uint32_t v : {gta::kStyleVersion, uint32_t(kSides * 4096), uint32_t(kLids * 4096), 0u, 0u,
                     uint32_t(cluts.size()), uint32_t(cluts.size()), 0u, 0u, 0u,
                     uint32_t(2 * index.size()), 0u, 0u, 0u, 0u, 0u}) {
    AppendU32(out, v);
  }
  Append(out, tiles);
  Append(out, cluts);
  for (uint16_t e : index) AppendU16(out, e);
  return out;
}

std::string BenchStyleName() { return absl::StrFormat("STYLE%03d.G24", kBenchStyleNumber); }

std::vector<gta::FxtRecord> BenchFxtRecords() {
  std::mt19937 rng(2024);
  std::vector<gta::FxtRecord> records;
  records.reserve(kBenchFxtRecords);
  for (int i = 0; i < kBenchFxtRecords; ++i) {
    std::string key = Key(rng, i);
    records.push_back({std::move(key), Text(rng)});
  }
  return records;
}

absl::StatusOr<std::vector<uint8_t>> BenchFxt() { return gta::WriteFxt(BenchFxtRecords()); }

}  // namespace kbot::bench
