// The MCP dispatcher over an in-memory stream: lifecycle, version
// negotiation, pagination, every error code, validation, cancellation,
// progress, logging and completion.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "mcp/json_rpc.h"
#include "tests/support/mcp_client.h"
#include "tests/support/test_tools.h"

namespace kbot {
namespace {

using kbot::testing::DemoWorkspace;
using kbot::testing::McpClient;
using kbot::testing::TestTools;
using nlohmann::json;

mcp::ServerOptions FastProgress() {
  mcp::ServerOptions o;
  o.progress_interval = std::chrono::milliseconds(0);
  return o;
}

int ErrorCode(const json& response) {
  return response.contains("error") ? response["error"]["code"].get<int>() : 0;
}

TEST(Session, InitializeAnswersCapabilitiesServerInfoAndInstructions) {
  McpClient client(DemoWorkspace(), TestTools());
  const json result = client.Initialize();
  EXPECT_EQ(result["protocolVersion"], "2025-11-25");
  EXPECT_EQ(result["capabilities"]["tools"]["listChanged"], false);
  EXPECT_EQ(result["capabilities"]["resources"]["subscribe"], false);
  EXPECT_TRUE(result["capabilities"].contains("logging"));
  EXPECT_TRUE(result["capabilities"].contains("completions"));
  EXPECT_EQ(result["serverInfo"]["name"], "kbot");
  EXPECT_TRUE(result["serverInfo"].contains("version"));
  EXPECT_NE(result["instructions"].get<std::string>().find("demo (takingdoms"), std::string::npos);
}

TEST(Session, NegotiatesTheProtocolVersion) {
  for (const std::string v : {"2025-11-25", "2025-06-18", "2025-03-26"}) {
    McpClient client(DemoWorkspace(), TestTools());
    EXPECT_EQ(client.Initialize(v)["protocolVersion"], v) << "a supported version is echoed";
  }
  McpClient client(DemoWorkspace(), TestTools());
  EXPECT_EQ(client.Initialize("2024-11-05")["protocolVersion"], "2025-11-25")
      << "an unsupported version gets the latest";
}

TEST(Session, RequestsBeforeInitializeAreRefusedButPingIsAnswered) {
  McpClient client(DemoWorkspace(), TestTools());
  EXPECT_EQ(client.Call("ping")["result"], json::object());
  EXPECT_EQ(ErrorCode(client.Call("tools/list")), mcp::kInvalidRequest);
  client.Initialize();
  EXPECT_EQ(ErrorCode(client.Call("tools/list")), 0);
  EXPECT_EQ(ErrorCode(client.Call("initialize", {{"protocolVersion", "2025-11-25"}})),
            mcp::kInvalidRequest)
      << "a second initialize";
}

TEST(Session, ProtocolFaultsGetTheirCodesAndTheSessionGoesOn) {
  McpClient client(DemoWorkspace(), TestTools());
  client.Initialize();
  struct Case {
    std::string line;
    int code;
    json id;
  };
  const std::vector<Case> cases = {
      {"{not json", mcp::kParseError, nullptr},
      {"", mcp::kParseError, nullptr},
      {R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])", mcp::kInvalidRequest, nullptr},
      {R"("a string")", mcp::kInvalidRequest, nullptr},
      {R"({"id":40,"method":"ping"})", mcp::kInvalidRequest, 40},
      {R"({"jsonrpc":"1.0","id":41,"method":"ping"})", mcp::kInvalidRequest, 41},
      {R"({"jsonrpc":"2.0","id":42})", mcp::kInvalidRequest, 42},
      {R"({"jsonrpc":"2.0","id":43,"method":7})", mcp::kInvalidRequest, 43},
      {R"({"jsonrpc":"2.0","id":null,"method":"ping"})", mcp::kInvalidRequest, nullptr},
      {R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})", mcp::kInvalidRequest, nullptr},
      {R"({"jsonrpc":"2.0","id":44,"method":"no/such"})", mcp::kMethodNotFound, 44},
      {R"({"jsonrpc":"2.0","id":45,"method":"tools/call","params":[1]})", mcp::kInvalidParams, 45},
      {R"({"jsonrpc":"2.0","id":46,"method":"tools/call","params":{"name":"nope"}})",
       mcp::kInvalidParams, 46},
      {R"({"jsonrpc":"2.0","id":47,"method":"logging/setLevel","params":{"level":"loud"}})",
       mcp::kInvalidParams, 47},
      {R"({"jsonrpc":"2.0","id":48,"method":"tools/list","params":{"cursor":"zz"}})",
       mcp::kInvalidParams, 48},
      {R"({"jsonrpc":"2.0","id":49,"method":"resources/read","params":{"uri":"kbot://nope/x"}})",
       mcp::kResourceNotFound, 49},
      // Nesting a million levels deep would overflow the stack of a recursive copy.
      {std::string(1000000, '[') + std::string(1000000, ']'), mcp::kInvalidRequest, nullptr},
      {R"({"jsonrpc":"2.0","id":50,"method":"tools/call","params":{"name":"echo","arguments":{"text":)" +
           std::string(200000, '[') + std::string(200000, ']') + "}}}",
       mcp::kInvalidRequest, nullptr},
      {R"({"jsonrpc":"2.0","id":51,"method":"ping","params":{"s":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"["}})",
       0, 51},
  };
  for (const Case& c : cases) {
    const size_t before = client.Messages().size();
    client.SendLine(c.line);
    ASSERT_TRUE(client.WaitFor([&](const json& m) { return m.contains("id") && m["id"] == c.id; }))
        << c.line;
    client.WaitIdle();
    const std::vector<json> messages = client.Messages();
    ASSERT_EQ(messages.size(), before + 1) << c.line;
    EXPECT_EQ(ErrorCode(messages.back()), c.code) << c.line;
    EXPECT_EQ(messages.back()["id"], c.id) << c.line;
    EXPECT_EQ(messages.back()["jsonrpc"], "2.0");
  }
  EXPECT_EQ(client.Call("ping")["result"], json::object()) << "still serving";
}

TEST(Session, NotificationsAndResponsesGetNoAnswer) {
  McpClient client(DemoWorkspace(), TestTools());
  client.Initialize();
  const size_t before = client.Messages().size();
  client.SendLine(R"({"jsonrpc":"2.0","method":"notifications/unknown"})");
  client.SendLine(R"({"jsonrpc":"2.0","id":99,"result":{}})");
  client.SendLine(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":12345}})");
  EXPECT_EQ(client.Call("ping")["result"], json::object());
  EXPECT_EQ(client.Messages().size(), before + 1);
}

TEST(Session, ToolsListPagesWithOpaqueCursors) {
  mcp::ServerOptions options;
  options.tools_page_size = 3;
  McpClient client(DemoWorkspace(), TestTools(), options);
  client.Initialize();
  json page = client.Call("tools/list")["result"];
  ASSERT_EQ(page["tools"].size(), 3u);
  EXPECT_EQ(page["tools"][0]["name"], "echo");
  ASSERT_TRUE(page.contains("nextCursor"));
  json next = client.Call("tools/list", {{"cursor", page["nextCursor"]}})["result"];
  ASSERT_EQ(next["tools"].size(), 1u);
  EXPECT_EQ(next["tools"][0]["name"], "chatty");
  EXPECT_FALSE(next.contains("nextCursor"));
  EXPECT_EQ(ErrorCode(client.Call("tools/list", {{"cursor", "99"}})), mcp::kInvalidParams);
  EXPECT_EQ(ErrorCode(client.Call("tools/list", {{"cursor", 3}})), mcp::kInvalidParams);
}

// MCP 2025-11-25: a wrong argument is a tool error (isError) in words the
// model can act on; only arguments that are not an object stay -32602.
TEST(Session, WrongArgumentsAreToolErrorsBeforeTheHandlerRuns) {
  McpClient client(DemoWorkspace(), TestTools());
  client.Initialize();
  struct Case {
    json arguments;
    std::string text;
  };
  const std::vector<Case> cases = {
      {json::object(), "echo: missing argument 'text'"},
      {{{"text", true}}, "echo: text true: use a string"},
      {{{"text", "a"}, {"times", 0}}, "echo: times 0: use an integer 1 or more; the closest is 1"},
      {{{"text", "a"}, {"times", "two"}}, "echo: times 'two': use an integer 1 or more"},
      {{{"text", "a"}, {"extra", true}},
       "echo: unknown argument 'extra' (the arguments are text, times)"},
  };
  for (const Case& c : cases) {
    const json r = client.CallTool("echo", c.arguments);
    ASSERT_TRUE(r.contains("result")) << r;
    EXPECT_EQ(r["result"]["isError"], true) << c.arguments;
    EXPECT_EQ(r["result"]["content"][0]["text"], c.text) << c.arguments;
  }
  EXPECT_EQ(ErrorCode(client.CallTool("echo", json::array())), mcp::kInvalidParams);
  const json ok = client.CallTool("echo", {{"text", "ab"}, {"times", 2}})["result"];
  EXPECT_EQ(ok["structuredContent"], (json{{"text", "abab"}}));
  EXPECT_EQ(ok["content"][0]["type"], "text");
  EXPECT_EQ(json::parse(ok["content"][0]["text"].get<std::string>()), ok["structuredContent"])
      << "the text block carries the same JSON for older clients";
  EXPECT_EQ(ok["isError"], false);
  EXPECT_EQ(ok["content"].size(), 1u);
  // An obvious slip is mended, and the result says so.
  const json mended = client.CallTool("echo", {{"text", 7}, {"times", "2"}})["result"];
  EXPECT_EQ(mended["structuredContent"], (json{{"text", "77"}}));
  ASSERT_EQ(mended["content"].size(), 2u);
  EXPECT_EQ(mended["content"][1]["text"], "Read text 7 as '7', times '2' as 2.");
}

TEST(Session, AToolThatFailsReturnsIsError) {
  McpClient client(DemoWorkspace(), TestTools());
  client.Initialize();
  const json r = client.CallTool("fail", json::object());
  ASSERT_TRUE(r.contains("result")) << r;
  EXPECT_EQ(r["result"]["isError"], true);
  EXPECT_EQ(r["result"]["content"][0]["text"],
            "anims/x.gaf: sequence 2 frame 1: row 7 runs past the end");
  EXPECT_FALSE(r["result"].contains("structuredContent"));
}

TEST(Session, ProgressIsStrictlyIncreasingAndEndsBeforeTheResponse) {
  McpClient client(DemoWorkspace(), TestTools(), FastProgress());
  client.Initialize();
  const json id = client.Request(
      "tools/call", {{"name", "slow"}, {"arguments", {{"steps", 20}}}, {"_meta", {{"progressToken", "tok"}}}});
  ASSERT_FALSE(client.WaitResponse(id).is_null());
  client.WaitIdle();
  std::vector<uint64_t> seen;
  bool responded = false;
  for (const json& m : client.Messages()) {
    if (m.value("method", "") == "notifications/progress") {
      EXPECT_FALSE(responded) << "no progress after the response";
      EXPECT_EQ(m["params"]["progressToken"], "tok");
      EXPECT_EQ(m["params"]["total"], 20);
      seen.push_back(m["params"]["progress"].get<uint64_t>());
    } else if (m.contains("id") && m["id"] == id) {
      responded = true;
    }
  }
  ASSERT_EQ(seen.size(), 20u);
  for (size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], i + 1);
}

