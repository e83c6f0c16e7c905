// The tree's lookups, its comparison and the number helper.
#include <charconv>
#include <system_error>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/tdf/tdf.h"

namespace kbot::tdf {

namespace {

const TdfSection* FirstSectionNamed(const std::vector<TdfSection>& sections,
                                    absl::string_view name) {
  for (const TdfSection& s : sections) {
    if (absl::EqualsIgnoreCase(s.name, name)) return &s;
  }
  return nullptr;
}

std::vector<const TdfSection*> SectionsNamed(const std::vector<TdfSection>& sections,
                                             absl::string_view name) {
  std::vector<const TdfSection*> found;
  for (const TdfSection& s : sections) {
    if (absl::EqualsIgnoreCase(s.name, name)) found.push_back(&s);
  }
  return found;
}

bool SameEntries(const std::vector<TdfEntry>& a, const std::vector<TdfEntry>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].key != b[i].key || a[i].value != b[i].value) return false;
  }
  return true;
}

}  // namespace

const TdfEntry* TdfSection::Find(absl::string_view key) const {
  for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
    if (absl::EqualsIgnoreCase(it->key, key)) return &*it;
  }
  return nullptr;
}

std::optional<absl::string_view> TdfSection::Value(absl::string_view key) const {
  const TdfEntry* e = Find(key);
  if (e == nullptr) return std::nullopt;
  return absl::string_view(e->value);
}

const TdfSection* TdfSection::FindSection(absl::string_view name) const {
  return FirstSectionNamed(sections, name);
}

std::vector<const TdfSection*> TdfSection::Sections(absl::string_view name) const {
  return SectionsNamed(sections, name);
}

const TdfSection* TdfFile::FindSection(absl::string_view name) const {
  return FirstSectionNamed(sections, name);
}

std::vector<const TdfSection*> TdfFile::Sections(absl::string_view name) const {
  return SectionsNamed(sections, name);
}

std::string TdfWarningText(const TdfWarning& warning) {
  return absl::StrCat("line ", warning.at.line, " column ", warning.at.column, ": ",
                      warning.message);
}

// Depth is bounded by kMaxTdfDepth for what the reader makes; a tree built
// deeper in memory recurses as deep as it was built.
bool SameTdfContent(const std::vector<TdfSection>& a, const std::vector<TdfSection>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].name != b[i].name || !SameEntries(a[i].entries, b[i].entries) ||
        !SameTdfContent(a[i].sections, b[i].sections)) {
      return false;
    }
  }
  return true;
}

std::optional<double> ParseTdfNumber(absl::string_view value) {
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
  // from_chars takes '-' but not '+'; it also takes "inf" and "nan", which
  // the game's atof-style reading does not give as numbers: a digit or a
  // '.' must come first.
  const bool plus = !value.empty() && value.front() == '+';
  if (plus) value.remove_prefix(1);
  const size_t first = (!plus && !value.empty() && value.front() == '-') ? 1 : 0;
  if (value.size() <= first) return std::nullopt;
  const char lead = value[first];
  if (!(lead >= '0' && lead <= '9') && lead != '.') return std::nullopt;
  double number = 0;
  const char* end = value.data() + value.size();
  const auto [ptr, ec] = std::from_chars(value.data(), end, number, std::chars_format::general);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return number;
}

}  // namespace kbot::tdf
