#include "tools/unit_list_tool.h"

#include "tools/catalog_support.h"
#include "tools/unit_rows.h"

namespace kbot::tools {

const RequestTable<UnitListRequest>& UnitListTable() {
  static const RequestTable<UnitListRequest> table = [] {
    using R = UnitListRequest;
    RequestTable<R> t;
    AddContextParam(t)
        .Add("side", &R::side, StringParam("Side name or prefix"))
        .Add("tedclass", &R::tedclass, StringParam("TEDClass, e.g. TANK"))
        .Add("category", &R::category, StringParam("A Category tag"));
    return AddCatalogListParams(t, "buildcostmetal<500");
  }();
  return table;
}

const ResultTable<UnitListResult>& UnitListResult::Fields() {
  static const ResultTable<UnitListResult> table = [] {
    ResultTable<UnitListResult> t;
    return AddCatalogPageFields(t, "units");
  }();
  return table;
}

absl::StatusOr<UnitListResult> ListUnits(const contexts::Context& context,
                                         const UnitListRequest& request, Progress& progress) {
  absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> catalog =
      ContextCatalog(context, progress);
  if (!catalog.ok()) return catalog.status();
  const UnitRows rows(**catalog);
  absl::StatusOr<std::function<bool(size_t)>> keep =
      UnitFilter(rows, **catalog, {request.side, request.tedclass, request.category});
  if (!keep.ok()) return keep.status();
  absl::StatusOr<CatalogPage> page = ListRows(rows, request, rows.DefaultFields(), *keep);
  if (!page.ok()) return page.status();
  UnitListResult out;
  static_cast<CatalogPage&>(out) = *std::move(page);
  out.context = context.name;
  out.game = CatalogGame(**catalog);
  return out;
}

Tool UnitListTool() {
  return MakeContextTool<UnitListRequest>(
      {"unit_list", "List units",
       "TA/TA:K units: filter by side, tedclass, category, text, conditions; fields, sort, pages."},
      UnitListTable(), UnitListResult::Fields().Schema(),
      [](const contexts::Context& context, UnitListRequest request, const ToolCall& call) {
        request.limit = request.limit.value_or(kDefaultCatalogPage);
        return ResultInContext(context, ListUnits(context, request, call.progress));
      });
}

}  // namespace kbot::tools
