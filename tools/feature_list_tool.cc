#include "tools/feature_list_tool.h"

#include "tools/catalog_support.h"
#include "tools/feature_rows.h"

namespace kbot::tools {

const RequestTable<FeatureListRequest>& FeatureListTable() {
  static const RequestTable<FeatureListRequest> table = [] {
    using R = FeatureListRequest;
    RequestTable<R> t;
    AddContextParam(t)
        .Add("world", &R::world, StringParam("e.g. all worlds"))
        .Add("category", &R::category, StringParam("e.g. trees"));
    return AddCatalogListParams(t, "metal>0");
  }();
  return table;
}

const ResultTable<FeatureListResult>& FeatureListResult::Fields() {
  static const ResultTable<FeatureListResult> table = [] {
    ResultTable<FeatureListResult> t;
    return AddCatalogPageFields(t, "features");
  }();
  return table;
}

absl::StatusOr<FeatureListResult> ListFeatures(const contexts::Context& context,
                                               const FeatureListRequest& request,
                                               Progress& progress) {
  absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> catalog =
      ContextCatalog(context, progress);
  if (!catalog.ok()) return catalog.status();
  const FeatureRows rows(**catalog);
  absl::StatusOr<std::function<bool(size_t)>> keep =
      FeatureFilter(**catalog, {request.world, request.category});
  if (!keep.ok()) return keep.status();
  absl::StatusOr<CatalogPage> page = ListRows(rows, request, FeatureRows::DefaultFields(), *keep);
  if (!page.ok()) return page.status();
  FeatureListResult out;
  static_cast<CatalogPage&>(out) = *std::move(page);
  out.context = context.name;
  out.game = CatalogGame(**catalog);
  return out;
}

Tool FeatureListTool() {
  return MakeContextTool<FeatureListRequest>(
      {"feature_list", "List features",
       "TA/TA:K map features (trees, rocks, wrecks); filter by world, category, text, conditions."},
      FeatureListTable(), FeatureListResult::Fields().Schema(),
      [](const contexts::Context& context, FeatureListRequest request, const ToolCall& call) {
        request.limit = request.limit.value_or(kDefaultCatalogPage);
        return ResultInContext(context, ListFeatures(context, request, call.progress));
      });
}

}  // namespace kbot::tools
