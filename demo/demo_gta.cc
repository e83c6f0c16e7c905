#include "demo/demo_gta.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "demo/demo_gta_mission.h"
#include "demo/demo_gta_style.h"
#include "formats/common/byte_writer.h"
#include "formats/gta/fxt.h"

namespace kbot::demo {

namespace {

// The pieces of a CMP (layout: formats/gta/cmp.h), assembled by Bytes().
class CmpBuilder {
 public:
  CmpBuilder() : base_(256 * 256, 0) { AddColumn(6, {}); }  // the empty column at 0

  uint16_t AddBlock(uint16_t type_map, uint8_t ext, uint8_t side, uint8_t lid) {
    AppendU16(blocks_, type_map);
    blocks_.push_back(ext);
    for (int face = 0; face < 4; ++face) blocks_.push_back(side);
    blocks_.push_back(lid);
    return uint16_t(blocks_.size() / 8 - 1);
  }
  // h empty layers at the top, then the blocks for z = h .. 5, top first.
  uint32_t AddColumn(int16_t h, const std::vector<uint16_t>& top_down) {
    const uint32_t at = uint32_t(columns_.size());
    AppendU16(columns_, uint16_t(h));
    for (uint16_t b : top_down) AppendU16(columns_, b);
    return at;
  }
  void SetCell(int x, int y, uint32_t column) { base_[y * 256 + x] = column; }
  void SetLocation(int category, int slot, uint8_t x, uint8_t y, uint8_t z) {
    const size_t at = 3 * (6 * category + slot);
    locations_[at] = x, locations_[at + 1] = y, locations_[at + 2] = z;
  }
  void AddDistrict(uint8_t x, uint8_t y, uint8_t w, uint8_t h, const std::string& name) {
    for (uint8_t v : {x, y, w, h, uint8_t(0)}) nav_.push_back(v);
    std::string field = name;
    field.resize(30, '\0');
    nav_.insert(nav_.end(), field.begin(), field.end());
  }
  // An object position: world pixels (z down from the top), type, remap
  // (128 + r for a car of model `type` in remap r), rotation (1024 a turn).
  void AddObject(uint16_t x, uint16_t y, uint16_t z, uint8_t type, uint8_t remap,
                 uint16_t rotation) {
    for (uint16_t v : {x, y, z}) AppendU16(objects_, v);
    objects_.push_back(type);
    objects_.push_back(remap);
    for (uint16_t v : {rotation, uint16_t(0), uint16_t(0)}) AppendU16(objects_, v);  // pitch, roll
  }

  std::vector<uint8_t> Bytes(uint8_t style) const {
    std::vector<uint8_t> out;
    AppendU32(out, 331);
    out.push_back(style);
    out.push_back(0);  // sample
    AppendU16(out, 0);
    for (size_t size : {size_t(0), objects_.size(), columns_.size(), blocks_.size(), nav_.size()}) {
      AppendU32(out, uint32_t(size));  // routes, objects, columns, blocks, nav
    }
    for (uint32_t offset : base_) AppendU32(out, offset);
    out.insert(out.end(), columns_.begin(), columns_.end());
    out.insert(out.end(), blocks_.begin(), blocks_.end());
    out.insert(out.end(), objects_.begin(), objects_.end());
    out.insert(out.end(), locations_.begin(), locations_.end());
    out.insert(out.end(), nav_.begin(), nav_.end());
    return out;
  }

