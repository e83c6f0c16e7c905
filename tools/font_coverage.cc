#include "tools/font_coverage.h"

#include <set>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "base/utf8.h"

namespace kbot::tools {

namespace {

// A glyph 0 pixels wide draws nothing: for the case fit it is no glyph.
bool Draws(const gta::Font& font, char c) {
  const gta::FontGlyph* glyph = font.Find(uint8_t(c));
  return glyph != nullptr && glyph->width > 0;
}

bool DrawsAnyOf(const gta::Font& font, char first, char last) {
  for (char c = first; c <= last; ++c) {
    if (Draws(font, c)) return true;
  }
  return false;
}

// A character as a summary names it: printable ASCII as itself, but for the
// '-' and ',' that separate ranges; anything else as U+XXXX, which no
// terminal or font can garble.
std::string CharName(char32_t code) {
  if (code > 0x20 && code < 0x7F && code != '-' && code != ',') return std::string(1, char(code));
  return absl::StrFormat("U+%04X", uint32_t(code));
}

// The sorted codes as runs of consecutive ones: "a-c", "x", "U+00E0-U+00E9".
std::vector<std::string> Ranges(const std::set<char32_t>& codes) {
  std::vector<std::string> out;
  for (auto it = codes.begin(); it != codes.end();) {
    const char32_t first = *it;
    char32_t last = first;
    for (++it; it != codes.end() && *it == last + 1; ++it) last = *it;
    out.push_back(first == last ? CharName(first)
                                : absl::StrCat(CharName(first), "-", CharName(last)));
  }
  return out;
}

}  // namespace

CaseFit FitCase(const gta::Font& font, absl::string_view text) {
  CaseFit fit{std::string(text)};
  for (char& c : fit.text) {
    if (!absl::ascii_isalpha(uint8_t(c)) || Draws(font, c)) continue;
    const bool lower = absl::ascii_islower(uint8_t(c));
    const char other = lower ? absl::ascii_toupper(uint8_t(c)) : absl::ascii_tolower(uint8_t(c));
    if (!Draws(font, other)) continue;
    ++(lower ? fit.to_capitals : fit.to_lower);
    c = other;
  }
  return fit;
}

std::vector<std::string> CaseWarnings(const gta::Font& font, const CaseFit& fit) {
  std::vector<std::string> out;
  if (fit.to_capitals > 0) {
    out.push_back(absl::StrCat(
        "drew ", fit.to_capitals,
        fit.to_capitals == 1 ? " lower-case letter as a capital"
                             : " lower-case letters as capitals",
        DrawsAnyOf(font, 'a', 'z') ? ": the font has no glyph for them"
                                 : ": the font has no lower case"));
  }
  if (fit.to_lower > 0) {
    out.push_back(absl::StrCat("drew ", fit.to_lower,
                               fit.to_lower == 1 ? " capital" : " capitals", " as lower case",
                               DrawsAnyOf(font, 'A', 'Z') ? ": the font has no glyph for them"
                                                        : ": the font has no capitals"));
  }
  return out;
}

MissingSummary SummariseMissing(absl::string_view text,
                                const std::vector<gta::MissingCode>& missing) {
  std::vector<bool> gone(text.size(), false);  // bytes without a glyph
  for (const gta::MissingCode& m : missing) {
    if (m.position < gone.size()) gone[m.position] = true;
  }
  MissingSummary out;
  std::set<char32_t> codes;
  for (size_t at = 0; at < text.size();) {
    const Utf8Char c = DecodeUtf8At(text, at);
    bool not_drawn = false;
    for (size_t k = at; k < at + c.size; ++k) not_drawn = not_drawn || gone[k];
    if (not_drawn) ++out.count, codes.insert(c.code);
    at += c.size;
  }
  if (out.count == 0) return out;
  std::vector<std::string> ranges = Ranges(codes);
  const size_t more = ranges.size() > kMaxMissingRanges ? ranges.size() - kMaxMissingRanges : 0;
  ranges.resize(ranges.size() - more);
  out.summary = absl::StrCat(out.count,
                             out.count == 1 ? " character has no glyph and takes no room: "
                                            : " characters have no glyph and take no room: ",
                             absl::StrJoin(ranges, ", "));
  if (more > 0) {
    absl::StrAppend(&out.summary, ", and ", more, more == 1 ? " more range" : " more ranges");
  }
  return out;
}

std::vector<gta::MissingCode> DistinctMissing(const std::vector<gta::MissingCode>& missing,
                                              size_t most) {
  std::vector<gta::MissingCode> out;
  std::set<int> seen;
  for (const gta::MissingCode& m : missing) {
    if (out.size() >= most) break;
    if (seen.insert(m.code).second) out.push_back(m);
  }
  return out;
}

}  // namespace kbot::tools
