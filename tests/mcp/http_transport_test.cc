// MCP over Streamable HTTP, through a real socket on loopback with
// cpp-httplib's client: the session lifecycle, every refusal (Host, Origin,
// token, session, protocol version, body size, content type, malformed
// JSON), SSE progress order, a cancelled call, the standalone GET stream, and
// two clients at once.
#include "mcp/http_transport.h"

#include <httplib.h>
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "absl/strings/str_split.h"
#include "mcp/json_rpc.h"
#include "tests/support/http_fixture.h"
#include "tests/support/mcp_client.h"
#include "tests/support/test_tools.h"

namespace kbot::mcp {
namespace {

using nlohmann::json;
using testing::CallTool;
using testing::Http;
using testing::kInitialize;
using testing::Request;
using testing::SseMessages;

TEST_F(Http, InitializeIssuesASessionThenCallsAnswerAsJson) {
  Start();
  const std::string session = Initialize();
  EXPECT_EQ(session.size(), 32u);
  httplib::Result r = Post(CallTool(2, "echo", {{"text", "hi"}, {"times", 2}}), Headers(session));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type"), "application/json");
  const json answer = json::parse(r->body);
  EXPECT_EQ(answer["id"], 2);
  EXPECT_EQ(answer["result"]["structuredContent"]["text"], "hihi");
  EXPECT_EQ(transport_->session_count(), 1u);
}

TEST_F(Http, SessionsAreRequiredKnownAndEndWithDelete) {
  Start();
  ExpectRefusal(Post(Request(2, "ping"), Headers()), 400, "Mcp-Session-Id is required");
  ExpectRefusal(Post(Request(2, "ping"), Headers("0123")), 404, "session 0123 is unknown");
  const std::string session = Initialize();
  httplib::Result ping = Post(Request(2, "ping"), Headers(session));
  ASSERT_TRUE(ping);
  EXPECT_EQ(json::parse(ping->body)["result"], json::object());
  httplib::Result del = Client().Delete("/mcp", Headers(session));
  ASSERT_TRUE(del);
  EXPECT_EQ(del->status, 204);
  ExpectRefusal(Post(Request(3, "ping"), Headers(session)), 404, "unknown or has ended");
  EXPECT_EQ(transport_->session_count(), 0u);
}

TEST_F(Http, UnsupportedProtocolVersionIs400AndAMissingOneIsFine) {
  Start();
  const std::string session = Initialize();
  httplib::Headers h = Headers(session);
  h.emplace("MCP-Protocol-Version", "1999-01-01");
  ExpectRefusal(Post(Request(2, "ping"), h), 400, "MCP-Protocol-Version 1999-01-01 is not supported");
  h = Headers(session);
  h.emplace("MCP-Protocol-Version", "2025-06-18");
  httplib::Result ok = Post(Request(3, "ping"), h);
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
}

TEST_F(Http, ForeignHostAndOriginAre403AndLocalOnesPass) {
  Start();
  httplib::Headers h = Headers();
  h.emplace("Origin", "http://evil.example");
  ExpectRefusal(Post(kInitialize, h), 403, "Origin \"http://evil.example\" is not allowed");
  h = Headers();
  h.emplace("Origin", "null");
  ExpectRefusal(Post(kInitialize, h), 403, "is not allowed");
  h = Headers();
  h.emplace("Host", "evil.example:80");
  ExpectRefusal(Post(kInitialize, h), 403, "not this machine's loopback address");
  h = Headers();
  h.emplace("Origin", "http://localhost:5173");
  httplib::Result ok = Post(kInitialize, h);
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
}

TEST_F(Http, AllowedOriginsAreAdded) {
  HttpOptions options;
  options.allowed_origins = {"https://Tools.Example/"};
  Start(options);
  httplib::Headers h = Headers();
  h.emplace("Origin", "https://tools.example");
  httplib::Result ok = Post(kInitialize, h);
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
}

TEST_F(Http, ATokenIsRequiredOnEveryRequestWhenSet) {
  HttpOptions options;
  options.token = "s3cret";
  Start(options);
  httplib::Result missing = Post(kInitialize, Headers());
  ExpectRefusal(missing, 401, "needs Authorization: Bearer");
  EXPECT_EQ(missing->get_header_value("WWW-Authenticate"), "Bearer");
  httplib::Headers h = Headers();
  h.emplace("Authorization", "Bearer s3cres");
  ExpectRefusal(Post(kInitialize, h), 401, "the bearer token is wrong");
  h = Headers();
  h.emplace("Authorization", "bearer s3cret");
  httplib::Result ok = Post(kInitialize, h);
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
  // After initialize too: the session id alone is not enough.
  ExpectRefusal(Post(Request(2, "ping"), Headers(ok->get_header_value("Mcp-Session-Id"))), 401,
                "Bearer");
}

TEST_F(Http, ANonLoopbackAddressNeedsAToken) {
  absl::StatusOr<std::unique_ptr<Server>> server =
      Server::Create(testing::TestTools(), {}, {});
  ASSERT_TRUE(server.ok());
  HttpOptions options;
  options.host = "0.0.0.0";
  options.port = 0;
  absl::StatusOr<std::unique_ptr<HttpTransport>> t = HttpTransport::Bind(**server, options);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(t.status().message().find("--token"), absl::string_view::npos);
}

TEST_F(Http, BadBodiesAreRefusedWithTheirReason) {
  HttpOptions options;
  options.max_body_bytes = 1000;
  Start(options);
  const std::string session = Initialize();
  ExpectRefusal(Client().Post("/mcp", Headers(session), std::string(2000, ' '), "application/json"),
                413, "over the 1000-byte limit");
  httplib::Result bad = Client().Post("/mcp", Headers(session), "{\"jsonrpc\": ", "application/json");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->status, 400);
  EXPECT_EQ(json::parse(bad->body)["error"]["code"], kParseError);
  httplib::Result batch = Client().Post("/mcp", Headers(session), "[]", "application/json");
  ASSERT_TRUE(batch);
  EXPECT_EQ(json::parse(batch->body)["error"]["code"], kInvalidRequest);
  ExpectRefusal(Client().Post("/mcp", Headers(session), "{}", "text/plain"), 415, "Content-Type");
  httplib::Headers images = {{"Accept", "image/png"}, {"Mcp-Session-Id", session}};
  ExpectRefusal(Post(Request(2, "ping"), images), 406, "Accept");
  ExpectRefusal(Client().Put("/mcp", Headers(session), "{}", "application/json"), 405, "PUT");
  ExpectRefusal(Client().Get("/elsewhere"), 404, "/elsewhere: not found");
  // The session survived all of that.
  httplib::Result ping = Post(Request(9, "ping"), Headers(session));
  ASSERT_TRUE(ping);
  EXPECT_EQ(ping->status, 200);
}

TEST_F(Http, ProgressComesFirstOnAnSseStreamThatEndsWithTheResponse) {
  Start();
  const std::string session = Initialize();
  httplib::Result r = Post(CallTool(5, "slow", {{"steps", 20}}, "tok"), Headers(session));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type"), "text/event-stream");
  const std::vector<json> messages = SseMessages(r->body);
  ASSERT_EQ(messages.size(), 21u) << r->body;
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(messages[size_t(i)]["method"], "notifications/progress");
    EXPECT_EQ(messages[size_t(i)]["params"]["progressToken"], "tok");
    EXPECT_EQ(messages[size_t(i)]["params"]["progress"], i + 1) << "in order, each once";
  }
  EXPECT_EQ(messages[20]["id"], 5);
  EXPECT_EQ(messages[20]["result"]["structuredContent"]["steps"], 20);
}

