// The demo's unit (demo/demo_units.h) read back with the model, script and
// GAF readers: the knight's piece tree exactly as built, its textures all in
// textures/aramon.gaf (with no texel of TA: Kingdoms' hole index 5), the
// script's tables, a disassembly with no unknown opcode, the decompiled BOS
// equal to the source it was compiled from by hand, the one piece each way
// the model and the script do not share, and a picture in the game's view
// with the shield on the right and the sword on the left, facing the viewer.
#include "demo/demo_units.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "demo/demo_context.h"
#include "formats/cob/cob.h"
#include "formats/cob/decompile.h"
#include "formats/cob/disassemble.h"
#include "formats/cob/opcodes.h"
#include "formats/gaf/gaf.h"
#include "formats/model3do/model3do.h"
#include "formats/model3do/render.h"
#include "tools/model_describe_tool.h"
#include "tools/model_textures.h"

namespace kbot::demo {
namespace {

const DemoAsset& UnitAsset(const std::string& path) {
  static const std::vector<DemoAsset> assets = [] {
    absl::StatusOr<std::vector<DemoAsset>> made = MakeDemoUnitAssets();
    EXPECT_TRUE(made.ok()) << made.status();
    return made.ok() ? *std::move(made) : std::vector<DemoAsset>{};
  }();
  for (const DemoAsset& a : assets) {
    if (a.path == path) return a;
  }
  ADD_FAILURE() << "no demo unit file " << path;
  static const DemoAsset none;
  return none;
}

model3do::Model Knight() {
  const DemoAsset& a = UnitAsset("objects3d/ARAKNIGHT.3do");
  absl::StatusOr<model3do::Model> model = model3do::Read3do(a.bytes, a.path);
  EXPECT_TRUE(model.ok()) << model.status();
  return model.ok() ? *std::move(model) : model3do::Model{};
}

cob::Cob KnightScript() {
  const DemoAsset& a = UnitAsset("scripts/ARAKNIGHT.cob");
  absl::StatusOr<cob::Cob> cob = cob::ReadCob(a.bytes, a.path);
  EXPECT_TRUE(cob.ok()) << cob.status();
  return cob.ok() ? *std::move(cob) : cob::Cob{};
}

TEST(DemoUnits, TheUnitFilesAreDemoFiles) {
  absl::StatusOr<std::vector<DemoAsset>> all = MakeDemoAssets();
  ASSERT_TRUE(all.ok()) << all.status();
  std::vector<std::string> unit_files;
  for (const DemoAsset& a : *all) {
    for (const char* folder : {"objects3d/", "scripts/", "textures/"}) {
      if (absl::StartsWith(a.path, folder)) unit_files.push_back(a.path);
    }
  }
  EXPECT_EQ(unit_files, (std::vector<std::string>{"objects3d/ARAKNIGHT.3do",
                                                  "scripts/ARAKNIGHT.cob", "textures/aramon.gaf"}));
}

TEST(DemoUnits, ModelPieceTree) {
  const model3do::Model m = Knight();
  EXPECT_TRUE(m.warnings.empty()) << m.warnings.front();
  EXPECT_EQ(m.warnings_dropped, 0u);
  struct Want {
    std::string name;
    int parent;
    size_t vertices, primitives;
  };
  const std::vector<Want> want = {{"base", -1, 16, 10}, {"torso", 0, 12, 6},   {"head", 1, 18, 10},
                                  {"larm", 1, 24, 15},  {"shield", 3, 13, 10}, {"rarm", 1, 32, 21},
                                  {"sword", 5, 25, 20}, {"flare", 6, 1, 1},    {"lleg", 0, 24, 13},
                                  {"rleg", 0, 24, 13}};
  ASSERT_EQ(m.pieces.size(), want.size());
  size_t polygons = 0, markers = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    const model3do::Piece& p = m.pieces[i];
    EXPECT_EQ(p.name, want[i].name);
    EXPECT_EQ(p.parent, want[i].parent) << p.name;
    EXPECT_EQ(p.vertices.size(), want[i].vertices) << p.name;
    EXPECT_EQ(p.primitives.size(), want[i].primitives) << p.name;
    EXPECT_EQ(p.selection_primitive, -1) << p.name;
    for (const model3do::Primitive& prim : p.primitives) {
      EXPECT_TRUE(prim.indices_valid) << p.name;
      (prim.is_marker() ? markers : polygons) += 1;
      // RWE's and TA3D's "is coloured" flag on every untextured polygon.
      EXPECT_EQ(prim.last_word, prim.texture.empty() && !prim.is_marker() ? 1u : 0u) << p.name;
    }
  }
  EXPECT_EQ(polygons, 118u);
  EXPECT_EQ(markers, 1u);
  EXPECT_EQ(m.pieces[0].children, (std::vector<int>{1, 8, 9}));
  EXPECT_EQ(m.pieces[1].children, (std::vector<int>{2, 3, 5}));
  // Offsets in 16.16: the torso 12 units up, the left arm 4.9 units to +x.
  EXPECT_EQ(m.pieces[1].fixed_y, 12 * 65536);
  EXPECT_EQ(m.pieces[3].fixed_x, 321126);  // round(4.9 * 65536)
  EXPECT_EQ(m.pieces[5].fixed_x, -321126);
  // The flare: one vertex at its origin, one point primitive.
  const model3do::Piece& flare = m.pieces[7];
  EXPECT_EQ(flare.vertices, (std::vector<model3do::Vec3>{{0, 0, 0}}));
  EXPECT_EQ(flare.primitives[0].indices, (std::vector<uint16_t>{0}));
}

TEST(DemoUnits, ModelFacesStoredMinusZ) {
  const model3do::Model m = Knight();
  ASSERT_EQ(m.pieces.size(), 10u);
  // The sword's point (the flare) is up, out to the knight's right (stored
  // -x) and forward of the shoulders' line; the shield's textured face is
  // the frontmost thing in its piece; the feet reach further forward (-z)
  // than back.
  const model3do::Vec3 tip = model3do::PieceOrigin(m, 7);
  EXPECT_LT(tip.x, -8);
  EXPECT_GT(tip.y, 20);
  const model3do::Piece& shield = m.pieces[4];
  ASSERT_EQ(shield.primitives[0].texture, "ara_shield");
  for (uint16_t i : shield.primitives[0].indices) EXPECT_DOUBLE_EQ(shield.vertices[i].z, -0.25);
  const model3do::Box feet = model3do::PieceBox(m, 8);
  EXPECT_DOUBLE_EQ(feet.min.z, -3.0);
  EXPECT_NEAR(feet.max.z, 1.3, 1e-4);  // as near as 16.16 gets
  const model3do::Box all = model3do::ModelBox(m);
  EXPECT_NEAR(all.min.y, 0, 1e-4);  // standing on the ground
}

TEST(DemoUnits, TexturesAreInTheGaf) {
  const DemoAsset& a = UnitAsset("textures/aramon.gaf");
  absl::StatusOr<gaf::Gaf> g = gaf::ReadGaf(a.bytes, a.path);
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_TRUE(g->warnings.empty());
  std::set<std::string> sequences;
  for (const gaf::Sequence& s : g->sequences) {
    sequences.insert(s.name);
    ASSERT_EQ(s.frames.size(), 1u) << s.name;
    const gaf::FrameInfo& f = s.frames[0].info;
    EXPECT_EQ(f.width, 32);
    EXPECT_EQ(f.height, 32);
    EXPECT_EQ(f.storage(), gaf::Storage::kRaw);
    ASSERT_LE(f.data_offset + 32u * 32u, a.bytes.size());
    const auto pixels = a.bytes.begin() + f.data_offset;
    EXPECT_EQ(std::count(pixels, pixels + 32 * 32, 5), 0) << s.name << ": a texel of index 5";
  }
  EXPECT_EQ(sequences, (std::set<std::string>{"ara_shield", "ara_tabard"}));
  std::set<std::string> named;
  for (const model3do::Piece& p : Knight().pieces) {
    for (const model3do::Primitive& prim : p.primitives) {
      if (!prim.texture.empty()) named.insert(prim.texture);
    }
  }
  EXPECT_EQ(named, sequences);
}

TEST(DemoUnits, ScriptTables) {
  const cob::Cob cob = KnightScript();
  EXPECT_EQ(cob.version, cob::kVersionTa);
  EXPECT_TRUE(cob.warnings.empty()) << cob.warnings.front();
  std::vector<std::string> names;
  for (const cob::Script& s : cob.scripts) names.push_back(s.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Create", "StartMoving", "StopMoving", "Walk",
                                             "AimPrimary", "FirePrimary", "QueryPrimary",
                                             "AimFromPrimary", "SweetSpot", "Killed"}));
  EXPECT_EQ(cob.pieces, (std::vector<std::string>{"base", "torso", "head", "cape", "larm", "shield",
                                                  "rarm", "sword", "lleg", "rleg"}));
  EXPECT_EQ(cob.static_count, 1u);
  EXPECT_EQ(cob.code_offset, cob::kTaHeaderBytes);  // the code right after the header
  // A unit with a weapon is expected to take its reload time; the knight's
  // script does not, which script_describe then shows.
  EXPECT_EQ(cob::MissingStandardScripts(cob), (std::vector<std::string>{"SetMaxReloadTime"}));
}

