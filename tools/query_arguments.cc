#include "tools/query_arguments.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace kbot::tools {

using nlohmann::json;

namespace {

// `value` typed as a property of `type` where it reads as one; anything else
// stays the text, for the schema check to name what is wrong with it.
json Typed(const std::string& value, const std::string& type) {
  if (type == "integer") {
    int64_t n = 0;
    if (absl::SimpleAtoi(value, &n)) return n;
  } else if (type == "number") {
    double d = 0;
    if (absl::SimpleAtod(value, &d)) return d;
  } else if (type == "boolean") {
    const std::string v = absl::AsciiStrToLower(value);
    if (v == "true" || v == "1") return true;
    if (v == "false" || v == "0") return false;
  } else if (type == "array" || type == "object") {
    json parsed = json::parse(value, nullptr, false);
    if (!parsed.is_discarded()) return parsed;
  }
  return value;
}

}  // namespace

absl::StatusOr<json> ArgumentsFromQuery(const QueryParams& query, const json& input_schema,
                                        const CompiledSchema& schema, json base) {
  static const json kNoProperties = json::object();
  const json& properties =
      input_schema.contains("properties") ? input_schema["properties"] : kNoProperties;
  json arguments = std::move(base);
  for (const auto& [key, value] : query) {
    if (arguments.contains(key)) {
      return absl::InvalidArgumentError(absl::StrCat("parameter \"", key, "\" given twice"));
    }
    const json& property = properties.contains(key) ? properties[key] : kNoProperties;
    const json& type = property.contains("type") ? property["type"] : json();
    arguments[key] = Typed(value, type.is_string() ? type.get<std::string>() : "");
  }
  absl::StatusOr<CheckedArguments> checked = schema.Check(arguments);
  if (!checked.ok()) return checked.status();
  return std::move(checked->arguments);
}

}  // namespace kbot::tools
