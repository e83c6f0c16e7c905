#include "mcp/server.h"

#include <algorithm>
#include <charconv>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace kbot::mcp {

// One request that is running on a worker.
struct Session::InFlight {
  json id;
  std::string method;
  json params;
  json progress_token;  // null: the client asked for no progress
  std::atomic<bool> cancelled{false};
  std::mutex mu;          // orders progress against the response
  bool answered = false;  // no progress after the response
  uint64_t last_progress = 0;
  bool any_progress = false;
  std::chrono::steady_clock::time_point last_sent{};
};

// notifications/progress for one request, throttled and strictly increasing;
// says stop once the request is cancelled.
class Session::RequestProgress final : public Progress {
 public:
  RequestProgress(Session& session, InFlight& flight) : session_(session), flight_(flight) {}

  bool Report(uint64_t done, uint64_t total) override {
    if (flight_.cancelled.load()) return false;
    if (flight_.progress_token.is_null()) return true;
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard<std::mutex> lock(flight_.mu);
    if (flight_.answered) return true;
    if (flight_.any_progress && done <= flight_.last_progress) return true;
    const bool last = total != 0 && done >= total;
    if (flight_.any_progress && !last &&
        now - flight_.last_sent < session_.server_.options().progress_interval) {
      return true;
    }
    json params = {{"progressToken", flight_.progress_token}, {"progress", done}};
    if (total != 0) params["total"] = total;
    session_.Send(MakeNotification("notifications/progress", std::move(params)), {flight_.id});
    flight_.any_progress = true;
    flight_.last_progress = done;
    flight_.last_sent = now;
    return true;
  }

 private:
  Session& session_;
  InFlight& flight_;
};

// A handler's log lines, as notifications/message at or above the level the
// client set, about the request the handler serves.
class Session::SessionLogger final : public Logger {
 public:
  SessionLogger(Session& session, const json& request_id)
      : session_(session), request_id_(request_id) {}
  void Log(LogLevel level, absl::string_view logger, const std::string& message) override {
    session_.Log(level, logger, message, request_id_);
  }

 private:
  Session& session_;
  const json& request_id_;
};

// A request this session sent the client, until its answer arrives.
struct Session::ClientAnswer {
  bool answered = false;
  absl::StatusOr<json> answer = absl::UnknownError("unanswered");
};

// The client of one tool call: requests to it go out about the call (so that
// Streamable HTTP carries them on the call's stream) and wait for the answer,
// the call's cancellation, or the timeout.
class Session::RequestClient final : public Client {
 public:
  RequestClient(Session& session, InFlight& flight) : session_(session), flight_(flight) {}

  bool Supports(absl::string_view capability) const override {
    std::lock_guard<std::mutex> lock(session_.mu_);
    return session_.client_capabilities_.contains(std::string(capability));
  }

  absl::StatusOr<json> Request(absl::string_view method, json params,
                               std::chrono::milliseconds timeout) override {
    auto slot = std::make_shared<ClientAnswer>();
    int64_t id;
    {
      std::lock_guard<std::mutex> lock(session_.mu_);
      id = session_.next_client_request_++;
      session_.client_requests_.emplace(id, slot);
    }
    session_.Send(json{{"jsonrpc", "2.0"},
                       {"id", id},
                       {"method", std::string(method)},
                       {"params", std::move(params)}},
                  {flight_.id});
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::unique_lock<std::mutex> lock(session_.mu_);
    const bool answered = session_.client_answered_.wait_until(
        lock, deadline, [&] { return slot->answered || flight_.cancelled.load(); });
    session_.client_requests_.erase(id);
    if (answered && slot->answered) return slot->answer;
    lock.unlock();
    // Given up on: the client may stop working on it.
    const std::string reason =
        flight_.cancelled ? "the tool call was cancelled" : "no answer in time";
    session_.Send(MakeNotification("notifications/cancelled",
                                   json{{"requestId", id}, {"reason", reason}}),
                  {flight_.id});
    if (flight_.cancelled) return absl::CancelledError(reason);
    return absl::DeadlineExceededError(absl::StrCat(method, ": the client did not answer within ",
                                                    timeout.count(), " ms"));
  }

 private:
  Session& session_;
  InFlight& flight_;
};

// ---------------------------------------------------------------- Server

Server::Server(const contexts::Workspace& workspace, ServerHooks hooks, ServerOptions options)
    : workspace_(workspace),
      hooks_(std::move(hooks)),
      options_(std::move(options)),
      queue_(options_.worker_threads) {}

