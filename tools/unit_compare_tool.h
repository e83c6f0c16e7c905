// The tool unit_compare: two or more units of a context's catalog side by
// side, key by key, the keys whose values differ first (docs/json.md,
// section unit_compare). `kbot unit compare` prints the same.
//
// Keys are those of each unit's [UNITINFO], matched without regard to ASCII
// case, in the first unit's file order, then each later unit's new keys. Two
// values are the same when both read as equal numbers ("2500" and "2500.0"),
// or are the same text; a unit without the key has null.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "nlohmann/json.hpp"
#include "tools/catalog_support.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

inline constexpr size_t kMaxComparedUnits = 20;

struct UnitCompareRequest : ContextRequest {
  std::vector<std::string> units;  // ids, 2 to kMaxComparedUnits
  bool only_differing = false;     // leave out the keys that are the same
};
const RequestTable<UnitCompareRequest>& UnitCompareTable();

struct ComparedUnit {
  std::string id, name, side;
  FileItem file;
  static const ResultTable<ComparedUnit>& Fields();
};

struct ComparedKey {
  std::string key;  // the first unit's spelling that has it
  bool differs = false;
  std::vector<nlohmann::json> values;  // per unit, in the request's order: text or null
  static const ResultTable<ComparedKey>& Fields();
};

struct UnitComparison {
  std::string context, game;
  std::vector<ComparedUnit> units;
  size_t differing = 0;  // keys that differ
  size_t same = 0;       // keys that do not (left out with only_differing)
  std::vector<ComparedKey> keys;
  static const ResultTable<UnitComparison>& Fields();
};

absl::StatusOr<UnitComparison> CompareUnits(const contexts::Context& context,
                                            const UnitCompareRequest& request,
                                            Progress& progress);

Tool UnitCompareTool();

}  // namespace kbot::tools