TEST(DemoUnits, DisassemblyHasNoUnknownOpcode) {
  const cob::Cob cob = KnightScript();
  ASSERT_EQ(cob.scripts.size(), 10u);
  for (size_t i = 0; i < cob.scripts.size(); ++i) {
    const cob::DecodedScript d = cob::DecodeScript(cob, i);
    EXPECT_FALSE(d.error.has_value()) << cob.scripts[i].name << ": " << *d.error;
    EXPECT_FALSE(d.instructions.empty()) << cob.scripts[i].name;
  }
  const std::string listing = cob::Disassemble(cob);
  EXPECT_FALSE(absl::StrContains(listing, "???")) << listing;
  EXPECT_FALSE(absl::StrContains(listing, "past the")) << listing;
  EXPECT_FALSE(absl::StrContains(listing, "not an instruction start")) << listing;
}

// The source of demo_units.h as cob::Decompile writes it back: the same
// text but for Killed's last `return (0);`, which the decompiler leaves out
// as the one a compiler appends.
constexpr char kKnightBos[] =
    "#include \"exptype.h\"\n"
    "\n"
    "piece base, torso, head, cape, larm, shield, rarm, sword, lleg, rleg;\n"
    "\n"
    "static-var Static_Var_1;\n"
    "\n"
    "Create()\n"
    "{\n"
    "    Static_Var_1 = 0;\n"
    "    while (get BUILD_PERCENT_LEFT)\n"
    "    {\n"
    "        sleep 250;\n"
    "    }\n"
    "}\n"
    "\n"
    "StartMoving()\n"
    "{\n"
    "    Static_Var_1 = 1;\n"
    "    start-script Walk();\n"
    "}\n"
    "\n"
    "StopMoving()\n"
    "{\n"
    "    signal 4;\n"
    "    Static_Var_1 = 0;\n"
    "    turn lleg to x-axis <0> speed <200>;\n"
    "    turn rleg to x-axis <0> speed <200>;\n"
    "    turn larm to x-axis <0> speed <200>;\n"
    "    turn rarm to x-axis <0> speed <200>;\n"
    "    turn cape to x-axis <0> speed <200>;\n"
    "}\n"
    "\n"
    "Walk()\n"
    "{\n"
    "    set-signal-mask 4;\n"
    "    while (TRUE)\n"
    "    {\n"
    "        turn lleg to x-axis <-30> speed <180>;\n"
    "        turn rleg to x-axis <30> speed <180>;\n"
    "        turn larm to x-axis <15> speed <90>;\n"
    "        turn rarm to x-axis <-15> speed <90>;\n"
    "        turn cape to x-axis <20> speed <60>;\n"
    "        sleep 330;\n"
    "        turn lleg to x-axis <30> speed <180>;\n"
    "        turn rleg to x-axis <-30> speed <180>;\n"
    "        turn larm to x-axis <-15> speed <90>;\n"
    "        turn rarm to x-axis <15> speed <90>;\n"
    "        turn cape to x-axis <0> speed <60>;\n"
    "        sleep 330;\n"
    "    }\n"
    "}\n"
    "\n"
    "AimPrimary(heading, pitch)\n"
    "{\n"
    "    signal 2;\n"
    "    set-signal-mask 2;\n"
    "    turn torso to y-axis heading speed <300>;\n"
    "    turn rarm to x-axis <0> - pitch speed <200>;\n"
    "    wait-for-turn torso around y-axis;\n"
    "    return (1);\n"
    "}\n"
    "\n"
    "FirePrimary()\n"
    "{\n"
    "    turn sword to x-axis <70> speed <720>;\n"
    "    move rarm to z-axis [0.4] speed [4];\n"
    "    sleep 200;\n"
    "    turn sword to x-axis <0> speed <360>;\n"
    "    move rarm to z-axis [0] speed [2];\n"
    "}\n"
    "\n"
    "QueryPrimary(piecenum)\n"
    "{\n"
    "    piecenum = sword;\n"
    "}\n"
    "\n"
    "AimFromPrimary(piecenum)\n"
    "{\n"
    "    piecenum = torso;\n"
    "}\n"
    "\n"
    "SweetSpot(piecenum)\n"
    "{\n"
    "    piecenum = base;\n"
    "}\n"
    "\n"
    "Killed(severity, corpsetype)\n"
    "{\n"
    "    if (severity <= 25)\n"
    "    {\n"
    "        corpsetype = 1;\n"
    "        explode torso type BITMAPONLY;\n"
    "        return (0);\n"
    "    }\n"
    "    corpsetype = 2;\n"
    "    explode head type FALL | SMOKE;\n"
    "}\n";

