// The scale and centre a picture uses when the caller gives no scale: the
// drawn vertices' projected box fills the picture but for kFitMargin a side.
#include <algorithm>
#include <cmath>
#include <limits>

#include "formats/model3do/render_internal.h"

namespace kbot::model3do::render_detail {
namespace {

// The largest scale at which half-extents half_x, half_y around the centre
// stay inside the margin; 1 when there is no extent to fit (no vertex, or a
// single point), so such a picture still has a usable scale.
double RenderFitScale(double half_x, double half_y, int width, int height) {
  double room_x = width * (0.5 - kFitMargin), room_y = height * (0.5 - kFitMargin);
  double scale = std::numeric_limits<double>::infinity();
  if (half_x > 0) scale = std::min(scale, room_x / half_x);
  if (half_y > 0) scale = std::min(scale, room_y / half_y);
  return std::isfinite(scale) ? scale : 1.0;
}

}  // namespace

Vec3 SceneCentre(const Scene& scene) {
  if (scene.drawn.empty()) return {};
  Vec3 lo = scene.drawn[0], hi = scene.drawn[0];
  for (const Vec3& p : scene.drawn) {
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
  }
  return {(lo.x + hi.x) / 2, (lo.y + hi.y) / 2, (lo.z + hi.z) / 2};
}

Framing FitView(const Scene& scene, const View& view, int width, int height) {
  if (scene.drawn.empty()) return {};
  Camera camera = MakeCamera(view, width, height, 1, {});
  ViewPoint lo = camera.ToView(scene.drawn[0]), hi = lo;
  for (const Vec3& p : scene.drawn) {
    ViewPoint v = camera.ToView(p);
    lo = {std::min(lo.right, v.right), std::min(lo.up, v.up), std::min(lo.toward, v.toward)};
    hi = {std::max(hi.right, v.right), std::max(hi.up, v.up), std::max(hi.toward, v.toward)};
  }
  // The box's middle in depth too: it changes no pixel, and keeps the
  // depths the z-buffer stores (floats) small around the model.
  ViewPoint middle{(lo.right + hi.right) / 2, (lo.up + hi.up) / 2, (lo.toward + hi.toward) / 2};
  Framing framing;
  framing.scale =
      RenderFitScale((hi.right - lo.right) / 2, (hi.up - lo.up) / 2, width, height);
  framing.centre = camera.FromView(middle);
  return framing;
}

double TurntableYaw(double base_degrees, int step, int steps) {
  return base_degrees + 360.0 * step / steps;
}

Framing FitTurntable(const Scene& scene, const View& base, int width, int height, int steps) {
  Framing framing;
  framing.centre = SceneCentre(scene);
  double half_x = 0, half_y = 0;
  for (int step = 0; step < steps; ++step) {
    View view = base;
    view.yaw_degrees = TurntableYaw(base.yaw_degrees, step, steps);
    Camera camera = MakeCamera(view, width, height, 1, framing.centre);
    for (const Vec3& p : scene.drawn) {
      ViewPoint v = camera.ToView(p);
      half_x = std::max(half_x, std::abs(v.right - camera.centre.right));
      half_y = std::max(half_y, std::abs(v.up - camera.centre.up));
    }
  }
  framing.scale = RenderFitScale(half_x, half_y, width, height);
  return framing;
}

}  // namespace kbot::model3do::render_detail
