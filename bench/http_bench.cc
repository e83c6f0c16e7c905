// MCP over Streamable HTTP on loopback: kbot's HttpTransport in this process,
// load from client threads in this process too (cpp-httplib's client, one
// keep-alive connection and one MCP session per thread).
//
//   BM_HttpGafList/sessions:N   N sessions at once, each calling tools/call
//                               gaf_list on the demo's demo.gaf back to back
//                               for KBOT_BENCH_HTTP_SECONDS (default 1) wall
//                               seconds. Counters: calls_per_s (all sessions),
//                               p50_us and p99_us (one call's latency, as a
//                               client sees it), errors.
//   BM_HttpPing/sessions:1      the same with ping: the transport's own cost.
//
// bench_main.cc sets these beside BM_SessionGafList (the same call through an
// in-memory Session, no HTTP) from mcp_bench.cc.
#include <benchmark/benchmark.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

#include "bench/http_load.h"
#include "contexts/workspace.h"
#include "demo/demo_context.h"
#include "mcp/http_transport.h"
#include "mcp/server.h"
#include "app/mcp_catalog.h"

namespace kbot::bench {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// The demo workspace served over HTTP on a free loopback port, for the
// whole process.
class HttpHarness {
 public:
  HttpHarness() {
    absl::StatusOr<contexts::Workspace> workspace =
        contexts::Workspace::Open({}, demo::MakeDemoContext);
    if (!workspace.ok()) std::abort();
    workspace_ = std::make_unique<contexts::Workspace>(*std::move(workspace));
    server_ = *mcp::Server::Create(app::McpTools(*workspace_), app::McpHooks(*workspace_), {});
    mcp::HttpOptions options;
    options.port = 0;
    transport_ = *mcp::HttpTransport::Bind(*server_, options);
    serving_ = std::thread([this] { transport_->Serve(); });
  }
  int port() const { return transport_->port(); }

 private:
  std::unique_ptr<contexts::Workspace> workspace_;
  std::unique_ptr<mcp::Server> server_;
  std::unique_ptr<mcp::HttpTransport> transport_;
  std::thread serving_;
};

HttpHarness& Harness() {
  static HttpHarness* harness = new HttpHarness();  // never stopped: the process ends
  return *harness;
}

// One client: its connection and session.
class Caller {
 public:
  explicit Caller(int port) : client_("127.0.0.1", port) {
    client_.set_keep_alive(true);
    client_.set_tcp_nodelay(true);
    client_.set_read_timeout(30, 0);
    httplib::Result r = client_.Post(
        "/mcp", Headers(),
        R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}})",
        "application/json");
    if (r && r->status == 200) session_ = r->get_header_value("Mcp-Session-Id");
  }
  bool ok() const { return !session_.empty(); }

  // One call; false unless a 200 came back.
  bool Call(const std::string& body) {
    httplib::Result r = client_.Post("/mcp", Headers(), body, "application/json");
    return r && r->status == 200;
  }

 private:
  httplib::Headers Headers() const {
    httplib::Headers h = {{"Accept", "application/json, text/event-stream"}};
    if (!session_.empty()) h.emplace("Mcp-Session-Id", session_);
    return h;
  }
  httplib::Client client_;
  std::string session_;
};

// `sessions` callers send `body` back to back for HttpLoadSeconds(); one iteration.
void RunLoad(benchmark::State& state, const std::string& body) {
  const int sessions = int(state.range(0));
  const int port = Harness().port();
  for (auto _ : state) {
    std::vector<std::unique_ptr<Caller>> callers;
    for (int i = 0; i < sessions; ++i) callers.push_back(std::make_unique<Caller>(port));
    for (const auto& c : callers) {
      if (!c->ok()) {
        state.SkipWithError("initialize over HTTP failed");
        return;
      }
    }
    std::mutex mu;
    std::vector<double> latencies_us;
    std::atomic<int> errors{0};
    const Clock::time_point start = Clock::now();
    const Clock::time_point end = start + std::chrono::duration_cast<Clock::duration>(
                                              std::chrono::duration<double>(HttpLoadSeconds()));
    std::vector<std::thread> threads;
    for (auto& caller : callers) {
      threads.emplace_back([&, c = caller.get()] {
        std::vector<double> mine;
        while (Clock::now() < end) {
          const Clock::time_point t0 = Clock::now();
          if (!c->Call(body)) ++errors;
          mine.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
        }
        std::lock_guard<std::mutex> lock(mu);
        latencies_us.insert(latencies_us.end(), mine.begin(), mine.end());
      });
    }
    for (std::thread& t : threads) t.join();
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    state.SetIterationTime(elapsed);
    state.counters["calls"] = double(latencies_us.size());
    state.counters["calls_per_s"] = double(latencies_us.size()) / elapsed;
    state.counters["p50_us"] = Percentile(latencies_us, 0.50);
    state.counters["p99_us"] = Percentile(latencies_us, 0.99);
    state.counters["errors"] = errors.load();
  }
}

void BM_HttpGafList(benchmark::State& state) {
  RunLoad(state,
          R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"gaf_list","arguments":{"path":"anims/demo.gaf"}}})");
}
BENCHMARK(BM_HttpGafList)->ArgName("sessions")->Arg(1)->Arg(4)->Arg(16)->Iterations(1)
    ->UseManualTime()->Unit(benchmark::kMillisecond);

void BM_HttpPing(benchmark::State& state) {
  RunLoad(state, R"({"jsonrpc":"2.0","id":1,"method":"ping"})");
}
BENCHMARK(BM_HttpPing)->ArgName("sessions")->Arg(1)->Iterations(1)->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kbot::bench