TEST_F(Http, AClientWithoutSseGetsTheResponseAsJsonAlone) {
  Start();
  const std::string session = Initialize();
  httplib::Headers h = {{"Accept", "application/json"}, {"Mcp-Session-Id", session}};
  httplib::Result r = Post(CallTool(5, "slow", {{"steps", 5}}, "tok"), h);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->get_header_value("Content-Type"), "application/json");
  EXPECT_EQ(json::parse(r->body)["result"]["structuredContent"]["steps"], 5);
}

TEST_F(Http, LogLinesTravelOnTheirRequestsStream) {
  Start();
  const std::string session = Initialize();
  Post(Request(2, "logging/setLevel", {{"level", "info"}}), Headers(session));
  httplib::Result r = Post(CallTool(3, "chatty", json::object()), Headers(session));
  ASSERT_TRUE(r);
  const std::vector<json> messages = SseMessages(r->body);
  ASSERT_EQ(messages.size(), 3u) << r->body;
  EXPECT_EQ(messages[0]["params"]["data"], "an info line");
  EXPECT_EQ(messages[1]["params"]["data"], "a warning line");
  EXPECT_EQ(messages[2]["id"], 3);
}

TEST_F(Http, ACancelledCallStopsAndItsStreamEndsWithoutAResponse) {
  Start();
  const std::string session = Initialize();
  std::string body;
  std::thread call([&] {
    httplib::Result r = Post(CallTool(7, "slow", json::object(), "p"), Headers(session));
    if (r) body = r->body;
  });
  // Wait until it runs, then cancel it from another connection.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!started_ && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_TRUE(started_) << "the slow call began";
  httplib::Result cancel = Post({{"jsonrpc", "2.0"},
                                 {"method", "notifications/cancelled"},
                                 {"params", {{"requestId", 7}, {"reason", "test"}}}},
                                Headers(session));
  ASSERT_TRUE(cancel);
  EXPECT_EQ(cancel->status, 202);
  call.join();
  EXPECT_GT(stopped_at_.load(), 0) << "the tool saw the cancellation";
  const std::vector<json> messages = SseMessages(body);
  for (const json& m : messages) EXPECT_FALSE(m.contains("id")) << "no response: " << m;
  // The id is free again, and the session goes on.
  httplib::Result again = Post(CallTool(7, "echo", {{"text", "x"}}), Headers(session));
  ASSERT_TRUE(again);
  EXPECT_EQ(json::parse(again->body)["result"]["structuredContent"]["text"], "x");
}

