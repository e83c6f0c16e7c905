// libFuzzer target: any bytes as the lines a client sends to an initialized
// MCP session over the demo context. Every line must get a well-formed answer
// (or none, for notifications), never a crash, a hang or an unbounded
// allocation; the session must still answer a ping afterwards.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "app/mcp_catalog.h"
#include "contexts/workspace.h"
#include "demo/demo_context.h"
#include "mcp/server.h"
#include "nlohmann/json.hpp"

namespace {

struct Fixture {
  std::unique_ptr<kbot::contexts::Workspace> workspace;
  std::unique_ptr<kbot::mcp::Server> server;
};

Fixture& Shared() {
  static Fixture* fixture = [] {
    auto* f = new Fixture;
    f->workspace = std::make_unique<kbot::contexts::Workspace>(
        *kbot::contexts::Workspace::Open({}, kbot::demo::MakeDemoContext));
    kbot::mcp::ServerOptions options;
    options.worker_threads = 1;
    f->server = *kbot::mcp::Server::Create(kbot::app::McpTools(*f->workspace),
                                           kbot::app::McpHooks(*f->workspace), options);
    return f;
  }();
  return *fixture;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Fixture& f = Shared();
  bool pong = false;
  {
    kbot::mcp::Session session(*f.server, [&](const std::string& line) {
      // Every message the session sends must be one line of valid JSON.
      if (line.find('\n') != std::string::npos) std::abort();
      const nlohmann::json m = nlohmann::json::parse(line);
      if (m.contains("id") && m["id"] == "fuzz-ping" && m.contains("result")) pong = true;
    });
    session.Receive(
        R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25"}})");
    const std::string input(reinterpret_cast<const char*>(data), size);
    size_t start = 0;
    for (size_t nl; (nl = input.find('\n', start)) != std::string::npos; start = nl + 1) {
      session.Receive(input.substr(start, nl - start));
    }
    session.Receive(input.substr(start));
    session.Receive(R"({"jsonrpc":"2.0","id":"fuzz-ping","method":"ping"})");
    session.WaitIdle();
  }
  if (!pong) std::abort();
  return 0;
}
