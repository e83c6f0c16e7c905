// Reading a map's OTA: the TDF tree (formats/tdf/) read into the header's
// fields, the schemas and their start positions. Every rule and its reason:
// docs/formats/tnt.md, "OTA".
#include "formats/tnt/ota.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "formats/common/format_error.h"

namespace kbot::tnt {

namespace {

using tdf::TdfEntry;
using tdf::TdfSection;

// Collects warnings, keeping the first kMaxOtaWarnings and counting all.
struct Warnings {
  Ota& ota;
  void Add(std::string text) {
    ++ota.warning_count;
    if (ota.warnings.size() < kMaxOtaWarnings) ota.warnings.push_back(std::move(text));
  }
};

// "[Schema 0] line 12" / "[Schema 0] [special2] line 40": where a warning is.
std::string Where(absl::string_view outer, const TdfSection* inner, uint32_t line) {
  std::string where = absl::StrCat("[", outer, "]");
  if (inner != nullptr) absl::StrAppend(&where, " [", inner->name, "]");
  absl::StrAppend(&where, " line ", line);
  return where;
}

// The number in `section`'s `key`; unset when absent or empty, and when not a
// number (a warning naming `where` and the entry's line).
std::optional<double> NumberOf(const TdfSection& section, absl::string_view key,
                               absl::string_view outer, const TdfSection* inner, Warnings& warn) {
  const TdfEntry* e = section.Find(key);
  if (e == nullptr || e->value.empty()) return std::nullopt;
  std::optional<double> n = tdf::ParseTdfNumber(e->value);
  if (!n) {
    warn.Add(absl::StrCat(Where(outer, inner, e->at.line), ": ", e->key, " '", e->value,
                          "' is not a number"));
  }
  return n;
}

// A number as an int, its fraction dropped; unset outside int's range.
std::optional<int> IntOf(double n) {
  const double t = std::trunc(n);
  if (!(t >= -2147483648.0 && t <= 2147483647.0)) return std::nullopt;
  return int(t);
}

// numplayers: the positive whole numbers it names, apart by commas, hyphens
// or blanks ("2, 4", "4", "2-4", "2,3,4"); false when it names none or
// holds anything else.
bool ParsePlayers(absl::string_view text, int& min, int& max) {
  bool any = false;
  for (absl::string_view part : absl::StrSplit(text, absl::ByAnyChar(", -\t"), absl::SkipEmpty())) {
    int n = 0;
    if (!absl::SimpleAtoi(part, &n) || n <= 0) return false;
    min = any ? std::min(min, n) : n;
    max = any ? std::max(max, n) : n;
    any = true;
  }
  return any;
}

void ReadPlayers(const TdfSection& header, Ota& ota, Warnings& warn) {
  const TdfEntry* e = header.Find("numplayers");
  if (e == nullptr) return;
  ota.players_text = e->value;
  int min = 0, max = 0;
  if (ParsePlayers(e->value, min, max)) {
    ota.players_min = min;
    ota.players_max = max;
  } else {
    warn.Add(absl::StrCat(Where(header.name, nullptr, e->at.line), ": ", e->key, " '", e->value,
                          "' is not a player count such as '2, 4', '4' or '2-4'"));
  }
}

std::optional<bool> FlagOf(const TdfSection& header, absl::string_view key, Warnings& warn) {
  std::optional<double> n = NumberOf(header, key, header.name, nullptr, warn);
  if (!n) return std::nullopt;
  return *n != 0;
}

void ReadSchemaCount(const TdfSection& header, Ota& ota, Warnings& warn) {
  const TdfEntry* e = header.Find("SCHEMACOUNT");
  if (e == nullptr || e->value.empty()) return;
  int n = 0;
  if (absl::SimpleAtoi(e->value, &n) && n >= 0) {
    ota.schema_count = n;
  } else {
    warn.Add(absl::StrCat(Where(header.name, nullptr, e->at.line), ": ", e->key, " '", e->value,
                          "' is not a count of schemas"));
  }
}

void ReadHeader(const TdfSection& header, Ota& ota, Warnings& warn) {
  ota.header_keys = header.entries;
  ota.title = std::string(header.Value("missionname").value_or(""));
  ota.description = std::string(header.Value("missiondescription").value_or(""));
  ota.planet = std::string(header.Value("planet").value_or(""));
  ReadPlayers(header, ota, warn);
  if (std::optional<absl::string_view> size = header.Value("size")) {
    ota.size_text = std::string(*size);
  }
  const absl::string_view name = header.name;
  ota.tidal = NumberOf(header, "tidalstrength", name, nullptr, warn);
  ota.solar = NumberOf(header, "solarstrength", name, nullptr, warn);
  ota.min_wind = NumberOf(header, "minwindspeed", name, nullptr, warn);
  ota.max_wind = NumberOf(header, "maxwindspeed", name, nullptr, warn);
  ota.gravity = NumberOf(header, "gravity", name, nullptr, warn);
  ota.water_damage = NumberOf(header, "waterdamage", name, nullptr, warn);
  ota.lava_world = FlagOf(header, "lavaworld", warn);
  ota.water_does_damage = FlagOf(header, "waterdoesdamage", warn);
  if (ota.min_wind && ota.max_wind && *ota.min_wind > *ota.max_wind) {
    warn.Add(absl::StrCat(Where(name, nullptr, header.Find("minwindspeed")->at.line),
                          ": minwindspeed ", *ota.min_wind, " is above maxwindspeed ",
                          *ota.max_wind));
  }
  ReadSchemaCount(header, ota, warn);
}

// "Schema 0", "schema  1", "SCHEMA2": the schema's number.
std::optional<int> SchemaNumber(absl::string_view name) {
  name = absl::StripAsciiWhitespace(name);
  if (!absl::StartsWithIgnoreCase(name, "schema")) return std::nullopt;
  name.remove_prefix(6);
  int n = 0;  // SimpleAtoi skips the blanks around the number
  if (!absl::SimpleAtoi(name, &n) || n < 0) return std::nullopt;
  return n;
}

// "StartPos3" (any case, blanks before the number allowed): 3; 0 for a
// specialwhat that is not StartPos; -1 for StartPos with no number 1..10.
int StartNumber(absl::string_view what) {
  what = absl::StripAsciiWhitespace(what);
  if (!absl::StartsWithIgnoreCase(what, "startpos")) return 0;
  what.remove_prefix(8);
  int n = 0;
  if (!absl::SimpleAtoi(what, &n) || n < 1 || n > kMaxOtaStart) return -1;
  return n;
}

// A special's XPos or ZPos, and what is wrong with it when unset: "no XPos",
// "XPos is empty", "XPos 'abc' is not a number".
struct Coordinate {
  std::optional<int> value;
  std::string problem;
};

Coordinate CoordinateOf(const TdfSection& special, absl::string_view key) {
  const TdfEntry* e = special.Find(key);
  if (e == nullptr) return {std::nullopt, absl::StrCat("no ", key)};
  if (e->value.empty()) return {std::nullopt, absl::StrCat(e->key, " is empty")};
  std::optional<double> n = tdf::ParseTdfNumber(e->value);
  std::optional<int> i = n ? IntOf(*n) : std::nullopt;
  if (!i) return {std::nullopt, absl::StrCat(e->key, " '", e->value, "' is not a number")};
  return {i, ""};
}

// The start positions found so far in one schema, by number.
using StartSlots = std::array<std::optional<OtaStart>, kMaxOtaStart>;

void ReadStart(const OtaSchema& schema, const TdfSection& s, const OtaSpecial& special,
               const Coordinate& x, const Coordinate& z, StartSlots& slots, Warnings& warn) {
  const std::string where = Where(schema.section, &s, s.at.line);
  const int number = StartNumber(special.what);
  if (number < 0) {
    warn.Add(absl::StrCat(where, ": specialwhat '", special.what, "' names no start position 1..",
                          kMaxOtaStart));
    return;
  }
  if (!x.value || !z.value) {
    const std::string& problem = !x.value ? x.problem : z.problem;
    warn.Add(absl::StrCat(where, ": ", special.what, ": ", problem, "; not a start position"));
    return;
  }
  std::optional<OtaStart>& slot = slots[size_t(number - 1)];
  if (slot) {
    warn.Add(absl::StrCat(where, ": StartPos", number, " again (first in [", slot->section,
                          "] line ", slot->line, "); the later is read"));
  }
  slot = OtaStart{number, *x.value, *z.value, s.name, s.at.line};
}

void ReadSpecial(OtaSchema& schema, const TdfSection& s, StartSlots& slots, Warnings& warn) {
  OtaSpecial special;
  special.section = s.name;
  special.line = s.at.line;
  special.what = std::string(s.Value("specialwhat").value_or(""));
  const Coordinate x = CoordinateOf(s, "XPos"), z = CoordinateOf(s, "ZPos");
  special.x = x.value;
  special.z = z.value;
  if (s.Find("specialwhat") == nullptr) {
    warn.Add(absl::StrCat(Where(schema.section, &s, s.at.line), ": no specialwhat"));
  } else if (StartNumber(special.what) != 0) {
    ReadStart(schema, s, special, x, z, slots, warn);
  } else {
    // Not a start: only a coordinate written but unreadable is worth a word.
    for (const Coordinate* c : {&x, &z}) {
      if (!c->value && !absl::StartsWith(c->problem, "no ")) {
        warn.Add(absl::StrCat(Where(schema.section, &s, s.at.line), ": ", c->problem));
      }
    }
  }
  schema.specials.push_back(std::move(special));
}

void ReadSpecials(OtaSchema& schema, const TdfSection& section, Warnings& warn) {
  const std::vector<const TdfSection*> found = section.Sections("specials");
  if (found.empty()) return;
  if (found.size() > 1) {
    warn.Add(absl::StrCat(Where(schema.section, found[1], found[1]->at.line), ": ",
                          found.size(), " [specials] sections; the first (line ",
                          found[0]->at.line, ") is read"));
  }
  StartSlots slots;
  for (const TdfSection& s : found[0]->sections) ReadSpecial(schema, s, slots, warn);
  for (std::optional<OtaStart>& slot : slots) {
    if (slot) schema.starts.push_back(*std::move(slot));
  }
}

OtaSchema ReadSchema(const TdfSection& section, int index, Warnings& warn) {
  OtaSchema schema;
  schema.index = index;
  schema.section = section.name;
  schema.line = section.at.line;
  schema.keys = section.entries;
  schema.type = std::string(section.Value("Type").value_or(""));
  schema.surface_metal = NumberOf(section, "SurfaceMetal", section.name, nullptr, warn);
  schema.moho_metal = NumberOf(section, "MohoMetal", section.name, nullptr, warn);
  ReadSpecials(schema, section, warn);
  return schema;
}

void ReadSchemas(const TdfSection& header, Ota& ota, Warnings& warn) {
  for (const TdfSection& s : header.sections) {
    std::optional<int> n = SchemaNumber(s.name);
    if (!n) {
      warn.Add(absl::StrCat(Where(header.name, &s, s.at.line),
                            ": not a schema section ('Schema N'); not read"));
      continue;
    }
    auto same = std::find_if(ota.schemas.begin(), ota.schemas.end(),
                             [&](const OtaSchema& o) { return o.index == *n; });
    if (same != ota.schemas.end()) {
      warn.Add(absl::StrCat(Where(header.name, &s, s.at.line), ": schema ", *n,
                            " again (first [", same->section, "] line ", same->line,
                            "); the first is read"));
      continue;
    }
    ota.schemas.push_back(ReadSchema(s, *n, warn));
  }
  std::stable_sort(ota.schemas.begin(), ota.schemas.end(),
                   [](const OtaSchema& a, const OtaSchema& b) { return a.index < b.index; });
}

// SCHEMACOUNT against the schemas found, and their numbering from 0.
void CheckSchemas(const TdfSection& header, Ota& ota, Warnings& warn) {
  std::vector<std::string> names;
  bool numbered = true;
  for (size_t i = 0; i < ota.schemas.size(); ++i) {
    names.push_back(absl::StrCat(ota.schemas[i].index));
    numbered = numbered && ota.schemas[i].index == int(i);
  }
  const std::string found = ota.schemas.empty()
                                ? "no [Schema N] section"
                                : absl::StrCat(ota.schemas.size(), " schema(s), numbered ",
                                               absl::StrJoin(names, ", "));
  if (ota.schema_count && size_t(*ota.schema_count) != ota.schemas.size()) {
    const TdfEntry* e = header.Find("SCHEMACOUNT");
    warn.Add(absl::StrCat(Where(header.name, nullptr, e->at.line), ": ", e->key, "=",
                          *ota.schema_count, " but the file has ", found));
  } else if (ota.schemas.empty()) {
    warn.Add(absl::StrCat(Where(header.name, nullptr, header.at.line), ": ", found));
  } else if (!numbered) {
    warn.Add(absl::StrCat(Where(header.name, nullptr, header.at.line), ": ", found,
                          ", not 0 to ", ota.schemas.size() - 1));
  }
}

absl::Status NoHeader(const tdf::TdfFile& tdf, absl::string_view file) {
  std::vector<std::string> names;
  for (const TdfSection& s : tdf.sections) {
    if (names.size() == 10) {
      names.push_back(absl::StrCat("and ", tdf.sections.size() - 10, " more"));
      break;
    }
    names.push_back(absl::StrCat("[", s.name, "]"));
  }
  return ErrorIn(file, "", absl::StrCat("not an OTA: no [GlobalHeader] section; ",
                                        names.empty() ? std::string("the file has no section")
                                                      : absl::StrCat("its sections: ",
                                                                     absl::StrJoin(names, ", "))));
}

}  // namespace

absl::StatusOr<Ota> ReadOta(Bytes bytes, absl::string_view file) {
  absl::StatusOr<tdf::TdfFile> tdf = tdf::ParseTdf(bytes, file);
  if (!tdf.ok()) return tdf.status();
  const std::vector<const TdfSection*> headers = tdf->Sections("GlobalHeader");
  if (headers.empty()) return NoHeader(*tdf, file);
  Ota ota;
  Warnings warn{ota};
  for (const tdf::TdfWarning& w : tdf->warnings) warn.Add(tdf::TdfWarningText(w));
  // The TDF reader's warnings past its own bound: counted, not kept.
  ota.warning_count += tdf->warning_count - tdf->warnings.size();
  if (headers.size() > 1) {
    warn.Add(absl::StrCat("[GlobalHeader] line ", headers[1]->at.line, ": ", headers.size(),
                          " [GlobalHeader] sections; the first (line ", headers[0]->at.line,
                          ") is read"));
  }
  ReadHeader(*headers[0], ota, warn);
  ReadSchemas(*headers[0], ota, warn);
  CheckSchemas(*headers[0], ota, warn);
  return ota;
}

}  // namespace kbot::tnt