absl::StatusOr<std::unique_ptr<Server>> Server::Create(const contexts::Workspace& workspace,
                                                       std::vector<Tool> tools, ServerHooks hooks,
                                                       ServerOptions options) {
  std::unique_ptr<Server> server(new Server(workspace, std::move(hooks), std::move(options)));
  for (Tool& tool : tools) {
    if (server->FindTool(tool.name) != nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("tool ", tool.name, " is declared twice"));
    }
    absl::StatusOr<CompiledSchema> input = CompiledSchema::Compile(tool.input_schema);
    if (!input.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("tool ", tool.name, ": input schema: ", input.status().message()));
    }
    if (tool.output_schema.is_null()) {
      // No structured result: nothing to compile.
    } else if (absl::Status s = CompiledSchema::Compile(tool.output_schema).status(); !s.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("tool ", tool.name, ": output schema: ", s.message()));
    }
    server->tools_.push_back(CompiledTool{std::move(tool), *std::move(input)});
  }
  // The extras are looked up by name and URI: each must be unique.
  const ServerHooks& h = server->hooks_;
  for (size_t i = 0; i < h.prompts.size(); ++i) {
    if (server->FindPrompt(h.prompts[i].name) != &h.prompts[i]) {
      return absl::InvalidArgumentError(
          absl::StrCat("prompt ", h.prompts[i].name, " is declared twice"));
    }
  }
  for (size_t i = 0; i < h.resources.size(); ++i) {
    if (server->FindResource(h.resources[i].uri) != &h.resources[i]) {
      return absl::InvalidArgumentError(
          absl::StrCat("resource ", h.resources[i].uri, " is declared twice"));
    }
  }
  for (size_t i = 0; i < h.resource_templates.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (h.resource_templates[j].uri_template == h.resource_templates[i].uri_template) {
        return absl::InvalidArgumentError(absl::StrCat(
            "resource template ", h.resource_templates[i].uri_template, " is declared twice"));
      }
    }
  }
  return server;
}

const Server::CompiledTool* Server::FindTool(absl::string_view name) const {
  for (const CompiledTool& t : tools_) {
    if (t.tool.name == name) return &t;
  }
  return nullptr;
}

const Prompt* Server::FindPrompt(absl::string_view name) const {
  for (const Prompt& p : hooks_.prompts) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const Resource* Server::FindResource(absl::string_view uri) const {
  for (const Resource& r : hooks_.resources) {
    if (r.uri == uri) return &r;
  }
  return nullptr;
}

const ResourceTemplate* Server::MatchTemplate(absl::string_view uri, json& variables) const {
  for (const ResourceTemplate& t : hooks_.resource_templates) {
    if (std::optional<json> matched = MatchUriTemplate(t.uri_template, uri)) {
      variables = *std::move(matched);
      return &t;
    }
  }
  return nullptr;
}

void Server::NotifyResourceUpdated(absl::string_view uri) {
  // Under the lock, so that no session is destroyed while it is told.
  std::lock_guard<std::mutex> lock(sessions_mu_);
  for (Session* session : sessions_) session->ResourceUpdated(std::string(uri));
}

std::string Server::Instructions() const {
  std::vector<std::string> names;
  for (const contexts::Context& c : workspace_.contexts()) {
    names.push_back(absl::StrCat(c.name, " (", contexts::GameName(c.game),
                                 c.builtin ? ", built-in sample assets)" : ")"));
  }
  return absl::StrCat(
      "kbot reads Total Annihilation, TA: Kingdoms and GTA1 game data. Contexts: ",
      absl::StrJoin(names, ", "),
      ". Start with context_list, then vfs_list with a pattern such as \"**/*.gaf\"; gaf_list "
      "names a GAF's sequences, gaf_info gives every frame's header, and gaf_export returns a "
      "picture (png frame, gif/apng animation, or sheet; scale 2-8 enlarges small sprites). "
      "Every file is also a resource at kbot://CONTEXT/PATH.");
}

// ---------------------------------------------------------------- Session

Session::Session(Server& server, Sink sink)
    : Session(server, RoutedSink([sink = std::move(sink)](const std::string& line, const Route&) {
        if (!line.empty()) sink(line);  // empty: a request ended without a response
      })) {}

Session::Session(Server& server, RoutedSink sink) : server_(server), sink_(std::move(sink)) {
  std::lock_guard<std::mutex> lock(server_.sessions_mu_);
  server_.sessions_.insert(this);
}

Session::~Session() {
  {
    std::lock_guard<std::mutex> lock(server_.sessions_mu_);
    server_.sessions_.erase(this);
  }
  WaitIdle();
}

void Session::WaitIdle() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_.wait(lock, [this] { return in_flight_.empty(); });
}

