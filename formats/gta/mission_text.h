// How the game's tokeniser sees a MISSION.INI section: blanks, comments,
// integers and words, and the reader's unit above them, the logical line.
// Internal to the reader (mission.cc, mission_body.cc); the rules are set
// out in mission.h.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace kbot::gta::mission_internal {

// Space, tab, CR, LF: what the game skips between tokens.
inline bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }

enum class IntRead { kOk, kNone, kOverflow };
// An optional '-' and decimal digits at s[pos], as the game reads an integer.
// kNone (pos unchanged) without digits; kOverflow (pos past the digits,
// `value` unchanged) when it does not fit in 32 bits.
IntRead ReadInt(absl::string_view s, size_t& pos, int& value);

// `s` cut to at most 40 bytes for a message ("ABC...").
std::string Quote(absl::string_view s);
// ASCII letters in upper case: to suggest the name a lower-case word meant.
std::string Upper(absl::string_view s);
// A name as the game's tables spell them: letters, digits and '_', not
// starting with a digit.
bool IsWordShaped(absl::string_view w);

// A line as the game's tokeniser sees it: comments out, tabs and CRs as
// spaces. A comment spanning lines joins its two ends into one line, which
// counts as the line it starts on.
struct LogicalLine {
  size_t line = 0;
  std::string text;
  absl::string_view raw;  // as written, comments and all, without its '\n'
};

// The logical lines of a section's body, one at a time.
class LogicalLines {
 public:
  // `line`: the file line `text` starts on. `blank_before`: whether the
  // character before `text` is a blank (for a '{' at its very start).
  LogicalLines(absl::string_view text, size_t line, bool blank_before)
      : text_(text), line_(line), blank_before_(blank_before) {}

  // The next line, blank ones included; false at the end of the body.
  bool Next(LogicalLine& out);
  // The line of a comment the body ends inside, if one does.
  std::optional<size_t> open_comment() const { return open_comment_; }

 private:
  bool CommentAt(size_t i) const;
  void SkipComment();

  absl::string_view text_;
  size_t pos_ = 0;
  size_t line_;
  bool blank_before_;
  std::optional<size_t> open_comment_;
};

// A position in a logical line (whose only blank is ' ').
struct Cursor {
  absl::string_view s;
  size_t pos = 0;

  void Skip() {
    while (pos < s.size() && s[pos] == ' ') ++pos;
  }
  bool AtEnd() {
    Skip();
    return pos >= s.size();
  }
  char Peek() const { return pos < s.size() ? s[pos] : '\0'; }
  // The characters up to the next blank.
  absl::string_view Word() {
    Skip();
    const size_t begin = pos;
    while (pos < s.size() && s[pos] != ' ') ++pos;
    return s.substr(begin, pos - begin);
  }
};

// An integer that leads a line (a line number or a label): it must end at a
// blank, the end, or (for an object's number) a '('.
IntRead LeadInt(Cursor& c, int& value);
// A whole token that is an integer.
IntRead IntToken(absl::string_view token, int& value);

// The values after a type or an opcode: integers, each a token, up to the end
// of the line or the first token that is not one. The first kMaxValues are
// kept: no type reads more than 5.
inline constexpr size_t kMaxValues = 16;
struct Values {
  std::vector<int> ints;
  std::vector<size_t> starts;  // where each of those begins in the line
  size_t count = 0;            // integers read, kept or not
  absl::string_view stop;      // the token that ended them, if not the line's end
  size_t stop_at = 0;
  bool overflow = false;       // `stop` is an integer too large for 32 bits

  // The line from value `i` on (from `stop` when i is past those kept),
  // without trailing blanks.
  absl::string_view From(absl::string_view line, size_t i) const;
};
Values ReadValues(Cursor& c);

}  // namespace kbot::gta::mission_internal
