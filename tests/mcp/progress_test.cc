// Progress and cancellation of the real tools through the dispatcher: each
// long call reports with a total and a message, at least once a tenth, ends
// at its total before the response; the response waits for the client's pong
// when the transport asks for it; a cancelled map render stops its worker.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <string>
#include <vector>

#include "app/mcp_catalog.h"
#include "tests/support/mcp_client.h"
#include "tests/support/test_tools.h"

namespace kbot {
namespace {

using kbot::testing::DemoWorkspace;
using kbot::testing::McpClient;
using nlohmann::json;

// An interval no call reaches: only the first report, the tenths and the end
// go out, so the sequence is exact.
mcp::ServerOptions TenthsOnly() {
  mcp::ServerOptions o;
  o.progress_interval = std::chrono::hours(1);
  return o;
}

struct Seen {
  std::vector<uint64_t> progress;
  std::vector<uint64_t> total;
  std::vector<std::string> message;
  bool after_response = false;
};

// The progress notifications about request `id`, and whether any came after
// its response.
Seen ProgressOf(McpClient& client, const json& id, const json& token) {
  Seen seen;
  bool responded = false;
  for (const json& m : client.Messages()) {
    if (m.contains("id") && m["id"] == id && !m.contains("method")) responded = true;
    if (m.value("method", "") != "notifications/progress") continue;
    if (m["params"]["progressToken"] != token) continue;
    if (responded) seen.after_response = true;
    seen.progress.push_back(m["params"]["progress"]);
    seen.total.push_back(m["params"].value("total", uint64_t(0)));
    seen.message.push_back(m["params"].value("message", ""));
  }
  return seen;
}

// The checks every long call passes: increasing, one total throughout, a
// message on each, one notification in each tenth, the last at the total,
// nothing after the response.
void ExpectMeaningful(const Seen& seen, const std::string& what) {
  ASSERT_FALSE(seen.progress.empty()) << what;
  EXPECT_FALSE(seen.after_response) << what;
  const uint64_t total = seen.total.back();
  ASSERT_GT(total, 0u) << what;
  for (size_t i = 0; i < seen.progress.size(); ++i) {
    EXPECT_EQ(seen.total[i], total) << what << " #" << i;
    EXPECT_FALSE(seen.message[i].empty()) << what << " #" << i;
    if (i > 0) {
      EXPECT_GT(seen.progress[i], seen.progress[i - 1]) << what << " #" << i;
    }
  }
  EXPECT_EQ(seen.progress.back(), total) << what;
  std::vector<bool> tenth(11, false);
  for (uint64_t p : seen.progress) tenth[size_t(p * 10 / total)] = true;
  for (size_t k = 1; k <= 10; ++k) {
    // A step that jumps a whole tenth (a 2-frame sequence) cannot land in it.
    if (total >= 10) {
      EXPECT_TRUE(tenth[k]) << what << ": nothing in tenth " << k;
    }
  }
}

class ProgressOverMcp : public ::testing::Test {
 protected:
  ProgressOverMcp() : client_(DemoWorkspace(), app::McpTools(DemoWorkspace()), TenthsOnly()) {
    client_.Initialize();
  }

  Seen Call(const std::string& tool, json arguments) {
    const json token = "p-" + std::to_string(++calls_);
    const json id = client_.Request(
        "tools/call",
        {{"name", tool}, {"arguments", arguments}, {"_meta", {{"progressToken", token}}}});
    const json response = client_.WaitResponse(id);
    EXPECT_EQ(response["result"].value("isError", true), false) << response;
    return ProgressOf(client_, id, token);
  }

