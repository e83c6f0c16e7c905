// The GTA1 sprite tools (sprite_list, sprite_export, sprite_sheet) called
// directly on a style built byte by byte (tests/support/gta_style_bytes.h)
// from docs/formats/gta1.md, "Sprite numbers" to "Sprite palettes and remaps".
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "formats/common/byte_writer.h"
#include "tests/support/decode_image.h"
#include "tests/support/gta_style_bytes.h"
#include "tools/sprite_export_tool.h"
#include "tools/sprite_list_tool.h"
#include "tools/sprite_sheet_tool.h"

namespace kbot::tools {
namespace {

// T = 8 tile palettes, S = 2 sprite palettes, N = 76 (one car record's 12
// remaps, 64 for pedestrians): 86 index entries.
//   slot 8 (sprite palette 0) -> CLUT 1: colour e is (e, 10, 20)
//   slot 9 (sprite palette 1) -> CLUT 2: colour e is (e, 100, 200)
//   slot 12 (car record 0 remap 3 = 8 + 2 + 2) -> CLUT 3: (e, 50, 60)
//   slot 22 (ped remap 0 = 8 + 2 + 76 - 64) -> CLUT 2
// Sprites: arrow 0 is 0 x 0; car 0 is 2 x 3 (palette 0; rows 1 2 / 3 4 /
// 5 6; delta 0 sets its top-left to 9); car 1 is 2 x 2 (palette 1, all 7) and
// no car record's; object 0 is 3 x 1 (palette 0: 1 2 3); ped 0 is 1 x 2
// (palette 1: 4 5). Car record 0: model 7, a car (vtype 4), sprite 0.
std::vector<uint8_t> SpriteStyle() {
  testing::StyleFile f;
  f.sprite_clut_size = 2 * 1024;
  f.new_car_clut_size = 76 * 1024;
  f.palette_index.assign(86, 0);
  f.palette_index[8] = 1, f.palette_index[9] = 2, f.palette_index[12] = 3;
  f.palette_index[22] = 2;
  for (int e = 0; e < 256; ++e) {
    f.SetColor(1, e, uint8_t(e), 10, 20);
    f.SetColor(2, e, uint8_t(e), 100, 200);
    f.SetColor(3, e, uint8_t(e), 50, 60);
  }
  f.sprite_numbers = testing::SpriteNumbers({{0, 1}, {5, 2}, {6, 1}, {7, 1}});
  testing::AppendSprite(f.sprite_info, 0, 0, 0, 0);
  testing::AppendSprite(f.sprite_info, 2, 3, 0, 0x10, {{4, 0x40}});
  testing::AppendSprite(f.sprite_info, 2, 2, 1, 0x20);
  testing::AppendSprite(f.sprite_info, 3, 1, 0, 0x30);
  testing::AppendSprite(f.sprite_info, 1, 2, 1, 0x38);
  std::vector<uint8_t>& g = f.sprite_graphics;
  g.assign(0x300, 0);
  g[0x10] = 1, g[0x11] = 2, g[0x110] = 3, g[0x111] = 4, g[0x210] = 5, g[0x211] = 6;
  g[0x20] = g[0x21] = g[0x120] = g[0x121] = 7;
  g[0x30] = 1, g[0x31] = 2, g[0x32] = 3;
  g[0x38] = 4, g[0x138] = 5;
  g[0x40] = 0, g[0x41] = 0, g[0x42] = 1, g[0x43] = 9;  // delta: skip 0, 1 byte: 9
  f.cars.assign(174, 0);
  f.cars[106] = 4, f.cars[107] = 7;  // vtype, model; spr_num 0 at 6
  return f.Bytes();
}

struct Fixture {
  std::vector<uint8_t> bytes = SpriteStyle();
  Asset asset{"GTADATA/STYLE009.G24", bytes};
};

std::vector<int> Pixel(const testing::DecodedPng& png, int x, int y) {
  const uint8_t* p = png.rgba.data() + 4 * (size_t(y) * png.width + x);
  return {p[0], p[1], p[2], p[3]};
}

testing::DecodedPng Png(const EncodedPicture& image) {
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(image.png);
  EXPECT_TRUE(png.ok()) << png.status();
  return *std::move(png);
}

TEST(SpriteList, KindsAndEverySprite) {
  Fixture f;
  absl::StatusOr<SpriteListing> l = ListSprites(f.asset, SpriteListRequest{});
  ASSERT_TRUE(l.ok()) << l.status();
  EXPECT_EQ(ResultJson(*l), json::parse(R"({"path": "GTADATA/STYLE009.G24", "total": 5,
      "kinds": [{"kind": "arrow", "first": 0, "count": 1}, {"kind": "car", "first": 1, "count": 2},
                {"kind": "object", "first": 3, "count": 1}, {"kind": "ped", "first": 4, "count": 1}],
      "offset": 0, "next_offset": null, "sprites": [
       {"number": 0, "kind": "arrow", "index": 0, "width": 0, "height": 0, "deltas": 0,
        "palette": 0, "page": 0, "x": 0, "y": 0},
       {"number": 1, "kind": "car", "index": 0, "width": 2, "height": 3, "deltas": 1,
        "palette": 0, "page": 0, "x": 16, "y": 0},
       {"number": 2, "kind": "car", "index": 1, "width": 2, "height": 2, "deltas": 0,
        "palette": 1, "page": 0, "x": 32, "y": 0},
       {"number": 3, "kind": "object", "index": 0, "width": 3, "height": 1, "deltas": 0,
        "palette": 0, "page": 0, "x": 48, "y": 0},
       {"number": 4, "kind": "ped", "index": 0, "width": 1, "height": 2, "deltas": 0,
        "palette": 1, "page": 0, "x": 56, "y": 0}],
      "warnings": []})"));
}

TEST(SpriteList, OneKindAPageAtATime) {
  Fixture f;
  SpriteListRequest r;
  r.kind = "Cars";
  r.limit = 1;
  absl::StatusOr<SpriteListing> l = ListSprites(f.asset, r);
  ASSERT_TRUE(l.ok()) << l.status();
  ASSERT_EQ(l->sprites.size(), 1u);
  EXPECT_EQ(l->sprites[0].number, 1);
  EXPECT_EQ(l->next_offset, 1u);
  r.offset = 1;
  l = ListSprites(f.asset, r);
  ASSERT_EQ(l->sprites.size(), 1u);
  EXPECT_EQ(l->sprites[0].index, 1);
  EXPECT_EQ(l->next_offset, std::nullopt);
  r.kind = "plane";
  l = ListSprites(f.asset, r);
  ASSERT_FALSE(l.ok());
  EXPECT_TRUE(absl::StrContains(l.status().message(), "no sprite kind \"plane\": the kinds are "
                                                      "arrow, digits, boat"))
      << l.status();
}

TEST(SpriteList, AFileOfAnotherKindIsRefusedByName) {
  const std::vector<uint8_t> gaf = {0x00, 0x01, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0};
  absl::StatusOr<SpriteListing> l = ListSprites({"anims/x.gaf", gaf}, SpriteListRequest{});
  ASSERT_FALSE(l.ok());
  EXPECT_TRUE(absl::StrContains(l.status().message(), "GAF")) << l.status();
}

SpriteExportRequest Export(const std::string& kind, int number) {
  SpriteExportRequest r;
  r.path = "GTADATA/STYLE009.G24";
  r.kind = kind;
  r.number = number;
  return r;
}

TEST(SpriteExport, OwnPaletteEnlargedToFit) {
  Fixture f;
  absl::StatusOr<SpriteExportOutcome> o = ExportSprite(f.asset, Export("car", 0));
  ASSERT_TRUE(o.ok()) << o.status();
  // 2 x 3: 256 / 3 = 85, capped at 8.
  EXPECT_EQ(ResultJson(o->summary), json::parse(R"({"path": "GTADATA/STYLE009.G24",
      "kind": "car", "number": 0, "width": 16, "height": 24, "model": 7, "clut": 1, "scale": 8,
      "warnings": [], "bytes": )" + std::to_string(o->image.png.size()) + "}"));
  const testing::DecodedPng png = Png(o->image);
  EXPECT_EQ(png.width, 16);
  EXPECT_EQ(png.height, 24);
  EXPECT_EQ(Pixel(png, 0, 0), (std::vector<int>{1, 10, 20, 255}));
  EXPECT_EQ(Pixel(png, 15, 23), (std::vector<int>{6, 10, 20, 255}));
  EXPECT_EQ(Pixel(png, 8, 8), (std::vector<int>{4, 10, 20, 255}));
}

TEST(SpriteExport, ACarRemapAndADelta) {
  Fixture f;
  SpriteExportRequest r = Export("car", 0);
  r.remap = 3;
  r.deltas = {0};
  r.scale = 1;
  absl::StatusOr<SpriteExportOutcome> o = ExportSprite(f.asset, r);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->summary.clut, 3);
  EXPECT_EQ(o->summary.remap, 3);
  const testing::DecodedPng png = Png(o->image);
  EXPECT_EQ(png.width, 2);
  EXPECT_EQ(Pixel(png, 0, 0), (std::vector<int>{9, 50, 60, 255}));  // the delta's 9
  EXPECT_EQ(Pixel(png, 1, 0), (std::vector<int>{2, 50, 60, 255}));
}

TEST(SpriteExport, APedestrianRemap) {
  Fixture f;
  SpriteExportRequest r = Export("ped", 0);
  r.remap = 0;
  absl::StatusOr<SpriteExportOutcome> o = ExportSprite(f.asset, r);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->summary.clut, 2);
  EXPECT_EQ(o->summary.model, std::nullopt);
}

