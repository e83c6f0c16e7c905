// Session: requests of MCP 2026-07-28, each served on its own (mcp/revision.h):
// dispatch, server/discover, and subscriptions/listen. The methods they share
// with the handshake revisions are session_methods.cc's.
#include "absl/strings/str_cat.h"
#include "mcp/revision.h"
#include "mcp/server.h"
#include "mcp/session_internal.h"

namespace kbot::mcp {

json Session::ServerInfo() const {
  const ServerOptions& o = server_.options();
  return {{"name", o.name}, {"title", o.title}, {"version", o.version}};
}

json Session::Capabilities(bool stateless) const {
  const ServerOptions& o = server_.options();
  json capabilities = {{"tools", {{"listChanged", false}}},
                       {"resources",
                        {{"subscribe", o.resource_subscriptions}, {"listChanged", false}}},
                       {"logging", json::object()},
                       {"completions", json::object()}};
  if (!server_.hooks().prompts.empty()) capabilities["prompts"] = {{"listChanged", false}};
  // Tasks: 2025-11-25's experimental form, or 2026-07-28's extension.
  if (stateless) {
    capabilities["extensions"] = {{kTasksExtension, json::object()}};
  } else {
    capabilities["tasks"] = {{"list", json::object()},
                             {"cancel", json::object()},
                             {"requests", {{"tools", {{"call", json::object()}}}}}};
  }
  // The app's extensions, under both revisions: a 2025-11-25 host (Claude,
  // VS Code) reads Apps support from initialize as a 2026-07-28 one does
  // from server/discover.
  for (const auto& [id, settings] : server_.hooks().extensions.items()) {
    capabilities["extensions"][id] = settings;
  }
  return capabilities;
}

absl::StatusOr<json> Session::Discover() const {
  // serverInfo is in the result as well as in its _meta: the revision's schema
  // has it in _meta only, but its server/discover page and the TypeScript
  // SDK's probe look for it at the top.
  json result = {{"supportedVersions", StatelessVersions()},
                 {"capabilities", Capabilities(/*stateless=*/true)},
                 {"serverInfo", ServerInfo()}};
  if (!server_.hooks().instructions.empty()) result["instructions"] = server_.hooks().instructions;
  return result;
}

void Session::HandleStateless(const Incoming& in) {
  Envelope envelope;
  if (std::optional<RpcError> refused = ReadEnvelope(in, envelope)) {
    Answer(in, MakeError(in.id, *refused));
    return;
  }
  const Method* method = FindMethod(in.method, /*stateless=*/true);
  if (method == nullptr || (method->offered != nullptr && !method->offered(server_))) {
    Answer(in, MakeError(in.id, {kMethodNotFound,
                                 absl::StrCat("method not found: ", in.method,
                                              in.method == "ping" || in.method == "initialize" ||
                                                      in.method == "logging/setLevel"
                                                  ? " (not in MCP 2026-07-28)"
                                                  : ""),
                                 nullptr}));
    return;
  }
  if (method->run == nullptr) {  // subscriptions/listen
    Listen(in);
    return;
  }
  const auto run = method->run;
  if (method->on_worker) {
    RunInBackground(in, [this, run](InFlight& f) { Respond(f, run(*this, f)); }, &envelope);
    return;
  }
  InFlight flight;
  flight.id = in.id;
  flight.method = in.method;
  flight.params = in.params;
  flight.Adopt(envelope);
  Answer(in, ResponseTo(flight, run(*this, flight)));
}

void Session::Listen(const Incoming& in) {
  const json& asked = in.params.contains("notifications") ? in.params["notifications"] : json();
  if (!asked.is_object()) {
    Answer(in, MakeError(in.id, {kInvalidParams,
                                 "subscriptions/listen: \"notifications\" must be an object "
                                 "naming the notifications to receive",
                                 nullptr}));
    return;
  }
  // kbot's tools, prompts and resource listing do not change while it runs,
  // so it honours only resource subscriptions, and those only when the server
  // has them (ServerOptions::resource_subscriptions).
  json honoured = json::object();
  Listener listener{in.id, {}};
  if (server_.options().resource_subscriptions && asked.contains("resourceSubscriptions") &&
      asked["resourceSubscriptions"].is_array()) {
    honoured["resourceSubscriptions"] = json::array();
    for (const json& uri : asked["resourceSubscriptions"]) {
      if (!uri.is_string()) continue;
      listener.uris.insert(uri.get<std::string>());
      honoured["resourceSubscriptions"].push_back(uri);
    }
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    listeners_[in.id.dump()] = std::move(listener);
  }
  // The acknowledgement is the subscription's first message; the request
  // stays open (no response) until the client cancels it.
  Send(MakeNotification("notifications/subscriptions/acknowledged",
                        json{{"_meta", {{kMetaSubscriptionId, in.id}}},
                             {"notifications", std::move(honoured)}}),
       {in.id});
}

void Session::EndListener(const json& id) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (listeners_.erase(id.dump()) == 0) return;
  }
  // Cancelled by the client: no response, the stream just ends.
  std::lock_guard<std::mutex> send_lock(send_mu_);
  sink_("", {id, true});
}

void Session::EndAllListeners() {
  std::map<std::string, Listener> ended;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ended.swap(listeners_);
  }
  std::lock_guard<std::mutex> send_lock(send_mu_);
  for (const auto& [key, listener] : ended) sink_("", {listener.id, true});
}

}  // namespace kbot::mcp
