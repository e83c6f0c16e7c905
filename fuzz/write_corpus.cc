// Seeds every fuzz target's corpus: `kbot_fuzz_corpus DIR` writes DIR/<target>/
// for each target, from the byte-built test fixtures (one small file of every
// kind, TA3D truecolor GAFs, PCX pictures of every kind pcx::ReadPcx reads,
// JPEGs libjpeg makes: baseline, greyscale, progressive, CMYK)
// and the built-in demo data (GAFs, TAFs, PCXs, an archive, the GTA1 set).
// Each file goes to the target that reads its kind, as formats/identify tells
// it, and every file to the identify target.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "demo/demo_archive.h"
#include "demo/demo_assets.h"
#include "formats/common/byte_writer.h"
#include "formats/gaf/gaf.h"
#include "formats/identify/identify.h"
#include "tests/support/cob_bytes.h"
#include "tests/support/gaf_bytes.h"
#include "tests/support/jpeg_bytes.h"
#include "tests/support/kind_fixtures.h"
#include "tests/support/model3do_bytes.h"
#include "tests/support/pcx_bytes.h"
#include "tests/support/tnt_bytes.h"

namespace {

namespace fs = std::filesystem;
using kbot::identify::FileKind;

struct Seed {
  std::string name;
  std::vector<uint8_t> bytes;
};

// The fuzz target (fuzz/<target>_fuzz.cc) that reads a kind, or "".
std::string TargetFor(FileKind kind) {
  switch (kind) {
    case FileKind::kGaf:
    case FileKind::kTa3dGaf: return "gaf";
    case FileKind::kHpi: return "hpi";
    case FileKind::kCityMap: return "gta_cmp";
    case FileKind::kStyle: return "gta_style";
    case FileKind::kFxt: return "fxt";
    case FileKind::kPlayerFile: return "gta_player";
    case FileKind::kMission: return "gta_mission";
    case FileKind::kPcx: return "pcx";
    case FileKind::kTnt: return "tnt";
    case FileKind::kModel3do: return "model3do";
    case FileKind::kCob: return "cob";
    case FileKind::kJpeg: return "jpeg";
    default: return "";
  }
}

// TA3D truecolor GAFs: RGB and RGBA frames in stored zlib streams, and a
// sequence of three frames of different sizes and origins.
std::vector<Seed> Ta3dSeeds() {
  using kbot::testing::FixtureFrame;
  using kbot::testing::StoredZlib;
  using kbot::testing::Ta3dData;
  FixtureFrame rgb{.width = 2, .height = 1, .transparency = 0, .storage = 1, .duration = 2};
  rgb.payload = Ta3dData(StoredZlib({1, 2, 3, 4, 5, 6}));
  FixtureFrame rgba{.width = 1, .height = 2, .origin_x = 1, .transparency = 1, .storage = 1};
  rgba.payload = Ta3dData(StoredZlib({9, 8, 7, 255, 6, 5, 4, 0}));
  FixtureFrame wide{.width = 3, .height = 1, .origin_y = -1, .transparency = 2, .storage = 1};
  wide.payload = Ta3dData(StoredZlib(std::vector<uint8_t>(12, 200)));
  const auto file = [](std::vector<kbot::testing::FixtureSequence> seqs) {
    return kbot::testing::LayOutGaf(seqs, kbot::gaf::kVersionTa3dTruecolor).bytes;
  };
  return {{"ta3d_one.gaf", file({{"icon", 1, 0, {rgb}}})},
          {"ta3d_sequence.gaf", file({{"build", 1, 0, {rgb, rgba, wide}}, {"glow", 0x100, 0, {rgba}}})}};
}

// PCX pictures of every kind the decoder reads (tests/support/pcx_bytes.h):
// indexed with the trailer, RGB with runs across planes, RGBA, stored, and a
// run that crosses a scan line.
std::vector<Seed> PcxSeeds() {
  using kbot::testing::LayOutPcx;
  using kbot::testing::PcxFixture;
  PcxFixture rgba;
  rgba.planes = 4;
  rgba.bytes_per_line = 2;
  rgba.data = {1, 0, 2, 0, 3, 0, 0x80, 0};
  PcxFixture stored = kbot::testing::IndexedPcx();
  stored.encoding = 0;
  stored.data = {0xC5, 1, 2, 0, 3, 0xFF, 4, 9};
  PcxFixture crossing;
  crossing.xmax = 1;
  crossing.ymax = 2;
  crossing.bytes_per_line = 2;
  crossing.data = {0xC3, 7, 8, 0xC2, 9};
  return {{"pcx_indexed.pcx", LayOutPcx(kbot::testing::IndexedPcx())},
          {"pcx_rgb.pcx", LayOutPcx(kbot::testing::RgbPcx())},
          {"pcx_rgba.pcx", LayOutPcx(rgba)},
          {"pcx_stored.pcx", LayOutPcx(stored)},
          {"pcx_crossing.pcx", LayOutPcx(crossing)}};
}

// Small JPEGs of each kind DecodeJpeg meets (tests/support/jpeg_bytes.h).
std::vector<Seed> JpegSeeds() {
  using kbot::testing::EncodeJpeg;
  using kbot::testing::JpegSpec;
  const auto samples = [](int n) {
    std::vector<uint8_t> out(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) out[size_t(i)] = uint8_t(i * 7);
    return out;
  };
  JpegSpec rgb{16, 8, 3, JCS_RGB, JCS_UNKNOWN, false, samples(16 * 8 * 3)};
  JpegSpec grey{9, 5, 1, JCS_GRAYSCALE, JCS_UNKNOWN, false, samples(9 * 5)};
  JpegSpec progressive = rgb;
  progressive.progressive = true;
  JpegSpec cmyk{8, 8, 4, JCS_CMYK, JCS_UNKNOWN, false, samples(8 * 8 * 4)};
  return {{"rgb.jpg", EncodeJpeg(rgb)},
          {"grey.jpg", EncodeJpeg(grey)},
          {"progressive.jpg", EncodeJpeg(progressive)},
          {"cmyk.jpg", EncodeJpeg(cmyk)}};
}

// TA and TA: Kingdoms maps (tests/support/tnt_bytes.h): the readers' small
// fixtures, a map with odd sides and a tile index past the set, and one whose
// minimap is absent.
std::vector<Seed> TntSeeds() {
  using kbot::testing::LayOutTa;
  using kbot::testing::LayOutTak;
  kbot::testing::TaMapSpec odd;
  odd.width = 5;
  odd.height = 3;
  odd.tile_index = {0, 0xFFFF};
  odd.tiles = {kbot::testing::TntFixtureTile(1)};
  odd.feature_names = {"Tree1"};
  odd.cells = {{3, 0}, {4, 0xFFFE}, {5, 9}};
  odd.minimap = kbot::testing::TntMinimapSpec{4, 2, {1, 2, 0x64, 0x64, 3, 4, 0x64, 0x64}};
  kbot::testing::TakMapSpec bare = kbot::testing::SmallTakMap();
  bare.small_minimap.reset();
  bare.large_minimap = kbot::testing::TntMinimapSpec{2, 2, {0x64, 1, 2, 3}};
  return {{"tnt_ta.tnt", LayOutTa(kbot::testing::SmallTaMap()).bytes},
          {"tnt_kingdoms.tnt", LayOutTak(kbot::testing::SmallTakMap()).bytes},
          {"tnt_odd.tnt", LayOutTa(odd).bytes},
          {"tnt_kingdoms_bare.tnt", LayOutTak(bare).bytes}};
}

// Unit scripts (tests/support/cob_bytes.h): the tests' all-families TA file,
// a TA: Kingdoms one with sounds, and a synthetic unit of the benchmark's shape.
std::vector<Seed> CobSeeds() {
  kbot::testing::CobSpec kingdoms = kbot::testing::SyntheticCob(3, 20, 7);
  kingdoms.version = 6;
  kingdoms.sounds = {"horn", "step"};
  return {{"cob_all_families.cob", LayOutCob(kbot::testing::AllFamiliesCob()).bytes},
          {"cob_kingdoms.cob", LayOutCob(kingdoms).bytes},
          {"cob_synthetic.cob", LayOutCob(kbot::testing::SyntheticCob(10, 100, 1)).bytes}};
}

// Unit models (tests/support/model3do_bytes.h): the tests' base/turret/flare
// unit, the same with a link back up the chain and a vertex index past the
// piece's vertices, two roots, and a 20-piece chain.
std::vector<Seed> Model3doSeeds() {
  using kbot::testing::LayOut3do;
  using kbot::testing::PieceSpec;
  kbot::testing::Model3doLayout odd = LayOut3do(kbot::testing::TurretUnit());
  odd.PatchU32(odd.pieces[2].Field(kbot::testing::k3doChildAt), uint32_t(odd.pieces[1].header));
  odd.PatchU16(odd.pieces[0].indices[2] + 2, 9);
  PieceSpec chain{.name = "p19", .offset = kbot::testing::Units(0, 1, 0)};
  for (int i = 18; i >= 0; --i) {
    PieceSpec up{.name = "p" + std::to_string(i), .offset = kbot::testing::Units(1, 0, 0)};
    up.children.push_back(std::move(chain));
    chain = std::move(up);
  }
  const std::vector<PieceSpec> roots = {PieceSpec{.name = "a"}, kbot::testing::TurretUnit()};
  return {{"model_turret.3do", LayOut3do(kbot::testing::TurretUnit()).bytes},
          {"model_odd.3do", odd.bytes},
          {"model_roots.3do", LayOut3do(roots).bytes},
          {"model_chain.3do", LayOut3do(chain).bytes}};
}

std::vector<Seed> AllSeeds() {
  std::vector<Seed> seeds;
  for (const kbot::testing::KindFixture& f : kbot::testing::KindFixtures()) {
    seeds.push_back({f.name, f.bytes});
  }
  for (Seed& s : Ta3dSeeds()) seeds.push_back(std::move(s));
  for (Seed& s : PcxSeeds()) seeds.push_back(std::move(s));
  for (Seed& s : TntSeeds()) seeds.push_back(std::move(s));
  for (Seed& s : Model3doSeeds()) seeds.push_back(std::move(s));
  for (Seed& s : CobSeeds()) seeds.push_back(std::move(s));
  for (Seed& s : JpegSeeds()) seeds.push_back(std::move(s));
  absl::StatusOr<std::vector<kbot::demo::DemoAsset>> demo = kbot::demo::MakeDemoAssets();
  if (demo.ok()) {
    for (const auto& a : *demo) seeds.push_back({"demo/" + a.path, a.bytes});
    absl::StatusOr<kbot::demo::DemoAsset> ufo = kbot::demo::MakeDemoArchive(*demo);
    if (ufo.ok()) seeds.push_back({"demo/" + ufo->path, ufo->bytes});
  }
  return seeds;
}

bool Write(const fs::path& path, const std::vector<uint8_t>& bytes) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  return bool(out);
}

