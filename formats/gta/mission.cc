#include "formats/gta/mission.h"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "formats/common/format_error.h"
#include "formats/gta/mission_body.h"

namespace kbot::gta {

using mission_internal::AddNote;
using mission_internal::IntRead;
using mission_internal::IsBlank;
using mission_internal::IsDigit;
using mission_internal::MissionBudget;
using mission_internal::Quote;

WorldPixels ObjectWorldPixels(const MissionObject& object) {
  if (object.units == CoordUnit::kPixels) return {object.x, object.y, object.z};
  return {int64_t{object.x} * 64 + 32, int64_t{object.y} * 64 + 32, int64_t{object.z} * 64};
}

namespace {

constexpr char kCtrlZ = '\x1a';

// "NAME is not a MISSION.INI: ...", as the message of a FormatError.
absl::Status NotMissionIni(absl::string_view name, std::optional<size_t> offset,
                           absl::string_view why) {
  FormatError e;
  e.offset = offset;
  e.detail = absl::StrCat(name, " is not a MISSION.INI: ", why);
  e.detail_names_offset = true;
  return FormatErrorStatus(e);
}

// Text, as far as the reader cares: no NUL (which rules out UTF-16 and most
// binary files), and few other control bytes (a stray one is a junk token).
absl::Status CheckText(absl::string_view text, absl::string_view name) {
  size_t control = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const uint8_t c = uint8_t(text[i]);
    if (c == 0) {
      return NotMissionIni(name, i, absl::StrCat("byte 0x00 at ", Hex(i),
                                                 ": a text file holds no NUL bytes"));
    }
    if (c < 0x20 && !IsBlank(char(c)) && c != '\f' && c != '\v') ++control;
  }
  if (control > text.size() / 64) {
    return NotMissionIni(name, std::nullopt,
                         absl::StrCat(control, " of its ", text.size(),
                                      " bytes are control bytes: not a text file"));
  }
  return absl::OkStatus();
}

bool IsBlankText(absl::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return IsBlank(c); });
}

// The 1-based line of offsets met in increasing order, counting each byte once.
class LineCounter {
 public:
  explicit LineCounter(absl::string_view text) : text_(text) {}
  size_t At(size_t offset) {
    if (offset < pos_) pos_ = 0, line_ = 1;
    offset = std::min(offset, text_.size());
    line_ += size_t(std::count(text_.begin() + pos_, text_.begin() + offset, '\n'));
    pos_ = offset;
    return line_;
  }

 private:
  absl::string_view text_;
  size_t pos_ = 0;
  size_t line_ = 1;
};

struct Header {
  size_t at = 0;   // the '['
  size_t end = 0;  // past the ']'
  int number = 0;
};

// "[", 1 to 9 digits, "]" at `at`.
std::optional<Header> HeaderAt(absl::string_view text, size_t at) {
  size_t p = at + 1;
  while (p < text.size() && IsDigit(text[p]) && p - at <= 9) ++p;
  if (p == at + 1 || p >= text.size() || text[p] != ']') return std::nullopt;
  Header h{at, p + 1, 0};
  if (!absl::SimpleAtoi(text.substr(at + 1, p - at - 1), &h.number)) return std::nullopt;
  return h;
}

std::optional<Header> NextHeader(absl::string_view text, size_t from) {
  for (size_t at = text.find('[', from); at != absl::string_view::npos;
       at = text.find('[', at + 1)) {
    if (std::optional<Header> h = HeaderAt(text, at)) return h;
  }
  return std::nullopt;
}

