// Tasks through the dispatcher, in both forms: 2025-11-25's experimental
// tasks (params.task; tasks/get, tasks/result, tasks/list, tasks/cancel) and
// the 2026-07-28 extension (the server's choice for a client that declares
// it; tasks/get with the result inline, tasks/cancel, tasks/update). Also:
// expiry, the per-client bound, and tasks being the asking client's own.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "mcp/revision.h"
#include "mcp/tasks.h"
#include "tests/support/mcp_harness.h"
#include "tests/support/test_tools.h"

namespace kbot::mcp {
namespace {

using kbot::testing::ErrorCode;
using kbot::testing::Harness;
using nlohmann::json;

// The test tools, with `slow` marked as one that may run long.
std::vector<Tool> Tools(std::atomic<int>* stopped_at) {
  std::vector<Tool> tools = kbot::testing::TestTools(stopped_at);
  for (Tool& t : tools) {
    if (t.name == "slow") t.annotations.long_running = true;
  }
  return tools;
}

ServerOptions Options(TaskOptions tasks = {}) {
  ServerOptions o;
  tasks.poll_interval = std::chrono::milliseconds(20);
  o.tasks = tasks;
  return o;
}

json Stateless(json params, bool with_tasks, const std::string& client = "test") {
  json caps = json::object();
  if (with_tasks) caps["extensions"][kTasksExtension] = json::object();
  params["_meta"] = {{kMetaProtocolVersion, "2026-07-28"},
                     {kMetaClientCapabilities, caps},
                     {kMetaClientInfo, {{"name", client}, {"version", "1"}}}};
  return params;
}

// Polls tasks/get (stateless or not) until the task leaves "working".
json PollUntilEnded(Harness& h, const json& params) {
  for (int i = 0; i < 500; ++i) {
    const json r = h.Call("tasks/get", params);
    if (!r.contains("result") || r["result"]["status"] != "working") return r;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return json();
}

TEST(Tasks, HandshakeClientsAskForATaskAndFetchItsResult) {
  std::atomic<int> stopped_at{0};
  Harness h(Tools(&stopped_at), {}, Options());
  const json init = h.Initialize();
  EXPECT_EQ(init["capabilities"]["tasks"]["requests"]["tools"]["call"], json::object());
  const json tools = h.Call("tools/list")["result"]["tools"];
  for (const json& t : tools) {
    EXPECT_EQ(t.contains("execution"), t["name"] == "slow") << t["name"];
  }
  const json created =
      h.Call("tools/call", {{"name", "slow"}, {"arguments", {{"steps", 5}}}, {"task", {{"ttl", 60000}}}});
  const json task = created["result"]["task"];
  ASSERT_TRUE(task["taskId"].is_string()) << created;
  EXPECT_EQ(task["taskId"].get<std::string>().size(), 32u);
  EXPECT_EQ(task["status"], "working");
  EXPECT_EQ(task["ttl"], 60000);
  EXPECT_EQ(task["pollInterval"], 20);
  EXPECT_TRUE(task["createdAt"].get<std::string>().back() == 'Z');

  const json result = h.Call("tasks/result", {{"taskId", task["taskId"]}});
  EXPECT_EQ(result["result"]["structuredContent"], (json{{"steps", 5}})) << result;
  EXPECT_EQ(result["result"]["_meta"][kMetaRelatedTask]["taskId"], task["taskId"]);
  const json got = h.Call("tasks/get", {{"taskId", task["taskId"]}})["result"];
  EXPECT_EQ(got["status"], "completed");
  EXPECT_FALSE(got.contains("result")) << "2025-11-25 fetches it with tasks/result";
  const json listed = h.Call("tasks/list")["result"]["tasks"];
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0]["taskId"], task["taskId"]);

