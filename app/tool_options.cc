#include "app/tool_options.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "tools/tool_support.h"

namespace kbot::app {

using nlohmann::json;

namespace {

std::string TypeOf(const json& schema) {
  auto it = schema.find("type");
  return it != schema.end() && it->is_string() ? it->get<std::string>() : "";
}

// The schema's bounds as a CLI11 check: "Value 9 not in range 1 to 8".
void AddBounds(CLI::Option& option, const json& schema) {
  const bool low = schema.contains("minimum"), high = schema.contains("maximum");
  if (!low && !high) return;
  const int64_t minimum = low ? schema["minimum"].get<int64_t>() : std::numeric_limits<int>::min();
  const int64_t maximum = high ? schema["maximum"].get<int64_t>() : std::numeric_limits<int>::max();
  if (minimum == 0 && !high) {
    option.check(CLI::NonNegativeNumber);
  } else {
    option.check(CLI::Range(minimum, maximum));
  }
}

}  // namespace

std::string OptionHelp(const tools::Param& param) {
  std::string help = param.schema.value("description", "");
  // A command reads a file on disk, or with --context one of the context's.
  if (absl::EndsWith(help, tools::kContextPathHelp)) {
    help.resize(help.size() - std::strlen(tools::kContextPathHelp));
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
    } else if (type == "integer") {
      o = command.add_option_function<int64_t>(
          flag, [arguments, name](const int64_t& v) { (*arguments)[name] = v; },
          OptionHelp(param));
      AddBounds(*o, param.schema);
    } else {
      o = command.add_option_function<std::string>(
          flag, [arguments, name](const std::string& v) { (*arguments)[name] = v; },
          OptionHelp(param));
      if (param.schema.contains("enum")) {
        o->check(CLI::IsMember(param.schema["enum"].get<std::vector<std::string>>()));
      }
    }
    if (param.required) o->required();
  }
}

}  // namespace kbot::app
