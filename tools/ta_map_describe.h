// map_describe in a ta or takingdoms context: what a TA or TA: Kingdoms map
// holds (its .tnt) and what its .ota says (docs/json.md, section
// map_describe, "TA and TA: Kingdoms maps").
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/map_describe_tool.h"
#include "tools/result_fields.h"
#include "tools/ta_map.h"
#include "tools/ta_map_features.h"

namespace kbot::tools {

struct TaMapExtent {
  int across = 0, down = 0;
  static const ResultTable<TaMapExtent>& Fields();
};

struct TaHeightRange {
  int min = 0, max = 0;
  static const ResultTable<TaHeightRange>& Fields();
};

// A feature of the map's table: how many cells place it, and the definition
// the context has for it (file null: none).
struct TaMapFeatureItem {
  std::string name;
  size_t placed = 0;
  std::optional<std::string> file;   // the TDF defining it
  std::optional<std::string> draws;  // "anims/trees.gaf TREE1" or "objects3d/rock.3do"
  static const ResultTable<TaMapFeatureItem>& Fields();
};

struct TaMinimapItem {
  int width = 0, height = 0;                // stored
  int region_width = 0, region_height = 0;  // the part showing the map
  static const ResultTable<TaMinimapItem>& Fields();
};

struct OtaStartItem {
  int number = 0;
  int x = 0, z = 0;  // map pixels: x across, z down
  static const ResultTable<OtaStartItem>& Fields();
};

struct OtaSchemaItem {
  int index = 0;
  std::string type;
  json surface_metal, moho_metal;  // numbers, or null
  std::vector<OtaStartItem> starts;
  json keys;  // every key of the schema's own section, as written
  static const ResultTable<OtaSchemaItem>& Fields();
};

struct OtaItem {
  std::string path;
  std::string title, description, planet;
  json players;  // as written ("2, 4"), or null
  json size;     // as written ("10 x 12"), or null
  json min_players, max_players, min_wind, max_wind, tidal, solar, gravity;  // numbers or null
  std::vector<OtaSchemaItem> schemas;
  std::vector<std::string> warnings;
  static const ResultTable<OtaItem>& Fields();
};

// One cell, with x and y.
struct TaCellItem {
  int x = 0, y = 0;  // cells
  int height = 0;
  bool under_water = false;
  std::optional<std::string> feature;  // the table entry placed there
  std::string placement;  // "feature", "none", "void", "unknown 0xFFFE", "past the table"
  uint32_t feature_value = 0;  // the stored word
  json tile;  // TA: {"index"}; TA: Kingdoms: {"sheet", "column", "row"}
  static const ResultTable<TaCellItem>& Fields();
};

// What an OTA says (tools/ota_item.cc).
OtaItem OtaItemOf(const std::string& path, const tnt::Ota& ota);

// map_describe's structuredContent for a TA or TA: Kingdoms map.
struct TaMapDescription {
  std::string path;
  std::string game;  // "ta" or "takingdoms", from the TNT's version
  uint32_t version = 0;
  TaMapExtent tiles, cells;
  int width = 0, height = 0;  // pixels
  int sea_level = 0;
  TaHeightRange heights;
  size_t underwater_cells = 0;
  size_t tile_count = 0;  // TA: tiles in the set; TA: Kingdoms: distinct sheets
  std::vector<TaMapFeatureItem> features;
  // Cells by what their feature word says: "feature" (an entry of the
  // table), TA's "none" (0xFFFF) and "void" (0xFFFC); any other value (TA's
  // 0xFFFE, indexes past the table; TA: Kingdoms' values past the table,
  // which place nothing) by its value, "0xFFFE".
  json placements;
  std::optional<TaMinimapItem> minimap, large_minimap;
  std::optional<OtaItem> ota;
  std::optional<TaCellItem> cell;
  std::vector<std::string> warnings;
  static const ResultTable<TaMapDescription>& Fields();
};

// `map` described; `cell` (x, y in cells) adds that cell. An error only for
// a cell outside the map.
absl::StatusOr<TaMapDescription> DescribeTaMap(const OpenedTaMap& map,
                                               const tacatalog::Catalog* catalog,
                                               const std::optional<std::pair<int, int>>& cell);

// map_describe's work in a ta or takingdoms context: the map `request.path`
// names, its features matched against the context's catalog.
ToolResult RunTaMapDescribe(const contexts::Context& context, const MapDescribeRequest& request);

}  // namespace kbot::tools