// Whether the game's search for `wanted` ("[N]") finds the header at `at`.
// Its search starts the match again after a mismatching character without
// testing that character against '[', so it misses a header right after a
// partial match: the "[1]" of "[[1]" or of "[1[1]". After a character
// `wanted` does not hold, no partial match is pending, so the search is
// replayed from the last such character (a long run of '[' and digits is
// not worth replaying: taken as found).
bool GameSearchFinds(absl::string_view text, size_t at, absl::string_view wanted) {
  constexpr size_t kReplay = 64;
  size_t start = at;
  while (start > 0 && wanted.find(text[start - 1]) != absl::string_view::npos) {
    if (at - start >= kReplay) return true;
    --start;
  }
  size_t matched = 0;
  for (size_t p = start; p < text.size() && p < at + wanted.size(); ++p) {
    if (text[p] != wanted[matched]) {
      matched = 0;
    } else if (++matched == wanted.size()) {
      return true;  // here, or at an earlier copy of the same header
    }
  }
  return false;
}

// An unsigned integer after blanks, as the game reads the config line's
// numbers.
bool ReadUnsigned(absl::string_view s, size_t& p, int& value) {
  while (p < s.size() && IsBlank(s[p])) ++p;
  return p < s.size() && IsDigit(s[p]) &&
         mission_internal::ReadInt(s, p, value) == IntRead::kOk;
}

