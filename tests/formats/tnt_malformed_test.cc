// The TNT reader on hostile maps: every refusal with the structure and offset
// it names, counts whose sizes wrap 32 bits, and the oddities that leave a
// map readable without a minimap.
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/tnt/tnt.h"
#include "tests/support/tnt_bytes.h"

namespace kbot::tnt {
namespace {

using kbot::testing::LayOutTa;
using kbot::testing::LayOutTak;
using kbot::testing::PutU32;
using kbot::testing::SmallTakMap;
using kbot::testing::SmallTaMap;
using kbot::testing::TntMinimapSpec;

// The error's values, and its message checked to contain `text`.
FormatError ErrorOf(const std::vector<uint8_t>& bytes, absl::string_view text) {
  absl::StatusOr<TntMap> map = ReadTnt(bytes, "bad.tnt");
  EXPECT_FALSE(map.ok());
  if (map.ok()) return FormatError{};
  EXPECT_TRUE(absl::StrContains(map.status().message(), text)) << map.status();
  EXPECT_TRUE(absl::StartsWith(map.status().message(), "bad.tnt: ")) << map.status();
  std::optional<FormatError> e = GetFormatError(map.status());
  EXPECT_TRUE(e.has_value()) << map.status();
  return e.value_or(FormatError{});
}

std::vector<uint8_t> Ta() { return LayOutTa(SmallTaMap()).bytes; }
std::vector<uint8_t> Tak() { return LayOutTak(SmallTakMap()).bytes; }

TEST(TntMalformed, TruncatedHeaders) {
  EXPECT_EQ(ErrorOf({0x00, 0x20, 0x00}, "too short for a TNT header (3 bytes)").structure, "");
  std::vector<uint8_t> ta = Ta();
  ta.resize(0x3F);
  ErrorOf(ta, "too short for the 64-byte TA TNT header (63 bytes)");
  std::vector<uint8_t> tak = Tak();
  tak.resize(0x33);
  ErrorOf(tak, "too short for the 52-byte TA: Kingdoms TNT header (51 bytes)");
  tak.resize(0x10);
  ErrorOf(tak, "too short for the 52-byte");
}

TEST(TntMalformed, UnknownVersion) {
  std::vector<uint8_t> b = Ta();
  PutU32(b, 0, 0x3000);
  const FormatError e = ErrorOf(b, "version 0x3000 is not a TNT kbot reads");
  EXPECT_EQ(e.structure, "header");
  EXPECT_EQ(e.offset, 0u);
  EXPECT_EQ(FormatErrorMessage(e),
            "bad.tnt: header at 0x0: version 0x3000 is not a TNT kbot reads (0x2000 is TA's, "
            "0x4000 TA: Kingdoms')");
}

TEST(TntMalformed, ZeroAndOversizedSides) {
  std::vector<uint8_t> b = Ta();
  PutU32(b, 4, 0);
  EXPECT_EQ(ErrorOf(b, "the map's width is 0 cells").offset, 4u);
  b = Tak();
  PutU32(b, 8, 0);
  EXPECT_EQ(ErrorOf(b, "the map's height is 0 cells").offset, 8u);
  b = Ta();
  PutU32(b, 4, 4097);
  EXPECT_EQ(ErrorOf(b, "the map's width of 4097 cells is over the limit of 4096 cells a side")
                .offset,
            4u);
  PutU32(b, 4, 0xFFFFFFFF);
  ErrorOf(b, "4294967295 cells is over the limit");
}

TEST(TntMalformed, HugeMapInASmallFile) {
  // 4096 x 4096 cells: 16,777,216 attribute cells of 4 bytes, in a file of a
  // few kilobytes; the 64-bit size is checked before anything is allocated.
  std::vector<uint8_t> b = Ta();
  PutU32(b, 4, 4096);
  PutU32(b, 8, 4096);
  const FormatError e = ErrorOf(b, "run past the end of the");
  EXPECT_EQ(e.structure, "tile index map");
  EXPECT_TRUE(absl::StrContains(e.detail, "2048 x 2048 tile positions of 2 byte(s) (8388608 bytes"))
      << e.detail;
  b = Tak();
  PutU32(b, 4, 4096);
  PutU32(b, 8, 4096);
  EXPECT_EQ(ErrorOf(b, "4096 x 4096 cells of 1 byte(s) (16777216 bytes").structure, "heights");
}

TEST(TntMalformed, TileCountWhoseSizeWraps32Bits) {
  // 0x00400001 tiles of 1024 bytes: 0x100000400 bytes, 0x400 in 32 bits.
  kbot::testing::TntLayout l = LayOutTa(SmallTaMap());
  PutU32(l.bytes, 0x18, 0x00400001);
  const FormatError e = ErrorOf(l.bytes, "4194305 tiles of 32 x 32 bytes (4294968320 bytes");
  EXPECT_EQ(e.structure, "tile graphics");
  EXPECT_EQ(e.offset, l.tiles);
  PutU32(l.bytes, 0x18, 0xFFFFFFFF);
  ErrorOf(l.bytes, "4294967295 tiles of 32 x 32 bytes (4398046510080 bytes");
}

TEST(TntMalformed, FeatureCountPastTheFile) {
  std::vector<uint8_t> b = Ta();
  PutU32(b, 0x1C, 0xFFFFFFFF);
  EXPECT_EQ(ErrorOf(b, "4294967295 entries of 132 bytes").structure, "feature table");
  b = Tak();
  PutU32(b, 0x1C, 0x02000000);
  EXPECT_EQ(ErrorOf(b, "33554432 entries of 132 bytes").structure, "feature table");
}

TEST(TntMalformed, OffsetsPastTheEnd) {
  const std::vector<uint8_t> ta = Ta();
  const struct {
    size_t at;
    const char* structure;
  } ta_fields[] = {{0x0C, "tile index map"}, {0x10, "attribute cells"},
                   {0x14, "tile graphics"}, {0x20, "feature table"}};
  for (const auto& f : ta_fields) {
    for (uint32_t offset : {uint32_t(ta.size()), uint32_t(ta.size() - 1), 0xFFFFFFFFu}) {
      std::vector<uint8_t> b = ta;
      PutU32(b, f.at, offset);
      const FormatError e = ErrorOf(b, "run past the end of the");
      EXPECT_EQ(e.structure, f.structure);
      EXPECT_EQ(e.offset, offset);
      EXPECT_TRUE(absl::StrContains(e.detail, absl::StrCat("the header's offset at ", Hex(f.at))))
          << e.detail;
    }
  }
  const std::vector<uint8_t> tak = Tak();
  const struct {
    size_t at;
    const char* structure;
  } tak_fields[] = {{0x10, "heights"},       {0x14, "feature spots"}, {0x18, "feature table"},
                    {0x20, "tile sheet ids"}, {0x24, "tile columns"},  {0x28, "tile rows"}};
  for (const auto& f : tak_fields) {
    std::vector<uint8_t> b = tak;
    PutU32(b, f.at, uint32_t(tak.size() - 2));
    EXPECT_EQ(ErrorOf(b, "run past the end of the").structure, f.structure);
  }
}

TEST(TntMalformed, SectionsInsideTheHeader) {
  std::vector<uint8_t> b = Ta();
  PutU32(b, 0x10, 0);
  const FormatError e = ErrorOf(b, "inside the 64-byte header");
  EXPECT_EQ(e.structure, "header");
  EXPECT_EQ(e.offset, 0x10u);
  EXPECT_EQ(e.detail,
            "the attribute cells (8 x 8 cells of 4 byte(s)) start at 0x0, inside the 64-byte "
            "header");
  b = Tak();
  PutU32(b, 0x24, 0x30);
  EXPECT_EQ(ErrorOf(b, "inside the 52-byte header").offset, 0x24u);
  // An empty section may point anywhere.
  b = Ta();
  PutU32(b, 0x1C, 0);
  PutU32(b, 0x20, 0xFFFFFFFF);
  EXPECT_TRUE(ReadTnt(b, "ok.tnt").ok());
}

TEST(TntMalformed, TileIndexOfFFFFIsAWarning) {
  kbot::testing::TaMapSpec spec = SmallTaMap();
  spec.tile_index.assign(16, 0xFFFF);
  spec.tiles.clear();
  absl::StatusOr<TntMap> map = ReadTnt(LayOutTa(spec).bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->tile_count, 0u);
  EXPECT_TRUE(map->tile_pixels.empty());
  EXPECT_EQ(map->warnings[0],
            "tile position (0, 0): tile index 65535 is past the 0-tile set (and 15 more)");
}

// Each minimap that cannot be read leaves the map readable, without it.
std::string OnlyMinimapWarning(const kbot::testing::TaMapSpec& spec, size_t extra = 0) {
  kbot::testing::TaMapSpec s = spec;
  s.cells.assign(64, {});
  std::vector<uint8_t> b = LayOutTa(s).bytes;
  b.resize(b.size() - extra);
  absl::StatusOr<TntMap> map = ReadTnt(b, "t.tnt");
  EXPECT_TRUE(map.ok()) << map.status();
  if (!map.ok()) return "";
  EXPECT_FALSE(map->minimap.has_value());
  EXPECT_EQ(map->warnings.size(), 1u);
  return map->warnings.empty() ? "" : map->warnings[0];
}

TEST(TntMalformed, MinimapsThatCannotBeRead) {
  kbot::testing::TaMapSpec spec = SmallTaMap();
  const size_t at = LayOutTa(spec).minimap;
  spec.minimap = TntMinimapSpec{5000, 5000, std::vector<uint8_t>(100, 1)};
  EXPECT_EQ(OnlyMinimapWarning(spec),
            absl::StrCat("no minimap: the 5000 x 5000 at ", Hex(at),
                         " is not a minimap size (a side of 1 to 1024)"));
  spec.minimap = TntMinimapSpec{0, 252, {}};
  EXPECT_TRUE(absl::StrContains(OnlyMinimapWarning(spec), "the 0 x 252 at"));
  spec.minimap = TntMinimapSpec{252, 252, std::vector<uint8_t>(252 * 252 - 1, 1)};
  EXPECT_EQ(OnlyMinimapWarning(spec),
            absl::StrCat("no minimap: its 252 x 252 pixels at ", Hex(at + 8),
                         " run past the end of the ", at + 8 + 252 * 252 - 1, "-byte file"));
  spec.minimap = TntMinimapSpec{4, 4, {}};
  EXPECT_TRUE(absl::StrContains(OnlyMinimapWarning(spec, 1), "its size at"));

  kbot::testing::TntLayout l = LayOutTa(SmallTaMap());
  PutU32(l.bytes, 0x28, 0x20);
  absl::StatusOr<TntMap> map = ReadTnt(l.bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_FALSE(map->minimap.has_value());
  EXPECT_EQ(map->warnings.back(),
            "no minimap: its offset (the header's field at 0x28) is 0x20, inside the 64-byte "
            "header");
  PutU32(l.bytes, 0x28, 0xFFFFFFF0);
  map = ReadTnt(l.bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_TRUE(absl::StartsWith(map->warnings.back(), "no minimap: its size at 0xfffffff0"));
}

TEST(TntMalformed, KingdomsMinimapsAbsent) {
  kbot::testing::TakMapSpec spec = SmallTakMap();
  spec.small_minimap.reset();
  spec.large_minimap = TntMinimapSpec{2000, 3, {}};
  absl::StatusOr<TntMap> map = ReadTnt(LayOutTak(spec).bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_FALSE(map->minimap.has_value());
  EXPECT_FALSE(map->large_minimap.has_value());
  ASSERT_EQ(map->warnings.size(), 2u);
  EXPECT_EQ(map->warnings[0], "no small minimap: the header's field at 0x2c is 0");
  EXPECT_TRUE(absl::StartsWith(map->warnings[1], "no large minimap: the 2000 x 3 at 0x"));
}

}  // namespace
}  // namespace kbot::tnt
