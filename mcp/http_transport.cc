#include "mcp/http_transport.h"

#include <httplib.h>

#include <algorithm>
#include <functional>
#include <random>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "mcp/http_stateless.h"
#include "mcp/revision.h"

namespace kbot::mcp {

void RefuseJsonRpc(httplib::Response& res, int status, int code, const std::string& message) {
  res.status = status;
  res.set_content(Serialize(MakeError(nullptr, {code, message, nullptr})), "application/json");
}

namespace {

// JSON-RPC's code for a server error with no standard code (the TypeScript
// SDK answers an unknown session with it too).
constexpr int kSessionNotFound = -32001;

// An HTTP refusal with a JSON-RPC error body that says why.
void Refuse(httplib::Response& res, int status, int code, const std::string& message) {
  RefuseJsonRpc(res, status, code, message);
}

struct Accepts {
  bool json = false;
  bool event_stream = false;
};

// What an Accept header allows; a missing one allows anything.
Accepts ParseAccept(const httplib::Request& req) {
  if (!req.has_header("Accept")) return {true, true};
  const std::string accept = absl::AsciiStrToLower(req.get_header_value("Accept"));
  const bool any = absl::StrContains(accept, "*/*");
  return {any || absl::StrContains(accept, "application/json") ||
              absl::StrContains(accept, "application/*"),
          any || absl::StrContains(accept, "text/event-stream") || absl::StrContains(accept, "text/*")};
}

std::string NewSessionId() {
  static thread_local std::random_device device;
  std::string id;
  for (int i = 0; i < 4; ++i) absl::StrAppendFormat(&id, "%08x", uint32_t(device()));
  return id;
}

bool WriteEvent(httplib::DataSink& sink, const std::string& line) {
  const std::string event = absl::StrCat("event: message\ndata: ", line, "\n\n");
  return sink.write(event.data(), event.size());
}

// How often a silent stream looks whether its client is still there: a
// 2026-07-28 client cancels a request by closing its stream, and sends
// nothing else, so kbot must notice within a few tens of milliseconds.
constexpr std::chrono::milliseconds kLivenessCheck{20};

// Streams `stream` as server-sent events until its last message or its end,
// with a comment line whenever `keepalive` passes in silence. `first` goes
// out before the rest. A client that has closed the connection (seen while
// waiting, or by a write that fails) calls `gone`: nobody is waiting for the
// work any more.
httplib::ContentProviderWithoutLength SseProvider(std::shared_ptr<MessageStream> stream,
                                                  std::optional<MessageStream::Message> first,
                                                  std::chrono::milliseconds keepalive,
                                                  std::function<void()> gone = nullptr) {
  return [stream = std::move(stream), first = std::move(first), keepalive,
          gone = std::move(gone)](size_t, httplib::DataSink& sink) mutable {
    const auto fail = [&] {
      if (gone) gone();
      return false;
    };
    if (first) {
      const bool last = first->last;
      if (!WriteEvent(sink, first->line)) return fail();
      first.reset();
      if (last) {
        sink.done();
        return true;
      }
    }
    auto last_write = std::chrono::steady_clock::now();
    for (;;) {
      std::optional<MessageStream::Message> m = stream->Pop(std::min(kLivenessCheck, keepalive));
      if (!m) {
        if (stream->ended()) break;
        if (!sink.is_writable()) return fail();  // the client closed the stream
        if (std::chrono::steady_clock::now() - last_write < keepalive) continue;
        static constexpr char kComment[] = ": keepalive\n\n";
        if (!sink.write(kComment, sizeof kComment - 1)) return fail();
        last_write = std::chrono::steady_clock::now();
        continue;
      }
      if (!m->line.empty() && !WriteEvent(sink, m->line)) return fail();
      last_write = std::chrono::steady_clock::now();
      if (m->last) break;
    }
    sink.done();
    return true;
  };
}

}  // namespace

HttpTransport::HttpTransport(Server& server, std::unique_ptr<http::HttpHost> host,
                             HttpOptions options)
    : server_(server), host_(std::move(host)), options_(std::move(options)) {}

absl::StatusOr<std::unique_ptr<HttpTransport>> HttpTransport::Bind(Server& server,
                                                                   HttpOptions options) {
  absl::StatusOr<std::unique_ptr<http::HttpHost>> host = http::HttpHost::Bind(options);
  if (!host.ok()) return host.status();
  std::unique_ptr<HttpTransport> t(
      new HttpTransport(server, *std::move(host), std::move(options)));
  httplib::Server& http = t->host_->server();
  HttpTransport* self = t.get();
  http.Post("/mcp", [self](const httplib::Request& q, httplib::Response& r) { self->Post(q, r); });
  http.Get("/mcp", [self](const httplib::Request& q, httplib::Response& r) { self->Get(q, r); });
  http.Delete("/mcp",
              [self](const httplib::Request& q, httplib::Response& r) { self->Delete(q, r); });
  for (const char* method : {"PUT", "PATCH", "OPTIONS"}) {
    auto not_allowed = [method](const httplib::Request&, httplib::Response& r) {
      r.set_header("Allow", "GET, POST, DELETE");
      Refuse(r, 405, kInvalidRequest, absl::StrCat(method, " /mcp: use POST, GET or DELETE"));
    };
    if (std::string(method) == "PUT") http.Put("/mcp", not_allowed);
    if (std::string(method) == "PATCH") http.Patch("/mcp", not_allowed);
    if (std::string(method) == "OPTIONS") http.Options("/mcp", not_allowed);
  }
  t->host_->AddPathHint("MCP is served at /mcp");
  const auto json_rpc = [](const httplib::Request&, httplib::Response& r, int status,
                           const std::string& message) {
    Refuse(r, status, kInvalidRequest, message);
  };
  t->host_->SetRefusalWriter("/mcp", json_rpc);
  // Paths no other endpoint claims ("" is the shortest prefix).
  t->host_->SetRefusalWriter("", json_rpc);
  return t;
}

HttpTransport::~HttpTransport() {
  Stop();
  std::lock_guard<std::mutex> lock(mu_);
  sessions_.clear();  // each waits for its cancelled requests
}

std::string HttpTransport::url() const { return absl::StrCat(host_->base_url(), "/mcp"); }

void HttpTransport::Serve() { host_->Serve(); }

void HttpTransport::Stop() {
  std::vector<std::shared_ptr<HttpSession>> sessions;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto& [id, s] : sessions_) sessions.push_back(s);
    // The requests of 2026-07-28 still streaming (a subscriptions/listen
    // stays open until its client leaves): their streams end too.
    for (const std::weak_ptr<HttpSession>& weak : stateless_) {
      if (std::shared_ptr<HttpSession> s = weak.lock()) sessions.push_back(std::move(s));
    }
  }
  for (const std::shared_ptr<HttpSession>& s : sessions) s->End();
  host_->Stop();
}

