#include "tools/weapon_list_tool.h"

#include "tools/catalog_support.h"
#include "tools/weapon_rows.h"

namespace kbot::tools {

const RequestTable<WeaponListRequest>& WeaponListTable() {
  static const RequestTable<WeaponListRequest> table = [] {
    using R = WeaponListRequest;
    RequestTable<R> t;
    AddContextParam(t).Add("unit", &R::unit, StringParam("Only this unit's weapons"));
    return AddCatalogListParams(t, "range>=500");
  }();
  return table;
}

const ResultTable<WeaponListResult>& WeaponListResult::Fields() {
  static const ResultTable<WeaponListResult> table = [] {
    ResultTable<WeaponListResult> t;
    return AddCatalogPageFields(t, "weapons");
  }();
  return table;
}

absl::StatusOr<WeaponListResult> ListWeapons(const contexts::Context& context,
                                             const WeaponListRequest& request, Progress& progress) {
  absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> catalog =
      ContextCatalog(context, progress);
  if (!catalog.ok()) return catalog.status();
  const WeaponRows rows(**catalog);
  absl::StatusOr<std::function<bool(size_t)>> keep =
      WeaponUnitFilter(rows, **catalog, request.unit);
  if (!keep.ok()) return keep.status();
  absl::StatusOr<CatalogPage> page = ListRows(rows, request, WeaponRows::DefaultFields(), *keep);
  if (!page.ok()) return page.status();
  WeaponListResult out;
  static_cast<CatalogPage&>(out) = *std::move(page);
  out.context = context.name;
  out.game = CatalogGame(**catalog);
  return out;
}

Tool WeaponListTool() {
  return MakeContextTool<WeaponListRequest>(
      {"weapon_list", "List weapons",
       "TA/TA:K weapons with the units using them; filter by unit, text, conditions."},
      WeaponListTable(), WeaponListResult::Fields().Schema(),
      [](const contexts::Context& context, WeaponListRequest request, const ToolCall& call) {
        request.limit = request.limit.value_or(kDefaultCatalogPage);
        return ResultInContext(context, ListWeapons(context, request, call.progress));
      });
}

}  // namespace kbot::tools
