// `gaf_dump`: a GAF/TAF as a folder a modder can edit and `gaf_build` reads
// back (docs/formats/gaf.md, "Building from a dump"):
//
//   DIR/<sequence folder>/sequence.csv   index,name,loop_flags,unknown4
//                         frames.csv     frame,width,height,origin_x,origin_y,
//                                        transparency,duration_ticks,
//                                        duration_sec,storage,blend
//                         animated.png   an APNG preview, not read back
//                         0.png, 1.png   one image a frame (or .gif)
//
// Frame images are drawn by the game's rule as indexed images, so every pixel
// keeps its palette index and only transparent pixels are marked. Truecolor
// frames are RGBA PNGs. A frame with no pixels has a CSV row and no image; a
// layered frame is flattened into one image.
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tools/gaf_tools.h"

namespace kbot::edit {

// The tool layer's GAF types, which the editing commands share with gaf_export.
using tools::Asset;
using tools::json;
using tools::PaletteChoice;

struct DumpRequest {
  std::string target;  // the folder to write
  bool gif = false;    // frame images as GIF instead of PNG
  PaletteChoice palette;
  bool scratch = false;  // a temporary folder: skip flushing it to disk
};

// {"path", "target", "sequences": [{"index", "name", "folder", "frames",
//   "images", "flattened"}], "frames", "images", "flattened", "warnings"}
absl::StatusOr<json> GafDump(const Asset& asset, const DumpRequest& request);

// A folder name for a sequence that every file system accepts: unsafe
// characters become '_', reserved and empty names get a suffix, and a name
// already `used` (case-insensitively) gets "_2", "_3"... Adds the result to
// `used` (lower-case).
std::string SequenceFolderName(absl::string_view name, std::vector<std::string>& used);

}  // namespace kbot::edit