  McpClient client_;
  int calls_ = 0;
};

TEST_F(ProgressOverMcp, MapRenderReportsRowsDrawnThenEncoded) {
  const Seen seen = Call("map_render", {{"path", "GTADATA/DEMO.CMP"}, {"x", 0}, {"y", 0},
                                        {"w", 64}, {"h", 64}, {"scale", 8}});
  ExpectMeaningful(seen, "map_render");
  EXPECT_EQ(seen.total.back(), 2u * 64 * 8) << "512 rows drawn, then 512 encoded";
  // Exactly: the first report, then the first in each later tenth.
  EXPECT_EQ(seen.progress.size(), 11u);
  EXPECT_EQ(seen.message.front(), "drew cell row 1 of 64");
  EXPECT_EQ(seen.message.back(), "encoded PNG row 512 of 512");
}

TEST_F(ProgressOverMcp, ExportsOfSequencesAndSheetsEndAtTheirTotal) {
  for (const std::string format : {"gif", "apng", "sheet"}) {
    const Seen seen = Call("gaf_export", {{"path", "anims/demo.gaf"}, {"sequence", 0},
                                          {"format", format}, {"scale", 4}});
    ExpectMeaningful(seen, "gaf_export " + format);
    EXPECT_EQ(seen.total.back(), 16u) << format << ": 8 frames drawn, then 8 encoded";
  }
}

TEST_F(ProgressOverMcp, StyleTilesReportTilesThenRows) {
  const Seen seen = Call("style_tiles", {{"path", "GTADATA/STYLE001.G24"}, {"scale", 4}});
  ExpectMeaningful(seen, "style_tiles");
  EXPECT_EQ(seen.message.front().rfind("drew tile 1 of ", 0), 0u) << seen.message.front();
}

TEST_F(ProgressOverMcp, ListingsAndFrameChecksEndAtTheirTotal) {
  Seen seen = Call("gaf_info", {{"path", "anims/demo.gaf"}});
  ASSERT_FALSE(seen.progress.empty());
  EXPECT_EQ(seen.progress.back(), seen.total.back());
  EXPECT_NE(seen.message.back().find("frames"), std::string::npos) << seen.message.back();
  seen = Call("vfs_list", json::object());
  ASSERT_EQ(seen.progress.size(), 1u) << "a short listing: its end alone";
  EXPECT_EQ(seen.progress.back(), seen.total.back());
  EXPECT_EQ(seen.message.back().rfind("listed ", 0), 0u);
  // A check over a folder counts files, each named as it starts.
  seen = Call("gaf_check", json::object());
  ASSERT_GE(seen.progress.size(), 2u);
  EXPECT_EQ(seen.progress.back(), seen.total.back());
  EXPECT_EQ(seen.message.back(), "checked " + std::to_string(seen.total.back()) + " file(s)");
  EXPECT_EQ(seen.message.front().rfind("checking ", 0), 0u) << seen.message.front();
}

// The transport asks for a pong before the response of a request that sent
// progress (mcp/session_progress.cc): the response waits for it.
TEST(ProgressReceipt, TheResponseWaitsForThePongAfterTheLastProgress) {
  McpClient client(DemoWorkspace(), testing::TestTools(), TenthsOnly());
  client.session().ConfirmProgressBeforeResponse(std::chrono::seconds(10));
  client.Initialize();
  const json id = client.Request(
      "tools/call", {{"name", "slow"}, {"arguments", {{"steps", 20}}}, {"_meta", {{"progressToken", 1}}}});
  json ping;
  ASSERT_TRUE(client.WaitFor([&](const json& m) {
    if (m.value("method", "") != "ping" || !m.contains("id")) return false;
    ping = m;
    return true;
  }));
  EXPECT_TRUE(client.WaitResponse(id, std::chrono::milliseconds(100)).is_null())
      << "no response before the pong";
  client.SendLine(json{{"jsonrpc", "2.0"}, {"id", ping["id"]}, {"result", json::object()}}.dump());
  ASSERT_FALSE(client.WaitResponse(id).is_null());
  const std::vector<json> messages = client.Messages();
  size_t ping_at = 0, last_progress_at = 0;
  for (size_t i = 0; i < messages.size(); ++i) {
    if (messages[i] == ping) ping_at = i;
    if (messages[i].value("method", "") == "notifications/progress") last_progress_at = i;
  }
  EXPECT_GT(ping_at, last_progress_at) << "the ping follows every notification";
}

TEST(ProgressReceipt, NoPingWithoutProgressAndTheTimeoutBoundsTheWait) {
  McpClient client(DemoWorkspace(), testing::TestTools(), TenthsOnly());
  client.session().ConfirmProgressBeforeResponse(std::chrono::milliseconds(200));
  client.Initialize();
  ASSERT_TRUE(client.CallTool("slow", {{"steps", 3}}).contains("result"));
  for (const json& m : client.Messages()) EXPECT_NE(m.value("method", ""), "ping");
  const auto start = std::chrono::steady_clock::now();
  const json id = client.Request(
      "tools/call", {{"name", "slow"}, {"arguments", {{"steps", 3}}}, {"_meta", {{"progressToken", 2}}}});
  ASSERT_FALSE(client.WaitResponse(id).is_null()) << "answered though the pong never came";
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(200));
}

double CpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// The whole demo map at 16 px/cell (a 4096 x 4096 picture): cancelled as its
// rows are drawn or encoded, the worker is idle after at most 50 ms of work.
TEST(ProgressCancel, ACancelledMapRenderStopsWithinFiftyMillisecondsOfWork) {
  mcp::ServerOptions options;
  options.progress_interval = std::chrono::milliseconds(0);
  McpClient client(DemoWorkspace(), app::McpTools(DemoWorkspace()), options);
  client.Initialize();
  const json id = client.Request(
      "tools/call", {{"name", "map_render"},
                     {"arguments", {{"path", "GTADATA/DEMO.CMP"}, {"x", 0}, {"y", 0}, {"w", 256},
                                    {"h", 256}, {"scale", 16}}},
                     {"_meta", {{"progressToken", "big"}}}});
  // A fifth of the way: drawing is done, the encoding is under way.
  ASSERT_TRUE(client.WaitFor([](const json& m) {
    return m.value("method", "") == "notifications/progress" &&
           m["params"]["progress"].get<uint64_t>() * 5 >= m["params"]["total"].get<uint64_t>();
  }));
  const double before = CpuSeconds();
  const auto start = std::chrono::steady_clock::now();
  client.Notify("notifications/cancelled", {{"requestId", id}, {"reason", "test"}});
  client.WaitIdle();
  const double cpu_ms = (CpuSeconds() - before) * 1000;
  const double wall_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::printf("map_render stopped %.1f ms (wall) and %.1f ms of CPU after the cancel\n", wall_ms,
              cpu_ms);
  EXPECT_LT(cpu_ms, 50.0);
  for (const json& m : client.Messages()) {
    EXPECT_FALSE(m.contains("id") && m["id"] == id && !m.contains("method")) << "no response";
  }
}

}  // namespace
}  // namespace kbot
