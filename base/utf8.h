// UTF-8 read a character at a time, for the tools that compare or describe
// text by characters rather than bytes: a search that ignores accents, a
// summary of the characters a font has no glyph for.
//
// A byte that does not start well-formed UTF-8 (overlong forms, surrogates
// and code points past U+10FFFF are not) reads as one Windows-1252
// character, and as Latin-1 where that code page leaves a hole: texts that
// are not UTF-8 were written in that code page (GTA1's European editions,
// a Windows terminal), so é stays é whichever way it was stored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace kbot {

struct Utf8Char {
  char32_t code = 0;
  size_t size = 1;  // bytes it takes, 1..4
};

// The character that starts at byte `at` of `text`; `at` < text.size().
Utf8Char DecodeUtf8At(absl::string_view text, size_t at);

// The character a Windows-1252 byte stands for; the five bytes the code page
// leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) stand for the Latin-1
// control of the same value, so every byte has one and maps back.
char32_t Windows1252Char(uint8_t byte);

// `code` appended to `out` as UTF-8 (U+FFFD for a surrogate or past U+10FFFF).
void AppendUtf8(std::string& out, char32_t code);

}  // namespace kbot