// "demo/anims/cursors.gaf" -> "demo_anims_cursors.gaf": one flat folder a target.
std::string Flat(std::string name) {
  for (char& c : name) c = (c == '/' || c == '\\') ? '_' : c;
  return name;
}

// TA text files (TDF, FBI, OTA, GUI), typed: identify has no kind for text, so
// these go to the tdf target by name. A unit, weapons with a sub-section, a
// map's nested schema, a menu, and the sloppy cases the reader forgives.
std::vector<Seed> TdfSeeds() {
  const auto seed = [](const char* name, std::string text) {
    return Seed{name, std::vector<uint8_t>(text.begin(), text.end())};
  };
  return {
      seed("armcom.fbi",
           "[UNITINFO]\r\n\t{\r\n\tUnitName=ARMCOM;\r\n\tSide=ARM;\r\n\tName=Commander;\r\n"
           "\tObjectName=ARMCOM;\r\n\tCategory=ARM COMMANDER CTRL_C LEVEL10;\r\n"
           "\tBuildCostEnergy=1000;\r\n\tMaxVelocity=1.25;\r\n\tWeapon1=ARMCOMLASER;\r\n\t}\r\n"),
      seed("weapons.tdf",
           "[ARM_LIGHTLASER]\r\n\t{\r\n\tID=1;\r\n\tname=Light Laser;\r\n\trange=300;\r\n"
           "\t[DAMAGE]\r\n\t\t{\r\n\t\tdefault=75;\r\n\t\tARMCOM=10;\r\n\t\t}\r\n\t}\r\n"
           "[CORE_LIGHTLASER]\r\n\t{\r\n\tID=2;\r\n\t[DAMAGE]\r\n\t\t{\r\n\t\tdefault=75;\r\n"
           "\t\t}\r\n\t}\r\n"),
      seed("map.ota",
           "[GlobalHeader]\n{\nmissionname=Lava Run;\nplanet=Lava;\n[Schema 0]\n{\n"
           "Type=Network 1;\n[specials]\n{\n[special0]\n{\nspecialwhat=StartPos1;\nXPos=200;\n"
           "ZPos=300;\n}\n}\n}\n}\n"),
      seed("menu.gui",
           "[GADGET0]\r\n{\r\n[COMMON]\r\n{\r\nid=0;\r\nname=ARMCOM1;\r\nwidth=640;\r\n}\r\n}\r\n"
           "[GADGET1]{[COMMON]{id=12;name=ARMLAB;}}\r\n"),
      seed("sloppy.tdf",
           "\xEF\xBB\xBF// header\r\n[A] { x = 1 ; Y=caf\xC3\xA9 /* c */ ok\n  [B]{ z=2 } ;\n"
           "  x=dup;\n  no equals\n  =empty key;\n}};\n[a]\n[C]{ path=units/x.fbi // cut\n"),
      seed("cp1252.tdf", "[Caf\xE9]{ \x80key=it\x92s \xFF\x81; /* open"),
      seed("nuls.tdf", std::string("[A]{a=1\0b=2;}\n\0\0\0", 17)),
  };
}

