// GTA1 city maps (.CMP): the reader against fixtures laid out byte by byte
// from docs/formats/gta1.md, "City maps (.CMP)" (tests/support/gta_bytes.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "formats/gta/cmp.h"
#include "tests/support/gta_bytes.h"

namespace kbot::gta {
namespace {

using kbot::testing::CmpFile;

// A small map that uses every bit of the block descriptors.
struct Fixture {
  CmpFile f;
  uint16_t b[9] = {};
  uint32_t cA = 0, cB = 0, cC = 0, cD = 0, cE = 0, cF = 0;
};

Fixture MakeMap() {
  Fixture x;
  CmpFile& f = x.f;
  f.style = 1;
  f.sample = 3;
  f.reserved = 0xbeef;
  // type map / ext / faces left, right, top, bottom, lid
  x.b[0] = f.AddBlock(0x0000, 0x00, 0, 0, 0, 0, 0);  // air, all zero
  // 0x0011: up, water.  ext 0x01: traffic light.
  x.b[1] = f.AddBlock(0x0011, 0x01, 1, 2, 3, 4, 5);
  // 0x4122: down, road, slope 1, rotation 1.  ext 0x0c: train turn end, remap 1.
  x.b[2] = f.AddBlock(0x4122, 0x0c, 10, 11, 12, 13, 14);
  // 0xbfb4: left, pavement, flat, slope 63, rotation 2.
  // ext 0x35: train turn start, remap 2, flip top/bottom.
  x.b[3] = f.AddBlock(0xbfb4, 0x35, 0, 0, 0, 0, 200);
  // 0xd448: right, field, slope 20, rotation 3.  ext 0x5e: station 6, remap 3, flip left/right.
  x.b[4] = f.AddBlock(0xd448, 0x5e, 255, 0, 7, 0, 9);
  // 0x005f: all four directions, building.  ext 0x87: station 7, railway.
  x.b[5] = f.AddBlock(0x005f, 0x87, 1, 1, 1, 1, 1);
  x.b[6] = f.AddBlock(0x0060, 0x02, 0, 0, 0, 0, 0);  // type 6, hint 2 (unused)
  x.b[7] = f.AddBlock(0xffff, 0xff, 255, 255, 255, 255, 255);  // every bit
  x.b[8] = f.AddBlock(0x0080, 0x03, 0, 0, 0, 0, 5);  // air type, flat, lid 5, hint 3
  const uint16_t* b = x.b;
  x.cA = f.AddColumn(4, {b[2], b[1]});  // z 4 road, z 5 water (top first)
  x.cB = f.AddColumn(0, {b[5], b[5], b[5], b[5], b[3], b[1]});
  x.cC = f.AddColumn(3, {b[8], b[4], b[1]});
  x.cD = f.AddColumn(5, {b[8]});
  x.cE = f.AddColumn(2, {b[6], b[7], b[0], b[0]});
  x.cF = f.AddColumn(1, {b[1], b[1], b[1], b[1], b[1]});  // no cell uses it
  f.SetCell(0, 0, x.cA);
  f.SetCell(255, 255, x.cA);  // shared with (0, 0)
  f.SetCell(10, 20, x.cB);
  f.SetCell(0, 7, x.cB);
  f.SetCell(255, 7, x.cC);
  f.SetCell(3, 0, x.cE);
  f.SetCell(3, 255, x.cD);
  for (uint8_t i = 1; i <= 14; ++i) f.objects.push_back(i);
  for (uint8_t i = 100; i < 114; ++i) f.objects.push_back(i);
  f.routes = {9, 8, 7, 6, 5};
  f.SetLocation(kServicePolice, 0, 10, 20, 4);
  f.SetLocation(kServicePolice, 5, 1, 2, 3);
  f.SetLocation(kServiceHospital, 2, 200, 100, 4);
  f.SetLocation(kServiceFire, 0, 0, 0, 1);
  f.SetLocation(kServiceUnknown5, 5, 255, 255, 5);
  f.AddNav(0, 0, 255, 255, 1, "Whole");
  f.AddNav(5, 5, 0, 10, 2, "Placeholder");
  f.AddNav(10, 10, 20, 20, 3, "Middle");
  f.AddNav(15, 15, 5, 5, 4, "Inner");
  f.AddNav(15, 15, 5, 5, 5, "InnerTwin");
  f.AddNav(200, 200, 10, 10, 6, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123");  // 30 bytes, no NUL
  f.AddNav(40, 40, 4, 0, 7, "Flat");
  return x;
}

CityMap Load(const std::vector<uint8_t>& bytes) {
  absl::StatusOr<CityMap> map = ReadCityMap(bytes, "TEST.CMP");
  EXPECT_TRUE(map.ok()) << map.status();
  return map.ok() ? *std::move(map) : CityMap();
}

std::string ErrorOf(const std::vector<uint8_t>& bytes) {
  absl::StatusOr<CityMap> map = ReadCityMap(bytes, "BAD.CMP");
  EXPECT_FALSE(map.ok());
  if (map.ok()) return "";
  EXPECT_TRUE(absl::StartsWith(map.status().message(), "BAD.CMP: ")) << map.status();
  return std::string(map.status().message());
}

TEST(GtaCmp, ReadsTheHeaderAndSections) {
  Fixture x = MakeMap();
  const std::vector<uint8_t> bytes = x.f.Bytes();
  EXPECT_EQ(bytes.size(), 28 + 0x40000 + x.f.columns.size() + 9 * 8 + 28 + 5 + 0x6c + 7 * 35);
  ASSERT_FALSE(::testing::Test::HasFailure());
  CityMap map = Load(bytes);
  const CmpHeader& h = map.header();
  EXPECT_EQ(h.version, 331u);
  EXPECT_EQ(h.style, 1);
  EXPECT_EQ(h.sample, 3);
  EXPECT_EQ(h.reserved, 0xbeef);
  EXPECT_EQ(h.route_size, 5u);
  EXPECT_EQ(h.object_size, 28u);
  EXPECT_EQ(h.column_size, x.f.columns.size());
  EXPECT_EQ(h.block_size, 72u);
  EXPECT_EQ(h.nav_size, 7u * 35);
  EXPECT_EQ(map.blocks().size(), 9u);
  ASSERT_EQ(map.objects().size(), 2u);
  for (int i = 0; i < 14; ++i) {
    EXPECT_EQ(map.objects()[0][i], 1 + i);
    EXPECT_EQ(map.objects()[1][i], 100 + i);
  }
  EXPECT_EQ(map.routes(), (std::vector<uint8_t>{9, 8, 7, 6, 5}));
  EXPECT_TRUE(map.warnings().empty());
}

TEST(GtaCmp, DecodesEveryTypeMapBit) {
  CityMap map = Load(MakeMap().f.Bytes());
  const std::vector<MapBlock>& b = map.blocks();
  ASSERT_EQ(b.size(), 9u);

  // b0: all zero.
  EXPECT_EQ(b[0].type_map, 0);
  EXPECT_EQ(b[0].type, kBlockAir);
  EXPECT_FALSE(b[0].up || b[0].down || b[0].left || b[0].right || b[0].flat);
  EXPECT_EQ(b[0].slope, 0);
  EXPECT_EQ(b[0].lid_rotation, 0);

  // b1: up, water, faces in order left, right, top, bottom, lid.
  EXPECT_EQ(b[1].type_map, 0x0011);
  EXPECT_TRUE(b[1].up);
  EXPECT_FALSE(b[1].down || b[1].left || b[1].right || b[1].flat);
  EXPECT_EQ(b[1].type, kBlockWater);
  EXPECT_EQ(b[1].left_face, 1);
  EXPECT_EQ(b[1].right_face, 2);
  EXPECT_EQ(b[1].top_face, 3);
  EXPECT_EQ(b[1].bottom_face, 4);
  EXPECT_EQ(b[1].lid, 5);

  // b2: down, road, slope 1, rotation 1 (90 degrees).
  EXPECT_TRUE(b[2].down);
  EXPECT_FALSE(b[2].up || b[2].left || b[2].right || b[2].flat);
  EXPECT_EQ(b[2].type, kBlockRoad);
  EXPECT_EQ(b[2].slope, 1);
  EXPECT_EQ(b[2].lid_rotation, 1);
  EXPECT_EQ(b[2].lid, 14);

  // b3: left, pavement, flat, slope 63, rotation 2.
  EXPECT_TRUE(b[3].left);
  EXPECT_FALSE(b[3].up || b[3].down || b[3].right);
  EXPECT_TRUE(b[3].flat);
  EXPECT_EQ(b[3].type, kBlockPavement);
  EXPECT_EQ(b[3].slope, 63);
  EXPECT_EQ(b[3].lid_rotation, 2);
  EXPECT_EQ(b[3].lid, 200);
  EXPECT_EQ(b[3].left_face, 0);

  // b4: right, field, slope 20, rotation 3.
  EXPECT_TRUE(b[4].right);
  EXPECT_FALSE(b[4].up || b[4].down || b[4].left || b[4].flat);
  EXPECT_EQ(b[4].type, kBlockField);
  EXPECT_EQ(b[4].slope, 20);
  EXPECT_EQ(b[4].lid_rotation, 3);
  EXPECT_EQ(b[4].left_face, 255);
  EXPECT_EQ(b[4].top_face, 7);
  EXPECT_EQ(b[4].lid, 9);

  // b5: every direction, building.
  EXPECT_TRUE(b[5].up && b[5].down && b[5].left && b[5].right);
  EXPECT_EQ(b[5].type, kBlockBuilding);
  EXPECT_FALSE(b[5].flat);

  // b6, b7: the undefined types keep their number.
  EXPECT_EQ(b[6].type, 6);
  EXPECT_EQ(BlockTypeName(b[6].type), "unknown6");
  EXPECT_EQ(b[7].type_map, 0xffff);
  EXPECT_EQ(b[7].type, 7);
  EXPECT_EQ(BlockTypeName(b[7].type), "unknown7");
  EXPECT_TRUE(b[7].up && b[7].down && b[7].left && b[7].right && b[7].flat);
  EXPECT_EQ(b[7].slope, 63);
  EXPECT_EQ(b[7].lid_rotation, 3);

  // b8: an air-typed descriptor with a lid.
  EXPECT_EQ(b[8].type, kBlockAir);
  EXPECT_TRUE(b[8].flat);
  EXPECT_EQ(b[8].lid, 5);

  EXPECT_EQ(BlockTypeName(0), "air");
  EXPECT_EQ(BlockTypeName(1), "water");
  EXPECT_EQ(BlockTypeName(2), "road");
  EXPECT_EQ(BlockTypeName(3), "pavement");
  EXPECT_EQ(BlockTypeName(4), "field");
  EXPECT_EQ(BlockTypeName(5), "building");
}

TEST(GtaCmp, DecodesEveryExtBit) {
  CityMap map = Load(MakeMap().f.Bytes());
  const std::vector<MapBlock>& b = map.blocks();
  ASSERT_EQ(b.size(), 9u);
  EXPECT_EQ(b[0].traffic_hint, 0);
  EXPECT_EQ(b[1].type_map_ext, 0x01);
  EXPECT_EQ(b[1].traffic_hint, 1);
  EXPECT_EQ(b[1].lid_remap, 0);
  EXPECT_EQ(b[6].traffic_hint, 2);
  EXPECT_EQ(b[8].traffic_hint, 3);
  EXPECT_EQ(b[2].traffic_hint, 4);
  EXPECT_EQ(b[2].lid_remap, 1);
  EXPECT_EQ(b[3].traffic_hint, 5);
  EXPECT_EQ(b[3].lid_remap, 2);
  EXPECT_TRUE(b[3].flip_top_bottom);
  EXPECT_FALSE(b[3].flip_left_right || b[3].railway);
  EXPECT_EQ(b[4].traffic_hint, 6);
  EXPECT_EQ(b[4].lid_remap, 3);
  EXPECT_TRUE(b[4].flip_left_right);
  EXPECT_FALSE(b[4].flip_top_bottom || b[4].railway);
  EXPECT_EQ(b[5].traffic_hint, 7);
  EXPECT_TRUE(b[5].railway);
  EXPECT_FALSE(b[5].flip_top_bottom || b[5].flip_left_right);
  EXPECT_EQ(b[5].lid_remap, 0);
  EXPECT_EQ(b[7].type_map_ext, 0xff);
  EXPECT_EQ(b[7].traffic_hint, 7);
  EXPECT_EQ(b[7].lid_remap, 3);
  EXPECT_TRUE(b[7].flip_top_bottom && b[7].flip_left_right && b[7].railway);

  const char* names[] = {"none",           "traffic_light",    "unused2", "unused3",
                         "train_turn_end", "train_turn_start", "station", "station"};
  for (uint8_t i = 0; i < 8; ++i) EXPECT_EQ(TrafficHintName(i), names[i]) << int(i);
}

TEST(GtaCmp, DecodeMapBlockMatchesTheSpecBits) {
  for (int bit = 0; bit < 16; ++bit) {
    const MapBlock m = DecodeMapBlock(uint16_t(1u << bit), 0, 0, 0, 0, 0, 0);
    EXPECT_EQ(m.up, bit == 0);
    EXPECT_EQ(m.down, bit == 1);
    EXPECT_EQ(m.left, bit == 2);
    EXPECT_EQ(m.right, bit == 3);
    EXPECT_EQ(m.type, bit >= 4 && bit <= 6 ? 1 << (bit - 4) : 0) << bit;
    EXPECT_EQ(m.flat, bit == 7);
    EXPECT_EQ(m.slope, bit >= 8 && bit <= 13 ? 1 << (bit - 8) : 0) << bit;
    EXPECT_EQ(m.lid_rotation, bit >= 14 ? 1 << (bit - 14) : 0) << bit;
  }
  for (int bit = 0; bit < 8; ++bit) {
    const MapBlock m = DecodeMapBlock(0, uint8_t(1u << bit), 0, 0, 0, 0, 0);
    EXPECT_EQ(m.traffic_hint, bit <= 2 ? 1 << bit : 0) << bit;
    EXPECT_EQ(m.lid_remap, bit == 3 || bit == 4 ? 1 << (bit - 3) : 0) << bit;
    EXPECT_EQ(m.flip_top_bottom, bit == 5);
    EXPECT_EQ(m.flip_left_right, bit == 6);
    EXPECT_EQ(m.railway, bit == 7);
  }
}

TEST(GtaCmp, ColumnsListTheTopBlockFirstAndAreShared) {
  Fixture x = MakeMap();
  CityMap map = Load(x.f.Bytes());
  const MapColumn a = map.Column(0, 0);
  EXPECT_EQ(a.offset, x.cA);
  EXPECT_EQ(a.height, 4);
  EXPECT_EQ(a.blocks[4], x.b[2]);
  EXPECT_EQ(a.blocks[5], x.b[1]);
  EXPECT_EQ(map.ColumnOffset(255, 255), x.cA);
  EXPECT_EQ(map.ColumnOffset(1, 1), 0u);
  EXPECT_EQ(map.Column(1, 1).height, 6);
  // Two cells, one column: the same descriptor, not a copy.
  EXPECT_EQ(&map.Block(0, 0, 4), &map.Block(255, 255, 4));
  // c0 (empty), cA, cB, cC, cD, cE; cF is in the data but no cell uses it.
  EXPECT_EQ(map.distinct_columns(), 6u);

  EXPECT_FALSE(map.BlockIndex(0, 0, 3).has_value());
  EXPECT_EQ(&map.Block(0, 0, 3), &CityMap::AirBlock());
  EXPECT_EQ(map.BlockIndex(0, 0, 4), x.b[2]);
  EXPECT_EQ(map.Block(0, 0, 4).type, kBlockRoad);
  EXPECT_EQ(map.Block(0, 0, 5).type, kBlockWater);
  const MapColumn full = map.Column(10, 20);
  EXPECT_EQ(full.height, 0);
  for (int z = 0; z < 4; ++z) EXPECT_EQ(map.Block(10, 20, z).type, kBlockBuilding) << z;
  EXPECT_EQ(map.Block(10, 20, 4).type, kBlockPavement);
  EXPECT_EQ(map.Block(10, 20, 5).type, kBlockWater);
  // z outside 0..5: air.
  EXPECT_FALSE(map.BlockIndex(10, 20, -1).has_value());
  EXPECT_FALSE(map.BlockIndex(10, 20, 6).has_value());
  EXPECT_EQ(&map.Block(10, 20, 6), &CityMap::AirBlock());
  EXPECT_EQ(CityMap::AirBlock().type, kBlockAir);
  EXPECT_EQ(CityMap::AirBlock().lid, 0);
  // An air-typed descriptor is a block, returned as stored.
  EXPECT_EQ(map.BlockIndex(255, 7, 3), x.b[8]);
  EXPECT_EQ(map.Block(255, 7, 3).lid, 5);
}

TEST(GtaCmp, BlockClampsXAndYLikeTheGame) {
  Fixture x = MakeMap();
  CityMap map = Load(x.f.Bytes());
  EXPECT_EQ(map.BlockIndex(-5, 7, 4), x.b[3]);     // x -> 0: cB
  EXPECT_EQ(map.BlockIndex(300, 7, 4), x.b[4]);    // x -> 255: cC
  EXPECT_EQ(map.BlockIndex(3, -9, 2), x.b[6]);     // y -> 0: cE
  EXPECT_EQ(map.BlockIndex(3, 1000, 5), x.b[8]);   // y -> 255: cD
  EXPECT_EQ(map.BlockIndex(-1, -1, 4), x.b[2]);    // (0, 0): cA
  EXPECT_EQ(map.BlockIndex(256, 256, 4), x.b[2]);  // (255, 255): cA
  EXPECT_EQ(map.Column(-5, 7).offset, x.cB);
  EXPECT_EQ(map.ColumnOffset(300, 7), x.cC);
}

TEST(GtaCmp, GroundIsTheFirstNonAirBlockFromTheTop) {
  CityMap map = Load(MakeMap().f.Bytes());
  EXPECT_EQ(map.GroundZ(0, 0), 4);     // road at z 4
  EXPECT_EQ(map.GroundZ(10, 20), 0);   // a full column of buildings
  EXPECT_EQ(map.GroundZ(255, 7), 4);   // z 3 is an air-typed descriptor: skipped
  EXPECT_EQ(map.GroundZ(3, 0), 2);     // type 6 is not air
  EXPECT_EQ(map.GroundZ(3, 255), std::nullopt);  // only an air-typed block
  EXPECT_EQ(map.GroundZ(1, 1), std::nullopt);    // empty column (h = 6)
  EXPECT_EQ(map.GroundZ(300, 7), 4);   // clamped to (255, 7)
  EXPECT_EQ(CityMap::GroundWorldZ(4), 4u * 0x400000 + 0x3f0000);
  EXPECT_EQ(CityMap::GroundWorldZ(0), 0x3f0000u);
}

TEST(GtaCmp, CountsTypesPerDescriptorAndPerPlacedBlock) {
  CityMap map = Load(MakeMap().f.Bytes());
  // Descriptors: b0 and b8 air, one each of the others.
  const std::array<uint32_t, 8> per_descriptor = {2, 1, 1, 1, 1, 1, 1, 1};
  EXPECT_EQ(map.type_counts(), per_descriptor);
  // Placed: cA twice (road, water), cB twice (4 building, pavement, water),
  // cC (air, field, water), cD (air), cE (6, 7, air, air).
  const std::array<uint32_t, 8> placed = {4, 5, 2, 2, 1, 8, 1, 1};
  EXPECT_EQ(map.PlacedTypeCounts(), placed);
}

TEST(GtaCmp, ReadsServiceLocationsCategoryMajor) {
  CityMap map = Load(MakeMap().f.Bytes());
  const auto& l = map.locations();
  EXPECT_EQ(l[kServicePolice][0].x, 10);
  EXPECT_EQ(l[kServicePolice][0].y, 20);
  EXPECT_EQ(l[kServicePolice][0].z, 4);
  EXPECT_FALSE(l[kServicePolice][0].empty());
  EXPECT_TRUE(l[kServicePolice][1].empty());
  EXPECT_EQ(l[kServicePolice][5].x, 1);
  EXPECT_EQ(l[kServicePolice][5].y, 2);
  EXPECT_EQ(l[kServicePolice][5].z, 3);
  EXPECT_EQ(l[kServiceHospital][2].x, 200);
  EXPECT_EQ(l[kServiceHospital][2].y, 100);
  EXPECT_TRUE(l[kServiceHospital][0].empty());
  EXPECT_FALSE(l[kServiceFire][0].empty());  // (0, 0, 1): only an all-zero triple is empty
  EXPECT_EQ(l[kServiceFire][0].z, 1);
  EXPECT_EQ(l[kServiceUnknown5][5].x, 255);
  EXPECT_EQ(l[kServiceUnknown5][5].z, 5);
  int non_empty = 0;
  for (const auto& category : l)
    for (const ServiceLocation& s : category) non_empty += !s.empty();
  EXPECT_EQ(non_empty, 5);
  const char* names[] = {"police", "hospital", "unknown2", "unknown3", "fire", "unknown5"};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(ServiceCategoryName(i), names[i]);
}

TEST(GtaCmp, ReadsNavRecordsAndMarksPlaceholders) {
  CityMap map = Load(MakeMap().f.Bytes());
  const std::vector<NavRecord>& n = map.nav();
  ASSERT_EQ(n.size(), 7u);
  EXPECT_EQ(n[0].name, "Whole");
  EXPECT_EQ(n[0].w, 255);
  EXPECT_EQ(n[0].sample, 1);
  EXPECT_FALSE(n[0].empty);
  EXPECT_EQ(n[1].name, "Placeholder");
  EXPECT_EQ(n[1].x, 5);
  EXPECT_EQ(n[1].w, 0);
  EXPECT_EQ(n[1].h, 10);
  EXPECT_TRUE(n[1].empty);
  EXPECT_EQ(n[2].x, 10);
  EXPECT_EQ(n[2].y, 10);
  EXPECT_EQ(n[2].w, 20);
  EXPECT_EQ(n[2].h, 20);
  EXPECT_EQ(n[2].sample, 3);
  EXPECT_EQ(n[5].name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123");
  EXPECT_TRUE(n[6].empty);  // h = 0
  EXPECT_FALSE(n[6].Contains(40, 40));
}

TEST(GtaCmp, FindsTheSmallestDistrictHoldingACell) {
  CityMap map = Load(MakeMap().f.Bytes());
  EXPECT_EQ(map.FindDistrict(16, 16), 3u);    // Inner, not its equal-sized twin (file order)
  EXPECT_EQ(map.FindDistrict(19, 19), 3u);    // Inner's last cell: 15 + 5 - 1
  EXPECT_EQ(map.FindDistrict(20, 20), 2u);    // past Inner: Middle
  EXPECT_EQ(map.FindDistrict(10, 10), 2u);
  EXPECT_EQ(map.FindDistrict(29, 29), 2u);
  EXPECT_EQ(map.FindDistrict(30, 30), 0u);    // Whole
  EXPECT_EQ(map.FindDistrict(5, 5), 0u);      // the placeholder holds nothing
  EXPECT_EQ(map.FindDistrict(40, 40), 0u);    // nor does "Flat" (h = 0)
  EXPECT_EQ(map.FindDistrict(205, 205), 5u);
  EXPECT_EQ(map.FindDistrict(254, 254), 0u);
  EXPECT_EQ(map.FindDistrict(255, 0), std::nullopt);  // Whole is 0..254
  EXPECT_EQ(map.FindDistrict(-1, 0), std::nullopt);   // not clamped
}

TEST(GtaCmp, ADefaultMapIsEmptyAndSafe) {
  const CityMap map;
  EXPECT_EQ(map.header().version, 331u);
  EXPECT_EQ(map.Column(-3, 999).height, 6);
  EXPECT_EQ(&map.Block(5, 5, 5), &CityMap::AirBlock());
  EXPECT_EQ(map.GroundZ(5, 5), std::nullopt);
  EXPECT_EQ(map.FindDistrict(5, 5), std::nullopt);
  EXPECT_EQ(map.distinct_columns(), 1u);
  EXPECT_EQ(map.PlacedTypeCounts(), (std::array<uint32_t, 8>{}));
}

TEST(GtaCmp, WarnsAtTheGamesLimits) {
  {
    Fixture x = MakeMap();
    x.f.objects.assign(3178 * 14, 0);  // 44,492 bytes: within 0xadd4 (44,500)
    for (int i = 0; i < 40 - 7; ++i) x.f.AddNav(1, 1, 1, 1, 0, "n");  // 40 records = 0x578
    CityMap map = Load(x.f.Bytes());
    EXPECT_TRUE(map.warnings().empty());
    EXPECT_EQ(map.objects().size(), 3178u);
    EXPECT_EQ(map.nav().size(), 40u);
  }
  {
    Fixture x = MakeMap();
    x.f.objects.assign(3179 * 14, 0);  // 44,506 bytes
    for (int i = 0; i < 41 - 7; ++i) x.f.AddNav(1, 1, 1, 1, 0, "n");  // 1,435 bytes
    CityMap map = Load(x.f.Bytes());
    ASSERT_EQ(map.warnings().size(), 2u);
    EXPECT_TRUE(absl::StrContains(map.warnings()[0], "objects")) << map.warnings()[0];
    EXPECT_TRUE(absl::StrContains(map.warnings()[0], "44506")) << map.warnings()[0];
    EXPECT_TRUE(absl::StrContains(map.warnings()[0], "would refuse")) << map.warnings()[0];
    EXPECT_TRUE(absl::StrContains(map.warnings()[1], "nav")) << map.warnings()[1];
    EXPECT_TRUE(absl::StrContains(map.warnings()[1], "1435")) << map.warnings()[1];
    EXPECT_TRUE(absl::StrContains(map.warnings()[1], "would refuse")) << map.warnings()[1];
    EXPECT_EQ(map.objects().size(), 3179u);
    EXPECT_EQ(map.nav().size(), 41u);
  }
}

TEST(GtaCmpMalformed, WrongVersion) {
  Fixture x = MakeMap();
  x.f.version = 330;
  const std::string e = ErrorOf(x.f.Bytes());
  EXPECT_TRUE(absl::StrContains(e, "header")) << e;
  EXPECT_TRUE(absl::StrContains(e, "version 330")) << e;
  EXPECT_TRUE(absl::StrContains(e, "331")) << e;
}

TEST(GtaCmpMalformed, SizeRuleOffByOne) {
  Fixture x = MakeMap();
  std::vector<uint8_t> bytes = x.f.Bytes();
  const size_t good = bytes.size();
  bytes.push_back(0);
  std::string e = ErrorOf(bytes);
  EXPECT_TRUE(absl::StrContains(e, absl::StrCat("expected ", good, " bytes"))) << e;
  EXPECT_TRUE(absl::StrContains(e, absl::StrCat("actual ", good + 1))) << e;
  bytes.resize(good - 1);
  e = ErrorOf(bytes);
  EXPECT_TRUE(absl::StrContains(e, absl::StrCat("actual ", good - 1))) << e;
  // A header size one too large.
  x.f.nav_size = uint32_t(x.f.nav.size() + 1);
  e = ErrorOf(x.f.Bytes());
  EXPECT_TRUE(absl::StrContains(e, absl::StrCat("expected ", good + 1, " bytes"))) << e;
  EXPECT_TRUE(absl::StrContains(e, absl::StrCat("actual ", good))) << e;
  // Sizes that overflow 32 bits when added do not wrap round to a match.
  Fixture y = MakeMap();
  y.f.route_size = 0xffffffffu;
  e = ErrorOf(y.f.Bytes());
  EXPECT_TRUE(absl::StrContains(e, "file size")) << e;
}

TEST(GtaCmpMalformed, BaseOffsetOutsideTheColumnData) {
  Fixture x = MakeMap();
  x.f.SetCell(7, 9, uint32_t(x.f.columns.size()));
  std::string e = ErrorOf(x.f.Bytes());
  EXPECT_TRUE(absl::StrContains(e, "cell (7, 9)")) << e;
  EXPECT_TRUE(absl::StrContains(e, Hex(28 + (9 * 256 + 7) * 4))) << e;
  EXPECT_TRUE(absl::StrContains(e, Hex(x.f.columns.size()))) << e;
  // One byte left: no room for the height word.
  x.f.SetCell(7, 9, uint32_t(x.f.columns.size() - 1));
  e = ErrorOf(x.f.Bytes());
  EXPECT_TRUE(absl::StrContains(e, "outside the column data")) << e;
  x.f.SetCell(7, 9, 0xffffffffu);
  e = ErrorOf(x.f.Bytes());
  EXPECT_TRUE(absl::StrContains(e, "0xffffffff")) << e;
}

TEST(GtaCmpMalformed, ColumnHeightOutOf0To6) {
  for (int16_t h : {int16_t(7), int16_t(-1)}) {
    Fixture x = MakeMap();
    const uint32_t c = x.f.AddColumn(h, {1, 1, 1, 1, 1, 1, 1});
    x.f.SetCell(4, 5, c);
    const std::string e = ErrorOf(x.f.Bytes());
    EXPECT_TRUE(absl::StrContains(e, "cell (4, 5)")) << e;
    EXPECT_TRUE(absl::StrContains(e, absl::StrCat("height ", h, " is outside 0..6"))) << e;
    EXPECT_TRUE(absl::StrContains(e, Hex(c))) << e;
  }
}

TEST(GtaCmpMalformed, ColumnRunningPastTheColumnData) {
  Fixture x = MakeMap();
  const uint32_t c = x.f.AddColumn(0, {1, 1});  // needs 6 indices
  x.f.SetCell(2, 2, c);
  const std::string e = ErrorOf(x.f.Bytes());
  EXPECT_TRUE(absl::StrContains(e, "cell (2, 2)")) << e;
  EXPECT_TRUE(absl::StrContains(e, "needs 6 block indices")) << e;
}

TEST(GtaCmpMalformed, BlockIndexPastTheBlockCount) {
  Fixture x = MakeMap();
  x.f.SetCell(6, 8, x.f.AddColumn(4, {1, 9}));  // 9 blocks: indices 0..8
  const std::string e = ErrorOf(x.f.Bytes());
  EXPECT_TRUE(absl::StrContains(e, "cell (6, 8) z 5")) << e;
  EXPECT_TRUE(absl::StrContains(e, "block index 9")) << e;
  EXPECT_TRUE(absl::StrContains(e, "past the 9 blocks")) << e;
}

TEST(GtaCmpMalformed, SectionSizesThatAreNotWholeRecords) {
  {
    Fixture x = MakeMap();
    x.f.nav.pop_back();  // 7 * 35 - 1
    const std::string e = ErrorOf(x.f.Bytes());
    EXPECT_TRUE(absl::StrContains(e, "nav size")) << e;
    EXPECT_TRUE(absl::StrContains(e, "multiple of 35")) << e;
  }
  {
    Fixture x = MakeMap();
    x.f.objects.push_back(0);  // 29
    const std::string e = ErrorOf(x.f.Bytes());
    EXPECT_TRUE(absl::StrContains(e, "object size")) << e;
    EXPECT_TRUE(absl::StrContains(e, "29 bytes is not a multiple of 14")) << e;
  }
  {
    Fixture x = MakeMap();
    x.f.blocks.push_back(0);  // 73
    const std::string e = ErrorOf(x.f.Bytes());
    EXPECT_TRUE(absl::StrContains(e, "block size")) << e;
  }
}

TEST(GtaCmpMalformed, TruncatedHeaderAndEmptyFile) {
  const std::vector<uint8_t> bytes = MakeMap().f.Bytes();
  std::string e = ErrorOf(std::vector<uint8_t>(bytes.begin(), bytes.begin() + 27));
  EXPECT_TRUE(absl::StrContains(e, "header")) << e;
  EXPECT_TRUE(absl::StrContains(e, "truncated")) << e;
  e = ErrorOf({});
  EXPECT_TRUE(absl::StrContains(e, "truncated: the file has 0 bytes")) << e;
}

TEST(GtaCmpMalformed, EveryTruncationIsAnError) {
  const std::vector<uint8_t> bytes = MakeMap().f.Bytes();
  for (size_t n = 0; n < bytes.size(); n += (n < 64 ? 1 : 997)) {
    absl::StatusOr<CityMap> map =
        ReadCityMap(Bytes(bytes.data(), n), "CUT.CMP");
    EXPECT_FALSE(map.ok()) << n;
  }
}

TEST(GtaCmpMalformed, CorruptColumnsNeverCrash) {
  // Every byte of the column data set to a few hostile values: the load either
  // succeeds (and Block reads stay in bounds) or fails with an error.
  const Fixture x = MakeMap();
  const std::vector<uint8_t> good = x.f.Bytes();
  const size_t columns_at = 28 + 0x40000;
  for (size_t i = 0; i < x.f.columns.size(); ++i) {
    for (uint8_t v : {uint8_t(0x00), uint8_t(0x07), uint8_t(0xff), uint8_t(0x80)}) {
      std::vector<uint8_t> bytes = good;
      bytes[columns_at + i] = v;
      absl::StatusOr<CityMap> map = ReadCityMap(bytes, "FUZZ.CMP");
      if (!map.ok()) continue;
      for (int y : {0, 7, 20, 255})
        for (int xx : {0, 3, 10, 255})
          for (int z = -1; z <= 6; ++z) (void)map->Block(xx, y, z).type;
    }
  }
}

}  // namespace
}  // namespace kbot::gta