TEST_F(Http, TheStandaloneStreamStaysOpenUntilTheSessionEnds) {
  Start();
  const std::string session = Initialize();
  std::atomic<bool> opened{false};
  std::string received;
  std::thread listen([&] {
    httplib::Headers h = {{"Accept", "text/event-stream"}, {"Mcp-Session-Id", session}};
    Client().Get(
        "/mcp", h,
        [&](const httplib::Response& res) {
          EXPECT_EQ(res.status, 200);
          EXPECT_EQ(res.get_header_value("Content-Type"), "text/event-stream");
          return true;
        },
        [&](const char* data, size_t n) {
          received.append(data, n);
          opened = true;
          return true;
        });
  });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!opened && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(opened) << "a keepalive comment arrives";
  httplib::Result del = Client().Delete("/mcp", Headers(session));
  ASSERT_TRUE(del);
  listen.join();  // DELETE ended the stream
  EXPECT_EQ(received.rfind(": keepalive\n\n", 0), 0u) << received;
  httplib::Headers h = {{"Accept", "application/json"}, {"Mcp-Session-Id", session}};
  ExpectRefusal(Client().Get("/mcp", h), 405, "Accept text/event-stream");
}

TEST_F(Http, TwoClientsAtOnceEachGetTheirOwnAnswers) {
  Start();
  const std::string a = Initialize();
  const std::string b = Initialize();
  ASSERT_NE(a, b);
  std::atomic<int> wrong{0};
  auto run = [&](const std::string& session, const std::string& who) {
    for (int i = 0; i < 40; ++i) {
      const std::string text = who + std::to_string(i);
      httplib::Result r = Post(CallTool(i, "echo", {{"text", text}}), Headers(session));
      if (!r || json::parse(r->body)["result"]["structuredContent"]["text"] != text ||
          json::parse(r->body)["id"] != i) {
        ++wrong;
      }
    }
  };
  std::thread first(run, a, "a");
  std::thread second(run, b, "b");
  // A slow call in a third session does not hold the other two up.
  const std::string c = Initialize();
  std::thread slow([&] { Post(CallTool(1, "slow", {{"steps", 200}}), Headers(c)); });
  first.join();
  second.join();
  slow.join();
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace
}  // namespace kbot::mcp
