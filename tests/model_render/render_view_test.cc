// The camera and the colours: Project's conventions, each view's face
// colours and shading exactly, depth order, hidden pieces, textures.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "formats/model3do/render.h"
#include "tests/model_render/render_fixture.h"

namespace kbot::model3do::testing {
namespace {

const double kSqrt5 = std::sqrt(5.0);

RenderOptions Fixed(const palette::Palette& palette, View view) {
  RenderOptions o;
  o.width = o.height = 128;
  o.view = view;
  o.scale = 4;
  o.supersample = 1;
  o.palette = &palette;
  return o;
}

TEST(ModelRenderView, DefaultIsTheGamesPitch) {
  View view;
  EXPECT_EQ(view.yaw_degrees, 0);
  EXPECT_DOUBLE_EQ(view.pitch_degrees, std::atan(2.0) * 180 / std::numbers::pi);
  EXPECT_EQ(RenderOptions().view.pitch_degrees, kGamePitchDegrees);
}

TEST(ModelRenderView, ProjectPlacesTheCentreAndTurnsAsDocumented) {
  Vec3 centre{1, 2, 3};
  ScreenPoint c = Project(centre, View{0, 90}, 100, 60, 5, centre);
  EXPECT_EQ(c.x, 50);
  EXPECT_EQ(c.y, 30);
  EXPECT_EQ(c.depth, 0);
  // Straight down: x to the right, stored +z up the picture (north: the
  // game negates z), higher is nearer.
  ScreenPoint east = Project({2, 2, 3}, View{0, 90}, 100, 60, 5, centre);
  ScreenPoint north = Project({1, 2, 4}, View{0, 90}, 100, 60, 5, centre);
  ScreenPoint high = Project({1, 3, 3}, View{0, 90}, 100, 60, 5, centre);
  EXPECT_EQ(east.x, 55);
  EXPECT_EQ(east.y, 30);
  EXPECT_EQ(north.x, 50);
  EXPECT_EQ(north.y, 25);
  EXPECT_EQ(high.depth, -5);
  // Level, from the south: the front (stored -z) is nearer, y is up.
  ScreenPoint front = Project({1, 2, 2}, View{0, 0}, 100, 60, 5, centre);
  ScreenPoint up = Project({1, 3, 3}, View{0, 0}, 100, 60, 5, centre);
  EXPECT_EQ(front.depth, -5);
  EXPECT_EQ(up.y, 25);
  // Yaw 90 turns the front (-z) to the picture's right.
  ScreenPoint turned = Project({1, 2, 2}, View{90, 0}, 100, 60, 5, centre);
  EXPECT_EQ(turned.x, 55);
  EXPECT_EQ(turned.y, 30);
  // The game's pitch: a unit up rises cos, a unit south drops sin.
  ScreenPoint game_up = Project({1, 3, 3}, View{}, 100, 60, 5, centre);
  ScreenPoint game_front = Project({1, 2, 2}, View{}, 100, 60, 5, centre);
  EXPECT_NEAR(game_up.y, 30 - 5 / kSqrt5, 1e-12);
  EXPECT_NEAR(game_front.y, 30 + 10 / kSqrt5, 1e-12);
}

TEST(ModelRenderView, TopViewColoursDepthAndHiddenTurret) {
  palette::Palette palette = TestPalette();
  View top{0, 90};
  absl::StatusOr<Rendered> r = RenderModel(CubeModel(), Fixed(palette, top));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->scale, 4);
  EXPECT_EQ(r->centre, (Vec3{0, 5, 0}));  // the drawn box's centre
  EXPECT_EQ(r->faces_drawn, 4);  // the tops and bottoms: the sides are edge-on
  double b = ExpectedBrightness(0, 0, 1);
  // The turret's top (y 20) is over the base's top (y 10).
  EXPECT_EQ(PixelAt(r->picture, 64, 64), Shaded(palette.colors[kTurretTop], b));
  EXPECT_EQ(PixelOf(*r, top, {7, 10, 7}), Shaded(palette.colors[kTop], b));
  EXPECT_EQ(PixelOf(*r, top, {-7, 10, -7}), Shaded(palette.colors[kTop], b));
  EXPECT_EQ(PixelAt(r->picture, 2, 2), (Rgba{0, 0, 0, 0}));
  EXPECT_EQ(PixelAt(r->picture, 64, 20), (Rgba{0, 0, 0, 0}));  // 11 units north
  // The flare point is not drawn: the base's top is there.
  EXPECT_EQ(PixelOf(*r, top, {0, 15, -6}), Shaded(palette.colors[kTop], b));

