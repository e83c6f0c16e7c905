// A tool's structured result is serialized once (mcp/json_rpc.h RawJson):
// the response line must be byte for byte what dumping the whole message
// tree gave before, for values with unicode, control characters, invalid
// UTF-8, keys that need escaping and nested arrays.
#include <gtest/gtest.h>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "mcp/json_rpc.h"
#include "mcp/server.h"

namespace kbot::mcp {
namespace {

// Everything the escaping has to get right, at several depths.
json Awkward() {
  json nested = json::array({json::array(), json::object(), json::array({1, json::array({2, 3})}),
                             json::array({json::array({json::array({"deep"})})})});
  return json{{"plain", "gaf"},
              {"unicode", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xe6\x97\xa5\xe6\x9c\xac"},
              {"control", std::string("tab\there\nnew\x01\x1f\x7f nul:") + std::string(1, '\0')},
              {"quotes", "\"q\" \\b\\ /slash/"},
              {"invalid utf-8", "bad \xff\xfe end \xc3"},
              {"k\"ey\n\xe2\x82\xac", "escaped key"},
              {"numbers", {0, -1, 4294967295u, -9007199254740993LL, 1.5, 1e300, -0.0}},
              {"literals", {true, false, nullptr}},
              {"nested", nested},
              {"objects", json::array({{{"b", 1}, {"a", 2}}, json::object()})}};
}

TEST(RawJson, SplicedMessageIsTheDumpOfTheWholeTree) {
  const json value = Awkward();
  const std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
  // The message as CallTool answered before: the tree twice.
  const json whole = MakeResult(7, json{{"content", {{{"type", "text"}, {"text", text}}}},
                                        {"structuredContent", value},
                                        {"isError", false}});
  // And now: the text once, spliced where structuredContent goes.
  const json spliced = MakeResult(7, json{{"content", {{{"type", "text"}, {"text", text}}}},
                                          {"structuredContent", RawJson(Serialize(value))},
                                          {"isError", false}});
  const std::string before = whole.dump(-1, ' ', false, json::error_handler_t::replace);
  EXPECT_EQ(Serialize(spliced), before);
  EXPECT_EQ(Serialize(whole), before) << "a message without RawJson is dumped as it was";
  EXPECT_EQ(json::parse(before)["result"]["structuredContent"],
            json::parse(Serialize(value))) << "invalid UTF-8 became U+FFFD alike";
}

TEST(RawJson, InArraysAtTheTopAndBesideOtherValues) {
  const json value = Awkward();
  const std::string text = Serialize(value);
  EXPECT_EQ(Serialize(RawJson(text)), text);
  EXPECT_EQ(Serialize(json::array({RawJson(text), 1, RawJson("[]"), value})),
            Serialize(json::array({value, 1, json::array(), value})));
  EXPECT_EQ(Serialize(json{{"a", {{"b", json::array({RawJson(text)})}}}, {"c", "\n"}}),
            Serialize(json{{"a", {{"b", json::array({value})}}}, {"c", "\n"}}));
}

// A tool's kept answer (base/tool_result.h) is written as Serialize writes.
TEST(RawJson, SerializedResultIsWhatSerializeWrites) {
  const json value = Awkward();
  std::shared_ptr<const SerializedResult> s = SerializedResult::Of(value);
  EXPECT_EQ(s->json, Serialize(value));
  EXPECT_EQ(s->quoted, Serialize(json(Serialize(value))));
  EXPECT_EQ(Serialize(json::array({RawJson(s->quoted), RawJson(s->json)})),
            Serialize(json::array({Serialize(value), value})));
}

TEST(RawJson, OtherBinaryValuesAreDumpedAsBefore) {
  const json other = json::binary({1, 2, 3}, 5);
  const json untyped = json::binary({4});
  EXPECT_EQ(Serialize(other), other.dump());
  EXPECT_EQ(Serialize(untyped), untyped.dump());
}

// The session's answer to tools/call, compared with the line the old
// CallTool built (the tree dumped in the text block and again inside).
TEST(RawJson, ToolCallResponseLineIsUnchanged) {
  Tool tool;
  tool.name = "awkward";
  tool.description = "answers with every escaping case";
  tool.input_schema = {{"type", "object"}};
  tool.output_schema = {{"type", "object"}};
  tool.handler = [](const ToolCall&) {
    ToolResult r;
    r.structured = Awkward();
    return r;
  };
  std::vector<Tool> tools;
  tools.push_back(std::move(tool));
  ServerOptions options;
  options.worker_threads = 1;
  absl::StatusOr<std::unique_ptr<Server>> server =
      Server::Create(std::move(tools), ServerHooks(), options);
  ASSERT_TRUE(server.ok()) << server.status();
  std::mutex mu;
  std::condition_variable arrived;
  std::vector<std::string> lines;
  {
    Session session(**server, [&](const std::string& line) {
      std::lock_guard<std::mutex> lock(mu);
      lines.push_back(line);
      arrived.notify_all();
    });
    session.Receive(
        R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
        R"("capabilities":{},"clientInfo":{"name":"t","version":"1"}}})");
    session.Receive(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    session.Receive(
        R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"awkward"}})");
    std::unique_lock<std::mutex> lock(mu);
    ASSERT_TRUE(arrived.wait_for(lock, std::chrono::seconds(20), [&] { return lines.size() >= 2; }));
  }
  const json value = Awkward();
  const std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
  const json old = MakeResult(2, json{{"content", {{{"type", "text"}, {"text", text}}}},
                                      {"structuredContent", value},
                                      {"isError", false}});
  EXPECT_EQ(lines[1], old.dump(-1, ' ', false, json::error_handler_t::replace));
}

}  // namespace
}  // namespace kbot::mcp
