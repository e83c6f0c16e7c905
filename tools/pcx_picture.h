// A PCX picture drawn for picture_export (and `kbot pcx export`): an 8-bit
// one through its own trailing palette, or when it has none through the
// context's palette chain (palettepick/); a `palette` given wins over both.
// A 24-bit (or 32-bit) one as it is. docs/formats/pcx.md has the format.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "formats/image/picture.h"
#include "tools/gaf_tools.h"
#include "tools/picture_export_tool.h"

namespace kbot::tools {

struct PcxDrawing {
  image::RgbaPicture picture;
  std::string color;  // indexed | rgb | rgba: what the file holds
  // Which palette an indexed picture was drawn with: "trailer" (its own), or
  // a palette chain source ("override", "palette-pal", "embedded"...); null
  // for an RGB one.
  std::optional<std::string> palette_source;
  std::optional<std::string> palette;  // that palette's path; null for the trailer, embedded
  std::vector<std::string> warnings;   // the reader's, then the chain's
};

// `asset` (a PCX) drawn in colours. `palette` is a path read with `read`;
// `context`, when there is one, runs the palette chain for a file with no
// trailer, else (a plain file) the built-in TA palette colours it.
absl::StatusOr<PcxDrawing> DrawPcx(const Asset& asset, const std::optional<std::string>& palette,
                                   const ReadBytes& read, const contexts::Context* context);

}  // namespace kbot::tools
