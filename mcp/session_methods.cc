// Session's methods: tools, resources, completion, prompts, subscriptions.
#include <algorithm>
#include <charconv>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "mcp/server.h"
#include "mcp/session_internal.h"

namespace kbot::mcp {

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

// Whether the app's resources/list holds `uri` (subscriptions are rare: a
// whole listing per subscribe is affordable).
bool Session::ListedByApp(const std::string& uri) const {
  if (!server_.hooks().list_resources) return false;
  absl::StatusOr<std::vector<json>> listed = server_.hooks().list_resources(NoProgress());
  if (!listed.ok()) return false;
  return std::any_of(listed->begin(), listed->end(),
                     [&uri](const json& r) { return r.value("uri", "") == uri; });
}

namespace {

json ToolError(const std::string& text) {
  return json{{"content", {{{"type", "text"}, {"text", text}}}}, {"isError", true}};
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
  if (!arguments.is_object()) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": \"arguments\" must be an object of named arguments"));
  }
  // MCP 2025-11-25: a wrong argument is a tool error the model reads and
  // mends, not a protocol error (base/argument_check.h says it in its words).
  absl::StatusOr<CheckedArguments> checked = tool->input.Check(arguments);
  if (!checked.ok()) return ToolError(absl::StrCat(name, ": ", checked.status().message()));
  // 2026-07-28: a retry brings the answers to what the call asked its client.
  const std::string binding = flight.stateless ? CallBinding(name, arguments) : "";
  if (flight.stateless) {
    if (absl::Status retry = ReadRetry(params, binding, flight.inputs); !retry.ok()) return retry;
  }
  if (!flight.stateless && params.contains("task") && !tool->tool.annotations.long_running) {
    // 2025-11-25: a tool without execution.taskSupport is never a task.
    flight.rpc_error = RpcError{kMethodNotFound,
                                absl::StrCat(name, " does not run as a task (its tools/list entry "
                                                   "has no execution.taskSupport): call it plainly"),
                                nullptr};
    return absl::FailedPreconditionError(flight.rpc_error->message);
  }
  if (WantsTask(tool->tool, params, flight)) {
    absl::StatusOr<json> task = StartTask(*tool, *checked, flight);
    // A 2026-07-28 client over its bound of tasks is answered the plain way.
    if (task.ok() || !flight.stateless) return task;
  }
  RequestProgress progress(*this, flight);
  SessionLogger logger(*this, flight);
  RequestClient client(*this, flight);
  return RunChecked(server_, *tool, *checked, binding, flight, progress, logger, &client);
}

absl::StatusOr<json> Session::RunChecked(const Server& server, const Server::CompiledTool& tool,
                                         const CheckedArguments& checked,
                                         const std::string& binding, InFlight& flight,
                                         Progress& progress, Logger& logger, Client* client) {
  const std::string coercion = CoercionNote(checked.coerced);
  // This session only writes results out: a tool may hand it one already
  // written (base/tool_result.h SerializedResult).
  Limits limits = server.options().limits;
  limits.serialized_results = true;
  const ToolCall call{checked.arguments, progress, logger, limits, client};
  ToolResult result = tool.tool.handler(call);
  if (result.cancelled || flight.cancelled) return absl::CancelledError();
  if (!flight.inputs.missing_capability.empty()) {
    flight.rpc_error = MissingCapability(flight.inputs.missing_capability);
    return absl::FailedPreconditionError(flight.rpc_error->message);
  }
  if (!flight.inputs.requests.empty()) return InputRequiredResult(flight.inputs, binding);
  return ToolAnswer(std::move(result), coercion, tool, flight);
}

json Session::ToolAnswer(ToolResult result, const std::string& coercion,
                         const Server::CompiledTool& tool, const InFlight& flight) {
  if (result.error) {
    return ToolError(coercion.empty() ? *result.error
                                      : absl::StrCat(*result.error, " (", coercion, ")"));
  }
  if (!coercion.empty()) result.content.push_back({{"type", "text"}, {"text", coercion}});
  if (tool.tool.output_schema.is_null()) {
    // A tool without structured output answers with its blocks alone.
    return json{{"content", json(std::move(result.content))}, {"isError", false}};
  }
  // The structured result is written once (or was, by an earlier call: a
  // tool's kept answer): the text block and structuredContent splice in its
  // bytes verbatim (RawJson), and the line is what writing the tree twice gave.
  std::shared_ptr<const SerializedResult> serialized =
      result.serialized ? result.serialized : SerializedResult::Of(result.structured);
  json content = json::array();
  content.push_back({{"type", "text"}, {"text", RawJson(serialized->quoted)}});
  const bool links_known = flight.version != "2025-03-26";
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
              {"structuredContent", RawJson(serialized->json)},
              {"isError", false}};
}

absl::StatusOr<json> Session::ListResources(const json& params, InFlight& flight) {
  // The registered resources come first, then the app's.
  std::vector<json> listed_by_app;
  if (server_.hooks().list_resources) {
    RequestProgress progress(*this, flight);
    absl::StatusOr<std::vector<json>> listed = server_.hooks().list_resources(progress);
    if (!listed.ok()) return listed.status();
    listed_by_app = *std::move(listed);
  }
  const std::vector<Resource>& extras = server_.hooks().resources;
  const size_t total = extras.size() + listed_by_app.size();
  absl::StatusOr<size_t> start = PageStart(params, total, "resources/list");
  if (!start.ok()) return start.status();
  const size_t end = std::min(total, *start + server_.options().resources_page_size);
  json listed = json::array();
  for (size_t i = *start; i < end; ++i) {
    if (i >= extras.size()) {
      listed.push_back(std::move(listed_by_app[i - extras.size()]));
      continue;
    }
    const Resource& r = extras[i];
    json entry = {{"uri", r.uri}, {"name", r.name}};
    if (!r.title.empty()) entry["title"] = r.title;
    if (!r.description.empty()) entry["description"] = r.description;
    if (!r.mime_type.empty()) entry["mimeType"] = r.mime_type;
    if (!r.meta.is_null()) entry["_meta"] = r.meta;
    listed.push_back(std::move(entry));
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
  // A registered resource or template answers first, then the app.
  json variables;
  const Resource* fixed = server_.FindResource(uri);
  const ResourceTemplate* templated =
      fixed ? nullptr : server_.MatchTemplate(uri, variables, /*readable=*/true);
  if (fixed == nullptr && templated == nullptr) {
    if (!server_.hooks().read_resource) return absl::NotFoundError(absl::StrCat(uri, ": no such resource"));
    RequestProgress progress(*this, flight);
    absl::StatusOr<json> contents = server_.hooks().read_resource(uri, progress);
    if (!contents.ok()) return contents.status();
    return json{{"contents", *std::move(contents)}};
  }
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
  // A registered prompt's or template's arguments complete with their own
  // Completer.
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
  // And (a hint beyond the specification's refs) any tool's arguments.
  const bool known_ref = type == "ref/tool" && ref.contains("name") && ref["name"].is_string() &&
                         server_.FindTool(ref["name"].get<std::string>()) != nullptr;
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
    values = server_.hooks().complete(name, value, others);
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
      server_.MatchTemplate(uri, variables) == nullptr && !ListedByApp(uri)) {
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