  RenderOptions hidden = Fixed(palette, top);
  hidden.hidden = {false, true};  // the turret; its child, the flare, has no faces
  absl::StatusOr<Rendered> h = RenderModel(CubeModel(), hidden);
  ASSERT_TRUE(h.ok()) << h.status();
  EXPECT_EQ(PixelAt(h->picture, 64, 64), Shaded(palette.colors[kTop], b));
  EXPECT_EQ(h->faces_drawn, 2);
}

TEST(ModelRenderView, HiddenParentStillDrawsItsChildren) {
  palette::Palette palette = TestPalette();
  RenderOptions o = Fixed(palette, View{0, 90});
  o.hidden = {true};
  absl::StatusOr<Rendered> r = RenderModel(CubeModel(), o);
  ASSERT_TRUE(r.ok()) << r.status();
  double b = ExpectedBrightness(0, 0, 1);
  EXPECT_EQ(r->centre, (Vec3{0, 15, 0}));  // only the turret is drawn now
  EXPECT_EQ(PixelAt(r->picture, 64, 64), Shaded(palette.colors[kTurretTop], b));
  EXPECT_EQ(PixelOf(*r, View{0, 90}, {7, 10, 7}), (Rgba{0, 0, 0, 0}));
}

TEST(ModelRenderView, TextureQuadrantsFromTheFrontNotMirrored) {
  palette::Palette palette = TestPalette();
  Texture tex = Tex1();
  View front{0, 0};
  RenderOptions o = Fixed(palette, front);
  o.find_texture = [&](absl::string_view name) { return name == "tex1" ? &tex : nullptr; };
  absl::StatusOr<Rendered> r = RenderModel(CubeModel(), o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->missing_textures.empty());
  double b = ExpectedBrightness(0, 0, 1);
  EXPECT_EQ(PixelOf(*r, front, {-5, 5, -10}), Shaded({255, 0, 0}, b));    // top left
  EXPECT_EQ(PixelOf(*r, front, {5, 5, -10}), Shaded({0, 255, 0}, b));     // top right
  EXPECT_EQ(PixelOf(*r, front, {-5, -5, -10}), Shaded({0, 0, 255}, b));   // bottom left
  EXPECT_EQ(PixelOf(*r, front, {5, -5, -10}), Shaded({255, 255, 255}, b));
  // Where those land: texel (0,0) left of the centre and above the base's.
  ScreenPoint tl = Project({-5, 5, -10}, front, 128, 128, r->scale, r->centre);
  EXPECT_EQ(tl.x, 44);
  EXPECT_EQ(tl.y, 64);
  // The turret above, in its side colour.
  EXPECT_EQ(PixelOf(*r, front, {0, 15, -4}), Shaded(palette.colors[kTurretSide], b));
}

TEST(ModelRenderView, TransparentTexelShowsTheBackFace) {
  palette::Palette palette = TestPalette();
  Texture tex = Tex1();
  tex.rgba[3 * 4 + 3] = 0;  // texel (1,1)
  View front{0, 0};
  RenderOptions o = Fixed(palette, front);
  o.find_texture = [&](absl::string_view) { return &tex; };
  absl::StatusOr<Rendered> r = RenderModel(CubeModel(), o);
  ASSERT_TRUE(r.ok()) << r.status();
  // Both sides are drawn, each lit as the side facing the camera.
  EXPECT_EQ(PixelOf(*r, front, {5, -5, -10}),
            Shaded(palette.colors[kBack], ExpectedBrightness(0, 0, 1)));
}

TEST(ModelRenderView, GamesViewShadesTopAndFront) {
  palette::Palette palette = TestPalette();
  Texture tex = Tex1();
  View game;
  RenderOptions o = Fixed(palette, game);
  o.find_texture = [&](absl::string_view) { return &tex; };
  absl::StatusOr<Rendered> r = RenderModel(CubeModel(), o);
  ASSERT_TRUE(r.ok()) << r.status();
  // The top's normal in view coordinates: (0, cos, sin) of the pitch; the
  // front's: (0, -sin, cos).
  double top = ExpectedBrightness(0, 1 / kSqrt5, 2 / kSqrt5);
  double front = ExpectedBrightness(0, -2 / kSqrt5, 1 / kSqrt5);
  EXPECT_NEAR(top, 0.55 + 0.45 * 7 / std::sqrt(55.0), 1e-15);
  EXPECT_EQ(PixelOf(*r, game, {-7, 10, 7}), Shaded(palette.colors[kTop], top));
  EXPECT_EQ(PixelOf(*r, game, {-5, 5, -10}), Shaded({255, 0, 0}, front));
  EXPECT_EQ(PixelOf(*r, game, {5, -5, -10}), Shaded({255, 255, 255}, front));
  // The turret's front shades as the base's.
  EXPECT_EQ(PixelOf(*r, game, {0, 15, -4}), Shaded(palette.colors[kTurretSide], front));
}

TEST(ModelRenderView, SidesFromAQuarterTurn) {
  palette::Palette palette = TestPalette();
  // Yaw 90: the front faces right, so the viewer sees the model's own
  // right flank, its -x side (the game negates z, not x).
  View quarter{90, 0};
  absl::StatusOr<Rendered> r = RenderModel(CubeModel(), Fixed(palette, quarter));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(PixelOf(*r, quarter, {-10, 0, 5}),
            Shaded(palette.colors[kMinusX], ExpectedBrightness(0, 0, 1)));
  // Its stored +z (the back) is on the picture's left.
  ScreenPoint back = Project({-10, 0, 5}, quarter, 128, 128, r->scale, r->centre);
  EXPECT_EQ(back.x, 44);
}

TEST(ModelRenderView, TaPaletteByDefault) {
  Model model = CubeModel();
  RenderOptions o;
  o.width = o.height = 64;
  o.view = View{0, 90};
  o.scale = 2;
  o.supersample = 1;
  o.hidden = {false, true};
  absl::StatusOr<Rendered> r = RenderModel(model, o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(PixelAt(r->picture, 32, 32),
            Shaded(palette::TaPalette().colors[kTop], ExpectedBrightness(0, 0, 1)));
  // Only the colour's low byte picks the palette entry.
  model.pieces[0].primitives[2].colour = 0x1200 | kTop;
  absl::StatusOr<Rendered> high = RenderModel(model, o);
  ASSERT_TRUE(high.ok()) << high.status();
  EXPECT_EQ(high->picture.rgba, r->picture.rgba);
}

}  // namespace
}  // namespace kbot::model3do::testing
