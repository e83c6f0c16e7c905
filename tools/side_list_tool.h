// The tool side_list: the sides of a TA or TA: Kingdoms context's catalog
// (tacatalog/): TA's gamedata/sidedata.tdf [SIDEn] sections in file order,
// or TA: Kingdoms' fixed table (Aramon, Taros, Veruna, Zhon, Creon, then the
// monsters and the neutral units), each with its prefix, commander and how
// many units it has (docs/json.md, section side_list). `kbot side list`
// prints the same.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tools/catalog_support.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct SideListRequest : ContextRequest {};
const RequestTable<SideListRequest>& SideListTable();

struct SideItem {
  std::string name;              // ARM; Aramon ... Monsters, Neutral
  std::string prefix;            // nameprefix; TA: Kingdoms: ARA ... ("" for Neutral)
  std::string commander;         // a unit id, "" when none
  size_t units = 0;              // units on this side
  std::optional<FileItem> file;  // null: TA: Kingdoms' built-in table
  std::optional<uint32_t> line;  // of [SIDEn]
  static const ResultTable<SideItem>& Fields();
};

struct SideListResult {
  std::string context, game;
  std::vector<SideItem> sides;
  size_t units = 0;         // every unit of the catalog
  size_t without_side = 0;  // units on no side (TA: a Side no [SIDEn] names)
  static const ResultTable<SideListResult>& Fields();
};

absl::StatusOr<SideListResult> ListSides(const contexts::Context& context, Progress& progress);

Tool SideListTool();

}  // namespace kbot::tools
