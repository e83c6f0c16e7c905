// The view transform: from a placed model point to the picture's pixels.
//
//   g      = (x, y, -z)                      the game's frame: 3DO files are
//                                            left-handed, the game (and RWE,
//                                            Spring) negates z; the front,
//                                            stored -z, then faces south (+g.z)
//   r      = g turned by yaw about y:        r.x =  g.x cos(yaw) + g.z sin(yaw)
//                                            r.z = -g.x sin(yaw) + g.z cos(yaw)
//   right  = r.x
//   up     = r.y cos(pitch) - r.z sin(pitch)
//   toward = r.y sin(pitch) + r.z cos(pitch) (toward the camera)
//   pixel  = (w/2 + scale (right - right_c), h/2 - scale (up - up_c)),
//   depth  = -scale (toward - toward_c)      (_c: the centre point's)
//
// A pixel (i, j) covers [i, i+1) x [j, j+1); its centre is (i + 0.5, j + 0.5).
#include <cmath>
#include <numbers>

#include "formats/model3do/render_internal.h"

namespace kbot::model3do {
namespace render_detail {

SinCos SinCosDegrees(double degrees) {
  double reduced = std::fmod(degrees, 360.0);
  if (reduced < 0) reduced += 360.0;
  // Quarter turns exactly: the straight views must not leak 6e-17 of depth
  // into a picture's position.
  if (reduced == 0) return {0, 1};
  if (reduced == 90) return {1, 0};
  if (reduced == 180) return {0, -1};
  if (reduced == 270) return {-1, 0};
  double radians = reduced * (std::numbers::pi / 180.0);
  return {std::sin(radians), std::cos(radians)};
}

ViewPoint Camera::ToView(const Vec3& p) const {
  double gx = p.x, gy = p.y, gz = -p.z;
  double rx = gx * yaw.cos + gz * yaw.sin;
  double rz = -gx * yaw.sin + gz * yaw.cos;
  return {rx, gy * pitch.cos - rz * pitch.sin, gy * pitch.sin + rz * pitch.cos};
}

Vec3 Camera::FromView(const ViewPoint& v) const {
  double ry = v.up * pitch.cos + v.toward * pitch.sin;
  double rz = -v.up * pitch.sin + v.toward * pitch.cos;
  double gx = v.right * yaw.cos - rz * yaw.sin;
  double gz = v.right * yaw.sin + rz * yaw.cos;
  return {gx, ry, -gz};
}

ScreenPoint Camera::ToScreen(const Vec3& p) const {
  ViewPoint v = ToView(p);
  return {half_width + scale * (v.right - centre.right), half_height - scale * (v.up - centre.up),
          -scale * (v.toward - centre.toward)};
}

Camera MakeCamera(const View& view, int width, int height, double scale, const Vec3& centre) {
  Camera camera;
  camera.yaw = SinCosDegrees(view.yaw_degrees);
  camera.pitch = SinCosDegrees(view.pitch_degrees);
  camera.scale = scale;
  camera.half_width = width / 2.0;
  camera.half_height = height / 2.0;
  camera.centre = camera.ToView(centre);
  return camera;
}

}  // namespace render_detail

ScreenPoint Project(const Vec3& point, const View& view, int width, int height, double scale,
                    const Vec3& centre) {
  return render_detail::MakeCamera(view, width, height, scale, centre).ToScreen(point);
}

}  // namespace kbot::model3do
