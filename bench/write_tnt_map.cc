// kbot_bench_write_tnt PATH: writes the benchmarks' synthetic TA map
// (bench/tnt_fixtures.h: 256 x 256 tiles, 8192 x 8192 px, 4096 noise tiles)
// to PATH, read back with tnt::ReadTnt first, for the whole-process timings
// of bench/tnt_process.sh.
#include <cstdio>
#include <string>
#include <vector>

#include "bench/tnt_fixtures.h"
#include "contexts/file_io.h"
#include "formats/tnt/tnt.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: kbot_bench_write_tnt PATH\n");
    return 2;
  }
  const std::string path = argv[1];
  const std::vector<uint8_t> bytes = kbot::bench::BenchTaMap(256, 256, 4096);
  absl::StatusOr<kbot::tnt::TntMap> map = kbot::tnt::ReadTnt(bytes, path);
  absl::Status s = map.ok() ? kbot::contexts::WriteFileAtomically(path, bytes) : map.status();
  if (!s.ok()) {
    std::fprintf(stderr, "kbot_bench_write_tnt: %s: %s\n", path.c_str(),
                 std::string(s.message()).c_str());
    return 1;
  }
  std::printf("%s: %zu bytes, %d x %d px, %zu warnings\n", path.c_str(), bytes.size(),
              map->pixel_width(), map->pixel_height(), map->warnings.size());
  return 0;
}
