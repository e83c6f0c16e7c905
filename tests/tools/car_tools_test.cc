// The GTA1 car tools (car_list, car_describe) on a style built byte by byte
// (tests/support/gta_style_bytes.h) from docs/formats/gta1.md, "Car info" and
// "Sprite palettes and remaps", in a context beside an ENGLISH.FXT enciphered
// here from "Texts (.FXT)".
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "base/json_schema.h"
#include "formats/common/byte_writer.h"
#include "tests/support/decode_image.h"
#include "tests/support/gta_style_bytes.h"
#include "tools/car_describe_tool.h"
#include "tools/car_list_tool.h"

namespace kbot::tools {
namespace {

constexpr const char* kStylePath = "GTADATA/STYLE009.G24";

void AppendS16(std::vector<uint8_t>& out, int16_t v) { AppendU16(out, uint16_t(v)); }
void AppendS32(std::vector<uint8_t>& out, int32_t v) { AppendU32(out, uint32_t(v)); }

// Car record 0: model 7, a car (vtype 4), car sprite 0, 20 x 40 x 16, its
// remaps h = 10 r, l = -r, s = 2 r, remap8 100 + r (r = 0..11), two doors
// (y -5 x 3 delta 0; y 6 x -3 delta 1), mass 1.5, thrust 0.25, adhesion x
// 85197 / 65536 (1.3 as the designers wrote it) and y -1, handbrake friction
// 0.5, footbrake 0.75, front bias 0.5, back-end slide 1/65536, handbrake slide
// 3.25.
std::vector<uint8_t> Cossie() {
  std::vector<uint8_t> c;
  for (int16_t v : {20, 40, 16, 0, 1200, 80, -20, 5, 6, 7, 8}) AppendS16(c, v);
  for (int r = 0; r < 12; ++r) {
    AppendS16(c, int16_t(10 * r)), AppendS16(c, int16_t(-r)), AppendS16(c, int16_t(2 * r));
  }
  for (int r = 0; r < 12; ++r) c.push_back(uint8_t(100 + r));
  c.insert(c.end(), {4, 7, 9, 1});  // vtype, model, turning, damageable
  for (uint16_t v : {10, 20, 30, 40}) AppendU16(c, v);
  c.insert(c.end(), {0xfd, 4});  // centre of mass -3, 4
  AppendS32(c, 70000);
  for (int32_t v : {98304, 16384, 85197, -65536, 32768, 49152, 32768}) AppendS32(c, v);
  for (int16_t v : {100, -10, 12}) AppendS16(c, v);
  AppendS32(c, 1), AppendS32(c, 212992);
  c.insert(c.end(), {1, 2, 3, 4, 5, 0});
  AppendS16(c, 2);
  EXPECT_EQ(c.size(), 174u);
  for (int16_t v : {-5, 3, 0, 0, 6, -3, 0, 1}) AppendS16(c, v);
  return c;
}

// Car record 1: model 12, a motorcycle (vtype 3: bike sprite 0), 8 x 16 x 8,
// no doors, everything else 0.
std::vector<uint8_t> Bike() {
  std::vector<uint8_t> c(174, 0);
  c[0] = 8, c[2] = 16, c[4] = 8;
  c[106] = 3, c[107] = 12;
  return c;
}

// T = 8 tile palettes, S = 2 sprite palettes, N = 2 x 12 + 64: 98 entries.
//   slot 8 (sprite palette 0)            -> CLUT 1: colour e is (e, 10, 20)
//   slot 9 (sprite palette 1)            -> CLUT 2: colour e is (e, 100, 200)
//   slot 12 (car record 0's remap 3)     -> CLUT 3: colour e is (e, 50, 60)
//   slot 22 (car record 1's remap 1)     -> CLUT 3
// Sprites: car 0 is 2 x 3 (palette 0: rows 1 2 / 3 4 / 5 6), delta 0 sets
// (0, 0) to 9, delta 1 sets (1, 1) to 8 (skip 257: a row down, one right);
// bike 0 is 1 x 2 (palette 1: 4 / 5).
std::vector<uint8_t> CarStyle() {
  testing::StyleFile f;
  f.sprite_clut_size = 2 * 1024;
  f.new_car_clut_size = 88 * 1024;
  f.palette_index.assign(98, 0);
  f.palette_index[8] = 1, f.palette_index[9] = 2, f.palette_index[12] = 3;
  f.palette_index[22] = 3;
  for (int e = 0; e < 256; ++e) {
    f.SetColor(1, e, uint8_t(e), 10, 20);
    f.SetColor(2, e, uint8_t(e), 100, 200);
    f.SetColor(3, e, uint8_t(e), 50, 60);
  }
  f.sprite_numbers = testing::SpriteNumbers({{5, 1}, {13, 1}});
  testing::AppendSprite(f.sprite_info, 2, 3, 0, 0x10, {{4, 0x40}, {4, 0x48}});
  testing::AppendSprite(f.sprite_info, 1, 2, 1, 0x20);
  std::vector<uint8_t>& g = f.sprite_graphics;
  g.assign(0x300, 0);
  g[0x10] = 1, g[0x11] = 2, g[0x110] = 3, g[0x111] = 4, g[0x210] = 5, g[0x211] = 6;
  g[0x20] = 4, g[0x120] = 5;
  const uint8_t deltas[] = {0, 0, 1, 9, 0, 0, 0, 0, 0x01, 0x01, 1, 8};
  std::copy(std::begin(deltas), std::end(deltas), g.begin() + 0x40);
  f.cars = Cossie();
  const std::vector<uint8_t> bike = Bike();
  f.cars.insert(f.cars.end(), bike.begin(), bike.end());
  return f.Bytes();
}

// A literal with its NULs, without the one that ends it.
template <size_t N>
std::string Plain(const char (&text)[N]) {
  return std::string(text, N - 1);
}

// `plain` enciphered as the 2002 release does: byte i plus k + m (2^i - 1),
// k = 0x64, m = 0x63 (mod 256).
std::vector<uint8_t> Encipher(const std::string& plain) {
  std::vector<uint8_t> out;
  uint8_t k = 0x64, m = 0x63;
  for (char c : plain) {
    out.push_back(uint8_t(uint8_t(c) + k));
    k = uint8_t(k + m);
    m = uint8_t(m * 2);
  }
  return out;
}

// Model 7's name twice (the first counts, whatever the case of the key), none
// for model 12.
std::vector<uint8_t> Texts() {
  return Encipher(Plain("[1001]Hello\0[car7]Cossie\0[CAR7]Other\0[car99]Z\0[]"));
}

struct Fixture {
  explicit Fixture(bool with_texts = true) {
    std::vector<contexts::MemoryFile> files = {{kStylePath, bytes}};
    // Lower case: found as the game's ENGLISH.FXT all the same.
    if (with_texts) files.push_back({"GTADATA/english.fxt", Texts()});
    files.push_back({"OTHER/NAMES.FXT", Encipher(Plain("[car12]Bike\0[]"))});
    files.push_back({"OTHER/NOTES.TXT", {'h', 'i', '\n'}});
    context = contexts::Context{"gta", contexts::Game::kGta, "", true,
                                contexts::MakeMemoryVfs(std::move(files), "test")};
  }
  std::vector<uint8_t> bytes = CarStyle();
  Asset asset{kStylePath, bytes};
  contexts::Context context;
  ReadBytes Read() const { return ContextReader(context); }
};

CarListRequest List() {
  CarListRequest r;
  r.path = kStylePath;
  return r;
}

TEST(CarList, EveryRecordNamedFromTheTexts) {
  Fixture f;
  absl::StatusOr<CarListing> l = ListCars(f.asset, List(), f.Read());
  ASSERT_TRUE(l.ok()) << l.status();
  EXPECT_EQ(ResultJson(*l), json::parse(R"({"path": "GTADATA/STYLE009.G24",
      "texts": "GTADATA/ENGLISH.FXT", "cars": [
       {"index": 0, "model": 7, "name": "Cossie", "vtype": 4, "type": "car", "kind": "car",
        "sprite": 0, "number": 0, "width": 20, "height": 40, "depth": 16, "doors": 2,
        "value": [10, 20, 30, 40], "max_speed": 80, "weight": 1200},
       {"index": 1, "model": 12, "name": null, "vtype": 3, "type": "motorcycle", "kind": "bike",
        "sprite": 0, "number": 1, "width": 8, "height": 16, "depth": 8, "doors": 0,
        "value": [0, 0, 0, 0], "max_speed": 0, "weight": 0}],
      "warnings": ["no name for model 12: GTADATA/ENGLISH.FXT has no key car<model>"]})"));
}

TEST(CarList, OtherTextsOrNone) {
  Fixture f(false);
  absl::StatusOr<CarListing> l = ListCars(f.asset, List(), f.Read());
  ASSERT_TRUE(l.ok()) << l.status();
  EXPECT_EQ(l->texts, std::nullopt);
  EXPECT_EQ(l->cars[0].name, std::nullopt);
  ASSERT_EQ(l->warnings.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(l->warnings[0], "no car names: looked for GTADATA/ENGLISH.FXT "
                                               "(any case) beside the style: "))
      << l->warnings[0];
  CarListRequest r = List();
  r.texts = "other/names.fxt";
  l = ListCars(f.asset, r, f.Read());
  ASSERT_TRUE(l.ok()) << l.status();
  EXPECT_EQ(l->texts, "other/names.fxt");
  EXPECT_EQ(l->cars[1].name, "Bike");
  EXPECT_EQ(l->warnings, std::vector<std::string>{
                             "no name for model 7: other/names.fxt has no key car<model>"});
  r.texts = "OTHER/MISSING.FXT";
  l = ListCars(f.asset, r, f.Read());
  ASSERT_FALSE(l.ok());
  EXPECT_TRUE(absl::StartsWith(l.status().message(), "texts OTHER/MISSING.FXT: ")) << l.status();
}

TEST(CarTools, RefuseAFileOfAnotherKindByName) {
  Fixture f;
  const std::vector<uint8_t> gaf = {0x00, 0x01, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0};
  const Asset other{"anims/x.gaf", gaf};
  absl::StatusOr<CarListing> l = ListCars(other, List(), f.Read());
  ASSERT_FALSE(l.ok());
  EXPECT_TRUE(absl::StrContains(l.status().message(), "anims/x.gaf is a")) << l.status();
  EXPECT_TRUE(absl::StrContains(l.status().message(), "GAF")) << l.status();
  CarDescribeRequest d;
  d.model = 7;
  absl::StatusOr<CarDescribeOutcome> o = DescribeCar(other, d, f.Read());
  ASSERT_FALSE(o.ok());
  EXPECT_TRUE(absl::StrContains(o.status().message(), "anims/x.gaf is a")) << o.status();
}

std::vector<int> Pixel(const testing::DecodedPng& png, int x, int y) {
  const uint8_t* p = png.rgba.data() + 4 * (size_t(y) * png.width + x);
  return {p[0], p[1], p[2], p[3]};
}

testing::DecodedPng Png(const EncodedPicture& image) {
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(image.png);
  EXPECT_TRUE(png.ok()) << png.status();
  return *std::move(png);
}

CarDescribeRequest Describe(int model) {
  CarDescribeRequest r;
  r.path = kStylePath;
  r.model = model;
  return r;
}

TEST(CarDescribe, EveryFieldAndItsSprite) {
  Fixture f;
  absl::StatusOr<CarDescribeOutcome> o = DescribeCar(f.asset, Describe(7), f.Read());
  ASSERT_TRUE(o.ok()) << o.status();
  json remaps = json::array();
  for (int r = 0; r < 12; ++r) {
    remaps.push_back({{"remap", r + 1}, {"h", 10 * r}, {"l", -r}, {"s", 2 * r},
                      {"remap8", 100 + r}});
  }
  // The record follows the 64-byte header, 16 KB of tiles, 64 KB of CLUTs
  // and the 196-byte palette index.
  json want = json::parse(R"({"path": "GTADATA/STYLE009.G24",
      "car": {"index": 0, "offset": 82180, "model": 7, "name": "Cossie", "vtype": 4,
       "type": "car", "kind": "car", "sprite": 0, "number": 0, "width": 20, "height": 40,
       "depth": 16, "weight": 1200, "max_speed": 80, "min_speed": -20, "acceleration": 5,
       "braking": 6, "grip": 7, "handling": 8, "turning": 9, "damageable": 1,
       "value": [10, 20, 30, 40], "cx": -3, "cy": 4, "moment": 70000, "mass": 1.5,
       "thrust": 0.25, "tyre_adhesion_x": 1.3, "tyre_adhesion_y": -1.0,
       "handbrake_friction": 0.5, "footbrake_friction": 0.75, "front_brake_bias": 0.5,
       "turn_ratio": 100, "drive_wheel_offset": -10, "steering_wheel_offset": 12,
       "back_end_slide": 2e-05, "handbrake_slide": 3.25, "convertible": 1, "engine": 2,
       "radio": 3, "horn": 4, "sound_function": 5, "fast_change": 0,
       "raw": {"mass": 98304, "thrust": 16384, "tyre_adhesion_x": 85197,
               "tyre_adhesion_y": -65536, "handbrake_friction": 32768,
               "footbrake_friction": 49152, "front_brake_bias": 32768, "back_end_slide": 1,
               "handbrake_slide": 212992},
       "doors": [{"rpy": -5, "rpx": 3, "object": 0, "delta": 0},
                 {"rpy": 6, "rpx": -3, "object": 0, "delta": 1}]},
      "picture": {"remap": null, "doors_open": false, "clut": 1, "scale": 8, "width": 16,
                  "height": 24},
      "warnings": []})");
  want["car"]["remaps"] = remaps;
  want["picture"]["bytes"] = o->image.png.size();
  EXPECT_EQ(ResultJson(o->summary), want);
  // 2 x 3 at 256 / 3 = 85, capped at 8; doors shut.
  const testing::DecodedPng png = Png(o->image);
  EXPECT_EQ(png.width, 16);
  EXPECT_EQ(png.height, 24);
  EXPECT_EQ(Pixel(png, 0, 0), (std::vector<int>{1, 10, 20, 255}));
  EXPECT_EQ(Pixel(png, 8, 8), (std::vector<int>{4, 10, 20, 255}));
  EXPECT_EQ(Pixel(png, 15, 23), (std::vector<int>{6, 10, 20, 255}));
}

TEST(CarDescribe, ARemapWithTheDoorsOpen) {
  Fixture f;
  CarDescribeRequest r = Describe(7);
  r.remap = 3;
  r.doors_open = true;
  absl::StatusOr<CarDescribeOutcome> o = DescribeCar(f.asset, r, f.Read());
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->summary.picture.clut, 3);
  EXPECT_EQ(o->summary.picture.remap, 3);
  EXPECT_TRUE(o->summary.picture.doors_open);
  const testing::DecodedPng png = Png(o->image);
  EXPECT_EQ(Pixel(png, 0, 0), (std::vector<int>{9, 50, 60, 255}));  // door 0's delta
  EXPECT_EQ(Pixel(png, 8, 0), (std::vector<int>{2, 50, 60, 255}));
  EXPECT_EQ(Pixel(png, 8, 8), (std::vector<int>{8, 50, 60, 255}));  // door 1's delta
  EXPECT_EQ(Pixel(png, 0, 8), (std::vector<int>{3, 50, 60, 255}));
  r.remap = 0;  // its own palette
  o = DescribeCar(f.asset, r, f.Read());
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->summary.picture.clut, 1);
}

