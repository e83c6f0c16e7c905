// TA unit models (formats/model3do/render.h): drawing a synthetic 500-face
// model against baselines on the same picture, in the same run.
//
//   BM_Model3doRender/S       RenderModel of the model at S x S (256, 1024),
//                             the game's view, fitted, supersample 3; bytes =
//                             the RGBA picture
//   BM_Model3doFill/S         allocating an S x S RgbaPicture and filling it
//                             (the floor any renderer pays for its output)
//   BM_Model3doPngEncode/S    image::EncodeRgbaPng of the rendered picture
//                             (what a tool does next with it)
//
// The model: five pieces (a hull and four turrets on it), each a 10 x 10
// quad sphere, 100 faces each, every other piece textured (8 x 8 texels).
// Counters: faces (drawn), peak_rss_mb (the process's peak so far: run this
// file's benchmarks alone for a figure of the renderer's own), picture_mb,
// png_kb (the encoded picture). Figures: docs/formats/3do_render.md.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cmath>
#include <cstring>
#include <numbers>
#include <string>
#include <vector>

#include "formats/image/png_encode.h"
#include "formats/model3do/render.h"

namespace kbot::bench {
namespace {

using model3do::Model;
using model3do::Piece;
using model3do::Primitive;
using model3do::Vec3;

// A sphere of radius r as `rings` x `sectors` quads (the poles' quads have
// two corners at the same point: degenerate triangles the renderer drops).
Piece QuadSphere(const std::string& name, int parent, Vec3 offset, double r, uint32_t colour,
                 const std::string& texture) {
  constexpr int kRings = 10, kSectors = 10;
  Piece p;
  p.name = name;
  p.parent = parent;
  p.offset_from_parent = offset;
  for (int i = 0; i <= kRings; ++i) {
    double phi = std::numbers::pi * i / kRings;
    for (int j = 0; j < kSectors; ++j) {
      double theta = 2 * std::numbers::pi * j / kSectors;
      p.vertices.push_back({r * std::sin(phi) * std::cos(theta), r * std::cos(phi),
                            r * std::sin(phi) * std::sin(theta)});
    }
  }
  for (int i = 0; i < kRings; ++i) {
    for (int j = 0; j < kSectors; ++j) {
      auto at = [&](int ring, int sector) { return uint16_t(ring * kSectors + sector % kSectors); };
      Primitive q;
      q.colour = colour + uint32_t(i);
      q.indices = {at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j)};
      q.texture = texture;
      p.primitives.push_back(q);
    }
  }
  return p;
}

const Model& BenchModel() {
  static const Model model = [] {
    Model m;
    m.pieces.push_back(QuadSphere("hull", -1, {0, 0, 0}, 20, 32, "skin"));
    const Vec3 at[4] = {{-12, 16, -12}, {12, 16, -12}, {-12, 16, 12}, {12, 16, 12}};
    for (int i = 0; i < 4; ++i) {
      m.pieces.push_back(QuadSphere("turret" + std::to_string(i), 0, at[i], 7, 80 + 16 * i,
                                    i % 2 ? "" : "skin"));
      m.pieces[0].children.push_back(i + 1);
    }
    return m;
  }();
  return model;
}

const model3do::Texture& Skin() {
  static const model3do::Texture skin = [] {
    model3do::Texture t{8, 8, {}};
    for (int i = 0; i < 64; ++i) {
      uint8_t v = uint8_t(90 + 20 * ((i % 8 + i / 8) % 3));
      t.rgba.insert(t.rgba.end(), {v, uint8_t(v + 30), uint8_t(v / 2), 255});
    }
    return t;
  }();
  return skin;
}

model3do::RenderOptions Options(int side) {
  model3do::RenderOptions o;
  o.width = o.height = side;
  o.find_texture = [](absl::string_view) { return &Skin(); };
  return o;
}

void PeakCounters(benchmark::State& state, int side) {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["peak_rss_mb"] = double(usage.ru_maxrss) / 1024.0;
  state.counters["picture_mb"] = double(side) * side * 4 / (1 << 20);
}

void BM_Model3doRender(benchmark::State& state) {
  const int side = int(state.range(0));
  model3do::RenderOptions options = Options(side);
  int faces = 0;
  for (auto _ : state) {
    absl::StatusOr<model3do::Rendered> r = model3do::RenderModel(BenchModel(), options);
    if (!r.ok()) {
      state.SkipWithError(std::string(r.status().message()).c_str());
      return;
    }
    faces = r->faces_drawn;
    benchmark::DoNotOptimize(r->picture.rgba.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * side * side * 4);
  state.counters["faces"] = faces;
  PeakCounters(state, side);
}
BENCHMARK(BM_Model3doRender)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);

void BM_Model3doFill(benchmark::State& state) {
  const int side = int(state.range(0));
  for (auto _ : state) {
    image::RgbaPicture picture(side, side);
    std::memset(picture.rgba.data(), 0x5A, picture.rgba.size());
    benchmark::DoNotOptimize(picture.rgba.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * side * side * 4);
}
BENCHMARK(BM_Model3doFill)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);

void BM_Model3doPngEncode(benchmark::State& state) {
  const int side = int(state.range(0));
  absl::StatusOr<model3do::Rendered> r = model3do::RenderModel(BenchModel(), Options(side));
  if (!r.ok()) {
    state.SkipWithError(std::string(r.status().message()).c_str());
    return;
  }
  size_t bytes = 0;
  for (auto _ : state) {
    absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(r->picture);
    if (!png.ok()) {
      state.SkipWithError(std::string(png.status().message()).c_str());
      return;
    }
    bytes = png->size();
    benchmark::DoNotOptimize(png->data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * side * side * 4);
  state.counters["png_kb"] = double(bytes) / 1024;
}
BENCHMARK(BM_Model3doPngEncode)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kbot::bench
