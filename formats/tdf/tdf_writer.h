// Writes a TDF tree back as the game's own files are laid out:
//
//   [UNITINFO]\r\n             a section's name at its depth's indentation
//   \t{\r\n                    its braces and entries one tab deeper
//   \tUnitName=ARMCOM;\r\n     key=value; with no spaces around '='
//   \t[DAMAGE]\r\n             a child section at its parent's entries' depth
//   \t\t{\r\n
//   \t\tdefault=75;\r\n
//   \t\t}\r\n
//   \t}\r\n
//
// Lines end in CR LF; no blank lines, no comments. Within a section, entries
// and child sections are written in the order of their positions (a tree read
// from a file is written in its own order; a built one, all of whose
// positions are 0, has its entries first). Text is written in Windows-1252.
//
// ParseTdf of the bytes gives back the same tree (SameTdfContent), which is
// why the writer refuses, naming the section and key, what would read back
// differently: a name, key or value with a character Windows-1252 has not,
// with a line break or NUL, or with blanks (space, tab, control bytes) at
// either end (the reader trims them); a value holding ';', '}', "//" or "/*";
// a key that is empty or holds '=', ';', '{', '}', '[', "//" or "/*"; a
// section name holding ']'; text that is not UTF-8; nesting deeper than
// kMaxTdfDepth.
#pragma once

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/tdf/tdf.h"

namespace kbot::tdf {

absl::StatusOr<std::vector<uint8_t>> WriteTdf(const std::vector<TdfSection>& sections);

}  // namespace kbot::tdf