TEST(CarDescribe, AMotorcycleInItsOwnRemap) {
  Fixture f;
  CarDescribeRequest r = Describe(12);
  r.remap = 1;
  r.doors_open = true;  // it has none
  absl::StatusOr<CarDescribeOutcome> o = DescribeCar(f.asset, r, f.Read());
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->summary.car["name"], nullptr);
  EXPECT_EQ(o->summary.car["kind"], "bike");
  EXPECT_EQ(o->summary.car["number"], 1);
  EXPECT_EQ(o->summary.car["doors"], json::array());
  EXPECT_EQ(o->summary.picture.clut, 3);
  EXPECT_EQ(o->summary.warnings, std::vector<std::string>{
                                     "no name for model 12: GTADATA/ENGLISH.FXT has no key "
                                     "car<model>"});
  const testing::DecodedPng png = Png(o->image);
  EXPECT_EQ(png.width, 8);  // 1 x 2 at 8
  EXPECT_EQ(png.height, 16);
  EXPECT_EQ(Pixel(png, 0, 15), (std::vector<int>{5, 50, 60, 255}));
}

TEST(CarDescribe, ErrorsNameThePathAndWhatIsWrong) {
  Fixture f;
  const auto message = [&](const CarDescribeRequest& r) {
    absl::StatusOr<CarDescribeOutcome> o = DescribeCar(f.asset, r, f.Read());
    EXPECT_FALSE(o.ok());
    return std::string(o.status().message());
  };
  EXPECT_EQ(message(Describe(5)), "GTADATA/STYLE009.G24: no car of model 5: the models are 7, 12");
  CarDescribeRequest r = Describe(7);
  r.remap = 13;  // past the table's check, as a caller of DescribeCar may be
  EXPECT_TRUE(absl::StartsWith(message(r), "GTADATA/STYLE009.G24: ")) << message(r);
  EXPECT_TRUE(absl::StrContains(message(r), "13")) << message(r);
  const auto refused = [](const json& arguments) {
    absl::StatusOr<CarDescribeRequest> parsed = CarDescribeTable().ParseChecked(arguments);
    EXPECT_FALSE(parsed.ok());
    return std::string(parsed.status().message());
  };
  EXPECT_EQ(refused({{"path", kStylePath}, {"model", 7}, {"remap", 13}}),
            "remap 13: a car has remaps 1-12 (0: its own palette)");
  EXPECT_EQ(refused({{"path", kStylePath}, {"model", 256}}),
            "model 256: a model id is 0-255 (car_list names them)");
}

