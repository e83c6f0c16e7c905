// The TDF reader: one pass over the bytes, an explicit stack of open sections
// (no recursion), and a warning for every sloppy case the game accepts.
// docs/formats/tdf.md gives each rule and the reader it follows.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/tdf/cp1252.h"
#include "formats/tdf/tdf.h"

namespace kbot::tdf {

namespace {

// Byte classes. A key stops at '=' or at what cannot be in one; a value at
// its ';' or at what ends it without one (a line break, '}', a NUL).
enum : uint8_t { kEndsValue = 1, kEndsKey = 2 };

struct ByteClasses {
  uint8_t of[256] = {};
  constexpr ByteClasses() {
    for (uint8_t c : {';', '\r', '\n', '\0', '}'}) of[c] = kEndsValue | kEndsKey;
    for (uint8_t c : {'=', '{', '['}) of[c] = kEndsKey;
  }
};
constexpr ByteClasses kClasses;

// Space, tab and the other control bytes but NUL and the line breaks (a DOS
// end-of-file 0x1A, a form feed) are blanks, as whitespace is to C's parsers.
bool IsBlank(uint8_t c) { return c != 0 && c <= 0x20; }

absl::string_view TrimBlanks(absl::string_view s) {
  while (!s.empty() && IsBlank(uint8_t(s.front()))) s.remove_prefix(1);
  while (!s.empty() && IsBlank(uint8_t(s.back()))) s.remove_suffix(1);
  return s;
}

// The entries of one section as a set of indices hashed and compared by key
// without regard to ASCII case: a duplicate is found in constant time with no
// lower-cased copy of each key (most of a file is entries).
struct KeyHash {
  const std::vector<TdfEntry>* entries;
  size_t operator()(uint32_t i) const {
    uint64_t h = 0xcbf29ce484222325u;  // FNV-1a over the folded bytes, then mixed
    for (char c : (*entries)[i].key) h = (h ^ uint8_t(absl::ascii_tolower(c))) * 0x100000001b3u;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    return size_t(h ^ (h >> 33));
  }
};
struct KeyEq {
  const std::vector<TdfEntry>* entries;
  bool operator()(uint32_t a, uint32_t b) const {
    return absl::EqualsIgnoreCase((*entries)[a].key, (*entries)[b].key);
  }
};

// A section being read, with what is in it already, to report duplicates.
// Held by pointer: the key set points at the section's own entries.
struct OpenSection {
  explicit OpenSection(TdfSection s)
      : section(std::move(s)), keys(0, KeyHash{&section.entries}, KeyEq{&section.entries}) {}

  TdfSection section;
  absl::flat_hash_set<uint32_t, KeyHash, KeyEq> keys;
  absl::flat_hash_map<std::string, TdfPosition> children;  // ASCII lower case -> first
};

class TdfReader {
 public:
  TdfReader(Bytes file, absl::string_view name)
      : data_(file.data()), end_(file.size()), name_(name) {}

  absl::StatusOr<TdfFile> Run();

 private:
  TdfPosition At(size_t pos) const {
    return {uint32_t(line_), uint32_t(pos - line_start_ + 1)};
  }
  void Warn(TdfPosition at, std::string message) {
    ++warning_count_;
    if (warnings_.size() < kMaxTdfWarnings) warnings_.push_back({at, std::move(message)});
  }
  absl::Status ErrorAt(TdfPosition at, absl::string_view detail) const {
    return ErrorIn(name_, absl::StrCat("line ", at.line, " column ", at.column), detail);
  }
  bool Next2(char a, char b) const {
    return pos_ + 1 < end_ && data_[pos_] == uint8_t(a) && data_[pos_ + 1] == uint8_t(b);
  }
  size_t Depth() const { return open_.size() - 1; }
  OpenSection& Innermost() { return *open_.back(); }

