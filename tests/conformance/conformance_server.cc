// The fixture server of the official MCP conformance suite
// (@modelcontextprotocol/conformance), built on kbot's own mcp/ library and
// served over its Streamable HTTP transport, so that every server scenario of
// the suite can run against kbot's protocol core, not only the few that
// kbot's game-data tools answer. It registers what the scenarios call, with
// the behaviour of the suite's reference fixture
// (examples/servers/typescript/everything-server.ts): tools test_*, resources
// test://..., prompts test_*, completions, and a tool with a JSON Schema
// 2020-12 input schema; and for the 0.2 suite's MCP 2026-07-28 scenarios,
// tools that ask their client (InputRequiredResult), one needing a capability
// the request may lack, one with an x-mcp-header argument, and the Tasks
// extension's greet, slow_compute, failing_job... (long-running: tasks).
//
//   kbot_conformance_server [PORT]   (default 0: any free port)
//
// Prints "listening URL" on stdout once it serves; stops on SIGINT/SIGTERM.
// tests/conformance/run.sh runs the suite against it.
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
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

json Elicitation(const std::string& message, json properties, json required = json::array()) {
  return {{"mode", "form"},
          {"message", message},
          {"requestedSchema",
           {{"type", "object"}, {"properties", std::move(properties)}, {"required", std::move(required)}}}};
}

// SEP-1613 and SEP-2106: the input schema is listed as written ($schema,
// $defs with an $anchor, allOf/anyOf, if/then/else, additionalProperties),
// and arguments are checked against it.
mcp::Tool JsonSchema2020Tool() {
  json schema = {
      {"$schema", "https://json-schema.org/draft/2020-12/schema"},
      {"type", "object"},
      {"$defs",
       {{"address",
         {{"$anchor", "addressDef"},
          {"type", "object"},
          {"properties", {{"street", {{"type", "string"}}}, {"city", {{"type", "string"}}}}}}}}},
      {"properties",
       {{"name", {{"type", "string"}}},
        {"address", {{"$ref", "#/$defs/address"}}},
        {"contactMethod", {{"type", "string"}, {"enum", json::array({"phone", "email"})}}},
        {"phone", {{"type", "string"}}},
        {"email", {{"type", "string"}}}}},
      {"allOf", {{{"anyOf", {{{"required", {"phone"}}}, {{"required", {"email"}}}}}}}},
      {"if",
       {{"properties", {{"contactMethod", {{"const", "phone"}}}}}, {"required", {"contactMethod"}}}},
      {"then", {{"required", {"phone"}}}},
      {"else", {{"required", {"email"}}}},
      {"additionalProperties", false}};
  return Fixture("json_schema_2020_12_tool",
                 "Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613, "
                 "SEP-2106)",
                 std::move(schema), [](const mcp::ToolCall& call) {
                   return Blocks({Text(absl::StrCat("JSON Schema 2020-12 tool called with: ",
                                                    call.arguments.dump()))});
                 });
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
  return tools;
}

// ---- MCP 2026-07-28 fixtures (the 0.2 suite's server-stateless,
// input-required-result-* and tasks-* scenarios).

// Asks the client `method` through kbot's Client: under 2025-11-25 a request
// on the call's stream, answered before this returns; under 2026-07-28 the
// question ends the call with an InputRequiredResult (Unavailable here) until
// the retry brings its answer, and a capability the request did not declare
// ends it with -32021 (the core answers both; the handler only stops). A task
// has no client to ask.
absl::StatusOr<json> Ask(const mcp::ToolCall& call, const std::string& method, json params) {
  if (call.client == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat(method, ": this call has no client to ask (kbot's tasks ask nothing)"));
  }
  return call.client->Request(method, std::move(params), kClientTimeout);
}

mcp::ToolResult Stopped(const absl::Status& status) {
  if (status.code() == absl::StatusCode::kCancelled) {
    mcp::ToolResult r;
    r.cancelled = true;
    return r;
  }
  return mcp::ToolResult::Error(std::string(status.message()));
}

json NameQuestion(const std::string& message) {
  return Elicitation(message, {{"name", {{"type", "string"}}}}, {"name"});
}

json SamplingQuestion(const std::string& text, int max_tokens) {
  return {{"messages", {{{"role", "user"}, {"content", Text(text)}}}}, {"maxTokens", max_tokens}};
}

