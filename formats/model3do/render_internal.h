// The renderer's parts (formats/model3do/render.h), shared between its files:
//   render_camera.cc  the view transform (Camera) and Project
//   render_scene.cc   what a picture draws, gathered once from the model
//   render_fit.cc     the scale and centre chosen when the caller gives none
//   render_shade.cc   a face's brightness and its flat or texel colour
//   render_raster.cc  triangles into a band of supersamples with a z-buffer
//   render_wire.cc    the wireframe: edges and marker crosses
//   render.cc         RenderModel and RenderTurntable: checks, bands, frames
// The transform, the fit and the drawing rules: docs/formats/3do_render.md.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "formats/image/picture.h"
#include "formats/model3do/model3do.h"
#include "formats/model3do/render.h"
#include "formats/palette/palette.h"

namespace kbot::model3do::render_detail {

struct SinCos {
  double sin = 0, cos = 1;
};
// Exact at multiples of 90 degrees (std::sin(pi) is not 0), so the straight
// views and a turntable's quarter turns place pixels exactly.
SinCos SinCosDegrees(double degrees);

// View coordinates, model units: right, up and toward the camera.
struct ViewPoint {
  double right = 0, up = 0, toward = 0;
};

// The camera: the game's handedness (stored z negated, so the model's front
// faces south), the model turned by yaw, the view tilted by pitch, then the
// centre moved to the picture's centre at `scale` pixels a unit.
struct Camera {
  SinCos yaw, pitch;
  double scale = 1;
  double half_width = 0, half_height = 0;
  ViewPoint centre;  // the centre point's view coordinates

  ViewPoint ToView(const Vec3& p) const;
  Vec3 FromView(const ViewPoint& v) const;  // the inverse of ToView
  ScreenPoint ToScreen(const Vec3& p) const;
};
Camera MakeCamera(const View& view, int width, int height, double scale, const Vec3& centre);

// One polygon or marker to draw, its vertices as indices into Scene::points.
struct ScenePrimitive {
  int piece = 0;
  uint32_t first = 0, count = 0;   // into Scene::indices
  palette::Rgb colour;             // untextured, or the missing-texture colour
  const Texture* texture = nullptr;  // null: flat `colour`
};

// What a picture draws, gathered once (a turntable's frames share it).
struct Scene {
  std::vector<Vec3> points;         // every vertex of every drawn piece, placed
  std::vector<uint32_t> indices;    // the primitives' vertices, into points
  std::vector<ScenePrimitive> polygons;  // 3 or more vertices, piece order
  std::vector<ScenePrimitive> markers;   // 1 or 2 vertices (wireframe only)
  std::vector<std::string> missing_textures;  // sorted, each once
  // The placed vertices the picture shows: polygons', and markers' in a
  // wireframe. The fit frames these.
  std::vector<Vec3> drawn;
};
Scene GatherScene(const Model& model, const RenderOptions& options);

// The pixels a unit and the model point drawn at the picture's centre.
struct Framing {
  double scale = 1;
  Vec3 centre;
};
// The centre of the drawn vertices' box: the centre of a fixed-scale
// picture and of every turntable frame, whatever the view.
Vec3 SceneCentre(const Scene& scene);
// The tightest fit of one view: its projected box, centred, kFitMargin free.
Framing FitView(const Scene& scene, const View& view, int width, int height);
// One scale that fits every turntable step around SceneCentre.
Framing FitTurntable(const Scene& scene, const View& base, int width, int height, int steps);
// The yaw of turntable step k: the same arithmetic for every caller, so a
// step equals RenderModel at that yaw bit for bit.
double TurntableYaw(double base_degrees, int step, int steps);

inline constexpr double kFitMargin = 0.06;  // of the width and height, each side

// A screen position in samples (pixels * supersample), with its depth
// (times the supersample too, so the three axes keep one scale).
struct SamplePoint {
  double x = 0, y = 0, depth = 0;
};

// Shading: brightness = kAmbient + kDiffuse * max(0, n . L), n the face's
// unit normal in view coordinates turned toward the camera, L the light.
inline constexpr double kAmbient = 0.55, kDiffuse = 0.45;
// The light, in view coordinates (right, up, toward), before normalising:
// from the camera's upper left and in front, so tops read brightest, left
// flanks brighter than right ones and faces turned to the viewer in between.
inline constexpr ViewPoint kLightDirection{-1, 1, 3};
double Brightness(const ViewPoint& normal);
// A colour component times a brightness, rounded to the nearest level.
inline uint8_t Shade(uint8_t c, double brightness) {
  double v = c * brightness + 0.5;
  return uint8_t(v >= 255 ? 255 : v);
}
// A polygon's (unnormalised) normal in view coordinates from its corners in
// samples.
ViewPoint SampleNormal(const std::vector<SamplePoint>& corners);
// Each vertex's texture coordinates, in texels: the texture's corners in
// order; all (0, 0) without a texture.
std::vector<std::pair<double, double>> TextureCorners(size_t count, const Texture* texture);
// Straight RGBA packed in memory order (R first) for the sample buffers.
inline uint32_t PackRgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
  return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
}