std::string Session::protocol_version() const {
  std::lock_guard<std::mutex> lock(mu_);
  return protocol_version_;
}

void Session::CancelAll() {
  std::lock_guard<std::mutex> lock(mu_);
  for (const std::shared_ptr<InFlight>& flight : in_flight_) flight->cancelled = true;
  client_answered_.notify_all();  // a call waiting on the client stops waiting
}

void Session::Send(const json& message, const Route& route) {
  const std::string line = Serialize(message);
  std::lock_guard<std::mutex> lock(send_mu_);
  sink_(line, route);
}

void Session::Log(LogLevel level, absl::string_view logger, const std::string& message,
                  const json& request_id) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!initialized_ || level < log_level_) return;
  }
  Send(MakeNotification("notifications/message", json{{"level", LogLevelName(level)},
                                                       {"logger", std::string(logger)},
                                                       {"data", message}}),
       {request_id});
}

void Session::Receive(absl::string_view line) { Receive(ParseIncoming(line)); }

void Session::Receive(const Incoming& in) {
  switch (in.kind) {
    case Incoming::Kind::kInvalid:
      Send(MakeError(in.id, in.error), {in.id, true});
      return;
    case Incoming::Kind::kResponse:
      HandleResponse(in);
      return;
    case Incoming::Kind::kNotification:
      HandleNotification(in);
      return;
    case Incoming::Kind::kRequest:
      HandleRequest(in);
      return;
  }
}

void Session::ReportOversized(size_t bytes, size_t limit) {
  Send(MakeError(nullptr, {kInvalidRequest,
                           absl::StrCat("a message of ", bytes, " bytes is over the ", limit,
                                        "-byte limit; it was skipped"),
                           nullptr}));
}

void Session::HandleNotification(const Incoming& in) {
  if (in.method == "notifications/cancelled") {
    const json& id = in.params.contains("requestId") ? in.params["requestId"] : json();
    std::lock_guard<std::mutex> lock(mu_);
    for (const std::shared_ptr<InFlight>& flight : in_flight_) {
      // initialize is never cancelled, and it never runs in the background.
      if (flight->id == id) flight->cancelled = true;
    }
    client_answered_.notify_all();  // the call may be waiting on the client
  }
  // notifications/initialized and anything unknown need no answer.
}

void Session::HandleResponse(const Incoming& in) {
  // The answer to a request a tool call sent the client (RequestClient); an
  // answer nobody waits for (unknown id, or given up on) is dropped.
  if (!in.id.is_number_integer()) return;
  std::lock_guard<std::mutex> lock(mu_);
  auto it = client_requests_.find(in.id.get<int64_t>());
  if (it == client_requests_.end() || it->second->answered) return;
  it->second->answered = true;
  if (in.failed) {
    it->second->answer = absl::UnknownError(
        absl::StrCat("the client answered with error ", in.error.code, ": ", in.error.message));
  } else {
    it->second->answer = in.result;
  }
  client_answered_.notify_all();
}

void Session::ResourceUpdated(const std::string& uri) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (subscriptions_.count(uri) == 0) return;
  }
  Send(MakeNotification("notifications/resources/updated", json{{"uri", uri}}));
}

void Session::Answer(const Incoming& in, const json& message) { Send(message, {in.id, true}); }

