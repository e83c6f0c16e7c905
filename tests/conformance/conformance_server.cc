// The fixture server of the official MCP conformance suite
// (@modelcontextprotocol/conformance), built on kbot's own mcp/ library and
// served over its Streamable HTTP transport, so that every server scenario of
// the suite can run against kbot's protocol core, not only the few that
// kbot's game-data tools answer. It registers what the scenarios call, with
// the behaviour of the suite's reference fixture
// (examples/servers/typescript/everything-server.ts): tools test_*, resources
// test://..., prompts test_*, completions, and a tool with a JSON Schema
// 2020-12 input schema.
//
//   kbot_conformance_server [PORT]   (default 0: any free port)
//
// Prints "listening URL" on stdout once it serves; stops on SIGINT/SIGTERM.
// tests/conformance/run.sh runs the suite against it.
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "mcp/extras.h"
#include "mcp/http_transport.h"
#include "http/stop_signals.h"
#include "mcp/server.h"
#include "mcp/tool.h"

namespace kbot::conformance {
namespace {

using mcp::json;

// A 1x1 red PNG and a minimal WAV, the reference fixture's samples.
constexpr char kPngBase64[] =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
constexpr char kWavBase64[] = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";
constexpr char kLogger[] = "conformance-test-server";
// How long a tool waits for the client to answer a sampling or elicitation
// request (the suite's client answers at once).
constexpr std::chrono::seconds kClientTimeout{30};

json NoArguments() { return {{"type", "object"}, {"additionalProperties", false}}; }

json StringArgument(const std::string& name, const std::string& description) {
  return {{"type", "object"},
          {"properties", {{name, {{"type", "string"}, {"description", description}}}}},
          {"required", {name}},
          {"additionalProperties", false}};
}

json Text(const std::string& text) { return {{"type", "text"}, {"text", text}}; }
json Image() { return {{"type", "image"}, {"data", kPngBase64}, {"mimeType", "image/png"}}; }

mcp::ToolResult Blocks(std::vector<json> blocks) {
  mcp::ToolResult r;
  r.content = std::move(blocks);
  return r;
}

// A tool with only content blocks (no outputSchema), read-only by default.
mcp::Tool Fixture(std::string name, std::string description, json input,
                  std::function<mcp::ToolResult(const mcp::ToolCall&)> handler) {
  mcp::Tool t;
  t.name = std::move(name);
  t.title = t.name;
  t.description = std::move(description);
  t.input_schema = std::move(input);
  t.output_schema = nullptr;
  t.handler = std::move(handler);
  return t;
}

// Sends `method` to the client (sampling/createMessage, elicitation/create)
// and describes its answer with `describe`; a client without `capability`, or
// one that fails to answer, makes the call an error.
mcp::ToolResult AskClient(const mcp::ToolCall& call, const std::string& capability,
                          const std::string& method, json params,
                          const std::function<std::string(const json&)>& describe) {
  if (call.client == nullptr || !call.client->Supports(capability)) {
    return mcp::ToolResult::Error(absl::StrCat("the client did not declare the ", capability,
                                               " capability, so ", method, " cannot be sent"));
  }
  absl::StatusOr<json> answer = call.client->Request(method, std::move(params), kClientTimeout);
  if (answer.status().code() == absl::StatusCode::kCancelled) {
    mcp::ToolResult r;
    r.cancelled = true;
    return r;
  }
  if (!answer.ok()) return mcp::ToolResult::Error(absl::StrCat(method, ": ", answer.status().message()));
  return Blocks({Text(describe(*answer))});
}

std::string DescribeElicitation(const std::string& lead, const json& answer) {
  return absl::StrCat(lead, ": action=", answer.value("action", "?"),
                      ", content=", answer.value("content", json::object()).dump());
}

json Elicitation(const std::string& message, json properties) {
  return {{"mode", "form"},
          {"message", message},
          {"requestedSchema",
           {{"type", "object"}, {"properties", std::move(properties)}, {"required", json::array()}}}};
}

std::vector<mcp::Tool> Tools() {
  std::vector<mcp::Tool> tools;
  tools.push_back(Fixture("test_simple_text", "Tests simple text content response", NoArguments(),
                          [](const mcp::ToolCall&) {
                            return Blocks({Text("This is a simple text response for testing.")});
                          }));
  tools.push_back(Fixture("test_image_content", "Tests image content response", NoArguments(),
                          [](const mcp::ToolCall&) { return Blocks({Image()}); }));
  tools.push_back(Fixture("test_audio_content", "Tests audio content response", NoArguments(),
                          [](const mcp::ToolCall&) {
                            return Blocks({{{"type", "audio"},
                                            {"data", kWavBase64},
                                            {"mimeType", "audio/wav"}}});
                          }));
  tools.push_back(Fixture(
      "test_embedded_resource", "Tests embedded resource content response", NoArguments(),
      [](const mcp::ToolCall&) {
        return Blocks({{{"type", "resource"},
                        {"resource", mcp::TextContents("test://embedded-resource", "text/plain",
                                                       "This is an embedded resource content.")}}});
      }));
  tools.push_back(Fixture(
      "test_multiple_content_types",
      "Tests response with multiple content types (text, image, resource)", NoArguments(),
      [](const mcp::ToolCall&) {
        return Blocks({Text("Multiple content types test:"), Image(),
                       {{"type", "resource"},
                        {"resource", mcp::TextContents("test://mixed-content-resource",
                                                       "application/json",
                                                       json{{"test", "data"}, {"value", 123}}.dump())}}});
      }));
  tools.push_back(Fixture("test_tool_with_logging",
                          "Tests tool that emits log messages during execution", NoArguments(),
                          [](const mcp::ToolCall& call) {
                            call.log.Log(mcp::LogLevel::kInfo, kLogger, "Tool execution started");
                            std::this_thread::sleep_for(std::chrono::milliseconds(50));
                            call.log.Log(mcp::LogLevel::kInfo, kLogger, "Tool processing data");
                            std::this_thread::sleep_for(std::chrono::milliseconds(50));
                            call.log.Log(mcp::LogLevel::kInfo, kLogger, "Tool execution completed");
                            return Blocks({Text("Tool with logging executed successfully")});
                          }));
  tools.push_back(Fixture("test_tool_with_progress",
                          "Tests tool that reports progress notifications", NoArguments(),
                          [](const mcp::ToolCall& call) {
                            for (uint64_t done : {0, 50, 100}) {
                              if (done != 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
                              if (!call.progress.Report(done, 100)) {
                                mcp::ToolResult r;
                                r.cancelled = true;
                                return r;
                              }
                            }
                            return Blocks({Text("Progress reported: 0, 50 and 100 of 100")});
                          }));
  tools.push_back(Fixture("test_error_handling", "Tests error response handling", NoArguments(),
                          [](const mcp::ToolCall&) {
                            return mcp::ToolResult::Error(
                                "This tool intentionally returns an error for testing");
                          }));
  // The reference closes the call's SSE stream mid-call to test resumption
  // (SEP-1699); kbot's transport has no resumable streams, so this one just
  // answers (the suite then finds a JSON answer and has nothing to check).
  tools.push_back(Fixture("test_reconnection",
                          "Tests SSE stream disconnection and client reconnection (SEP-1699); "
                          "this server answers at once", NoArguments(),
                          [](const mcp::ToolCall&) {
                            return Blocks({Text("Reconnection test completed successfully.")});
                          }));
  tools.push_back(Fixture(
      "test_sampling", "Tests server-initiated sampling (LLM completion request)",
      StringArgument("prompt", "The prompt to send to the LLM"), [](const mcp::ToolCall& call) {
        json params = {{"messages",
                        {{{"role", "user"}, {"content", Text(call.arguments["prompt"].get<std::string>())}}}},
                       {"maxTokens", 100}};
        return AskClient(call, "sampling", "sampling/createMessage", std::move(params),
                         [](const json& answer) {
                           const json content = answer.value("content", json::object());
                           return absl::StrCat("LLM response: ",
                                               content.is_object() ? content.value("text", "No response")
                                                                   : "No response");
                         });
      }));
  tools.push_back(Fixture(
      "test_elicitation", "Tests server-initiated elicitation (user input request)",
      StringArgument("message", "The message to show the user"), [](const mcp::ToolCall& call) {
        json params = Elicitation(call.arguments["message"].get<std::string>(),
                                  {{"response", {{"type", "string"}, {"description", "User's response"}}}});
        params["requestedSchema"]["required"] = {"response"};
        return AskClient(call, "elicitation", "elicitation/create", std::move(params),
                         [](const json& a) { return DescribeElicitation("User response", a); });
      }));
  tools.push_back(Fixture(
      "test_elicitation_sep1034_defaults", "Tests elicitation with default values per SEP-1034",
      NoArguments(), [](const mcp::ToolCall& call) {
        json properties = {
            {"name", {{"type", "string"}, {"description", "User name"}, {"default", "John Doe"}}},
            {"age", {{"type", "integer"}, {"description", "User age"}, {"default", 30}}},
            {"score", {{"type", "number"}, {"description", "User score"}, {"default", 95.5}}},
            {"status",
             {{"type", "string"},
              {"description", "User status"},
              {"enum", {"active", "inactive", "pending"}},
              {"default", "active"}}},
            {"verified",
             {{"type", "boolean"}, {"description", "Verification status"}, {"default", true}}}};
        return AskClient(call, "elicitation", "elicitation/create",
                         Elicitation("Please review and update the form fields with defaults",
                                     std::move(properties)),
                         [](const json& a) { return DescribeElicitation("Elicitation completed", a); });
      }));
  tools.push_back(Fixture(
      "test_elicitation_sep1330_enums", "Tests elicitation with enum schema improvements per SEP-1330",
      NoArguments(), [](const mcp::ToolCall& call) {
        auto titled = [](const std::string& prefix, const std::vector<std::string>& titles) {
          json options = json::array();
          for (size_t i = 0; i < titles.size(); ++i) {
            options.push_back({{"const", absl::StrCat(prefix, i + 1)}, {"title", titles[i]}});
          }
          return options;
        };
        json properties = {
            {"untitledSingle",
             {{"type", "string"},
              {"description", "Select one option"},
              {"enum", {"option1", "option2", "option3"}}}},
            {"titledSingle",
             {{"type", "string"},
              {"description", "Select one option with titles"},
              {"oneOf", titled("value", {"First Option", "Second Option", "Third Option"})}}},
            {"legacyEnum",
             {{"type", "string"},
              {"description", "Select one option (legacy)"},
              {"enum", {"opt1", "opt2", "opt3"}},
              {"enumNames", {"Option One", "Option Two", "Option Three"}}}},
            {"untitledMulti",
             {{"type", "array"},
              {"description", "Select multiple options"},
              {"minItems", 1},
              {"maxItems", 3},
              {"items", {{"type", "string"}, {"enum", {"option1", "option2", "option3"}}}}}},
            {"titledMulti",
             {{"type", "array"},
              {"description", "Select multiple options with titles"},
              {"minItems", 1},
              {"maxItems", 3},
              {"items",
               {{"anyOf", titled("value", {"First Choice", "Second Choice", "Third Choice"})}}}}}};
        return AskClient(call, "elicitation", "elicitation/create",
                         Elicitation("Please select options from the enum fields", std::move(properties)),
                         [](const json& a) { return DescribeElicitation("Elicitation completed", a); });
      }));
  // SEP-1613: the input schema is listed as written, $schema, $defs and
  // additionalProperties included, and arguments are checked against it.
  tools.push_back(Fixture(
      "json_schema_2020_12_tool",
      "Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)",
      {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
       {"type", "object"},
       {"$defs",
        {{"address",
          {{"type", "object"},
           {"properties", {{"street", {{"type", "string"}}}, {"city", {{"type", "string"}}}}}}}}},
       {"properties", {{"name", {{"type", "string"}}}, {"address", {{"$ref", "#/$defs/address"}}}}},
       {"additionalProperties", false}},
      [](const mcp::ToolCall& call) {
        return Blocks({Text(absl::StrCat("JSON Schema 2020-12 tool called with: ",
                                         call.arguments.dump()))});
      }));
  return tools;
}

std::vector<mcp::Resource> Resources() {
  std::vector<mcp::Resource> resources;
  resources.push_back({"test://static-text", "static-text", "Static Text Resource",
                       "A static text resource for testing", "text/plain",
                       [](const std::string& uri) -> absl::StatusOr<json> {
                         return json::array({mcp::TextContents(
                             uri, "text/plain", "This is the content of the static text resource.")});
                       }});
  resources.push_back({"test://static-binary", "static-binary", "Static Binary Resource",
                       "A static binary resource (image) for testing", "image/png",
                       [](const std::string& uri) -> absl::StatusOr<json> {
                         std::string png;
                         absl::Base64Unescape(kPngBase64, &png);
                         return json::array({mcp::BlobContents(uri, "image/png", png)});
                       }});
  resources.push_back({"test://watched-resource", "watched-resource", "Watched Resource",
                       "A resource to subscribe to", "text/plain",
                       [](const std::string& uri) -> absl::StatusOr<json> {
                         return json::array({mcp::TextContents(uri, "text/plain",
                                                               "Watched resource content")});
                       }});
  return resources;
}

std::vector<mcp::ResourceTemplate> Templates() {
  mcp::ResourceTemplate t;
  t.uri_template = "test://template/{id}/data";
  t.name = "template";
  t.title = "Resource Template";
  t.description = "A resource template with parameter substitution";
  t.mime_type = "application/json";
  t.read = [](const std::string& uri, const json& variables) -> absl::StatusOr<json> {
    const std::string id = variables["id"].get<std::string>();
    return json::array({mcp::TextContents(
        uri, "application/json",
        json{{"id", id}, {"templateTest", true}, {"data", absl::StrCat("Data for ID: ", id)}}.dump())});
  };
  return {t};
}

// Candidates for the prompt's arguments: a few words starting with the prefix.
std::vector<std::string> Words(absl::string_view, absl::string_view prefix, const json&) {
  std::vector<std::string> out;
  for (const char* word : {"paris", "park", "party", "test", "testing"}) {
    if (absl::StartsWith(word, prefix)) out.push_back(word);
  }
  return out;
}

json UserMessage(json content) { return {{"role", "user"}, {"content", std::move(content)}}; }

std::vector<mcp::Prompt> Prompts() {
  std::vector<mcp::Prompt> prompts;
  prompts.push_back({"test_simple_prompt", "Simple Test Prompt", "A simple prompt without arguments",
                     {},
                     [](const json&) -> absl::StatusOr<json> {
                       return json::array({UserMessage(Text("This is a simple prompt for testing."))});
                     },
                     nullptr});
  prompts.push_back({"test_prompt_with_arguments", "Prompt With Arguments",
                     "A prompt with required arguments",
                     {{"arg1", "", "First test argument", true},
                      {"arg2", "", "Second test argument", true}},
                     [](const json& args) -> absl::StatusOr<json> {
                       return json::array({UserMessage(Text(absl::StrCat(
                           "Prompt with arguments: arg1='", args["arg1"].get<std::string>(),
                           "', arg2='", args["arg2"].get<std::string>(), "'")))});
                     },
                     Words});
  prompts.push_back({"test_prompt_with_embedded_resource", "Prompt With Embedded Resource",
                     "A prompt that includes an embedded resource",
                     {{"resourceUri", "", "URI of the resource to embed", true}},
                     [](const json& args) -> absl::StatusOr<json> {
                       return json::array(
                           {UserMessage({{"type", "resource"},
                                         {"resource", mcp::TextContents(
                                                          args["resourceUri"].get<std::string>(),
                                                          "text/plain",
                                                          "Embedded resource content for testing.")}}),
                            UserMessage(Text("Please process the embedded resource above."))});
                     },
                     nullptr});
  prompts.push_back({"test_prompt_with_image", "Prompt With Image",
                     "A prompt that includes image content", {},
                     [](const json&) -> absl::StatusOr<json> {
                       return json::array(
                           {UserMessage(Image()), UserMessage(Text("Please analyze the image above."))});
                     },
                     nullptr});
  return prompts;
}

int Run(int argc, char** argv) {
  int port = 0;
  if (argc > 2 || (argc == 2 && (!absl::SimpleAtoi(argv[1], &port) || port < 0 || port > 65535))) {
    std::cerr << "usage: kbot_conformance_server [PORT]   (0 or none: any free port)\n";
    return 2;
  }
  // SIGINT/SIGTERM are taken by a thread of their own: blocked before any
  // other thread (the server's workers) starts, as `kbot mcp --http` does.
  const sigset_t stop_signals = http::BlockStopSignals();
  ::signal(SIGPIPE, SIG_IGN);

  mcp::ServerHooks hooks;
  hooks.prompts = Prompts();
  hooks.resources = Resources();
  hooks.resource_templates = Templates();
  mcp::ServerOptions options;
  options.name = "kbot-conformance-server";
  options.title = "kbot's MCP core with the conformance suite's fixtures";
  options.resource_subscriptions = true;
  // The progress fixture reports three steps 50 ms apart: none may be
  // throttled away.
  options.progress_interval = std::chrono::milliseconds(0);
  absl::StatusOr<std::unique_ptr<mcp::Server>> server =
      mcp::Server::Create(Tools(), std::move(hooks), options);
  if (!server.ok()) {
    std::cerr << "kbot_conformance_server: " << server.status().message() << "\n";
    return 1;
  }
  mcp::HttpOptions http;
  http.port = port;
  absl::StatusOr<std::unique_ptr<mcp::HttpTransport>> transport =
      mcp::HttpTransport::Bind(**server, http);
  if (!transport.ok()) {
    std::cerr << "kbot_conformance_server: " << transport.status().message() << "\n";
    return 1;
  }
  std::cout << "listening " << (*transport)->url() << std::endl;
  mcp::HttpTransport* t = transport->get();
  http::ServeUntilStopSignal(stop_signals, [t] { t->Serve(); }, [t] { t->Stop(); });
  return 0;
}

}  // namespace
}  // namespace kbot::conformance

int main(int argc, char** argv) { return kbot::conformance::Run(argc, argv); }