// GTA1 MISSION.INI text, typed (no game data): identify has no kind for it,
// so these go to the gta_mission target by name. Two sections with objects
// of every value count, flags, pixel coordinates, comments, CRLF, a '.' typo,
// "-1[" and a Ctrl-Z; and the odd cases: junk, open comments, a '[' inside
// one, huge numbers, a missing -1.
std::vector<Seed> MissionSeeds() {
  const auto seed = [](const char* name, std::string text) {
    return Seed{name, std::vector<uint8_t>(text.begin(), text.end())};
  };
  return {
      seed("two_sections.ini",
           "{ typed seed }\n[3] \nHarbour Run, 22, nyc.cmp, 1,\n100 1 0 1 1 0\n"
           "0 1 (10,20,4) PARKED 5 256\n1 1 (11,20,4) PLAYER 0 512\n"
           "2 2 (12,21,4) POWERUP 2 99 {prize}\n3 (3200,4160,256) TARGET 0 0\n"
           "4 1(12,22,4) TRIGGER 20 1\r\n5 (9,9.3) DOOR 1 11 7\r\n{ two\n lines }\n"
           "6 (14,15,3) MODEL_BARRIER 2 4 1 7\n7 (15,15,3) SPECIFIC_DOOR 0 8 7 0 5\n"
           "8 1 (1000,2000,256) PED 8 0 0 5 3\n9 (16,16,4) WIDGET 4 4\n-1\n"
           "0 DONOWT 0 0 0 0 0\n20\tSURVIVE 0 0 0 50 0\n21 IS_PED_IN_CAR 1 21 0 -1 0\n"
           "23 FROBNICATE 1 2 3 4 5\n24 MISSION_END 0 -1 -1 0 00\n-1[7]\r\n"
           "Second, 22, sanb.cmp, 0,\r\n150 0 1 1 0 0\r\n0 (0,0,0) COUNTER 3 0\r\n"
           "1 (0,0,0) GTA_DEMAND 0 18 -1 2\r\n-1\r\n5 INCCOUNT 0 0 -1 0 0\r\n\x1a"),
      seed("odd.ini",
           "[1]\n100 1 1 1 1 0\n0 (1,2,3) PARKED 1 2 { see [old] }\n"
           "[2] Inline, 22, miami.cmp, 3\n0 12 (1,2) PARKED 1\njunk\n"
           "99999999999 (1,2,3) PED 3 0 1 2\n-1 0 DONOWT 0 0 0 0 0 9\n1 goto 0 0\n"
           "[[5]\nE, 22, e.cmp, 0,\n{ never closed\n-1\n[0]\n[2001]\n"),
  };
}

