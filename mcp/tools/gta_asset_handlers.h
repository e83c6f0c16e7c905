// The MCP tools for GTA1's other assets: styles (style_describe,
// style_tiles), fonts (font_render), frontend pictures (picture_export) and
// the saved settings (player_describe). `kbot gta style|tiles|font|picture|
// player` call the same functions, so a command and a tool never disagree.
//
// Images are RGBA PNGs returned as an MCP `image` block, with the JSON as
// structuredContent. An image whose base64 would pass the server's inline
// limit is left out (a text block says so and how to ask for less); the
// structuredContent is the same either way.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/vfs.h"
#include "contexts/workspace.h"
#include "mcp/tool.h"
#include "mcp/tools/gaf_tools.h"

namespace kbot::tools {

// An image made by a tool: its structuredContent and the PNG bytes.
struct GtaImage {
  json structured;
  std::vector<uint8_t> png;
};

// style_describe's structuredContent:
//   {"path", "header": {the sixteen u32 fields by name},
//    "sections": [{"name", "offset", "size", "stored"}],
//    "tiles": {"side", "lid", "aux", "total"},
//    "animations": [{"index", "block", "which" ("side"|"lid"|"unknown"),
//                    "which_value", "speed", "frames": [aux tile numbers]}],
//    "cluts", "palette_index": {"entries", "tile_entries"},
//    "undocumented": {"object_info", "cars", "sprite_info", "sprite_graphics",
//                     "sprite_numbers"} (bytes), "warnings"}
absl::StatusOr<json> StyleDescribe(const Asset& asset);

// Which tiles style_tiles draws, and how.
struct TilesRequest {
  std::string kind = "lid";          // side | lid | aux
  int first = 0;
  std::optional<int> count;          // default: the rest of the kind, at most 64
  std::optional<int> remap;          // lid/aux: 0..3 (default 0)
  std::optional<std::string> direction;  // side: top|bottom|left|right (default top)
  int columns = 8;
  int scale = 1;                     // 1..4
};
inline constexpr int kDefaultTileCount = 64;
inline constexpr int kTileGap = 2;  // transparent pixels between tiles

// The request from a tool's (valid) arguments; errors for a remap given for
// side tiles or a direction for lid/aux tiles.
absl::StatusOr<TilesRequest> TilesRequestFrom(const json& arguments);

// style_tiles: a sheet of tiles, `columns` a row, kTileGap pixels apart.
// structuredContent: {"path", "kind", "first", "count", "total" (tiles of the
// kind), "remap" (lid/aux) or "direction" (side), "columns", "rows",
// "scale", "width", "height", "tiles": [{"tile" (number in the kind),
// "clut" (or null)}], "warnings"}. A tile whose palette cannot be resolved
// is transparent and named in warnings.
absl::StatusOr<GtaImage> StyleTiles(const Asset& asset, const TilesRequest& request);

struct FontRequest {
  std::string text;
  std::string kind = "text";  // text | icon | digit: the code of glyph 0
  int scale = 1;              // 1..8
  // How far ' ' advances when the font has no glyph for it; default: half
  // the font's height. Negative: report ' ' as missing.
  std::optional<int> space_width;
};

// font_render: the text on one line, pixel 0 transparent.
// structuredContent: {"path", "text", "kind", "scale", "width", "height",
//   "glyphs": {"count", "height", "first_code"}, "drawn",
//   "missing": [{"position", "code", "reason"}], "warnings"}.
// Text with no glyph at all is an error.
absl::StatusOr<GtaImage> FontRender(const Asset& asset, const FontRequest& request);

// Reads a file next to the asset (a RAT's palette): a context's VFS, or a
// folder on disk for the CLI.
using ReadBytes = std::function<absl::StatusOr<contexts::Blob>(const std::string& path)>;

struct PictureRequest {
  std::optional<int> width, height;   // both or neither; neither: by name
  std::optional<std::string> palette; // RAT: the palette's path; default beside it
};

// The default palette path of a RAT: RatPaletteName in the picture's folder.
std::string DefaultRatPalettePath(const std::string& picture_path);

// picture_export: a RAW (24-bit) or RAT (8-bit, through its palette) picture.
// structuredContent: {"path", "format" ("raw"|"rat"), "width", "height",
//   "palette" (the RAT's palette path, null for RAW)}.
absl::StatusOr<GtaImage> PictureExport(const Asset& asset, const PictureRequest& request,
                                       const ReadBytes& read);

// player_describe's structuredContent:
//   {"path", "settings" (hex), "settings_bytes" [20 numbers],
//    "language_override", "language_raw" (hex),
//    "high_scores": [{"level", "scores": [{"rank", "score", "name"}]}] (6 x 3),
//    "players": [{"index", "name" (or null)}], "current_player",
//    "network_name", "warnings"}
absl::StatusOr<json> PlayerDescribe(const Asset& asset);

// The handlers' work once the context is known (arguments already valid).
// `limits` caps the inline image (default: the server's default).
mcp::ToolResult RunStyleDescribe(const contexts::Context& context, const json& arguments);
mcp::ToolResult RunStyleTiles(const contexts::Context& context, const json& arguments,
                              const mcp::Limits& limits = mcp::Limits());
mcp::ToolResult RunFontRender(const contexts::Context& context, const json& arguments,
                              const mcp::Limits& limits = mcp::Limits());
mcp::ToolResult RunPictureExport(const contexts::Context& context, const json& arguments,
                                 const mcp::Limits& limits = mcp::Limits());
mcp::ToolResult RunPlayerDescribe(const contexts::Context& context, const json& arguments);

mcp::Tool StyleDescribeTool();
mcp::Tool StyleTilesTool();
mcp::Tool FontRenderTool();
mcp::Tool PictureExportTool();
mcp::Tool PlayerDescribeTool();

}  // namespace kbot::tools
