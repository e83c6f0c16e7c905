// A tool's parameters, declared once. A tool's request is a struct; its
// RequestTable lists each field (name, member, JSON Schema fragment with type,
// bounds, enum values and description) and the checks that span fields. From
// the table come the tool's input schema (each default taken from the
// struct's own initialiser), the JSON-to-struct conversion of a call's
// arguments, the query of a link that draws the same picture again (kbot://
// URIs carry them, parsed back through the same schema), and the CLI options
// of the tool's command (app/tool_options.h reads Params()).
//
// Defaults live in the struct's member initialisers, nowhere else; a
// parameter whose default depends on another (map_render's w: "to the east
// edge") is a std::optional member that the tool resolves.
#pragma once

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"
#include "tools/resource_uri.h"

namespace kbot::tools {

using nlohmann::json;

// One parameter as the CLI and the docs see it. `schema` holds "default"
// when the request struct gives the member a value.
struct Param {
  std::string name;
  json schema;  // {"type", "minimum", "maximum", "enum", "description", "default", ...}
  bool required = false;
  // Names a file in the output folder (`kbot mcp --output DIR`): served only
  // with one, never a CLI option (commands write where -o says) and never in
  // a link's query.
  bool output = false;
};

namespace params_internal {

// JSON <-> member conversions for the member types requests use.
template <class T>
struct Member {
  static_assert(std::is_arithmetic_v<T>, "a request member is a number, bool, string, "
                                         "vector or optional of those");
  static void Set(T& m, const json& v) { m = v.get<T>(); }
  static json Get(const T& m) { return m; }
};
template <>
struct Member<std::string> {
  // A string parameter may also be given as an integer ("sequence": 2).
  static void Set(std::string& m, const json& v) {
    m = v.is_string() ? v.get<std::string>() : v.dump();
  }
  static json Get(const std::string& m) { return m; }
};
template <class T>
struct Member<std::optional<T>> {
  static void Set(std::optional<T>& m, const json& v) { Member<T>::Set(m.emplace(), v); }
  static json Get(const std::optional<T>& m) { return m ? Member<T>::Get(*m) : json(); }
};
template <class T>
struct Member<std::vector<T>> {
  static void Set(std::vector<T>& m, const json& v) {
    m.clear();
    for (const json& item : v) Member<T>::Set(m.emplace_back(), item);
  }
  static json Get(const std::vector<T>& m) {
    json out = json::array();
    for (const T& item : m) out.push_back(Member<T>::Get(item));
    return out;
  }
};

}  // namespace params_internal

template <class Request>
class RequestTable {
 public:
  // A check over the whole request (bounds that span two fields, arguments
  // that go together), run after the schema's own checks. Its error is the
  // caller's mistake: an isError result for a tool, a usage error for a command.
  using Check = std::function<absl::Status(const Request&)>;

  // A parameter stored in `member` (of Request or a base of it); `required`
  // ones must be given.
  template <class T, class Owner>
  RequestTable& Add(std::string name, T Owner::*member, json schema, bool required = false) {
    static_assert(std::is_base_of_v<Owner, Request>);
    using M = params_internal::Member<T>;
    const json fallback = M::Get(Request{}.*member);
    // An empty string or list is "not given", and a flag is off unless
    // given: neither is a default worth saying (tools/list is paid for in
    // every conversation).
    if (!required && !fallback.is_null() && fallback != "" && fallback != json::array() &&
        fallback != false) {
      schema["default"] = fallback;
    }
    params_.push_back({std::move(name), std::move(schema), required});
    fields_.push_back({[member](Request& r, const json& v) { M::Set(r.*member, v); },
                       [member](const Request& r) { return M::Get(r.*member); }});
    return *this;
  }

  // A parameter that names a file in the output folder (Param::output).
  template <class T, class Owner>
  RequestTable& AddOutput(std::string name, T Owner::*member, json schema) {
    Add(std::move(name), member, std::move(schema));
    params_.back().output = true;
    return *this;
  }

  RequestTable& AddCheck(Check check) {
    checks_.push_back(std::move(check));
    return *this;
  }

  const std::vector<Param>& Params() const { return params_; }

  // {"type":"object","properties":...,"required":[...],"additionalProperties":false}
  json InputSchema() const {
    json properties = json::object();
    std::vector<std::string> required;
    for (const Param& p : params_) {
      properties[p.name] = p.schema;
      if (p.required) required.push_back(p.name);
    }
    json schema = {{"type", "object"},
                   {"properties", std::move(properties)},
                   {"additionalProperties", false}};
    if (!required.empty()) schema["required"] = required;
    return schema;
  }

  // The request `arguments` (valid against InputSchema()) describe; members
  // not given keep their defaults. The cross-field checks are not run.
  Request Parse(const json& arguments) const {
    Request r;
    for (size_t i = 0; i < params_.size(); ++i) {
      auto it = arguments.find(params_[i].name);
      if (it != arguments.end() && !it->is_null()) fields_[i].set(r, *it);
    }
    return r;
  }

  // Parse, then every check: InvalidArgument with the first check's complaint.
  absl::StatusOr<Request> ParseChecked(const json& arguments) const {
    Request r = Parse(arguments);
    for (const Check& check : checks_) {
      if (absl::Status s = check(r); !s.ok()) return s;
    }
    return r;
  }

  // `r` as arguments: every member that holds a value, in table order, as
  // a link's query carries them (output parameters left out).
  QueryParams Query(const Request& r, const std::vector<std::string>& skip = {}) const {
    QueryParams query;
    for (size_t i = 0; i < params_.size(); ++i) {
      if (params_[i].output) continue;
      if (std::find(skip.begin(), skip.end(), params_[i].name) != skip.end()) continue;
      const json v = fields_[i].get(r);
      if (!v.is_null()) {
        query.emplace_back(params_[i].name, v.is_string() ? v.get<std::string>() : v.dump());
      }
    }
    return query;
  }

 private:
  struct Field {
    std::function<void(Request&, const json&)> set;
    std::function<json(const Request&)> get;
  };
  std::vector<Param> params_;
  std::vector<Field> fields_;
  std::vector<Check> checks_;
};

// Schema fragments for the common parameter kinds.
json IntegerParam(int64_t minimum, int64_t maximum, const std::string& description);
json StringParam(const std::string& description);
json EnumParam(const std::vector<std::string>& values, const std::string& description);
json BooleanParam(const std::string& description);

}  // namespace kbot::tools
