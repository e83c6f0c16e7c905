// `gaf_build`: the folder layout of gaf_dump.h back into a GAF/TAF.
//
// - sequence.csv restores order, exact name, loop word and +4 word; without
//   it the folder name is the name and the loop word is 1. Sequences with a
//   sequence.csv come first, by its index; the others follow by folder name.
// - Indexed images: indices copied, transparent pixels become the frame's
//   key. RGBA images: an opaque pixel becomes the nearest palette colour that
//   is not the key; alpha 0 is transparent. Truecolor frames narrow RGBA back
//   to their 16-bit pixels exactly.
// - storage and blend restore each frame header. A frame without a storage is
//   run-encoded, except that every frame of a target path matching
//   textures/*.gaf or anims/vismasks.gaf is raw (the game reads those as plain
//   pixel arrays). `storage_override` beats both for paletted frames.
// - The TA3D truecolor variant (asked for, or chosen when any frame says
//   zlib-rgba or zlib-rgb) writes every frame as a zlib image: RGBA when it
//   says zlib-rgba, RGB when it says zlib-rgb, else RGBA when any of its
//   pixels is not opaque. The transparency byte follows (TA3D tells RGB from
//   RGBA by it), with a warning when that changes the stored value.
// - A sub-folder with neither CSV is skipped with a warning; any other that
//   cannot be built stops the build with an error naming folder, file, line.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gaf/gaf.h"
#include "tools/gaf_tools.h"

namespace kbot::edit {

// The tool layer's GAF types, which the editing commands share with gaf_export.
using tools::Asset;
using tools::json;
using tools::PaletteChoice;

struct BuildRequest {
  std::string dir;
  std::string target;
  std::optional<gaf::Storage> storage_override;  // kRaw or kRunEncoded
  PaletteChoice palette;
  // nullopt: the TA3D truecolor variant when any frame's storage is zlib-rgba
  // or zlib-rgb, else the standard one.
  std::optional<gaf::Variant> variant;
};

struct BuiltGaf {
  std::vector<uint8_t> bytes;
  gaf::Variant variant = gaf::Variant::kStandard;
  size_t sequences = 0;
  size_t frames = 0;
  std::vector<std::string> skipped;  // folders without either CSV
  std::vector<std::string> warnings;
};

// Builds in memory; `request.target` only decides the storage defaults.
absl::StatusOr<BuiltGaf> BuildGafBytes(const BuildRequest& request);

// Builds and writes the target beside itself, then renames it into place: a
// failed build leaves an existing target untouched.
// {"target", "variant", "sequences", "frames", "bytes", "skipped": [...],
//  "warnings": [...]}
absl::StatusOr<json> GafBuild(const BuildRequest& request);

// True for paths the game reads as plain pixel arrays: textures/*.gaf and
// anims/vismasks.gaf, case-insensitively, '/' or '\' separated.
bool RawByDefault(absl::string_view target);

}  // namespace kbot::edit
