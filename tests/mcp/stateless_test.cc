// MCP 2026-07-28 through the dispatcher, beside the handshake revisions:
// server/discover, the per-request _meta envelope and its errors, resultType,
// server identity and cache fields on results, methods the revision removed,
// per-request log levels and capabilities, multi round-trip requests
// (InputRequiredResult and the retry), and subscriptions/listen.
#include <gtest/gtest.h>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "mcp/revision.h"
#include "tests/support/mcp_harness.h"
#include "tests/support/test_tools.h"

namespace kbot::mcp {
namespace {

using kbot::testing::AskTool;
using kbot::testing::ErrorCode;
using kbot::testing::Extras;
using kbot::testing::Harness;
using nlohmann::json;

json Envelope(json capabilities = json::object()) {
  return {{kMetaProtocolVersion, "2026-07-28"},
          {kMetaClientCapabilities, std::move(capabilities)},
          {kMetaClientInfo, {{"name", "test"}, {"version", "1"}}}};
}

// `params` with the 2026-07-28 envelope in its _meta (merged into any _meta
// it has).
json Stateless(json params = json::object(), json capabilities = json::object()) {
  json meta = Envelope(std::move(capabilities));
  if (params.contains("_meta")) meta.update(params["_meta"]);
  params["_meta"] = std::move(meta);
  return params;
}

// Elicits two answers in turn (the second question names the first answer)
// and returns both; it does not check the client's capabilities first.
Tool TwoQuestions() {
  Tool t;
  t.name = "two_questions";
  t.description = "Asks the client two things in turn";
  t.input_schema = {{"type", "object"}, {"properties", {{"topic", {{"type", "string"}}}}}};
  t.output_schema = nullptr;
  t.handler = [](const ToolCall& call) {
    absl::StatusOr<json> first = call.client->Request(
        "elicitation/create", {{"message", "first?"}}, std::chrono::seconds(1));
    if (!first.ok()) return ToolResult::Error(first.status().ToString());
    absl::StatusOr<json> second = call.client->Request(
        "elicitation/create", {{"message", absl::StrCat("second, after ", first->dump(), "?")}},
        std::chrono::seconds(1));
    if (!second.ok()) return ToolResult::Error(second.status().ToString());
    ToolResult r;
    r.content.push_back({{"type", "text"}, {"text", json::array({*first, *second}).dump()}});
    return r;
  };
  return t;
}

TEST(Stateless, DiscoverAnswersWithoutInitialize) {
  Harness h({AskTool()}, Extras());
  {
    const json r = h.Call("server/discover", Stateless())["result"];
    EXPECT_EQ(r["supportedVersions"], json::array({"2026-07-28"}));
    EXPECT_EQ(r["resultType"], "complete");
    EXPECT_EQ(r["serverInfo"]["name"], "kbot");
    EXPECT_EQ(r["_meta"][kMetaServerInfo], r["serverInfo"]);
    EXPECT_EQ(r["ttlMs"], 3600000);
    EXPECT_EQ(r["cacheScope"], "public");
    EXPECT_EQ(r["capabilities"]["tools"]["listChanged"], false);
    EXPECT_TRUE(r["capabilities"].contains("prompts"));
    EXPECT_TRUE(r["capabilities"].contains("logging"));
  }
  EXPECT_EQ(ErrorCode(h.Call("server/discover")), kInvalidParams)
      << "discover needs its envelope too";
}

TEST(Stateless, AnUnsupportedVersionIsRefusedWithTheSupportedList) {
  Harness h({AskTool()}, Extras());
  for (const std::string v : {"2025-11-25", "1900-01-01"}) {
    json params = Stateless();
    params["_meta"][kMetaProtocolVersion] = v;
    const json r = h.Call("tools/list", params);
    EXPECT_EQ(ErrorCode(r), kUnsupportedProtocolVersion) << r;
    EXPECT_EQ(r["error"]["data"], (json{{"supported", {"2026-07-28"}}, {"requested", v}}));
  }
}

TEST(Stateless, AMalformedEnvelopeIsInvalidParams) {
  Harness h({AskTool()}, Extras());
  json no_caps = Stateless();
  no_caps["_meta"].erase(kMetaClientCapabilities);
  json number_version = Stateless();
  number_version["_meta"][kMetaProtocolVersion] = 20260728;
  json bad_level = Stateless();
  bad_level["_meta"][kMetaLogLevel] = "loud";
  for (const json& params : {no_caps, number_version, bad_level}) {
    const json r = h.Call("tools/list", params);
    EXPECT_EQ(ErrorCode(r), kInvalidParams) << params;
    EXPECT_NE(r["error"]["message"].get<std::string>().find("_meta"), std::string::npos) << r;
  }
}

TEST(Stateless, ResultsSayTheirTypeTheServerAndHowLongToKeepThem) {
  Harness h({AskTool()}, Extras());
  struct Case {
    std::string method;
    json params;
    json ttl;  // null: no cache fields
    std::string scope;
  };
  const std::vector<Case> cases = {
      {"tools/list", json::object(), 3600000, "public"},
      {"prompts/list", json::object(), 3600000, "public"},
      {"resources/templates/list", json::object(), 3600000, "public"},
      {"resources/list", json::object(), 10000, "private"},
      {"resources/read", {{"uri", "test://one"}}, 60000, "private"},
      {"prompts/get", {{"name", "plain"}}, nullptr, ""},
      {"completion/complete",
       {{"ref", {{"type", "ref/prompt"}, {"name", "greet"}}},
        {"argument", {{"name", "name"}, {"value", "an"}}}},
       nullptr, ""},
      {"tools/call", {{"name", "ask"}, {"arguments", {{"method", "x"}, {"capability", "roots"}}}},
       nullptr, ""},
  };
  for (const Case& c : cases) {
    const json r = h.Call(c.method, Stateless(c.params));
    ASSERT_TRUE(r.contains("result")) << c.method << ": " << r;
    EXPECT_EQ(r["result"]["resultType"], "complete") << c.method;
    EXPECT_EQ(r["result"]["_meta"][kMetaServerInfo]["name"], "kbot") << c.method;
    if (c.ttl.is_null()) {
      EXPECT_FALSE(r["result"].contains("ttlMs")) << c.method;
      EXPECT_FALSE(r["result"].contains("cacheScope")) << c.method;
    } else {
      EXPECT_EQ(r["result"]["ttlMs"], c.ttl) << c.method;
      EXPECT_EQ(r["result"]["cacheScope"], c.scope) << c.method;
    }
  }
  EXPECT_EQ(h.Call("tools/list", Stateless())["result"]["tools"],
            h.Call("tools/list", Stateless())["result"]["tools"])
      << "the same order every time";
}

TEST(Stateless, TheRemovedMethodsAreNotFoundAndNoSessionIsNeededOrMade) {
  Harness h({AskTool()}, Extras(), [] {
    ServerOptions o;
    o.resource_subscriptions = true;
    return o;
  }());
  for (const std::string method :
       {"ping", "initialize", "logging/setLevel", "resources/subscribe", "no/such"}) {
    EXPECT_EQ(ErrorCode(h.Call(method, Stateless({{"uri", "test://one"}}))), kMethodNotFound)
        << method;
  }
  EXPECT_EQ(ErrorCode(h.Call("tools/list")), kInvalidRequest)
      << "stateless requests did not initialize the session";
  h.Initialize();
  EXPECT_EQ(ErrorCode(h.Call("tools/list")), 0);
  EXPECT_EQ(ErrorCode(h.Call("subscriptions/listen", {{"notifications", json::object()}})),
            kMethodNotFound)
      << "listen is 2026-07-28's";
  EXPECT_EQ(h.Call("tools/list", Stateless())["result"]["resultType"], "complete")
      << "both revisions on one connection";
  EXPECT_FALSE(h.Call("tools/list")["result"].contains("resultType"))
      << "the handshake revision's results are as they were";
}

TEST(Stateless, AResourceNotFoundIsInvalidParamsWithItsUri) {
  Harness h({AskTool()}, Extras());
  const json r = h.Call("resources/read", Stateless({{"uri", "app://nothing"}}));
  EXPECT_EQ(ErrorCode(r), kInvalidParams);
  EXPECT_EQ(r["error"]["data"], (json{{"uri", "app://nothing"}}));
  h.Initialize();
  EXPECT_EQ(ErrorCode(h.Call("resources/read", {{"uri", "app://nothing"}})), kResourceNotFound)
      << "-32002 stays for the handshake revisions";
}

TEST(Stateless, LogLinesOnlyForARequestThatSetsALevel) {
  Harness h(kbot::testing::TestTools(), {});
  auto lines_about = [&](const json& id) {
    std::vector<std::string> lines;
    for (const Harness::Message& m : h.Messages()) {
      if (m.message.value("method", "") == "notifications/message" && m.route.request_id == id) {
        lines.push_back(m.message["params"]["level"].get<std::string>());
      }
    }
    return lines;
  };
  const json quiet = h.Request("tools/call", Stateless({{"name", "chatty"}}));
  ASSERT_TRUE(h.WaitResponse(quiet).contains("result"));
  EXPECT_TRUE(lines_about(quiet).empty());
  const json warned = h.Request(
      "tools/call", Stateless({{"name", "chatty"}, {"_meta", {{kMetaLogLevel, "warning"}}}}));
  ASSERT_TRUE(h.WaitResponse(warned).contains("result"));
  EXPECT_EQ(lines_about(warned), std::vector<std::string>{"warning"});
}

TEST(Stateless, ProgressGoesOnTheRequestsOwnRoute) {
  Harness h(kbot::testing::TestTools(), {});
  const json id = h.Request(
      "tools/call", Stateless({{"name", "slow"}, {"arguments", {{"steps", 3}}},
                               {"_meta", {{"progressToken", "p"}}}}));
  ASSERT_TRUE(h.WaitResponse(id).contains("result"));
  int progress = 0;
  for (const Harness::Message& m : h.Messages()) {
    if (m.message.value("method", "") == "notifications/progress") {
      EXPECT_EQ(m.route.request_id, id);
      EXPECT_EQ(m.message["params"]["progressToken"], "p");
      ++progress;
    }
  }
  EXPECT_GT(progress, 0);
}

TEST(Stateless, AToolSeesTheCapabilitiesOfItsOwnRequest) {
  Harness h({AskTool()}, Extras());
  const json ask = {{"name", "ask"},
                    {"arguments", {{"method", "sampling/createMessage"}, {"capability", "sampling"}}}};
  const json without = h.Call("tools/call", Stateless(ask));
  EXPECT_EQ(without["result"]["content"][0]["text"], "no sampling");
  const json with = h.Call("tools/call", Stateless(ask, {{"sampling", json::object()}}));
  EXPECT_EQ(with["result"]["resultType"], "input_required") << with;
  for (const Harness::Message& m : h.Messages()) {
    EXPECT_NE(m.message.value("method", ""), "sampling/createMessage")
        << "2026-07-28: nothing is sent to the client as a request";
  }
}

TEST(Stateless, AskingForWhatTheClientLacksIsMissingRequiredClientCapability) {
  Harness h({TwoQuestions()}, {});
  const json r = h.Call("tools/call", Stateless({{"name", "two_questions"}}));
  EXPECT_EQ(ErrorCode(r), kMissingRequiredClientCapability) << r;
  EXPECT_EQ(r["error"]["data"], (json{{"requiredCapabilities", {{"elicitation", json::object()}}}}));
}

TEST(Stateless, MultiRoundTripCarriesEarlierAnswersInRequestState) {
  Harness h({TwoQuestions()}, {});
  const json caps = {{"elicitation", json::object()}};
  const json call = {{"name", "two_questions"}, {"arguments", {{"topic", "maps"}}}};
  json r = h.Call("tools/call", Stateless(call, caps))["result"];
  ASSERT_EQ(r["resultType"], "input_required") << r;
  EXPECT_EQ(r["inputRequests"],
            (json{{"kbot-0", {{"method", "elicitation/create"}, {"params", {{"message", "first?"}}}}}}));
  ASSERT_TRUE(r["requestState"].is_string());

  json retry = call;
  retry["inputResponses"] = {{"kbot-0", {{"action", "accept"}, {"content", {{"n", 1}}}}}};
  retry["requestState"] = r["requestState"];
  r = h.Call("tools/call", Stateless(retry, caps))["result"];
  ASSERT_EQ(r["resultType"], "input_required") << r;
  ASSERT_EQ(r["inputRequests"].size(), 1u);
  EXPECT_EQ(r["inputRequests"]["kbot-1"]["params"]["message"],
            R"(second, after {"action":"accept","content":{"n":1}}?)");

  json last = call;  // only the newest answer: the first travels in the state
  last["inputResponses"] = {{"kbot-1", {{"action", "decline"}}}};
  last["requestState"] = r["requestState"];
  r = h.Call("tools/call", Stateless(last, caps))["result"];
  EXPECT_EQ(r["resultType"], "complete") << r;
  EXPECT_EQ(r["content"][0]["text"],
            R"([{"action":"accept","content":{"n":1}},{"action":"decline"}])");

  json other = last;
  other["arguments"]["topic"] = "units";
  EXPECT_EQ(ErrorCode(h.Call("tools/call", Stateless(other, caps))), kInvalidParams)
      << "a state bound to other arguments";
  json forged = last;
  forged["requestState"] = "not-kbots";
  EXPECT_EQ(ErrorCode(h.Call("tools/call", Stateless(forged, caps))), kInvalidParams);
  // A state nested a million levels deep is refused before it is parsed.
  forged["requestState"] = absl::WebSafeBase64Escape(std::string(1000000, '['));
  EXPECT_EQ(ErrorCode(h.Call("tools/call", Stateless(forged, caps))), kInvalidParams);
}

TEST(Stateless, ListenAcknowledgesWhatItHonoursThenTagsEachNotification) {
  ServerOptions options;
  options.resource_subscriptions = true;
  Harness h({AskTool()}, Extras(), options);
  const json id = h.Request(
      "subscriptions/listen",
      Stateless({{"notifications",
                  {{"toolsListChanged", true}, {"resourceSubscriptions", {"test://one"}}}}}));
  const Harness::Message ack = h.WaitFor([](const json& m) {
    return m.value("method", "") == "notifications/subscriptions/acknowledged";
  });
  ASSERT_FALSE(ack.message.is_null());
  EXPECT_EQ(ack.route.request_id, id);
  EXPECT_FALSE(ack.route.response) << "the listen request stays open";
  EXPECT_EQ(ack.message["params"],
            (json{{"_meta", {{kMetaSubscriptionId, id}}},
                  {"notifications", {{"resourceSubscriptions", {"test://one"}}}}}))
      << "kbot's lists never change: toolsListChanged is not honoured";

  h.server().NotifyResourceUpdated("test://other");
  h.server().NotifyResourceUpdated("test://one");
  const Harness::Message updated = h.WaitFor(
      [](const json& m) { return m.value("method", "") == "notifications/resources/updated"; });
  EXPECT_EQ(updated.message["params"],
            (json{{"_meta", {{kMetaSubscriptionId, id}}}, {"uri", "test://one"}}));
  EXPECT_EQ(updated.route.request_id, id);

  h.Send({{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"}, {"params", {{"requestId", id}}}});
  const std::vector<Harness::Message> all = h.Messages();
  ASSERT_FALSE(all.empty());
  EXPECT_TRUE(all.back().message.is_null() && all.back().route.response &&
              all.back().route.request_id == id)
      << "cancelling ends the listen request without a response";
  int updates = 0;
  h.server().NotifyResourceUpdated("test://one");
  for (const Harness::Message& m : h.Messages()) {
    updates += m.message.is_object() &&
               m.message.value("method", "") == "notifications/resources/updated";
  }
  EXPECT_EQ(updates, 1) << "nothing after the listener ended";
}

TEST(Stateless, ListenWithoutSubscriptionsHonoursNothingAndNeedsItsFilter) {
  Harness h({AskTool()}, Extras());
  const json id = h.Request("subscriptions/listen",
                            Stateless({{"notifications", {{"resourceSubscriptions", {"test://one"}}}}}));
  const Harness::Message ack = h.WaitFor([](const json& m) {
    return m.value("method", "") == "notifications/subscriptions/acknowledged";
  });
  EXPECT_EQ(ack.message["params"]["notifications"], json::object());
  EXPECT_EQ(ack.route.request_id, id);
  EXPECT_EQ(ErrorCode(h.Call("subscriptions/listen", Stateless())), kInvalidParams);
}

}  // namespace
}  // namespace kbot::mcp