void Session::HandleRequest(const Incoming& in) {
  const std::string& m = in.method;
  if (m == "ping") {
    Answer(in, MakeResult(in.id, json::object()));
    return;
  }
  if (m == "initialize") {
    bool again;
    {
      std::lock_guard<std::mutex> lock(mu_);
      again = initialized_;
    }
    if (again) {
      Answer(in, MakeError(in.id, {kInvalidRequest, "the session is already initialized", nullptr}));
    } else {
      Answer(in, MakeResult(in.id, Initialize(in.params)));
    }
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!initialized_) {
      Answer(in, MakeError(in.id, {kInvalidRequest,
                             absl::StrCat(m, ": the session is not initialized: send initialize first"),
                             nullptr}));
      return;
    }
  }
  if (m == "logging/setLevel") {
    const json& level = in.params.contains("level") ? in.params["level"] : json();
    std::optional<LogLevel> parsed =
        level.is_string() ? ParseLogLevel(level.get<std::string>()) : std::nullopt;
    if (!parsed) {
      Answer(in, MakeError(in.id, {kInvalidParams,
                             "logging/setLevel: \"level\" must be one of debug, info, notice, "
                             "warning, error, critical, alert, emergency",
                             nullptr}));
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      log_level_ = *parsed;
    }
    Answer(in, MakeResult(in.id, json::object()));
    return;
  }
  if (m == "tools/list") {
    // Answer, not Send: the response must be routed to its request (over
    // Streamable HTTP, a response routed nowhere never reaches the POST).
    absl::StatusOr<json> listed = ListTools(in.params);
    Answer(in, listed.ok() ? MakeResult(in.id, *listed)
                           : MakeError(in.id, {kInvalidParams,
                                               std::string(listed.status().message()), nullptr}));
    return;
  }
  if (m == "prompts/list" && !server_.hooks().prompts.empty()) {
    absl::StatusOr<json> listed = ListPrompts(in.params);
    Answer(in, listed.ok() ? MakeResult(in.id, *listed)
                           : MakeError(in.id, {kInvalidParams,
                                               std::string(listed.status().message()), nullptr}));
    return;
  }
  if (m == "prompts/get" && !server_.hooks().prompts.empty()) {
    RunInBackground(in, [this](InFlight& f) { Respond(f, GetPrompt(f.params)); });
    return;
  }
  if ((m == "resources/subscribe" || m == "resources/unsubscribe") &&
      server_.options().resource_subscriptions) {
    absl::StatusOr<json> done = Subscribe(in.params, m == "resources/subscribe");
    Answer(in, done.ok() ? MakeResult(in.id, *done)
                         : MakeError(in.id, {done.status().code() == absl::StatusCode::kNotFound
                                                 ? kResourceNotFound
                                                 : kInvalidParams,
                                             std::string(done.status().message()), nullptr}));
    return;
  }
  if (m == "resources/templates/list") {
    json templates = json::array();
    templates.push_back(
        {{"uriTemplate", kResourceTemplate},
         {"name", "context-file"},
         {"title", "A file of a context"},
         {"description",
          "Any file of a registered game-data folder, by context name and path "
          "(case-insensitive, '/'-separated). Add ?export=png|gif|apng|sheet "
          "(with sequence, frame, palette, transparency, scale) to a GAF's URI for "
          "a rendered picture; the links map_render, style_tiles, font_render and "
          "picture_export return carry export=map|tiles|font|picture and the "
          "tool's arguments."}});
    // Then the registered ones (none for kbot).
    for (const ResourceTemplate& t : server_.hooks().resource_templates) {
      json entry = {{"uriTemplate", t.uri_template}, {"name", t.name}};
      if (!t.title.empty()) entry["title"] = t.title;
      if (!t.description.empty()) entry["description"] = t.description;
      if (!t.mime_type.empty()) entry["mimeType"] = t.mime_type;
      templates.push_back(std::move(entry));
    }
    Answer(in, MakeResult(in.id, json{{"resourceTemplates", std::move(templates)}}));
    return;
  }
  if (m == "tools/call") {
    RunInBackground(in, [this](InFlight& f) { Respond(f, CallTool(f.params, f)); });
    return;
  }
  if (m == "resources/list") {
    RunInBackground(in, [this](InFlight& f) { Respond(f, ListResources(f.params, f)); });
    return;
  }
  if (m == "resources/read") {
    RunInBackground(in, [this](InFlight& f) { Respond(f, ReadResource(f.params, f)); });
    return;
  }
  if (m == "completion/complete") {
    RunInBackground(in, [this](InFlight& f) { Respond(f, Complete(f.params)); });
    return;
  }
  Answer(in, MakeError(in.id, {kMethodNotFound, absl::StrCat("method not found: ", m), nullptr}));
}

void Session::RunInBackground(const Incoming& in, std::function<void(InFlight&)> work) {
  auto flight = std::make_shared<InFlight>();
  flight->id = in.id;
  flight->method = in.method;
  flight->params = in.params;
  if (const json* meta = in.params.contains("_meta") ? &in.params["_meta"] : nullptr;
      meta != nullptr && meta->is_object() && meta->contains("progressToken")) {
    const json& token = (*meta)["progressToken"];
    if (token.is_string() || token.is_number_integer()) flight->progress_token = token;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    in_flight_.push_back(flight);
  }
  server_.queue().Post([this, flight, work = std::move(work)] {
    try {
      if (!flight->cancelled) work(*flight);
    } catch (const std::exception& e) {
      Respond(*flight, absl::InternalError(absl::StrCat(flight->method, ": ", e.what())));
    }
    // Cancelled before it ran: it still ends (a transport waiting on it is told).
    Respond(*flight, absl::CancelledError());
    std::lock_guard<std::mutex> lock(mu_);
    in_flight_.erase(std::find(in_flight_.begin(), in_flight_.end(), flight));
    idle_.notify_all();
  });
}

