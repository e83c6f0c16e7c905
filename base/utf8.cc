#include "base/utf8.h"

#include <cstdint>

namespace kbot {

namespace {

// Windows-1252's 0x80..0x9F; 0 where the code page defines nothing (the byte
// then reads as the Latin-1 control of the same value).
constexpr char16_t kWindows1252High[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017D, 0,
    0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

Utf8Char CodePageChar(uint8_t byte) { return {Windows1252Char(byte), 1}; }

}  // namespace

char32_t Windows1252Char(uint8_t byte) {
  if (byte >= 0x80 && byte < 0xA0 && kWindows1252High[byte - 0x80] != 0) {
    return kWindows1252High[byte - 0x80];
  }
  return byte;
}

Utf8Char DecodeUtf8At(absl::string_view text, size_t at) {
  const uint8_t lead = uint8_t(text[at]);
  if (lead < 0x80) return {lead, 1};
  size_t more;  // continuation bytes
  char32_t code;
  char32_t minimum;  // below it the form is overlong
  if ((lead & 0xE0) == 0xC0) {
    more = 1, code = lead & 0x1F, minimum = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    more = 2, code = lead & 0x0F, minimum = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    more = 3, code = lead & 0x07, minimum = 0x10000;
  } else {
    return CodePageChar(lead);
  }
  if (text.size() - at <= more) return CodePageChar(lead);
  for (size_t k = 1; k <= more; ++k) {
    const uint8_t c = uint8_t(text[at + k]);
    if ((c & 0xC0) != 0x80) return CodePageChar(lead);
    code = (code << 6) | (c & 0x3F);
  }
  if (code < minimum || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
    return CodePageChar(lead);
  }
  return {code, more + 1};
}

void AppendUtf8(std::string& out, char32_t code) {
  if (code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) code = 0xFFFD;
  if (code < 0x80) {
    out += char(code);
  } else if (code < 0x800) {
    out += char(0xC0 | (code >> 6));
    out += char(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += char(0xE0 | (code >> 12));
    out += char(0x80 | ((code >> 6) & 0x3F));
    out += char(0x80 | (code & 0x3F));
  } else {
    out += char(0xF0 | (code >> 18));
    out += char(0x80 | ((code >> 12) & 0x3F));
    out += char(0x80 | ((code >> 6) & 0x3F));
    out += char(0x80 | (code & 0x3F));
  }
}

}  // namespace kbot
