// Example pictures of a small tank-like model (hull with a sloped glacis,
// tracks, an octagonal turret, a barrel pointing forward, a flare at its
// muzzle), written as PNGs when KBOT_RENDER_EXAMPLES names a folder, for a
// person to look at; otherwise only checked to draw. The checks that hold
// either way: the barrel (the front, stored -z) points down the picture in
// the game's view and to the right after a quarter turn.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "formats/image/png_encode.h"
#include "formats/model3do/render.h"
#include "tests/model_render/render_fixture.h"

namespace kbot::model3do::testing {
namespace {

uint32_t Nearest(palette::Rgb want) {
  const palette::Palette& p = palette::TaPalette();
  uint32_t best = 0;
  int best_d = 1 << 30;
  for (uint32_t i = 0; i < 256; ++i) {
    palette::Rgb c = p.colors[i];
    int d = (c.r - want.r) * (c.r - want.r) + (c.g - want.g) * (c.g - want.g) +
            (c.b - want.b) * (c.b - want.b);
    if (d < best_d) best = i, best_d = d;
  }
  return best;
}

Piece Part(std::string name, int parent, Vec3 offset, std::vector<Vec3> vertices,
           std::vector<Primitive> primitives) {
  Piece p;
  p.name = std::move(name);
  p.parent = parent;
  p.offset_from_parent = offset;
  p.vertices = std::move(vertices);
  p.primitives = std::move(primitives);
  return p;
}

std::vector<Primitive> BoxFaces(uint32_t colour) {
  return {Quad({2, 3, 1, 0}, colour), Quad({6, 7, 5, 4}, colour), Quad({2, 3, 7, 6}, colour),
          Quad({0, 1, 5, 4}, colour), Quad({0, 2, 6, 4}, colour), Quad({1, 3, 7, 5}, colour)};
}

Model TankModel() {
  uint32_t green = Nearest({70, 110, 60}), dark = Nearest({50, 50, 45}),
           olive = Nearest({110, 120, 70}), steel = Nearest({150, 150, 140});
  Model m;
  // Hull: bottom corners 0..3, top corners 4..7 (the top's front set back:
  // the sloped glacis).
  m.pieces.push_back(Part("base", -1, {0, 0, 0},
                          {{-12, 2, -18}, {12, 2, -18}, {-12, 2, 18}, {12, 2, 18},
                           {-12, 9, -11}, {12, 9, -11}, {-12, 9, 16}, {12, 9, 16}},
                          {Quad({4, 5, 1, 0}, green, "glacis"), Quad({4, 5, 7, 6}, olive, "camo"),
                           Quad({0, 1, 3, 2}, dark), Quad({6, 7, 3, 2}, green),
                           Quad({0, 4, 6, 2}, green), Quad({1, 5, 7, 3}, green)}));
  m.pieces.push_back(Part("ltrack", 0, {-14, 0, 0}, BoxCorners(-2.5, 2.5, 0, 6, -20, 20),
                          BoxFaces(dark)));
  m.pieces.push_back(Part("rtrack", 0, {14, 0, 0}, BoxCorners(-2.5, 2.5, 0, 6, -20, 20),
                          BoxFaces(dark)));
  // Turret: an octagonal prism, its top an 8-sided polygon.
  std::vector<Vec3> ring;
  const double r[8][2] = {{-4, -9}, {4, -9}, {8, -4}, {8, 5}, {5, 8}, {-5, 8}, {-8, 5}, {-8, -4}};
  for (auto [x, z] : r) ring.push_back({x, 0, z});
  for (auto [x, z] : r) ring.push_back({x * 0.8, 6, z * 0.8});
  std::vector<Primitive> turret = {Quad({8, 9, 10, 11, 12, 13, 14, 15}, olive, "camo")};
  for (uint16_t i = 0; i < 8; ++i) {
    turret.push_back(Quad({uint16_t(8 + i), uint16_t(8 + (i + 1) % 8), uint16_t((i + 1) % 8), i},
                          green));
  }
  m.pieces.push_back(Part("turret", 0, {0, 9, 1}, ring, turret));
  m.pieces.push_back(Part("barrel", 3, {0, 3, -7}, BoxCorners(-1.2, 1.2, -1.2, 1.2, -20, 0),
                          BoxFaces(steel)));
  m.pieces.push_back(Part("flare", 4, {0, 0, -20}, {{0, 0, 0}}, {Quad({0}, 0)}));
  return m;
}

Texture Camo() {
  Texture t{8, 8, {}};
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) {
      bool a = ((x / 2 + y / 2) % 2) == 0, mark = (x == 3 || x == 4) && y >= 2 && y <= 5;
      palette::Rgb c = mark ? palette::Rgb{220, 210, 120}
                            : (a ? palette::Rgb{96, 120, 64} : palette::Rgb{120, 110, 70});
      t.rgba.insert(t.rgba.end(), {c.r, c.g, c.b, 255});
    }
  }
  return t;
}

void Write(const Rendered& r, const std::string& name) {
  const char* dir = std::getenv("KBOT_RENDER_EXAMPLES");
  if (dir == nullptr || *dir == 0) return;
  absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(r.picture);
  ASSERT_TRUE(png.ok()) << png.status();
  std::ofstream out(std::string(dir) + "/" + name, std::ios::binary);
  out.write(reinterpret_cast<const char*>(png->data()), std::streamsize(png->size()));
  ASSERT_TRUE(out.good()) << name;
}

TEST(ModelRenderExample, TankPictures) {
  Model tank = TankModel();
  Texture camo = Camo();
  RenderOptions o;
  o.find_texture = [&](absl::string_view name) { return name == "camo" ? &camo : nullptr; };
  absl::StatusOr<Rendered> game = RenderModel(tank, o);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->missing_textures, std::vector<std::string>{"glacis"});
  // The muzzle (the front) is below the turret's middle in the game's view.
  ScreenPoint muzzle = Project({0, 13, -26}, o.view, 256, 256, game->scale, game->centre);
  ScreenPoint turret = Project({0, 12, 1}, o.view, 256, 256, game->scale, game->centre);
  EXPECT_GT(muzzle.y, turret.y);
  EXPECT_GT(PixelAt(game->picture, int(muzzle.x), int(muzzle.y) - 1)[3], 0);
  Write(*game, "tank_game_view.png");

  o.view.yaw_degrees = 35;
  absl::StatusOr<Rendered> turned = RenderModel(tank, o);
  ASSERT_TRUE(turned.ok());
  Write(*turned, "tank_yaw35.png");

  o.view = View{90, 30};
  absl::StatusOr<Rendered> side = RenderModel(tank, o);
  ASSERT_TRUE(side.ok());
  ScreenPoint side_muzzle = Project({0, 13, -26}, o.view, 256, 256, side->scale, side->centre);
  EXPECT_GT(side_muzzle.x, 200);  // the barrel points right
  Write(*side, "tank_side.png");

  o.view = View{35, kGamePitchDegrees};
  o.wireframe = true;
  absl::StatusOr<Rendered> wire = RenderModel(tank, o);
  ASSERT_TRUE(wire.ok());
  Write(*wire, "tank_wireframe.png");
}

}  // namespace
}  // namespace kbot::model3do::testing
