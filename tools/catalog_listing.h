// How the catalog's listings (unit_list, weapon_list, feature_list) choose,
// order and page their rows, the same way for each: a text search, conditions
// on fields or keys (`where`), chosen fields, a sort, offset and limit. A
// listing tells its rows' values through a RowSource.
//
//   where   "KEY OP VALUE", every condition must hold. OP is <, <=, >, >=, =
//           or !=. A VALUE that reads as a number (tdf::ParseTdfNumber)
//           compares numbers: a row whose value is absent or not a number
//           fails it. Otherwise = and != compare text, ASCII case ignored.
//   sort    a field or key; a leading '-' sorts descending. Numbers come
//           before text, rows without the value last; ties keep id order.
//   fields  named fields of the listing, or any key of the definitions.
// A name no field has and no row's keys have is refused, with the nearest
// names, so a misspelt key is not a silently empty answer.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "nlohmann/json.hpp"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

inline constexpr size_t kDefaultCatalogPage = 100;
inline constexpr size_t kMaxCatalogPage = 1000;
inline constexpr size_t kMaxConditions = 32;

struct CatalogListRequest : ContextRequest {
  std::optional<std::string> text;  // in the id, name or description, ASCII case ignored
  std::vector<std::string> where;
  std::vector<std::string> fields;  // empty: the listing's defaults
  std::string sort = "id";
  size_t offset = 0;
  std::optional<size_t> limit;  // nullopt: every row (a tool sets kDefaultCatalogPage)
};

// The rows of text, where, fields, sort, offset and limit; `example` is a
// condition of this listing ("buildcostmetal<500").
template <class Request>
RequestTable<Request>& AddCatalogListParams(RequestTable<Request>& table, const char* example) {
  static_assert(std::is_base_of_v<CatalogListRequest, Request>);
  using R = CatalogListRequest;
  const json names = {{"type", "array"}, {"items", {{"type", "string"}}}};
  json where = names;
  where["maxItems"] = kMaxConditions;
  where["description"] = absl::StrCat("Conditions KEY<op>VALUE, e.g. ", example);
  json fields = names;
  fields["description"] = "Fields or keys to return";
  return table.Add("text", &R::text, StringParam("Search id, name, description"))
      .Add("where", &R::where, std::move(where))
      .Add("fields", &R::fields, std::move(fields))
      .Add("sort", &R::sort, StringParam("Field or key; -KEY descending"))
      .Add("offset", &R::offset,
           {{"type", "integer"}, {"minimum", 0}, {"description", "Rows to skip"}})
      .Add("limit", &R::limit, IntegerParam(1, kMaxCatalogPage, "Per page (default 100)"));
}

// A row's value of a field or key, as conditions and sorting read it.
struct FieldValue {
  bool present = false;
  std::optional<double> number;  // when it reads as a number
  std::string text;
};
FieldValue TextValue(absl::string_view text);         // its number too, when it is one
FieldValue NumberValue(const std::optional<double>& number);  // absent when nullopt
FieldValue KeyValue(const std::optional<absl::string_view>& value);  // a raw key's

// Whether `text`, ASCII lower-cased, holds `lowered`: a row's MatchesText.
bool ContainsLowered(absl::string_view text, absl::string_view lowered);

// What a listing knows of its rows (row i of size()).
class RowSource {
 public:
  virtual ~RowSource() = default;
  virtual size_t size() const = 0;
  virtual const char* Noun() const = 0;  // "unit": what a row is, for errors
  // Whether row's id, name or description holds `lowered` (ASCII lower case).
  virtual bool MatchesText(size_t row, absl::string_view lowered) const = 0;
  // The listing's own field names (id, name, ...), the defaults among them.
  virtual const std::vector<std::string>& NamedFields() const = 0;
  // Whether some row has `key` among its definition's keys (ASCII case ignored).
  virtual bool AnyRowHasKey(absl::string_view key) const = 0;
  // Every key the rows have, for suggestions.
  virtual std::vector<std::string> AllKeys() const = 0;
  // A named field (lower case) or a key, as a condition or sort sees it.
  virtual FieldValue Value(size_t row, absl::string_view name) const = 0;
  // A named field or a key as the answer shows it (a key: its text or null).
  virtual nlohmann::json FieldJson(size_t row, absl::string_view name) const = 0;
};

// A parsed condition ("BuildCostMetal<500").
struct Condition {
  enum class Op { kLess, kLessEqual, kGreater, kGreaterEqual, kEqual, kNotEqual };
  std::string key;  // lower case
  Op op = Op::kEqual;
  std::optional<double> number;
  std::string text;
};
absl::StatusOr<Condition> ParseCondition(absl::string_view text);
bool Holds(const Condition& condition, const FieldValue& value);

// One page of a listing: the rows' JSON objects with the fields shown.
struct CatalogPage {
  std::string context;
  std::string game;
  size_t total = 0;  // rows that pass every filter
  size_t offset = 0;
  std::optional<size_t> next_offset;  // null on the last page
  std::vector<std::string> fields;
  std::vector<nlohmann::json> rows;
};

// The members of CatalogPage, the rows named `rows_name` ("units").
template <class Result>
ResultTable<Result>& AddCatalogPageFields(ResultTable<Result>& table, const char* rows_name) {
  static_assert(std::is_base_of_v<CatalogPage, Result>);
  using P = CatalogPage;
  return table.Add("context", &P::context, StringSchema())
      .Add("game", &P::game, StringSchema())
      .Add("total", &P::total, CountSchema())
      .Add("offset", &P::offset, CountSchema())
      .Add("next_offset", &P::next_offset, {{"type", {"integer", "null"}}})
      .Add("fields", &P::fields, StringArraySchema())
      .Add(rows_name, &P::rows, {{"type", "array"}});
}

// The rows of `source` that `keep` keeps (all when null) and the request's
// text and conditions pass, sorted and paged as it says, each with its
// fields (`request.fields`, or `default_fields`). Errors: a condition that
// cannot be read, a field, key or sort name no row has.
absl::StatusOr<CatalogPage> ListRows(const RowSource& source, const CatalogListRequest& request,
                                     const std::vector<std::string>& default_fields,
                                     const std::function<bool(size_t)>& keep = nullptr);

}  // namespace kbot::tools
