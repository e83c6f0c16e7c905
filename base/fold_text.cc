#include "base/fold_text.h"

#include <cstdint>

#include "absl/strings/ascii.h"

namespace kbot {

namespace {

// The base letters of U+00C0-U+017F ("" keeps the character: the sign of
// multiplication and of division). Generated once from Unicode's canonical
// decompositions (the letter without its marks), with the letters that have
// none (Æ, Ø, Ł, ß, Þ...) spelt as they are usually written in ASCII.
constexpr const char* kBase[] = {
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",  // U+00C0
    "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss",  // U+00D0
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",  // U+00E0
    "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",  // U+00F0
    "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",  // U+0100
    "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",  // U+0110
    "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i",  // U+0120
    "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l",  // U+0130
    "l", "l", "l", "n", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",  // U+0140
    "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",  // U+0150
    "s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u",  // U+0160
    "u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s",  // U+0170
};

// The code point of the UTF-8 sequence at `text[i]` and its length, or 0
// when it is not one of two bytes (the only ones the table folds).
uint32_t TwoByteCodePoint(absl::string_view text, size_t i) {
  if (i + 1 >= text.size()) return 0;
  const auto lead = static_cast<unsigned char>(text[i]);
  const auto next = static_cast<unsigned char>(text[i + 1]);
  if ((lead & 0xE0) != 0xC0 || (next & 0xC0) != 0x80) return 0;
  return (uint32_t(lead & 0x1F) << 6) | (next & 0x3F);
}

}  // namespace

std::string FoldText(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const uint32_t cp = TwoByteCodePoint(text, i);
    if (cp >= 0xC0 && cp < 0x180 && *kBase[cp - 0xC0] != '\0') {
      out += kBase[cp - 0xC0];
      ++i;
      continue;
    }
    out += absl::ascii_tolower(static_cast<unsigned char>(text[i]));
  }
  return out;
}

}  // namespace kbot
