// What the server core offers beside kbot's own tools and files, for servers
// that register it (the conformance fixture server does; kbot does not):
// prompts, resources and templates of their own, their completions,
// resource subscriptions, tools without structured output, and requests a
// tool sends the client (sampling, elicitation) and the answers it waits for;
// over an in-memory session and over Streamable HTTP. Also: kbot itself
// (no extras) offers none of it, and tools/list is answered on its request's
// route.
#include <httplib.h>
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "mcp/extras.h"
#include "mcp/http_transport.h"
#include "mcp/json_rpc.h"
#include "mcp/server.h"
#include "tests/support/http_fixture.h"
#include "tests/support/mcp_client.h"
#include "tests/support/mcp_harness.h"
#include "tests/support/test_tools.h"

namespace kbot::mcp {
namespace {

using nlohmann::json;
using kbot::testing::DemoWorkspace;

using kbot::testing::AskTool;
using kbot::testing::ErrorCode;
using kbot::testing::Extras;
using kbot::testing::Harness;

// ------------------------------------------------------------ URI templates

TEST(MatchUriTemplate, SimpleAndReservedVariables) {
  EXPECT_EQ(MatchUriTemplate("test://template/{id}/data", "test://template/123/data"),
            (json{{"id", "123"}}));
  EXPECT_EQ(MatchUriTemplate("test://template/{id}/data", "test://template/a%20b/data"),
            (json{{"id", "a b"}}))
      << "values are percent-decoded";
  EXPECT_EQ(MatchUriTemplate("kbot://{context}/{+path}", "kbot://demo/anims/a.gaf"),
            (json{{"context", "demo"}, {"path", "anims/a.gaf"}}));
  EXPECT_EQ(MatchUriTemplate("x://{a}-{b}", "x://1-2-3"), (json{{"a", "1-2"}, {"b", "3"}}))
      << "longest first, backing off";
  EXPECT_EQ(MatchUriTemplate("test://fixed", "test://fixed"), json::object());
}

TEST(MatchUriTemplate, WhatDoesNotMatch) {
  EXPECT_FALSE(MatchUriTemplate("test://template/{id}/data", "test://template/1/2/data"))
      << "a simple value holds no '/'";
  EXPECT_FALSE(MatchUriTemplate("test://template/{id}/data", "test://template//data"))
      << "nor is it empty";
  EXPECT_FALSE(MatchUriTemplate("test://template/{id}/data", "test://template/1/data?x=1"));
  EXPECT_FALSE(MatchUriTemplate("test://template/{id}/data", "test://template/%zz/data"));
  EXPECT_FALSE(MatchUriTemplate("test://template/{id}", "other://template/1"));
  EXPECT_FALSE(MatchUriTemplate("test://{?query}", "test://x")) << "unsupported operator";
  EXPECT_FALSE(MatchUriTemplate("test://{id", "test://{id")) << "unclosed brace";
}

// ------------------------------------------------------------ JSON-RPC

TEST(ParseIncoming, ResponsesCarryTheirResultOrError) {
  Incoming ok = ParseIncoming(R"({"jsonrpc":"2.0","id":3,"result":{"a":1}})");
  EXPECT_EQ(ok.kind, Incoming::Kind::kResponse);
  EXPECT_EQ(ok.id, 3);
  EXPECT_FALSE(ok.failed);
  EXPECT_EQ(ok.result, (json{{"a", 1}}));
  Incoming bad = ParseIncoming(
      R"({"jsonrpc":"2.0","id":4,"error":{"code":-1,"message":"user declined","data":[1]}})");
  EXPECT_EQ(bad.kind, Incoming::Kind::kResponse);
  EXPECT_TRUE(bad.failed);
  EXPECT_EQ(bad.error.code, -1);
  EXPECT_EQ(bad.error.message, "user declined");
  EXPECT_EQ(bad.error.data, json::array({1}));
  Incoming odd = ParseIncoming(R"({"jsonrpc":"2.0","id":5,"error":"no"})");
  EXPECT_TRUE(odd.failed) << "a malformed error is still an error";
  EXPECT_EQ(odd.error.code, kInternalError);
}

// ------------------------------------------------------------ kbot: no extras

TEST(ServerExtras, WithoutThemNothingChanges) {
  Harness h(kbot::testing::TestTools(), {});
  const json init = h.Initialize();
  EXPECT_FALSE(init["capabilities"].contains("prompts"));
  EXPECT_EQ(init["capabilities"]["resources"]["subscribe"], false);
  EXPECT_EQ(ErrorCode(h.Call("prompts/list")), kMethodNotFound);
  EXPECT_EQ(ErrorCode(h.Call("prompts/get", {{"name", "x"}})), kMethodNotFound);
  EXPECT_EQ(ErrorCode(h.Call("resources/subscribe", {{"uri", "kbot://demo/x"}})), kMethodNotFound);
  EXPECT_EQ(h.Call("resources/templates/list")["result"]["resourceTemplates"], json::array());
  EXPECT_EQ(h.Call("resources/list")["result"]["resources"], json::array());
  EXPECT_FALSE(init.contains("instructions"));
  EXPECT_EQ(ErrorCode(h.Call("resources/read", {{"uri", "test://one"}})), kResourceNotFound);
  EXPECT_EQ(ErrorCode(h.Call("completion/complete", {{"ref", {{"type", "ref/prompt"}, {"name", "greet"}}},
                                                     {"argument", {{"name", "name"}, {"value", ""}}}})),
            kInvalidParams);
}

TEST(ServerExtras, ToolsListIsAnsweredOnItsRequestsRoute) {
  // Streamable HTTP sends a response where its route says: one routed
  // nowhere would never reach the POST that asked.
  Harness h(kbot::testing::TestTools(), {});
  h.Initialize();
  const json id = h.Request("tools/list");
  const Harness::Message m =
      h.WaitFor([&](const json& m) { return m.value("id", json()) == id; });
  EXPECT_EQ(m.route.request_id, id);
  EXPECT_TRUE(m.route.response);
}

TEST(ServerExtras, DuplicatesAreRefused) {
  ServerHooks two_prompts = Extras();
  two_prompts.prompts.push_back(two_prompts.prompts[0]);
  EXPECT_EQ(Server::Create({}, std::move(two_prompts), {}).status().code(),
            absl::StatusCode::kInvalidArgument);
  ServerHooks two_resources = Extras();
  two_resources.resources.push_back(two_resources.resources[0]);
  EXPECT_EQ(Server::Create({}, std::move(two_resources), {}).status().code(),
            absl::StatusCode::kInvalidArgument);
  ServerHooks two_templates = Extras();
  two_templates.resource_templates.push_back(two_templates.resource_templates[0]);
  EXPECT_EQ(Server::Create({}, std::move(two_templates), {}).status().code(),
            absl::StatusCode::kInvalidArgument);
}

// ------------------------------------------------------------ prompts

TEST(ServerExtras, PromptsAreListedAndGot) {
  ServerOptions options;
  options.tools_page_size = 1;
  Harness h({}, Extras(), options);
  EXPECT_EQ(h.Initialize()["capabilities"]["prompts"], (json{{"listChanged", false}}));
  const json page = h.Call("prompts/list")["result"];
  ASSERT_EQ(page["prompts"].size(), 1u);
  EXPECT_EQ(page["prompts"][0],
            (json{{"name", "greet"},
                  {"title", "Greet"},
                  {"description", "Greets someone"},
                  {"arguments",
                   {{{"name", "name"}, {"title", "Name"}, {"description", "Who to greet"}, {"required", true}},
                    {{"name", "mood"}, {"required", false}}}}}));
  const json next = h.Call("prompts/list", {{"cursor", page["nextCursor"]}})["result"];
  ASSERT_EQ(next["prompts"].size(), 1u);
  EXPECT_EQ(next["prompts"][0]["name"], "plain");
  EXPECT_FALSE(next["prompts"][0].contains("arguments"));
  EXPECT_FALSE(next.contains("nextCursor"));

  const json got = h.Call("prompts/get", {{"name", "greet"}, {"arguments", {{"name", "Ann"}, {"mood", "!"}}}});
  EXPECT_EQ(got["result"]["description"], "Greets someone");
  EXPECT_EQ(got["result"]["messages"][0]["content"]["text"], "Hello, Ann!");

  for (const json& params : {json{{"name", "nope"}}, json{{"name", "greet"}},
                             json{{"name", "greet"}, {"arguments", {{"name", 5}}}},
                             json{{"name", "greet"}, {"arguments", json::array()}}, json::object()}) {
    EXPECT_EQ(ErrorCode(h.Call("prompts/get", params)), kInvalidParams) << params;
  }
}

TEST(ServerExtras, RegisteredPromptsAndTemplatesComplete) {
  Harness h({}, Extras());
  h.Initialize();
  auto complete = [&](const json& ref, const std::string& argument, const std::string& value) {
    return h.Call("completion/complete", {{"ref", ref}, {"argument", {{"name", argument}, {"value", value}}}});
  };
  EXPECT_EQ(complete({{"type", "ref/prompt"}, {"name", "greet"}}, "name", "an")["result"]["completion"],
            (json{{"values", {"ann", "anna"}}, {"total", 2}, {"hasMore", false}}));
  EXPECT_EQ(complete({{"type", "ref/prompt"}, {"name", "plain"}}, "x", "")["result"]["completion"]["values"],
            json::array())
      << "a prompt without a completer has no candidates";
  EXPECT_EQ(complete({{"type", "ref/resource"}, {"uri", "test://item/{id}/data"}}, "id", "7")["result"]
                    ["completion"]["values"],
            (json{"71", "72"}));
  EXPECT_EQ(ErrorCode(complete({{"type", "ref/prompt"}, {"name", "nope"}}, "x", "")), kInvalidParams);
}

// ------------------------------------------------------------ resources

TEST(ServerExtras, RegisteredResourcesAreListedFirstAndRead) {
  ServerOptions options;
  options.resources_page_size = 1;
  Harness h({}, Extras(), options);
  h.Initialize();
  json page = h.Call("resources/list")["result"];
  ASSERT_EQ(page["resources"].size(), 1u);
  EXPECT_EQ(page["resources"][0], (json{{"uri", "test://one"},
                                        {"name", "one"},
                                        {"title", "One"},
                                        {"description", "The first"},
                                        {"mimeType", "text/plain"}}));
  page = h.Call("resources/list", {{"cursor", page["nextCursor"]}})["result"];
  EXPECT_EQ(page["resources"][0]["uri"], "test://gone");
  page = h.Call("resources/list", {{"cursor", page["nextCursor"]}})["result"];
  EXPECT_EQ(page["resources"][0], (json{{"uri", "app://file"}, {"name", "file"}}))
      << "then the app's: " << page;
  EXPECT_FALSE(page.contains("nextCursor"));
  EXPECT_EQ(h.Call("resources/read", {{"uri", "app://file"}})["result"]["contents"][0]["text"],
            "the app's");
  EXPECT_EQ(ErrorCode(h.Call("resources/read", {{"uri", "app://nothing"}})), kResourceNotFound);

  EXPECT_EQ(h.Call("resources/read", {{"uri", "test://one"}})["result"],
            (json{{"contents", {{{"uri", "test://one"}, {"mimeType", "text/plain"}, {"text", "first"}}}}}));
  EXPECT_EQ(h.Call("resources/read", {{"uri", "test://item/12/data"}})["result"]["contents"][0]["text"],
            R"({"id":"12"})");
  EXPECT_EQ(ErrorCode(h.Call("resources/read", {{"uri", "test://gone"}})), kResourceNotFound);
  EXPECT_EQ(ErrorCode(h.Call("resources/read", {{"uri", "test://other"}})), kResourceNotFound);

  const json templates = h.Call("resources/templates/list")["result"]["resourceTemplates"];
  ASSERT_EQ(templates.size(), 1u);
  EXPECT_EQ(templates[0], (json{{"uriTemplate", "test://item/{id}/data"},
                                {"name", "item"},
                                {"mimeType", "application/json"}}));
}

TEST(ServerExtras, SubscribersAreToldOfUpdates) {
  ServerOptions options;
  options.resource_subscriptions = true;
  Harness h({}, Extras(), options);
  EXPECT_EQ(h.Initialize()["capabilities"]["resources"]["subscribe"], true);
  EXPECT_EQ(h.Call("resources/subscribe", {{"uri", "test://one"}})["result"], json::object());
  EXPECT_EQ(h.Call("resources/subscribe", {{"uri", "test://item/3/data"}})["result"], json::object());
  EXPECT_EQ(ErrorCode(h.Call("resources/subscribe", {{"uri", "test://nothing"}})), kResourceNotFound);
  EXPECT_EQ(ErrorCode(h.Call("resources/subscribe", json::object())), kInvalidParams);

  auto updates = [&] {
    std::vector<std::string> uris;
    for (const Harness::Message& m : h.Messages()) {
      if (m.message.value("method", "") == "notifications/resources/updated") {
        uris.push_back(m.message["params"]["uri"]);
        EXPECT_TRUE(m.route.request_id.is_null()) << "about no request";
      }
    }
    return uris;
  };
  h.server().NotifyResourceUpdated("test://one");
  h.server().NotifyResourceUpdated("test://gone");  // nobody subscribed
  EXPECT_EQ(h.Call("ping")["result"], json::object());
  EXPECT_EQ(updates(), std::vector<std::string>{"test://one"});

  EXPECT_EQ(h.Call("resources/unsubscribe", {{"uri", "test://one"}})["result"], json::object());
  EXPECT_EQ(h.Call("resources/unsubscribe", {{"uri", "test://never"}})["result"], json::object());
  h.server().NotifyResourceUpdated("test://one");
  EXPECT_EQ(h.Call("ping")["result"], json::object());
  EXPECT_EQ(updates(), std::vector<std::string>{"test://one"}) << "no more after unsubscribing";
}

// ------------------------------------------------------------ tools

TEST(ServerExtras, AToolWithoutOutputSchemaAnswersWithItsBlocksAlone) {
  Harness h({AskTool()}, {});
  h.Initialize();
  const json listed = h.Call("tools/list")["result"]["tools"][0];
  EXPECT_EQ(listed["name"], "ask");
  EXPECT_FALSE(listed.contains("outputSchema"));
  const json r = h.Call("tools/call", {{"name", "ask"},
                                       {"arguments", {{"method", "x"}, {"capability", "sampling"}}}});
  EXPECT_EQ(r["result"], (json{{"content", {{{"type", "text"}, {"text", "no sampling"}}}}, {"isError", true}}))
      << "a client that did not declare sampling";
}

TEST(ServerExtras, AToolAsksTheClientOnItsCallsRouteAndGetsTheAnswer) {
  Harness h({AskTool()}, {});
  h.Initialize({{"sampling", json::object()}});
  const json call = h.Request("tools/call", {{"name", "ask"},
                                             {"arguments", {{"method", "sampling/createMessage"},
                                                            {"capability", "sampling"}}}});
  const Harness::Message asked =
      h.WaitFor([](const json& m) { return m.value("method", "") == "sampling/createMessage"; });
  ASSERT_FALSE(asked.message.is_null());
  EXPECT_EQ(asked.route.request_id, call) << "sent about the tool call";
  EXPECT_FALSE(asked.route.response);
  EXPECT_EQ(asked.message["params"], (json{{"question", 42}}));
  ASSERT_TRUE(asked.message["id"].is_number_integer());
  h.Send({{"jsonrpc", "2.0"}, {"id", 999}, {"result", {{"wrong", true}}}});  // nobody's: ignored
  h.Send({{"jsonrpc", "2.0"}, {"id", asked.message["id"]}, {"result", {{"answer", "yes"}}}});
  const json r = h.WaitResponse(call);
  EXPECT_EQ(r["result"]["content"][0]["text"], R"({"answer":"yes"})") << r;
  EXPECT_EQ(r["result"]["isError"], false);
}

TEST(ServerExtras, TheClientsErrorAndItsSilenceReachTheTool) {
  Harness h({AskTool()}, {});
  h.Initialize({{"elicitation", json::object()}});
  json call = h.Request("tools/call", {{"name", "ask"},
                                       {"arguments", {{"method", "elicitation/create"},
                                                      {"capability", "elicitation"}}}});
  const json asked =
      h.WaitFor([](const json& m) { return m.value("method", "") == "elicitation/create"; }).message;
  h.Send({{"jsonrpc", "2.0"}, {"id", asked["id"]}, {"error", {{"code", -1}, {"message", "declined"}}}});
  json r = h.WaitResponse(call);
  EXPECT_EQ(r["result"]["isError"], true);
  EXPECT_NE(r["result"]["content"][0]["text"].get<std::string>().find("error -1: declined"),
            std::string::npos)
      << r;

  call = h.Request("tools/call", {{"name", "ask"},
                                  {"arguments", {{"method", "elicitation/create"},
                                                 {"capability", "elicitation"},
                                                 {"timeout_ms", 50}}}});
  r = h.WaitResponse(call);
  EXPECT_NE(r["result"]["content"][0]["text"].get<std::string>().find("DEADLINE_EXCEEDED"),
            std::string::npos)
      << r;
  const Harness::Message cancelled = h.WaitFor(
      [](const json& m) { return m.value("method", "") == "notifications/cancelled"; });
  ASSERT_FALSE(cancelled.message.is_null()) << "the client is told the request was given up";
  EXPECT_EQ(cancelled.route.request_id, call);
  EXPECT_TRUE(cancelled.message["params"]["requestId"].is_number_integer());
}

TEST(ServerExtras, CancellingTheCallEndsTheWaitForTheClient) {
  Harness h({AskTool()}, {});
  h.Initialize({{"sampling", json::object()}});
  const json call = h.Request("tools/call", {{"name", "ask"},
                                             {"arguments", {{"method", "sampling/createMessage"},
                                                            {"capability", "sampling"}}}});
  ASSERT_FALSE(h.WaitFor([](const json& m) { return m.value("method", "") == "sampling/createMessage"; })
                   .message.is_null());
  const auto start = std::chrono::steady_clock::now();
  h.Send({{"jsonrpc", "2.0"}, {"method", "notifications/cancelled"}, {"params", {{"requestId", call}}}});
  // The call ends without a response (an empty line on its route).
  for (;;) {
    bool ended = false;
    for (const Harness::Message& m : h.Messages()) {
      if (m.message.is_null()) {
        if (m.route.request_id == call && m.route.response) ended = true;
        continue;
      }
      EXPECT_FALSE(m.message.value("id", json()) == call && !m.message.contains("method"))
          << "no response to a cancelled call";
    }
    if (ended) break;
    ASSERT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

// ------------------------------------------------------------ over HTTP

// Kbot's core with the extras (an asking tool, prompts, resources) over HTTP.
class HttpExtras : public testing::Http {
 protected:
  void SetUp() override { StartWith({AskTool()}, Extras()); }
};

TEST_F(HttpExtras, ToolsListIsAnsweredOnItsPostWithoutAStandaloneStream) {
  const std::string session = Initialize(json::object());
  httplib::Result r =
      Post({{"jsonrpc", "2.0"}, {"id", 2}, {"method", "tools/list"}}, Headers(session));
  ASSERT_TRUE(r) << httplib::to_string(r.error());
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(json::parse(r->body)["result"]["tools"][0]["name"], "ask") << r->body;
}

TEST_F(HttpExtras, AToolsRequestToTheClientTravelsOnTheCallsStream) {
  const std::string session = Initialize({{"sampling", json::object()}});
  // The call's POST turns into an SSE stream that carries the server's
  // request; the client answers with a POST of its own (202), and the stream
  // then ends with the call's result.
  httplib::Request req;
  req.method = "POST";
  req.path = "/mcp";
  req.headers = Headers(session);
  req.set_header("Content-Type", "application/json");
  req.body = json{{"jsonrpc", "2.0"},
                  {"id", 7},
                  {"method", "tools/call"},
                  {"params",
                   {{"name", "ask"},
                    {"arguments", {{"method", "sampling/createMessage"}, {"capability", "sampling"}}}}}}
                 .dump();
  std::string body;
  std::vector<json> events;
  int answered_status = 0;
  req.content_receiver = [&](const char* data, size_t size, uint64_t, uint64_t) {
    body.append(data, size);
    for (size_t end; (end = body.find("\n\n")) != std::string::npos; body.erase(0, end + 2)) {
      for (absl::string_view line : absl::StrSplit(body.substr(0, end), '\n')) {
        if (!absl::ConsumePrefix(&line, "data: ")) continue;
        events.push_back(json::parse(line));
        const json& e = events.back();
        if (e.value("method", "") == "sampling/createMessage") {
          httplib::Result a = Post({{"jsonrpc", "2.0"}, {"id", e["id"]}, {"result", {{"text", "hi"}}}},
                                   Headers(session));
          answered_status = a ? a->status : -1;
        }
      }
    }
    return true;
  };
  httplib::Client c = Client();
  httplib::Result r = c.send(req);
  ASSERT_TRUE(r) << httplib::to_string(r.error());
  EXPECT_EQ(r->get_header_value("Content-Type"), "text/event-stream");
  EXPECT_EQ(answered_status, 202);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0]["method"], "sampling/createMessage");
  EXPECT_EQ(events[1]["id"], 7);
  EXPECT_EQ(events[1]["result"]["content"][0]["text"], R"({"text":"hi"})") << events[1];
}

}  // namespace
}  // namespace kbot::mcp
