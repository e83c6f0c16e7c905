// Triangles into a band of supersamples with a z-buffer, and the band
// averaged into pixels. The camera is orthographic, so depth and texture
// coordinates are affine over the screen: planes, exact without any
// perspective division.
//
// Coverage: sample (i, j) sits at (i + 0.5, j + 0.5) in sample space and is
// inside a triangle when it is strictly inside, or on a left or top edge
// (the top-left rule), so triangles sharing an edge cover each sample on it
// once: a polygon's fan has neither cracks nor doubled samples.
#include <algorithm>
#include <cmath>
#include <limits>

#include "formats/model3do/render_internal.h"

namespace kbot::model3do::render_detail {
namespace {

struct RenderPlane {
  double at0 = 0, dx = 0, dy = 0;
};

// The plane through values f0, f1, f2 at the corners; `area` is twice the
// triangle's signed area (non-zero).
RenderPlane RenderPlaneOf(const SamplePoint p[3], double f0, double f1, double f2, double area) {
  double dx = ((f1 - f0) * (p[2].y - p[0].y) - (f2 - f0) * (p[1].y - p[0].y)) / area;
  double dy = ((f2 - f0) * (p[1].x - p[0].x) - (f1 - f0) * (p[2].x - p[0].x)) / area;
  return {f0, dx, dy};
}

// Edge a -> b of a triangle whose area is positive (clockwise on a y-down
// screen): the inside is left of a downward edge and right of an upward one.
TriangleEdge RenderEdgeOf(const SamplePoint& a, const SamplePoint& b) {
  TriangleEdge edge;
  if (a.y == b.y) return edge;  // horizontal: the row range does its work
  bool a_first = a.y < b.y || (a.y == b.y && a.x < b.x);
  const SamplePoint& first = a_first ? a : b;
  const SamplePoint& second = a_first ? b : a;
  edge.x = first.x;
  edge.y = first.y;
  edge.slope = (second.x - first.x) / (second.y - first.y);
  // So nearly level that the slope overflows: level for drawing's sake.
  if (!std::isfinite(edge.slope)) return TriangleEdge{};
  edge.kind = b.y > a.y ? TriangleEdge::kRight : TriangleEdge::kLeft;
  return edge;
}

bool RenderSetUp(SamplePoint p[3], std::pair<double, double> uv[3], Triangle& t) {
  double area = (p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[1].y - p[0].y) * (p[2].x - p[0].x);
  // No area, or a corner that is not a number or out of range: nothing to
  // draw, and nothing that could turn into an out-of-range sample index.
  if (!std::isfinite(area) || area == 0) return false;
  if (area < 0) {
    std::swap(p[1], p[2]);
    std::swap(uv[1], uv[2]);
    area = -area;
  }
  for (int e = 0; e < 3; ++e) t.edges[e] = RenderEdgeOf(p[e], p[(e + 1) % 3]);
  t.x0 = p[0].x;
  t.y0 = p[0].y;
  RenderPlane depth = RenderPlaneOf(p, p[0].depth, p[1].depth, p[2].depth, area);
  RenderPlane u = RenderPlaneOf(p, uv[0].first, uv[1].first, uv[2].first, area);
  RenderPlane v = RenderPlaneOf(p, uv[0].second, uv[1].second, uv[2].second, area);
  t.depth0 = depth.at0, t.depth_dx = depth.dx, t.depth_dy = depth.dy;
  t.u0 = u.at0, t.u_dx = u.dx, t.u_dy = u.dy;
  t.v0 = v.at0, t.v_dx = v.dx, t.v_dy = v.dy;
  t.top = std::min({p[0].y, p[1].y, p[2].y});
  t.bottom = std::max({p[0].y, p[1].y, p[2].y});
  return true;
}

// The first and last sample of row centre `yc` inside the triangle, as
// doubles clamped to the row (lo > hi: none).
void RenderRowSpan(const Triangle& t, double yc, double width, double& lo, double& hi) {
  lo = 0;
  hi = width - 1;
  for (const TriangleEdge& edge : t.edges) {
    if (edge.kind == TriangleEdge::kHorizontal) continue;
    double cut = std::ceil(edge.x + (yc - edge.y) * edge.slope - 0.5);
    if (edge.kind == TriangleEdge::kLeft) {
      lo = std::max(lo, cut);  // a sample on a left edge is in
    } else {
      hi = std::min(hi, cut - 1);  // one on a right edge is out
    }
  }
}

void RenderFlatRow(const Triangle& t, SampleBand& band, size_t at, int count, double depth) {
  for (int k = 0; k < count; ++k) {
    float d = float(depth + t.depth_dx * k);
    if (d < band.depth[at + k]) {  // strictly nearer: a tie keeps the first drawn
      band.depth[at + k] = d;
      band.colour[at + k] = t.flat;
    }
  }
}

void RenderTexturedRow(const Triangle& t, SampleBand& band, size_t at, int count, double depth,
                       double u, double v) {
  const Texture& tex = *t.texture;
  double max_u = tex.width - 1, max_v = tex.height - 1;
  for (int k = 0; k < count; ++k) {
    float d = float(depth + t.depth_dx * k);
    if (!(d < band.depth[at + k])) continue;
    // Nearest texel; coordinates on or past the far edge take the last one.
    int tx = int(std::clamp(std::floor(u + t.u_dx * k), 0.0, max_u));
    int ty = int(std::clamp(std::floor(v + t.v_dx * k), 0.0, max_v));
    const uint8_t* texel = &tex.rgba[(size_t(ty) * size_t(tex.width) + size_t(tx)) * 4];
    if (texel[3] == 0) continue;  // a hole: what is behind shows through
    band.depth[at + k] = d;
    band.colour[at + k] = PackRgba(t.shade[texel[0]], t.shade[texel[1]], t.shade[texel[2]], texel[3]);
  }
}

template <int kSs>
void RenderResolve(const SampleBand& band, image::RgbaPicture& out) {
  constexpr uint32_t n = kSs * kSs;
  for (int py = 0; py < band.rows / kSs; ++py) {
    uint8_t* dst = &out.rgba[(size_t(band.first_row / kSs + py) * size_t(out.width)) * 4];
    const uint32_t* rows = &band.colour[size_t(py * kSs) * size_t(band.width)];
    for (int px = 0; px < out.width; ++px, dst += 4) {
      uint32_t sum_a = 0, sum_r = 0, sum_g = 0, sum_b = 0;
      for (int sy = 0; sy < kSs; ++sy) {
        const uint32_t* row = rows + size_t(sy) * size_t(band.width) + size_t(px * kSs);
        for (int sx = 0; sx < kSs; ++sx) {
          uint32_t c = row[sx], a = c >> 24;
          sum_a += a;
          sum_r += (c & 0xFF) * a;
          sum_g += (c >> 8 & 0xFF) * a;
          sum_b += (c >> 16 & 0xFF) * a;
        }
      }
      // Premultiplied average, back to straight alpha: an edge pixel keeps
      // its face's colour and takes the coverage as its opacity.
      dst[3] = uint8_t((sum_a + n / 2) / n);
      if (sum_a == 0) continue;
      dst[0] = uint8_t((sum_r + sum_a / 2) / sum_a);
      dst[1] = uint8_t((sum_g + sum_a / 2) / sum_a);
      dst[2] = uint8_t((sum_b + sum_a / 2) / sum_a);
    }
  }
}

}  // namespace

void SampleBand::Reset(int first, int count) {
  first_row = first;
  rows = count;
  size_t samples = size_t(width) * size_t(count);
  colour.assign(samples, 0);
  depth.assign(samples, std::numeric_limits<float>::infinity());
}

void AppendPolygonTriangles(const std::vector<SamplePoint>& corners,
                            const std::vector<std::pair<double, double>>& uv,
                            const ScenePrimitive& polygon, double brightness,
                            const ShadeTable* shade, std::vector<Triangle>& out) {
  Triangle t;
  t.texture = shade != nullptr ? polygon.texture : nullptr;
  t.shade = shade != nullptr ? shade->data() : nullptr;
  t.piece = polygon.piece;
  t.flat = PackRgba(Shade(polygon.colour.r, brightness), Shade(polygon.colour.g, brightness),
                    Shade(polygon.colour.b, brightness), 255);
  // A convex polygon as a fan from its first vertex.
  for (size_t k = 1; k + 1 < corners.size(); ++k) {
    SamplePoint p[3] = {corners[0], corners[k], corners[k + 1]};
    std::pair<double, double> tex[3] = {uv[0], uv[k], uv[k + 1]};
    if (RenderSetUp(p, tex, t)) out.push_back(t);
  }
}

void DrawTriangle(const Triangle& t, SampleBand& band) {
  // Rows whose centre is on or below the top and above the bottom: a top
  // edge's samples are in, a bottom edge's out.
  double first = std::max(std::ceil(t.top - 0.5), double(band.first_row));
  double last = std::min(std::ceil(t.bottom - 0.5) - 1, double(band.first_row + band.rows - 1));
  if (!(first <= last)) return;  // after this both lie in the band: safe as ints
  for (int row = int(first); row <= int(last); ++row) {
    double yc = row + 0.5, lo, hi;
    RenderRowSpan(t, yc, band.width, lo, hi);
    if (lo > hi) continue;
    double fx = lo + 0.5 - t.x0, fy = yc - t.y0;
    double depth = t.depth0 + t.depth_dx * fx + t.depth_dy * fy;
    size_t at = size_t(row - band.first_row) * size_t(band.width) + size_t(lo);
    int count = int(hi - lo) + 1;
    if (t.texture == nullptr) {
      RenderFlatRow(t, band, at, count, depth);
    } else {
      RenderTexturedRow(t, band, at, count, depth, t.u0 + t.u_dx * fx + t.u_dy * fy,
                        t.v0 + t.v_dx * fx + t.v_dy * fy);
    }
  }
}

void ResolveBand(const SampleBand& band, int supersample, image::RgbaPicture& out) {
  // The supersample as a constant, so the sample loops unroll.
  switch (supersample) {
    case 1: return RenderResolve<1>(band, out);
    case 2: return RenderResolve<2>(band, out);
    case 3: return RenderResolve<3>(band, out);
    default: return RenderResolve<4>(band, out);
  }
}

}  // namespace kbot::model3do::render_detail