 private:
  std::vector<uint32_t> base_;
  std::vector<uint8_t> columns_, blocks_, objects_, nav_;
  std::vector<uint8_t> locations_ = std::vector<uint8_t>(0x6c, 0);
};

// The town's parked cars and street furniture (demo_gta.h), at street level:
// the lid of layer 4, z = 4 * 64. Cars keep to the right of the road.
void AddDemoObjects(CmpBuilder& m) {
  constexpr uint16_t kStreet = 4 * 64;
  constexpr uint8_t kCar = 128;  // + the remap
  constexpr uint16_t kSouth = 0, kEast = 256, kNorth = 512, kWest = 768;
  constexpr uint8_t kCafeRacer = 1, kBus = 5;  // car models
  constexpr uint8_t kPhoneBox = 0, kBin = 1, kTree = 2;  // object types
  m.AddObject(224, 496, kStreet, kCafeRacer, kCar, kEast);     // road (3, 7), south lane
  m.AddObject(496, 736, kStreet, kCafeRacer, kCar + 3, kNorth);  // road (7, 11), green
  m.AddObject(672, 464, kStreet, kBus, kCar, kWest);           // road (10, 7), north lane
  m.AddObject(528, 528, kStreet, kPhoneBox, 0, kSouth);        // the crossing's south-east corner
  m.AddObject(360, 436, kStreet, kBin, 0, kSouth);             // pavement (5, 6) by the kerb
  m.AddObject(600, 524, kStreet, kBin, 0, kSouth);             // pavement (9, 8)
  m.AddObject(800, 160, kStreet, kTree, 0, kSouth);            // pavement (12, 2)
  m.AddObject(672, 864, kStreet, kTree, 0, 300);               // by the harbour, (10, 13)
}

// A 16 x 16 town in the map's north-west corner: field ground at z = 5,
// pavement at street level (z = 4), two roads crossing at (7, 7) with a
// traffic light, a ramp, a two-storey block of buildings, a harbour of water.
std::vector<uint8_t> DemoMap() {
  CmpBuilder m;
  constexpr uint16_t kWater = 0x10, kRoad = 0x20, kPavement = 0x30, kField = 0x40,
                     kBuilding = 0x50;
  constexpr uint16_t kUp = 1, kDown = 2, kLeft = 4, kRight = 8, kRotate90 = 0x4000;
  const uint16_t field = m.AddBlock(kField, 0, 0, 4);
  const uint16_t pavement = m.AddBlock(kPavement, 0, 0, 2);
  const uint16_t road_ew = m.AddBlock(kRoad | kLeft | kRight | kRotate90, 0, 0, 1);
  const uint16_t road_ns = m.AddBlock(kRoad | kUp | kDown, 0, 0, 1);
  const uint16_t crossing = m.AddBlock(kRoad | kUp | kDown | kLeft | kRight, 0x01, 0, 1);
  const uint16_t ramp = m.AddBlock(kRoad | kUp | kDown | (41 << 8), 0, 0, 1);
  const uint16_t building = m.AddBlock(kBuilding, 0, 1, 3);
  const uint16_t water = m.AddBlock(kWater, 0, 0, 5);
  const uint32_t c_pavement = m.AddColumn(4, {pavement, field});
  const uint32_t c_road_ew = m.AddColumn(4, {road_ew, field});
  const uint32_t c_road_ns = m.AddColumn(4, {road_ns, field});
  const uint32_t c_crossing = m.AddColumn(4, {crossing, field});
  const uint32_t c_ramp = m.AddColumn(4, {ramp, field});
  const uint32_t c_building = m.AddColumn(2, {building, building, pavement, field});
  const uint32_t c_water = m.AddColumn(5, {water});
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 16; ++x) {
      uint32_t c = c_pavement;
      if (x >= 12 && y >= 12) c = c_water;
      else if (x == 7 && y == 7) c = c_crossing;
      else if (y == 7) c = c_road_ew;
      else if (x == 7) c = y == 2 ? c_ramp : c_road_ns;
      else if (x >= 2 && x <= 4 && y >= 2 && y <= 4) c = c_building;
      m.SetCell(x, y, c);
    }
  }
  m.SetLocation(0, 0, 3, 10, 4);   // police
  m.SetLocation(1, 0, 10, 3, 4);   // hospital
  m.SetLocation(4, 0, 10, 10, 4);  // fire
  m.AddDistrict(0, 0, 16, 16, "Demo Town");
  m.AddDistrict(12, 12, 4, 4, "Harbour");
  m.AddDistrict(0, 0, 0, 0, "");  // a placeholder, as the game's files have
  AddDemoObjects(m);
  return m.Bytes(1);
}

std::vector<uint8_t> Bytes(const std::string& text) {
  return std::vector<uint8_t>(text.begin(), text.end());
}

}  // namespace

absl::StatusOr<std::vector<DemoAsset>> MakeDemoGtaAssets() {
  absl::StatusOr<std::vector<uint8_t>> fxt = gta::WriteFxt({
      {"1001", "Answer the phone at the corner of 5th and Main."},
      {"1002", "Take the car to the crusher. Don't scratch it."},
      {"1001", "A repeated key: the game keeps every record, and so does kbot."},
      {"car1", "Caf\xc3\xa9 Racer"},
      {"fr01", "R\xc3\xa9pondez au t\xc3\xa9l\xc3\xa9phone, s'il vous pla\xc3\xaet."},
      {"city1", "Liberty City"},
      {"car5", "City Bus"},  // last, so the others keep their record numbers
  });
  if (!fxt.ok()) return absl::InternalError(absl::StrCat("demo ENGLISH.FXT: ", fxt.status().message()));
  return std::vector<DemoAsset>{{"GTADATA/ENGLISH.FXT", *std::move(fxt)},
                                {"GTADATA/DEMO.CMP", DemoMap()},
                                {"GTADATA/STYLE001.G24", DemoStyle()},
                                {"GTADATA/DEMO.FON", DemoFont()},
                                {"GTADATA/MISSION.INI", Bytes(DemoMissionIni())}};
}

}  // namespace kbot::demo
