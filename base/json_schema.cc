#include "base/json_schema.h"

#include <string>
#include <vector>

// valijson aborts the process on a malformed schema unless told to throw.
#define VALIJSON_USE_EXCEPTIONS 1

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "valijson/adapters/nlohmann_json_adapter.hpp"
#include "valijson/schema.hpp"
#include "valijson/schema_parser.hpp"
#include "valijson/validator.hpp"

namespace kbot {

namespace {

// valijson names a member as a context like ["<root>", "[frame]"]; a reader
// wants "frame" (or "the arguments" for the object itself).
std::string MemberName(const std::vector<std::string>& context) {
  std::string name;
  for (size_t i = 1; i < context.size(); ++i) {
    std::string part = context[i];
    if (part.size() >= 2 && part.front() == '[' && part.back() == ']') {
      part = part.substr(1, part.size() - 2);
    }
    if (!name.empty()) name += ".";
    name += part;
  }
  return name.empty() ? "the arguments" : name;
}

}  // namespace

absl::StatusOr<CompiledSchema> CompiledSchema::Compile(const nlohmann::json& schema) {
  auto compiled = std::make_shared<valijson::Schema>();
  try {
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
    valijson::adapters::NlohmannJsonAdapter adapter(schema);
    parser.populateSchema(adapter, *compiled);
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat("unusable JSON Schema: ", e.what()));
  }
  CompiledSchema out;
  out.schema_ = std::move(compiled);
  out.source_ = std::make_shared<const nlohmann::json>(schema);
  return out;
}

absl::StatusOr<CheckedArguments> CompiledSchema::Check(const nlohmann::json& arguments) const {
  absl::StatusOr<CheckedArguments> checked = CheckArguments(*source_, arguments);
  if (!checked.ok()) return checked.status();
  if (absl::Status valid = Validate(checked->arguments); !valid.ok()) return valid;
  return checked;
}

absl::Status CompiledSchema::Validate(const nlohmann::json& value) const {
  valijson::Validator validator;
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter adapter(value);
  try {
    if (validator.validate(*schema_, adapter, &results)) return absl::OkStatus();
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat("the arguments cannot be checked: ", e.what()));
  }
  // valijson reports each failure and then every enclosing one ("failed to
  // validate against schema associated with property ..."); the innermost
  // say what is wrong.
  std::vector<std::string> reasons;
  valijson::ValidationResults::Error error;
  size_t deepest = 0;
  std::vector<valijson::ValidationResults::Error> errors;
  while (results.popError(error)) {
    deepest = std::max(deepest, error.context.size());
    errors.push_back(error);
  }
  for (const auto& e : errors) {
    if (e.context.size() != deepest &&
        e.description.rfind("Failed to validate against schema associated with", 0) == 0) {
      continue;
    }
    // valijson prints every bound as a double ("8.000000"); the schemas' bounds
    // are integers.
    std::string reason = absl::StrReplaceAll(absl::StrCat(MemberName(e.context), ": ", e.description),
                                             {{".000000", ""}});
    if (std::find(reasons.begin(), reasons.end(), reason) == reasons.end()) {
      reasons.push_back(std::move(reason));
    }
  }
  return absl::InvalidArgumentError(absl::StrJoin(reasons, "; "));
}

}  // namespace kbot
