// RenderModel and RenderTurntable: the options checked, the scene gathered
// once, the scale and centre chosen, then each picture drawn band by band.
//
// A picture is drawn in bands of supersample rows (at most kBandSamples
// samples each): a 2048 x 2048 picture at supersample 4 is 67M samples,
// half a gigabyte of colour and depth at once; a band is 1 MB, so the
// supersample is never lowered for the picture's size.
#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "formats/model3do/render_internal.h"

namespace kbot::model3do {
namespace {

using render_detail::Camera;
using render_detail::Framing;
using render_detail::Scene;

absl::Status RenderCheckRange(absl::string_view what, int value, int low, int high) {
  if (value >= low && value <= high) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(what, " ", value, " is outside ", low, " .. ", high));
}

absl::Status RenderCheckOptions(const RenderOptions& options) {
  for (absl::Status s : {RenderCheckRange("width", options.width, 1, kMaxSide),
                         RenderCheckRange("height", options.height, 1, kMaxSide),
                         RenderCheckRange("supersample", options.supersample, 1, 4)}) {
    if (!s.ok()) return s;
  }
  if (!std::isfinite(options.scale) || options.scale < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "scale ", options.scale, " is not usable: 0 fits the model, above 0 is pixels a unit"));
  }
  if (!std::isfinite(options.view.yaw_degrees) || !std::isfinite(options.view.pitch_degrees)) {
    return absl::InvalidArgumentError(absl::StrCat("the view's yaw ", options.view.yaw_degrees,
                                                   " and pitch ", options.view.pitch_degrees,
                                                   " must both be numbers of degrees"));
  }
  return absl::OkStatus();
}

bool RenderKeepGoing(const RenderOptions& options) {
  return !options.keep_going || options.keep_going();
}

absl::Status RenderCancelled() {
  return absl::CancelledError("the model's drawing was stopped");
}

// Sets up every polygon's triangles; `tables` keeps the textured polygons'
// shade tables the triangles point into.
std::vector<render_detail::Triangle> RenderSetUpTriangles(
    const Scene& scene, const Camera& camera, int ss,
    std::vector<render_detail::ShadeTable>& tables, int& faces) {
  std::vector<render_detail::SamplePoint> samples(scene.points.size());
  for (size_t i = 0; i < scene.points.size(); ++i) {
    ScreenPoint s = camera.ToScreen(scene.points[i]);
    samples[i] = {s.x * ss, s.y * ss, s.depth * ss};
  }
  std::vector<render_detail::Triangle> triangles;
  size_t fan = 0;
  for (const render_detail::ScenePrimitive& polygon : scene.polygons) fan += polygon.count - 2;
  triangles.reserve(fan);
  std::vector<render_detail::SamplePoint> corners;
  tables.reserve(scene.polygons.size());  // never moved: triangles point in
  for (const render_detail::ScenePrimitive& polygon : scene.polygons) {
    corners.clear();
    for (uint32_t k = 0; k < polygon.count; ++k) {
      corners.push_back(samples[scene.indices[polygon.first + k]]);
    }
    double brightness = render_detail::Brightness(render_detail::SampleNormal(corners));
    const render_detail::ShadeTable* table = nullptr;
    if (polygon.texture != nullptr) {
      render_detail::ShadeTable& t = tables.emplace_back();
      for (int c = 0; c < 256; ++c) t[size_t(c)] = render_detail::Shade(uint8_t(c), brightness);
      table = &t;
    }
    size_t before = triangles.size();
    render_detail::AppendPolygonTriangles(
        corners, render_detail::TextureCorners(corners.size(), polygon.texture), polygon,
        brightness, table, triangles);
    if (triangles.size() > before) ++faces;  // an edge-on face draws nothing
  }
  return triangles;
}

// Each band's triangles, in drawing order: a triangle is listed in every
// band its rows meet, so a band never looks at the others'.
std::vector<std::vector<uint32_t>> RenderBin(const std::vector<render_detail::Triangle>& triangles,
                                             int total_rows, int band_rows) {
  std::vector<std::vector<uint32_t>> bins(size_t((total_rows + band_rows - 1) / band_rows));
  for (size_t i = 0; i < triangles.size(); ++i) {
    // The rows DrawTriangle would visit, clamped before becoming ints.
    double first = std::max(std::ceil(triangles[i].top - 0.5), 0.0);
    double last = std::min(std::ceil(triangles[i].bottom - 0.5) - 1, double(total_rows - 1));
    if (!(first <= last)) continue;
    for (int band = int(first) / band_rows; band <= int(last) / band_rows; ++band) {
      bins[size_t(band)].push_back(uint32_t(i));
    }
  }
  return bins;
}