// The seed style's car record: 174 fixed bytes (a car, model 7, sprite 0 of
// the car kind, 4 x 6 pixels) and one door opened by delta 0.
std::vector<uint8_t> SeedCarRecord() {
  std::vector<uint8_t> car;
  for (int v : {4, 6, 8, 0, 900, 40, 0, 5, 5, 5, 5}) kbot::AppendU16(car, uint16_t(v));
  for (int r = 0; r < 12; ++r) {
    for (int v : {r * 30, 10, -10}) kbot::AppendU16(car, uint16_t(v));  // HLS remaps
  }
  car.insert(car.end(), 12, 0);                       // 8-bit remaps
  for (uint8_t b : {4, 7, 20, 1}) car.push_back(b);   // vtype car, model 7, turning, damageable
  car.resize(car.size() + 8 + 2 + 4 + 28 + 6 + 8 + 6, 0);  // value .. fast change
  for (int v : {1, -2, 2, 0, 0}) kbot::AppendU16(car, uint16_t(v));  // door: y, x, object, delta
  return car;
}

// The seed's sprite info and graphics: car 4 x 6 at (0, 0) with one delta
// (5 bytes of runs after the car's rows: skip 257 = (1, 1), [200 201]),
// object 3 x 3 at (8, 0) in sprite palette 1, pedestrian 2 x 2 at (16, 0).
void SeedSprites(std::vector<uint8_t>& info, std::vector<uint8_t>& graphics) {
  const auto sprite = [&info](uint8_t w, uint8_t h, uint8_t deltas, uint16_t palette,
                              uint32_t offset) {
    for (uint8_t b : {w, h, deltas, uint8_t(0)}) info.push_back(b);
    kbot::AppendU16(info, uint16_t(w * h));
    kbot::AppendU16(info, palette);
    kbot::AppendU32(info, offset);
  };
  sprite(4, 6, 1, 0, 0);
  kbot::AppendU16(info, 5);
  kbot::AppendU32(info, 6 * 256);
  sprite(3, 3, 0, 1, 8);
  sprite(2, 2, 0, 0, 16);
  graphics.assign(6 * 256 + 5, 0);
  const auto fill = [&graphics](int x0, int w, int h, uint8_t base) {
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) graphics[size_t(y * 256 + x0 + x)] = uint8_t(base + y);
    }
  };
  fill(0, 4, 6, 1), fill(8, 3, 3, 9), fill(16, 2, 2, 3);
  const std::vector<uint8_t> runs = {0x01, 0x01, 2, 200, 201};
  std::copy(runs.begin(), runs.end(), graphics.begin() + 6 * 256);
}

