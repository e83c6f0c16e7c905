#include "base/text_fold.h"

#include "absl/strings/match.h"
#include "base/utf8.h"

namespace kbot {

namespace {

// U+00C0..U+00FF folded; nullptr for the two signs among the letters
// (U+00D7 multiplication, U+00F7 division), which stay.
constexpr const char* kLatin1Letters[64] = {
    "a", "a", "a", "a", "a", "a",  "ae", "c",   // À Á Â Ã Ä Å Æ Ç
    "e", "e", "e", "e", "i", "i",  "i",  "i",   // È É Ê Ë Ì Í Î Ï
    "d", "n", "o", "o", "o", "o",  "o",  nullptr,  // Ð Ñ Ò Ó Ô Õ Ö ×
    "o", "u", "u", "u", "u", "y",  "th", "ss",  // Ø Ù Ú Û Ü Ý Þ ß
    "a", "a", "a", "a", "a", "a",  "ae", "c",   // à á â ã ä å æ ç
    "e", "e", "e", "e", "i", "i",  "i",  "i",   // è é ê ë ì í î ï
    "d", "n", "o", "o", "o", "o",  "o",  nullptr,  // ð ñ ò ó ô õ ö ÷
    "o", "u", "u", "u", "u", "y",  "th", "y"};  // ø ù ú û ü ý þ ÿ

// The letters Windows-1252 adds in 0x80..0x9F, folded; nullptr for the rest.
const char* Windows1252Letter(char32_t code) {
  switch (code) {
    case 0x0152: case 0x0153: return "oe";  // Œ œ
    case 0x0160: case 0x0161: return "s";   // Š š
    case 0x017D: case 0x017E: return "z";   // Ž ž
    case 0x0178: return "y";                // Ÿ
    case 0x0192: return "f";                // ƒ
    default: return nullptr;
  }
}

void AppendFolded(std::string& out, char32_t code) {
  if (code >= 'A' && code <= 'Z') {
    out += char(code - 'A' + 'a');
    return;
  }
  const char* folded = nullptr;
  if (code >= 0xC0 && code <= 0xFF) folded = kLatin1Letters[code - 0xC0];
  if (folded == nullptr) folded = Windows1252Letter(code);
  if (folded != nullptr) {
    out += folded;
  } else {
    AppendUtf8(out, code);
  }
}

}  // namespace

std::string FoldCaseAndAccents(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t at = 0; at < text.size();) {
    const Utf8Char c = DecodeUtf8At(text, at);
    AppendFolded(out, c.code);
    at += c.size;
  }
  return out;
}

bool ContainsFolded(absl::string_view text, absl::string_view folded) {
  return absl::StrContains(FoldCaseAndAccents(text), folded);
}

}  // namespace kbot
