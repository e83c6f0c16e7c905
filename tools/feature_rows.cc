#include "tools/feature_rows.h"

#include <algorithm>
#include <map>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/near_names.h"
#include "tools/catalog_support.h"

namespace kbot::tools {

namespace {

using tacatalog::Feature;

// At most this many of a filter's values are named when it matches none.
constexpr size_t kNamedValues = 20;

const std::optional<double>* FeatureNumber(const Feature& f, absl::string_view name) {
  if (name == "metal") return &f.metal;
  if (name == "energy") return &f.energy;
  return nullptr;
}

// A named text field, and whether it is null when empty (an asset link).
const std::string* FeatureText(const Feature& f, absl::string_view name, bool& nullable) {
  nullable = name == "object" || name == "filename" || name == "seqname";
  if (name == "id") return &f.id;
  if (name == "description") return &f.description;
  if (name == "world") return &f.world;
  if (name == "category") return &f.category;
  if (name == "object") return &f.object;
  if (name == "filename") return &f.filename;
  if (name == "seqname") return &f.seqname;
  if (name == "file") return &f.file.path;
  if (name == "source") return &f.file.source;
  return nullptr;
}

std::optional<absl::string_view> FeatureKey(const Feature& f, absl::string_view key) {
  return f.section != nullptr ? f.section->Value(key) : std::nullopt;
}

// Refuses `wanted` when no feature's member `of` has it, naming those there
// are (each once, ASCII case ignored, as first spelt).
absl::Status CheckFeatureValue(const tacatalog::Catalog& catalog, const char* what,
                               const char* plural, const std::string Feature::*of,
                               const std::string& wanted) {
  std::map<std::string, std::string> values;  // lower case -> first spelling
  for (const Feature& f : catalog.features) {
    if (absl::EqualsIgnoreCase(f.*of, wanted)) return absl::OkStatus();
    if (!(f.*of).empty()) values.emplace(absl::AsciiStrToLower(f.*of), f.*of);
  }
  std::vector<std::string> all;
  for (const auto& [lower, spelling] : values) all.push_back(spelling);
  std::vector<std::string> named(all.begin(), all.begin() + std::min(all.size(), kNamedValues));
  return absl::InvalidArgumentError(
      absl::StrCat(what, " \"", wanted, "\": no feature has that ", what,
                   DidYouMean(NearNames(wanted, all, 3), "\""), " (", plural, ": ",
                   named.empty() ? "none" : absl::StrJoin(named, ", "),
                   all.size() > named.size() ? ", ..." : "", ")"));
}

}  // namespace

const std::vector<std::string>& FeatureRows::NamedFields() const {
  static const std::vector<std::string> names = {"id",      "description", "world",  "category",
                                                 "metal",   "energy",      "object", "filename",
                                                 "seqname", "file",        "source"};
  return names;
}

const std::vector<std::string>& FeatureRows::DefaultFields() {
  static const std::vector<std::string> names = {"id",       "description", "world",
                                                 "category", "metal",       "energy"};
  return names;
}

bool FeatureRows::MatchesText(size_t row, absl::string_view lowered) const {
  const Feature& f = catalog_.features[row];
  return ContainsLowered(f.id, lowered) || ContainsLowered(f.description, lowered);
}

bool FeatureRows::AnyRowHasKey(absl::string_view key) const {
  return std::any_of(catalog_.features.begin(), catalog_.features.end(),
                     [&](const Feature& f) { return FeatureKey(f, key).has_value(); });
}

std::vector<std::string> FeatureRows::AllKeys() const {
  std::set<std::string> keys;
  for (const Feature& f : catalog_.features) {
    if (f.section == nullptr) continue;
    for (const tdf::TdfEntry& e : f.section->entries) keys.insert(absl::AsciiStrToLower(e.key));
  }
  return {keys.begin(), keys.end()};
}

FieldValue FeatureRows::Value(size_t row, absl::string_view name) const {
  const Feature& f = catalog_.features[row];
  if (const std::optional<double>* n = FeatureNumber(f, name)) return NumberValue(*n);
  bool nullable = false;
  if (const std::string* t = FeatureText(f, name, nullable)) {
    return t->empty() ? FieldValue{} : TextValue(*t);
  }
  return KeyValue(FeatureKey(f, name));
}

nlohmann::json FeatureRows::FieldJson(size_t row, absl::string_view name) const {
  const Feature& f = catalog_.features[row];
  if (const std::optional<double>* n = FeatureNumber(f, name)) return NumberJson(*n);
  bool nullable = false;
  if (const std::string* t = FeatureText(f, name, nullable)) {
    if (nullable && t->empty()) return nullptr;
    return *t;
  }
  std::optional<absl::string_view> value = FeatureKey(f, name);
  if (!value) return nullptr;
  return std::string(*value);
}

absl::StatusOr<std::function<bool(size_t)>> FeatureFilter(const tacatalog::Catalog& catalog,
                                                          const FeatureFilters& filters) {
  if (filters.world) {
    if (absl::Status s =
            CheckFeatureValue(catalog, "world", "worlds", &Feature::world, *filters.world);
        !s.ok()) {
      return s;
    }
  }
  if (filters.category) {
    if (absl::Status s = CheckFeatureValue(catalog, "category", "categories", &Feature::category,
                                           *filters.category);
        !s.ok()) {
      return s;
    }
  }
  return std::function<bool(size_t)>([&catalog, filters](size_t row) {
    const Feature& f = catalog.features[row];
    if (filters.world && !absl::EqualsIgnoreCase(f.world, *filters.world)) return false;
    return !filters.category || absl::EqualsIgnoreCase(f.category, *filters.category);
  });
}

}  // namespace kbot::tools
