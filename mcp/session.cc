// Session: receiving messages, dispatching them, running requests on the
// workers, and answering; initialize. The methods' own work is in
// session_methods.cc.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "mcp/revision.h"
#include "mcp/server.h"
#include "mcp/session_internal.h"

namespace kbot::mcp {

namespace {

uint64_t NextSerial() {
  static std::atomic<uint64_t> next{1};
  return next++;
}

}  // namespace

Session::Session(Server& server, Sink sink)
    : Session(server, RoutedSink([sink = std::move(sink)](const std::string& line, const Route&) {
        if (!line.empty()) sink(line);  // empty: a request ended without a response
      })) {}

Session::Session(Server& server, RoutedSink sink)
    : server_(server), serial_(NextSerial()), sink_(std::move(sink)) {
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
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const std::shared_ptr<InFlight>& flight : in_flight_) flight->cancelled = true;
    client_answered_.notify_all();  // a call waiting on the client stops waiting
  }
  EndAllListeners();
}

void Session::Send(const json& message, const Route& route) {
  const std::string line = Serialize(message);
  std::lock_guard<std::mutex> lock(send_mu_);
  sink_(line, route);
}

void Session::Log(LogLevel level, absl::string_view logger, const std::string& message,
                  const json& request_id, bool stateless) {
  if (!stateless) {  // a stateless request's level is its own (SessionLogger)
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
    Cancel(in.params.contains("requestId") ? in.params["requestId"] : json());
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
  bool subscribed = false;
  std::vector<json> listening;  // the 2026-07-28 listen requests that asked for it
  {
    std::lock_guard<std::mutex> lock(mu_);
    subscribed = subscriptions_.count(uri) != 0;
    for (const auto& [key, listener] : listeners_) {
      if (listener.uris.count(uri) != 0) listening.push_back(listener.id);
    }
  }
  if (subscribed) Send(MakeNotification("notifications/resources/updated", json{{"uri", uri}}));
  for (const json& id : listening) {
    Send(MakeNotification("notifications/resources/updated",
                          json{{"_meta", {{kMetaSubscriptionId, id}}}, {"uri", uri}}),
         {id});
  }
}

void Session::Answer(const Incoming& in, const json& message) { Send(message, {in.id, true}); }

namespace {

bool HasPrompts(const Server& server) { return !server.hooks().prompts.empty(); }
bool HasSubscriptions(const Server& server) { return server.options().resource_subscriptions; }

}  // namespace

const std::vector<Session::Method>& Session::Methods() {
  static const std::vector<Method> methods = {
      {"ping", false, Method::kHandshake, false, nullptr,
       [](Session&, InFlight&) -> absl::StatusOr<json> { return json::object(); }},
      {"initialize", false, Method::kHandshake, false, nullptr,
       [](Session& s, InFlight& f) { return s.InitializeOnce(f.params); }},
      {"logging/setLevel", true, Method::kHandshake, false, nullptr,
       [](Session& s, InFlight& f) { return s.SetLogLevel(f.params); }},
      {"tools/list", true, Method::kBoth, false, nullptr,
       [](Session& s, InFlight& f) { return s.ListTools(f.params); }},
      {"prompts/list", true, Method::kBoth, false, HasPrompts,
       [](Session& s, InFlight& f) { return s.ListPrompts(f.params); }},
      {"prompts/get", true, Method::kBoth, true, HasPrompts,
       [](Session& s, InFlight& f) { return s.GetPrompt(f.params); }},
      {"resources/subscribe", true, Method::kHandshake, false, HasSubscriptions,
       [](Session& s, InFlight& f) { return s.Subscribe(f.params, true); }},
      {"resources/unsubscribe", true, Method::kHandshake, false, HasSubscriptions,
       [](Session& s, InFlight& f) { return s.Subscribe(f.params, false); }},
      {"resources/templates/list", true, Method::kBoth, false, nullptr,
       [](Session& s, InFlight&) { return s.ListTemplates(); }},
      {"tools/call", true, Method::kBoth, true, nullptr,
       [](Session& s, InFlight& f) { return s.CallTool(f.params, f); }},
      {"resources/list", true, Method::kBoth, true, nullptr,
       [](Session& s, InFlight& f) { return s.ListResources(f.params, f); }},
      {"resources/read", true, Method::kBoth, true, nullptr,
       [](Session& s, InFlight& f) { return s.ReadResource(f.params, f); }},
      {"completion/complete", true, Method::kBoth, true, nullptr,
       [](Session& s, InFlight& f) { return s.Complete(f.params); }},
      {"tasks/get", true, Method::kBoth, false, nullptr,
       [](Session& s, InFlight& f) { return s.GetTask(f); }},
      {"tasks/result", true, Method::kHandshake, true, nullptr,
       [](Session& s, InFlight& f) { return s.TaskResult(f); }},
      {"tasks/list", true, Method::kHandshake, false, nullptr,
       [](Session& s, InFlight& f) { return s.ListTasks(f); }},
      {"tasks/cancel", true, Method::kBoth, false, nullptr,
       [](Session& s, InFlight& f) { return s.CancelTask(f); }},
      {"tasks/update", true, Method::kStateless, false, nullptr,
       [](Session& s, InFlight& f) { return s.UpdateTask(f); }},
      {"server/discover", false, Method::kStateless, false, nullptr,
       [](Session& s, InFlight&) { return s.Discover(); }},
      // Answered by its acknowledgement, not a result (session_stateless.cc).
      {"subscriptions/listen", false, Method::kStateless, false, nullptr, nullptr},
  };
  return methods;
}

const Session::Method* Session::FindMethod(absl::string_view name, bool stateless) {
  const std::vector<Method>& methods = Methods();
  auto it = std::find_if(methods.begin(), methods.end(), [&](const Method& m) {
    return m.name == name && m.era != (stateless ? Method::kHandshake : Method::kStateless);
  });
  return it == methods.end() ? nullptr : &*it;
}

void Session::HandleRequest(const Incoming& in) {
  if (IsStateless(in)) {
    HandleStateless(in);
    return;
  }
  const Method* it = FindMethod(in.method, /*stateless=*/false);
  // Before initialize, anything but ping and initialize is refused as such,
  // even a method this server does not have.
  if ((it == nullptr || it->needs_initialize) && !Initialized()) {
    Answer(in, MakeError(in.id, {kInvalidRequest,
                                 absl::StrCat(in.method,
                                              ": the session is not initialized: send "
                                              "initialize first"),
                                 nullptr}));
    return;
  }
  if (it == nullptr || (it->offered != nullptr && !it->offered(server_))) {
    Answer(in, MakeError(in.id, {kMethodNotFound, absl::StrCat("method not found: ", in.method),
                                 nullptr}));
    return;
  }
  const auto run = it->run;
  if (it->on_worker) {
    RunInBackground(in, [this, run](InFlight& f) { Respond(f, run(*this, f)); });
    return;
  }
  // Answered at once, before the next message is read (a quick method's
  // answer is routed to its request: over Streamable HTTP, a response routed
  // nowhere never reaches the POST).
  InFlight flight;
  flight.id = in.id;
  flight.method = in.method;
  flight.params = in.params;
  flight.version = protocol_version();
  Answer(in, ResponseTo(flight, run(*this, flight)));
}

bool Session::Initialized() const {
  std::lock_guard<std::mutex> lock(mu_);
  return initialized_;
}

absl::StatusOr<json> Session::InitializeOnce(const json& params) {
  if (Initialized()) return absl::FailedPreconditionError("the session is already initialized");
  return Initialize(params);
}

absl::StatusOr<json> Session::SetLogLevel(const json& params) {
  const json& level = params.contains("level") ? params["level"] : json();
  std::optional<LogLevel> parsed =
      level.is_string() ? ParseLogLevel(level.get<std::string>()) : std::nullopt;
  if (!parsed) {
    return absl::InvalidArgumentError(
        "logging/setLevel: \"level\" must be one of debug, info, notice, warning, error, "
        "critical, alert, emergency");
  }
  std::lock_guard<std::mutex> lock(mu_);
  log_level_ = *parsed;
  return json::object();
}

absl::StatusOr<json> Session::ListTemplates() const {
  json templates = json::array();
  for (const ResourceTemplate& t : server_.hooks().resource_templates) {
    json entry = {{"uriTemplate", t.uri_template}, {"name", t.name}};
    if (!t.title.empty()) entry["title"] = t.title;
    if (!t.description.empty()) entry["description"] = t.description;
    if (!t.mime_type.empty()) entry["mimeType"] = t.mime_type;
    templates.push_back(std::move(entry));
  }
  return json{{"resourceTemplates", std::move(templates)}};
}

json Session::ResponseTo(const InFlight& flight, absl::StatusOr<json> result) const {
  if (flight.rpc_error) return MakeError(flight.id, *flight.rpc_error);
  if (result.ok()) {
    if (flight.stateless) DecorateResult(*result, flight.method, ServerInfo());
    return MakeResult(flight.id, *std::move(result));
  }
  RpcError error{kInternalError, std::string(result.status().message()), nullptr};
  switch (result.status().code()) {
    case absl::StatusCode::kInvalidArgument: error.code = kInvalidParams; break;
    case absl::StatusCode::kFailedPrecondition: error.code = kInvalidRequest; break;
    case absl::StatusCode::kNotFound:
      // 2026-07-28 has no -32002: a resource not found is invalid params.
      error.code = flight.stateless ? kInvalidParams : kResourceNotFound;
      if (flight.stateless && flight.params.contains("uri")) {
        error.data = {{"uri", flight.params["uri"]}};
      }
      break;
    default: break;
  }
  return MakeError(flight.id, error);
}

void Session::RunInBackground(const Incoming& in, std::function<void(InFlight&)> work,
                              const Envelope* envelope) {
  auto flight = std::make_shared<InFlight>();
  flight->id = in.id;
  flight->method = in.method;
  flight->params = in.params;
  if (envelope != nullptr) {
    flight->Adopt(*envelope);
  } else {
    flight->version = protocol_version();
  }
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
  if (!flight.cancelled && result.status().code() != absl::StatusCode::kCancelled) {
    FinishProgress(flight, result);
    AwaitProgressReceipt(flight);  // the response must not overtake the progress
  }
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
  Send(ResponseTo(flight, std::move(result)), {flight.id, true});
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
  json result = {{"protocolVersion", version},
                 {"capabilities", Capabilities(/*stateless=*/false)},
                 {"serverInfo", ServerInfo()}};
  if (!server_.hooks().instructions.empty()) result["instructions"] = server_.hooks().instructions;
  return result;
}

}  // namespace kbot::mcp
