// The stdio transport over real pipes: one message per line, oversized lines
// refused without being held, CRLF and a last line without its newline.
#include <gtest/gtest.h>
#include <unistd.h>

#include <thread>

#include "app/mcp_catalog.h"
#include "mcp/json_rpc.h"
#include "mcp/stdio_transport.h"
#include "tools/catalog.h"
#include "tests/support/mcp_client.h"

namespace kbot {
namespace {

using nlohmann::json;

// Runs ServeStdio over pipes, feeds it `input`, closes the input and returns
// every line it wrote.
std::vector<std::string> Serve(const std::string& input, size_t max_line = mcp::kMaxLineBytes) {
  int in[2], out[2];
  EXPECT_EQ(::pipe(in), 0);
  EXPECT_EQ(::pipe(out), 0);
  absl::StatusOr<std::unique_ptr<mcp::Server>> server = mcp::Server::Create(
      app::McpTools(testing::DemoWorkspace()), app::McpHooks(testing::DemoWorkspace()),
      mcp::ServerOptions{});
  EXPECT_TRUE(server.ok());
  std::thread serving([&] {
    mcp::ServeStdio(**server, in[0], out[1], max_line);
    ::close(out[1]);
  });
  std::thread writing([&] {
    size_t done = 0;
    while (done < input.size()) {
      const ssize_t n = ::write(in[1], input.data() + done, input.size() - done);
      if (n <= 0) break;
      done += size_t(n);
    }
    ::close(in[1]);
  });
  std::string output;
  char buffer[65536];
  for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) > 0;) output.append(buffer, size_t(n));
  writing.join();
  serving.join();
  ::close(in[0]);
  ::close(out[0]);
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t nl; (nl = output.find('\n', start)) != std::string::npos; start = nl + 1) {
    lines.push_back(output.substr(start, nl - start));
  }
  EXPECT_EQ(start, output.size()) << "every message ends with a newline";
  return lines;
}

const std::string kInitialize =
    R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25"}})"
    "\n";

json ById(const std::vector<std::string>& lines, const json& id) {
  for (const std::string& l : lines) {
    json m = json::parse(l);
    if (m["id"] == id) return m;
  }
  return nullptr;
}

TEST(Stdio, AnswersEachRequestOnItsOwnLine) {
  const std::vector<std::string> lines =
      Serve(kInitialize + R"({"jsonrpc":"2.0","id":1,"method":"ping"})" "\r\n\n" +
            R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"gaf_list","arguments":{"path":"anims/demo.gaf"}}})" "\n" +
            R"({"jsonrpc":"2.0","id":3,"method":"ping"})");  // no newline at the end
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(ById(lines, 1)["result"], json::object());
  EXPECT_EQ(ById(lines, 2)["result"]["structuredContent"]["sequences"].size(), 2u);
  EXPECT_EQ(ById(lines, 3)["result"], json::object());
}

TEST(Stdio, ATenMegabyteLineIsRefusedAndServingGoesOn) {
  const std::string huge = R"({"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":")" +
                           std::string(10 << 20, 'x') + "\"}}\n";
  const std::vector<std::string> lines =
      Serve(kInitialize + huge + "not json at all\n" + R"({"jsonrpc":"2.0","id":1,"method":"ping"})" "\n");
  ASSERT_EQ(lines.size(), 4u);
  const json refused = json::parse(lines[1]);
  EXPECT_EQ(refused["error"]["code"], mcp::kInvalidRequest);
  EXPECT_EQ(refused["id"], nullptr);
  EXPECT_NE(refused["error"]["message"].get<std::string>().find("10485"), std::string::npos)
      << refused;
  EXPECT_EQ(json::parse(lines[2])["error"]["code"], mcp::kParseError);
  EXPECT_EQ(ById(lines, 1)["result"], json::object());
}

TEST(Stdio, ALineJustUnderTheLimitIsRead) {
  const std::string ping = R"({"jsonrpc":"2.0","id":1,"method":"ping"})";
  const std::vector<std::string> lines = Serve(kInitialize + ping + "\n", ping.size());
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(ById(lines, 1)["result"], json::object());
  const std::vector<std::string> over = Serve(kInitialize + ping + "\n", ping.size() - 1);
  ASSERT_EQ(over.size(), 2u);
  EXPECT_EQ(json::parse(over[1])["error"]["code"], mcp::kInvalidRequest);
}

TEST(Stdio, WaitsForRunningCallsWhenTheInputEnds) {
  std::string input = kInitialize;
  for (int i = 1; i <= 20; ++i) {
    input += R"({"jsonrpc":"2.0","id":)" + std::to_string(i) +
             R"(,"method":"tools/call","params":{"name":"gaf_export","arguments":{"path":"anims/demo.gaf","format":"apng"}}})" "\n";
  }
  const std::vector<std::string> lines = Serve(input);
  ASSERT_EQ(lines.size(), 21u);
  for (int i = 1; i <= 20; ++i) EXPECT_EQ(ById(lines, i)["result"]["isError"], false) << i;
}

}  // namespace
}  // namespace kbot
