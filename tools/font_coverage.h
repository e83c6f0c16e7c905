// What of a text a GTA1 font can draw, worked out before and after layout
// (docs/json.md, section font_render): letters the font lacks in one case
// are drawn in the other case when it has that one (many of the game's fonts
// are capitals only), and the characters still without a glyph are
// summarised as ranges rather than listed one by one.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "formats/gta/font.h"

namespace kbot::tools {

// The text to lay out: byte for byte the text asked for, but for each ASCII
// letter the font does not draw (no glyph, or one 0 pixels wide) and draws
// in the other case, which takes its place.
struct CaseFit {
  std::string text;
  int to_capitals = 0;  // lower-case letters drawn as capitals
  int to_lower = 0;     // capitals drawn as lower case
};
CaseFit FitCase(const gta::Font& font, absl::string_view text);

// One line per direction the fit took, e.g. "drew 15 lower-case letters as
// capitals: the font has no lower case".
std::vector<std::string> CaseWarnings(const gta::Font& font, const CaseFit& fit);

// The characters of `text` that stay without a glyph: a UTF-8 sequence is
// one character, drawn or not as a whole.
struct MissingSummary {
  size_t count = 0;     // characters not drawn
  std::string summary;  // "" when none; else the count and the characters as ranges
};
// `missing` is LayOutText's for `text`.
MissingSummary SummariseMissing(absl::string_view text,
                                const std::vector<gta::MissingCode>& missing);

// The ranges a summary lists at most; the rest are counted.
inline constexpr size_t kMaxMissingRanges = 10;
// `missing` with each byte once, at its first position, at most `most`.
std::vector<gta::MissingCode> DistinctMissing(const std::vector<gta::MissingCode>& missing,
                                              size_t most);

}  // namespace kbot::tools