TEST(SpriteExport, ErrorsNameWhatIsWrong) {
  Fixture f;
  const auto message = [&](SpriteExportRequest r) {
    absl::StatusOr<SpriteExportOutcome> o = ExportSprite(f.asset, r);
    EXPECT_FALSE(o.ok());
    return std::string(o.status().message());
  };
  SpriteExportRequest r = Export("object", 0);
  r.remap = 1;
  EXPECT_TRUE(absl::StrContains(message(r), "object sprite 0 takes no remap")) << message(r);
  r = Export("car", 1);
  r.remap = 1;
  EXPECT_TRUE(absl::StrContains(message(r), "car sprite 1 belongs to no car record"));
  r = Export("car", 0);
  r.remap = 13;
  EXPECT_TRUE(absl::StrContains(message(r), "remap 13: a vehicle has remaps 1-12"));
  EXPECT_TRUE(absl::StrContains(message(Export("car", 2)),
                                "car sprite 2 is past the kind's 2 sprite(s)"));
  EXPECT_TRUE(absl::StrContains(message(Export("arrow", 0)), "0 x 0: nothing to draw"));
  r = Export("car", 0);
  r.deltas = {1};
  EXPECT_TRUE(absl::StrContains(message(r), "delta 1 is past its 1 delta(s)"));
  EXPECT_TRUE(absl::StrContains(message(Export("tank", 0)), "GTADATA/STYLE009.G24"));
}