void Session::Respond(InFlight& flight, absl::StatusOr<json> result) {
  std::lock_guard<std::mutex> lock(flight.mu);
  if (flight.answered) return;
  flight.answered = true;
  // A cancelled request gets no response (MCP: the client has stopped waiting);
  // the sink is told it ended with an empty line.
  if (flight.cancelled || result.status().code() == absl::StatusCode::kCancelled) {
    std::lock_guard<std::mutex> send_lock(send_mu_);
    sink_("", {flight.id, true});
    return;
  }
  if (result.ok()) {
    Send(MakeResult(flight.id, *std::move(result)), {flight.id, true});
    return;
  }
  int code = kInternalError;
  switch (result.status().code()) {
    case absl::StatusCode::kInvalidArgument: code = kInvalidParams; break;
    case absl::StatusCode::kNotFound: code = kResourceNotFound; break;
    default: break;
  }
  Send(MakeError(flight.id, {code, std::string(result.status().message()), nullptr}),
       {flight.id, true});
}

json Session::Initialize(const json& params) {
  std::string asked;
  if (params.contains("protocolVersion") && params["protocolVersion"].is_string()) {
    asked = params["protocolVersion"].get<std::string>();
  }
  const std::vector<std::string>& supported = SupportedProtocolVersions();
  const bool known = std::find(supported.begin(), supported.end(), asked) != supported.end();
  const std::string version = known ? asked : kLatestProtocolVersion;
  {
    std::lock_guard<std::mutex> lock(mu_);
    initialized_ = true;
    protocol_version_ = version;
    if (params.contains("capabilities") && params["capabilities"].is_object()) {
      client_capabilities_ = params["capabilities"];  // what a tool may ask of the client
    }
  }
  const ServerOptions& o = server_.options();
  json capabilities = {{"tools", {{"listChanged", false}}},
                       {"resources",
                        {{"subscribe", o.resource_subscriptions}, {"listChanged", false}}},
                       {"logging", json::object()},
                       {"completions", json::object()}};
  if (!server_.hooks().prompts.empty()) capabilities["prompts"] = {{"listChanged", false}};
  return json{{"protocolVersion", version},
              {"capabilities", std::move(capabilities)},
              {"serverInfo", {{"name", o.name}, {"title", o.title}, {"version", o.version}}},
              {"instructions", server_.Instructions()}};
}

namespace {

// Cursors are the decimal offset of the next page: opaque to clients, and a
// cursor kbot did not issue is refused rather than guessed at.
absl::StatusOr<size_t> PageStart(const json& params, size_t total, absl::string_view method) {
  if (!params.contains("cursor") || params["cursor"].is_null()) return 0;
  const json& cursor = params["cursor"];
  size_t offset = 0;
  if (cursor.is_string()) {
    const std::string& text = cursor.get_ref<const std::string&>();
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), offset);
    if (ec == std::errc() && end == text.data() + text.size() && !text.empty() &&
        offset <= total) {
      return offset;
    }
  }
  return absl::InvalidArgumentError(
      absl::StrCat(method, ": invalid cursor ", cursor.dump(), ": pass a nextCursor kbot returned"));
}

void SetNextCursor(json& result, size_t next, size_t total) {
  if (next < total) result["nextCursor"] = std::to_string(next);
}

}  // namespace

absl::StatusOr<json> Session::ListTools(const json& params) const {
  const auto& tools = server_.tools();
  absl::StatusOr<size_t> start = PageStart(params, tools.size(), "tools/list");
  if (!start.ok()) return start.status();
  const size_t end = std::min(tools.size(), *start + server_.options().tools_page_size);
  json listed = json::array();
  for (size_t i = *start; i < end; ++i) listed.push_back(ToolListing(tools[i].tool));
  json result = {{"tools", std::move(listed)}};
  SetNextCursor(result, end, tools.size());
  return result;
}

