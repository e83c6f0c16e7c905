// The task store: creation within bounds, expiry, the end of a task's job,
// and a task's description in either revision's words.
#include "mcp/tasks.h"

#include <algorithm>
#include <random>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/time.h"

namespace kbot::mcp {

namespace {

// 128 random bits: task ids are the only thing between one client and
// another's task, so they must not be guessable.
std::string NewTaskId() {
  static thread_local std::random_device device;
  std::string id;
  for (int i = 0; i < 4; ++i) absl::StrAppendFormat(&id, "%08x", uint32_t(device()));
  return id;
}

std::string Iso8601(std::chrono::system_clock::time_point t) {
  return absl::FormatTime("%Y-%m-%dT%H:%M:%E3SZ", absl::FromChrono(t), absl::UTCTimeZone());
}

bool Ended(TaskStatus status) {
  return status == TaskStatus::kCompleted || status == TaskStatus::kFailed ||
         status == TaskStatus::kCancelled;
}

}  // namespace

const char* TaskStatusName(TaskStatus status) {
  switch (status) {
    case TaskStatus::kWorking: return "working";
    case TaskStatus::kInputRequired: return "input_required";
    case TaskStatus::kCompleted: return "completed";
    case TaskStatus::kFailed: return "failed";
    case TaskStatus::kCancelled: return "cancelled";
  }
  return "working";
}

TaskStore::TaskStore(TaskOptions options) : options_(options) {}

TaskStore::~TaskStore() { CancelAll(); }

void TaskStore::CancelAll() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& [id, task] : tasks_) task->cancel = true;
}

void TaskStore::ExpireLocked(std::chrono::system_clock::time_point now) {
  for (auto it = tasks_.begin(); it != tasks_.end();) {
    if (now - it->second->created >= it->second->ttl) {
      it->second->cancel = true;  // a job still running stops at its next progress check
      it = tasks_.erase(it);
    } else {
      ++it;
    }
  }
}

absl::StatusOr<std::shared_ptr<TaskRecord>> TaskStore::Create(const std::string& client,
                                                              std::optional<int64_t> ttl_ms,
                                                              bool handshake) {
  const auto now = std::chrono::system_clock::now();
  std::lock_guard<std::mutex> lock(mu_);
  ExpireLocked(now);
  size_t running = 0, kept = 0;
  for (const auto& [id, task] : tasks_) {
    if (task->client != client) continue;
    ++kept;
    running += !Ended(task->status);
  }
  if (running >= options_.max_running_per_client || kept >= options_.max_kept_per_client) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "this client already has ", running, " running tasks and keeps ", kept,
        " (at most ", options_.max_running_per_client, " running and ",
        options_.max_kept_per_client, " kept): wait for one to end or cancel one"));
  }
  auto task = std::make_shared<TaskRecord>();
  task->id = NewTaskId();
  task->client = client;
  task->handshake = handshake;
  task->created = task->updated = now;
  const std::chrono::milliseconds asked =
      ttl_ms && *ttl_ms > 0 ? std::chrono::milliseconds(*ttl_ms) : options_.default_ttl;
  task->ttl = std::min(asked, options_.max_ttl);
  tasks_[task->id] = task;
  return task;
}

std::shared_ptr<TaskRecord> TaskStore::Find(const std::string& client, const std::string& id) {
  std::lock_guard<std::mutex> lock(mu_);
  ExpireLocked(std::chrono::system_clock::now());
  auto it = tasks_.find(id);
  if (it == tasks_.end() || it->second->client != client) return nullptr;
  return it->second;
}

std::vector<std::shared_ptr<TaskRecord>> TaskStore::List(const std::string& client) {
  std::lock_guard<std::mutex> lock(mu_);
  ExpireLocked(std::chrono::system_clock::now());
  std::vector<std::shared_ptr<TaskRecord>> out;
  for (const auto& [id, task] : tasks_) {
    if (task->client == client) out.push_back(task);
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a->created != b->created ? a->created < b->created : a->id < b->id;
  });
  return out;
}

void TaskStore::Finish(TaskRecord& task, absl::StatusOr<json> result) {
  std::lock_guard<std::mutex> lock(mu_);
  task.updated = std::chrono::system_clock::now();
  if (task.status == TaskStatus::kCancelled) return;
  if (task.cancel || result.status().code() == absl::StatusCode::kCancelled) {
    task.status = TaskStatus::kCancelled;
    task.status_message = "cancelled";
  } else if (!result.ok()) {
    task.status = TaskStatus::kFailed;
    task.status_message = std::string(result.status().message());
    task.error = RpcError{result.status().code() == absl::StatusCode::kInvalidArgument
                              ? kInvalidParams
                              : kInternalError,
                          task.status_message, nullptr};
  } else {
    task.result = *std::move(result);
    // 2026-07-28's inline result is the tools/call result the revision would
    // send, which says its resultType (the Tasks extension's client reads it).
    if (!task.handshake && task.result.is_object() && !task.result.contains("resultType")) {
      task.result["resultType"] = "complete";
    }
    // 2025-11-25 counts a tool's isError as failed; 2026-07-28 as completed
    // (the error is the result's, not the protocol's).
    const bool tool_error = task.result.value("isError", false);
    task.status = tool_error && task.handshake ? TaskStatus::kFailed : TaskStatus::kCompleted;
    task.status_message = tool_error ? "the tool reported an error" : "done";
  }
  ended_.notify_all();
}

void TaskStore::Report(TaskRecord& task, uint64_t done, uint64_t total) {
  std::lock_guard<std::mutex> lock(mu_);
  if (Ended(task.status)) return;
  task.updated = std::chrono::system_clock::now();
  task.status_message =
      total > 0 ? absl::StrCat("working: ", done, " of ", total) : absl::StrCat("working: ", done);
}

bool TaskStore::Cancel(TaskRecord& task) {
  std::lock_guard<std::mutex> lock(mu_);
  if (Ended(task.status)) return false;
  task.cancel = true;
  if (task.handshake) {  // 2025-11-25: cancelled before the answer says so
    task.status = TaskStatus::kCancelled;
    task.status_message = "cancelled";
    task.updated = std::chrono::system_clock::now();
    ended_.notify_all();
  }
  return true;
}

void TaskStore::WaitEnded(TaskRecord& task, std::chrono::steady_clock::time_point deadline) {
  std::unique_lock<std::mutex> lock(mu_);
  ended_.wait_until(lock, deadline, [&] { return Ended(task.status); });
}

json TaskStore::Describe(const TaskRecord& task, bool stateless) const {
  std::lock_guard<std::mutex> lock(mu_);
  json out = {{"taskId", task.id},
              {"status", TaskStatusName(task.status)},
              {"createdAt", Iso8601(task.created)},
              {"lastUpdatedAt", Iso8601(task.updated)}};
  if (!task.status_message.empty()) out["statusMessage"] = task.status_message;
  const int64_t ttl = task.ttl.count(), poll = options_.poll_interval.count();
  if (!stateless) {
    out["ttl"] = ttl;
    out["pollInterval"] = poll;
    return out;
  }
  out["ttlMs"] = ttl;
  out["pollIntervalMs"] = poll;
  if (task.status == TaskStatus::kCompleted) out["result"] = task.result;
  if (task.status == TaskStatus::kFailed && task.error) {
    out["error"] = {{"code", task.error->code}, {"message", task.error->message}};
  }
  return out;
}

}  // namespace kbot::mcp
