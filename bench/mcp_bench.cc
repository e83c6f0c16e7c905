// Request handling in the MCP session, in memory (no pipes, no process):
//
//   BM_JsonRoundTrip         parse a tools/call line and serialize a response
//                            of the same size: the floor any JSON-RPC server
//                            pays per call (the baseline)
//   BM_SessionPing           a ping through Session::Receive, answered inline
//   BM_SessionGafList        tools/call gaf_list on the demo's demo.gaf: schema
//                            check, VFS lookup, GAF read, JSON, on a worker
//                            thread, until its response reaches the sink
//   BM_SessionGafExportPng   tools/call gaf_export of one 32 x 32 frame at
//                            scale 4, with the base64 image in the response
//   BM_SessionRepeat         a describe call on one file in a folder context
//                            on disk, again and again, each call after a ping
//                            on the same session: p50 and p99 of both, and the
//                            call as a multiple of ping. call:N is the Nth of
//                            kRepeatCalls (gaf_list of the atlas and of 190
//                            textures, gaf_info, map_describe, style_describe,
//                            fxt_decode, hpi_list); cache:1 is the workspace as
//                            served (the parse cache on), cache:0 one whose
//                            cache keeps nothing (each call reads and parses)
//   BM_AtlasGafListTool      gaf_list of the atlas, the tool alone (mode:0),
//                            with its JSON text (mode:1), and as the session
//                            calls it, its written answer kept (mode:2)
//
// bench_main.cc reports each as calls per second and as a multiple of the
// JSON round trip.
#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <vector>

#include "bench/gaf_fixtures.h"
#include "bench/gta_fixtures.h"
#include "formats/gaf/gaf_writer.h"
#include "formats/hpi/hpi_writer.h"
#include "contexts/workspace.h"
#include "demo/demo_context.h"
#include "mcp/json_rpc.h"
#include "mcp/server.h"
#include "app/mcp_catalog.h"
#include "tools/gaf_list_tool.h"

namespace kbot::bench {
namespace {

using nlohmann::json;

// A session whose sink wakes the caller when the response it waits for comes.
class Harness {
 public:
  explicit Harness(absl::StatusOr<contexts::Workspace> workspace) {
    if (!workspace.ok()) std::abort();
    workspace_ = std::make_unique<contexts::Workspace>(*std::move(workspace));
    server_ = *mcp::Server::Create(app::McpTools(*workspace_), app::McpHooks(*workspace_), {});
    session_ = std::make_unique<mcp::Session>(*server_, [this](const std::string& line) {
      std::lock_guard<std::mutex> lock(mu_);
      last_ = line;
      ++responses_;
      done_.notify_one();
    });
    Roundtrip(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25"}})");
  }

  // Sends `line` and waits for one message back; returns its size.
  size_t Roundtrip(const std::string& line) {
    std::unique_lock<std::mutex> lock(mu_);
    const uint64_t before = responses_;
    lock.unlock();
    session_->Receive(line);
    lock.lock();
    done_.wait(lock, [&] { return responses_ > before; });
    return last_.size();
  }

  contexts::Workspace& workspace() { return *workspace_; }
  std::string last() {
    std::lock_guard<std::mutex> lock(mu_);
    return last_;
  }

 private:
  std::unique_ptr<contexts::Workspace> workspace_;
  std::unique_ptr<mcp::Server> server_;
  std::unique_ptr<mcp::Session> session_;
  std::mutex mu_;
  std::condition_variable done_;
  std::string last_;
  uint64_t responses_ = 0;
};

Harness& SharedHarness() {
  static Harness* harness = new Harness(contexts::Workspace::Open({}, demo::MakeDemoContext));
  return *harness;
}

const std::string kGafList =
    R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"gaf_list","arguments":{"path":"anims/demo.gaf"}}})";

void BM_JsonRoundTrip(benchmark::State& state) {
  const std::string response = std::string(900, 'x');  // about gaf_list's response size
  for (auto _ : state) {
    mcp::Incoming in = mcp::ParseIncoming(kGafList);
    benchmark::DoNotOptimize(in);
    std::string out = mcp::Serialize(mcp::MakeResult(in.id, json{{"text", response}}));
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(BM_JsonRoundTrip);

void BM_SessionPing(benchmark::State& state) {
  Harness& h = SharedHarness();
  for (auto _ : state) h.Roundtrip(R"({"jsonrpc":"2.0","id":1,"method":"ping"})");
}
BENCHMARK(BM_SessionPing)->UseRealTime();

void BM_SessionGafList(benchmark::State& state) {
  Harness& h = SharedHarness();
  size_t bytes = 0;
  for (auto _ : state) bytes = h.Roundtrip(kGafList);
  state.counters["response_bytes"] = double(bytes);
}
BENCHMARK(BM_SessionGafList)->UseRealTime();

void BM_SessionGafExportPng(benchmark::State& state) {
  Harness& h = SharedHarness();
  size_t bytes = 0;
  for (auto _ : state) {
    bytes = h.Roundtrip(
        R"({"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"gaf_export","arguments":{"path":"anims/demo.gaf","scale":4}}})");
  }
  state.counters["response_bytes"] = double(bytes);
}
BENCHMARK(BM_SessionGafExportPng)->UseRealTime();

