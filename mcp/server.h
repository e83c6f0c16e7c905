// The MCP server core, independent of transport and of what it serves: a
// Server holds what every client shares (the tools, the hooks the app fills
// in, the worker threads); a Session is
// one client's conversation. A transport hands each incoming line to
// Session::Receive and writes every line the session's sink gets.
// server.cc holds the Server; session.cc the Session's dispatch and life;
// session_methods.cc the work of each method.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "mcp/extras.h"
#include "mcp/json_rpc.h"
#include "mcp/revision.h"
#include "mcp/tasks.h"
#include "base/json_schema.h"
#include "mcp/tool.h"
#include "mcp/work_queue.h"

namespace kbot::mcp {

inline constexpr const char* kLatestProtocolVersion = "2025-11-25";
// Newest first; a client asking for another version gets the latest.
inline const std::vector<std::string>& SupportedProtocolVersions() {
  static const std::vector<std::string> versions = {"2025-11-25", "2025-06-18", "2025-03-26"};
  return versions;
}

// What the core asks of the app beside its tools: the text that tells a
// client where to start, completions, and the resources at the app's own
// URIs. Every member is optional.
struct ServerHooks {
  // The `instructions` of the initialize result.
  std::string instructions;
  // completion/complete of a tool's argument (ref/tool): candidate values for
  // `argument` starting with `prefix`, given the other arguments the client
  // already has. Errors mean no candidates.
  std::function<absl::StatusOr<std::vector<std::string>>(
      absl::string_view argument, absl::string_view prefix, const json& arguments)>
      complete;
  // resources/list: the app's resources ({"uri", "name", ...} entries), after
  // the registered `resources`. Cancelled when `progress` says stop.
  std::function<absl::StatusOr<std::vector<json>>(Progress& progress)> list_resources;
  // resources/read of a URI no registered resource or template reads: the
  // result's `contents`. NotFound (-32002) when there is no such resource,
  // InvalidArgument (-32602), anything else -32603.
  std::function<absl::StatusOr<json>(const std::string& uri, Progress& progress)> read_resource;

  // Offerings declared as data (mcp/extras.h): a server with prompts declares
  // the prompts capability. Resources are listed before the app's list, and
  // templates in order; a URI a resource or a template with a `read` answers
  // is never passed to read_resource.
  std::vector<Prompt> prompts;
  std::vector<Resource> resources;
  std::vector<ResourceTemplate> resource_templates;

  // Extensions the app offers, by id (MCP Apps: "io.modelcontextprotocol/ui"
  // -> {}): declared in `capabilities.extensions` by initialize and by
  // server/discover alike, beside the core's own (tasks).
  json extensions = json::object();
};

struct ServerOptions {
  std::string name = "kbot";
  std::string title = "kbot: classic game data";
  std::string version = "0.1.0";
  size_t tools_page_size = 50;
  size_t resources_page_size = 200;
  Limits limits;
  // Least time between two progress notifications of one request: enough to
  // keep a client's timeout alive, few enough not to flood it.
  std::chrono::milliseconds progress_interval{100};
  int worker_threads = 4;
  // Tasks (mcp/tasks.h): their bounds, and the workers that run them apart
  // from the requests' own, so that long tasks never hold up a listing.
  TaskOptions tasks;
  int task_threads = 2;
  // Declares resources.subscribe and answers resources/subscribe and
  // /unsubscribe; whoever changes a resource then calls
  // Server::NotifyResourceUpdated. Off for kbot, whose files do not change
  // under it.
  bool resource_subscriptions = false;
};

class Session;

class Server {
 public:
  // Compiles every tool's schemas; InvalidArgument names a tool whose schema
  // is unusable or a tool, prompt, resource URI or URI template declared twice.
  static absl::StatusOr<std::unique_ptr<Server>> Create(std::vector<Tool> tools,
                                                        ServerHooks hooks,
                                                        ServerOptions options);

  ~Server();  // cancels the running tasks

  const ServerOptions& options() const { return options_; }
  const ServerHooks& hooks() const { return hooks_; }
  WorkQueue& queue() { return queue_; }
  TaskStore& tasks() { return tasks_; }
  WorkQueue& task_queue() { return task_queue_; }

