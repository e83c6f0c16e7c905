// Session: tool calls run as tasks (mcp/tasks.h), and the tasks/ methods of
// both revisions. A task's job runs on the server's task workers and holds
// nothing of the session, which may end first (a 2026-07-28 request over
// HTTP has a session only while it is answered).
#include "absl/strings/str_cat.h"
#include "mcp/server.h"
#include "mcp/session_internal.h"

namespace kbot::mcp {

namespace {

// A running task's progress: its status message, and stop once cancelled.
class TaskProgress final : public Progress {
 public:
  TaskProgress(TaskStore& store, TaskRecord& task) : store_(store), task_(task) {}
  bool Report(uint64_t done, uint64_t total) override { return Report(done, total, {}); }
  bool Report(uint64_t done, uint64_t total, std::string_view) override {
    store_.Report(task_, done, total);
    return !task_.cancel;
  }

 private:
  TaskStore& store_;
  TaskRecord& task_;
};

// A task has nobody to log to: its status message says how it goes.
class NoLogger final : public Logger {
 public:
  void Log(LogLevel, absl::string_view, const std::string&) override {}
};

bool DeclaresTasks(const json& capabilities) {
  auto it = capabilities.find("extensions");
  return it != capabilities.end() && it->is_object() && it->contains(kTasksExtension);
}

RpcError MissingTasksExtension() {
  return {kMissingRequiredClientCapability,
          absl::StrCat("Missing required client capability: tasks/ methods need the \"",
                       kTasksExtension, "\" extension in the request's clientCapabilities"),
          json{{"requiredCapabilities", {{"extensions", {{kTasksExtension, json::object()}}}}}}};
}

}  // namespace

bool Session::WantsTask(const Tool& tool, const json& params, const InFlight& flight) {
  if (!tool.annotations.long_running) return false;
  // 2026-07-28: kbot's choice, for a client that takes tasks; 2025-11-25:
  // the client's, by params.task.
  if (flight.stateless) return DeclaresTasks(flight.client_capabilities);
  return params.contains("task") && params["task"].is_object();
}

std::string Session::TaskClient(const InFlight& flight) const {
  if (!flight.stateless) return absl::StrCat("session:", serial_);
  // 2026-07-28 has no session: a client is what it calls itself.
  const std::string name =
      flight.client_info.is_object() ? flight.client_info.value("name", "") : "";
  return absl::StrCat("client:", name);
}

absl::StatusOr<json> Session::StartTask(const Server::CompiledTool& tool,
                                        const CheckedArguments& checked, const InFlight& flight) {
  std::optional<int64_t> ttl;
  if (!flight.stateless && flight.params["task"].contains("ttl") &&
      flight.params["task"]["ttl"].is_number_integer()) {
    ttl = flight.params["task"]["ttl"].get<int64_t>();
  }
  absl::StatusOr<std::shared_ptr<TaskRecord>> task =
      server_.tasks().Create(TaskClient(flight), ttl, /*handshake=*/!flight.stateless);
  if (!task.ok()) return task.status();
  // The job's own copy of what the request said: the request ends now.
  auto job = std::make_shared<InFlight>();
  job->method = flight.method;
  job->params = flight.params;
  job->version = flight.version;
  job->stateless = flight.stateless;
  job->client_capabilities = flight.client_capabilities;
  Server& server = server_;
  server_.task_queue().Post([&server, &tool, checked, job, record = *task] {
    TaskProgress progress(server.tasks(), *record);
    NoLogger logger;
    absl::StatusOr<json> result =
        record->cancel ? absl::CancelledError()
                       : RunChecked(server, tool, checked, "", *job, progress, logger, nullptr);
    if (job->rpc_error) result = absl::FailedPreconditionError(job->rpc_error->message);
    server.tasks().Finish(*record, std::move(result));
  });
  json described = server_.tasks().Describe(**task, flight.stateless);
  if (!flight.stateless) return json{{"task", std::move(described)}};
  described["resultType"] = "task";
  return described;
}

absl::StatusOr<std::shared_ptr<TaskRecord>> Session::TaskOf(InFlight& flight) {
  if (flight.stateless && !DeclaresTasks(flight.client_capabilities)) {
    flight.rpc_error = MissingTasksExtension();
    return absl::FailedPreconditionError(flight.rpc_error->message);
  }
  const json& id = flight.params.contains("taskId") ? flight.params["taskId"] : json();
  if (!id.is_string()) {
    return absl::InvalidArgumentError(absl::StrCat(flight.method, ": \"taskId\" must be a string"));
  }
  std::shared_ptr<TaskRecord> task = server_.tasks().Find(TaskClient(flight), id.get<std::string>());
  if (task == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(
        flight.method, ": task ", id.get<std::string>(),
        " is unknown or has expired (tasks are kept for their ttl, in the kbot that made them)"));
  }
  return task;
}

