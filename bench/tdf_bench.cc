// TA text files (formats/tdf/): reading and writing against a memcpy of the
// same bytes, in the same run.
//
//   BM_TdfParse            tdf::ParseTdf of ~1 MB of generated unit and weapon
//                          files (CR LF, tabs, comments, [DAMAGE] sub-sections,
//                          as the game's own files are laid out)
//   BM_TdfWrite            tdf::WriteTdf of the tree that parse gives
//   BM_TdfMemcpy           memcpy of the file's bytes into a buffer kept
//                          across iterations: the ceiling
//   BM_TdfParseVsMemcpy    each iteration one parse and one memcpy of the same
//                          bytes, timed apart; counter `ratio` = memcpy time /
//                          parse time (throughput as a fraction of memcpy's),
//                          so both figures come from the same moments of a
//                          shared machine
//   BM_TdfWriteVsMemcpy    the same for the writer (bytes = the written file)
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "formats/tdf/tdf.h"
#include "formats/tdf/tdf_writer.h"

namespace kbot::bench {
namespace {

// One unit file, FBI-like: a [UNITINFO] section with the keys the spec names and a
// comment line, then a weapon with its [DAMAGE] sub-section; values vary
// with `i` (a deterministic mix of names and numbers).
void AppendUnit(std::string& out, int i) {
  const std::string id = absl::StrCat(i % 2 ? "ARM" : "CORE", "UNIT", i);
  // In a game each unit is a file of its own with one [UNITINFO]; one buffer
  // of many names them apart, so that it holds no duplicate (and no warning).
  absl::StrAppend(&out, "[UNITINFO_", id, "]\r\n\t{\r\n\tUnitName=", id,
                  ";\r\n\tVersion=1.2;\r\n",
                  "\tSide=", i % 2 ? "ARM" : "CORE", ";\r\n\tObjectName=", id, ";\r\n",
                  "\tDesignation=", id.substr(0, 6), "-", i % 97, ";\r\n",
                  "\tName=Unit number ", i, ";\r\n\tDescription=Builds things, fights ", i % 13,
                  " others;\r\n\tCategory=", i % 2 ? "ARM" : "CORE",
                  " KBOT LEVEL2 WEAPON NOTAIR NOTSUB CTRL_K;\r\n");
  // Numeric keys, as most of a unit file is.
  static const char* kKeys[] = {
      "BuildCostEnergy", "BuildCostMetal", "BuildTime",    "WorkerTime",   "MaxDamage",
      "MaxVelocity",     "Acceleration",   "BrakeRate",    "TurnRate",     "SightDistance",
      "RadarDistance",   "EnergyMake",     "EnergyUse",    "MetalMake",    "EnergyStorage",
      "MetalStorage",    "FootprintX",     "FootprintZ",   "MaxSlope",     "MaxWaterDepth",
      "Builder",         "Upright",        "CanMove",      "CanPatrol",    "CanStop",
      "CanGuard",        "CanAttack",      "ThreeD",       "DefaultMissionType"};
  for (int k = 0; k < int(std::size(kKeys)); ++k) {
    absl::StrAppend(&out, "\t", kKeys[k], "=", (i * 31 + k * 7) % 5000, k % 5 ? "" : ".25",
                    ";\r\n");
  }
  absl::StrAppend(&out, "\t// the game's own files carry a comment now and then\r\n",
                  "\tWeapon1=", id, "_LASER;\r\n\tCorpse=", id, "_DEAD;\r\n",
                  "\tSoundCategory=ARM_KBOT;\r\n\tCopyright=Copyright 1997 Humongous;\r\n\t}\r\n");
  absl::StrAppend(&out, "[", id, "_LASER]\r\n\t{\r\n\tID=", i, ";\r\n\tname=Laser ", i,
                  ";\r\n\trendertype=0;\r\n\trange=", 200 + i % 300,
                  ";\r\n\treloadtime=1.1;\r\n\tweaponvelocity=800;\r\n\tsoundstart=lasrfir1;\r\n",
                  "\t[DAMAGE]\r\n\t\t{\r\n\t\tdefault=", 40 + i % 60,
                  ";\r\n\t\tARMCOM=10;\r\n\t\tCORCOM=10;\r\n\t\t}\r\n\t}\r\n");
}

const std::string& File() {
  static const std::string file = [] {
    std::string out;
    for (int i = 0; out.size() < (1u << 20); ++i) AppendUnit(out, i);
    return out;
  }();
  return file;
}

Bytes FileBytes() {
  return Bytes(reinterpret_cast<const uint8_t*>(File().data()), File().size());
}

const tdf::TdfFile& Parsed() {
  static const tdf::TdfFile parsed = [] {
    absl::StatusOr<tdf::TdfFile> f = tdf::ParseTdf(FileBytes(), "bench.tdf");
    if (!f.ok() || f->warning_count != 0) std::abort();
    return *std::move(f);
  }();
  return parsed;
}

void BM_TdfParse(benchmark::State& state) {
  for (auto _ : state) {
    absl::StatusOr<tdf::TdfFile> f = tdf::ParseTdf(FileBytes(), "bench.tdf");
    benchmark::DoNotOptimize(f);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(File().size()));
}
BENCHMARK(BM_TdfParse)->Unit(benchmark::kMillisecond);

void BM_TdfWrite(benchmark::State& state) {
  size_t bytes = 0;
  for (auto _ : state) {
    absl::StatusOr<std::vector<uint8_t>> out = tdf::WriteTdf(Parsed().sections);
    bytes = out.ok() ? out->size() : 0;
    benchmark::DoNotOptimize(out);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
}
BENCHMARK(BM_TdfWrite)->Unit(benchmark::kMillisecond);

void BM_TdfMemcpy(benchmark::State& state) {
  std::vector<char> to(File().size());
  for (auto _ : state) {
    std::memcpy(to.data(), File().data(), File().size());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(File().size()));
}
BENCHMARK(BM_TdfMemcpy)->Unit(benchmark::kMillisecond);

// `work` and a memcpy of the `bytes` at `from`, alternated and timed apart.
void AgainstMemcpy(benchmark::State& state, const void* from, size_t bytes,
                   const std::function<void()>& work) {
  using Clock = std::chrono::steady_clock;
  std::vector<char> to(bytes);
  double work_ns = 0, copy_ns = 0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    work();
    const auto t1 = Clock::now();
    std::memcpy(to.data(), from, bytes);
    benchmark::ClobberMemory();
    const auto t2 = Clock::now();
    work_ns += std::chrono::duration<double, std::nano>(t1 - t0).count();
    copy_ns += std::chrono::duration<double, std::nano>(t2 - t1).count();
  }
  const double n = double(state.iterations());
  state.counters["MB_per_s"] = bytes / (work_ns / n) * 1e3;
  state.counters["memcpy_MB_per_s"] = bytes / (copy_ns / n) * 1e3;
  state.counters["ratio"] = copy_ns / work_ns;
}

void BM_TdfParseVsMemcpy(benchmark::State& state) {
  AgainstMemcpy(state, File().data(), File().size(), [] {
    absl::StatusOr<tdf::TdfFile> f = tdf::ParseTdf(FileBytes(), "bench.tdf");
    benchmark::DoNotOptimize(f);
  });
}
BENCHMARK(BM_TdfParseVsMemcpy)->Unit(benchmark::kMillisecond);

void BM_TdfWriteVsMemcpy(benchmark::State& state) {
  absl::StatusOr<std::vector<uint8_t>> once = tdf::WriteTdf(Parsed().sections);
  if (!once.ok()) std::abort();
  AgainstMemcpy(state, once->data(), once->size(), [] {
    absl::StatusOr<std::vector<uint8_t>> out = tdf::WriteTdf(Parsed().sections);
    benchmark::DoNotOptimize(out);
  });
}
BENCHMARK(BM_TdfWriteVsMemcpy)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kbot::bench
