// kbot_bench_fixtures DIR: writes the benchmark fixtures to DIR and says what
// they hold: atlas.gaf and effects.gaf (see gaf_fixtures.h), and the GTA1 set
// of gta_fixtures.h: BENCH.CMP, the style its header names beside it
// (STYLE001.G24, so `kbot gta render DIR/BENCH.CMP` finds it) and ENGLISH.FXT;
// and SPRITES.G24, gta_sprite_fixtures.h's style (the same tile counts, plus
// the sprites, cars and object types BENCH.CMP's 3,000 objects name), for
// `kbot gta render DIR/BENCH.CMP --style SPRITES.G24 --objects`. It has a
// name of its own so the plain render keeps drawing with STYLE001.G24.
// Each file is read back with the format's own reader before it counts, and
// every map object must find its sprite in SPRITES.G24.
#include <cstdio>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "bench/gaf_fixtures.h"
#include "bench/gta_fixtures.h"
#include "bench/gta_sprite_fixtures.h"
#include "contexts/file_io.h"
#include "formats/gta/cmp.h"
#include "formats/gta/fxt.h"
#include "formats/gta/map_objects.h"
#include "formats/gta/style.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"

namespace {

int Fail(const std::string& what, const absl::Status& s) {
  std::fprintf(stderr, "kbot_bench_fixtures: %s: %s\n", what.c_str(),
               std::string(s.message()).c_str());
  return 1;
}

int Save(const std::string& path, const std::vector<uint8_t>& bytes) {
  if (absl::Status s = kbot::contexts::WriteFileAtomically(path, bytes); !s.ok()) {
    return Fail(path, s);
  }
  return 0;
}

void PrintChunkStats(const kbot::bench::ChunkStats& cs, const kbot::bench::FileStats& fs) {
  if (cs.frames == 0) return;
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

int WriteGaf(const std::string& dir, const char* name,
             absl::StatusOr<std::vector<uint8_t>> (*make)()) {
  absl::StatusOr<std::vector<uint8_t>> bytes = make();
  if (!bytes.ok()) return Fail(name, bytes.status());
  const std::string path = absl::StrCat(dir, "/", name);
  if (int rc = Save(path, *bytes); rc != 0) return rc;
  absl::StatusOr<kbot::gaf::Gaf> gaf = kbot::gaf::ReadGaf(*bytes, path);
  if (!gaf.ok()) return Fail(path, gaf.status());
  const kbot::bench::FileStats fs = kbot::bench::CountFrames(*bytes, *gaf);
  std::printf("%s: %zu bytes, %llu sequences, %llu frames, %llu pixels", path.c_str(),
              bytes->size(), (unsigned long long)fs.sequences, (unsigned long long)fs.frames,
              (unsigned long long)fs.pixels);
  if (fs.frames_with_key_pixels > 0) {
    std::printf(", %llu raw frames draw key pixels", (unsigned long long)fs.frames_with_key_pixels);
  }
  std::printf("\n");
  PrintChunkStats(kbot::bench::CountChunks(*bytes, *gaf), fs);
  return 0;
}

int WriteMap(const std::string& dir) {
  const std::string path = dir + "/BENCH.CMP";
  const std::vector<uint8_t> bytes = kbot::bench::BenchCmp();
  if (int rc = Save(path, bytes); rc != 0) return rc;
  absl::StatusOr<kbot::gta::CityMap> map = kbot::gta::ReadCityMap(bytes, path);
  if (!map.ok()) return Fail(path, map.status());
  std::printf("%s: %zu bytes, style %d, %zu blocks, %zu distinct columns, %zu objects\n",
              path.c_str(), bytes.size(), map->header().style, map->blocks().size(),
              map->distinct_columns(), map->objects().size());
  return 0;
}

int WriteStyle(const std::string& dir) {
  const std::string path = absl::StrCat(dir, "/", kbot::bench::BenchStyleName());
  const std::vector<uint8_t> bytes = kbot::bench::BenchStyle();
  if (int rc = Save(path, bytes); rc != 0) return rc;
  absl::StatusOr<kbot::gta::Style> style = kbot::gta::ReadStyle(bytes, path);
  if (!style.ok()) return Fail(path, style.status());
  std::printf("%s: %zu bytes, %d side and %d lid tiles, %d CLUTs\n", path.c_str(), bytes.size(),
              style->side_tiles, style->lid_tiles, style->clut_count);
  return 0;
}

// The sprite style, read back, and BENCH.CMP's objects placed with it: a
// map object that names no car model or object type of the style (so would
// not be drawn) fails the run.
int WriteSpriteStyle(const std::string& dir) {
  const std::string path = dir + "/SPRITES.G24";
  const std::vector<uint8_t> bytes = kbot::bench::BenchSpriteStyle();
  if (int rc = Save(path, bytes); rc != 0) return rc;
  absl::StatusOr<kbot::gta::Style> style = kbot::gta::ReadStyle(bytes, path);
  if (!style.ok()) return Fail(path, style.status());
  absl::StatusOr<kbot::gta::StyleSprites> sprites = kbot::gta::ReadStyleSprites(*style);
  if (!sprites.ok()) return Fail(path, sprites.status());
  const kbot::gta::StyleCars cars = kbot::gta::ReadStyleCars(*style);
  if (!sprites->warnings.empty() || !cars.warnings.empty()) {
    return Fail(path, absl::DataLossError("the sprites or cars do not read cleanly"));
  }
  const std::vector<uint8_t> cmp = kbot::bench::BenchCmp();
  absl::StatusOr<kbot::gta::CityMap> map = kbot::gta::ReadCityMap(cmp, "BENCH.CMP");
  if (!map.ok()) return Fail("BENCH.CMP", map.status());
  const std::vector<kbot::gta::MapObject> objects = kbot::gta::DecodeMapObjects(*map);
  const kbot::gta::PlacedSprites placed = kbot::gta::PlaceMapObjects(objects, *sprites, cars);
  if (!placed.warnings.empty()) {
    return Fail(path, absl::NotFoundError(absl::StrCat(placed.warnings.size(),
                                                       " of BENCH.CMP's objects have no sprite: ",
                                                       placed.warnings.front())));
  }
  std::printf("%s: %zu bytes, %d side and %d lid tiles, %d CLUTs, %zu sprites, %zu car records, "
              "%zu object types; all %zu of BENCH.CMP's objects have a sprite\n",
              path.c_str(), bytes.size(), style->side_tiles, style->lid_tiles, style->clut_count,
              sprites->sprites.size(), cars.cars.size(), cars.objects.size(),
              placed.sprites.size());
  return 0;
}

int WriteFxt(const std::string& dir) {
  const std::string path = dir + "/ENGLISH.FXT";
  absl::StatusOr<std::vector<uint8_t>> bytes = kbot::bench::BenchFxt();
  if (!bytes.ok()) return Fail(path, bytes.status());
  if (int rc = Save(path, *bytes); rc != 0) return rc;
  absl::StatusOr<kbot::gta::Fxt> fxt = kbot::gta::ReadFxt(*bytes, path);
  if (!fxt.ok()) return Fail(path, fxt.status());
  std::printf("%s: %zu bytes, %zu records, %zu warnings\n", path.c_str(), bytes->size(),
              fxt->records.size(), fxt->warnings.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: kbot_bench_fixtures DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  if (int rc = WriteGaf(dir, "atlas.gaf", kbot::bench::AtlasGaf); rc != 0) return rc;
  if (int rc = WriteGaf(dir, "effects.gaf", kbot::bench::EffectsGaf); rc != 0) return rc;
  if (int rc = WriteMap(dir); rc != 0) return rc;
  if (int rc = WriteStyle(dir); rc != 0) return rc;
  if (int rc = WriteSpriteStyle(dir); rc != 0) return rc;
  return WriteFxt(dir);
}