SpriteSheetRequest Sheet(const std::string& kind) {
  SpriteSheetRequest r;
  r.path = "GTADATA/STYLE009.G24";
  r.kind = kind;
  return r;
}

TEST(SpriteSheet, AKindNumberedInARemap) {
  Fixture f;
  SpriteSheetRequest r = Sheet("car");
  r.remap = 3;
  r.scale = 1;
  absl::StatusOr<SpriteSheetOutcome> o = DrawSpriteSheet(f.asset, r);
  ASSERT_TRUE(o.ok()) << o.status();
  const SpriteSheetSummary& s = o->summary;
  EXPECT_EQ(s.count, 2);
  EXPECT_EQ(s.total, 2);
  EXPECT_EQ(s.next_first, std::nullopt);
  EXPECT_EQ(s.columns, 2);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_EQ(s.warnings[0], "car 1 drawn in its own palette: car sprite 1 belongs to no car "
                           "record, so it has no remaps");
  const testing::DecodedPng png = Png(o->image);
  EXPECT_EQ(png.width, s.width);
  // Cell 0: car 0 (2 x 3) in remap 3; cell 1 (from x 2 + gutter): car 1, its
  // 2 x 2 centred in the 2 x 3 cell (from row 0: (3 - 2) / 2 = 0).
  EXPECT_EQ(Pixel(png, 0, 0), (std::vector<int>{1, 50, 60, 255}));
  EXPECT_EQ(Pixel(png, 1, 2), (std::vector<int>{6, 50, 60, 255}));
  EXPECT_EQ(Pixel(png, 4, 0), (std::vector<int>{7, 100, 200, 255}));
  EXPECT_EQ(Pixel(png, 4, 2)[3], 0);
}

TEST(SpriteSheet, PagesAndErrors) {
  Fixture f;
  SpriteSheetRequest r = Sheet("car");
  r.count = 1;
  absl::StatusOr<SpriteSheetOutcome> o = DrawSpriteSheet(f.asset, r);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->summary.next_first, 1);
  r.first = 2;
  o = DrawSpriteSheet(f.asset, r);
  ASSERT_FALSE(o.ok());
  EXPECT_TRUE(absl::StrContains(o.status().message(), "car sprites 2..2: the style has 2"));
  r = Sheet("object");
  r.remap = 1;
  o = DrawSpriteSheet(f.asset, r);
  ASSERT_FALSE(o.ok());
  EXPECT_TRUE(absl::StrContains(o.status().message(), "object sprites take no remap"));
}

}  // namespace
}  // namespace kbot::tools
