// Streamable HTTP under MCP 2026-07-28, through a real socket: no session is
// made or needed, the standard headers are required and checked against the
// body (-32020), refusals carry the revision's status codes (400, 404),
// progress streams on the request's own response, a subscriptions/listen
// stays open until its client leaves, and the handshake revision goes on
// beside it.
#include <gtest/gtest.h>

#include <future>

#include "absl/strings/escaping.h"
#include "mcp/revision.h"
#include "tests/support/http_fixture.h"

namespace kbot::mcp {
namespace {

using nlohmann::json;
using testing::CallTool;
using testing::Http;
using testing::Request;
using testing::SseMessages;

json WithEnvelope(json message) {
  message["params"]["_meta"][kMetaProtocolVersion] = "2026-07-28";
  message["params"]["_meta"][kMetaClientCapabilities] = json::object();
  return message;
}

// The headers a 2026-07-28 client sends with `message`.
httplib::Headers StandardHeaders(const json& message, const std::string& name = "") {
  httplib::Headers h = {{"Accept", "application/json, text/event-stream"},
                        {"MCP-Protocol-Version", "2026-07-28"},
                        {"Mcp-Method", message["method"].get<std::string>()}};
  if (!name.empty()) h.emplace("Mcp-Name", name);
  return h;
}

// `headers` with `name` replaced by `value` (removed when `value` is empty).
httplib::Headers Replaced(httplib::Headers headers, const std::string& name,
                          const std::string& value) {
  headers.erase(name);
  if (!value.empty()) headers.emplace(name, value);
  return headers;
}

class HttpStateless : public Http {};

TEST_F(HttpStateless, RequestsAreAnsweredWithoutASession) {
  Start();
  const json list = WithEnvelope(Request(1, "tools/list"));
  httplib::Result r = Post(list, StandardHeaders(list));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  EXPECT_FALSE(r->has_header("Mcp-Session-Id")) << "no session is minted";
  const json body = json::parse(r->body);
  EXPECT_EQ(body["result"]["resultType"], "complete");
  EXPECT_EQ(body["result"]["cacheScope"], "public");

  const json call = WithEnvelope(CallTool(2, "echo", {{"text", "hi"}, {"times", 2}}));
  r = Post(call, StandardHeaders(call, "echo"));
  ASSERT_TRUE(r);
  EXPECT_EQ(json::parse(r->body)["result"]["structuredContent"]["text"], "hihi") << r->body;
  EXPECT_EQ(transport_->session_count(), 0u);

  const json discover = WithEnvelope(Request(3, "server/discover"));
  r = Post(discover, StandardHeaders(discover));
  ASSERT_TRUE(r);
  EXPECT_EQ(json::parse(r->body)["result"]["supportedVersions"], json::array({"2026-07-28"}));
  const json bare = Request(4, "server/discover");
  ExpectRefusal(Post(bare, StandardHeaders(bare)), 400, "_meta");
}

TEST_F(HttpStateless, TheStandardHeadersMustAgreeWithTheBody) {
  Start();
  const json call = WithEnvelope(CallTool(1, "echo", {{"text", "x"}}));
  const httplib::Headers standard = StandardHeaders(call, "echo");
  ExpectRefusal(Post(call, Replaced(standard, "MCP-Protocol-Version", "")), 400,
                "MCP-Protocol-Version header is required");
  ExpectRefusal(Post(call, Replaced(standard, "MCP-Protocol-Version", "2025-11-25")), 400,
                "does not match body value '2026-07-28'");
  json unknown_in_meta = call;  // header and _meta disagree: a mismatch, whatever _meta says
  unknown_in_meta["params"]["_meta"][kMetaProtocolVersion] = "v999";
  httplib::Result mismatch = Post(unknown_in_meta, StandardHeaders(call, "echo"));
  ASSERT_TRUE(mismatch);
  EXPECT_EQ(json::parse(mismatch->body)["error"]["code"], kHeaderMismatch) << mismatch->body;
  ExpectRefusal(Post(call, Replaced(standard, "Mcp-Method", "")), 400,
                "Mcp-Method header is required");
  ExpectRefusal(Post(call, Replaced(standard, "Mcp-Method", "TOOLS/CALL")), 400,
                "value 'TOOLS/CALL' does not match");
  ExpectRefusal(Post(call, StandardHeaders(call)), 400, "tools/call needs the Mcp-Name header");
  ExpectRefusal(Post(call, StandardHeaders(call, "slow")), 400,
                "Mcp-Name header value 'slow' does not match body value 'echo'");
  httplib::Result r = Post(call, StandardHeaders(call, "echo"));
  ASSERT_TRUE(r);
  EXPECT_EQ(json::parse(r->body)["error"]["code"], nullptr) << "no error: " << r->body;

  // Header names in any case, values with the spaces HTTP allows, and a
  // name in the revision's base64 form.
  httplib::Headers encoded = {{"accept", "application/json"},
                              {"mcp-protocol-version", " 2026-07-28"},
                              {"MCP-METHOD", "tools/call "},
                              {"Mcp-Name", "=?base64?" + absl::Base64Escape("echo") + "?="}};
  r = Post(call, encoded);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(json::parse(r->body)["result"]["structuredContent"]["text"], "x") << r->body;

  // A name with percent escapes, byte for byte in the header and the body.
  const json read = WithEnvelope(Request(2, "resources/read", {{"uri", "kbot://demo/a%2Fb%20c.gaf"}}));
  r = Post(read, StandardHeaders(read, "kbot://demo/a%2Fb%20c.gaf"));
  ASSERT_TRUE(r);
  EXPECT_NE(json::parse(r->body)["error"]["code"], kHeaderMismatch) << r->body;
}

TEST_F(HttpStateless, RefusalsCarryTheRevisionsStatusCodes) {
  Start();
  json unsupported = WithEnvelope(Request(1, "tools/list"));
  unsupported["params"]["_meta"][kMetaProtocolVersion] = "1900-01-01";
  httplib::Result r =
      Post(unsupported, Replaced(StandardHeaders(unsupported), "MCP-Protocol-Version", "1900-01-01"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_EQ(json::parse(r->body)["error"]["code"], kUnsupportedProtocolVersion);
  EXPECT_EQ(json::parse(r->body)["error"]["data"]["requested"], "1900-01-01");

  json no_caps = WithEnvelope(Request(2, "tools/list"));
  no_caps["params"]["_meta"].erase(kMetaClientCapabilities);
  r = Post(no_caps, StandardHeaders(no_caps));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_EQ(json::parse(r->body)["error"]["code"], kInvalidParams);

  const json ping = WithEnvelope(Request(3, "ping"));
  r = Post(ping, StandardHeaders(ping));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404) << "an unknown method, with its JSON-RPC body";
  EXPECT_EQ(json::parse(r->body)["error"]["code"], kMethodNotFound);

  const json unknown_tool = WithEnvelope(CallTool(4, "nope", json::object()));
  r = Post(unknown_tool, StandardHeaders(unknown_tool, "nope"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << "an ordinary error is still a response";
  EXPECT_EQ(json::parse(r->body)["error"]["code"], kInvalidParams);

  const json notification = WithEnvelope({{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"},
                                          {"params", {{"requestId", 9}}}});
  r = Post(notification, StandardHeaders(notification));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 202);
}

TEST_F(HttpStateless, ProgressStreamsOnTheRequestsOwnResponse) {
  Start();
  json call = WithEnvelope(CallTool(7, "slow", {{"steps", 3}}, "tok"));
  httplib::Result r = Post(call, StandardHeaders(call, "slow"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->get_header_value("Content-Type"), "text/event-stream");
  const std::vector<json> messages = SseMessages(r->body);
  ASSERT_GE(messages.size(), 2u);
  EXPECT_EQ(messages.front()["method"], "notifications/progress");
  EXPECT_EQ(messages.back()["id"], 7);
  EXPECT_EQ(messages.back()["result"]["resultType"], "complete");
}

TEST_F(HttpStateless, AListenStaysOpenUntilTheServerStops) {
  Start();
  const json listen = WithEnvelope(
      Request(5, "subscriptions/listen", {{"notifications", {{"toolsListChanged", true}}}}));
  auto reader = std::async(std::launch::async, [&] {
    httplib::Result r =
        Client().Post("/mcp", StandardHeaders(listen), listen.dump(), "application/json");
    return r ? r->body : std::string();
  });
  // The acknowledgement arrives, then the stream stays open with keepalives
  // until Stop ends it (without Stop it would wait for the client to leave).
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(reader.wait_for(std::chrono::milliseconds(0)), std::future_status::timeout)
      << "the listen stream is still open";
  transport_->Stop();
  ASSERT_EQ(reader.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  const std::vector<json> messages = SseMessages(reader.get());
  ASSERT_FALSE(messages.empty());
  EXPECT_EQ(messages[0]["method"], "notifications/subscriptions/acknowledged");
  EXPECT_EQ(messages[0]["params"]["_meta"][kMetaSubscriptionId], 5);
}

TEST_F(HttpStateless, TheHandshakeRevisionGoesOnBesideIt) {
  Start();
  const std::string session = Initialize();
  httplib::Result r = Post(Request(2, "ping"), Headers(session));
  ASSERT_TRUE(r);
  EXPECT_EQ(json::parse(r->body)["result"], json::object());
  const json list = WithEnvelope(Request(3, "tools/list"));
  r = Post(list, StandardHeaders(list));
  ASSERT_TRUE(r);
  EXPECT_EQ(json::parse(r->body)["result"]["resultType"], "complete");
  ExpectRefusal(Post(Request(4, "tools/list"), Headers()), 400, "Mcp-Session-Id is required");
}

}  // namespace
}  // namespace kbot::mcp
