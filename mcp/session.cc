// Session: receiving messages, dispatching them, running requests on the
// workers, and answering; initialize. The methods' own work is in
// session_methods.cc.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "mcp/server.h"
#include "mcp/session_internal.h"

namespace kbot::mcp {

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
  json result = {{"protocolVersion", version},
                 {"capabilities", std::move(capabilities)},
                 {"serverInfo", {{"name", o.name}, {"title", o.title}, {"version", o.version}}}};
  if (!server_.hooks().instructions.empty()) result["instructions"] = server_.hooks().instructions;
  return result;
}

}  // namespace kbot::mcp
