#include "base/argument_check.h"

#include <cmath>
#include <optional>
#include <regex>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/near_names.h"

namespace kbot {

namespace {

using nlohmann::json;

// A problem found in one value, in the words the caller shows.
using Problem = std::optional<std::string>;

std::string Shown(const json& value) {
  if (!value.is_string()) return value.dump();
  std::string s = value.get<std::string>();
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return absl::StrCat("'", s, "'");
}

std::vector<std::string> Types(const json& schema) {
  auto it = schema.find("type");
  if (it == schema.end()) return {};
  if (it->is_string()) return {it->get<std::string>()};
  std::vector<std::string> out;
  for (const json& t : *it) {
    if (t.is_string()) out.push_back(t.get<std::string>());
  }
  return out;
}

bool HasType(const json& value, const std::string& type) {
  if (type == "integer") return value.is_number_integer();
  if (type == "number") return value.is_number();
  if (type == "string") return value.is_string();
  if (type == "boolean") return value.is_boolean();
  if (type == "null") return value.is_null();
  if (type == "array") return value.is_array();
  if (type == "object") return value.is_object();
  return false;
}

std::vector<std::string> EnumValues(const json& schema) {
  std::vector<std::string> values;
  for (const char* key : {"enum", "examples"}) {
    if (!schema.contains(key) || !schema[key].is_array()) continue;
    for (const json& v : schema[key]) {
      values.push_back(v.is_string() ? v.get<std::string>() : v.dump());
    }
    break;
  }
  return values;
}

std::string Number(double d) {
  return d == std::floor(d) && std::fabs(d) < 1e15 ? std::to_string(int64_t(d)) : json(d).dump();
}

// What a value of `schema` looks like: "an integer from 1 to 8", "one of png, gif".
std::string Wanted(const json& schema) {
  if (schema.contains("enum")) {
    return absl::StrCat("one of ", absl::StrJoin(EnumValues(schema), ", "));
  }
  if (schema.contains("anyOf") && schema.contains("description")) {
    return schema["description"].get<std::string>();
  }
  const std::vector<std::string> types = Types(schema);
  const std::string type = types.empty() ? "" : types[0];
  if (type == "integer" || type == "number") {
    std::string what = type == "integer" ? "an integer" : "a number";
    const bool low = schema.contains("minimum"), high = schema.contains("maximum");
    if (low && high) {
      return absl::StrCat(what, " from ", Number(schema["minimum"].get<double>()), " to ",
                          Number(schema["maximum"].get<double>()));
    }
    if (low) return absl::StrCat(what, " ", Number(schema["minimum"].get<double>()), " or more");
    if (high) return absl::StrCat(what, " up to ", Number(schema["maximum"].get<double>()));
    return what;
  }
  if (type == "string") {
    if (schema.contains("pattern") && schema.contains("description")) {
      return schema["description"].get<std::string>();
    }
    return schema.value("minLength", 0) > 0 ? "a non-empty string" : "a string";
  }
  if (type == "boolean") return "true or false";
  if (type == "array") return "an array";
  if (type == "object") return "an object";
  return "a value this argument allows";
}

std::string Complaint(const std::string& name, const json& value, const json& schema,
                      const std::string& suggestion = "") {
  std::string out = absl::StrCat(name, " ", Shown(value), ": use ", Wanted(schema));
  if (!suggestion.empty()) absl::StrAppend(&out, "; did you mean ", suggestion, "?");
  return out;
}

// `value` turned into `type` when that is the obvious reading, else null.
json Coerced(const json& value, const std::string& type) {
  if (type == "integer") {
    int64_t n = 0;
    if (value.is_string() && absl::SimpleAtoi(value.get<std::string>(), &n)) return n;
    if (value.is_number_float()) {
      const double d = value.get<double>();
      if (d == std::floor(d) && std::fabs(d) < 9e15) return int64_t(d);
    }
  } else if (type == "number") {
    double d = 0;
    if (value.is_string() && absl::SimpleAtod(value.get<std::string>(), &d) && std::isfinite(d)) {
      return d;
    }
  } else if (type == "boolean" && value.is_string()) {
    const std::string s = absl::AsciiStrToLower(value.get<std::string>());
    if (s == "true" || s == "false") return s == "true";
  } else if (type == "string" && value.is_number()) {
    return value.dump();
  }
  return json();
}

class Checker {
 public:
  std::vector<std::string> coerced;

