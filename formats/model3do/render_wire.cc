// The wireframe: every polygon's edges as 1-pixel lines in the final
// picture, not depth-tested (the hidden edges are the point of a
// wireframe), and the markers (flare and fire points) as small crosses.
#include <algorithm>
#include <cmath>

#include "formats/model3do/render_internal.h"

namespace kbot::model3do::render_detail {
namespace {

inline constexpr int kWireCrossArm = 2;  // pixels each side of a marker's centre

void WirePlot(image::RgbaPicture& out, double x, double y, palette::Rgb c) {
  if (!(x >= 0 && y >= 0 && x < out.width && y < out.height)) return;
  uint8_t* p = &out.rgba[(size_t(y) * size_t(out.width) + size_t(x)) * 4];
  p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = 255;
}

// Clips a -> b to the picture (Liang-Barsky) so a line far outside, at a
// huge scale, costs no more steps than the picture has pixels.
bool WireClip(const image::RgbaPicture& out, ScreenPoint& a, ScreenPoint& b) {
  double t0 = 0, t1 = 1, dx = b.x - a.x, dy = b.y - a.y;
  const double p[4] = {-dx, dx, -dy, dy};
  const double q[4] = {a.x, out.width - a.x, a.y, out.height - a.y};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return false;
      continue;
    }
    double r = q[i] / p[i];
    if (p[i] < 0) t0 = std::max(t0, r);
    else t1 = std::min(t1, r);
  }
  if (!(t0 <= t1)) return false;
  ScreenPoint from{a.x + t0 * dx, a.y + t0 * dy, 0}, to{a.x + t1 * dx, a.y + t1 * dy, 0};
  a = from, b = to;
  return true;
}

// A DDA line: one pixel a step along the longer axis, each the pixel the
// point falls in (pixel (i, j) covers [i, i+1) x [j, j+1)).
void WireLine(image::RgbaPicture& out, ScreenPoint a, ScreenPoint b, palette::Rgb c) {
  if (!(std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(b.x) && std::isfinite(b.y))) {
    return;
  }
  if (!WireClip(out, a, b)) return;
  double dx = b.x - a.x, dy = b.y - a.y;
  int steps = int(std::ceil(std::max(std::abs(dx), std::abs(dy))));
  if (steps == 0) return WirePlot(out, a.x, a.y, c);
  for (int k = 0; k <= steps; ++k) {
    double t = double(k) / steps;
    WirePlot(out, a.x + t * dx, a.y + t * dy, c);
  }
}

void WireCross(image::RgbaPicture& out, const ScreenPoint& p, palette::Rgb c) {
  if (!(std::isfinite(p.x) && std::isfinite(p.y))) return;
  double x = std::floor(p.x), y = std::floor(p.y);
  for (int d = -kWireCrossArm; d <= kWireCrossArm; ++d) {
    WirePlot(out, x + d, y, c);
    WirePlot(out, x, y + d, c);
  }
}

}  // namespace

void DrawWireframe(const Scene& scene, const std::vector<ScreenPoint>& screen,
                   image::RgbaPicture& out) {
  for (const ScenePrimitive& polygon : scene.polygons) {
    for (uint32_t k = 0; k < polygon.count; ++k) {
      uint32_t from = scene.indices[polygon.first + k];
      uint32_t to = scene.indices[polygon.first + (k + 1) % polygon.count];
      WireLine(out, screen[from], screen[to], kWireColour);
    }
  }
  // Markers after the edges, so a flare on an edge is still seen.
  for (const ScenePrimitive& marker : scene.markers) {
    const ScreenPoint& a = screen[scene.indices[marker.first]];
    const ScreenPoint& b = screen[scene.indices[marker.first + marker.count - 1]];
    if (marker.count == 2) WireLine(out, a, b, kMarkerColour);
    WireCross(out, a, kMarkerColour);
    if (marker.count == 2) WireCross(out, b, kMarkerColour);
  }
}

}  // namespace kbot::model3do::render_detail
