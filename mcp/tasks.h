// Tasks: a tool call that may run long (ToolAnnotations::long_running)
// answered at once with a task id, run in the background, and polled. Both
// forms MCP has: the experimental tasks of 2025-11-25 (the client asks with
// params.task; tasks/get, tasks/result, tasks/list, tasks/cancel) and the
// 2026-07-28 extension io.modelcontextprotocol/tasks (the server decides for
// a client that declares the extension; tasks/get with the result inline,
// tasks/update, tasks/cancel). docs/mcp.md, "Tasks", has the rules.
//
// Tasks live in memory, in the process that made them: they are not shared
// between kbot instances. Each expires (is cancelled if still running, then
// forgotten) after its ttl; a client may hold only so many.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "mcp/json_rpc.h"

namespace kbot::mcp {

struct TaskOptions {
  std::chrono::milliseconds default_ttl{10 * 60 * 1000};  // when the client names none
  std::chrono::milliseconds max_ttl{60 * 60 * 1000};      // a longer request is cut to this
  std::chrono::milliseconds poll_interval{500};
  size_t max_running_per_client = 4;  // working tasks of one client
  size_t max_kept_per_client = 64;    // all of one client's tasks until they expire
};

enum class TaskStatus { kWorking, kInputRequired, kCompleted, kFailed, kCancelled };
const char* TaskStatusName(TaskStatus status);

// One task. The job that runs it holds it too; every member but the constant
// ones is read and written under the store's lock.
struct TaskRecord {
  std::string id;
  std::string client;
  bool handshake = false;  // made by a 2025-11-25 client (params.task)
  std::chrono::system_clock::time_point created, updated;
  std::chrono::milliseconds ttl{0};
  TaskStatus status = TaskStatus::kWorking;
  std::string status_message;
  json result;                    // kCompleted (and kFailed from a tool's isError)
  std::optional<RpcError> error;  // kFailed by a protocol error
  std::atomic<bool> cancel{false};  // asked to stop (tasks/cancel, expiry)
};

class TaskStore {
 public:
  explicit TaskStore(TaskOptions options = {});
  ~TaskStore();  // cancels every running task
  void CancelAll();

  const TaskOptions& options() const { return options_; }

  // A new working task of `client`, kept `ttl` (the default when none; at
  // most max_ttl). ResourceExhausted when the client runs or keeps too many.
  absl::StatusOr<std::shared_ptr<TaskRecord>> Create(const std::string& client,
                                                     std::optional<int64_t> ttl_ms,
                                                     bool handshake);
  // The client's task `id`; null when unknown, expired or another client's.
  std::shared_ptr<TaskRecord> Find(const std::string& client, const std::string& id);
  // A page of the client's tasks, oldest first (2025-11-25 tasks/list).
  std::vector<std::shared_ptr<TaskRecord>> List(const std::string& client);

  // The job's end: its result, or the protocol error it failed with. A task
  // cancelled meanwhile stays cancelled.
  void Finish(TaskRecord& task, absl::StatusOr<json> result);
  // Progress as the task's status message ("done of total").
  void Report(TaskRecord& task, uint64_t done, uint64_t total);
  // Asks the task to stop. Under 2025-11-25 it is cancelled at once (false
  // when it had already ended); under 2026-07-28 when its work stops.
  bool Cancel(TaskRecord& task);
  // Waits until the task has ended or `deadline` (2025-11-25 tasks/result).
  void WaitEnded(TaskRecord& task, std::chrono::steady_clock::time_point deadline);

  // The task as tasks/get and the create results describe it: 2025-11-25's
  // Task (ttl, pollInterval) or 2026-07-28's DetailedTask (ttlMs,
  // pollIntervalMs, and the result or error inline once ended).
  json Describe(const TaskRecord& task, bool stateless) const;

 private:
  void ExpireLocked(std::chrono::system_clock::time_point now);

  const TaskOptions options_;
  mutable std::mutex mu_;
  std::condition_variable ended_;
  std::map<std::string, std::shared_ptr<TaskRecord>> tasks_;  // by id
};

}  // namespace kbot::mcp