// --- repeated describe calls on one file ---------------------------------

std::string& RepeatFolder() {
  static std::string* folder = new std::string();
  return *folder;
}

// The shape of the issue's atlas: 190 sequences of one raw 256 x 256 frame
// (12.5 MB), named like TA's textures.
absl::StatusOr<std::vector<uint8_t>> Textures190Gaf() {
  std::vector<gaf::SequenceToWrite> sequences(190);
  for (size_t i = 0; i < sequences.size(); ++i) {
    sequences[i].name = "texture" + std::to_string(1000 + i);
    gaf::FrameToWrite& f = sequences[i].frames.emplace_back();
    f.width = f.height = 256;
    f.storage_byte = 0;
    f.transparency = 9;
    f.index.resize(256 * 256);
    for (size_t p = 0; p < f.index.size(); ++p) f.index[p] = uint8_t(p * 7 + i);
    f.opaque.assign(f.index.size(), 1);
  }
  return gaf::WriteGaf(sequences);
}

// 2,000 small files in 20 folders, stored: a mod's archive.
absl::StatusOr<std::vector<uint8_t>> Units2000Hpi() {
  std::vector<hpi::HpiFileToWrite> files;
  for (int i = 0; i < 2000; ++i) {
    files.push_back({"units" + std::to_string(i % 20) + "/UNIT" + std::to_string(i) + ".FBI",
                     std::vector<uint8_t>(64 + i % 100, uint8_t(i))});
  }
  return hpi::WriteHpi(files);
}

absl::StatusOr<std::vector<uint8_t>> BenchCmpBytes() { return BenchCmp(); }
absl::StatusOr<std::vector<uint8_t>> BenchStyleBytes() { return BenchStyle(); }

void WriteAtRest(const std::filesystem::path& file,
                 absl::StatusOr<std::vector<uint8_t>> (*make)()) {
  absl::StatusOr<std::vector<uint8_t>> bytes = make();
  if (!bytes.ok()) std::abort();
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes->data()), std::streamsize(bytes->size()));
  const struct timespec hour_ago[2] = {{::time(nullptr) - 3600, 0}, {::time(nullptr) - 3600, 0}};
  if (::utimensat(AT_FDCWD, file.c_str(), hour_ago, 0) != 0) std::abort();
}

// A folder of the fixtures, written once per process (removed at exit),
// their times set an hour back: a file modified within the last 2 s is parsed
// but not kept (contexts/parse_cache.h), and this measures files at rest.
const std::string& RepeatContextFolder() {
  if (!RepeatFolder().empty()) return RepeatFolder();
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("kbot-bench-repeat-" + std::to_string(::getpid()));
  WriteAtRest(dir / "anims" / "atlas.gaf", AtlasGaf);
  WriteAtRest(dir / "anims" / "textures190.gaf", Textures190Gaf);
  WriteAtRest(dir / "GTADATA" / "BENCH.CMP", BenchCmpBytes);
  WriteAtRest(dir / "GTADATA" / "STYLE001.G24", BenchStyleBytes);
  WriteAtRest(dir / "GTADATA" / "ENGLISH.FXT", BenchFxt);
  WriteAtRest(dir / "units2000.hpi", Units2000Hpi);
  RepeatFolder() = dir.string();
  std::atexit([] { std::filesystem::remove_all(RepeatFolder()); });
  return RepeatFolder();
}

// A folder context over the fixtures; without the cache, one whose cache
// keeps nothing (every call reads and parses, as before the cache).
Harness& RepeatHarness(bool cache) {
  static Harness* harnesses[2] = {nullptr, nullptr};
  Harness*& h = harnesses[cache ? 1 : 0];
  if (h == nullptr) {
    const contexts::ContextSpec spec{"bench", contexts::Game::kTa, RepeatContextFolder()};
    h = new Harness(contexts::Workspace::Open({spec}));
    if (!cache) h->workspace().parse_cache().SetCapacity(0);
  }
  return *h;
}

double Percentile(std::vector<double> samples, double p) {
  if (samples.empty()) return 0;
  std::sort(samples.begin(), samples.end());
  return samples[std::min(samples.size() - 1, size_t(p * double(samples.size())))];
}

