// The options' edges: errors, cancellation, missing textures, the
// wireframe, and primitives the renderer must skip.
#include <gtest/gtest.h>

#include "formats/model3do/render.h"
#include "tests/model_render/render_fixture.h"

namespace kbot::model3do::testing {
namespace {

RenderOptions Top(const palette::Palette& palette) {
  RenderOptions o;
  o.width = o.height = 128;
  o.view = View{0, 90};
  o.scale = 4;
  o.supersample = 1;
  o.palette = &palette;
  return o;
}

void ExpectInvalid(const RenderOptions& o, const std::string& message, int steps = 0) {
  absl::Status status = steps > 0 ? RenderTurntable(CubeModel(), o, steps).status()
                                  : RenderModel(CubeModel(), o).status();
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << message;
  EXPECT_EQ(status.message(), message);
}

TEST(ModelRenderOptions, ErrorsNameTheValueAndTheRange) {
  RenderOptions o;
  o.width = 0;
  ExpectInvalid(o, "width 0 is outside 1 .. 2048");
  o.width = 2049;
  ExpectInvalid(o, "width 2049 is outside 1 .. 2048");
  o.width = 16;
  o.height = -3;
  ExpectInvalid(o, "height -3 is outside 1 .. 2048");
  o.height = 16;
  o.supersample = 0;
  ExpectInvalid(o, "supersample 0 is outside 1 .. 4");
  o.supersample = 5;
  ExpectInvalid(o, "supersample 5 is outside 1 .. 4", 4);
  o.supersample = 1;
  ExpectInvalid(o, "steps 361 is outside 1 .. 360", 361);
  absl::Status zero = RenderTurntable(CubeModel(), o, 0).status();
  EXPECT_EQ(zero.message(), "steps 0 is outside 1 .. 360");
  o.scale = -1;
  ExpectInvalid(o, "scale -1 is not usable: 0 fits the model, above 0 is pixels a unit");
  o.scale = 0;
  o.view.pitch_degrees = std::nan("");
  EXPECT_EQ(RenderModel(CubeModel(), o).status().code(), absl::StatusCode::kInvalidArgument);
  o.view.pitch_degrees = 45;
  EXPECT_TRUE(RenderModel(CubeModel(), o).ok());
  o.width = o.height = kMaxSide;
  o.supersample = 4;
  o.wireframe = true;  // the largest picture is allowed (drawn quickly as lines)
  EXPECT_TRUE(RenderModel(CubeModel(), o).ok());
}

TEST(ModelRenderOptions, KeepGoingIsAskedBetweenPiecesAndStops) {
  palette::Palette palette = TestPalette();
  RenderOptions o = Top(palette);
  int asked = 0;
  o.keep_going = [&] { return ++asked > 0; };
  ASSERT_TRUE(RenderModel(CubeModel(), o).ok());
  EXPECT_EQ(asked, 2);  // one band; the base and the turret (the flare has no faces)

  asked = 0;
  o.keep_going = [&] { return ++asked < 2; };  // stops before the turret
  absl::Status stopped = RenderModel(CubeModel(), o).status();
  EXPECT_EQ(stopped.code(), absl::StatusCode::kCancelled);
  EXPECT_EQ(asked, 2);

  o.keep_going = [] { return false; };
  EXPECT_EQ(RenderTurntable(CubeModel(), o, 8).status().code(), absl::StatusCode::kCancelled);
  o.wireframe = true;
  EXPECT_EQ(RenderModel(CubeModel(), o).status().code(), absl::StatusCode::kCancelled);
}

TEST(ModelRenderOptions, MissingTexturesListedOnceSortedAndPlaceholderDrawn) {
  palette::Palette palette = TestPalette();
  Model model = CubeModel();
  model.pieces[0].primitives[1].texture = "zeta";  // the back
  model.pieces[1].primitives[0].texture = "tex1";  // the turret's front, again tex1
  model.pieces[1].primitives[1].texture = "alpha";
  Texture broken{4, 4, std::vector<uint8_t>(10, 0)};  // fewer bytes than 4 x 4 needs
  RenderOptions o = Top(palette);
  o.view = View{0, 0};
  int lookups = 0;
  o.find_texture = [&](absl::string_view name) -> const Texture* {
    ++lookups;
    return name == "alpha" ? &broken : nullptr;
  };
  absl::StatusOr<Rendered> r = RenderModel(model, o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->missing_textures, (std::vector<std::string>{"alpha", "tex1", "zeta"}));
  EXPECT_EQ(lookups, 3);  // once a name
  EXPECT_EQ(PixelOf(*r, View{0, 0}, {-5, 5, -10}),
            Shaded(kMissingTextureColour, ExpectedBrightness(0, 0, 1)));

  o.find_texture = nullptr;  // no textures at all: every textured face missing
  absl::StatusOr<Rendered> none = RenderModel(model, o);
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(none->missing_textures, (std::vector<std::string>{"alpha", "tex1", "zeta"}));
}

TEST(ModelRenderOptions, WireframeDrawsEdgesAndMarkersNotFaces) {
  palette::Palette palette = TestPalette();
  RenderOptions o = Top(palette);
  o.wireframe = true;
  absl::StatusOr<Rendered> r = RenderModel(CubeModel(), o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->faces_drawn, 12);
  EXPECT_EQ(r->centre, (Vec3{0, 5, 0}));
  const Rgba wire{56, 112, 196, 255}, marker{232, 128, 16, 255};
  // The base's east edge at x = 64 + 40, the turret's at 64 + 16.
  EXPECT_EQ(PixelAt(r->picture, 104, 64), wire);
  EXPECT_EQ(PixelAt(r->picture, 80, 70), wire);
  EXPECT_EQ(PixelAt(r->picture, 90, 64)[3], 0);  // inside the base's top
  EXPECT_EQ(PixelOf(*r, o.view, {7, 10, 7})[3], 0);
  EXPECT_EQ(PixelAt(r->picture, 64, 64)[3], 0);  // inside the turret's top
  // The flare, 6 units in front (south) of the turret's centre: a cross.
  ScreenPoint flare = Project({0, 15, -6}, o.view, 128, 128, r->scale, r->centre);
  EXPECT_EQ(flare.x, 64);
  EXPECT_EQ(flare.y, 88);
  for (int d = -2; d <= 2; ++d) {
    EXPECT_EQ(PixelAt(r->picture, 64 + d, 88), marker) << d;
    EXPECT_EQ(PixelAt(r->picture, 64, 88 + d), marker) << d;
  }
  EXPECT_EQ(PixelAt(r->picture, 65, 89)[3], 0);
  EXPECT_TRUE(r->missing_textures.empty());  // a wireframe asks for no texture

  o.hidden = {false, false, true};  // the flare's piece: no cross
  absl::StatusOr<Rendered> no_flare = RenderModel(CubeModel(), o);
  ASSERT_TRUE(no_flare.ok());
  EXPECT_EQ(PixelAt(no_flare->picture, 64, 88)[3], 0);
}

TEST(ModelRenderOptions, PrimitivesWithBadIndicesAreSkipped) {
  palette::Palette palette = TestPalette();
  Model model = CubeModel();
  model.pieces[1].primitives[2].indices_valid = false;  // the turret's top, as the reader marks
  model.pieces[0].primitives[2].indices = {2, 3, 7, 60};  // the base's top, unmarked
  model.pieces[0].primitives.push_back(Quad({}, kTop));  // no indices at all
  model.pieces[1].parent = 7;  // not an earlier piece: placed as a root
  absl::StatusOr<Rendered> r = RenderModel(model, Top(palette));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->faces_drawn, 2);  // the two bottoms
  double b = ExpectedBrightness(0, 0, 1);
  EXPECT_EQ(PixelAt(r->picture, 64, 64), Shaded(palette.colors[kTurretSide], b));
  EXPECT_EQ(PixelOf(*r, View{0, 90}, {7, 10, 7}), Shaded(palette.colors[kBottom], b));
}

}  // namespace
}  // namespace kbot::model3do::testing
