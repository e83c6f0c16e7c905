#include "tools/unit_compare_tool.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "formats/tdf/tdf.h"
#include "tools/unit_rows.h"

namespace kbot::tools {

namespace {

using tacatalog::Unit;

bool Same(const std::optional<absl::string_view>& a, const std::optional<absl::string_view>& b) {
  if (!a || !b) return !a && !b;
  const std::optional<double> x = tdf::ParseTdfNumber(*a), y = tdf::ParseTdfNumber(*b);
  if (x && y) return *x == *y;
  return *a == *b;
}

// The keys of `units` in order of first appearance, each with its first spelling.
std::vector<std::string> KeyUnion(const std::vector<const Unit*>& units) {
  std::vector<std::string> keys;
  absl::flat_hash_map<std::string, bool> seen;
  for (const Unit* u : units) {
    if (u->info == nullptr) continue;
    for (const tdf::TdfEntry& e : u->info->entries) {
      if (seen.emplace(absl::AsciiStrToLower(e.key), true).second) keys.push_back(e.key);
    }
  }
  return keys;
}

ComparedKey CompareKey(const std::string& key, const std::vector<const Unit*>& units) {
  ComparedKey row;
  row.key = key;
  const std::optional<absl::string_view> first = units[0]->Value(key);
  for (const Unit* u : units) {
    const std::optional<absl::string_view> v = u->Value(key);
    row.values.push_back(v ? nlohmann::json(std::string(*v)) : nlohmann::json(nullptr));
    if (!Same(first, v)) row.differs = true;
  }
  return row;
}

absl::StatusOr<std::vector<const Unit*>> FindUnits(const tacatalog::Catalog& catalog,
                                                   const std::vector<std::string>& ids) {
  std::vector<const Unit*> out;
  for (const std::string& id : ids) {
    const Unit* u = catalog.FindUnit(id);
    if (u == nullptr) {
      std::vector<std::string> all, names;
      for (const Unit& x : catalog.units) {
        all.push_back(x.id);
        names.push_back(x.name);
      }
      return absl::NotFoundError(
          absl::StrCat("no unit \"", id, "\"", SuggestIds(id, all, &names)));
    }
    out.push_back(u);
  }
  return out;
}

}  // namespace

const RequestTable<UnitCompareRequest>& UnitCompareTable() {
  static const RequestTable<UnitCompareRequest> table = [] {
    using R = UnitCompareRequest;
    RequestTable<R> t;
    AddContextParam(t)
        .Add("units", &R::units,
             {{"type", "array"},
              {"items", {{"type", "string"}}},
              {"minItems", 2},
              {"maxItems", kMaxComparedUnits},
              {"description", "Unit ids"}},
             true)
        .Add("only_differing", &R::only_differing, BooleanParam("Only keys that differ"));
    return t;
  }();
  return table;
}

const ResultTable<ComparedUnit>& ComparedUnit::Fields() {
  using S = ComparedUnit;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("id", &S::id, StringSchema())
      .Add("name", &S::name, StringSchema())
      .Add("side", &S::side, StringSchema())
      .Add("file", &S::file, ObjectSchema<FileItem>());
  return table;
}

const ResultTable<ComparedKey>& ComparedKey::Fields() {
  using S = ComparedKey;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("key", &S::key, StringSchema())
      .Add("differs", &S::differs, BooleanSchema())
      .Add("values", &S::values, {{"type", "array"}});
  return table;
}

const ResultTable<UnitComparison>& UnitComparison::Fields() {
  using S = UnitComparison;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("context", &S::context, StringSchema())
      .Add("game", &S::game, StringSchema())
      .Add("units", &S::units, ArraySchema<ComparedUnit>())
      .Add("differing", &S::differing, CountSchema())
      .Add("same", &S::same, CountSchema())
      .Add("keys", &S::keys, ArraySchema<ComparedKey>());
  return table;
}

absl::StatusOr<UnitComparison> CompareUnits(const contexts::Context& context,
                                            const UnitCompareRequest& request,
                                            Progress& progress) {
  absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> catalog =
      ContextCatalog(context, progress);
  if (!catalog.ok()) return catalog.status();
  absl::StatusOr<std::vector<const Unit*>> units = FindUnits(**catalog, request.units);
  if (!units.ok()) return units.status();
  UnitComparison out;
  out.context = context.name;
  out.game = CatalogGame(**catalog);
  const UnitRows rows(**catalog);
  for (const Unit* u : *units) {
    const size_t row = (*catalog)->unit_index.at(absl::AsciiStrToLower(u->id));
    out.units.push_back({u->id, u->name, rows.SideOf(row), FileItemOf(u->file)});
  }
  std::vector<ComparedKey> same;
  for (const std::string& key : KeyUnion(*units)) {
    ComparedKey row = CompareKey(key, *units);
    (row.differs ? out.keys : same).push_back(std::move(row));
  }
  out.differing = out.keys.size();
  out.same = same.size();
  if (!request.only_differing) {
    std::move(same.begin(), same.end(), std::back_inserter(out.keys));
  }
  return out;
}

Tool UnitCompareTool() {
  return MakeContextTool<UnitCompareRequest>(
      {"unit_compare", "Compare units",
       "Two or more TA/TA:K units side by side, key by key, the keys that differ first."},
      UnitCompareTable(), UnitComparison::Fields().Schema(),
      [](const contexts::Context& context, const UnitCompareRequest& request,
         const ToolCall& call) {
        return ResultInContext(context, CompareUnits(context, request, call.progress));
      });
}

}  // namespace kbot::tools