  // Checks (and may mend) `value` against `schema`; the problem, if any.
  Problem Check(const std::string& name, const json& schema, json& value) {
    if (schema.contains("anyOf")) return CheckAnyOf(name, schema, value);
    const std::vector<std::string> types = Types(schema);
    bool typed = types.empty();
    for (const std::string& t : types) typed = typed || HasType(value, t);
    if (!typed) {
      for (const std::string& t : types) {
        json mended = Coerced(value, t);
        if (mended.is_null()) continue;
        Note(name, value, mended);
        value = std::move(mended);
        typed = true;
        break;
      }
    }
    if (!typed) return Complaint(name, value, schema, ClosestEnum(schema, value));
    if (value.is_string()) return CheckString(name, schema, value);
    if (value.is_number()) return CheckNumber(name, schema, value);
    if (value.is_array()) return CheckArray(name, schema, value);
    if (value.is_object() && schema.contains("properties")) return CheckObject(name, schema, value);
    return std::nullopt;
  }

  // An object's members: unknown, missing and wrong ones, each said once.
  Problem CheckObject(const std::string& name, const json& schema, json& value) {
    const json& properties = schema["properties"];
    std::vector<std::string> problems, known;
    for (const auto& [key, sub] : properties.items()) known.push_back(key);
    const std::string prefix = name.empty() ? "" : name + ".";
    for (auto it = value.begin(); it != value.end();) {
      if (properties.contains(it.key())) {
        ++it;
        continue;
      }
      if (schema.value("additionalProperties", true) == false) {
        std::string p = absl::StrCat("unknown argument '", prefix, it.key(),
                                     "' (the arguments are ", absl::StrJoin(known, ", "), ")");
        const std::vector<std::string> near = NearNames(it.key(), known, 1);
        if (!near.empty()) absl::StrAppend(&p, "; did you mean '", near[0], "'?");
        problems.push_back(std::move(p));
      }
      ++it;
    }
    for (const auto& [key, sub] : properties.items()) {
      auto it = value.find(key);
      if (it == value.end()) continue;
      // null for an optional argument: clients send it for "not given".
      if (it->is_null() && !HasNullType(sub)) {
        value.erase(it);
        continue;
      }
      if (Problem p = Check(prefix + key, sub, *it)) problems.push_back(*p);
    }
    for (const std::string& key : Required(schema)) {
      if (value.contains(key)) continue;
      std::string p = absl::StrCat("missing argument '", prefix, key, "'");
      const std::string about =
          properties.contains(key) ? properties[key].value("description", "") : "";
      if (!about.empty()) absl::StrAppend(&p, ": ", about);
      problems.push_back(std::move(p));
    }
    if (problems.empty()) return std::nullopt;
    return absl::StrJoin(problems, "; ");
  }

 private:
  void Note(const std::string& name, const json& from, const json& to) {
    coerced.push_back(absl::StrCat(name, " ", Shown(from), " as ", Shown(to)));
  }

  static bool HasNullType(const json& schema) {
    for (const std::string& t : Types(schema)) {
      if (t == "null") return true;
    }
    return false;
  }

  static std::vector<std::string> Required(const json& schema) {
    std::vector<std::string> out;
    if (schema.contains("required") && schema["required"].is_array()) {
      for (const json& r : schema["required"]) out.push_back(r.get<std::string>());
    }
    return out;
  }

  static std::string ClosestEnum(const json& schema, const json& value) {
    if (!value.is_string()) return "";
    const std::vector<std::string> near =
        NearNames(value.get<std::string>(), EnumValues(schema), 1);
    return near.empty() ? "" : absl::StrCat("'", near[0], "'");
  }

  Problem CheckString(const std::string& name, const json& schema, json& value) {
    const std::string s = value.get<std::string>();
    if (schema.contains("enum")) return CheckEnum(name, schema, value);
    const size_t shortest = schema.value("minLength", size_t{0});
    const size_t longest = schema.value("maxLength", s.size());
    if (s.size() < shortest) {
      return shortest == 1 ? absl::StrCat(name, " ", Shown(value), ": use a non-empty string")
                           : absl::StrCat(name, " ", Shown(value), ": use at least ", shortest,
                                          " characters");
    }
    if (s.size() > longest) {
      return absl::StrCat(name, " ", Shown(value), ": use at most ", longest, " characters");
    }
    if (!schema.contains("pattern")) return std::nullopt;
    const std::regex pattern(schema["pattern"].get<std::string>(), std::regex::ECMAScript);
    if (std::regex_search(s, pattern)) return std::nullopt;
    const std::string lower = absl::AsciiStrToLower(s);
    if (std::regex_search(lower, pattern)) {
      Note(name, value, lower);
      value = lower;
      return std::nullopt;
    }
    return Complaint(name, value, schema, ClosestEnum(schema, value));
  }