TEST(CarTools, ASpritePastItsKind) {
  Fixture f;
  // Car record 1 (after the header, tiles, CLUTs, palette index and record 0
  // with its two doors) names bike sprite 3: the style has 1.
  const size_t sprite_at = 82180 + 174 + 2 * 8 + 6;
  ASSERT_EQ(f.bytes[sprite_at - 6], 8);  // its width
  f.bytes[sprite_at] = 3;
  absl::StatusOr<CarListing> l = ListCars(f.asset, List(), f.Read());
  ASSERT_TRUE(l.ok()) << l.status();
  EXPECT_EQ(l->cars[1].sprite, 3);
  EXPECT_EQ(l->cars[1].number, std::nullopt);
  absl::StatusOr<CarDescribeOutcome> o = DescribeCar(f.asset, Describe(12), f.Read());
  ASSERT_FALSE(o.ok());
  EXPECT_TRUE(absl::StartsWith(o.status().message(),
                               "GTADATA/STYLE009.G24: model 12's sprite: bike sprite 3 is past"))
      << o.status();
}

// The tools as a server runs them: arguments checked against the input
// schema, the answer against the output schema, the picture inline.
ToolResult Call(const Tool& tool, const json& arguments) {
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  EXPECT_TRUE(in.ok());
  if (absl::Status s = in->Validate(arguments); !s.ok()) return ErrorResult(s);
  absl::StatusOr<contexts::Workspace> ws = contexts::Workspace::Open(
      {}, []() -> absl::StatusOr<contexts::Context> { return std::move(Fixture().context); });
  EXPECT_TRUE(ws.ok()) << ws.status();
  const Limits limits;
  ToolResult result = tool.handler({arguments, *ws, NoProgress(), QuietLogger(), limits});
  if (!result.error) {
    absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
    EXPECT_TRUE(out.ok());
    EXPECT_TRUE(out->Validate(result.structured).ok()) << result.structured.dump(2);
  }
  return result;
}

