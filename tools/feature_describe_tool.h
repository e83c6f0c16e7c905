// The tool feature_describe: one feature of a TA or TA: Kingdoms context's
// catalog (tacatalog/) with every key of its section, what draws it (a 3DO
// model or a GAF sequence, and whether the context has the file), the units
// whose Corpse key names it, the file that won and those it overrode, and
// the catalog's warnings about its text (docs/json.md, section
// feature_describe). `kbot feature describe` prints the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "nlohmann/json.hpp"
#include "tacatalog/catalog.h"
#include "tools/catalog_support.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct FeatureDescribeRequest : ContextRequest {
  std::string feature;  // its id, ASCII case ignored
};
const RequestTable<FeatureDescribeRequest>& FeatureDescribeTable();

// What the game draws a feature with (ta-maps.md: `object`, a 3DO, or
// `filename` + `seqname`, a GAF and its sequence). An `object` wins when a
// section has both (kbot's choice: no source says which the game takes).
struct FeatureDrawsItem {
  std::optional<std::string> kind;      // gaf | 3do; null: the section names neither
  std::optional<std::string> path;      // anims/NAME.gaf, objects3d/NAME.3do
  std::optional<std::string> sequence;  // seqname (gaf)
  std::optional<std::string> found;     // the context's spelling; null: missing
  static const ResultTable<FeatureDrawsItem>& Fields();
};

// A unit whose Corpse key names the feature.
struct FeatureUnitItem {
  std::string id, name;
  static const ResultTable<FeatureUnitItem>& Fields();
};

struct FeatureDescription {
  std::string context, game;
  std::string id, description, world, category;
  nlohmann::json metal, energy;  // numbers or null
  FeatureDrawsItem draws;
  std::vector<FeatureUnitItem> corpse_of;
  FileItem file;
  uint32_t line = 0;
  std::vector<FileItem> overrides;
  std::vector<KeyItem> keys;
  std::vector<std::string> warnings;
  static const ResultTable<FeatureDescription>& Fields();
};

// The feature `id` of `context`'s catalog; NotFound with the nearest ids (and
// features whose description it is) when there is none.
absl::StatusOr<FeatureDescription> DescribeFeatureIn(const contexts::Context& context,
                                                     const std::string& id, Progress& progress);

Tool FeatureDescribeTool();

}  // namespace kbot::tools
