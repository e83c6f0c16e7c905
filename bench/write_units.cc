// kbot_bench_write_units DIR: writes the whole-process benchmarks' unit files
// (bench/units_process.sh) under DIR, each read back first:
//   objects3d/bench.3do   a 500-face model: a hull and four turrets, each a
//                         10 x 10 quad sphere (100 faces), laid out byte by
//                         byte by tests/support/model3do_bytes.h
//   scripts/bench.cob     a 10-script unit script of about 100 instructions a
//                         script (tests/support/cob_bytes.h, SyntheticCob)
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include "contexts/file_io.h"
#include "formats/cob/cob.h"
#include "formats/model3do/model3do.h"
#include "tests/support/cob_bytes.h"
#include "tests/support/model3do_bytes.h"

namespace {

using kbot::testing::PieceSpec;

// A sphere of radius r (whole units) as 10 x 10 quads, colours from `colour`.
PieceSpec UnitsBenchSphere(const std::string& name, kbot::testing::Fixed3 offset, double r,
                           uint32_t colour) {
  constexpr int kRings = 10, kSectors = 10;
  PieceSpec p;
  p.name = name;
  p.offset = offset;
  for (int i = 0; i <= kRings; ++i) {
    const double phi = std::numbers::pi * i / kRings;
    for (int j = 0; j < kSectors; ++j) {
      const double theta = 2 * std::numbers::pi * j / kSectors;
      p.vertices.push_back({int32_t(r * std::sin(phi) * std::cos(theta) * 65536),
                            int32_t(r * std::cos(phi) * 65536),
                            int32_t(r * std::sin(phi) * std::sin(theta) * 65536)});
    }
  }
  for (int i = 0; i < kRings; ++i) {
    for (int j = 0; j < kSectors; ++j) {
      auto at = [&](int ring, int sector) { return uint16_t(ring * kSectors + sector % kSectors); };
      p.primitives.push_back(
          {colour + uint32_t(i), {at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j)}, ""});
    }
  }
  return p;
}

PieceSpec UnitsBenchModel() {
  PieceSpec hull = UnitsBenchSphere("hull", {}, 20, 80);
  const int corners[4][2] = {{-12, -12}, {12, -12}, {-12, 12}, {12, 12}};
  for (int i = 0; i < 4; ++i) {
    hull.children.push_back(UnitsBenchSphere("turret" + std::to_string(i),
                                             kbot::testing::Units(corners[i][0], 18, corners[i][1]),
                                             6, 160));
  }
  return hull;
}

int Write(const std::string& path, const std::vector<uint8_t>& bytes, const absl::Status& read) {
  const absl::Status s = read.ok() ? kbot::contexts::WriteFileAtomically(path, bytes) : read;
  if (!s.ok()) {
    std::fprintf(stderr, "kbot_bench_write_units: %s: %s\n", path.c_str(),
                 std::string(s.message()).c_str());
    return 1;
  }
  std::printf("%s: %zu bytes\n", path.c_str(), bytes.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: kbot_bench_write_units DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  const std::vector<uint8_t> model = kbot::testing::LayOut3do(UnitsBenchModel()).bytes;
  const std::vector<uint8_t> script =
      kbot::testing::LayOutCob(kbot::testing::SyntheticCob(10, 100, 7)).bytes;
  return Write(dir + "/objects3d/bench.3do", model,
               kbot::model3do::Read3do(model, "bench.3do").status()) |
         Write(dir + "/scripts/bench.cob", script,
               kbot::cob::ReadCob(script, "bench.cob").status());
}