  struct CompiledTool {
    Tool tool;
    CompiledSchema input;
  };
  const std::vector<CompiledTool>& tools() const { return tools_; }
  const CompiledTool* FindTool(absl::string_view name) const;
  const Prompt* FindPrompt(absl::string_view name) const;
  const Resource* FindResource(absl::string_view uri) const;
  // The first registered template `uri` matches, and its variables; with
  // `readable`, only a template that has a `read`.
  const ResourceTemplate* MatchTemplate(absl::string_view uri, json& variables,
                                        bool readable = false) const;

  // Sends notifications/resources/updated to every session subscribed to
  // `uri` (with resource_subscriptions on). From any thread.
  void NotifyResourceUpdated(absl::string_view uri);


 private:
  Server(ServerHooks hooks, ServerOptions options);

  friend class Session;  // a session registers itself for NotifyResourceUpdated

  ServerHooks hooks_;
  ServerOptions options_;
  std::vector<CompiledTool> tools_;
  std::mutex sessions_mu_;
  std::set<Session*> sessions_;  // the live ones
  WorkQueue queue_;
  TaskStore tasks_;
  WorkQueue task_queue_;  // destroyed first: its jobs use the tools and the tasks
};

// Where an outgoing message belongs, for a transport that gives each request
// its own stream (Streamable HTTP): the id of the request it answers or
// reports on (null: no request, e.g. an answer to an unparseable message),
// and whether it is that request's response, the last message about it.
struct Route {
  json request_id;
  bool response = false;
};

class Session {
 public:
  // `sink` gets each outgoing message as one line without its newline; the
  // session calls it from several threads, one call at a time. A RoutedSink
  // also learns where each message belongs, and gets an empty line with
  // `response` set when a request ends without a response (it was cancelled).
  using Sink = std::function<void(const std::string& line)>;
  using RoutedSink = std::function<void(const std::string& line, const Route& route)>;
  Session(Server& server, Sink sink);
  Session(Server& server, RoutedSink sink);
  ~Session();  // waits for the requests still running
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Handles one incoming message. Quick methods are answered before it
  // returns; tool calls and reads are answered later from a worker thread.
  void Receive(absl::string_view line);
  void Receive(const Incoming& in);

  // Answers a message the transport refused for its size (-32600; its id is
  // unknown, so null).
  void ReportOversized(size_t bytes, size_t limit);

  // Marks every running request cancelled (the client ended the session):
  // each stops at its next progress check and sends nothing more.
  void CancelAll();

  // Blocks until no request is running (the transport's input has ended).
  void WaitIdle();

  // The version agreed at initialize ("" before it).
  std::string protocol_version() const;

  // Before answering a request that sent progress, pings the client and waits
  // for its answer (at most `timeout`): a client that handles notifications
  // later than responses read with them (the TypeScript SDK) has then seen
  // every notification (mcp/session_progress.cc says why). 0: off.
  void ConfirmProgressBeforeResponse(std::chrono::milliseconds timeout);

  // The transport will read nothing more: waits for the client end now.
  void EndInput();

  // Cancels the request `id` as notifications/cancelled would (a transport
  // whose client went away).
  void Cancel(const json& id);

 private:
  friend class Server;  // tells it of resource updates

  struct InFlight;
  class RequestProgress;
  class SessionLogger;
  class RequestClient;
  struct ClientAnswer;

  struct Method;
  static const std::vector<Method>& Methods();
  // The method `name` of the handshake revisions or of 2026-07-28; null when
  // that revision has none.
  static const Method* FindMethod(absl::string_view name, bool stateless);
  void HandleRequest(const Incoming& in);
  // A 2026-07-28 request (mcp/revision.h; session_stateless.cc).
  void HandleStateless(const Incoming& in);
  bool Initialized() const;
  absl::StatusOr<json> InitializeOnce(const json& params);
  absl::StatusOr<json> SetLogLevel(const json& params);
  absl::StatusOr<json> ListTemplates() const;
  // The response to `flight`: its result (decorated as its revision wants),
  // or the error its status or its rpc_error says.
  json ResponseTo(const InFlight& flight, absl::StatusOr<json> result) const;
  // What initialize (the handshake revisions) and server/discover
  // (`stateless`) declare.
  json Capabilities(bool stateless) const;
  json ServerInfo() const;
  absl::StatusOr<json> Discover() const;
  void HandleNotification(const Incoming& in);
  void HandleResponse(const Incoming& in);
  // Runs `work` on a worker; `envelope`, when given, makes it a 2026-07-28
  // request with that version, capabilities and log level.
  void RunInBackground(const Incoming& in, std::function<void(InFlight&)> work,
                       const Envelope* envelope = nullptr);
  void Respond(InFlight& flight, absl::StatusOr<json> result);
  void FinishProgress(InFlight& flight, const absl::StatusOr<json>& result);
  void AwaitProgressReceipt(InFlight& flight);