// A G24 style with sprites, laid out byte by byte (docs/formats/gta1.md,
// "Styles (.G24)" to "Object info"), for the gta_style target: no tiles, two
// CLUTs (one 64 KB page), a palette index of 2 sprite palettes and 76 remaps
// (12 for the one car, 64 for pedestrians), the car above, an object type
// (smashable, breaking into type 0) drawn with the one object sprite. The
// header's CLUT split counts palette-index entries, so its sizes add up past
// the file and identify does not call it a style: it goes to its target by
// name.
std::vector<uint8_t> StyleSpritesSeed() {
  std::vector<uint8_t> cluts(0x10000, 0);
  for (int e = 1; e < 256; ++e) {
    cluts[size_t(e * 256)] = uint8_t(e);      // CLUT 0: B = e
    cluts[size_t(e * 256 + 5)] = uint8_t(e);  // CLUT 1: G = e
  }
  std::vector<uint8_t> index;
  for (int slot = 0; slot < 78; ++slot) kbot::AppendU16(index, uint16_t(slot % 2));
  std::vector<uint8_t> objects;
  for (uint32_t v : {3u, 3u, 8u}) kbot::AppendU32(objects, v);  // width, height, depth
  for (int v : {0, 5, 0}) kbot::AppendU16(objects, uint16_t(v));  // sprite, weight, aux
  objects.push_back(2), objects.push_back(1), kbot::AppendU16(objects, 0);
  std::vector<uint8_t> cars = SeedCarRecord();
  std::vector<uint8_t> info, graphics;
  SeedSprites(info, graphics);
  std::vector<uint8_t> numbers(42, 0);
  numbers[2 * 5] = 1, numbers[2 * 6] = 1, numbers[2 * 7] = 1;  // car, object, ped
  std::vector<uint8_t> out;
  for (size_t v : {size_t(336), size_t(0), size_t(0), size_t(0), size_t(0), size_t(2 * 1024),
                   size_t(0), size_t(2 * 1024), size_t(76 * 1024), size_t(0), index.size(),
                   objects.size(), cars.size(), info.size(), graphics.size(), numbers.size()}) {
    kbot::AppendU32(out, uint32_t(v));
  }
  for (const std::vector<uint8_t>* section :
       {&cluts, &index, &objects, &cars, &info, &graphics, &numbers}) {
    out.insert(out.end(), section->begin(), section->end());
  }
  return out;
}

