// The tool map_describe: what a GTA1 city map (*.CMP) holds, and for one cell
// its column block by block (docs/json.md, section map_describe). `kbot gta
// map` prints the same JSON.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/gaf_tools.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct MapDescribeRequest : AssetRequest {
  // A cell (0..255 each): give both or neither.
  std::optional<int> x, y;

  // The cell asked for, when both are given (the table checks that).
  std::optional<std::pair<int, int>> Cell() const {
    if (!x || !y) return std::nullopt;
    return std::pair<int, int>{*x, *y};
  }
};
const RequestTable<MapDescribeRequest>& MapDescribeTable();

struct MapSizes {
  uint32_t route = 0, object = 0, column = 0, block = 0, nav = 0;  // bytes
  static const ResultTable<MapSizes>& Fields();
};

// A nav record: a district's name and rectangle (empty: a placeholder).
struct MapDistrict {
  size_t index = 0;
  std::string name;
  int x = 0, y = 0, w = 0, h = 0, sample = 0;
  bool empty = false;
  static const ResultTable<MapDistrict>& Fields();
};

// One block of a cell's column, every field of its descriptor decoded.
struct MapBlockInfo {
  int z = 0, index = 0;
  std::string type;
  int lid = 0, left = 0, right = 0, top = 0, bottom = 0, slope = 0, rotation = 0;
  bool flat = false;
  json directions;  // {"up", "down", "left", "right"}: booleans
  int lid_remap = 0;
  bool flip_top_bottom = false, flip_left_right = false, railway = false;
  std::string traffic;
  int type_map = 0, type_map_ext = 0;
  static const ResultTable<MapBlockInfo>& Fields();
};

struct MapCellInfo {
  int x = 0, y = 0;
  std::optional<std::string> district;  // the smallest non-empty nav rectangle holding it
  std::optional<size_t> district_index;
  int height = 0;
  std::optional<int> ground_z;
  std::vector<MapBlockInfo> blocks;  // top first
  static const ResultTable<MapCellInfo>& Fields();
};

// map_describe's structuredContent.
struct MapDescription {
  std::string path;
  uint32_t version = 0;
  int style = 0, sample = 0;
  MapSizes sizes;
  size_t blocks = 0;   // descriptors
  json block_types;    // {type name: descriptors}
  size_t columns = 0;  // distinct
  size_t objects = 0;
  std::vector<std::string> warnings;  // the game's own limits
  std::vector<MapDistrict> districts;
  json services;  // {category: [{"x", "y", "z"}]}, non-empty slots
  std::optional<MapCellInfo> cell;  // with x and y only
  static const ResultTable<MapDescription>& Fields();
};

// `asset` described, with `cell`'s column when given ({x, y}).
absl::StatusOr<MapDescription> DescribeMap(const Asset& asset,
                                           const std::optional<std::pair<int, int>>& cell);

// GTA1's check of a cell: inside the 256 x 256 map (the request's bounds
// are a TA map's 4096).
absl::Status CheckGtaCell(const std::optional<std::pair<int, int>>& cell);

// The tool's work once the context is known.
ToolResult RunMapDescribe(const contexts::Context& context, const MapDescribeRequest& request);

Tool MapDescribeTool();

}  // namespace kbot::tools
