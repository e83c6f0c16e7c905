// A Streamable HTTP transport on a loopback port over kbot's test tools, and
// cpp-httplib's client to post to it: what the HTTP tests of tests/mcp share.
#pragma once

#include <httplib.h>
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "mcp/http_transport.h"
#include "mcp/json_rpc.h"
#include "tests/support/test_tools.h"

namespace kbot::testing {

using mcp::HttpOptions;
using mcp::HttpTransport;
using mcp::Server;
using mcp::ServerOptions;
using nlohmann::json;

inline const json kInitialize = {{"jsonrpc", "2.0"},
                          {"id", 1},
                          {"method", "initialize"},
                          {"params",
                           {{"protocolVersion", "2025-11-25"},
                            {"capabilities", json::object()},
                            {"clientInfo", {{"name", "test"}, {"version", "1"}}}}}};

inline json Request(int id, const std::string& method, json params = json::object()) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}

inline json CallTool(int id, const std::string& name, json arguments, json progress_token = nullptr) {
  json params = {{"name", name}, {"arguments", std::move(arguments)}};
  if (!progress_token.is_null()) params["_meta"] = {{"progressToken", progress_token}};
  return Request(id, "tools/call", std::move(params));
}

// The JSON of each `data:` line of an SSE body, in order.
inline std::vector<json> SseMessages(const std::string& body) {
  std::vector<json> out;
  for (absl::string_view line : absl::StrSplit(body, '\n')) {
    if (absl::ConsumePrefix(&line, "data: ")) out.push_back(json::parse(line));
  }
  return out;
}

class Http : public ::testing::Test {
 protected:
  // Serves kbot's test tools (testing::TestTools).
  void Start(HttpOptions options = {}) {
    StartWith(TestTools(&stopped_at_, &started_), {}, std::move(options));
  }

  // Serves `tools` and `hooks` on a loopback port, progress unthrottled.
  void StartWith(std::vector<mcp::Tool> tools, mcp::ServerHooks hooks, HttpOptions options = {}) {
    ServerOptions server_options;
    server_options.progress_interval = std::chrono::milliseconds(0);
    absl::StatusOr<std::unique_ptr<Server>> server =
        Server::Create(std::move(tools), std::move(hooks), server_options);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
    options.port = 0;
    options.keepalive = std::chrono::milliseconds(50);
    absl::StatusOr<std::unique_ptr<HttpTransport>> transport =
        HttpTransport::Bind(*server_, std::move(options));
    ASSERT_TRUE(transport.ok()) << transport.status();
    transport_ = *std::move(transport);
    serving_ = std::thread([this] { transport_->Serve(); });
  }

  void TearDown() override {
    if (transport_) transport_->Stop();
    if (serving_.joinable()) serving_.join();
    transport_.reset();
  }

  httplib::Client Client() {
    httplib::Client c("127.0.0.1", transport_->port());
    c.set_read_timeout(20, 0);
    return c;
  }

  httplib::Headers Headers(const std::string& session = "") {
    httplib::Headers h = {{"Accept", "application/json, text/event-stream"}};
    if (!session.empty()) h.emplace("Mcp-Session-Id", session);
    return h;
  }

  httplib::Result Post(const json& message, httplib::Headers headers) {
    return Client().Post("/mcp", headers, message.dump(), "application/json");
  }

  // initialize (declaring `capabilities`) + notifications/initialized; the
  // session id.
  std::string Initialize(json capabilities = json::object()) {
    json initialize = kInitialize;
    initialize["params"]["capabilities"] = std::move(capabilities);
    httplib::Result r = Post(initialize, Headers());
    EXPECT_TRUE(r) << httplib::to_string(r.error());
    if (!r) return "";
    EXPECT_EQ(r->status, 200) << r->body;
    const std::string id = r->get_header_value("Mcp-Session-Id");
    EXPECT_FALSE(id.empty());
    httplib::Result n = Post({{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}, Headers(id));
    EXPECT_TRUE(n && n->status == 202);
    return id;
  }

  static void ExpectRefusal(const httplib::Result& r, int status, const std::string& words) {
    ASSERT_TRUE(r) << httplib::to_string(r.error());
    EXPECT_EQ(r->status, status) << r->body;
    const json body = json::parse(r->body, nullptr, false);
    ASSERT_TRUE(body.contains("error")) << r->body;
    EXPECT_NE(body["error"]["message"].get<std::string>().find(words), std::string::npos) << r->body;
  }

  std::atomic<int> stopped_at_{0};
  std::atomic<bool> started_{false};
  std::unique_ptr<Server> server_;
  std::unique_ptr<HttpTransport> transport_;
  std::thread serving_;
};

}  // namespace kbot::testing
