// The tool palette_describe: the 256 colours of a PAL or of a PCX's trailing
// palette, which colours repeat, the colours at the indices Windows reserves
// (docs/formats/palettes.md, "TA's reserved indices"), and a 16 x 16 swatch
// (docs/json.md, section palette_describe). `kbot palette describe` prints
// the same JSON.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "formats/palette/palette.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct PaletteDescribeRequest : AssetRequest {};
const RequestTable<PaletteDescribeRequest>& PaletteDescribeTable();

struct PaletteColor {
  int index = 0, r = 0, g = 0, b = 0;
  std::string hex;  // "#rrggbb"
  static const ResultTable<PaletteColor>& Fields();
};

// A colour held by more than one index.
struct PaletteDuplicate {
  std::string hex;
  std::vector<int> indices;
  static const ResultTable<PaletteDuplicate>& Fields();
};

// One of the 20 indices Windows keeps for its static colours (0-9, 246-255).
struct PaletteReserved {
  int index = 0;
  std::string hex;      // this file's colour there
  std::string role;     // "windows-static"
  std::string name;     // Windows' name for its colour there ("dark red")
  std::string windows;  // Windows' colour there
  std::string ta;       // TA's palette's colour there
  bool matches_windows = false, matches_ta = false;
  std::string note;     // what TA does with the index, when known
  static const ResultTable<PaletteReserved>& Fields();
};

struct PaletteSwatch {
  int width = 0, height = 0, cell = 0;  // pixels; cell: one colour's side
  size_t bytes = 0;                     // the PNG's
  static const ResultTable<PaletteSwatch>& Fields();
};

// palette_describe's structuredContent, but for the delivery members.
struct PaletteDescription {
  std::string path;
  std::string format;  // "pal" or "pcx"
  std::vector<PaletteColor> colors;
  size_t distinct = 0;
  std::vector<PaletteDuplicate> duplicates;
  std::vector<PaletteReserved> reserved;
  PaletteSwatch swatch;
  static const ResultTable<PaletteDescription>& Fields();
};

struct PaletteDescribeOutcome {
  PaletteDescription description;
  std::vector<uint8_t> png;  // the swatch
};

// The swatch's side in cells and pixels: 16 x 16 colours, 8 px each.
inline constexpr int kSwatchCells = 16;
inline constexpr int kSwatchSide = 128;

// `asset` read as a PAL or a version-5 PCX and described; a file of another
// kind is refused by name (tools/file_kind.h).
absl::StatusOr<PaletteDescribeOutcome> DescribePalette(const Asset& asset);

// The tool's work once the context is known: the JSON and the swatch inline.
ToolResult RunPaletteDescribe(const contexts::Context& context,
                              const PaletteDescribeRequest& request, const Limits& limits);

Tool PaletteDescribeTool();

}  // namespace kbot::tools
