// An in-memory MCP session that keeps each message with its route, and the
// extras a server core may be given (prompts, resources, templates, a tool
// that asks its client): what tests/mcp's dispatcher tests share.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "mcp/extras.h"
#include "mcp/json_rpc.h"
#include "mcp/server.h"

namespace kbot::testing {

using mcp::Route;
using mcp::Server;
using mcp::ServerHooks;
using mcp::ServerOptions;
using mcp::Session;
using mcp::Tool;
using nlohmann::json;

// The error code of a response; 0 for a result.
inline int ErrorCode(const json& response) {
  return response.contains("error") ? response["error"]["code"].get<int>() : 0;
}

// A tool that sends the client the request its arguments name and returns
// the answer (or the error) as text; no outputSchema.
Tool AskTool();

// Prompts (greet, plain), resources (test://one; test://gone, whose read
// fails NotFound), a template (test://item/{id}/data) and the app's own
// resource app://file.
ServerHooks Extras();

// A session over an in-memory stream that keeps each message with its route.
class Harness {
 public:
  Harness(std::vector<Tool> tools, ServerHooks hooks, ServerOptions options = {}) {
    options.progress_interval = std::chrono::milliseconds(0);
    absl::StatusOr<std::unique_ptr<Server>> server =
        Server::Create(std::move(tools), std::move(hooks), std::move(options));
    EXPECT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
    session_ = std::make_unique<Session>(
        *server_, Session::RoutedSink([this](const std::string& line, const Route& route) {
          std::lock_guard<std::mutex> lock(mu_);
          messages_.push_back({line.empty() ? json() : json::parse(line), route});
          arrived_.notify_all();
        }));
  }
  ~Harness() { session_.reset(); }

  struct Message {
    json message;  // null: a request ended without a response
    Route route;
  };

  Server& server() { return *server_; }
  void Send(const json& message) { session_->Receive(message.dump()); }
  json Request(const std::string& method, json params = json::object()) {
    const json id = next_id_++;
    Send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
    return id;
  }
  // The first message (from the start) that satisfies `pred`; null after 20 s.
  Message WaitFor(const std::function<bool(const json&)>& pred) {
    std::unique_lock<std::mutex> lock(mu_);
    Message found;
    arrived_.wait_for(lock, std::chrono::seconds(20), [&] {
      for (const Message& m : messages_) {
        if (!m.message.is_null() && pred(m.message)) {
          found = m;
          return true;
        }
      }
      return false;
    });
    return found;
  }
  json WaitResponse(const json& id) {
    return WaitFor([&](const json& m) { return m.value("id", json()) == id && !m.contains("method"); })
        .message;
  }
  json Call(const std::string& method, json params = json::object()) {
    return WaitResponse(Request(method, std::move(params)));
  }
  json Initialize(json capabilities = json::object()) {
    json result = Call("initialize", {{"protocolVersion", "2025-11-25"},
                                      {"capabilities", std::move(capabilities)},
                                      {"clientInfo", {{"name", "test"}, {"version", "1"}}}})["result"];
    Send({{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}});
    return result;
  }
  std::vector<Message> Messages() {
    std::lock_guard<std::mutex> lock(mu_);
    return messages_;
  }

 private:
  std::unique_ptr<Server> server_;
  std::unique_ptr<Session> session_;
  std::mutex mu_;
  std::condition_variable arrived_;
  std::vector<Message> messages_;
  int next_id_ = 1;
};

}  // namespace kbot::testing
