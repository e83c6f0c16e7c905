#include "formats/tdf/tdf_writer.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/utf8.h"
#include "formats/common/format_error.h"
#include "formats/tdf/cp1252.h"

namespace kbot::tdf {

namespace {

enum class TextKind { kName, kKey, kValue };

// What in `text` the reader would not give back, or "" when nothing.
std::string WriteProblem(absl::string_view text, TextKind kind) {
  const auto holds = [&](absl::string_view s) { return text.find(s) != text.npos; };
  if (kind == TextKind::kKey && text.empty()) return "the key is empty";
  if (!text.empty() && (uint8_t(text.front()) <= 0x20 || uint8_t(text.back()) <= 0x20)) {
    return "it begins or ends with a blank, which the reader trims";
  }
  if (holds("\r") || holds("\n")) return "it holds a line break";
  if (holds(absl::string_view("\0", 1))) return "it holds a NUL";
  if (kind != TextKind::kName && (holds("//") || holds("/*"))) {
    return "it holds a comment opener (\"//\" or \"/*\")";
  }
  const char* forbidden = kind == TextKind::kName ? "]" : kind == TextKind::kKey ? "=;{}[" : ";}";
  for (const char* c = forbidden; *c != 0; ++c) {
    if (holds(absl::string_view(c, 1))) {
      return absl::StrCat("it holds '", absl::string_view(c, 1), "', which would end it early");
    }
  }
  return "";
}

// `text` (UTF-8) appended to `out` in Windows-1252, or the reason it cannot be.
std::string AppendCp1252(absl::string_view text, std::vector<uint8_t>& out) {
  uint8_t any = 0;
  for (char c : text) any |= uint8_t(c);
  if (any < 0x80) {  // nearly every name, key and value
    out.insert(out.end(), text.begin(), text.end());
    return "";
  }
  for (size_t i = 0; i < text.size();) {
    const Utf8Char c = DecodeUtf8At(text, i);
    if (uint8_t(text[i]) >= 0x80 && c.size == 1) {
      return absl::StrFormat("it is not UTF-8 (byte 0x%02x at %d)", uint8_t(text[i]), i);
    }
    const std::optional<uint8_t> byte = Cp1252Byte(c.code);
    if (!byte) {
      return absl::StrFormat("it holds U+%04X, which Windows-1252 has no byte for",
                             uint32_t(c.code));
    }
    out.push_back(*byte);
    i += c.size;
  }
  return "";
}

absl::Status Refusal(absl::string_view where, TextKind kind, absl::string_view problem) {
  const char* what = kind == TextKind::kName ? "name" : kind == TextKind::kKey ? "key" : "value";
  return ErrorIn("", where, absl::StrCat("cannot write the ", what, ": ", problem));
}

bool Before(TdfPosition a, TdfPosition b) {
  return a.line != b.line ? a.line < b.line : a.column < b.column;
}

class TdfPrinter {
 public:
  absl::Status Section(const TdfSection& s, int depth, const std::string& parent);

  std::vector<uint8_t> out;

 private:
  std::string Text(absl::string_view text, TextKind kind);
  void Indent(int depth) { out.insert(out.end(), size_t(depth), '\t'); }
  void Put(absl::string_view s) { out.insert(out.end(), s.begin(), s.end()); }
};

// `text` appended in Windows-1252, or what stops it ("" when nothing).
std::string TdfPrinter::Text(absl::string_view text, TextKind kind) {
  std::string problem = WriteProblem(text, kind);
  return problem.empty() ? AppendCp1252(text, out) : problem;
}



absl::Status TdfPrinter::Section(const TdfSection& s, int depth, const std::string& parent) {
  const std::string where = absl::StrCat(parent, parent.empty() ? "" : " ", "[", s.name, "]");
  if (depth >= kMaxTdfDepth) {
    return ErrorIn("", where, absl::StrCat("sections nested deeper than ", kMaxTdfDepth,
                                           " levels"));
  }
  Indent(depth);
  Put("[");
  if (std::string p = Text(s.name, TextKind::kName); !p.empty()) {
    return Refusal(where, TextKind::kName, p);
  }
  Put("]\r\n");
  Indent(depth + 1);
  Put("{\r\n");
  size_t e = 0, c = 0;
  while (e < s.entries.size() || c < s.sections.size()) {
    if (c == s.sections.size() ||
        (e < s.entries.size() && !Before(s.sections[c].at, s.entries[e].at))) {
      const TdfEntry& entry = s.entries[e++];
      Indent(depth + 1);
      std::string p = Text(entry.key, TextKind::kKey);
      const TextKind kind = p.empty() ? TextKind::kValue : TextKind::kKey;
      if (p.empty()) {
        Put("=");
        p = Text(entry.value, TextKind::kValue);
      }
      if (!p.empty()) return Refusal(absl::StrCat(where, " key '", entry.key, "'"), kind, p);
      Put(";\r\n");
    } else {
      if (absl::Status st = Section(s.sections[c++], depth + 1, where); !st.ok()) return st;
    }
  }
  Indent(depth + 1);
  Put("}\r\n");
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<uint8_t>> WriteTdf(const std::vector<TdfSection>& sections) {
  TdfPrinter printer;
  for (const TdfSection& s : sections) {
    if (absl::Status st = printer.Section(s, 0, ""); !st.ok()) return st;
  }
  return std::move(printer.out);
}

}  // namespace kbot::tdf