absl::string_view Trimmed(absl::string_view s) {
  while (!s.empty() && IsBlank(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsBlank(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

namespace {

// The game keeps 80 bytes of the name and 12 of the map file name; the
// reader keeps more, so that a note can say what was cut, but not without
// bound.
constexpr size_t kGameTitleBytes = 80;
constexpr size_t kGameMapBytes = 12;
constexpr size_t kKeptConfigBytes = 256;

struct Config {
  absl::string_view title, map;
  int number = 0;
  int style = 0;
  size_t consumed = 0;  // bytes of the line that are the config
};

// "NAME, NUMBER, FILE.CMP, STYLE," as the game reads it: the name and the
// file name up to their ',', blanks trimmed; the numbers unsigned. The ','
// after the style is optional (the game's integer reader takes any blank
// as its end). nullopt, or why the line is not that.
std::optional<std::string> ParseConfig(absl::string_view line, Config& c) {
  const size_t name_end = line.find(',');
  if (name_end == absl::string_view::npos) return "no ',' after the name";
  c.title = Trimmed(line.substr(0, name_end));
  size_t p = name_end + 1;
  if (!ReadUnsigned(line, p, c.number)) return "the second field is not a number";
  while (p < line.size() && IsBlank(line[p])) ++p;
  if (p >= line.size() || line[p] != ',') return "no ',' after the second field";
  const size_t map_end = line.find(',', p + 1);
  if (map_end == absl::string_view::npos) return "no ',' after the map file name";
  c.map = Trimmed(line.substr(p + 1, map_end - p - 1));
  p = map_end + 1;
  if (!ReadUnsigned(line, p, c.style) ||
      (p < line.size() && !IsBlank(line[p]) && line[p] != ',')) {
    return "the style is not a number";
  }
  size_t q = p;
  while (q < line.size() && IsBlank(line[q])) ++q;
  c.consumed = q < line.size() && line[q] == ',' ? q + 1 : p;
  return std::nullopt;
}

void KeepConfig(const Config& c, size_t line, absl::string_view raw, Mission& m,
                MissionBudget& budget) {
  m.title = std::string(c.title.substr(0, kKeptConfigBytes));
  m.number_field = c.number;
  m.map_file = std::string(c.map.substr(0, kKeptConfigBytes));
  m.style = c.style;
  if (c.title.size() > kGameTitleBytes) {
    AddNote(m, budget, line, raw, absl::StrCat("the name is ", c.title.size(),
                                               " bytes; the game keeps ", kGameTitleBytes));
  }
  if (c.map.empty()) AddNote(m, budget, line, raw, "no map file name");
  if (c.map.size() > kGameMapBytes) {
    AddNote(m, budget, line, raw, absl::StrCat("the map file name is ", c.map.size(),
                                               " bytes; the game keeps ", kGameMapBytes));
  }
}

// Where the config line starts in a section's text (after "[N]"): the rest
// of the header line when that is not blank, else the next line that is not.
size_t ConfigStart(absl::string_view section) {
  size_t pos = 0;
  while (pos < section.size()) {
    const size_t eol = std::min(section.find('\n', pos), section.size());
    if (!IsBlankText(section.substr(pos, eol - pos))) return pos;
    pos = eol + 1;
  }
  return section.size();
}

struct SectionText {
  absl::string_view text;   // after "[N]", up to the '[' that ends it or the end
  size_t line = 0;          // of "[N]"
  size_t bracket_line = 0;  // of that '[', 0 at the end of the file
};

// The config line, then the body. A line that is not a config line is
// noted; when it looks like numbers it is taken for the header values (the
// config line is missing), else skipped.
mission_internal::BodyCounts ReadSection(const SectionText& s, Mission& m,
                                         MissionBudget& budget) {
  const absl::string_view text = s.text;
  const size_t start = ConfigStart(text);
  if (start >= text.size()) {
    AddNote(m, budget, s.line, "", "the section is empty: no config line, objects or commands");
    return {};
  }
  const size_t line = s.line + size_t(std::count(text.begin(), text.begin() + start, '\n'));
  const size_t eol = std::min(text.find('\n', start), text.size());
  const absl::string_view raw = text.substr(start, eol - start);
  Config config;
  size_t body = start;
  if (std::optional<std::string> why = ParseConfig(raw, config)) {
    const absl::string_view first = Trimmed(raw);
    const bool numeric = !first.empty() && (IsDigit(first[0]) || first[0] == '-');
    AddNote(m, budget, line, raw,
            absl::StrCat("not a config line (NAME, NUMBER, FILE.CMP, STYLE,): ", *why,
                         numeric ? "; read as the header values" : "; skipped"));
    if (!numeric) body = std::min(eol + 1, text.size());
  } else {
    KeepConfig(config, line, raw, m, budget);
    body = start + config.consumed;
  }
  mission_internal::SectionBody b;
  b.text = text.substr(body);
  b.line = line + (body > eol ? 1 : 0);
  b.blank_before = body > 0 && IsBlank(text[body - 1]);
  b.bracket_line = s.bracket_line;
  return ReadSectionBody(b, m, budget);
}

}  // namespace

namespace {

// The file's warnings, each naming the file and a line, up to a bound.
class Warnings {
 public:
  Warnings(std::vector<std::string>& out, absl::string_view name) : out_(out), name_(name) {}
  void Add(size_t line, absl::string_view what) {
    if (out_.size() > kMaxMissionWarnings) return;
    if (out_.size() == kMaxMissionWarnings) {
      out_.push_back(absl::StrCat(name_, ": more than ", kMaxMissionWarnings,
                                  " warnings: the rest are dropped"));
      return;
    }
    out_.push_back(absl::StrCat(name_, ": line ", line, ": ", what));
  }

 private:
  std::vector<std::string>& out_;
  absl::string_view name_;
};

// What the game would make of a section's header: a number it cannot load,
// a repeat (its search stops at the first), a header its search misses.
void CheckHeader(absl::string_view text, const Header& h, size_t line,
                 std::map<int, size_t>& first_lines, Warnings& warn) {
  const std::string wanted = absl::StrCat("[", h.number, "]");
  const absl::string_view written = text.substr(h.at, h.end - h.at);
  if (h.number == 0) {
    warn.Add(line, "section [0]: the game never reads it (its mission 0 is built in)");
  } else if (h.number > kGameMaxSection) {
    warn.Add(line, absl::StrCat("section ", wanted, ": the game's sections are 0 to ",
                                kGameMaxSection));
  }
  const auto [first, inserted] = first_lines.emplace(h.number, line);
  if (!inserted) {
    warn.Add(line, absl::StrCat("section ", wanted, " again (first on line ", first->second,
                                "): the game reads only the first"));
  }
  if (written != wanted) {
    warn.Add(line, absl::StrCat("section ", written, ": the game looks for \"", wanted,
                                "\" and would not find it"));
  } else if (!GameSearchFinds(text, h.at, wanted)) {
    warn.Add(line, absl::StrCat("section ", wanted, " follows a partial match (such as \"[[\"): "
                                "the game's search for it passes it by"));
  }
}

// Warnings about a section past what the game holds.
void CheckSize(const Mission& m, const SectionText& s, mission_internal::BodyCounts counts,
               Warnings& warn) {
  const std::string section = absl::StrCat("section [", m.number, "]: ");
  if (counts.objects > kGameMaxObjects) {
    warn.Add(s.line, absl::StrCat(section, counts.objects, " objects; the game holds ",
                                  kGameMaxObjects));
  }
  if (counts.commands > kGameMaxCommands) {
    warn.Add(s.line, absl::StrCat(section, counts.commands, " commands; the game holds ",
                                  kGameMaxCommands));
  }
  if (s.text.size() > kGameMaxSectionBytes) {
    warn.Add(s.line, absl::StrCat(section, s.text.size(), " bytes of text; the game keeps the "
                                  "first ", kGameMaxSectionBytes));
  }
}

// The text of the file: up to a Ctrl-Z, the DOS end-of-file mark, when
// there is one. What follows it is not read (a warning when it is not blank).
absl::string_view TextPart(absl::string_view file, Warnings& warn) {
  const size_t eof = file.find(kCtrlZ);
  if (eof == absl::string_view::npos) return file;
  const absl::string_view text = file.substr(0, eof);
  const absl::string_view after = file.substr(eof + 1);
  if (!std::all_of(after.begin(), after.end(),
                   [](char c) { return IsBlank(c) || c == kCtrlZ; })) {
    warn.Add(LineCounter(text).At(eof),
             absl::StrCat(after.size(), " byte(s) after the Ctrl-Z (end of file) are not read"));
  }
  return text;
}

}  // namespace

absl::StatusOr<MissionFile> ReadMissionIni(Bytes file, absl::string_view name) {
  if (file.size() > kMaxMissionIniBytes) {
    return ErrorIn(name, "", absl::StrCat(file.size(), " bytes: more than the ",
                                          kMaxMissionIniBytes >> 20, " MiB kbot reads of a "
                                          "MISSION.INI (the game's is about 0.5 MB)"));
  }
  MissionFile out;
  Warnings warn(out.warnings, name);
  const absl::string_view text =
      TextPart(absl::string_view(reinterpret_cast<const char*>(file.data()), file.size()), warn);
  if (absl::Status s = CheckText(text, name); !s.ok()) return s;
  std::optional<Header> h = NextHeader(text, 0);
  if (!h) {
    return NotMissionIni(name, std::nullopt,
                         text.empty() ? std::string("the file is empty")
                                      : absl::StrCat("no \"[N]\" section header in its ",
                                                     text.size(), " bytes of text"));
  }
  LineCounter lines(text);
  if (!IsBlankText(text.substr(0, h->at))) {
    warn.Add(1, absl::StrCat("the text before the first section (to line ", lines.At(h->at),
                             ") is not read"));
  }
  MissionBudget budget;
  std::map<int, size_t> first_lines;
  while (h) {
    const size_t header_line = lines.At(h->at);
    if (out.missions.size() == kMaxMissions) {
      warn.Add(header_line, absl::StrCat("more than ", kMaxMissions, " sections: from here on "
                                         "they are not read"));
      break;
    }
    const size_t end = std::min(text.find('[', h->end), text.size());
    SectionText s{text.substr(h->end, end - h->end), header_line,
                  end < text.size() ? lines.At(end) : 0};
    Mission& m = out.missions.emplace_back();
    m.number = h->number;
    m.line = header_line;
    CheckHeader(text, *h, header_line, first_lines, warn);
    CheckSize(m, s, ReadSection(s, m, budget), warn);
    if (end >= text.size()) break;
    h = HeaderAt(text, end);
    if (!h) {
      // A '[' that is no header ends the section all the same, as in the
      // game: what follows it up to the next header is not read.
      AddNote(m, budget, s.bracket_line, "",
              "a '[' that starts no section header ends the section here, as in the game: the "
              "text up to the next [N] is not read");
      h = NextHeader(text, end + 1);
    }
  }
  return out;
}

}  // namespace kbot::gta
