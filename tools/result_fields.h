// A tool's result, declared once. A result is a struct; its ResultTable lists
// each member (name, member, JSON Schema fragment, always present or not).
// From the table come the struct's JSON (the tool's structuredContent and the
// command's --json) and the tool's output schema, so the two cannot drift.
//
// A struct nested in a result (a district of a map, a block of a cell)
// declares its own table as `static const ResultTable<T>& Fields()`; members
// of such a type, and vectors and optionals of them, serialise through it,
// and ObjectSchema<T>() / ArraySchema<T>() give their schema fragments.
#pragma once

#include <concepts>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"

namespace kbot::tools {

using nlohmann::json;

template <class Result>
class ResultTable;

template <class T>
concept HasResultFields = requires {
  { T::Fields() } -> std::convertible_to<const ResultTable<T>&>;
};

namespace result_internal {

// All three declared before any is defined, so that each finds the others
// whatever the nesting (a vector of optionals, an optional of a struct).
template <class T>
json ToJson(const T& value);
template <class T>
json ToJson(const std::optional<T>& value);
template <class T>
json ToJson(const std::vector<T>& values);

template <class T>
json ToJson(const std::optional<T>& value) {
  return value ? ToJson(*value) : json(nullptr);
}
template <class T>
json ToJson(const std::vector<T>& values) {
  json out = json::array();
  for (const T& v : values) out.push_back(ToJson(v));
  return out;
}
template <class T>
json ToJson(const T& value) {
  if constexpr (HasResultFields<T>) {
    return T::Fields().ToJson(value);
  } else {
    return json(value);  // numbers, bool, strings, json
  }
}

}  // namespace result_internal

template <class Result>
class ResultTable {
 public:
  // A member of Result (or of a base of it) written as `name`, null when an
  // empty optional; `required` members are listed as always present.
  template <class T, class Owner>
  ResultTable& Add(std::string name, T Owner::*member, json schema, bool required = true) {
    static_assert(std::is_base_of_v<Owner, Result>);
    fields_.push_back({std::move(name), std::move(schema), required, false,
                       [member](const Result& r) { return result_internal::ToJson(r.*member); }});
    return *this;
  }

  // An optional member written only when it holds a value.
  template <class T, class Owner>
  ResultTable& AddWhenSet(std::string name, std::optional<T> Owner::*member, json schema) {
    Add(std::move(name), member, std::move(schema), false);
    fields_.back().omit_null = true;
    return *this;
  }

  json ToJson(const Result& r) const {
    json out = json::object();
    for (const Field& f : fields_) {
      json value = f.get(r);
      if (!(f.omit_null && value.is_null())) out[f.name] = std::move(value);
    }
    return out;
  }

  // {"type": "object", "properties", "required"}: open to members added
  // later (docs/json.md: fields may be added, none renamed or removed).
  json Schema() const {
    json properties = json::object();
    json required = json::array();
    for (const Field& f : fields_) {
      properties[f.name] = f.schema;
      if (f.required) required.push_back(f.name);
    }
    json schema = {{"type", "object"}, {"properties", std::move(properties)}};
    if (!required.empty()) schema["required"] = std::move(required);
    return schema;
  }

 private:
  struct Field {
    std::string name;
    json schema;
    bool required;
    bool omit_null;
    std::function<json(const Result&)> get;
  };
  std::vector<Field> fields_;
};

// A result's JSON: through its table, or as it is (json, numbers, strings).
template <class T>
json ResultJson(const T& value) {
  return result_internal::ToJson(value);
}

// A StatusOr of a result as a StatusOr of its JSON: the json-returning
// wrappers of the typed functions (GafList for ListGaf...).
template <class T>
absl::StatusOr<json> ResultJson(const absl::StatusOr<T>& value) {
  if (!value.ok()) return value.status();
  return ResultJson(*value);
}

// Schema fragments for nested results.
template <HasResultFields T>
json ObjectSchema() {
  return T::Fields().Schema();
}
template <HasResultFields T>
json ArraySchema() {
  return {{"type", "array"}, {"items", T::Fields().Schema()}};
}

}  // namespace kbot::tools
