// The catalog of a TA mod (tacatalog/): building it from 5,000 generated
// unit files and 50 weapon files in a memory context, against reading and
// parsing the same files with tdf::ParseTdf alone, in the same run.
//
//   BM_TacatalogBuildVsParse  each iteration one BuildCatalog (no parse
//                             cache: every file parsed) and one read + parse
//                             of every file, timed apart; counters: build_ms,
//                             parse_ms, ratio = build / parse; catalog_mb (what
//                             the catalog says it holds, parsed files
//                             included), input_mb, held_per_input_byte
//   BM_TacatalogCachedVsParse CatalogOf on an unchanged context (listing,
//                             stats, fingerprint, one cache hit) against the
//                             same parse baseline; ratio = cached / parse
//   BM_UnitList               unit_list's answer on the built catalog (side
//                             filter, a condition, a sort by a number, the
//                             first page of 100; the figure: < 5 ms),
//                             and the whole call (ListUnits: CatalogOf's
//                             freshness check, then the same answer), against
//                             CatalogOf alone; counters list_ms, call_ms,
//                             check_ms, list_per_check = list_ms / check_ms
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "contexts/workspace.h"
#include "formats/tdf/tdf.h"
#include "tacatalog/catalog.h"
#include "tools/unit_list_tool.h"
#include "tools/unit_rows.h"

