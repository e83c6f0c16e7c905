// The web explorer's image routes over HTTP on loopback: Explorer and
// HttpHost in this process, cpp-httplib clients on threads of this process
// too, each holding one keep-alive connection (opened before the timing).
// The image is the demo's anims/demo.gaf, sequence 0 (spinner, 8 frames of
// 32 x 32) at scale 4, as one frame (/png) and animated (/apng).
//
//   BM_ExplorerFirstImageCold/KIND     one GET of an image the cache does not
//                                      hold, request to full response: served
//                                      by an Explorer whose cache keeps
//                                      nothing, so every request renders
//   BM_ExplorerDirectRender/KIND       the baseline of the cold figure: the
//                                      same rendering in process, no HTTP (the
//                                      route's own calls: VFS read,
//                                      ExportGafAsset)
//   BM_ExplorerFirstImageCached/KIND   the same GET answered from the cache
//   BM_ExplorerTransportFloor          the baseline of the cached figure: GET
//                                      /png/ (the image route's own refusal,
//                                      400: routing, the host's checks and a
//                                      small JSON body, no image)
//   BM_ExplorerCachedConcurrent/clients:N  N clients GETting the cached apng
//                                      back to back for KBOT_BENCH_HTTP_SECONDS
//                                      (default 1) wall seconds. Counters:
//                                      requests_per_s (all clients), p50_us
//                                      and p99_us (one request as a client
//                                      sees it), errors. clients:1 is the
//                                      baseline of clients:8.
//
// Every HTTP figure checks its answers: `errors` counts a failed request or
// an unexpected status, `wrong_cache` an X-Kbot-Cache other than the one the
// benchmark means to measure (miss when cold, hit when cached).
// bench_main.cc (ExplorerSummary) turns these into ratios.
#include <benchmark/benchmark.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bench/http_load.h"
#include "contexts/workspace.h"
#include "demo/demo_context.h"
#include "http/http_host.h"
#include "tools/gaf_export_tool.h"
#include "web/explorer.h"

namespace kbot::bench {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr char kGaf[] = "anims/demo.gaf";

// One image the benchmarks request: its URL and the gaf_export arguments
// the route turns that URL into (the direct baseline renders from these).
struct Image {
  const char* url;
  const char* format;
};
const Image kPng{"/png/demo/anims/demo.gaf?sequence=0&frame=0&scale=4", "png"};
const Image kApng{"/apng/demo/anims/demo.gaf?sequence=0&scale=4", "apng"};

json ArgumentsOf(const Image& image) {
  json arguments = {{"path", kGaf}, {"format", image.format}, {"sequence", 0}, {"scale", 4}};
  if (std::string(image.format) == "png") arguments["frame"] = 0;
  return arguments;
}

// An HttpHost serving an Explorer on a free loopback port until the process
// ends.
class ExplorerServer {
 public:
  ExplorerServer(const contexts::Workspace& workspace, size_t cache_bytes) {
    http::HttpOptions options;
    options.port = 0;
    absl::StatusOr<std::unique_ptr<http::HttpHost>> host = http::HttpHost::Bind(options);
    if (!host.ok()) std::abort();
    host_ = *std::move(host);
    web::ExplorerOptions explorer_options;
    explorer_options.cache_bytes = cache_bytes;
    explorer_ = web::Explorer::Mount(*host_, workspace, explorer_options);
    serving_ = std::thread([this] { host_->Serve(); });
  }
  int port() const { return host_->port(); }
  web::RenderCache& cache() { return explorer_->cache(); }

