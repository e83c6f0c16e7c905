#include "app/tool_options.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "base/argument_check.h"
#include "tools/tool_support.h"

namespace kbot::app {

using nlohmann::json;

namespace {

std::string TypeOf(const json& schema) {
  auto it = schema.find("type");
  return it != schema.end() && it->is_string() ? it->get<std::string>() : "";
}

// What --help shows after the flag, as CLI11's own checks would say it:
// "INT:INT in [1 - 8]", "INT:NONNEGATIVE", "TEXT:{png,gif,apng,sheet}".
std::string TypeName(const json& schema) {
  const std::string type = TypeOf(schema);
  if (type == "integer") {
    const bool low = schema.contains("minimum"), high = schema.contains("maximum");
    if (low && high) {
      return absl::StrCat("INT:INT in [", schema["minimum"].get<int64_t>(), " - ",
                          schema["maximum"].get<int64_t>(), "]");
    }
    if (low && schema["minimum"].get<int64_t>() == 0) return "INT:NONNEGATIVE";
    return "INT";
  }
  if (schema.contains("enum")) {
    const auto values = schema["enum"].get<std::vector<std::string>>();
    return absl::StrCat("TEXT:{", absl::StrJoin(values, ","), "}");
  }
  return "TEXT";
}

// `text` given for --FLAG, checked and typed as a tools/call's argument is
// (base/argument_check.h: the same words, "4" read as 4, "GIF" as "gif").
json CheckedValue(const std::string& flag, const json& schema, const std::string& text) {
  const json one = {{"type", "object"}, {"properties", {{flag, schema}}}};
  absl::StatusOr<CheckedArguments> checked = CheckArguments(one, json{{flag, text}});
  if (!checked.ok()) throw CLI::ValidationError(std::string(checked.status().message()));
  return checked->arguments[flag];
}

}  // namespace

std::string OptionHelp(const tools::Param& param) {
  std::string help = param.schema.value("description", "");
  // A command reads a file on disk, or with --context one of the context's.
  if (tools::IsContextPath(param.name)) {
    absl::StrAppend(&help, ": a file, or with --context a path inside the context ('/' or '\\' "
                           "separated, case-insensitive)");
  }
  if (param.schema.contains("enum")) {
    std::vector<std::string> values;
    for (const json& v : param.schema["enum"]) values.push_back(v.get<std::string>());
    absl::StrAppend(&help, " (", absl::StrJoin(values, ", "), ")");
  }
  if (param.schema.contains("default")) {
    const json& d = param.schema["default"];
    absl::StrAppend(&help, " [default: ", d.is_string() ? d.get<std::string>() : d.dump(), "]");
  }
  return help;
}

void AddToolOptions(CLI::App& command, const std::vector<tools::Param>& params,
                    const std::shared_ptr<json>& arguments, const std::vector<std::string>& skip) {
  for (const tools::Param& param : params) {
    // A command writes where its -o says, not into an MCP output folder.
    if (param.output) continue;
    if (std::find(skip.begin(), skip.end(), param.name) != skip.end()) continue;
    // --space-width for space_width: a command's options are spelt with dashes.
    std::string flag = "--" + param.name;
    std::replace(flag.begin(), flag.end(), '_', '-');
    const std::string name = param.name;
    const std::string type = TypeOf(param.schema);
    CLI::Option* o = nullptr;
    if (type == "boolean") {
      o = command.add_flag_callback(flag, [arguments, name] { (*arguments)[name] = true; },
                                    OptionHelp(param));
    } else if (type == "array") {
      // --kinds file --kinds text, or --kinds file,text: each item checked
      // as the array's items are.
      const json items = param.schema.value("items", json::object());
      o = command.add_option_function<std::vector<std::string>>(
          flag,
          [arguments, name, flag, items](const std::vector<std::string>& values) {
            json list = json::array();
            for (const std::string& v : values) list.push_back(CheckedValue(flag, items, v));
            (*arguments)[name] = std::move(list);
          },
          OptionHelp(param));
      o->delimiter(',')->type_name(TypeName(items));
    } else {
      // Every value goes through the tool's own check, not CLI11's: the
      // words a wrong --format gets are those a wrong format argument gets.
      o = command.add_option_function<std::string>(
          flag,
          [arguments, name, flag, schema = param.schema](const std::string& v) {
            (*arguments)[name] = CheckedValue(flag, schema, v);
          },
          OptionHelp(param));
      o->type_name(TypeName(param.schema));
    }
    if (param.required) o->required();
  }
}

}  // namespace kbot::app