absl::StatusOr<json> Session::CallTool(const json& params, InFlight& flight) {
  if (!params.contains("name") || !params["name"].is_string()) {
    return absl::InvalidArgumentError("tools/call: \"name\" must be a tool name");
  }
  const std::string name = params["name"].get<std::string>();
  const Server::CompiledTool* tool = server_.FindTool(name);
  if (tool == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown tool \"", name, "\": tools/list names the tools"));
  }
  json arguments = json::object();
  if (params.contains("arguments") && !params["arguments"].is_null()) {
    arguments = params["arguments"];
  }
  if (absl::Status valid = tool->input.Validate(arguments); !valid.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": invalid arguments: ", valid.message()));
  }
  RequestProgress progress(*this, flight);
  SessionLogger logger(*this, flight.id);
  RequestClient client(*this, flight);
  const ToolCall call{arguments,        server_.workspace(), progress, logger,
                      server_.options().limits, &client};
  ToolResult result = tool->tool.handler(call);
  if (result.cancelled || flight.cancelled) return absl::CancelledError();
  if (result.error) {
    return json{{"content", {{{"type", "text"}, {"text", *result.error}}}}, {"isError", true}};
  }
  if (tool->tool.output_schema.is_null()) {
    // A tool without structured output answers with its blocks alone.
    return json{{"content", json(std::move(result.content))}, {"isError", false}};
  }
  json content = json::array();
  content.push_back({{"type", "text"}, {"text", Serialize(result.structured)}});
  const bool links_known = protocol_version() != "2025-03-26";
  for (json& block : result.content) {
    // resource_link arrived in 2025-06-18; an older client would refuse the
    // whole result over it, so it gets the link as text.
    if (!links_known && block.value("type", "") == "resource_link") {
      block = {{"type", "text"},
               {"text", absl::StrCat("The full result is the resource ",
                                     block["uri"].get<std::string>(), " (",
                                     block.value("mimeType", "application/octet-stream"),
                                     "): read it with resources/read.")}};
    }
    content.push_back(std::move(block));
  }
  return json{{"content", std::move(content)},
              {"structuredContent", std::move(result.structured)},
              {"isError", false}};
}

absl::StatusOr<json> Session::ListResources(const json& params, InFlight& flight) {
  // Every file of every context, contexts in order, each listed sorted.
  struct Item {
    const contexts::Context* context;
    contexts::VfsEntry entry;
  };
  std::vector<Item> items;
  RequestProgress progress(*this, flight);
  for (const contexts::Context& c : server_.workspace().contexts()) {
    absl::StatusOr<std::vector<contexts::VfsEntry>> entries = c.vfs->List(progress);
    if (!entries.ok()) {
      if (entries.status().code() == absl::StatusCode::kCancelled) return entries.status();
      return absl::InternalError(
          absl::StrCat("resources/list: context ", c.name, ": ", entries.status().message()));
    }
    for (contexts::VfsEntry& e : *entries) items.push_back({&c, std::move(e)});
  }
  // The registered resources (none for kbot) come first, then the files.
  const std::vector<Resource>& extras = server_.hooks().resources;
  const size_t total = extras.size() + items.size();
  absl::StatusOr<size_t> start = PageStart(params, total, "resources/list");
  if (!start.ok()) return start.status();
  const size_t end = std::min(total, *start + server_.options().resources_page_size);
  json listed = json::array();
  for (size_t i = *start; i < end; ++i) {
    if (i < extras.size()) {
      const Resource& r = extras[i];
      json entry = {{"uri", r.uri}, {"name", r.name}};
      if (!r.title.empty()) entry["title"] = r.title;
      if (!r.description.empty()) entry["description"] = r.description;
      if (!r.mime_type.empty()) entry["mimeType"] = r.mime_type;
      listed.push_back(std::move(entry));
      continue;
    }
    const Item& it = items[i - extras.size()];
    listed.push_back({{"uri", MakeResourceUri(it.context->name, it.entry.path)},
                      {"name", it.entry.path},
                      {"title", absl::StrCat(it.context->name, ": ", it.entry.path)},
                      {"mimeType", MimeTypeFor(it.entry.path)},
                      {"size", it.entry.size}});
  }
  json result = {{"resources", std::move(listed)}};
  SetNextCursor(result, end, total);
  return result;
}