size_t HttpTransport::session_count() const {
  std::lock_guard<std::mutex> lock(mu_);
  return sessions_.size();
}

bool HttpTransport::Admit(const httplib::Request& req, httplib::Response& res) const {
  std::optional<http::HttpRefusal> refusal = host_->Check(req);
  if (!refusal) return true;
  if (refusal->bearer_challenge) res.set_header("WWW-Authenticate", "Bearer");
  Refuse(res, refusal->status, kInvalidRequest, refusal->message);
  return false;
}

std::shared_ptr<HttpSession> HttpTransport::SessionOf(const httplib::Request& req,
                                                      httplib::Response& res) {
  const std::string id = req.get_header_value("Mcp-Session-Id");
  if (id.empty()) {
    Refuse(res, 400, kInvalidRequest, "Mcp-Session-Id is required: send initialize first");
    return nullptr;
  }
  std::shared_ptr<HttpSession> session;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (auto it = sessions_.find(id); it != sessions_.end()) session = it->second;
  }
  if (session == nullptr || session->ended()) {
    Refuse(res, 404, kSessionNotFound,
           absl::StrCat("session ", id, " is unknown or has ended: initialize a new one"));
    return nullptr;
  }
  if (req.has_header("MCP-Protocol-Version")) {
    const std::string version = req.get_header_value("MCP-Protocol-Version");
    const std::vector<std::string>& supported = SupportedProtocolVersions();
    if (std::find(supported.begin(), supported.end(), version) == supported.end()) {
      Refuse(res, 400, kInvalidRequest,
             absl::StrCat("MCP-Protocol-Version ", version, " is not supported (supported: ",
                          absl::StrJoin(supported, ", "), ")"));
      return nullptr;
    }
  }
  session->Touch();
  return session;
}