// A band of supersample rows [first_row, first_row + rows): straight RGBA
// and depth per sample. Bands bound the memory whatever the picture's size.
struct SampleBand {
  int width = 0;       // samples a row
  int first_row = 0;   // sample row of the band's top
  int rows = 0;
  std::vector<uint32_t> colour;
  std::vector<float> depth;
  void Reset(int first, int count);
};
// Samples a band holds at most (8 bytes each): 1 MB, reused band after band
// and small enough to stay in the cache while its triangles are drawn.
inline constexpr size_t kBandSamples = size_t(1) << 17;

// A triangle set up for drawing: its edges, and depth and texture
// coordinates as planes over the samples (value at (x0, y0) and slopes).
struct TriangleEdge {
  // The crossing of sample row y is x = x + (y - this->y) * slope, with
  // (x, y) the edge's end that comes first in (y, x) order: two triangles
  // sharing the edge compute the same crossing to the bit, so one takes the
  // samples on it and the other leaves them (the top-left rule).
  double x = 0, y = 0, slope = 0;
  enum Kind : uint8_t { kHorizontal, kLeft, kRight } kind = kHorizontal;
};
struct Triangle {
  TriangleEdge edges[3];
  double x0 = 0, y0 = 0;
  double depth0 = 0, depth_dx = 0, depth_dy = 0;
  double u0 = 0, u_dx = 0, u_dy = 0, v0 = 0, v_dx = 0, v_dy = 0;
  uint32_t flat = 0;                 // the shaded colour when untextured
  const Texture* texture = nullptr;  // sampled nearest, then shaded:
  const uint8_t* shade = nullptr;    // Shade(c, brightness) for c in 0..255
  double top = 0, bottom = 0;        // sample-space y range
  int piece = 0;                     // keep_going is asked when this changes
};
// Fan-triangulates a polygon (sample-space corners, texture corners per
// vertex) and appends its triangles; degenerate ones are dropped.
// `shade` is the polygon's table of Shade(c, brightness), needed when it is
// textured (a lookup a texel instead of three roundings).
using ShadeTable = std::array<uint8_t, 256>;
void AppendPolygonTriangles(const std::vector<SamplePoint>& corners,
                            const std::vector<std::pair<double, double>>& uv,
                            const ScenePrimitive& polygon, double brightness,
                            const ShadeTable* shade, std::vector<Triangle>& out);
// Draws the part of `t` in the band: nearer samples win, ties keep the first.
void DrawTriangle(const Triangle& t, SampleBand& band);
// Averages each pixel's samples (premultiplied) into straight RGBA rows.
void ResolveBand(const SampleBand& band, int supersample, image::RgbaPicture& out);

// The wireframe into the final picture, no z-test: polygons' edges in
// kWireColour, markers as crosses (and a line marker's line) in kMarkerColour.
// Mid-tone, so the lines read on the white and the dark pages pictures are
// shown on.
inline constexpr palette::Rgb kWireColour{56, 112, 196};
inline constexpr palette::Rgb kMarkerColour{232, 128, 16};
void DrawWireframe(const Scene& scene, const std::vector<ScreenPoint>& screen,
                   image::RgbaPicture& out);

}  // namespace kbot::model3do::render_detail