absl::StatusOr<json> Session::ReadResource(const json& params, InFlight& flight) {
  if (!params.contains("uri") || !params["uri"].is_string()) {
    return absl::InvalidArgumentError("resources/read: \"uri\" must be a string");
  }
  const std::string uri = params["uri"].get<std::string>();
  // A registered resource or template (none for kbot) answers first.
  json variables;
  const Resource* fixed = server_.FindResource(uri);
  const ResourceTemplate* templated = fixed ? nullptr : server_.MatchTemplate(uri, variables);
  if (fixed != nullptr || templated != nullptr) {
    absl::StatusOr<json> contents = fixed ? fixed->read(uri) : templated->read(uri, variables);
    if (!contents.ok()) {
      if (contents.status().code() == absl::StatusCode::kInvalidArgument ||
          contents.status().code() == absl::StatusCode::kNotFound) {
        return contents.status();
      }
      return absl::InternalError(absl::StrCat(uri, ": ", contents.status().message()));
    }
    if (!contents->is_array()) contents = json::array({*std::move(contents)});
    return json{{"contents", *std::move(contents)}};
  }
  absl::StatusOr<ResourceUri> parsed = ParseResourceUri(uri);
  if (!parsed.ok()) return absl::NotFoundError(std::string(parsed.status().message()));
  absl::StatusOr<const contexts::Context*> context = server_.workspace().Find(parsed->context);
  if (!context.ok()) {
    return absl::NotFoundError(absl::StrCat(uri, ": ", context.status().message()));
  }
  ResourceBytes read;
  if (!parsed->query.empty()) {
    if (!server_.hooks().render) return absl::NotFoundError(absl::StrCat(uri, ": no renderer"));
    RequestProgress progress(*this, flight);
    absl::StatusOr<ResourceBytes> rendered = server_.hooks().render(**context, *parsed, progress);
    if (!rendered.ok()) {
      if (rendered.status().code() == absl::StatusCode::kCancelled) return rendered.status();
      return absl::NotFoundError(absl::StrCat(uri, ": ", rendered.status().message()));
    }
    read = *std::move(rendered);
  } else {
    absl::StatusOr<contexts::VfsStat> stat = (*context)->vfs->Stat(parsed->path);
    if (!stat.ok()) return absl::NotFoundError(absl::StrCat(uri, ": ", stat.status().message()));
    if (stat->size > server_.options().max_resource_bytes) {
      return absl::InternalError(absl::StrCat(uri, ": ", stat->size, " bytes is over the ",
                                              server_.options().max_resource_bytes,
                                              "-byte limit of one resource read"));
    }
    absl::StatusOr<contexts::VfsFile> file = (*context)->vfs->Read(parsed->path);
    if (!file.ok()) return absl::NotFoundError(absl::StrCat(uri, ": ", file.status().message()));
    read.bytes.assign(file->bytes().begin(), file->bytes().end());
    read.mime_type = MimeTypeFor(parsed->path);
  }
  const absl::string_view raw(reinterpret_cast<const char*>(read.bytes.data()), read.bytes.size());
  return json{{"contents",
               {{{"uri", uri}, {"mimeType", read.mime_type}, {"blob", absl::Base64Escape(raw)}}}}};
}

absl::StatusOr<json> Session::Complete(const json& params) const {
  const json empty = {{"completion", {{"values", json::array()}, {"total", 0}, {"hasMore", false}}}};
  if (!params.contains("ref") || !params["ref"].is_object() || !params.contains("argument") ||
      !params["argument"].is_object()) {
    return absl::InvalidArgumentError("completion/complete: needs \"ref\" and \"argument\"");
  }
  const json& argument = params["argument"];
  if (!argument.contains("name") || !argument["name"].is_string()) {
    return absl::InvalidArgumentError("completion/complete: \"argument.name\" must be a string");
  }
  const std::string name = argument["name"].get<std::string>();
  const std::string value =
      argument.contains("value") && argument["value"].is_string() ? argument["value"].get<std::string>() : "";
  json others = json::object();
  if (params.contains("context") && params["context"].is_object() &&
      params["context"].contains("arguments") && params["context"]["arguments"].is_object()) {
    others = params["context"]["arguments"];
  }
  const json& ref = params["ref"];
  const std::string type = ref.value("type", "");
  // A registered prompt's or template's arguments (none for kbot) complete
  // with their own Completer.
  const Completer* completer = nullptr;
  bool registered = false;
  if (type == "ref/prompt" && ref.contains("name") && ref["name"].is_string()) {
    if (const Prompt* p = server_.FindPrompt(ref["name"].get<std::string>())) {
      registered = true;
      completer = &p->complete;
    }
  }
  if (type == "ref/resource" && ref.contains("uri") && ref["uri"].is_string()) {
    for (const ResourceTemplate& t : server_.hooks().resource_templates) {
      if (t.uri_template == ref["uri"].get<std::string>()) {
        registered = true;
        completer = &t.complete;
      }
    }
  }
  // The resource template's arguments, and (kbot's own hint) any tool's.
  const bool known_ref = (type == "ref/resource" && ref.value("uri", "") == kResourceTemplate) ||
                         (type == "ref/tool" && ref.contains("name") && ref["name"].is_string() &&
                          server_.FindTool(ref["name"].get<std::string>()) != nullptr);
  if (!known_ref && !registered) {
    return absl::InvalidArgumentError(
        absl::StrCat("completion/complete: nothing to complete for ", ref.dump()));
  }
  absl::StatusOr<std::vector<std::string>> values;
  if (registered) {
    if (!*completer) return empty;
    values = (*completer)(name, value, others);
  } else {
    if (!server_.hooks().complete) return empty;
    values = server_.hooks().complete(name, value, others, server_.workspace());
  }
  if (!values.ok()) return empty;  // completion is a hint: no candidates, not an error
  constexpr size_t kMaxValues = 100;  // MCP's cap per response
  json result = {{"values", json::array()}, {"total", values->size()},
                 {"hasMore", values->size() > kMaxValues}};
  for (size_t i = 0; i < values->size() && i < kMaxValues; ++i) result["values"].push_back((*values)[i]);
  return json{{"completion", std::move(result)}};
}

