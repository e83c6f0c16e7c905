// What the G24 reader (style.cc) and the 8-bit reader (style_gry.cc) share:
// the tile size checks, walking the sections laid end to end, and the
// animations, which both formats store alike.
#pragma once

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "formats/gta/style.h"

namespace kbot::gta::style_internal {

inline uint64_t RoundUp(uint64_t n, uint64_t unit) { return (n + unit - 1) / unit * unit; }

inline uint64_t TileBytes(const StyleHeader& hd) {
  return uint64_t(hd.side_size) + hd.lid_size + hd.aux_size;
}

// Whole tiles of each kind, at most kMaxTileBytes of them.
absl::Status CheckTileSizes(const StyleHeader& hd, absl::string_view name);

// One section in file order: its name, the header's size, what it takes in
// the file (more for padded sections) and where its bytes go.
struct SectionLayout {
  const char* name;
  uint64_t size;
  uint64_t stored;
  Bytes* bytes;
};

// Lays the sections end to end from `at`, records each in style.sections,
// and points each `bytes` at its stored bytes. Error for a section past the
// end of the file; bytes after the last are a warning.
absl::Status LocateSections(Bytes file, uint64_t at, const std::vector<SectionLayout>& layout,
                            Style& style);

// The sections both formats store alike, located by LocateSections.
struct SharedSections {
  Bytes tiles, animations, object_info, cars, sprite_info, sprite_graphics, sprite_numbers;
};

// Into a style whose header is set: its tile counts, the shared sections'
// bytes, then its animations (last: they name tiles, which the counts bound;
// offsets in their messages are the file's, from style.sections).
absl::Status TakeSharedSections(const SharedSections& sections, Style& style);

inline std::vector<uint8_t> Raw(Bytes section) { return {section.begin(), section.end()}; }

}  // namespace kbot::gta::style_internal
