// The tool sprite_list: the sprites of a GTA1 style, kind by kind, a page at
// a time (docs/json.md, section sprite_list). `kbot gta sprites` prints the
// same.
#pragma once

#include <cstddef>
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

struct SpriteListRequest : AssetRequest {
  std::optional<std::string> kind;  // only this kind's sprites
  size_t offset = 0;                // sprites skipped
  std::optional<size_t> limit;      // per page; unset: 200 (the CLI: all)
};
const RequestTable<SpriteListRequest>& SpriteListTable();
inline constexpr size_t kSpritePage = 200;

struct SpriteKindCount {
  std::string kind;
  int first = 0, count = 0;
  std::optional<int> stored;  // set when fewer records than counted
  static const ResultTable<SpriteKindCount>& Fields();
};

struct SpriteRow {
  int number = 0;  // absolute
  std::string kind;
  int index = 0;   // within its kind: what sprite_export's `number` takes
  int width = 0, height = 0, deltas = 0, page = 0, x = 0, y = 0;
  std::optional<int> palette;  // unset in an 8-bit style (its records have none)
  std::optional<std::string> problem;
  static const ResultTable<SpriteRow>& Fields();
};

struct SpriteListing {
  std::string path;
  int total = 0;                       // sprite records
  std::vector<SpriteKindCount> kinds;  // kinds with a count, in file order
  size_t offset = 0;
  std::optional<size_t> next_offset;
  std::vector<SpriteRow> sprites;
  std::vector<std::string> warnings;
  static const ResultTable<SpriteListing>& Fields();
};

absl::StatusOr<SpriteListing> ListSprites(const Asset& asset, const SpriteListRequest& request);

Tool SpriteListTool();

}  // namespace kbot::tools