  json Initialize(const json& params);
  absl::StatusOr<json> ListTools(const json& params) const;
  absl::StatusOr<json> CallTool(const json& params, InFlight& flight);
  // Runs a tool on arguments its schema accepted, as tools/call and a task
  // do: the answer, an InputRequiredResult, or the error.
  static absl::StatusOr<json> RunChecked(const Server& server, const Server::CompiledTool& tool,
                                         const CheckedArguments& checked,
                                         const std::string& binding, InFlight& flight,
                                         Progress& progress, Logger& logger, Client* client);
  // A tool's finished result as tools/call answers it.
  static json ToolAnswer(ToolResult result, const std::string& coercion,
                         const Server::CompiledTool& tool, const InFlight& flight);

  // Tasks (session_tasks.cc): whether this call becomes one; starting it;
  // the tasks/ methods; whose task a request may see.
  static bool WantsTask(const Tool& tool, const json& params, const InFlight& flight);
  absl::StatusOr<json> StartTask(const Server::CompiledTool& tool, const CheckedArguments& checked,
                                 const InFlight& flight);
  std::string TaskClient(const InFlight& flight) const;
  absl::StatusOr<std::shared_ptr<TaskRecord>> TaskOf(InFlight& flight);
  absl::StatusOr<json> GetTask(InFlight& flight);
  absl::StatusOr<json> TaskResult(InFlight& flight);
  absl::StatusOr<json> ListTasks(InFlight& flight);
  absl::StatusOr<json> CancelTask(InFlight& flight);
  absl::StatusOr<json> UpdateTask(InFlight& flight);
  absl::StatusOr<json> ListResources(const json& params, InFlight& flight);
  absl::StatusOr<json> ReadResource(const json& params, InFlight& flight);
  absl::StatusOr<json> Complete(const json& params) const;
  absl::StatusOr<json> ListPrompts(const json& params) const;
  absl::StatusOr<json> GetPrompt(const json& params) const;
  absl::StatusOr<json> Subscribe(const json& params, bool subscribe);
  bool ListedByApp(const std::string& uri) const;
  void ResourceUpdated(const std::string& uri);
  // subscriptions/listen: acknowledged at once, then open until the client
  // cancels it or the session ends (session_stateless.cc).
  void Listen(const Incoming& in);
  // Ends the listen request `id`, if there is one: its stream closes.
  void EndListener(const json& id);
  void EndAllListeners();

  // The response to `in`, sent at once.
  void Answer(const Incoming& in, const json& message);
  // `message` about no request, or about the request `route` names.
  void Send(const json& message, const Route& route = Route());
  // A handler's log line about `request_id`; unless `stateless` (whose
  // request chose its level), only after initialize at the session's level.
  void Log(LogLevel level, absl::string_view logger, const std::string& message,
           const json& request_id, bool stateless = false);

  Server& server_;
  const uint64_t serial_;  // tells this session's tasks from others'
  RoutedSink sink_;
  std::mutex send_mu_;  // one line at a time, in the order sent

  mutable std::mutex mu_;
  std::condition_variable idle_;
  bool initialized_ = false;
  std::string protocol_version_;
  json client_capabilities_ = json::object();  // as the client's initialize declared them
  LogLevel log_level_ = LogLevel::kInfo;
  std::vector<std::shared_ptr<InFlight>> in_flight_;
  std::set<std::string> subscriptions_;  // resources/subscribe URIs
  // The open subscriptions/listen requests, by their id's JSON text: the id,
  // and the URIs whose notifications/resources/updated each asked for.
  struct Listener {
    json id;
    std::set<std::string> uris;
  };
  std::map<std::string, Listener> listeners_;
  // Requests this session sent the client, by id, until answered.
  int64_t next_client_request_ = 1;
  std::map<int64_t, std::shared_ptr<ClientAnswer>> client_requests_;
  std::condition_variable client_answered_;  // also woken by a cancellation
  std::chrono::milliseconds progress_receipt_timeout_{0};
  bool input_ended_ = false;  // no answer from the client can arrive any more
};

}  // namespace kbot::mcp