 private:
  std::unique_ptr<http::HttpHost> host_;
  std::unique_ptr<web::Explorer> explorer_;
  std::thread serving_;
};

// The demo workspace and two explorers over it. The cold one's cache has
// room for nothing (RenderCache::Put keeps no image larger than its bound),
// so each of its answers is a fresh rendering, as a first request is, without
// a new server per iteration or parameters varied to dodge the cache.
class ExplorerHarness {
 public:
  ExplorerHarness() {
    absl::StatusOr<contexts::Workspace> workspace =
        contexts::Workspace::Open({}, demo::MakeDemoContext);
    if (!workspace.ok()) std::abort();
    workspace_ = std::make_unique<contexts::Workspace>(*std::move(workspace));
    cold_ = std::make_unique<ExplorerServer>(*workspace_, 0);
    warm_ = std::make_unique<ExplorerServer>(*workspace_, web::ExplorerOptions{}.cache_bytes);
  }
  const contexts::Workspace& workspace() const { return *workspace_; }
  ExplorerServer& cold() { return *cold_; }
  ExplorerServer& warm() { return *warm_; }

 private:
  std::unique_ptr<contexts::Workspace> workspace_;
  std::unique_ptr<ExplorerServer> cold_;
  std::unique_ptr<ExplorerServer> warm_;
};

ExplorerHarness& Harness() {
  static ExplorerHarness* harness = new ExplorerHarness();  // never stopped: the process ends
  return *harness;
}

// What one GET came back with, as far as the benchmarks check it.
struct Outcome {
  bool ok = false;  // answered with the expected status
  std::string cache;  // X-Kbot-Cache
  size_t bytes = 0;
};

// One client with its keep-alive connection.
class Getter {
 public:
  explicit Getter(int port) : client_("127.0.0.1", port) {
    client_.set_keep_alive(true);
    client_.set_tcp_nodelay(true);
    client_.set_read_timeout(30, 0);
  }

  Outcome Get(const std::string& url, int expected_status = 200) {
    Outcome out;
    httplib::Result r = client_.Get(url);
    if (!r) return out;
    out.ok = r->status == expected_status;
    out.cache = r->get_header_value("X-Kbot-Cache");
    out.bytes = r->body.size();
    return out;
  }

 private:
  httplib::Client client_;
};

// Tallies the checks of a run of single requests into the state's counters.
struct Checks {
  int errors = 0;
  int wrong_cache = 0;
  size_t bytes = 0;