TEST(Session, NoProgressWithoutAToken) {
  McpClient client(DemoWorkspace(), TestTools(), FastProgress());
  client.Initialize();
  ASSERT_TRUE(client.CallTool("slow", {{"steps", 5}}).contains("result"));
  for (const json& m : client.Messages()) EXPECT_NE(m.value("method", ""), "notifications/progress");
}

TEST(Session, ProgressIsThrottled) {
  mcp::ServerOptions options;
  options.progress_interval = std::chrono::milliseconds(1000);
  McpClient client(DemoWorkspace(), TestTools(), options);
  client.Initialize();
  const json id = client.Request(
      "tools/call", {{"name", "slow"}, {"arguments", {{"steps", 50}}}, {"_meta", {{"progressToken", 7}}}});
  ASSERT_FALSE(client.WaitResponse(id).is_null());
  std::vector<uint64_t> seen;
  for (const json& m : client.Messages()) {
    if (m.value("method", "") == "notifications/progress") seen.push_back(m["params"]["progress"]);
  }
  EXPECT_EQ(seen, (std::vector<uint64_t>{1, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50}))
      << "the first report, the first of each tenth, and the last";
}

TEST(Session, CancellationStopsTheWorkAndNoResponseIsSent) {
  std::atomic<int> stopped_at{0};
  McpClient client(DemoWorkspace(), TestTools(&stopped_at), FastProgress());
  client.Initialize();
  const json id = client.Request(
      "tools/call", {{"name", "slow"}, {"_meta", {{"progressToken", "p"}}}});
  ASSERT_TRUE(client.WaitFor([](const json& m) {
    return m.value("method", "") == "notifications/progress" && m["params"]["progress"] >= 3;
  }));
  // A ping is answered while the call runs on a worker.
  EXPECT_EQ(client.Call("ping")["result"], json::object());
  client.Notify("notifications/cancelled", {{"requestId", id}, {"reason", "user stopped it"}});
  client.WaitIdle();
  EXPECT_GT(stopped_at.load(), 0) << "the handler saw the stop";
  EXPECT_LT(stopped_at.load(), 100000);
  for (const json& m : client.Messages()) {
    EXPECT_FALSE(m.contains("id") && m["id"] == id && !m.contains("method")) << "no response: " << m;
  }
  EXPECT_EQ(client.CallTool("echo", {{"text", "after"}})["result"]["structuredContent"]["text"], "after");
}

TEST(Session, LoggingFollowsTheLevelTheClientSets) {
  McpClient client(DemoWorkspace(), TestTools());
  client.Initialize();
  auto logged = [&] {
    std::vector<std::string> lines;
    for (const json& m : client.Messages()) {
      if (m.value("method", "") == "notifications/message") {
        lines.push_back(m["params"]["level"].get<std::string>() + ":" + m["params"]["data"].get<std::string>());
        EXPECT_EQ(m["params"]["logger"], "test");
      }
    }
    return lines;
  };
  ASSERT_EQ(client.Call("logging/setLevel", {{"level", "warning"}})["result"], json::object());
  client.CallTool("chatty", json::object());
  EXPECT_EQ(logged(), (std::vector<std::string>{"warning:a warning line"}));
  ASSERT_EQ(client.Call("logging/setLevel", {{"level", "debug"}})["result"], json::object());
  client.CallTool("chatty", json::object());
  EXPECT_EQ(logged(), (std::vector<std::string>{"warning:a warning line", "debug:a debug line",
                                                "info:an info line", "warning:a warning line"}));
}

}  // namespace
}  // namespace kbot