TEST(CarTools, OverTheirSchemas) {
  const ToolResult list = Call(CarListTool(), {{"path", "gtadata/style009.g24"}});
  ASSERT_FALSE(list.error) << *list.error;
  EXPECT_EQ(list.structured["cars"].size(), 2u);
  const ToolResult car = Call(CarDescribeTool(), {{"path", "GTADATA/STYLE009.G24"},
                                                  {"model", 7}, {"remap", 3},
                                                  {"doors_open", true}});
  ASSERT_FALSE(car.error) << *car.error;
  EXPECT_EQ(car.structured["delivery"], "inline");
  EXPECT_EQ(car.structured["car"]["name"], "Cossie");
  ASSERT_FALSE(car.content.empty());
  EXPECT_EQ(car.content.back()["type"], "image");
  const ToolResult unknown = Call(CarDescribeTool(), {{"path", kStylePath}, {"model", 99}});
  ASSERT_TRUE(unknown.error);
  EXPECT_TRUE(absl::StrContains(*unknown.error, "the models are 7, 12")) << *unknown.error;
  EXPECT_TRUE(Call(CarDescribeTool(), {{"path", kStylePath}, {"model", 7}, {"remap", 13}}).error);
  EXPECT_TRUE(Call(CarDescribeTool(), {{"path", kStylePath}}).error);
}

}  // namespace
}  // namespace kbot::tools
