// TDF: Total Annihilation's text configuration syntax, shared by units
// (*.fbi), weapons and features (*.tdf), maps (*.ota) and menus (*.gui), in
// TA and TA: Kingdoms. docs/formats/tdf.md has every rule and its source.
//
//   [UNITINFO]                  a section: a name in brackets, then a body
//       {                       in braces; sections nest
//       UnitName=ARMCOM;        an entry: key=value; the value runs to the
//       Name=Commander;         ';' and is trimmed
//       [DAMAGE]                a child section
//           {
//           default=75;
//           }
//       }
//
// Text is 8-bit Windows-1252 (a UTF-8 byte-order mark marks a UTF-8 file);
// names, keys and values come out as UTF-8, spelt as in the file. Names and
// keys compare without regard to ASCII case. Comments are `//` to the end of
// the line and `/* ... */`.
//
// The reader accepts what the game accepts: the sloppy cases real files have
// (a missing ';', a missing final '}', stray ';', duplicate keys and
// sections, a byte-order mark, NULs at the end ...) are warnings with their
// line and column. Only a structure that cannot be read is an error: an
// unclosed '[', text after the last section that is not a section, sections
// nested deeper than kMaxTdfDepth.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"

namespace kbot::tdf {

// The deepest nesting read or written: the game's files use two levels.
inline constexpr int kMaxTdfDepth = 64;
// How many warnings a parse keeps (it counts them all).
inline constexpr size_t kMaxTdfWarnings = 100;

// A place in the file: 1-based line (LF, CR LF and a lone CR each end one)
// and 1-based column in bytes (characters, in a Windows-1252 file). 0 for
// what was built in memory rather than read.
struct TdfPosition {
  uint32_t line = 0;
  uint32_t column = 0;

  friend bool operator==(const TdfPosition&, const TdfPosition&) = default;
};

struct TdfEntry {
  std::string key;    // trimmed, spelt as in the file
  std::string value;  // trimmed; may be empty
  TdfPosition at;     // the key's first character

  friend bool operator==(const TdfEntry&, const TdfEntry&) = default;
};

struct TdfSection {
  std::string name;  // between the brackets, trimmed
  TdfPosition at;    // the '['
  std::vector<TdfEntry> entries;     // file order, duplicates kept
  std::vector<TdfSection> sections;  // children, file order, duplicates kept

  // The last entry whose key equals `key` without regard to ASCII case (the
  // later of two duplicates wins, as in the game); nullptr if none.
  const TdfEntry* Find(absl::string_view key) const;
  // Its value, or nullopt.
  std::optional<absl::string_view> Value(absl::string_view key) const;
  // The first child section of that name (ASCII case ignored); nullptr if none.
  const TdfSection* FindSection(absl::string_view name) const;
  // Every child section of that name, in file order.
  std::vector<const TdfSection*> Sections(absl::string_view name) const;

  friend bool operator==(const TdfSection&, const TdfSection&) = default;
};

struct TdfWarning {
  TdfPosition at;
  std::string message;

  friend bool operator==(const TdfWarning&, const TdfWarning&) = default;
};

// "line 3 column 7: missing ';' after the value of 'Name'".
std::string TdfWarningText(const TdfWarning& warning);

struct TdfFile {
  std::vector<TdfSection> sections;  // top-level sections, file order
  std::vector<TdfWarning> warnings;  // the first kMaxTdfWarnings
  uint64_t warning_count = 0;        // all of them
  bool utf8 = false;                 // the file began with a UTF-8 byte-order mark

  // As TdfSection's, over the top-level sections.
  const TdfSection* FindSection(absl::string_view name) const;
  std::vector<const TdfSection*> Sections(absl::string_view name) const;
};

// Reads a TDF file. Errors (InvalidArgument, a FormatError naming `name` and
// "line L column C") only for what cannot be read: a '[' with no ']' on its
// line, text after the last section that is neither a section nor a comment,
// sections nested deeper than kMaxTdfDepth. Cost is linear in the file.
absl::StatusOr<TdfFile> ParseTdf(Bytes file, absl::string_view name);

// Whether two trees hold the same names, keys and values in the same order,
// whatever their positions: what a write and a read give back.
bool SameTdfContent(const std::vector<TdfSection>& a, const std::vector<TdfSection>& b);

// A value read as a number, as the game reads one: spaces and tabs around it,
// an optional sign, digits with an optional fraction ("1.5", "-2", ".5",
// "3.") and an optional exponent. nullopt when it is not one: "", "abc",
// "12abc", "0x10" (a string, not hex), "inf", "nan".
std::optional<double> ParseTdfNumber(absl::string_view value);

}  // namespace kbot::tdf
