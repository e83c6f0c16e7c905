// Drives an MCP Session in memory, the way a client would: send a line, wait
// for the response to an id, look at the notifications that came before it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "contexts/workspace.h"
#include "mcp/server.h"
#include "nlohmann/json.hpp"

namespace kbot::testing {

using nlohmann::json;

class McpClient {
 public:
  // A server with `tools` and kbot's hooks over `workspace` (its files as
  // resources, completion); app::McpTools(workspace) is every kbot tool.
  McpClient(const contexts::Workspace& workspace, std::vector<mcp::Tool> tools,
            mcp::ServerOptions options = {});
  ~McpClient();

  // Sends one raw line.
  void SendLine(const std::string& line);
  // Sends a request and returns its id.
  json Request(const std::string& method, json params = json::object());
  void Notify(const std::string& method, json params = json::object());
  // The response to `id`, waiting up to `timeout`; a null json on timeout.
  json WaitResponse(const json& id, std::chrono::milliseconds timeout = std::chrono::seconds(20));
  // Request, then its response.
  json Call(const std::string& method, json params = json::object());
  // initialize + notifications/initialized; returns the initialize result.
  json Initialize(const std::string& version = "2025-11-25");
  // tools/call and its result (or error response).
  json CallTool(const std::string& name, json arguments);
  // Waits until a message satisfies `pred`; true if one did.
  bool WaitFor(const std::function<bool(const json&)>& pred,
               std::chrono::milliseconds timeout = std::chrono::seconds(20));

  // Every message received so far, in order.
  std::vector<json> Messages();
  // The session the client talks to (to set what a transport would).
  mcp::Session& session() { return *session_; }
  void WaitIdle();

 private:
  std::unique_ptr<mcp::Server> server_;
  std::unique_ptr<mcp::Session> session_;
  std::mutex mu_;
  std::condition_variable arrived_;
  std::vector<json> messages_;
  int next_id_ = 1;
};

// The demo workspace, opened once per test binary.
const contexts::Workspace& DemoWorkspace();

}  // namespace kbot::testing
