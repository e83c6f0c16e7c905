// The tool style_describe: what a GTA1 style (.G24 or .GRY) holds, section by section
// (docs/json.md, section style_describe). `kbot gta style` prints the same.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct StyleDescribeRequest : AssetRequest {};
const RequestTable<StyleDescribeRequest>& StyleDescribeTable();

struct StyleSectionInfo {
  std::string name;
  uint64_t offset = 0, size = 0, stored = 0;  // stored: with its padding
  static const ResultTable<StyleSectionInfo>& Fields();
};

struct StyleTileCounts {
  int side = 0, lid = 0, aux = 0, total = 0;
  static const ResultTable<StyleTileCounts>& Fields();
};

struct StyleAnimationInfo {
  size_t index = 0;
  int block = 0;
  std::string which;  // side | lid | unknown
  int which_value = 0;
  int speed = 0;
  std::vector<int> frames;  // aux tile numbers
  static const ResultTable<StyleAnimationInfo>& Fields();
};

struct StylePaletteIndex {
  size_t entries = 0;
  int tile_entries = 0;  // 4 a tile
  static const ResultTable<StylePaletteIndex>& Fields();
};

// style_describe's structuredContent. "header" holds the sixteen u32 fields
// by name; "undocumented" the sizes of object_info, cars, sprite_info,
// sprite_graphics and sprite_numbers.
struct StyleDescription {
  std::string path;
  json header = json::object();
  std::vector<StyleSectionInfo> sections;
  StyleTileCounts tiles;
  std::vector<StyleAnimationInfo> animations;
  int depth = 24;  // bits a colour: 24 (.G24) or 8 (.GRY)
  int cluts = 0;   // 0 in an 8-bit style
  StylePaletteIndex palette_index;   // empty in an 8-bit style
  std::optional<int> remap_tables;   // 8-bit styles: how many

  json undocumented = json::object();
  std::vector<std::string> warnings;
  static const ResultTable<StyleDescription>& Fields();
};

absl::StatusOr<StyleDescription> DescribeStyle(const Asset& asset);

// The tool's work once the context is known.
ToolResult RunStyleDescribe(const contexts::Context& context, const StyleDescribeRequest& request);

Tool StyleDescribeTool();

}  // namespace kbot::tools