  void Begin();
  absl::Status Step();
  absl::Status Finish();
  void LineBreak();
  void SkipBlank();
  void SkipLineComment();
  void SkipBlockComment();
  void SkipOrphanText();
  absl::Status OpenSectionAt();
  void CloseSection();
  void AddSection(TdfSection section);
  void ReadEntry();
  bool ScanUntil(uint8_t stops, uint8_t wanted);
  std::string Text(absl::string_view raw) const;
  std::string Quote(absl::string_view raw) const;

  const uint8_t* data_;
  size_t end_;  // the trailing NULs are left out
  std::string name_;
  size_t pos_ = 0;
  size_t line_ = 1;
  size_t line_start_ = 0;
  bool utf8_ = false;
  size_t trailing_nuls_ = 0;
  bool after_close_ = false;  // the last thing read was a '}'
  std::vector<std::unique_ptr<OpenSection>> open_;  // [0] holds the top-level sections
  std::vector<TdfPosition> orphans_;    // top-level text since the last section
  std::string scratch_;                 // a key's or value's bytes, comments cut
  absl::string_view scanned_;           // what ScanUntil moved over
  std::vector<TdfWarning> warnings_;
  uint64_t warning_count_ = 0;
};

absl::StatusOr<TdfFile> TdfReader::Run() {
  Begin();
  for (SkipBlank(); pos_ < end_; SkipBlank()) {
    if (absl::Status s = Step(); !s.ok()) return s;
  }
  if (absl::Status s = Finish(); !s.ok()) return s;
  TdfFile file;
  file.sections = std::move(open_[0]->section.sections);
  file.warnings = std::move(warnings_);
  file.warning_count = warning_count_;
  file.utf8 = utf8_;
  return file;
}

// The byte-order mark and the NULs at the end: both are left out of the text.
void TdfReader::Begin() {
  open_.push_back(std::make_unique<OpenSection>(TdfSection{}));
  while (end_ > 0 && data_[end_ - 1] == 0) --end_, ++trailing_nuls_;
  if (end_ >= 3 && data_[0] == 0xEF && data_[1] == 0xBB && data_[2] == 0xBF) {
    utf8_ = true;
    pos_ = line_start_ = 3;
    Warn({1, 1}, "a UTF-8 byte-order mark: the file is read as UTF-8, not Windows-1252");
  }
}

// One thing at the current position, which is not blank.
absl::Status TdfReader::Step() {
  const uint8_t c = data_[pos_];
  if (c == '[') return OpenSectionAt();
  const bool after_close = std::exchange(after_close_, false);
  if (c == ';') {
    Warn(At(pos_), after_close ? "stray ';' after '}'" : "stray ';'");
    ++pos_;
  } else if (c == '}') {
    if (Depth() == 0) {
      Warn(At(pos_), "'}' closes no section: ignored");
    } else {
      CloseSection();
      after_close_ = true;
    }
    ++pos_;
  } else if (Depth() == 0) {
    SkipOrphanText();
  } else if (c == '{') {
    Warn(At(pos_), "stray '{' inside a section: ignored");
    ++pos_;
  } else {
    ReadEntry();
  }
  return absl::OkStatus();
}

// The end of the file closes what is still open; top-level text after the
// last section is the one thing the reader cannot place.
absl::Status TdfReader::Finish() {
  if (!orphans_.empty()) {
    return ErrorAt(orphans_.front(),
                   open_[0]->section.sections.empty()
                       ? "text outside any section, and no section in the file"
                       : "text after the last section that is not a section");
  }
  while (Depth() > 0) {
    const TdfSection& s = Innermost().section;
    Warn(At(pos_), absl::StrCat("missing '}' at the end of the file for [", s.name,
                                "] (line ", s.at.line, ")"));
    CloseSection();
  }
  if (trailing_nuls_ > 0) {
    Warn(At(pos_), absl::StrCat(trailing_nuls_, " NUL byte(s) at the end of the file: ignored"));
  }
  return absl::OkStatus();
}

void TdfReader::LineBreak() {
  pos_ += (data_[pos_] == '\r' && pos_ + 1 < end_ && data_[pos_ + 1] == '\n') ? 2 : 1;
  ++line_;
  line_start_ = pos_;
}

// Blanks, line breaks, comments and stray NULs (one warning a run).
void TdfReader::SkipBlank() {
  while (pos_ < end_) {
    const uint8_t c = data_[pos_];
    if (c == '\n' || c == '\r') {
      LineBreak();
    } else if (IsBlank(c)) {
      ++pos_;
    } else if (c == 0) {
      const TdfPosition at = At(pos_);
      const size_t from = pos_;
      while (pos_ < end_ && data_[pos_] == 0) ++pos_;
      Warn(at, absl::StrCat(pos_ - from, " NUL byte(s) inside the file: read as blanks"));
    } else if (Next2('/', '/')) {
      SkipLineComment();
    } else if (Next2('/', '*')) {
      SkipBlockComment();
    } else {
      return;
    }
  }
}

// At "//": up to the line break, which is left for SkipBlank.
void TdfReader::SkipLineComment() {
  pos_ += 2;
  while (pos_ < end_ && data_[pos_] != '\n' && data_[pos_] != '\r') ++pos_;
}

// At "/*": past the "*/", counting the lines it spans. An unclosed comment
// runs to the end of the file.
void TdfReader::SkipBlockComment() {
  const TdfPosition at = At(pos_);
  pos_ += 2;
  while (pos_ < end_) {
    const uint8_t c = data_[pos_];
    if (c == '*' && pos_ + 1 < end_ && data_[pos_ + 1] == '/') {
      pos_ += 2;
      return;
    }
    if (c == '\n' || c == '\r') {
      LineBreak();
    } else {
      ++pos_;
    }
  }
  Warn(at, "'/*' comment is not closed: it runs to the end of the file");
}

// Top-level text that is not a section: skipped to the end of its line (or
// a '[' or a comment on it). Warned about when a section follows; an error
// when none does (Finish).
void TdfReader::SkipOrphanText() {
  orphans_.push_back(At(pos_));
  while (pos_ < end_) {
    const uint8_t c = data_[pos_];
    if (c == '\n' || c == '\r' || c == '[' || c == 0 || Next2('/', '/') || Next2('/', '*')) break;
    ++pos_;
  }
}

absl::Status TdfReader::OpenSectionAt() {
  const TdfPosition at = At(pos_);
  size_t close = pos_ + 1;
  while (close < end_ && data_[close] != ']' && data_[close] != '\n' && data_[close] != '\r' &&
         data_[close] != 0) {
    ++close;
  }
  if (close == end_ || data_[close] != ']') return ErrorAt(at, "'[' has no ']' on its line");
  if (open_.size() > size_t(kMaxTdfDepth)) {
    return ErrorAt(at, absl::StrCat("sections nested deeper than ", kMaxTdfDepth, " levels"));
  }
  if (Depth() == 0) {
    for (const TdfPosition& o : orphans_) {
      Warn(o, "text outside any section: ignored");
    }
    orphans_.clear();
  }
  TdfSection section{.name = Text({reinterpret_cast<const char*>(data_) + pos_ + 1,
                                   close - pos_ - 1}),
                     .at = at};
  if (section.name.empty()) Warn(at, "a section with an empty name");
  pos_ = close + 1;
  after_close_ = false;
  SkipBlank();
  if (pos_ < end_ && data_[pos_] == '{') {
    ++pos_;
    open_.push_back(std::make_unique<OpenSection>(std::move(section)));
  } else {
    Warn(at, absl::StrCat("[", section.name, "] has no '{' after it: read as an empty section"));
    AddSection(std::move(section));
  }
  return absl::OkStatus();
}

void TdfReader::CloseSection() {
  TdfSection done = std::move(Innermost().section);
  open_.pop_back();
  AddSection(std::move(done));
}

// Into the innermost open section (or the top level), reporting a duplicate.
void TdfReader::AddSection(TdfSection section) {
  OpenSection& parent = Innermost();
  const auto [it, first] = parent.children.try_emplace(absl::AsciiStrToLower(section.name),
                                                       section.at);
  if (!first) {
    Warn(section.at, absl::StrCat("duplicate section [", section.name, "] (also at line ",
                                  it->second.line, "): both kept"));
  }
  parent.section.sections.push_back(std::move(section));
}

// Moves over a key (stops kEndsKey) or a value (kEndsValue), setting
// scanned_ to its bytes: the file's own, or scratch_ when "/* */" comments
// were cut out of it. A "//" ends it. True when it stopped at `wanted` ('='
// or ';'), which is left in place.
bool TdfReader::ScanUntil(uint8_t stops, uint8_t wanted) {
  const size_t start = pos_;
  bool cut = false;
  size_t from = pos_;
  while (pos_ < end_) {
    const uint8_t c = data_[pos_];
    if (kClasses.of[c] & stops) break;
    if (c == '/' && pos_ + 1 < end_) {
      if (data_[pos_ + 1] == '/') break;
      if (data_[pos_ + 1] == '*') {
        if (!cut) scratch_.clear();
        cut = true;
        scratch_.append(reinterpret_cast<const char*>(data_) + from, pos_ - from);
        SkipBlockComment();
        from = pos_;
        continue;
      }
    }
    ++pos_;
  }
  if (cut) {
    scratch_.append(reinterpret_cast<const char*>(data_) + from, pos_ - from);
    scanned_ = scratch_;
  } else {
    scanned_ = absl::string_view(reinterpret_cast<const char*>(data_) + start, pos_ - start);
  }
  return pos_ < end_ && data_[pos_] == wanted;
}

// key=value; with what the game forgives: no ';' (the value ends at the line
// break, '}' or "//"), an empty key or no '=' (skipped), a duplicate key.
void TdfReader::ReadEntry() {
  const TdfPosition at = At(pos_);
  if (!ScanUntil(kEndsKey, '=')) {
    Warn(at, absl::StrCat(Quote(scanned_), " has no '=': skipped"));
    if (pos_ < end_ && data_[pos_] == ';') ++pos_;
    return;
  }
  TdfEntry entry{.key = Text(scanned_), .at = at};
  ++pos_;  // '='
  const bool ended = ScanUntil(kEndsValue, ';');
  entry.value = Text(scanned_);
  if (ended) {
    ++pos_;
  } else {
    Warn(At(pos_), absl::StrCat("missing ';' after the value of '", entry.key, "'"));
  }
  if (entry.key.empty()) {
    Warn(at, "an entry with an empty key: skipped");
    return;
  }
  OpenSection& s = Innermost();
  std::vector<TdfEntry>& entries = s.section.entries;
  entries.push_back(std::move(entry));
  const auto [it, first] = s.keys.insert(uint32_t(entries.size() - 1));
  if (!first) {
    Warn(at, absl::StrCat("duplicate key '", entries.back().key, "' (also at line ",
                          entries[*it].at.line, "): both kept, the later wins"));
  }
}

// Raw bytes trimmed and read as the file's code page.
std::string TdfReader::Text(absl::string_view raw) const {
  std::string out;
  raw = TrimBlanks(raw);
  if (utf8_) {
    AppendLenientUtf8(raw, out);
  } else {
    AppendCp1252AsUtf8(raw, out);
  }
  return out;
}

// Text for a message, cut short: junk lines can be long.
std::string TdfReader::Quote(absl::string_view raw) const {
  constexpr size_t kLongest = 40;
  raw = TrimBlanks(raw);
  const bool cut = raw.size() > kLongest;
  return absl::StrCat("'", Text(raw.substr(0, kLongest)), cut ? "...'" : "'");
}

}  // namespace

absl::StatusOr<TdfFile> ParseTdf(Bytes file, absl::string_view name) {
  return TdfReader(file, name).Run();
}

}  // namespace kbot::tdf
