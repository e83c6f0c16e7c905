// Multi round-trip requests: asking by result, and reading the retry.
#include "mcp/input_required.h"

#include <cinttypes>
#include <cstdio>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace kbot::mcp {

namespace {

// The capability each input request needs the client to have declared.
const char* CapabilityFor(absl::string_view method) {
  if (method == "elicitation/create") return "elicitation";
  if (method == "sampling/createMessage") return "sampling";
  if (method == "roots/list") return "roots";
  return nullptr;
}

// FNV-1a, 64 bits: the same on every kbot instance, unlike std::hash.
uint64_t Fnv1a(absl::string_view bytes) {
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

}  // namespace

std::string CallBinding(absl::string_view tool, const json& arguments) {
  // nlohmann/json writes an object's keys sorted: one text per value.
  char digest[17];
  std::snprintf(digest, sizeof digest, "%016" PRIx64,
                Fnv1a(absl::StrCat(tool, "\n", arguments.dump())));
  return absl::StrCat(tool, ":", digest);
}

absl::Status ReadRetry(const json& params, absl::string_view binding, InputRounds& rounds) {
  if (auto state = params.find("requestState"); state != params.end()) {
    std::string text;
    json parsed;
    if (state->is_string() && absl::WebSafeBase64Unescape(state->get<std::string>(), &text)) {
      parsed = ParseBounded(text);  // the client's bytes: bounded before parsing
    }
    if (!parsed.is_object() || parsed.value("v", 0) != 1 || !parsed.contains("answers") ||
        !parsed["answers"].is_object()) {
      return absl::InvalidArgumentError("tools/call: \"requestState\" is not one kbot issued");
    }
    if (parsed.value("call", "") != binding) {
      return absl::InvalidArgumentError(
          "tools/call: \"requestState\" belongs to another call (another tool or other "
          "arguments): retry with the arguments of the call that returned it");
    }
    rounds.answers = std::move(parsed["answers"]);
  }
  if (auto responses = params.find("inputResponses"); responses != params.end()) {
    if (!responses->is_object()) {
      return absl::InvalidArgumentError("tools/call: \"inputResponses\" must be an object");
    }
    for (auto it = responses->begin(); it != responses->end(); ++it) {
      rounds.answers[it.key()] = it.value();
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<json> AskByResult(InputRounds& rounds, const json& client_capabilities,
                                 absl::string_view method, json params) {
  const char* capability = CapabilityFor(method);
  if (capability == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat(method, " is not a request a server may ask of its client"));
  }
  if (!client_capabilities.contains(capability)) {
    rounds.missing_capability = capability;
    return absl::FailedPreconditionError(
        absl::StrCat(method, ": the client did not declare \"", capability, "\""));
  }
  const std::string key = absl::StrCat("kbot-", rounds.asked++);
  if (auto answer = rounds.answers.find(key); answer != rounds.answers.end()) return *answer;
  rounds.requests[key] = {{"method", std::string(method)}, {"params", std::move(params)}};
  return absl::UnavailableError(absl::StrCat(method, ": asked of the client by result"));
}

json InputRequiredResult(const InputRounds& rounds, absl::string_view binding) {
  const json state = {{"v", 1}, {"call", std::string(binding)}, {"answers", rounds.answers}};
  return json{{"resultType", "input_required"},
              {"inputRequests", rounds.requests},
              {"requestState", absl::WebSafeBase64Escape(state.dump())}};
}

}  // namespace kbot::mcp