absl::Status RenderFilled(const Scene& scene, const Camera& camera, const RenderOptions& options,
                          Rendered& out) {
  const int ss = options.supersample;
  std::vector<render_detail::ShadeTable> tables;
  std::vector<render_detail::Triangle> triangles =
      RenderSetUpTriangles(scene, camera, ss, tables, out.faces_drawn);
  // The band's buffers stay with the thread between pictures: a turntable's
  // frames, or a server's renders, reuse them instead of faulting in a fresh
  // megabyte each time (at most kBandSamples samples are kept).
  thread_local render_detail::SampleBand band;
  band.width = options.width * ss;
  const int total_rows = options.height * ss;
  // Whole pixel rows a band, so each band resolves on its own.
  const int band_rows =
      std::max(ss, int(render_detail::kBandSamples / size_t(band.width)) / ss * ss);
  std::vector<std::vector<uint32_t>> bins = RenderBin(triangles, total_rows, band_rows);
  for (size_t b = 0; b < bins.size(); ++b) {
    int first = int(b) * band_rows;
    band.Reset(first, std::min(band_rows, total_rows - first));
    int piece = -1;
    for (uint32_t i : bins[b]) {
      if (triangles[i].piece != piece && !RenderKeepGoing(options)) return RenderCancelled();
      piece = triangles[i].piece;
      render_detail::DrawTriangle(triangles[i], band);
    }
    render_detail::ResolveBand(band, ss, out.picture);
  }
  return absl::OkStatus();
}

absl::StatusOr<Rendered> RenderFrame(const Scene& scene, const View& view,
                                     const Framing& framing, const RenderOptions& options) {
  Camera camera =
      render_detail::MakeCamera(view, options.width, options.height, framing.scale, framing.centre);
  Rendered out;
  out.picture = image::RgbaPicture(options.width, options.height);
  out.scale = framing.scale;
  out.centre = framing.centre;
  out.missing_textures = scene.missing_textures;
  if (!options.wireframe) {
    if (absl::Status s = RenderFilled(scene, camera, options, out); !s.ok()) return s;
    return out;
  }
  // A wireframe is a few thousand lines at most: asked once, before them.
  if (!RenderKeepGoing(options)) return RenderCancelled();
  std::vector<ScreenPoint> screen(scene.points.size());
  for (size_t i = 0; i < scene.points.size(); ++i) screen[i] = camera.ToScreen(scene.points[i]);
  render_detail::DrawWireframe(scene, screen, out.picture);
  out.faces_drawn = int(scene.polygons.size());
  return out;
}

}  // namespace

absl::StatusOr<Rendered> RenderModel(const Model& model, const RenderOptions& options) {
  if (absl::Status s = RenderCheckOptions(options); !s.ok()) return s;
  Scene scene = render_detail::GatherScene(model, options);
  // A fixed scale centres the drawn vertices' box, whatever the view, so a
  // picture at a turntable's yaw and scale is that turntable's frame.
  Framing framing = options.scale > 0
                        ? Framing{options.scale, render_detail::SceneCentre(scene)}
                        : render_detail::FitView(scene, options.view, options.width,
                                                 options.height);
  return RenderFrame(scene, options.view, framing, options);
}

absl::StatusOr<std::vector<Rendered>> RenderTurntable(const Model& model,
                                                      const RenderOptions& options, int steps) {
  if (absl::Status s = RenderCheckOptions(options); !s.ok()) return s;
  if (absl::Status s = RenderCheckRange("steps", steps, 1, 360); !s.ok()) return s;
  Scene scene = render_detail::GatherScene(model, options);
  Framing framing = options.scale > 0
                        ? Framing{options.scale, render_detail::SceneCentre(scene)}
                        : render_detail::FitTurntable(scene, options.view, options.width,
                                                      options.height, steps);
  std::vector<Rendered> frames;
  frames.reserve(size_t(steps));
  for (int step = 0; step < steps; ++step) {
    View view = options.view;
    view.yaw_degrees = render_detail::TurntableYaw(options.view.yaw_degrees, step, steps);
    absl::StatusOr<Rendered> frame = RenderFrame(scene, view, framing, options);
    if (!frame.ok()) return frame.status();
    frames.push_back(*std::move(frame));
  }
  return frames;
}

}  // namespace kbot::model3do
