#include "formats/tdf/cp1252.h"

#include "base/utf8.h"

namespace kbot::tdf {

namespace {

bool AllAscii(absl::string_view text) {
  uint8_t any = 0;
  for (char c : text) any |= uint8_t(c);
  return any < 0x80;
}

}  // namespace

void AppendCp1252AsUtf8(absl::string_view text, std::string& out) {
  if (AllAscii(text)) {  // nearly every name and value
    out.append(text.data(), text.size());
    return;
  }
  for (char c : text) AppendUtf8(out, Windows1252Char(uint8_t(c)));
}

void AppendLenientUtf8(absl::string_view text, std::string& out) {
  for (size_t i = 0; i < text.size();) {
    const Utf8Char c = DecodeUtf8At(text, i);
    AppendUtf8(out, c.code);
    i += c.size;
  }
}

std::optional<uint8_t> Cp1252Byte(char32_t code) {
  if (code < 0x80 || (code >= 0xA0 && code <= 0xFF)) return uint8_t(code);
  for (int b = 0x80; b < 0xA0; ++b) {
    if (Windows1252Char(uint8_t(b)) == code) return uint8_t(b);
  }
  return std::nullopt;
}

}  // namespace kbot::tdf
