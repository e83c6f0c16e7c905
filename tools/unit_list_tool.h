// The tool unit_list: the units of a TA or TA: Kingdoms context's catalog
// (tacatalog/), filtered by side, TEDClass, category tag, a text search and
// conditions on any key, with chosen fields, sorted and a page at a time
// (docs/json.md, section unit_list; tools/catalog_listing.h has the rules).
// `kbot unit list` prints the same.
#pragma once

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tools/catalog_listing.h"
#include "tools/tool.h"

namespace kbot::tools {

struct UnitListRequest : CatalogListRequest {
  std::optional<std::string> side;      // name or prefix: ARM, Aramon, ARA
  std::optional<std::string> tedclass;  // TEDClass: TANK, KBOT, PLANT ...
  std::optional<std::string> category;  // one tag of Category
};
const RequestTable<UnitListRequest>& UnitListTable();

struct UnitListResult : CatalogPage {
  static const ResultTable<UnitListResult>& Fields();
};

// An unset limit is every unit.
absl::StatusOr<UnitListResult> ListUnits(const contexts::Context& context,
                                         const UnitListRequest& request, Progress& progress);

Tool UnitListTool();

}  // namespace kbot::tools
