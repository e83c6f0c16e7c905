#include "tests/support/mcp_client.h"

#include <stdexcept>

#include "app/mcp_catalog.h"
#include "demo/demo_context.h"

namespace kbot::testing {

McpClient::McpClient(const contexts::Workspace& workspace, std::vector<mcp::Tool> tools,
                     mcp::ServerOptions options) {
  absl::StatusOr<std::unique_ptr<mcp::Server>> server =
      mcp::Server::Create(std::move(tools), app::McpHooks(workspace), std::move(options));
  if (!server.ok()) throw std::runtime_error(std::string(server.status().message()));
  server_ = *std::move(server);
  session_ = std::make_unique<mcp::Session>(*server_, [this](const std::string& line) {
    json message = json::parse(line);  // the session must only ever send valid JSON
    std::lock_guard<std::mutex> lock(mu_);
    messages_.push_back(std::move(message));
    arrived_.notify_all();
  });
}

McpClient::~McpClient() {
  session_.reset();
  server_.reset();
}

void McpClient::SendLine(const std::string& line) { session_->Receive(line); }

json McpClient::Request(const std::string& method, json params) {
  const json id = next_id_++;
  SendLine(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump());
  return id;
}

void McpClient::Notify(const std::string& method, json params) {
  SendLine(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}}.dump());
}

json McpClient::WaitResponse(const json& id, std::chrono::milliseconds timeout) {
  json found;
  WaitFor(
      [&](const json& m) {
        if (m.contains("id") && m["id"] == id && !m.contains("method")) {
          found = m;
          return true;
        }
        return false;
      },
      timeout);
  return found;
}

json McpClient::Call(const std::string& method, json params) {
  return WaitResponse(Request(method, std::move(params)));
}

json McpClient::Initialize(const std::string& version) {
  json response = Call("initialize", {{"protocolVersion", version},
                                      {"capabilities", json::object()},
                                      {"clientInfo", {{"name", "test"}, {"version", "1"}}}});
  Notify("notifications/initialized");
  return response.value("result", json());
}

json McpClient::CallTool(const std::string& name, json arguments) {
  return Call("tools/call", {{"name", name}, {"arguments", std::move(arguments)}});
}

bool McpClient::WaitFor(const std::function<bool(const json&)>& pred,
                        std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  size_t seen = 0;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    for (; seen < messages_.size(); ++seen) {
      if (pred(messages_[seen])) return true;
    }
    if (arrived_.wait_until(lock, deadline) == std::cv_status::timeout) {
      for (; seen < messages_.size(); ++seen) {
        if (pred(messages_[seen])) return true;
      }
      return false;
    }
  }
}

std::vector<json> McpClient::Messages() {
  std::lock_guard<std::mutex> lock(mu_);
  return messages_;
}

void McpClient::WaitIdle() { session_->WaitIdle(); }

const contexts::Workspace& DemoWorkspace() {
  static const contexts::Workspace* workspace = [] {
    absl::StatusOr<contexts::Workspace> w = contexts::Workspace::Open({}, demo::MakeDemoContext);
    if (!w.ok()) throw std::runtime_error(std::string(w.status().message()));
    return new contexts::Workspace(*std::move(w));
  }();
  return *workspace;
}

}  // namespace kbot::testing