  Problem CheckEnum(const std::string& name, const json& schema, json& value) {
    const std::string s = value.get<std::string>();
    std::vector<std::string> same_but_case;
    for (const json& allowed : schema["enum"]) {
      if (allowed == value) return std::nullopt;
      if (allowed.is_string() && absl::EqualsIgnoreCase(allowed.get<std::string>(), s)) {
        same_but_case.push_back(allowed.get<std::string>());
      }
    }
    if (same_but_case.size() == 1) {
      Note(name, value, same_but_case[0]);
      value = same_but_case[0];
      return std::nullopt;
    }
    return Complaint(name, value, schema, ClosestEnum(schema, value));
  }

  Problem CheckNumber(const std::string& name, const json& schema, const json& value) {
    const double d = value.get<double>();
    std::optional<double> closest;
    if (schema.contains("minimum") && d < schema["minimum"].get<double>()) {
      closest = schema["minimum"].get<double>();
    }
    if (schema.contains("maximum") && d > schema["maximum"].get<double>()) {
      closest = schema["maximum"].get<double>();
    }
    if (!closest) return std::nullopt;
    return absl::StrCat(name, " ", Shown(value), ": use ", Wanted(schema), "; the closest is ",
                        Number(*closest));
  }

  Problem CheckArray(const std::string& name, const json& schema, json& value) {
    const size_t low = schema.value("minItems", size_t{0});
    const size_t high = schema.value("maxItems", size_t(-1));
    if (value.size() < low || value.size() > high) {
      return absl::StrCat(name, ": has ", value.size(), " items; use ", low, " to ",
                          high == size_t(-1) ? std::string("any number of")
                                             : std::to_string(high));
    }
    if (!schema.contains("items")) return std::nullopt;
    std::vector<std::string> problems;
    for (size_t i = 0; i < value.size(); ++i) {
      if (Problem p = Check(absl::StrCat(name, "[", i, "]"), schema["items"], value[i])) {
        problems.push_back(*p);
      }
    }
    if (problems.empty()) return std::nullopt;
    return absl::StrJoin(problems, "; ");
  }

  // A branch whose type the value already has decides; only when none has
  // it is the value coerced, branch by branch.
  Problem CheckAnyOf(const std::string& name, const json& schema, json& value) {
    Problem typed_problem;
    for (const json& branch : schema["anyOf"]) {
      const std::vector<std::string> types = Types(branch);
      bool typed = false;
      for (const std::string& t : types) typed = typed || HasType(value, t);
      if (!typed) continue;
      json attempt = value;
      Checker inner;
      if (Problem p = inner.Check(name, branch, attempt)) {
        if (!typed_problem) typed_problem = p;
        continue;
      }
      Adopt(inner, value, std::move(attempt));
      return std::nullopt;
    }
    // A number out of a branch's range is best told with that range; a
    // string is better told what the argument as a whole allows.
    if (typed_problem && value.is_number()) return typed_problem;
    for (const json& branch : schema["anyOf"]) {
      json attempt = value;
      Checker inner;
      if (inner.Check(name, branch, attempt)) continue;
      Adopt(inner, value, std::move(attempt));
      return std::nullopt;
    }
    return Complaint(name, value, schema, ClosestEnum(schema, value));
  }

  void Adopt(Checker& inner, json& value, json attempt) {
    coerced.insert(coerced.end(), inner.coerced.begin(), inner.coerced.end());
    value = std::move(attempt);
  }
};

}  // namespace

absl::StatusOr<CheckedArguments> CheckArguments(const json& schema, const json& arguments) {
  if (!arguments.is_object()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the arguments ", Shown(arguments), ": use an object of named arguments"));
  }
  CheckedArguments out{arguments, {}};
  Checker checker;
  Problem problem;
  try {
    problem = schema.contains("properties") ? checker.CheckObject("", schema, out.arguments)
                                            : checker.Check("the arguments", schema, out.arguments);
  } catch (const std::exception& e) {  // a pattern std::regex cannot compile
    return absl::InvalidArgumentError(absl::StrCat("the arguments cannot be checked: ", e.what()));
  }
  if (problem) return absl::InvalidArgumentError(*problem);
  out.coerced = std::move(checker.coerced);
  return out;
}

std::string CoercionNote(const std::vector<std::string>& coerced) {
  if (coerced.empty()) return "";
  return absl::StrCat("Read ", absl::StrJoin(coerced, ", "), ".");
}

}  // namespace kbot
