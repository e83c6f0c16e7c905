// The shared dispatcher-test extras (tests/support/mcp_harness.h).
#include "tests/support/mcp_harness.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace kbot::testing {

using kbot::Progress;
using mcp::ResourceTemplate;
using mcp::TextContents;
using mcp::ToolCall;
using mcp::ToolResult;

Tool AskTool() {
  Tool t;
  t.name = "ask";
  t.title = "Ask";
  t.description = "Sends the client a request";
  t.input_schema = {{"type", "object"},
                    {"properties",
                     {{"method", {{"type", "string"}}},
                      {"capability", {{"type", "string"}}},
                      {"timeout_ms", {{"type", "integer"}}}}},
                    {"required", {"method", "capability"}}};
  t.output_schema = nullptr;
  t.handler = [](const ToolCall& call) {
    const std::string capability = call.arguments["capability"];
    if (call.client == nullptr || !call.client->Supports(capability)) {
      return ToolResult::Error(absl::StrCat("no ", capability));
    }
    absl::StatusOr<json> answer = call.client->Request(
        call.arguments["method"].get<std::string>(), {{"question", 42}},
        std::chrono::milliseconds(call.arguments.value("timeout_ms", 20000)));
    ToolResult r;
    if (answer.status().code() == absl::StatusCode::kCancelled) {
      r.cancelled = true;
      return r;
    }
    if (!answer.ok()) return ToolResult::Error(answer.status().ToString());
    r.content.push_back({{"type", "text"}, {"text", answer->dump()}});
    return r;
  };
  return t;
}

ServerHooks Extras() {
  ServerHooks hooks;
  hooks.prompts.push_back({"greet", "Greet", "Greets someone",
                           {{"name", "Name", "Who to greet", true}, {"mood", "", "", false}},
                           [](const json& args) -> absl::StatusOr<json> {
                             return json::array(
                                 {{{"role", "user"},
                                   {"content",
                                    {{"type", "text"},
                                     {"text", absl::StrCat("Hello, ", args["name"].get<std::string>(),
                                                           args.value("mood", ""))}}}}});
                           },
                           [](absl::string_view argument, absl::string_view prefix, const json&) {
                             std::vector<std::string> out;
                             for (std::string v : {"ann", "anna", "bob"}) {
                               if (argument == "name" && absl::StartsWith(v, prefix)) out.push_back(v);
                             }
                             return out;
                           }});
  hooks.prompts.push_back({"plain", "", "No arguments", {},
                           [](const json&) -> absl::StatusOr<json> { return json::array(); },
                           nullptr});
  hooks.resources.push_back({"test://one", "one", "One", "The first", "text/plain",
                             [](const std::string& uri) -> absl::StatusOr<json> {
                               return json::array({TextContents(uri, "text/plain", "first")});
                             }});
  hooks.resources.push_back({"test://gone", "gone", "", "", "text/plain",
                             [](const std::string& uri) -> absl::StatusOr<json> {
                               return absl::NotFoundError("test://gone: deleted");
                             }});
  ResourceTemplate t;
  t.uri_template = "test://item/{id}/data";
  t.name = "item";
  t.mime_type = "application/json";
  t.read = [](const std::string& uri, const json& variables) -> absl::StatusOr<json> {
    return json::array({TextContents(uri, "application/json", variables.dump())});
  };
  t.complete = [](absl::string_view, absl::string_view prefix, const json&) {
    return std::vector<std::string>{absl::StrCat(prefix, "1"), absl::StrCat(prefix, "2")};
  };
  hooks.resource_templates.push_back(std::move(t));
  // And the app's own resources, after the registered ones.
  hooks.list_resources = [](Progress&) -> absl::StatusOr<std::vector<json>> {
    return std::vector<json>{{{"uri", "app://file"}, {"name", "file"}}};
  };
  hooks.read_resource = [](const std::string& uri, Progress&) -> absl::StatusOr<json> {
    if (uri != "app://file") return absl::NotFoundError(uri + ": no such file");
    return json::array({TextContents(uri, "text/plain", "the app's")});
  };
  return hooks;
}

}  // namespace kbot::testing
