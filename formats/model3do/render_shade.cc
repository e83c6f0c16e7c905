// A face's brightness from its facing, and where its corners fall in its
// texture.
#include <algorithm>
#include <cmath>

#include "formats/model3do/render_internal.h"

namespace kbot::model3do::render_detail {

double Brightness(const ViewPoint& normal) {
  const ViewPoint& l = kLightDirection;
  double light_length = std::sqrt(l.right * l.right + l.up * l.up + l.toward * l.toward);
  double length = std::sqrt(normal.right * normal.right + normal.up * normal.up +
                            normal.toward * normal.toward);
  if (!(length > 0)) return kAmbient + kDiffuse * l.toward / light_length;  // as if facing us
  // TA's models are not wound consistently, so both sides are drawn and
  // each is lit as the side that faces the camera.
  double sign = normal.toward < 0 ? -1.0 : 1.0;
  double dot = sign * (normal.right * l.right + normal.up * l.up + normal.toward * l.toward) /
               (length * light_length);
  return kAmbient + kDiffuse * std::max(0.0, dot);
}

ViewPoint SampleNormal(const std::vector<SamplePoint>& corners) {
  // Newell's sum: the polygon's area vector, sound for any convex polygon
  // and a fair average for one slightly out of plane. Samples are x right,
  // y down, depth away: view coordinates (right, up, toward) up to a scale.
  ViewPoint n;
  for (size_t i = 0; i < corners.size(); ++i) {
    const SamplePoint& a = corners[i];
    const SamplePoint& b = corners[(i + 1) % corners.size()];
    double ax = a.x, ay = -a.y, az = -a.depth, bx = b.x, by = -b.y, bz = -b.depth;
    n.right += (ay - by) * (az + bz);
    n.up += (az - bz) * (ax + bx);
    n.toward += (ax - bx) * (ay + by);
  }
  return n;
}

std::vector<std::pair<double, double>> TextureCorners(size_t count, const Texture* texture) {
  std::vector<std::pair<double, double>> uv(count, {0.0, 0.0});
  if (texture == nullptr) return uv;
  double w = texture->width, h = texture->height;
  // Vertex k takes corner k of (0,0), (w,0), (w,h), (0,h); a polygon of more
  // than four vertices has no corner of its own past the fourth, so the rest
  // keep the last, (0,h).
  const std::pair<double, double> corner[4] = {{0, 0}, {w, 0}, {w, h}, {0, h}};
  for (size_t k = 0; k < count; ++k) uv[k] = corner[std::min<size_t>(k, 3)];
  return uv;
}

}  // namespace kbot::model3do::render_detail
