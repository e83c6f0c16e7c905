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
//
// bench_main.cc reports each as calls per second and as a multiple of the
// JSON round trip.
#include <benchmark/benchmark.h>

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "contexts/workspace.h"
#include "demo/demo_context.h"
#include "mcp/json_rpc.h"
#include "mcp/server.h"
#include "app/mcp_catalog.h"

namespace kbot::bench {
namespace {

using nlohmann::json;

// A session whose sink wakes the caller when the response it waits for comes.
class Harness {
 public:
  Harness() {
    absl::StatusOr<contexts::Workspace> workspace =
        contexts::Workspace::Open({}, demo::MakeDemoContext);
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
  static Harness* harness = new Harness();
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

}  // namespace
}  // namespace kbot::bench