// The G24 sprite records as an 8-bit style's: each without its 2-byte
// palette number (12 + 6 n bytes become 10 + 6 n).
std::vector<uint8_t> WithoutPaletteNumbers(const std::vector<uint8_t>& g24_info) {
  std::vector<uint8_t> out;
  for (size_t at = 0; at + 12 <= g24_info.size();) {
    const size_t end = at + 12 + 6 * size_t(g24_info[at + 2]);
    out.insert(out.end(), g24_info.begin() + at, g24_info.begin() + at + 6);
    out.insert(out.end(), g24_info.begin() + at + 8, g24_info.begin() + end);
    at = end;
  }
  return out;
}

// An 8-bit style (docs/formats/gta1.md, "8-bit styles (.GRY)"): one lid tile
// (padded to 4), a 6-bit grey palette, 130 remap tables (table t adds t to
// every colour), a remap index naming tables 0, 3, 7, 129, the car, sprites
// and sprite numbers of the G24 seed.
std::vector<uint8_t> GryStyleSeed() {
  std::vector<uint8_t> tiles(4 * 4096, 0);
  for (size_t i = 0; i < tiles.size(); ++i) tiles[i] = uint8_t(i % 7);
  std::vector<uint8_t> palette(768);
  for (size_t i = 0; i < palette.size(); ++i) palette[i] = uint8_t((i / 3) % 64);
  std::vector<uint8_t> tables(130 * 256);
  for (size_t i = 0; i < tables.size(); ++i) tables[i] = uint8_t(i % 256 + i / 256);
  std::vector<uint8_t> index = {0, 3, 7, 129};
  std::vector<uint8_t> cars = SeedCarRecord();
  for (size_t r = 0; r < 12; ++r) cars[94 + r] = uint8_t(r * 11);  // remap8
  std::vector<uint8_t> g24_info, graphics;
  SeedSprites(g24_info, graphics);
  std::vector<uint8_t> info = WithoutPaletteNumbers(g24_info);
  std::vector<uint8_t> numbers(42, 0);
  numbers[2 * 5] = 1, numbers[2 * 6] = 1, numbers[2 * 7] = 1;  // car, object, ped
  std::vector<uint8_t> out;
  for (size_t v : {size_t(325), size_t(0), size_t(4096), size_t(0), size_t(0), palette.size(),
                   tables.size(), index.size(), size_t(0), cars.size(), info.size(),
                   graphics.size(), numbers.size()}) {
    kbot::AppendU32(out, uint32_t(v));
  }
  for (const std::vector<uint8_t>* section :
       {&tiles, &palette, &tables, &index, &cars, &info, &graphics, &numbers}) {
    out.insert(out.end(), section->begin(), section->end());
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: kbot_fuzz_corpus DIR\n");
    return 2;
  }
  const fs::path root = argv[1];
  std::map<std::string, int> counts;
  for (const Seed& s : AllSeeds()) {
    const std::string target = TargetFor(kbot::identify::IdentifyFile(s.bytes).kind);
    for (const std::string& t : {std::string("identify"), target}) {
      if (t.empty()) continue;
      if (!Write(root / t / Flat(s.name), s.bytes)) {
        std::fprintf(stderr, "kbot_fuzz_corpus: cannot write %s\n", (root / t).c_str());
        return 1;
      }
      ++counts[t];
    }
  }
  for (const Seed& s : TdfSeeds()) {
    if (!Write(root / "tdf" / s.name, s.bytes)) {
      std::fprintf(stderr, "kbot_fuzz_corpus: cannot write %s\n", (root / "tdf").c_str());
      return 1;
    }
    ++counts["tdf"];
  }
  for (const Seed& s : MissionSeeds()) {
    if (!Write(root / "gta_mission" / s.name, s.bytes)) {
      std::fprintf(stderr, "kbot_fuzz_corpus: cannot write %s\n", (root / "gta_mission").c_str());
      return 1;
    }
    ++counts["gta_mission"];
  }
  for (const char* target : {"gta_style", "identify"}) {
    if (!Write(root / target / "gta_style_sprites.g24", StyleSpritesSeed()) ||
        !Write(root / target / "gta_style_8bit.gry", GryStyleSeed())) {
      std::fprintf(stderr, "kbot_fuzz_corpus: cannot write %s\n", (root / target).c_str());
      return 1;
    }
    counts[target] += 2;
  }
  for (const auto& [target, n] : counts) std::printf("%s: %d seed(s)\n", target.c_str(), n);
  return 0;
}
