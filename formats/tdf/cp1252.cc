#include "formats/tdf/cp1252.h"

#include "base/utf8.h"

namespace kbot::tdf {

namespace {

// 0x80..0x9F; the undefined five are their C1 controls (see cp1252.h).
constexpr char16_t kCp1252High[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

char32_t Cp1252Char(uint8_t byte) {
  return byte >= 0x80 && byte < 0xA0 ? char32_t(kCp1252High[byte - 0x80]) : char32_t(byte);
}

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
  for (char c : text) AppendUtf8(out, Cp1252Char(uint8_t(c)));
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
  for (int i = 0; i < 32; ++i) {
    if (kCp1252High[i] == code) return uint8_t(0x80 + i);
  }
  return std::nullopt;
}

}  // namespace kbot::tdf
