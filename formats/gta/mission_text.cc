#include "formats/gta/mission_text.h"

#include <algorithm>
#include <cstdint>

#include "absl/strings/str_cat.h"

namespace kbot::gta::mission_internal {

IntRead ReadInt(absl::string_view s, size_t& pos, int& value) {
  size_t p = pos;
  const bool negative = p < s.size() && s[p] == '-';
  if (negative) ++p;
  const size_t digits = p;
  int64_t v = 0;
  bool overflow = false;
  for (; p < s.size() && IsDigit(s[p]); ++p) {
    // Every digit is consumed, as the game's reader does, but the value
    // stops growing once it is past any int32 (the exe would wrap).
    if (!overflow) v = v * 10 + (s[p] - '0');
    if (v > int64_t{INT32_MAX} + 1) overflow = true;
  }
  if (p == digits) return IntRead::kNone;
  pos = p;
  if (negative) v = -v;
  if (overflow || v > INT32_MAX || v < INT32_MIN) return IntRead::kOverflow;
  value = int(v);
  return IntRead::kOk;
}

std::string Quote(absl::string_view s) {
  constexpr size_t kMax = 40;
  return s.size() <= kMax ? std::string(s) : absl::StrCat(s.substr(0, kMax - 3), "...");
}

std::string Upper(absl::string_view s) {
  std::string out(s);
  for (char& c : out) c = (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
  return out;
}

bool IsWordShaped(absl::string_view w) {
  if (w.empty() || IsDigit(w[0])) return false;
  return std::all_of(w.begin(), w.end(), [](char c) {
    return IsDigit(c) || c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  });
}

bool LogicalLines::Next(LogicalLine& out) {
  if (pos_ >= text_.size()) return false;
  const size_t begin = pos_;
  out.line = line_;
  out.text.clear();
  while (pos_ < text_.size() && text_[pos_] != '\n') {
    if (CommentAt(pos_)) {
      SkipComment();
      out.text += ' ';
      continue;
    }
    const char c = text_[pos_++];
    out.text += (c == '\t' || c == '\r') ? ' ' : c;
  }
  out.raw = text_.substr(begin, pos_ - begin);
  if (pos_ < text_.size()) ++pos_, ++line_;  // the '\n'
  return true;
}

// The game takes '{' for a comment only right after a skipped blank: one
// glued to a token ("5{x}", or "{a}{b}"'s second) is part of the text.
bool LogicalLines::CommentAt(size_t i) const {
  return text_[i] == '{' && (i == 0 ? blank_before_ : IsBlank(text_[i - 1]));
}

// To the first '}' (comments do not nest); to the end without one, as the
// game's tokeniser runs on past the section's text.
void LogicalLines::SkipComment() {
  const size_t close = text_.find('}', pos_ + 1);
  const size_t end = close == absl::string_view::npos ? text_.size() : close + 1;
  if (close == absl::string_view::npos) open_comment_ = line_;
  line_ += size_t(std::count(text_.begin() + pos_, text_.begin() + end, '\n'));
  pos_ = end;
}

IntRead LeadInt(Cursor& c, int& value) {
  c.Skip();
  size_t p = c.pos;
  const IntRead r = ReadInt(c.s, p, value);
  if (r == IntRead::kNone || (p < c.s.size() && c.s[p] != ' ' && c.s[p] != '(')) {
    return IntRead::kNone;
  }
  c.pos = p;
  return r;
}

IntRead IntToken(absl::string_view token, int& value) {
  size_t p = 0;
  const IntRead r = ReadInt(token, p, value);
  return p == token.size() ? r : IntRead::kNone;
}

absl::string_view Values::From(absl::string_view line, size_t i) const {
  const size_t at = i < starts.size() ? starts[i] : (stop.empty() ? line.size() : stop_at);
  absl::string_view rest = line.substr(at);
  while (!rest.empty() && rest.back() == ' ') rest.remove_suffix(1);
  return rest;
}

Values ReadValues(Cursor& c) {
  Values v;
  while (!c.AtEnd()) {
    const size_t at = c.pos;
    const absl::string_view token = c.Word();
    int value = 0;
    const IntRead r = IntToken(token, value);
    if (r != IntRead::kOk) {
      v.stop = token;
      v.stop_at = at;
      v.overflow = r == IntRead::kOverflow;
      break;
    }
    if (v.ints.size() < kMaxValues) {
      v.ints.push_back(value);
      v.starts.push_back(at);
    }
    ++v.count;
  }
  return v;
}

}  // namespace kbot::gta::mission_internal
