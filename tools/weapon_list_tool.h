// The tool weapon_list: the weapons of a TA or TA: Kingdoms context's catalog
// (tacatalog/), those one unit uses or all, by a text search and conditions
// on any key, with chosen fields, sorted and a page at a time (docs/json.md,
// section weapon_list; tools/catalog_listing.h has the rules,
// tools/weapon_rows.h the fields). `kbot weapon list` prints the same.
#pragma once

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tools/catalog_listing.h"
#include "tools/tool.h"

namespace kbot::tools {

struct WeaponListRequest : CatalogListRequest {
  std::optional<std::string> unit;  // a unit id: the weapons its slots name
};
const RequestTable<WeaponListRequest>& WeaponListTable();

struct WeaponListResult : CatalogPage {
  static const ResultTable<WeaponListResult>& Fields();
};

// An unset limit is every weapon.
absl::StatusOr<WeaponListResult> ListWeapons(const contexts::Context& context,
                                             const WeaponListRequest& request, Progress& progress);

Tool WeaponListTool();

}  // namespace kbot::tools