  void Count(const Outcome& o, const char* expected_cache) {
    if (!o.ok) ++errors;
    if (expected_cache != nullptr && o.cache != expected_cache) ++wrong_cache;
    bytes = o.bytes;
  }
  void Report(benchmark::State& state) const {
    state.counters["errors"] = errors;
    state.counters["wrong_cache"] = wrong_cache;
    state.counters["response_bytes"] = double(bytes);
  }
};

// GETs `url` once per iteration on `server`, expecting `expected_cache`
// (nullptr: the route sets none) and `expected_status`. The connection is
// opened by a first, untimed request.
void RunGets(benchmark::State& state, ExplorerServer& server, const std::string& url,
             const char* expected_cache, int expected_status = 200) {
  Getter getter(server.port());
  Checks checks;
  checks.Count(getter.Get(url, expected_status), nullptr);  // connects (and warms a cache)
  if (checks.errors > 0) {
    state.SkipWithError(("GET " + url + " failed").c_str());
    return;
  }
  for (auto _ : state) checks.Count(getter.Get(url, expected_status), expected_cache);
  checks.Report(state);
}

void BM_ExplorerFirstImageCold(benchmark::State& state, const Image& image) {
  RunGets(state, Harness().cold(), image.url, "miss");
}
BENCHMARK_CAPTURE(BM_ExplorerFirstImageCold, png, kPng)->UseRealTime();
BENCHMARK_CAPTURE(BM_ExplorerFirstImageCold, apng, kApng)->UseRealTime();

void BM_ExplorerFirstImageCached(benchmark::State& state, const Image& image) {
  RunGets(state, Harness().warm(), image.url, "hit");
}
BENCHMARK_CAPTURE(BM_ExplorerFirstImageCached, png, kPng)->UseRealTime();
BENCHMARK_CAPTURE(BM_ExplorerFirstImageCached, apng, kApng)->UseRealTime();

void BM_ExplorerTransportFloor(benchmark::State& state) {
  RunGets(state, Harness().warm(), "/png/", nullptr, 400);
}
BENCHMARK(BM_ExplorerTransportFloor)->UseRealTime();

// The image route's work for a miss, in process: what a cold request costs
// without HTTP, the query parsing and the cache.
void BM_ExplorerDirectRender(benchmark::State& state, const Image& image) {
  absl::StatusOr<const contexts::Context*> context = Harness().workspace().Find("demo");
  if (!context.ok()) {
    state.SkipWithError("no demo context");
    return;
  }
  absl::StatusOr<tools::GafExportRequest> request =
      tools::GafExportTable().ParseChecked(ArgumentsOf(image));
  if (!request.ok()) {
    state.SkipWithError(std::string(request.status().message()).c_str());
    return;
  }
  size_t bytes = 0;
  for (auto _ : state) {
    absl::StatusOr<contexts::VfsFile> file = (*context)->vfs->Read(kGaf);
    if (!file.ok()) {
      state.SkipWithError("reading anims/demo.gaf failed");
      return;
    }
    const tools::Asset asset{file->stat.path, file->bytes()};
    absl::StatusOr<tools::GafExportOutcome> exported =
        tools::ExportGafAsset(**context, asset, *request);
    if (!exported.ok()) {
      state.SkipWithError(std::string(exported.status().message()).c_str());
      return;
    }
    bytes = exported->exported.image.size();
    benchmark::DoNotOptimize(exported->exported.image.data());
  }
  state.counters["image_bytes"] = double(bytes);
}
BENCHMARK_CAPTURE(BM_ExplorerDirectRender, png, kPng)->UseRealTime();
BENCHMARK_CAPTURE(BM_ExplorerDirectRender, apng, kApng)->UseRealTime();

// What the client threads of one load run gathered.
struct LoadTally {
  std::mutex mu;
  std::vector<double> latencies_us;
  std::atomic<int> errors{0};
  std::atomic<int> wrong_cache{0};
};

// One client's share of a load run: GETs back to back until `end`.
void ClientLoop(Getter& getter, const std::string& url, Clock::time_point end, LoadTally& tally) {
  std::vector<double> mine;
  while (Clock::now() < end) {
    const Clock::time_point t0 = Clock::now();
    const Outcome o = getter.Get(url);
    mine.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
    if (!o.ok) ++tally.errors;
    if (o.cache != "hit") ++tally.wrong_cache;
  }
  std::lock_guard<std::mutex> lock(tally.mu);
  tally.latencies_us.insert(tally.latencies_us.end(), mine.begin(), mine.end());
}

void BM_ExplorerCachedConcurrent(benchmark::State& state) {
  const int clients = int(state.range(0));
  ExplorerServer& server = Harness().warm();
  const std::string url = kApng.url;
  for (auto _ : state) {
    // Each client connects (and the first warms the cache) before the clock starts.
    std::vector<std::unique_ptr<Getter>> getters;
    for (int i = 0; i < clients; ++i) {
      getters.push_back(std::make_unique<Getter>(server.port()));
      if (!getters.back()->Get(url).ok) {
        state.SkipWithError("GET of the cached image failed");
        return;
      }
    }
    LoadTally tally;
    const Clock::time_point start = Clock::now();
    const Clock::time_point end = start + std::chrono::duration_cast<Clock::duration>(
                                              std::chrono::duration<double>(HttpLoadSeconds()));
    std::vector<std::thread> threads;
    for (auto& getter : getters) {
      threads.emplace_back([&, g = getter.get()] { ClientLoop(*g, url, end, tally); });
    }
    for (std::thread& t : threads) t.join();
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    state.SetIterationTime(elapsed);
    state.counters["requests"] = double(tally.latencies_us.size());
    state.counters["requests_per_s"] = double(tally.latencies_us.size()) / elapsed;
    state.counters["p50_us"] = Percentile(tally.latencies_us, 0.50);
    state.counters["p99_us"] = Percentile(tally.latencies_us, 0.99);
    state.counters["errors"] = tally.errors.load();
    state.counters["wrong_cache"] = tally.wrong_cache.load();
  }
}
BENCHMARK(BM_ExplorerCachedConcurrent)->ArgName("clients")->Arg(1)->Arg(8)->Iterations(1)
    ->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kbot::bench
