// The checks of identify.h that read text: whether bytes are text at all, and
// GTA1's MISSION.INI (formats/gta/mission.h) among text files.
#include <algorithm>
#include <optional>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "formats/identify/identify_internal.h"

namespace kbot::identify {

namespace {

// The MISSION.INI check looks at the first few sections in the first 64 KB
// only: a damaged first section does not hide the file, and a large text
// file costs no more than its start.
constexpr size_t kSectionsLooked = 8;

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

absl::string_view Trimmed(absl::string_view s) {
  while (!s.empty() && IsBlank(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsBlank(s.back())) s.remove_suffix(1);
  return s;
}

bool IsNumber(absl::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), absl::ascii_isdigit);
}

// "NAME, NUMBER, FILE.CMP, STYLE," (the last ',' optional): the config line
// that follows a section's "[N]". The name may be anything but a ','; the
// map file is what tells it from other text ("nyc.cmp", "SANB.CMP").
bool IsConfigLine(absl::string_view line) {
  std::vector<absl::string_view> fields;
  for (size_t start = 0;;) {
    const size_t comma = line.find(',', start);
    fields.push_back(Trimmed(line.substr(start, comma - start)));
    if (comma == absl::string_view::npos) break;
    start = comma + 1;
  }
  if (fields.size() < 4 || fields.size() > 5 || (fields.size() == 5 && !fields[4].empty())) {
    return false;
  }
  const absl::string_view map = fields[2];
  return IsNumber(fields[1]) && IsNumber(fields[3]) && map.size() > 4 &&
         absl::EndsWithIgnoreCase(map, ".cmp") &&
         std::none_of(map.begin(), map.end(), [](char c) { return IsBlank(c); });
}

// The rest of a "[N]" line, or nullopt when the line (blanks trimmed) does
// not start with one.
std::optional<absl::string_view> AfterSectionHeader(absl::string_view line) {
  line = Trimmed(line);
  const size_t close = line.find(']');
  if (line.empty() || line[0] != '[' || close == absl::string_view::npos ||
      !IsNumber(line.substr(1, close - 1))) {
    return std::nullopt;
  }
  return Trimmed(line.substr(close + 1));
}

}  // namespace

bool LooksLikeText(Bytes first) {
  if (first.empty()) return false;
  size_t control = 0;
  for (uint8_t c : first) {
    if (c == 0) return false;
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1a) ++control;
  }
  return control * 100 <= first.size();
}

// Text with a "[N]" line whose config line (the rest of that line, or the
// next line that is not blank) reads, in one of its first sections. TA's
// text files (TDF, FBI, OTA, GUI) name their sections ("[UNITINFO]") and
// open them with '{': they never pass.
std::optional<FileIdentity> MissionIni(Bytes b) {
  const Bytes first = b.first(std::min<size_t>(b.size(), 64 * 1024));
  if (!LooksLikeText(first)) return std::nullopt;
  const absl::string_view text(reinterpret_cast<const char*>(first.data()), first.size());
  size_t sections = 0;
  bool after_header = false;  // the config line is still to come
  for (size_t pos = 0; pos < text.size() && sections <= kSectionsLooked;) {
    const size_t eol = std::min(text.find('\n', pos), text.size());
    const absl::string_view line = text.substr(pos, eol - pos);
    pos = eol + 1;
    absl::string_view config = line;
    if (std::optional<absl::string_view> rest = AfterSectionHeader(line)) {
      ++sections;
      after_header = true;
      config = *rest;
    }
    if (!after_header || Trimmed(config).empty()) continue;
    if (IsConfigLine(config)) {
      return FileIdentity{FileKind::kMission, "a GTA1 mission script (MISSION.INI)"};
    }
    after_header = false;
  }
  return std::nullopt;
}

}  // namespace kbot::identify
