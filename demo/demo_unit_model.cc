// objects3d/ARAKNIGHT.3do: the demo knight (demo/demo_units.h), built from
// boxes and wedges and written byte by byte in the layout of
// docs/formats/3do.md.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "demo/demo_unit_parts.h"
#include "formats/common/byte_writer.h"

namespace kbot::demo {

namespace {

using KnightVec = std::array<double, 3>;

struct KnightFace {
  std::vector<uint16_t> corners;  // a point, or a convex polygon in order
  uint8_t colour = 0;
  const char* texture = nullptr;  // nullptr: untextured
};

// One piece, in model units (the file stores 16.16 fixed point).
struct KnightPart {
  const char* name = "";
  int parent = -1;  // index in the list; the list is depth first in file order
  KnightVec offset{};
  std::vector<KnightVec> vertices;
  std::vector<KnightFace> faces;
};

// Indices of palettes/aramon.pcx (demo_assets.cc, AramonPalette: ramps of 16,
// index 16 r + k is ramp r's top colour times (16 - k) / 16). Index 5 is left
// alone: TA: Kingdoms keys it in textures.
constexpr uint8_t kKnightPlate = 48;      // (200, 205, 215) silver
constexpr uint8_t kKnightPlateDark = 51;  // (162, 166, 174)
constexpr uint8_t kKnightRim = 50;        // (175, 179, 188)
constexpr uint8_t kKnightMail = 243;      // (121, 138, 154) blue-grey steel
constexpr uint8_t kKnightSkirt = 212;     // (52, 82, 172) Aramon blue cloth
constexpr uint8_t kKnightField = 210;     // (61, 96, 201), the shield's field
constexpr uint8_t kKnightGold = 193;      // (239, 201, 84)
constexpr uint8_t kKnightLeather = 201;   // (111, 94, 39)
constexpr uint8_t kKnightWood = 202;      // (95, 80, 33)
constexpr uint8_t kKnightBlade = 17;      // (168, 178, 206) steel, seen on white too
constexpr uint8_t kKnightVisor = 2;       // (12, 16, 28)

// The sides of a hexahedron whose corners are numbered by bits: 1 the high-x
// side, 2 the top, 4 the back (+z; the front of the model is -z).
enum KnightSides : unsigned {
  kKnightFront = 1,
  kKnightBack = 2,
  kKnightTop = 4,
  kKnightBottom = 8,
  kKnightLowX = 16,
  kKnightHighX = 32,
  kKnightAll = 63,
};

// Each side's corners, in order round it; the front's from its top left as
// a viewer facing the model sees it (so a texture stands upright there).
constexpr std::array<std::array<uint16_t, 4>, 6> kKnightSideCorners = {{
    {2, 3, 1, 0},  // front
    {7, 6, 4, 5},  // back
    {6, 7, 3, 2},  // top
    {0, 1, 5, 4},  // bottom
    {6, 2, 0, 4},  // low x
    {3, 7, 5, 1},  // high x
}};

uint16_t KnightAddVertex(KnightPart& part, const KnightVec& v) {
  part.vertices.push_back(v);
  return uint16_t(part.vertices.size() - 1);
}

// Eight corners numbered as KnightSides says; the sides in `sides` as faces.
// Returns the first corner's vertex index.
uint16_t KnightHex(KnightPart& part, const std::array<KnightVec, 8>& corners, uint8_t colour,
                   unsigned sides = kKnightAll) {
  const uint16_t first = uint16_t(part.vertices.size());
  for (const KnightVec& c : corners) part.vertices.push_back(c);
  for (size_t s = 0; s < kKnightSideCorners.size(); ++s) {
    if (!(sides & (1u << s))) continue;
    KnightFace f{{}, colour, nullptr};
    for (uint16_t c : kKnightSideCorners[s]) f.corners.push_back(uint16_t(first + c));
    part.faces.push_back(std::move(f));
  }
  return first;
}

// An axis-aligned box from its low corner to its high one.
void KnightBox(KnightPart& part, const KnightVec& lo, const KnightVec& hi, uint8_t colour,
               unsigned sides = kKnightAll) {
  std::array<KnightVec, 8> c;
  for (int i = 0; i < 8; ++i) {
    c[size_t(i)] = {i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2]};
  }
  KnightHex(part, c, colour, sides);
}

// A box whose top and bottom are level rectangles of their own half sizes
// (x, z), centred on the vertical line x = `centre_x`, z = 0: a torso wider
// at the shoulders, a skirt wider at the hem, a helm or pauldron narrower at
// the top (its sloping sides catch the light apart from its top).
struct KnightLevel {
  double y, half_x, half_z;
};
void KnightTapered(KnightPart& part, double centre_x, KnightLevel bottom, KnightLevel top,
                   uint8_t colour, unsigned sides) {
  std::array<KnightVec, 8> c;
  for (int i = 0; i < 8; ++i) {
    const KnightLevel& l = i & 2 ? top : bottom;
    c[size_t(i)] = {centre_x + (i & 1 ? l.half_x : -l.half_x), l.y, i & 4 ? l.half_z : -l.half_z};
  }
  KnightHex(part, c, colour, sides);
}

// A box along the unit vector `along` (its "top" toward +along), from `from`
// to `to` along it; across it, half sizes `half_u` along u (level, square to
// `along`: its broad side faces forward) and `half_w` along w = u x along
// (toward the back).
uint16_t KnightAlong(KnightPart& part, const KnightVec& along, double from, double to,
                     double half_u, double half_w, uint8_t colour, unsigned sides) {
  const double n = std::hypot(along[0], along[1]);
  const KnightVec u = {along[1] / n, -along[0] / n, 0};
  const KnightVec w = {u[1] * along[2], -u[0] * along[2], u[0] * along[1] - u[1] * along[0]};
  std::array<KnightVec, 8> c;
  for (int i = 0; i < 8; ++i) {
    const double a = i & 2 ? to : from, x = i & 1 ? half_u : -half_u;
    const double s = i & 4 ? half_w : -half_w;
    for (size_t k = 0; k < 3; ++k) c[size_t(i)][k] = a * along[k] + x * u[k] + s * w[k];
  }
  return KnightHex(part, c, colour, sides);
}

void KnightQuad(KnightPart& part, const std::array<KnightVec, 4>& corners, uint8_t colour,
                const char* texture = nullptr) {
  KnightFace f{{}, colour, texture};
  for (const KnightVec& c : corners) f.corners.push_back(KnightAddVertex(part, c));
  part.faces.push_back(std::move(f));
}

// The sword is raised from the fist, leaning well out to the knight's right
// (stored -x: clear of the arm from every side) and a little back, so that
// the game's view, which looks down a line rising 2 for each 1 toward the
// viewer, sees its length (leaning forward, it pointed at the camera).
KnightVec KnightSwordAxis() {
  const double n = std::sqrt(0.8 * 0.8 + 1 + 0.15 * 0.15);
  return {-0.8 / n, 1 / n, 0.15 / n};
}
constexpr double kKnightSwordTip = 10.4;  // along the sword axis

// base (the hips and skirt), torso (breastplate and tabard), head (helm,
// visor, crest).
void KnightBody(std::vector<KnightPart>& parts) {
  KnightPart base{"base", -1, {0, 0, 0}, {}, {}};
  KnightTapered(base, 0, {8.6, 3.6, 2.4}, {12, 3.0, 2.0}, kKnightSkirt, kKnightAll & ~kKnightTop);
  KnightBox(base, {-3.15, 11.3, -2.15}, {3.15, 12.2, 2.15}, kKnightLeather,
            kKnightAll & ~kKnightBottom);
  parts.push_back(std::move(base));

  KnightPart torso{"torso", 0, {0, 12, 0}, {}, {}};
  KnightTapered(torso, 0, {0, 3.0, 2.0}, {7, 3.8, 2.3}, kKnightPlate, kKnightAll & ~kKnightBottom);
  // The tabard: just in front of the breastplate's sloping front.
  auto front_z = [](double y) { return -2.0 - 0.3 * y / 7 - 0.06; };
  KnightQuad(torso,
             {{{-2.5, 6.2, front_z(6.2)},
               {2.5, 6.2, front_z(6.2)},
               {2.5, 0.4, front_z(0.4)},
               {-2.5, 0.4, front_z(0.4)}}},
             kKnightSkirt, kKnightTabardTexture);
  parts.push_back(std::move(torso));

  KnightPart head{"head", 1, {0, 7, 0}, {}, {}};
  KnightTapered(head, 0, {0.1, 1.6, 1.7}, {3.9, 1.3, 1.4}, kKnightPlate,
                kKnightAll & ~kKnightBottom);
  auto visor_z = [](double y) { return -1.7 + 0.3 * (y - 0.1) / 3.8 - 0.06; };
  KnightQuad(head,
             {{{-1.2, 2.6, visor_z(2.6)},
               {1.2, 2.6, visor_z(2.6)},
               {1.2, 2.1, visor_z(2.1)},
               {-1.2, 2.1, visor_z(2.1)}}},
             kKnightVisor);
  // The crest: a wedge along the helm's top, its ridge rising to the front
  // and trailing past the back.
  const uint16_t fl = KnightAddVertex(head, {-0.3, 3.9, -1.1});
  const uint16_t fr = KnightAddVertex(head, {0.3, 3.9, -1.1});
  const uint16_t bl = KnightAddVertex(head, {-0.3, 3.9, 1.6});
  const uint16_t br = KnightAddVertex(head, {0.3, 3.9, 1.6});
  const uint16_t rf = KnightAddVertex(head, {0, 5.2, -0.7});
  const uint16_t rb = KnightAddVertex(head, {0, 4.9, 2.2});
  for (std::vector<uint16_t> c :
       {std::vector<uint16_t>{fl, bl, rb, rf}, {fr, rf, rb, br}, {fl, fr, rf}, {bl, br, rb}}) {
    head.faces.push_back({c, kKnightGold, nullptr});
  }
  parts.push_back(std::move(head));
}

// An arm hanging from its shoulder (the piece's origin), the forearm bent
// forward: pauldron, upper arm, vambrace. `outward` is +1 for the left arm
// (stored +x), -1 for the right.
KnightPart KnightArm(const char* name, double outward) {
  KnightPart arm{name, 1, {4.9 * outward, 6.2, 0}, {}, {}};
  KnightTapered(arm, 0.1 * outward, {-1.4, 1.5, 1.7}, {1.1, 1.0, 1.2}, kKnightPlate,
                kKnightAll & ~kKnightBottom);
  KnightBox(arm, {-0.9, -4.6, -0.9}, {0.9, -1.2, 0.9}, kKnightMail,
            kKnightAll & ~(kKnightTop | kKnightBottom));
  KnightBox(arm, {-0.85, -5.4, -4.3}, {0.85, -3.8, 0.7}, kKnightPlateDark);
  return arm;
}

// A heater shield in front of the left forearm, facing forward: a quad
// (textured with the emblem) over a point, rimmed; wooden back.
KnightPart KnightShield() {
  KnightPart shield{"shield", 3, {1.2, -4.6, -4.6}, {}, {}};
  constexpr double kOutline[5][2] = {{-3.0, 3.4}, {3.0, 3.4}, {3.0, -1.6}, {0, -4.8}, {-3.0, -1.6}};
  for (double z : {-0.25, 0.25}) {
    for (const auto& p : kOutline) KnightAddVertex(shield, {p[0], p[1], z});
  }
  for (const KnightVec& v :
       {KnightVec{-2.45, -1.6, -0.32}, {2.45, -1.6, -0.32}, {0, -4.0, -0.32}}) {
    KnightAddVertex(shield, v);
  }
  shield.faces = {
      {{0, 1, 2, 4}, kKnightField, kKnightShieldTexture},  // front, top left first
      {{4, 2, 3}, kKnightPlate, nullptr},                  // the point's rim
      {{10, 11, 12}, kKnightField, nullptr},               // the point's field
      {{6, 5, 9, 7}, kKnightWood, nullptr},                // back
      {{9, 7, 8}, kKnightWood, nullptr},
      {{0, 1, 6, 5}, kKnightRim, nullptr},  // the edges, round
      {{1, 2, 7, 6}, kKnightRim, nullptr},
      {{2, 3, 8, 7}, kKnightRim, nullptr},
      {{3, 4, 9, 8}, kKnightRim, nullptr},
      {{4, 0, 5, 9}, kKnightRim, nullptr},
  };
  return shield;
}

// A longsword raised in the right fist: grip, cross-guard, blade and its
// point; the flare piece marks the point.
KnightPart KnightSword() {
  const KnightVec d = KnightSwordAxis();
  KnightPart sword{"sword", 5, {0, -4.6, -4.7}, {}, {}};
  KnightAlong(sword, d, -0.9, 1.0, 0.22, 0.22, kKnightWood, kKnightAll & ~kKnightTop);
  KnightAlong(sword, d, 0.92, 1.28, 1.6, 0.3, kKnightGold, kKnightAll);
  const uint16_t blade =
      KnightAlong(sword, d, 1.3, 9.0, 0.38, 0.1, kKnightBlade, kKnightAll & ~kKnightTop);
  const uint16_t tip = KnightAddVertex(
      sword, {kKnightSwordTip * d[0], kKnightSwordTip * d[1], kKnightSwordTip * d[2]});
  // The blade's top corners (2, 3, 7, 6 of its box) to the tip.
  for (uint16_t a : {2, 3, 7, 6}) {
    const uint16_t b = a == 2 ? 3 : a == 3 ? 7 : a == 7 ? 6 : 2;
    sword.faces.push_back({{uint16_t(blade + a), uint16_t(blade + b), tip}, kKnightBlade, nullptr});
  }
  return sword;
}

// A leg from its hip joint (the piece's origin) to the ground: greave, knee
// cop, sabaton pointing forward.
KnightPart KnightLeg(const char* name, double side) {
  KnightPart leg{name, 0, {1.6 * side, 9.6, 0}, {}, {}};
  KnightBox(leg, {-1.1, -8.3, -1.1}, {1.1, -0.3, 1.1}, kKnightMail,
            kKnightAll & ~(kKnightTop | kKnightBottom));
  KnightBox(leg, {-1.25, -5.0, -1.35}, {1.25, -3.9, 0.9}, kKnightPlate,
            kKnightFront | kKnightTop | kKnightLowX | kKnightHighX);
  KnightBox(leg, {-1.2, -9.6, -3.0}, {1.2, -8.2, 1.3}, kKnightPlateDark,
            kKnightAll & ~kKnightBottom);
  return leg;
}

// Every piece, depth first in file order (each parent index points back).
std::vector<KnightPart> KnightParts() {
  std::vector<KnightPart> parts;
  KnightBody(parts);                       // 0 base, 1 torso, 2 head
  parts.push_back(KnightArm("larm", 1));   // 3
  parts.push_back(KnightShield());         // 4
  parts.push_back(KnightArm("rarm", -1));  // 5
  KnightBox(parts.back(), {-0.75, -5.5, -5.2}, {0.75, -3.7, -4.2}, kKnightLeather);  // the fist
  parts.push_back(KnightSword());                                                    // 6
  const KnightVec d = KnightSwordAxis();
  KnightPart flare{"flare",
                   6,
                   {kKnightSwordTip * d[0], kKnightSwordTip * d[1], kKnightSwordTip * d[2]},
                   {{0, 0, 0}},
                   {{{0}, 0, nullptr}}};
  parts.push_back(std::move(flare));       // 7
  parts.push_back(KnightLeg("lleg", 1));   // 8
  parts.push_back(KnightLeg("rleg", -1));  // 9
  return parts;
}

// --- writing the file ---------------------------------------------------------

int32_t KnightFixed(double v) { return int32_t(std::lround(v * 65536)); }

void KnightAlign4(std::vector<uint8_t>& out) {
  while (out.size() % 4) out.push_back(0);
}

void KnightString(std::vector<uint8_t>& out, const char* s) {
  for (; *s; ++s) out.push_back(uint8_t(*s));
  out.push_back(0);
}

// Piece `i`'s record at file offset `base`: its header, then its name,
// vertices, primitives, their index arrays and texture names, each part
// 4-byte aligned. Its length does not depend on `base`.
std::vector<uint8_t> KnightPieceBytes(const KnightPart& part, uint32_t base, uint32_t sibling,
                                      uint32_t child) {
  std::vector<uint8_t> name;
  KnightString(name, part.name);
  KnightAlign4(name);
  const uint32_t name_at = base + 52, vertices_at = name_at + uint32_t(name.size());
  const uint32_t primitives_at = vertices_at + 12 * uint32_t(part.vertices.size());
  std::vector<uint8_t> out;
  for (uint32_t v : {1u, uint32_t(part.vertices.size()), uint32_t(part.faces.size())}) {
    AppendU32(out, v);
  }
  AppendU32(out, uint32_t(-1));  // no selection primitive
  for (double v : part.offset) AppendU32(out, uint32_t(KnightFixed(v)));
  for (uint32_t v : {name_at, 0u, vertices_at, primitives_at, sibling, child}) AppendU32(out, v);
  out.insert(out.end(), name.begin(), name.end());
  for (const KnightVec& v : part.vertices) {
    for (double c : v) AppendU32(out, uint32_t(KnightFixed(c)));
  }
  // The index arrays, then the texture names, after the primitives.
  std::vector<uint8_t> tail;
  const uint32_t tail_at = primitives_at + 32 * uint32_t(part.faces.size());
  std::vector<uint32_t> index_at;
  for (const KnightFace& f : part.faces) {
    index_at.push_back(tail_at + uint32_t(tail.size()));
    for (uint16_t c : f.corners) AppendU16(tail, c);
  }
  KnightAlign4(tail);
  for (size_t i = 0; i < part.faces.size(); ++i) {
    const KnightFace& f = part.faces[i];
    uint32_t texture_at = 0;
    if (f.texture != nullptr) {
      texture_at = tail_at + uint32_t(tail.size());
      KnightString(tail, f.texture);
    }
    // The last word: 1 on an untextured polygon, the "is coloured" flag RWE
    // and TA3D want before they draw its colour (docs/formats/3do.md).
    const uint32_t coloured = f.texture == nullptr && f.corners.size() >= 3 ? 1 : 0;
    for (uint32_t v : {uint32_t(f.colour), uint32_t(f.corners.size()), 0u, index_at[i], texture_at,
                       0u, 0u, coloured}) {
      AppendU32(out, v);
    }
  }
  KnightAlign4(tail);
  out.insert(out.end(), tail.begin(), tail.end());
  return out;
}

// Piece i's next sibling (`child` false) or first child (true): in a
// depth-first list, the first later piece with the same parent, or with i as
// its parent. Its index in `parts`, or -1.
int KnightLink(const std::vector<KnightPart>& parts, size_t i, bool child) {
  const int parent = child ? int(i) : parts[i].parent;
  for (size_t j = i + 1; j < parts.size(); ++j) {
    if (parts[j].parent == parent) return int(j);
  }
  return -1;
}

}  // namespace

std::vector<uint8_t> KnightModel3do() {
  const std::vector<KnightPart> parts = KnightParts();
  std::vector<uint32_t> bases;
  uint32_t at = 0;
  for (const KnightPart& p : parts) {
    bases.push_back(at);
    at += uint32_t(KnightPieceBytes(p, 0, 0, 0).size());
  }
  std::vector<uint8_t> out;
  for (size_t i = 0; i < parts.size(); ++i) {
    const int sibling = KnightLink(parts, i, false), child = KnightLink(parts, i, true);
    const std::vector<uint8_t> piece =
        KnightPieceBytes(parts[i], bases[i], sibling < 0 ? 0 : bases[size_t(sibling)],
                         child < 0 ? 0 : bases[size_t(child)]);
    out.insert(out.end(), piece.begin(), piece.end());
  }
  return out;
}

}  // namespace kbot::demo
