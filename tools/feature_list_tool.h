// The tool feature_list: the features of a TA or TA: Kingdoms context's
// catalog (tacatalog/): trees, rocks, wrecks ..., filtered by world and
// category, a text search and conditions on any key, with chosen fields,
// sorted and a page at a time (docs/json.md, section feature_list;
// tools/catalog_listing.h has the rules, tools/feature_rows.h the fields).
// `kbot feature list` prints the same.
#pragma once

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tools/catalog_listing.h"
#include "tools/tool.h"

namespace kbot::tools {

struct FeatureListRequest : CatalogListRequest {
  std::optional<std::string> world;     // its `world`, ASCII case ignored
  std::optional<std::string> category;  // its `category`
};
const RequestTable<FeatureListRequest>& FeatureListTable();

struct FeatureListResult : CatalogPage {
  static const ResultTable<FeatureListResult>& Fields();
};

// An unset limit is every feature.
absl::StatusOr<FeatureListResult> ListFeatures(const contexts::Context& context,
                                               const FeatureListRequest& request,
                                               Progress& progress);

Tool FeatureListTool();

}  // namespace kbot::tools