  EXPECT_EQ(ErrorCode(h.Call("tools/call", {{"name", "echo"}, {"arguments", {{"text", "x"}}},
                                           {"task", json::object()}})),
            kMethodNotFound)
      << "a tool without taskSupport is not run as a task";
  EXPECT_EQ(ErrorCode(h.Call("tasks/get", {{"taskId", "0123"}})), kInvalidParams);
}

TEST(Tasks, HandshakeCancelStopsTheWorkAtOnce) {
  std::atomic<int> stopped_at{0};
  Harness h(Tools(&stopped_at), {}, Options());
  h.Initialize();
  const json task = h.Call("tools/call", {{"name", "slow"},
                                          {"arguments", {{"steps", 100000}}},
                                          {"task", json::object()}})["result"]["task"];
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const json cancelled = h.Call("tasks/cancel", {{"taskId", task["taskId"]}});
  EXPECT_EQ(cancelled["result"]["status"], "cancelled") << cancelled;
  for (int i = 0; i < 200 && stopped_at == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_GT(stopped_at.load(), 0) << "the work stopped";
  EXPECT_LT(stopped_at.load(), 2000);
  const json again = h.Call("tasks/cancel", {{"taskId", task["taskId"]}});
  EXPECT_EQ(ErrorCode(again), kInvalidParams);
  EXPECT_NE(again["error"]["message"].get<std::string>().find("'cancelled'"), std::string::npos);
}

TEST(Tasks, StatelessClientsThatDeclareTheExtensionGetATaskAndItsResultInline) {
  std::atomic<int> stopped_at{0};
  Harness h(Tools(&stopped_at), {}, Options());
  const json discovered = h.Call("server/discover", Stateless(json::object(), false))["result"];
  EXPECT_EQ(discovered["capabilities"]["extensions"][kTasksExtension], json::object());

  const json call = {{"name", "slow"}, {"arguments", {{"steps", 5}}}};
  const json plain = h.Call("tools/call", Stateless(call, false))["result"];
  EXPECT_EQ(plain["resultType"], "complete") << "a client without the extension gets no task";
  EXPECT_EQ(plain["structuredContent"], (json{{"steps", 5}}));

  const json created = h.Call("tools/call", Stateless(call, true))["result"];
  ASSERT_EQ(created["resultType"], "task") << created;
  EXPECT_EQ(created["status"], "working");
  EXPECT_EQ(created["ttlMs"], 600000);
  EXPECT_EQ(created["pollIntervalMs"], 20);
  const json ended = PollUntilEnded(h, Stateless({{"taskId", created["taskId"]}}, true));
  EXPECT_EQ(ended["result"]["resultType"], "complete");
  EXPECT_EQ(ended["result"]["status"], "completed") << ended;
  EXPECT_EQ(ended["result"]["result"]["structuredContent"], (json{{"steps", 5}}));
  EXPECT_EQ(ended["result"]["result"]["resultType"], "complete");
  EXPECT_EQ(ended["result"]["statusMessage"], "done");

  EXPECT_EQ(ErrorCode(h.Call("tasks/get", Stateless({{"taskId", created["taskId"]}}, false))),
            kMissingRequiredClientCapability);
  EXPECT_EQ(ErrorCode(h.Call("tasks/get", Stateless({{"taskId", created["taskId"]}}, true, "other"))),
            kInvalidParams)
      << "another client's task is not found";
  EXPECT_EQ(h.Call("tasks/update", Stateless({{"taskId", created["taskId"]},
                                               {"inputResponses", json::object()}},
                                              true))["result"]["resultType"],
            "complete");
  EXPECT_EQ(ErrorCode(h.Call("tasks/result", Stateless({{"taskId", created["taskId"]}}, true))),
            kMethodNotFound)
      << "tasks/result and tasks/list are 2025-11-25's";
}

TEST(Tasks, StatelessCancelIsAcknowledgedAndTheTaskEndsCancelled) {
  std::atomic<int> stopped_at{0};
  Harness h(Tools(&stopped_at), {}, Options());
  const json created =
      h.Call("tools/call", Stateless({{"name", "slow"}, {"arguments", {{"steps", 100000}}}}, true))["result"];
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const json id = {{"taskId", created["taskId"]}};
  const json ack = h.Call("tasks/cancel", Stateless(id, true))["result"];
  EXPECT_EQ(ack["resultType"], "complete");
  const json ended = PollUntilEnded(h, Stateless(id, true));
  EXPECT_EQ(ended["result"]["status"], "cancelled") << ended;
  EXPECT_GT(stopped_at.load(), 0);
}

TEST(Tasks, TasksExpireAfterTheirTtlAndRunningOnesStop) {
  std::atomic<int> stopped_at{0};
  TaskOptions bounds;
  bounds.default_ttl = std::chrono::milliseconds(150);
  Harness h(Tools(&stopped_at), {}, Options(bounds));
  const json created =
      h.Call("tools/call", Stateless({{"name", "slow"}, {"arguments", {{"steps", 100000}}}}, true))["result"];
  EXPECT_EQ(created["ttlMs"], 150);
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  const json gone = h.Call("tasks/get", Stateless({{"taskId", created["taskId"]}}, true));
  EXPECT_EQ(ErrorCode(gone), kInvalidParams);
  EXPECT_NE(gone["error"]["message"].get<std::string>().find("has expired"), std::string::npos);
  for (int i = 0; i < 200 && stopped_at == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_GT(stopped_at.load(), 0) << "an expired task's work is stopped";
}

TEST(Tasks, AClientHoldsOnlySoManyRunningTasks) {
  std::atomic<int> stopped_at{0};
  TaskOptions bounds;
  bounds.max_running_per_client = 2;
  Harness h(Tools(&stopped_at), {}, Options(bounds));
  h.Initialize();
  const json call = {{"name", "slow"}, {"arguments", {{"steps", 100000}}}, {"task", json::object()}};
  EXPECT_TRUE(h.Call("tools/call", call)["result"].contains("task"));
  EXPECT_TRUE(h.Call("tools/call", call)["result"].contains("task"));
  const json third = h.Call("tools/call", call);
  EXPECT_EQ(ErrorCode(third), kInternalError);
  EXPECT_NE(third["error"]["message"].get<std::string>().find("at most 2 running"), std::string::npos)
      << third;
  // A 2026-07-28 client past its bound is answered the plain way instead.
  const json a = Stateless({{"name", "slow"}, {"arguments", {{"steps", 100000}}}}, true, "busy");
  EXPECT_EQ(h.Call("tools/call", a)["result"]["resultType"], "task");
  EXPECT_EQ(h.Call("tools/call", a)["result"]["resultType"], "task");
  const json small = Stateless({{"name", "slow"}, {"arguments", {{"steps", 3}}}}, true, "busy");
  EXPECT_EQ(h.Call("tools/call", small)["result"]["structuredContent"], (json{{"steps", 3}}));
}

}  // namespace
}  // namespace kbot::mcp
