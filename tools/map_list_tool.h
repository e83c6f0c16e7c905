// The tool map_list: every TA or TA: Kingdoms map of a context (its .tnt
// files), with what each map's .ota says of it (title, planet, players) and
// its size, a page at a time: "which maps does this mod add" in one call
// (docs/json.md, section map_list). `kbot tnt list` prints the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/paging.h"
#include "tools/result_fields.h"
#include "tools/ta_map_describe.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct MapListRequest : ContextRequest, PageRequest {};
const RequestTable<MapListRequest>& MapListTable();

struct MapListItem {
  std::string path;                 // the .tnt
  std::string source;               // "folder", "built-in" or the archive holding it
  std::optional<std::string> game;  // "ta" or "takingdoms"; null when unreadable
  std::optional<TaMapExtent> tiles;
  std::optional<std::string> ota;    // beside it; null when none
  std::string title, planet;         // from the OTA ("" when none)
  std::optional<std::string> players;  // numplayers as written
  size_t schemas = 0;
  std::optional<std::string> error;  // why the map or its OTA could not be read
  static const ResultTable<MapListItem>& Fields();
};

struct MapListResult : Page<MapListItem> {
  std::string context;
  static const ResultTable<MapListResult>& Fields();
};

absl::StatusOr<MapListResult> ListMaps(const contexts::Context& context,
                                       const MapListRequest& request, Progress& progress);

Tool MapListTool();

}  // namespace kbot::tools
