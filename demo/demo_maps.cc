#include "demo/demo_maps.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "formats/common/byte_writer.h"

namespace kbot::demo {

namespace {

constexpr int kTilesAcross = 16, kTilesDown = 12;
constexpr int kCellsAcross = 2 * kTilesAcross, kCellsDown = 2 * kTilesDown;
constexpr int kTileSide = 32;  // pixels
constexpr uint32_t kSeaLevel = 48;
constexpr uint8_t kLand = 64;

// The tile drawn at each tile position; each letter is a tile of kLakeTiles.
constexpr std::array<absl::string_view, kTilesDown> kTileRows = {
    "GGGGGGGGGGGGGGVV",  //
    "GGGGGGGGGGGGGGVV",  //
    "GGGGGGGGRGGGGGGG",  //
    "GGGGGGGRRRGGGGGG",  //
    "GGGGGGGGRGGGGGGG",  //
    "GGGGGGGGGGGGWWGG",  //
    "GGWWWWGGGGGGWWGG",  //
    "GGWWWWGGGGGGGGGG",  //
    "GGWWWWGGGGGGGGGG",  //
    "GGWWWWGGGGGGGGGG",  //
    "GGGGGGGGGGGGGGGG",  //
    "GGGGGGGGGGGGGGGG",  //
};
constexpr absl::string_view kLakeTiles = "GWRV";  // tile 0 grass, 1 water, 2 rock, 3 void

char TileLetter(int cell_x, int cell_y) {
  return kTileRows[size_t(cell_y / 2)][size_t(cell_x / 2)];
}

// One 32 x 32 tile in TA palette indices: simple textures, told apart at a
// glance and in a shrunk picture.
std::vector<uint8_t> TilePixels(char letter) {
  std::vector<uint8_t> px(size_t(kTileSide) * kTileSide);
  for (int y = 0; y < kTileSide; ++y) {
    for (int x = 0; x < kTileSide; ++x) {
      uint8_t c = 0;  // void: black
      if (letter == 'G') {  // grass: a mid green speckled lighter and darker
        c = (x * 7 + y * 13) % 11 == 0 ? 164 : (x * 5 + y * 11) % 13 == 0 ? 169 : 166;
      } else if (letter == 'W') {  // water: blue with broken light wave lines
        c = (y + 2 * ((x / 4) % 2)) % 8 == 0 ? 132 : 135;
      } else if (letter == 'R') {  // rock: grey blocks with dark cracks
        c = (x + y) % 16 == 0 ? 91 : ((x / 8 + y / 8) % 2 ? 86 : 88);
      }
      px[size_t(y) * kTileSide + x] = c;
    }
  }
  return px;
}

// A water cell's depth ring: 1 at the shore, one more each cell inward.
int WaterRing(int cx, int cy) {
  for (int r = 1;; ++r) {
    for (int y = cy - r; y <= cy + r; ++y) {
      for (int x = cx - r; x <= cx + r; ++x) {
        const bool inside = x >= 0 && y >= 0 && x < kCellsAcross && y < kCellsDown;
        if (!inside || TileLetter(x, y) != 'W') return r;
      }
    }
  }
}

uint8_t HeightAt(int cx, int cy) {
  if (TileLetter(cx, cy) == 'W') return uint8_t(kSeaLevel - 8 * WaterRing(cx, cy));
  // The hill: a cone on the cell corner (17, 7), 6 cells in radius.
  const double d = std::hypot(cx + 0.5 - 17, cy + 0.5 - 7);
  return uint8_t(kLand + int(std::max(0.0, 110 * (1 - d / 6))));
}

struct Placement {
  int x, y;        // cell
  uint16_t index;  // into the feature table
};
constexpr std::array<absl::string_view, 2> kFeatureNames = {"Tree1", "Rock1"};
constexpr std::array<Placement, 11> kPlacements = {{
    {2, 2, 0}, {5, 9, 0}, {13, 16, 0}, {14, 21, 0}, {20, 18, 0}, {22, 3, 0}, {26, 7, 0},
    {29, 20, 0}, {16, 8, 1}, {10, 20, 1}, {23, 14, 1},
}};
constexpr uint16_t kNoFeature = 0xFFFF, kVoid = 0xFFFC;

uint16_t FeatureAt(int cx, int cy) {
  if (TileLetter(cx, cy) == 'V') return kVoid;
  for (const Placement& p : kPlacements) {
    if (p.x == cx && p.y == cy) return p.index;
  }
  return kNoFeature;
}

// The stored minimap: 252 x 252, the map's visible part (all but the right
// 32 and bottom 128 pixels: 480 x 256) sampled into the top-left 252 x 134,
// the rest the game's padding index 0x64.
std::vector<uint8_t> Minimap(const std::vector<std::vector<uint8_t>>& tiles) {
  constexpr int kSide = 252, kRegionH = 134;
  constexpr int kVisibleW = kCellsAcross * 16 - 32, kVisibleH = kCellsDown * 16 - 128;
  std::vector<uint8_t> out(size_t(kSide) * kSide, 0x64);
  for (int my = 0; my < kRegionH; ++my) {
    for (int mx = 0; mx < kSide; ++mx) {
      const int px = (2 * mx + 1) * kVisibleW / (2 * kSide);
      const int py = (2 * my + 1) * kVisibleH / (2 * kRegionH);
      const char letter = kTileRows[size_t(py / kTileSide)][size_t(px / kTileSide)];
      const std::vector<uint8_t>& tile = tiles[kLakeTiles.find(letter)];
      out[size_t(my) * kSide + mx] = tile[size_t(py % kTileSide) * kTileSide + px % kTileSide];
    }
  }
  return out;
}

// The TA TNT (docs/formats/tnt.md): the 0x40-byte header, then the tile
// index map, the attribute cells, the tile graphics, the feature table and
// the minimap, in the order the game's own maps keep them.
std::vector<uint8_t> LakesTnt() {
  std::vector<uint8_t> out(0x40, 0);
  PatchU32(out, 0x00, 0x2000);
  PatchU32(out, 0x04, kCellsAcross);
  PatchU32(out, 0x08, kCellsDown);
  PatchU32(out, 0x0C, uint32_t(out.size()));
  for (absl::string_view row : kTileRows) {
    for (char letter : row) AppendU16(out, uint16_t(kLakeTiles.find(letter)));
  }
  PatchU32(out, 0x10, uint32_t(out.size()));
  for (int cy = 0; cy < kCellsDown; ++cy) {
    for (int cx = 0; cx < kCellsAcross; ++cx) {
      out.push_back(HeightAt(cx, cy));
      AppendU16(out, FeatureAt(cx, cy));
      out.push_back(0);
    }
  }
  PatchU32(out, 0x14, uint32_t(out.size()));
  std::vector<std::vector<uint8_t>> tiles;
  for (char letter : kLakeTiles) {
    tiles.push_back(TilePixels(letter));
    out.insert(out.end(), tiles.back().begin(), tiles.back().end());
  }
  PatchU32(out, 0x18, uint32_t(tiles.size()));
  PatchU32(out, 0x1C, uint32_t(kFeatureNames.size()));
  PatchU32(out, 0x20, uint32_t(out.size()));
  for (size_t i = 0; i < kFeatureNames.size(); ++i) {
    AppendU32(out, uint32_t(i));
    std::string name(kFeatureNames[i]);
    name.resize(128, '\0');
    out.insert(out.end(), name.begin(), name.end());
  }
  PatchU32(out, 0x24, kSeaLevel);
  PatchU32(out, 0x28, uint32_t(out.size()));
  AppendU32(out, 252);
  AppendU32(out, 252);
  const std::vector<uint8_t> minimap = Minimap(tiles);
  out.insert(out.end(), minimap.begin(), minimap.end());
  PatchU32(out, 0x2C, 1);  // use the stored minimap; 0x30..0x3F stay zero
  return out;
}

struct Start {
  int x, z;  // pixels
};
constexpr std::array<Start, 4> kStarts = {{{64, 64}, {448, 224}, {416, 64}, {224, 224}}};

// A schema's lines: `order` gives the start (of kStarts) at StartPos1..4.
void AddSchema(std::vector<std::string>& lines, int index, const std::array<int, 4>& order,
               absl::string_view type, int surface, int moho, int resources) {
  const std::string r = std::to_string(resources);
  for (const std::string& line :
       {"\t[Schema " + std::to_string(index) + "]", std::string("\t\t{"),
        "\t\tType=" + std::string(type) + ";", std::string("\t\taiprofile=DEFAULT;"),
        "\t\tSurfaceMetal=" + std::to_string(surface) + ";",
        "\t\tMohoMetal=" + std::to_string(moho) + ";", "\t\tHumanMetal=" + r + ";",
        "\t\tComputerMetal=" + r + ";", "\t\tHumanEnergy=" + r + ";",
        "\t\tComputerEnergy=" + r + ";", std::string("\t\tMeteorWeapon=;"),
        std::string("\t\t[specials]"), std::string("\t\t\t{")}) {
    lines.push_back(line);
  }
  for (int i = 0; i < 4; ++i) {
    const Start& s = kStarts[size_t(order[size_t(i)])];
    lines.push_back("\t\t\t[special" + std::to_string(i) + "]");
    lines.push_back("\t\t\t\t{");
    lines.push_back("\t\t\t\tspecialwhat=StartPos" + std::to_string(i + 1) + ";");
    lines.push_back("\t\t\t\tXPos=" + std::to_string(s.x) + ";");
    lines.push_back("\t\t\t\tZPos=" + std::to_string(s.z) + ";");
    lines.push_back("\t\t\t\t}");
  }
  lines.push_back("\t\t\t}");
  lines.push_back("\t\t}");
}

// The OTA as the game's map files lay it out: CR LF lines, tab-indented.
std::vector<uint8_t> LakesOta() {
  std::vector<std::string> lines = {
      "[GlobalHeader]",
      "\t{",
      "\tmissionname=Demo Lakes;",
      "\tmissiondescription=A rocky hill between a lake and a pond. 2 to 4 players.;",
      "\tplanet=Green Planet;",
      "\tmissionhint=;",
      "\tbrief=;",
      "\tnarration=;",
      "\tglamour=;",
      "\tlineofsight=0;",
      "\tmapping=0;",
      "\ttidalstrength=20;",
      "\tsolarstrength=20;",
      "\tlavaworld=0;",
      "\tkillmul=50;",
      "\ttimemul=0;",
      "\tminwindspeed=1000;",
      "\tmaxwindspeed=3000;",
      "\tgravity=112;",
      "\tnumplayers=2, 4;",
      "\tsize=1 x 1;",
      "\tmemory=32 mb;",
      "\tuseonlyunits=;",
      "\tSCHEMACOUNT=2;",
  };
  AddSchema(lines, 0, {0, 1, 2, 3}, "Network 1", 3, 35, 1000);
  AddSchema(lines, 1, {2, 3, 0, 1}, "Network 2", 1, 20, 500);
  lines.push_back("\t}");
  std::vector<uint8_t> out;
  for (const std::string& line : lines) {
    out.insert(out.end(), line.begin(), line.end());
    out.insert(out.end(), {'\r', '\n'});
  }
  return out;
}

}  // namespace

std::vector<DemoAsset> MakeDemoMapAssets() {
  std::vector<DemoAsset> assets;
  assets.push_back({"maps/lakes.tnt", LakesTnt()});
  assets.push_back({"maps/lakes.ota", LakesOta()});
  return assets;
}

}  // namespace kbot::demo
