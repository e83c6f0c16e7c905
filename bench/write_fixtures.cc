// kbot_bench_fixtures DIR: writes the benchmark fixtures atlas.gaf and
// effects.gaf (see gaf_fixtures.h) to DIR, and says what they hold.
#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "bench/gaf_fixtures.h"
#include "contexts/file_io.h"

namespace {

int Write(const std::string& dir, const char* name,
          absl::StatusOr<std::vector<uint8_t>> (*make)()) {
  absl::StatusOr<std::vector<uint8_t>> bytes = make();
  if (!bytes.ok()) {
    std::fprintf(stderr, "kbot_bench_fixtures: %s: %s\n", name,
                 std::string(bytes.status().message()).c_str());
    return 1;
  }
  const std::string path = absl::StrCat(dir, "/", name);
  if (absl::Status s = kbot::contexts::WriteFileAtomically(path, *bytes); !s.ok()) {
    std::fprintf(stderr, "kbot_bench_fixtures: %s\n", std::string(s.message()).c_str());
    return 1;
  }
  absl::StatusOr<kbot::gaf::Gaf> gaf = kbot::gaf::ReadGaf(*bytes, path);
  if (!gaf.ok()) {
    std::fprintf(stderr, "kbot_bench_fixtures: %s\n", std::string(gaf.status().message()).c_str());
    return 1;
  }
  const kbot::bench::FileStats fs = kbot::bench::CountFrames(*bytes, *gaf);
  std::printf("%s: %zu bytes, %llu sequences, %llu frames, %llu pixels", path.c_str(),
              bytes->size(), (unsigned long long)fs.sequences, (unsigned long long)fs.frames,
              (unsigned long long)fs.pixels);
  if (fs.frames_with_key_pixels > 0) {
    std::printf(", %llu raw frames draw key pixels", (unsigned long long)fs.frames_with_key_pixels);
  }
  std::printf("\n");
  const kbot::bench::ChunkStats cs = kbot::bench::CountChunks(*bytes, *gaf);
  if (cs.frames > 0) {
    auto mean = [](uint64_t px, uint64_t n) { return n ? double(px) / double(n) : 0.0; };
    std::printf(
        "  run-encoded: %llu rows, %.1f bytes/row; skips %llu (mean %.1f px), repeats %llu "
        "(mean %.1f px), literals %llu (mean %.1f px); %.1f%% of pixels drawn\n",
        (unsigned long long)cs.rows, mean(cs.row_bytes, cs.rows), (unsigned long long)cs.skips,
        mean(cs.skip_pixels, cs.skips), (unsigned long long)cs.repeats,
        mean(cs.repeat_pixels, cs.repeats), (unsigned long long)cs.literals,
        mean(cs.literal_pixels, cs.literals),
        100.0 * double(cs.repeat_pixels + cs.literal_pixels) / double(fs.pixels ? fs.pixels : 1));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: kbot_bench_fixtures DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  if (int rc = Write(dir, "atlas.gaf", kbot::bench::AtlasGaf); rc != 0) return rc;
  return Write(dir, "effects.gaf", kbot::bench::EffectsGaf);
}