TEST(DemoUnits, DecompilesToItsSource) {
  const cob::Decompiled d = cob::Decompile(KnightScript());
  EXPECT_EQ(d.source, kKnightBos);
  EXPECT_TRUE(d.fallbacks.empty()) << d.fallbacks.front();
}

TEST(DemoUnits, ModelAndScriptDifferByOnePieceEachWay) {
  absl::StatusOr<contexts::Context> demo = MakeDemoContext();
  ASSERT_TRUE(demo.ok()) << demo.status();
  tools::ModelDescribeRequest request;
  request.path = "objects3d/ARAKNIGHT.3do";
  absl::StatusOr<tools::ModelDescription> d = tools::DescribeModel(*demo, request);
  ASSERT_TRUE(d.ok()) << d.status();
  ASSERT_TRUE(d->script.has_value());
  EXPECT_EQ(d->script->path, "scripts/ARAKNIGHT.cob");
  EXPECT_EQ(d->script->missing_pieces, (std::vector<std::string>{"cape"}));
  EXPECT_EQ(d->script->unused_pieces, (std::vector<std::string>{"flare"}));
  ASSERT_EQ(d->textures.size(), 2u);
  for (const tools::ModelTextureItem& t : d->textures) {
    EXPECT_EQ(t.file, "textures/aramon.gaf") << t.name;
    EXPECT_EQ(t.faces, 1u) << t.name;
  }
  EXPECT_TRUE(d->warnings.empty()) << d->warnings.front();
}