std::string AnswerText(const json& answer) {
  if (answer.contains("content") && answer["content"].is_object()) {
    const json& content = answer["content"];
    if (content.contains("text") && content["text"].is_string()) return content["text"];
    return content.dump();
  }
  return answer.dump();
}

std::string ElicitedName(const json& answer) {
  const json content = answer.value("content", json::object());
  return content.is_object() && content.contains("name") && content["name"].is_string()
             ? content["name"].get<std::string>()
             : "(no name)";
}

void LogThreeSteps(const mcp::ToolCall& call) {
  for (const char* step : {"Tool execution started", "Tool processing data",
                           "Tool execution completed"}) {
    call.log.Log(mcp::LogLevel::kInfo, kLogger, step);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// server-stateless: a call needing a capability the request lacks (-32021),
// one asking for input (an InputRequiredResult, never a request on the
// stream), one logging (nothing without the request's logLevel), and a tool
// whose argument is mirrored in an Mcp-Param header (x-mcp-header, SEP-2243).
std::vector<mcp::Tool> StatelessTools() {
  std::vector<mcp::Tool> tools;
  tools.push_back(Fixture(
      "test_missing_capability", "Asks for sampling, whether or not the client declared it",
      NoArguments(), [](const mcp::ToolCall& call) {
        absl::StatusOr<json> answer =
            Ask(call, "sampling/createMessage", SamplingQuestion("Say hello", 20));
        if (!answer.ok()) return Stopped(answer.status());
        return Blocks({Text(absl::StrCat("Sampled: ", AnswerText(*answer)))});
      }));
  tools.push_back(Fixture(
      "test_streaming_elicitation", "Asks the client for input while the call runs", NoArguments(),
      [](const mcp::ToolCall& call) {
        absl::StatusOr<json> answer = Ask(call, "elicitation/create", NameQuestion("Your name?"));
        if (!answer.ok()) return Stopped(answer.status());
        return Blocks({Text(DescribeElicitation("User response", *answer))});
      }));
  tools.push_back(Fixture("test_logging_tool", "Emits three log messages while it runs",
                          NoArguments(), [](const mcp::ToolCall& call) {
                            LogThreeSteps(call);
                            return Blocks({Text("Logging tool executed")});
                          }));
  json region = {{"type", "string"}, {"description", "A region"}, {"x-mcp-header", "Region"}};
  tools.push_back(Fixture("test_x_mcp_header", "A tool whose argument travels in Mcp-Param-Region",
                          {{"type", "object"},
                           {"properties", {{"region", std::move(region)}}},
                           {"required", {"region"}}},
                          [](const mcp::ToolCall& call) {
                            return Blocks({Text(absl::StrCat(
                                "Region: ", call.arguments["region"].get<std::string>()))});
                          }));
  return tools;
}

// input-required-result-*: each asks what its scenario expects. kbot names
// the questions itself ("kbot-0"...), in the order the handler asks.
std::vector<mcp::Tool> InputRequiredTools() {
  std::vector<mcp::Tool> tools;
  tools.push_back(Fixture(
      "test_input_required_result_elicitation", "Asks the user's name (one elicitation)",
      NoArguments(), [](const mcp::ToolCall& call) {
        absl::StatusOr<json> a = Ask(call, "elicitation/create", NameQuestion("What is your name?"));
        if (!a.ok()) return Stopped(a.status());
        return Blocks({Text(absl::StrCat("Hello, ", ElicitedName(*a), "!"))});
      }));
  tools.push_back(Fixture(
      "test_input_required_result_sampling", "Asks the client's model a question", NoArguments(),
      [](const mcp::ToolCall& call) {
        absl::StatusOr<json> a = Ask(call, "sampling/createMessage",
                                     SamplingQuestion("What is the capital of France?", 100));
        if (!a.ok()) return Stopped(a.status());
        return Blocks({Text(absl::StrCat("The model said: ", AnswerText(*a)))});
      }));
  tools.push_back(Fixture(
      "test_input_required_result_list_roots", "Asks the client's roots", NoArguments(),
      [](const mcp::ToolCall& call) {
        absl::StatusOr<json> a = Ask(call, "roots/list", json::object());
        if (!a.ok()) return Stopped(a.status());
        return Blocks({Text(absl::StrCat("Roots: ", a->value("roots", json::array()).dump()))});
      }));
  tools.push_back(Fixture(
      "test_input_required_result_request_state", "Asks for a confirmation", NoArguments(),
      [](const mcp::ToolCall& call) {
        absl::StatusOr<json> a = Ask(
            call, "elicitation/create",
            Elicitation("Please confirm", {{"ok", {{"type", "boolean"}}}}, {"ok"}));
        if (!a.ok()) return Stopped(a.status());
        // The answer came back through kbot's requestState: it was read.
        return Blocks({Text(DescribeElicitation("state-ok", *a))});
      }));
  tools.push_back(Fixture(
      "test_input_required_result_tampered_state", "Asks for a confirmation; its state is checked",
      NoArguments(), [](const mcp::ToolCall& call) {
        absl::StatusOr<json> a = Ask(
            call, "elicitation/create",
            Elicitation("Please confirm", {{"ok", {{"type", "boolean"}}}}, {"ok"}));
        if (!a.ok()) return Stopped(a.status());
        return Blocks({Text(DescribeElicitation("Confirmed", *a))});
      }));
  return tools;
}

// input-required-result-*: several questions at once, several rounds, and
// questions chosen by what the request declared.
std::vector<mcp::Tool> InputRoundsTools() {
  std::vector<mcp::Tool> tools;
  tools.push_back(Fixture(
      "test_input_required_result_multiple_inputs", "Asks three things in one round",
      NoArguments(), [](const mcp::ToolCall& call) {
        // Asked together: every question goes into the same result.
        absl::StatusOr<json> name = Ask(call, "elicitation/create", NameQuestion("What is your name?"));
        absl::StatusOr<json> greeting =
            Ask(call, "sampling/createMessage", SamplingQuestion("Generate a greeting", 50));
        absl::StatusOr<json> roots = Ask(call, "roots/list", json::object());
        for (const absl::Status& s : {name.status(), greeting.status(), roots.status()}) {
          if (!s.ok()) return Stopped(s);
        }
        return Blocks({Text(absl::StrCat("Hello ", ElicitedName(*name), ": ", AnswerText(*greeting),
                                         " (", roots->value("roots", json::array()).size(),
                                         " roots)"))});
      }));
  tools.push_back(Fixture(
      "test_input_required_result_multi_round", "Asks two things, one round each", NoArguments(),
      [](const mcp::ToolCall& call) {
        absl::StatusOr<json> name =
            Ask(call, "elicitation/create", NameQuestion("Step 1: What is your name?"));
        if (!name.ok()) return Stopped(name.status());
        absl::StatusOr<json> color = Ask(
            call, "elicitation/create",
            Elicitation("Step 2: What is your favorite color?", {{"color", {{"type", "string"}}}},
                        {"color"}));
        if (!color.ok()) return Stopped(color.status());
        return Blocks({Text(absl::StrCat(ElicitedName(*name), " likes ",
                                         color->value("content", json::object()).dump()))});
      }));
  tools.push_back(Fixture(
      "test_input_required_result_capabilities", "Asks only what the request declared",
      NoArguments(), [](const mcp::ToolCall& call) {
        std::vector<std::string> asked;
        if (call.client != nullptr && call.client->Supports("sampling")) {
          absl::StatusOr<json> a =
              Ask(call, "sampling/createMessage", SamplingQuestion("Pick a number", 10));
          if (!a.ok()) return Stopped(a.status());
          asked.push_back(absl::StrCat("sampling: ", AnswerText(*a)));
        }
        if (call.client != nullptr && call.client->Supports("elicitation")) {
          absl::StatusOr<json> a = Ask(call, "elicitation/create", NameQuestion("Your name?"));
          if (!a.ok()) return Stopped(a.status());
          asked.push_back(absl::StrCat("elicitation: ", ElicitedName(*a)));
        }
        return Blocks({Text(asked.empty() ? "The client declared nothing to ask"
                                          : absl::StrJoin(asked, "; "))});
      }));
  return tools;
}

// Sleeps `seconds` in steps, stopping when the call or task is cancelled.
bool SleepUnlessCancelled(const mcp::ToolCall& call, double seconds) {
  const auto step = std::chrono::milliseconds(50);
  const uint64_t total = static_cast<uint64_t>(seconds * 1000);
  for (uint64_t done = 0;; done += step.count()) {
    if (!call.progress.Report(std::min(done, total), total)) return false;
    if (done >= total) return true;
    std::this_thread::sleep_for(step);
  }
}

mcp::Tool LongRunning(mcp::Tool tool) {
  tool.annotations.long_running = true;  // a task for a client that takes tasks
  return tool;
}

json SlowComputeArguments() {
  return {{"type", "object"},
          {"properties",
           {{"seconds", {{"type", "number"}, {"minimum", 0}, {"maximum", 600}}},
            {"label", {{"type", "string"}}}}},
          {"required", {"seconds"}},
          {"additionalProperties", false}};
}

// tasks-*: the Tasks extension's fixtures. kbot makes a task of every
// long-running tool for a request that declares the extension.
std::vector<mcp::Tool> TaskTools() {
  std::vector<mcp::Tool> tools;
  tools.push_back(Fixture("greet", "Greets (never a task)", StringArgument("name", "Who to greet"),
                          [](const mcp::ToolCall& call) {
                            return Blocks({Text(absl::StrCat(
                                "Hello, ", call.arguments["name"].get<std::string>(), "!"))});
                          }));
  tools.push_back(LongRunning(Fixture(
      "slow_compute", "Sleeps `seconds`, then answers", SlowComputeArguments(),
      [](const mcp::ToolCall& call) {
        const double seconds = call.arguments["seconds"].get<double>();
        if (!SleepUnlessCancelled(call, seconds)) return Stopped(absl::CancelledError());
        return Blocks({Text(absl::StrCat("Computed ", call.arguments.value("label", ""),
                                         " after ", seconds, " s"))});
      })));
  tools.push_back(LongRunning(Fixture(
      "failing_job", "Fails (a tool error) after a second", NoArguments(),
      [](const mcp::ToolCall& call) {
        if (!SleepUnlessCancelled(call, 1)) return Stopped(absl::CancelledError());
        return mcp::ToolResult::Error("failing_job failed, as it always does");
      })));
  // The suite wants this one to end in a protocol error; a kbot handler can
  // only succeed, fail as a tool (isError) or stop on a cancellation.
  tools.push_back(LongRunning(Fixture(
      "protocol_error_job", "Would fail with a protocol error; kbot's handlers cannot",
      NoArguments(), [](const mcp::ToolCall&) {
        return mcp::ToolResult::Error("kbot's tool handlers have no protocol errors to raise");
      })));
  tools.push_back(LongRunning(Fixture(
      "confirm_delete", "Asks for a confirmation", StringArgument("filename", "The file"),
      [](const mcp::ToolCall& call) {
        absl::StatusOr<json> a = Ask(
            call, "elicitation/create",
            Elicitation(absl::StrCat("Delete ", call.arguments["filename"].get<std::string>(), "?"),
                        {{"confirm", {{"type", "boolean"}}}}, {"confirm"}));
        if (!a.ok()) return Stopped(a.status());
        return Blocks({Text(DescribeElicitation("Deletion", *a))});
      })));
  tools.push_back(LongRunning(Fixture(
      "multi_input", "Asks two things at once", NoArguments(), [](const mcp::ToolCall& call) {
        absl::StatusOr<json> first = Ask(call, "elicitation/create", NameQuestion("First name?"));
        absl::StatusOr<json> second = Ask(call, "elicitation/create", NameQuestion("Second name?"));
        for (const absl::Status& s : {first.status(), second.status()}) {
          if (!s.ok()) return Stopped(s);
        }
        return Blocks({Text(absl::StrCat(ElicitedName(*first), " and ", ElicitedName(*second)))});
      })));
  tools.push_back(LongRunning(Fixture(
      "test_tool_with_task", "Asks the user's name, then works as a task", NoArguments(),
      [](const mcp::ToolCall& call) {
        absl::StatusOr<json> a = Ask(call, "elicitation/create", NameQuestion("What is your name?"));
        if (!a.ok()) return Stopped(a.status());
        return Blocks({Text(absl::StrCat("Hello, ", ElicitedName(*a), "!"))});
      })));
  return tools;
}

std::vector<mcp::Tool> AllTools() {
  std::vector<mcp::Tool> tools = Tools();
  tools.push_back(JsonSchema2020Tool());
  for (auto group : {StatelessTools, InputRequiredTools, InputRoundsTools, TaskTools}) {
    for (mcp::Tool& t : group()) tools.push_back(std::move(t));
  }
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
      mcp::Server::Create(AllTools(), std::move(hooks), options);
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