absl::StatusOr<json> Session::GetTask(InFlight& flight) {
  absl::StatusOr<std::shared_ptr<TaskRecord>> task = TaskOf(flight);
  if (!task.ok()) return task.status();
  return server_.tasks().Describe(**task, flight.stateless);
}

absl::StatusOr<json> Session::TaskResult(InFlight& flight) {
  absl::StatusOr<std::shared_ptr<TaskRecord>> task = TaskOf(flight);
  if (!task.ok()) return task.status();
  // Blocks until the task ends, its ttl passes or this request is cancelled.
  const auto deadline = std::chrono::steady_clock::now() + (*task)->ttl;
  json described;
  for (;;) {
    server_.tasks().WaitEnded(**task, std::chrono::steady_clock::now() +
                                          std::chrono::milliseconds(100));
    described = server_.tasks().Describe(**task, /*stateless=*/true);
    if (described["status"] != "working") break;
    if (flight.cancelled || std::chrono::steady_clock::now() >= deadline) {
      return absl::CancelledError();
    }
  }
  const json related = {{kMetaRelatedTask, {{"taskId", (*task)->id}}}};
  if (described["status"] == "cancelled") {
    return absl::InvalidArgumentError(absl::StrCat("task ", (*task)->id, " was cancelled"));
  }
  if (described.contains("error")) {
    flight.rpc_error = RpcError{described["error"]["code"].get<int>(),
                                described["error"]["message"].get<std::string>(), related};
    return absl::FailedPreconditionError(flight.rpc_error->message);
  }
  json result = (*task)->result;  // ended: no longer written
  result["_meta"][kMetaRelatedTask] = related[kMetaRelatedTask];
  return result;
}

absl::StatusOr<json> Session::ListTasks(InFlight& flight) {
  json tasks = json::array();
  for (const std::shared_ptr<TaskRecord>& task : server_.tasks().List(TaskClient(flight))) {
    tasks.push_back(server_.tasks().Describe(*task, /*stateless=*/false));
  }
  return json{{"tasks", std::move(tasks)}};
}

absl::StatusOr<json> Session::CancelTask(InFlight& flight) {
  absl::StatusOr<std::shared_ptr<TaskRecord>> task = TaskOf(flight);
  if (!task.ok()) return task.status();
  const bool cancelled = server_.tasks().Cancel(**task);
  // 2026-07-28 acknowledges, whatever the task's state; it is cancelled when
  // its work stops.
  if (flight.stateless) return json::object();
  if (!cancelled) {
    return absl::InvalidArgumentError(absl::StrCat(
        "Cannot cancel task: already in terminal status '",
        server_.tasks().Describe(**task, false)["status"].get<std::string>(), "'"));
  }
  return server_.tasks().Describe(**task, /*stateless=*/false);
}

absl::StatusOr<json> Session::UpdateTask(InFlight& flight) {
  absl::StatusOr<std::shared_ptr<TaskRecord>> task = TaskOf(flight);
  if (!task.ok()) return task.status();
  // kbot's tasks ask their client nothing, so no answer is outstanding: the
  // revision says to ignore answers to keys that are not.
  return json::object();
}

}  // namespace kbot::mcp
