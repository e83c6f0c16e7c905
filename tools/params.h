// A tool's parameters, declared once. A tool's request is a struct; its
// RequestTable lists each field (name, member, JSON Schema fragment with type,
// bounds, enum values and description). From the table come the tool's input
// schema, the JSON-to-struct conversion of a call's arguments, the arguments
// of a link that draws the same picture again (kbot:// URIs carry them as a
// query, parsed back by the same table), and the CLI options of the tool's
// command (app/tool_options.h reads Params()).
//
// Defaults live in the struct's member initialisers; a parameter whose
// default depends on another (map_render's w: "to the east edge") is a
// std::optional member that the tool resolves.
#pragma once

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"
#include "tools/resource_uri.h"

namespace kbot::tools {

using nlohmann::json;

// One parameter as the CLI and the docs see it.
struct Param {
  std::string name;
  json schema;  // {"type", "minimum", "maximum", "enum", "description", ...}
  bool required = false;
};

namespace params_internal {

// JSON <-> member conversions for the member types requests use.
template <class T>
struct Member;

template <>
struct Member<int> {
  static void Set(int& m, const json& v) { m = v.get<int>(); }
  static json Get(const int& m) { return m; }
};
template <>
struct Member<bool> {
  static void Set(bool& m, const json& v) { m = v.get<bool>(); }
  static json Get(const bool& m) { return m; }
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

}  // namespace params_internal

template <class Request>
class RequestTable {
 public:
  // A parameter stored in `member`; `required` ones must be given.
  template <class T>
  RequestTable& Add(std::string name, T Request::*member, json schema, bool required = false) {
    using M = params_internal::Member<T>;
    params_.push_back({name, std::move(schema), required});
    fields_.push_back({[member](Request& r, const json& v) { M::Set(r.*member, v); },
                       [member](const Request& r) { return M::Get(r.*member); }});
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
  // not given keep their defaults.
  Request Parse(const json& arguments) const {
    Request r;
    for (size_t i = 0; i < params_.size(); ++i) {
      auto it = arguments.find(params_[i].name);
      if (it != arguments.end() && !it->is_null()) fields_[i].set(r, *it);
    }
    return r;
  }

  // `r` as arguments: every member that holds a value, in table order, as
  // a link's query carries them (parsed back by ParseQuery).
  QueryParams Query(const Request& r, const std::vector<std::string>& skip = {}) const {
    QueryParams query;
    for (size_t i = 0; i < params_.size(); ++i) {
      if (std::find(skip.begin(), skip.end(), params_[i].name) != skip.end()) continue;
      const json v = fields_[i].get(r);
      if (!v.is_null()) query.emplace_back(params_[i].name, v.is_string() ? v.get<std::string>() : v.dump());
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
};

// Schema fragments for the common parameter kinds.
json IntegerParam(int64_t minimum, int64_t maximum, const std::string& description);
json StringParam(const std::string& description);
json EnumParam(const std::vector<std::string>& values, const std::string& description);

}  // namespace kbot::tools