// The calls BM_SessionRepeat makes, by its `call` argument.
struct RepeatCall {
  const char* tool;
  const char* arguments;
};
constexpr RepeatCall kRepeatCalls[] = {
    {"gaf_list", R"({"path":"anims/atlas.gaf"})"},         // ~630 sequences, 170 KB answer
    {"gaf_list", R"({"path":"anims/textures190.gaf"})"},   // 190 sequences, 52 KB
    {"gaf_info", R"({"path":"anims/textures190.gaf"})"},   // every frame decoded
    {"map_describe", R"({"path":"GTADATA/BENCH.CMP"})"},
    {"style_describe", R"({"path":"GTADATA/STYLE001.G24"})"},
    {"fxt_decode", R"({"path":"GTADATA/ENGLISH.FXT","limit":20})"},
    {"hpi_list", R"({"path":"units2000.hpi","limit":20})"},
};

std::string CallLine(const RepeatCall& call) {
  return std::string(R"({"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":")") +
         call.tool + R"(","arguments":)" + call.arguments + "}}";
}

const std::string kPing = R"({"jsonrpc":"2.0","id":1,"method":"ping"})";

// Each iteration: a ping, then the call, each timed alone; the ping is the
// same session's floor in the same run (work queue, sink, wake-up).
void BM_SessionRepeat(benchmark::State& state) {
  using Clock = std::chrono::steady_clock;
  Harness& h = RepeatHarness(state.range(1) != 0);
  const RepeatCall& call = kRepeatCalls[state.range(0)];
  state.SetLabel(std::string(call.tool) + " " + call.arguments);
  const std::string line = CallLine(call);
  size_t bytes = h.Roundtrip(line);  // the first call: parsed, kept when caching
  if (h.last().find("\"isError\":true") != std::string::npos) std::abort();
  std::vector<double> ping_us, call_us;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    h.Roundtrip(kPing);
    const auto t1 = Clock::now();
    bytes = h.Roundtrip(line);
    const auto t2 = Clock::now();
    ping_us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    call_us.push_back(std::chrono::duration<double, std::micro>(t2 - t1).count());
  }
  const double ping50 = Percentile(ping_us, 0.5), ping99 = Percentile(ping_us, 0.99);
  const double call50 = Percentile(call_us, 0.5), call99 = Percentile(call_us, 0.99);
  state.counters["p50_us"] = call50;
  state.counters["p99_us"] = call99;
  state.counters["ping_p50_us"] = ping50;
  state.counters["ping_p99_us"] = ping99;
  state.counters["p50_x_ping"] = call50 / ping50;
  state.counters["p99_x_ping"] = call99 / ping99;
  state.counters["response_bytes"] = double(bytes);
}
BENCHMARK(BM_SessionRepeat)
    ->ArgNames({"call", "cache"})
    ->ArgsProduct({benchmark::CreateDenseRange(0, std::size(kRepeatCalls) - 1, 1), {0}})
    ->Iterations(200)
    ->UseRealTime();
BENCHMARK(BM_SessionRepeat)
    ->ArgNames({"call", "cache"})
    ->ArgsProduct({benchmark::CreateDenseRange(0, std::size(kRepeatCalls) - 1, 1), {1}})
    ->Iterations(2000)
    ->UseRealTime();

// Where a repeated gaf_list of the atlas spends its time, the tool alone:
// mode 0, as the explorer calls it (stat, cache lookup, the listing and its
// JSON tree); 1, that and its JSON text (which the session once wrote twice:
// the text block and structuredContent); 2, as the session calls it now
// (Limits::serialized_results): the written answer kept for the file.
void BM_AtlasGafListTool(benchmark::State& state) {
  Harness& h = RepeatHarness(true);
  const tools::Tool tool = tools::GafListTool();
  const json arguments = {{"path", "anims/atlas.gaf"}};
  Limits limits;
  limits.serialized_results = state.range(0) == 2;
  const bool dump = state.range(0) == 1;
  size_t bytes = 0;
  for (auto _ : state) {
    ToolResult r = tool.handler(
        tools::ToolCall{arguments, h.workspace(), NoProgress(), tools::QuietLogger(), limits});
    if (dump) bytes = mcp::Serialize(r.structured).size();
    if (r.serialized) bytes = r.serialized->json.size();
    benchmark::DoNotOptimize(r);
  }
  state.counters["text_bytes"] = double(bytes);
}
BENCHMARK(BM_AtlasGafListTool)->ArgName("mode")->Arg(0)->Arg(1)->Arg(2);

}  // namespace
}  // namespace kbot::bench