namespace kbot::bench {
namespace {

constexpr int kUnits = 5000, kWeaponFiles = 50;

std::string UnitText(int i) {
  const std::string id = absl::StrCat(i % 2 ? "ARM" : "COR", "U", i);
  std::string out = absl::StrCat("[UNITINFO]\r\n\t{\r\n\tUnitName=", id, ";\r\n\tSide=",
                                 i % 2 ? "ARM" : "CORE", ";\r\n\tObjectname=", id,
                                 ";\r\n\tName=Unit ", i, ";\r\n\tDescription=Fights ", i % 13,
                                 " others;\r\n\tCategory=KBOT LEVEL2 WEAPON NOTAIR;\r\n",
                                 "\tTEDClass=KBOT;\r\n");
  static const char* kKeys[] = {"BuildCostEnergy", "BuildCostMetal", "BuildTime", "WorkerTime",
                                "MaxDamage",       "MaxVelocity",    "Acceleration",
                                "BrakeRate",       "TurnRate",       "SightDistance",
                                "FootprintX",      "FootprintZ",     "MaxSlope"};
  for (int k = 0; k < int(std::size(kKeys)); ++k) {
    absl::StrAppend(&out, "\t", kKeys[k], "=", (i * 31 + k * 7) % 5000, ";\r\n");
  }
  absl::StrAppend(&out, "\tWeapon1=W", i % (kWeaponFiles * 100), ";\r\n\tBuilder=0;\r\n\t}\r\n");
  return out;
}

std::string WeaponFileText(int f) {
  std::string out;
  for (int w = f * 100; w < (f + 1) * 100; ++w) {
    absl::StrAppend(&out, "[W", w, "]\r\n\t{\r\n\tID=", w, ";\r\n\tname=Gun ", w,
                    ";\r\n\trange=", 200 + w % 300, ";\r\n\t[DAMAGE]\r\n\t\t{\r\n\t\tdefault=",
                    40 + w % 60, ";\r\n\t\t}\r\n\t}\r\n");
  }
  return out;
}

struct Mod {
  std::unique_ptr<contexts::Vfs> vfs;
  std::vector<std::string> paths;
  size_t bytes = 0;
};

const Mod& TheMod() {
  static const Mod mod = [] {
    Mod m;
    std::vector<contexts::MemoryFile> files;
    auto add = [&](std::string path, const std::string& text) {
      m.paths.push_back(path);
      m.bytes += text.size();
      files.push_back({std::move(path), std::vector<uint8_t>(text.begin(), text.end())});
    };
    for (int i = 0; i < kUnits; ++i) add(absl::StrCat("units/u", i, ".fbi"), UnitText(i));
    for (int f = 0; f < kWeaponFiles; ++f) {
      add(absl::StrCat("weapons/w", f, ".tdf"), WeaponFileText(f));
    }
    m.vfs = contexts::MakeMemoryVfs(std::move(files), "built-in");
    return m;
  }();
  return mod;
}

// The baseline: every file read through the VFS and parsed, nothing else.
void ParseAll(const Mod& mod) {
  for (const std::string& path : mod.paths) {
    absl::StatusOr<contexts::VfsFile> file = mod.vfs->Read(path);
    if (!file.ok()) std::abort();
    absl::StatusOr<tdf::TdfFile> parsed = tdf::ParseTdf(file->bytes(), path);
    benchmark::DoNotOptimize(parsed);
  }
}

double Seconds(std::chrono::steady_clock::time_point from) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
}

void BM_TacatalogBuildVsParse(benchmark::State& state) {
  const Mod& mod = TheMod();
  double build = 0, parse = 0;
  size_t held = 0;
  for (auto _ : state) {
    auto t0 = std::chrono::steady_clock::now();
    absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> c =
        tacatalog::BuildCatalog(*mod.vfs, contexts::Game::kTa, nullptr);
    build += Seconds(t0);
    if (!c.ok() || (*c)->units.size() != size_t(kUnits) || (*c)->warning_count != 0) std::abort();
    held = (*c)->bytes;
    t0 = std::chrono::steady_clock::now();
    ParseAll(mod);
    parse += Seconds(t0);
  }
  const double n = double(state.iterations());
  state.counters["build_ms"] = build / n * 1e3;
  state.counters["parse_ms"] = parse / n * 1e3;
  state.counters["ratio"] = build / parse;
  state.counters["catalog_mb"] = double(held) / 1e6;
  state.counters["input_mb"] = double(mod.bytes) / 1e6;
  state.counters["held_per_input_byte"] = double(held) / double(mod.bytes);
}
BENCHMARK(BM_TacatalogBuildVsParse)->Unit(benchmark::kMillisecond)->Iterations(10);

// A context over the same files; it borrows the VFS through a shim.
struct Borrowed final : contexts::Vfs {
  const contexts::Vfs& v;
  explicit Borrowed(const contexts::Vfs& vfs) : v(vfs) {}
  absl::StatusOr<contexts::VfsFile> Read(absl::string_view p) const override {
    return v.Read(p);
  }
  absl::StatusOr<contexts::VfsStat> Stat(absl::string_view p) const override {
    return v.Stat(p);
  }
  absl::StatusOr<std::vector<contexts::VfsEntry>> List(Progress& pr) const override {
    return v.List(pr);
  }
  std::vector<contexts::VfsSource> Sources() const override { return v.Sources(); }
};

// A context over the mod whose catalog is built and kept in its parse cache.
contexts::Context KeptContext(const Mod& mod) {
  contexts::Context context;
  context.name = "bench";
  context.vfs = std::make_unique<Borrowed>(*mod.vfs);
  context.parse_cache = std::make_shared<contexts::ParseCache>(size_t(1) << 30);
  if (!tacatalog::CatalogOf(context).ok()) std::abort();  // built and kept
  return context;
}

void BM_TacatalogCachedVsParse(benchmark::State& state) {
  const Mod& mod = TheMod();
  contexts::Context context = KeptContext(mod);
  double cached = 0, parse = 0;
  for (auto _ : state) {
    auto t0 = std::chrono::steady_clock::now();
    absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> c = tacatalog::CatalogOf(context);
    cached += Seconds(t0);
    if (!c.ok()) std::abort();
    t0 = std::chrono::steady_clock::now();
    ParseAll(mod);
    parse += Seconds(t0);
  }
  const double n = double(state.iterations());
  state.counters["cached_ms"] = cached / n * 1e3;
  state.counters["parse_ms"] = parse / n * 1e3;
  state.counters["ratio"] = cached / parse;
  state.counters["cache_hits"] = double(context.parse_cache->stats().hits);
}
BENCHMARK(BM_TacatalogCachedVsParse)->Unit(benchmark::kMillisecond)->Iterations(10);

void BM_UnitList(benchmark::State& state) {
  const Mod& mod = TheMod();
  contexts::Context context = KeptContext(mod);
  std::shared_ptr<const tacatalog::Catalog> catalog = *tacatalog::CatalogOf(context);
  tools::UnitListRequest request;
  request.side = "ARM";
  request.where = {"buildcostmetal<2500"};
  request.sort = "-maxdamage";
  request.limit = tools::kDefaultCatalogPage;
  double list = 0, call = 0, check = 0;
  for (auto _ : state) {
    auto t0 = std::chrono::steady_clock::now();
    const tools::UnitRows rows(*catalog);
    auto keep = tools::UnitFilter(rows, *catalog, {request.side, request.tedclass, request.category});
    absl::StatusOr<tools::CatalogPage> page = tools::ListRows(rows, request, rows.DefaultFields(), *keep);
    list += Seconds(t0);
    if (!page.ok() || page->rows.size() != tools::kDefaultCatalogPage) std::abort();
    t0 = std::chrono::steady_clock::now();
    absl::StatusOr<tools::UnitListResult> whole = tools::ListUnits(context, request, NoProgress());
    call += Seconds(t0);
    if (!whole.ok() || whole->total != page->total) std::abort();
    t0 = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(tacatalog::CatalogOf(context));
    check += Seconds(t0);
  }
  const double n = double(state.iterations());
  state.counters["list_ms"] = list / n * 1e3;
  state.counters["call_ms"] = call / n * 1e3;
  state.counters["check_ms"] = check / n * 1e3;
  state.counters["list_per_check"] = list / check;
}
BENCHMARK(BM_UnitList)->Unit(benchmark::kMillisecond)->Iterations(20);

}  // namespace
}  // namespace kbot::bench
