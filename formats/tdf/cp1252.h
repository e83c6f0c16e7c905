// Windows-1252, the code page TA's text files are written in, to and from
// UTF-8. 0x00-0x7F are ASCII, 0xA0-0xFF are Latin-1 (U+00A0-U+00FF), and
// 0x80-0x9F are the code page's typographic characters (0x80 is U+20AC EURO
// SIGN, 0x92 U+2019 ...). The five bytes the code page leaves undefined (0x81,
// 0x8D, 0x8F, 0x90, 0x9D) read as the C1 controls of the same value (U+0081
// ...), as Windows' own conversion reads them, so every byte has a character
// and every file converts back to its own bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"

namespace kbot::tdf {

// `text` (Windows-1252 bytes) appended to `out` as UTF-8.
void AppendCp1252AsUtf8(absl::string_view text, std::string& out);

// `text` (UTF-8, read by base/utf8.h: a byte that starts no well-formed
// sequence reads as its Windows-1252 character) appended to `out` as UTF-8:
// what a file that begins with a UTF-8 byte-order mark holds.
void AppendLenientUtf8(absl::string_view text, std::string& out);

// The Windows-1252 byte of a character, or nullopt when the code page has none.
std::optional<uint8_t> Cp1252Byte(char32_t code);

}  // namespace kbot::tdf
