#include "tools/query_arguments.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace kbot::tools {

using nlohmann::json;

absl::StatusOr<json> ArgumentsFromQuery(const QueryParams& query, const json& input_schema,
                                        const CompiledSchema& schema, json base) {
  static const json kNoProperties = json::object();
  const json& properties =
      input_schema.contains("properties") ? input_schema["properties"] : kNoProperties;
  json arguments = std::move(base);
  for (const auto& [key, value] : query) {
    if (!properties.contains(key)) {
      return absl::InvalidArgumentError(absl::StrCat("unknown parameter \"", key, "\""));
    }
    if (arguments.contains(key)) {
      return absl::InvalidArgumentError(absl::StrCat("parameter \"", key, "\" given twice"));
    }
    const json& type = properties[key].contains("type") ? properties[key]["type"] : json();
    const std::string t = type.is_string() ? type.get<std::string>() : "";
    if (t == "integer") {
      int64_t n = 0;
      if (!absl::SimpleAtoi(value, &n)) {
        return absl::InvalidArgumentError(absl::StrCat(key, "=", value, ": not an integer"));
      }
      arguments[key] = n;
    } else if (t == "number") {
      double d = 0;
      if (!absl::SimpleAtod(value, &d)) {
        return absl::InvalidArgumentError(absl::StrCat(key, "=", value, ": not a number"));
      }
      arguments[key] = d;
    } else if (t == "boolean") {
      const std::string v = absl::AsciiStrToLower(value);
      if (v != "true" && v != "false" && v != "1" && v != "0") {
        return absl::InvalidArgumentError(absl::StrCat(key, "=", value, ": not true or false"));
      }
      arguments[key] = v == "true" || v == "1";
    } else if (t == "array" || t == "object") {
      json parsed = json::parse(value, nullptr, false);
      if (parsed.is_discarded()) {
        return absl::InvalidArgumentError(absl::StrCat(key, "=", value, ": not JSON"));
      }
      arguments[key] = std::move(parsed);
    } else {
      arguments[key] = value;
    }
  }
  if (absl::Status valid = schema.Validate(arguments); !valid.ok()) return valid;
  return arguments;
}

}  // namespace kbot::tools