std::shared_ptr<HttpSession> HttpTransport::NewSession() {
  return std::make_shared<HttpSession>(server_, NewSessionId());
}

absl::Status HttpTransport::Register(std::shared_ptr<HttpSession> session) {
  std::vector<std::shared_ptr<HttpSession>> expired;  // destroyed outside the lock
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = std::chrono::steady_clock::now();
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    const bool idle = !it->second->busy() && now - it->second->last_used() > options_.session_idle;
    if (it->second->ended() || idle) {
      expired.push_back(it->second);
      it = sessions_.erase(it);
    } else {
      ++it;
    }
  }
  if (sessions_.size() >= options_.max_sessions) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "the server holds ", sessions_.size(), " sessions, its limit: end one (DELETE) first"));
  }
  sessions_.emplace(session->id(), std::move(session));
  return absl::OkStatus();
}

void HttpTransport::Post(const httplib::Request& req, httplib::Response& res) {
  if (!Admit(req, res)) return;
  const std::string type = absl::AsciiStrToLower(req.get_header_value("Content-Type"));
  if (!absl::StartsWith(type, "application/json")) {
    Refuse(res, 415, kInvalidRequest,
           absl::StrCat("Content-Type \"", req.get_header_value("Content-Type"),
                        "\": a POST carries one JSON-RPC message as application/json"));
    return;
  }
  const Accepts accepts = ParseAccept(req);
  if (!accepts.json && !accepts.event_stream) {
    Refuse(res, 406, kInvalidRequest,
           "Accept must allow application/json or text/event-stream (MCP asks for both)");
    return;
  }
  const Incoming in = ParseIncoming(req.body);
  if (in.kind == Incoming::Kind::kInvalid) {
    res.status = 400;
    res.set_content(Serialize(MakeError(in.id, in.error)), "application/json");
    return;
  }
  if (IsStatelessPost(req, in)) {
    PostStateless(req, in, accepts.event_stream, res);
    return;
  }
  const bool initializing = in.kind == Incoming::Kind::kRequest && in.method == "initialize" &&
                            !req.has_header("Mcp-Session-Id");
  std::shared_ptr<HttpSession> session = initializing ? NewSession() : SessionOf(req, res);
  if (session == nullptr) return;
  if (in.kind != Incoming::Kind::kRequest) {
    session->Receive(in);
    res.status = 202;
    return;
  }
  AnswerRequest(in, std::move(session), initializing, accepts.event_stream, res);
}

