#include "tools/catalog_listing.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "base/near_names.h"
#include "formats/tdf/tdf.h"

namespace kbot::tools {

namespace {

constexpr absl::string_view kConditionForm = "KEY<op>VALUE with <, <=, >, >=, = or !=";

struct OpSpelling {
  absl::string_view text;
  Condition::Op op;
};
// Two-character spellings first, so "<=" is not read as "<" and "=...".
constexpr OpSpelling kOps[] = {
    {"<=", Condition::Op::kLessEqual}, {">=", Condition::Op::kGreaterEqual},
    {"!=", Condition::Op::kNotEqual},  {"==", Condition::Op::kEqual},
    {"<", Condition::Op::kLess},       {">", Condition::Op::kGreater},
    {"=", Condition::Op::kEqual}};

bool Compare(Condition::Op op, double a, double b) {
  switch (op) {
    case Condition::Op::kLess: return a < b;
    case Condition::Op::kLessEqual: return a <= b;
    case Condition::Op::kGreater: return a > b;
    case Condition::Op::kGreaterEqual: return a >= b;
    case Condition::Op::kEqual: return a == b;
    case Condition::Op::kNotEqual: return a != b;
  }
  return false;
}

// Refuses a name that is no named field and no row's key.
absl::Status CheckName(const RowSource& source, absl::string_view name, absl::string_view what) {
  const std::vector<std::string>& named = source.NamedFields();
  if (std::find(named.begin(), named.end(), name) != named.end()) return absl::OkStatus();
  if (source.AnyRowHasKey(name)) return absl::OkStatus();
  std::vector<std::string> candidates = named;
  for (std::string& key : source.AllKeys()) {
    // A key that is also a named field ("range", "name") is suggested once.
    std::string lowered = absl::AsciiStrToLower(key);
    if (std::find(named.begin(), named.end(), lowered) == named.end()) {
      candidates.push_back(std::move(lowered));
    }
  }
  return absl::InvalidArgumentError(absl::StrCat(
      what, " \"", name, "\": no ", source.Noun(), " has that field or key",
      DidYouMean(NearNames(name, candidates, 3), "\""), " (fields: ", absl::StrJoin(named, ", "),
      ", or any key of the definitions)"));
}

// -1, 0, 1: numbers before text before absent; numbers by value, text with
// ASCII case ignored.
int Order(const FieldValue& a, const FieldValue& b) {
  auto rank = [](const FieldValue& v) { return !v.present ? 2 : v.number ? 0 : 1; };
  if (rank(a) != rank(b)) return rank(a) < rank(b) ? -1 : 1;
  if (a.number) return *a.number < *b.number ? -1 : *a.number > *b.number ? 1 : 0;
  const std::string x = absl::AsciiStrToLower(a.text), y = absl::AsciiStrToLower(b.text);
  return x < y ? -1 : x > y ? 1 : 0;
}

// Sorts `rows` (in id order) by `sort`; rows without the value stay last
// either way, ties keep id order.
void SortRows(const RowSource& source, const std::string& key, bool descending,
              std::vector<size_t>& rows) {
  if (key == "id") {
    if (descending) std::reverse(rows.begin(), rows.end());
    return;
  }
  std::vector<std::pair<FieldValue, size_t>> keyed;
  keyed.reserve(rows.size());
  for (size_t row : rows) keyed.emplace_back(source.Value(row, key), row);
  std::stable_sort(keyed.begin(), keyed.end(), [descending](const auto& a, const auto& b) {
    const int o = Order(a.first, b.first);
    if (descending && a.first.present && b.first.present) return o > 0;
    return o < 0;
  });
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = keyed[i].second;
}

absl::StatusOr<std::vector<Condition>> Conditions(const RowSource& source,
                                                  const CatalogListRequest& request) {
  std::vector<Condition> out;
  for (const std::string& text : request.where) {
    absl::StatusOr<Condition> c = ParseCondition(text);
    if (!c.ok()) return c.status();
    if (absl::Status s = CheckName(source, c->key, absl::StrCat("where \"", text, "\": key"));
        !s.ok()) {
      return s;
    }
    out.push_back(*std::move(c));
  }
  return out;
}

absl::StatusOr<std::vector<std::string>> Fields(const RowSource& source,
                                                const CatalogListRequest& request,
                                                const std::vector<std::string>& defaults) {
  if (request.fields.empty()) return defaults;
  std::vector<std::string> out;
  for (const std::string& f : request.fields) {
    std::string name = absl::AsciiStrToLower(absl::StripAsciiWhitespace(f));
    if (absl::Status s = CheckName(source, name, "field"); !s.ok()) return s;
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(std::move(name));
  }
  return out;
}

}  // namespace

bool ContainsLowered(absl::string_view text, absl::string_view lowered) {
  return absl::StrContains(absl::AsciiStrToLower(text), lowered);
}

FieldValue TextValue(absl::string_view text) {
  return {true, tdf::ParseTdfNumber(text), std::string(text)};
}

FieldValue NumberValue(const std::optional<double>& number) {
  if (!number) return {};
  return {true, number, ""};
}

FieldValue KeyValue(const std::optional<absl::string_view>& value) {
  if (!value) return {};
  return TextValue(*value);
}

absl::StatusOr<Condition> ParseCondition(absl::string_view text) {
  const size_t at = text.find_first_of("<>=!");
  auto refuse = [&](absl::string_view why) {
    return absl::InvalidArgumentError(
        absl::StrCat("where \"", text, "\": ", why, " (write ", kConditionForm, ")"));
  };
  if (at == absl::string_view::npos) return refuse("no comparison");
  Condition c;
  c.key = absl::AsciiStrToLower(absl::StripAsciiWhitespace(text.substr(0, at)));
  if (c.key.empty()) return refuse("no key before the comparison");
  absl::string_view rest = text.substr(at);
  const OpSpelling* spelling = nullptr;
  for (const OpSpelling& s : kOps) {
    if (absl::StartsWith(rest, s.text)) {
      spelling = &s;
      break;
    }
  }
  if (spelling == nullptr) return refuse("'!' must be followed by '='");
  c.op = spelling->op;
  c.text = std::string(absl::StripAsciiWhitespace(rest.substr(spelling->text.size())));
  if (c.text.empty()) return refuse(absl::StrCat("no value after '", spelling->text, "'"));
  c.number = tdf::ParseTdfNumber(c.text);
  const bool ordered = c.op != Condition::Op::kEqual && c.op != Condition::Op::kNotEqual;
  if (ordered && !c.number) {
    return refuse(absl::StrCat("'", spelling->text, "' compares numbers and '", c.text,
                               "' is not one"));
  }
  return c;
}

bool Holds(const Condition& condition, const FieldValue& value) {
  if (condition.number) {
    // Absent or not a number: only "not equal to the number" holds.
    if (!value.number) return condition.op == Condition::Op::kNotEqual;
    return Compare(condition.op, *value.number, *condition.number);
  }
  const bool equal = value.present && absl::EqualsIgnoreCase(value.text, condition.text);
  return condition.op == Condition::Op::kEqual ? equal : !equal;
}

absl::StatusOr<CatalogPage> ListRows(const RowSource& source, const CatalogListRequest& request,
                                     const std::vector<std::string>& default_fields,
                                     const std::function<bool(size_t)>& keep) {
  absl::StatusOr<std::vector<Condition>> conditions = Conditions(source, request);
  if (!conditions.ok()) return conditions.status();
  absl::StatusOr<std::vector<std::string>> fields = Fields(source, request, default_fields);
  if (!fields.ok()) return fields.status();
  const bool descending = absl::StartsWith(request.sort, "-");
  const std::string sort = absl::AsciiStrToLower(
      absl::StripAsciiWhitespace(absl::string_view(request.sort).substr(descending ? 1 : 0)));
  if (absl::Status s = CheckName(source, sort, "sort"); !s.ok()) return s;
  const std::string text = absl::AsciiStrToLower(request.text.value_or(""));
  std::vector<size_t> rows;
  for (size_t row = 0; row < source.size(); ++row) {
    if (keep && !keep(row)) continue;
    if (!text.empty() && !source.MatchesText(row, text)) continue;
    const bool pass = std::all_of(conditions->begin(), conditions->end(), [&](const Condition& c) {
      return Holds(c, source.Value(row, c.key));
    });
    if (pass) rows.push_back(row);
  }
  SortRows(source, sort, descending, rows);
  CatalogPage page;
  page.total = rows.size();
  page.offset = std::min(request.offset, rows.size());
  const size_t limit = request.limit.value_or(rows.size());
  const size_t end = page.offset + std::min(limit, rows.size() - page.offset);
  if (end < rows.size()) page.next_offset = end;
  page.fields = *fields;
  for (size_t i = page.offset; i < end; ++i) {
    nlohmann::json row = nlohmann::json::object();
    for (const std::string& f : page.fields) row[f] = source.FieldJson(rows[i], f);
    page.rows.push_back(std::move(row));
  }
  return page;
}

}  // namespace kbot::tools
