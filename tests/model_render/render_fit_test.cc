// The fit (scale 0), turntables, supersampling and pictures drawn in bands.
#include <gtest/gtest.h>

#include "formats/model3do/render.h"
#include "tests/model_render/render_fixture.h"

namespace kbot::model3do::testing {
namespace {

RenderOptions Fit(const palette::Palette& palette, int size) {
  RenderOptions o;
  o.width = o.height = size;
  o.supersample = 1;
  o.palette = &palette;
  return o;
}

TEST(ModelRenderFit, FillsThePictureButTheMargin) {
  palette::Palette palette = TestPalette();
  absl::StatusOr<Rendered> r = RenderModel(CubeModel(), Fit(palette, 128));
  ASSERT_TRUE(r.ok()) << r.status();
  // The game's view of the model is taller (from the base's top back edge
  // down to its bottom front edge: 60 / sqrt(5) units) than wide (20): the
  // height fills 88%, 7.68 pixels free above and below; the pixel centres
  // inside are rows 8 .. 119.
  std::array<int, 4> box = OpaqueBox(r->picture);
  EXPECT_EQ(box[1], 8);
  EXPECT_EQ(box[3], 119);
  EXPECT_NEAR(box[0] + box[2], 127, 1);  // centred across
  EXPECT_GT(box[0], 7);
  const double up = 10 / std::sqrt(5.0) + 10 * 2 / std::sqrt(5.0);    // y 10, z 10
  const double down = 10 / std::sqrt(5.0) + 10 * 2 / std::sqrt(5.0);  // y -10, z -10
  EXPECT_NEAR(r->scale, 128 * 0.88 / (up + down), 1e-9);
  // The centre is the point drawn at the picture's centre.
  ScreenPoint c = Project(r->centre, View{}, 128, 128, r->scale, r->centre);
  EXPECT_EQ(c.x, 64);
  EXPECT_EQ(c.y, 64);
  EXPECT_NEAR(r->centre.x, 0, 1e-9);
}

TEST(ModelRenderFit, WidePicture) {
  palette::Palette palette = TestPalette();
  RenderOptions o = Fit(palette, 64);
  o.width = 200;
  o.view = View{0, 90};
  absl::StatusOr<Rendered> r = RenderModel(CubeModel(), o);
  ASSERT_TRUE(r.ok()) << r.status();
  // From above the model is 20 x 20: the height limits, 64 * 0.88 / 20.
  EXPECT_NEAR(r->scale, 64 * 0.88 / 20, 1e-12);
  std::array<int, 4> box = OpaqueBox(r->picture);
  EXPECT_EQ(box[1], 4);   // 3.84 free: first centre at 4.5
  EXPECT_EQ(box[3], 59);  // last at 59.5 < 60.16
  EXPECT_EQ(box[0], 72);  // 100 - 28.16 = 71.84
  EXPECT_EQ(box[2], 127);
}

TEST(ModelRenderFit, EmptyModelIsATransparentPicture) {
  palette::Palette palette = TestPalette();
  absl::StatusOr<Rendered> r = RenderModel(Model{}, Fit(palette, 16));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->picture.width, 16);
  EXPECT_EQ(r->picture.rgba, std::vector<uint8_t>(16 * 16 * 4, 0));
  EXPECT_EQ(r->faces_drawn, 0);
  EXPECT_EQ(r->scale, 1);
}

TEST(ModelRenderTurntable, OneScaleEveryStepAndEachStepIsARender) {
  palette::Palette palette = TestPalette();
  RenderOptions o = Fit(palette, 96);
  o.view.yaw_degrees = 10;
  absl::StatusOr<std::vector<Rendered>> frames = RenderTurntable(CubeModel(), o, 4);
  ASSERT_TRUE(frames.ok()) << frames.status();
  ASSERT_EQ(frames->size(), 4u);
  for (const Rendered& f : *frames) {
    EXPECT_EQ(f.picture.width, 96);
    EXPECT_EQ(f.picture.height, 96);
    EXPECT_EQ(f.scale, (*frames)[0].scale);
    EXPECT_EQ(f.centre, (Vec3{0, 5, 0}));
    std::array<int, 4> box = OpaqueBox(f.picture);
    EXPECT_GE(box[0], 5);  // 96 * 0.06 = 5.76 free each side, at most
    EXPECT_GE(box[1], 5);
    EXPECT_LE(box[2], 90);
    EXPECT_LE(box[3], 90);
  }
  EXPECT_NE((*frames)[0].picture.rgba, (*frames)[1].picture.rgba);
  for (int step = 0; step < 4; ++step) {
    RenderOptions at = o;
    at.view.yaw_degrees = 10 + 90 * step;
    at.scale = (*frames)[step].scale;
    absl::StatusOr<Rendered> single = RenderModel(CubeModel(), at);
    ASSERT_TRUE(single.ok()) << single.status();
    EXPECT_EQ(single->picture.rgba, (*frames)[step].picture.rgba) << "step " << step;
  }
}

TEST(ModelRenderTurntable, FixedScaleAndOneStep) {
  palette::Palette palette = TestPalette();
  RenderOptions o = Fit(palette, 32);
  o.scale = 0.5;
  absl::StatusOr<std::vector<Rendered>> frames = RenderTurntable(CubeModel(), o, 1);
  ASSERT_TRUE(frames.ok()) << frames.status();
  ASSERT_EQ(frames->size(), 1u);
  EXPECT_EQ((*frames)[0].scale, 0.5);
  absl::StatusOr<Rendered> single = RenderModel(CubeModel(), o);
  ASSERT_TRUE(single.ok());
  EXPECT_EQ(single->picture.rgba, (*frames)[0].picture.rgba);
}

TEST(ModelRenderSupersample, EdgesArePartlyTransparentInsidesExact) {
  palette::Palette palette = TestPalette();
  RenderOptions o = Fit(palette, 64);
  o.supersample = 3;
  o.view = View{30, 90};  // the top's edges slanted across pixels
  o.hidden = {false, true};
  absl::StatusOr<Rendered> r = RenderModel(CubeModel(), o);
  ASSERT_TRUE(r.ok()) << r.status();
  int partial = 0;
  for (size_t i = 3; i < r->picture.rgba.size(); i += 4) {
    if (r->picture.rgba[i] > 0 && r->picture.rgba[i] < 255) ++partial;
  }
  EXPECT_GT(partial, 20);
  // A pixel well inside the top: all nine samples the face's colour.
  EXPECT_EQ(PixelAt(r->picture, 32, 32),
            Shaded(palette.colors[kTop], ExpectedBrightness(0, 0, 1)));
  // An edge pixel keeps its face's colour; only its opacity drops.
  for (int x = 0; x < 64; ++x) {
    Rgba p = PixelAt(r->picture, x, 32);
    if (p[3] == 0 || p[3] == 255) continue;
    Rgba top = Shaded(palette.colors[kTop], ExpectedBrightness(0, 0, 1));
    EXPECT_EQ((Rgba{p[0], p[1], p[2], 255}), top) << "x " << x;
  }
}

TEST(ModelRenderSupersample, LargePictureDrawnInBandsHasNoSeams) {
  palette::Palette palette = TestPalette();
  RenderOptions o = Fit(palette, 300);
  o.width = kMaxSide;  // 8192 samples a row: a band is 4 pixel rows
  o.supersample = 4;
  o.view = View{0, 0};
  o.scale = 9;
  o.hidden = {false, true};
  absl::StatusOr<Rendered> r = RenderModel(CubeModel(), o);
  ASSERT_TRUE(r.ok()) << r.status();
  // The front face (its texture missing): 180 pixels tall, rows 60 .. 239,
  // every one opaque and the same colour down the middle.
  Rgba expected = Shaded(kMissingTextureColour, ExpectedBrightness(0, 0, 1));
  for (int y = 0; y < 300; ++y) {
    Rgba p = PixelAt(r->picture, 1024, y);
    EXPECT_EQ(p, (y >= 60 && y < 240) ? expected : (Rgba{0, 0, 0, 0})) << "row " << y;
  }
}

}  // namespace
}  // namespace kbot::model3do::testing
