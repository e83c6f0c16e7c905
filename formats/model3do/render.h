// Drawing a 3DO model in software: an orthographic camera turned by yaw and
// pitch, a z-buffer per (supersampled) pixel, textured or flat-coloured
// polygons shaded by their facing, a transparent background. No GPU. The
// camera's exact transform and the texture mapping: docs/formats/3do_render.md.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/image/picture.h"
#include "formats/model3do/model3do.h"
#include "formats/palette/palette.h"

namespace kbot::model3do {

// A texture image, already resolved and coloured by the caller (for TA: frame
// 0 of a GAF sequence, or frame N for player N's team colour, through the
// palette): width * height RGBA pixels, row-major.
struct Texture {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;
};
// The texture a primitive names, or nullptr when there is none of that name
// (the face is then drawn in kMissingTextureColour and the name reported).
using FindTexture = std::function<const Texture*(absl::string_view name)>;

// A flat colour for faces whose texture was not found: a muted violet, shaded
// like any face, so a missing texture reads as a placeholder without the
// glare of pure magenta hiding the model's form.
inline constexpr palette::Rgb kMissingTextureColour{168, 96, 176};

// The game's view as an orthographic pitch: atan(2) in degrees. TA draws
// units in an oblique (cabinet) projection, the ground unforeshortened and
// heights at half scale; looking along that projection's direction, which
// rises 2 for each 1 it goes north, shows the same picture squeezed to
// 2/sqrt(5) of its height (docs/formats/3do_render.md).
inline constexpr double kGamePitchDegrees = 63.43494882292201;

// The camera. Yaw turns the model about its vertical (y) axis, pitch tilts
// the view down from the horizon; both in degrees. The default is the
// game's own view (docs/formats/3do_render.md): from the south, above. Yaw 0
// shows the model's front (its stored -z side, which the game turns to face
// south, toward the viewer); yaw 90 turns the front to the picture's right.
struct View {
  double yaw_degrees = 0;
  double pitch_degrees = kGamePitchDegrees;  // 90 = straight down, 0 = level
};

inline constexpr int kMaxSide = 2048;

struct RenderOptions {
  int width = 256, height = 256;  // 1 .. kMaxSide each
  View view;
  // Pixels per model unit; 0 = chosen so the model fills the picture with
  // a small margin (for a turntable, at every yaw step).
  double scale = 0;
  int supersample = 3;  // samples a side per pixel, 1 .. 4
  bool wireframe = false;
  // Per piece (Model::pieces' order): true = not drawn, nor its markers.
  // Empty = every piece drawn. A hidden piece's children are still drawn.
  std::vector<bool> hidden;
  // Colours of untextured faces (their colour's low byte); nullptr = TA's.
  const palette::Palette* palette = nullptr;
  // Empty: every textured face is drawn as missing.
  FindTexture find_texture;
  // Asked between pieces; false stops the drawing with Cancelled.
  std::function<bool()> keep_going;
};

struct Rendered {
  image::RgbaPicture picture;
  double scale = 0;  // pixels per model unit, as used
  Vec3 centre;       // the model point drawn at the picture's centre
  int faces_drawn = 0;
  // Texture names no texture was found for, sorted, each once.
  std::vector<std::string> missing_textures;
};

// InvalidArgument for a size outside 1 .. kMaxSide or a supersample outside
// 1 .. 4; Cancelled when keep_going said stop. A model with nothing to draw
// is a transparent picture, not an error.
absl::StatusOr<Rendered> RenderModel(const Model& model, const RenderOptions& options);

// `steps` pictures (1 .. 360) turning the model a full turn about its
// vertical axis, from options.view.yaw_degrees on, each step 360/steps
// degrees, all at one scale (options.scale, or one that fits every step).
absl::StatusOr<std::vector<Rendered>> RenderTurntable(const Model& model,
                                                      const RenderOptions& options, int steps);

// Where a point of the model (placed: PieceOrigin added) lands in the
// picture, in pixels from its top-left corner (x right, y down), and its
// depth (smaller = nearer the camera), for the view, picture size and scale
// given. The tests use it to find a face's projected centre.
struct ScreenPoint {
  double x = 0, y = 0, depth = 0;
};
ScreenPoint Project(const Vec3& point, const View& view, int width, int height, double scale,
                    const Vec3& centre);

}  // namespace kbot::model3do