TEST(DemoUnits, RendersFacingTheViewerInTheGameView) {
  absl::StatusOr<contexts::Context> demo = MakeDemoContext();
  ASSERT_TRUE(demo.ok()) << demo.status();
  absl::StatusOr<tools::ModelTextures> textures =
      tools::ModelTextures::Of(*demo, "objects3d/ARAKNIGHT.3do", 0, NoProgress());
  ASSERT_TRUE(textures.ok()) << textures.status();
  EXPECT_EQ(textures->PaletteSource(), "side-prefix palettes/aramon.pcx");
  const model3do::Model m = Knight();
  model3do::RenderOptions o;  // 256 x 256, the game's view, fitted
  o.palette = &textures->Palette();
  o.find_texture = textures->Finder();
  absl::StatusOr<model3do::Rendered> r = model3do::RenderModel(m, o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->missing_textures.empty());
  EXPECT_TRUE(textures->Problems().empty());
  // All but the 26 faces square to x, edge-on from straight ahead.
  EXPECT_EQ(r->faces_drawn, 118 - 26);
  const image::RgbaPicture& p = r->picture;
  auto alpha = [&](int x, int y) { return p.rgba[(size_t(y) * p.width + x) * 4 + 3]; };
  for (auto [x, y] : {std::pair{0, 0}, {255, 0}, {0, 255}, {255, 255}}) EXPECT_EQ(alpha(x, y), 0);
  size_t opaque = 0;
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) opaque += alpha(x, y) == 255;
  }
  EXPECT_GT(opaque, 256u * 256 / 5);
  // Facing the viewer: the sword's point (the knight's right) on the
  // picture's left, the shield (its left) on the right, both drawn.
  auto at = [&](const model3do::Vec3& v) {
    return model3do::Project(v, o.view, p.width, p.height, r->scale, r->centre);
  };
  const model3do::ScreenPoint tip = at(model3do::PieceOrigin(m, 7));
  const model3do::ScreenPoint shield = at(model3do::PieceOrigin(m, 4));
  EXPECT_LT(tip.x, 64);
  EXPECT_GT(shield.x, 192);
  EXPECT_EQ(alpha(int(shield.x), int(shield.y)), 255);
}

}  // namespace
}  // namespace kbot::demo