absl::StatusOr<json> Session::ListPrompts(const json& params) const {
  const std::vector<Prompt>& prompts = server_.hooks().prompts;
  absl::StatusOr<size_t> start = PageStart(params, prompts.size(), "prompts/list");
  if (!start.ok()) return start.status();
  // Pages as long as the tools' (prompts are as few).
  const size_t end = std::min(prompts.size(), *start + server_.options().tools_page_size);
  json listed = json::array();
  for (size_t i = *start; i < end; ++i) {
    const Prompt& p = prompts[i];
    json entry = {{"name", p.name}};
    if (!p.title.empty()) entry["title"] = p.title;
    if (!p.description.empty()) entry["description"] = p.description;
    if (!p.arguments.empty()) {
      entry["arguments"] = json::array();
      for (const PromptArgument& a : p.arguments) {
        json arg = {{"name", a.name}, {"required", a.required}};
        if (!a.title.empty()) arg["title"] = a.title;
        if (!a.description.empty()) arg["description"] = a.description;
        entry["arguments"].push_back(std::move(arg));
      }
    }
    listed.push_back(std::move(entry));
  }
  json result = {{"prompts", std::move(listed)}};
  SetNextCursor(result, end, prompts.size());
  return result;
}

absl::StatusOr<json> Session::GetPrompt(const json& params) const {
  if (!params.contains("name") || !params["name"].is_string()) {
    return absl::InvalidArgumentError("prompts/get: \"name\" must be a prompt name");
  }
  const std::string name = params["name"].get<std::string>();
  const Prompt* prompt = server_.FindPrompt(name);
  if (prompt == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown prompt \"", name, "\": prompts/list names the prompts"));
  }
  json arguments = json::object();
  if (params.contains("arguments") && !params["arguments"].is_null()) {
    arguments = params["arguments"];
  }
  if (!arguments.is_object()) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": \"arguments\" must be an object"));
  }
  for (const auto& [key, value] : arguments.items()) {
    if (!value.is_string()) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, ": argument ", key, " must be a string"));
    }
  }
  for (const PromptArgument& a : prompt->arguments) {
    if (a.required && !arguments.contains(a.name)) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, ": the required argument ", a.name, " is missing"));
    }
  }
  absl::StatusOr<json> messages = prompt->get(arguments);
  if (!messages.ok()) {
    if (messages.status().code() == absl::StatusCode::kInvalidArgument) return messages.status();
    return absl::InternalError(absl::StrCat(name, ": ", messages.status().message()));
  }
  json result = {{"messages", *std::move(messages)}};
  if (!prompt->description.empty()) result["description"] = prompt->description;
  return result;
}

absl::StatusOr<json> Session::Subscribe(const json& params, bool subscribe) {
  if (!params.contains("uri") || !params["uri"].is_string()) {
    return absl::InvalidArgumentError("resources/subscribe: \"uri\" must be a string");
  }
  const std::string uri = params["uri"].get<std::string>();
  json variables;
  if (subscribe && server_.FindResource(uri) == nullptr &&
      server_.MatchTemplate(uri, variables) == nullptr && !ParseResourceUri(uri).ok()) {
    return absl::NotFoundError(absl::StrCat(uri, ": no such resource"));
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (subscribe) {
    subscriptions_.insert(uri);
  } else {
    subscriptions_.erase(uri);  // unsubscribing from what was never subscribed is no error
  }
  return json::object();
}

}  // namespace kbot::mcp