void HttpTransport::PostStateless(const httplib::Request& req, const Incoming& in, bool sse,
                                  httplib::Response& res) {
  // The revision's only client notification is notifications/cancelled, and
  // over HTTP a request is cancelled by closing its stream: nothing to do.
  if (in.kind != Incoming::Kind::kRequest) {
    res.status = 202;
    return;
  }
  Envelope envelope;
  std::optional<RpcError> refused = CheckStandardHeaders(req, in);
  if (!refused) refused = ReadEnvelope(in, envelope);
  if (refused) {
    const json response = MakeError(in.id, *refused);
    res.status = StatelessStatus(response, /*refused_before_dispatch=*/true);
    res.set_content(Serialize(response), "application/json");
    return;
  }
  // A session of its own, for this request alone: nothing is shared with the
  // client's other requests, which may reach another kbot instance.
  auto session = std::make_shared<HttpSession>(server_, std::string());
  {
    std::lock_guard<std::mutex> lock(mu_);
    stateless_.remove_if([](const std::weak_ptr<HttpSession>& s) { return s.expired(); });
    stateless_.push_back(session);
  }
  AnswerRequest(in, std::move(session), /*initializing=*/false, sse, res, /*stateless=*/true);
}

void HttpTransport::AnswerRequest(const Incoming& in, std::shared_ptr<HttpSession> session,
                                  bool initializing, bool sse, httplib::Response& res,
                                  bool stateless) {
  std::shared_ptr<MessageStream> stream = session->OpenRequest(in.id);
  if (stream == nullptr) {
    res.status = 400;
    res.set_content(Serialize(MakeError(in.id, {kInvalidRequest,
                                                absl::StrCat("request id ", in.id.dump(),
                                                             " is still running in this session"),
                                                nullptr})),
                    "application/json");
    return;
  }
  session->Receive(in);
  // The first message decides: the response alone is plain JSON; anything
  // before it (progress, log lines) opens an SSE stream, when the client
  // takes one (otherwise those are dropped and the response comes as JSON).
  std::optional<MessageStream::Message> first;
  while (!first || (!sse && !first->last)) {
    first = stream->Pop(options_.keepalive);
    if (!first && stream->ended()) {
      Refuse(res, 404, kSessionNotFound, "the session ended before the request was answered");
      return;
    }
  }
  if (first->last) {
    if (first->line.empty()) {  // cancelled: the client stopped waiting
      res.status = 202;
      return;
    }
    if (initializing && json::parse(first->line, nullptr, false).contains("result")) {
      if (absl::Status s = Register(session); !s.ok()) {
        Refuse(res, 503, kInternalError, std::string(s.message()));
        return;
      }
      res.set_header("Mcp-Session-Id", session->id());
    }
    if (stateless) {
      res.status = StatelessStatus(json::parse(first->line, nullptr, false), false);
    }
    res.set_content(first->line, "application/json");
    return;
  }
  res.set_header("Cache-Control", "no-cache");
  res.set_chunked_content_provider(
      "text/event-stream",
      SseProvider(std::move(stream), std::move(first), options_.keepalive,
                  [session, id = in.id] { session->Cancel(id); }));
}

void HttpTransport::Get(const httplib::Request& req, httplib::Response& res) {
  if (!Admit(req, res)) return;
  if (!ParseAccept(req).event_stream) {
    res.set_header("Allow", "POST, DELETE");
    Refuse(res, 405, kInvalidRequest, "GET /mcp opens an SSE stream: Accept text/event-stream");
    return;
  }
  std::shared_ptr<HttpSession> session = SessionOf(req, res);
  if (session == nullptr) return;
  std::shared_ptr<MessageStream> stream = session->OpenStandalone();
  if (stream == nullptr) {
    Refuse(res, 404, kSessionNotFound, "the session has ended");
    return;
  }
  res.set_header("Cache-Control", "no-cache");
  res.set_chunked_content_provider("text/event-stream",
                                   SseProvider(std::move(stream), std::nullopt, options_.keepalive));
}

void HttpTransport::Delete(const httplib::Request& req, httplib::Response& res) {
  if (!Admit(req, res)) return;
  std::shared_ptr<HttpSession> session = SessionOf(req, res);
  if (session == nullptr) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    sessions_.erase(session->id());
  }
  session->End();
  res.status = 204;
}

}  // namespace kbot::mcp
