// The tool car_list: every car record of a GTA1 style in one compact row
// each, named from the game's texts (docs/json.md, section car_list; the
// record: docs/formats/gta1.md, "Car info"). car_describe gives one whole.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/params.h"
#include "tools/picture_export_tool.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct CarListRequest : AssetRequest {
  std::optional<std::string> texts;  // the FXT naming the cars; default ENGLISH.FXT beside it
};
const RequestTable<CarListRequest>& CarListTable();
// `texts`, as car_list and car_describe declare it.
json CarTextsParam();

struct CarRow {
  int index = 0;  // record number
  int model = 0;
  std::optional<std::string> name;  // null without a text
  int vtype = 0;
  std::string type;  // gta::VehicleTypeName; "" for a type the sources do not name
  std::string kind;  // the sprite kind its sprite counts from
  int sprite = 0;    // within the kind: sprite_export's `number`
  std::optional<int> number;  // absolute; null when the kind has no such sprite
  int width = 0, height = 0, depth = 0;
  int doors = 0;
  std::array<int, 4> value{};  // $1000s, one a crane
  int max_speed = 0, weight = 0;
  static const ResultTable<CarRow>& Fields();
};

struct CarListing {
  std::string path;
  std::optional<std::string> texts;  // where the names come from; null: none read
  std::vector<CarRow> cars;
  std::vector<std::string> warnings;  // the style's, then a note on missing names
  static const ResultTable<CarListing>& Fields();
};

// The cars of the style `asset` (refusing a file of another kind by name),
// named from the texts `read` finds (tools/car_names.h).
absl::StatusOr<CarListing> ListCars(const Asset& asset, const CarListRequest& request,
                                    const ReadBytes& read);

Tool CarListTool();

}  // namespace kbot::tools
