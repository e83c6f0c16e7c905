#include "formats/gta/player.h"

#include <algorithm>
#include <cstddef>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"

namespace kbot::gta {

namespace {

// Where one layout keeps its fields (see the tables in player.h).
struct LayoutSpec {
  PlayerLayout layout;
  size_t size;             // of a whole file in this layout
  size_t language_offset;  // the settings are the bytes before it
  size_t language_size;
  size_t scores_offset;
  size_t score_size;
  size_t score_name_size;
  size_t players_offset;
  size_t player_size;
  size_t player_name_size;  // the documented record is only known to start with its name
  size_t current_offset;
  int current_base;  // the byte that names the first player
  size_t network_offset;
};

constexpr LayoutSpec kDocumented{
    PlayerLayout::kDocumented, kPlayerFileSize, kPlayerLanguageOffset, 4, kPlayerScoresOffset,
    kScoreSize, kScoreNameSize, kPlayerRecordsOffset, kPlayerRecordSize, kPlayerRecordSize,
    kCurrentPlayerOffset, 0, kNetworkNameOffset};
constexpr LayoutSpec kPacked{
    PlayerLayout::kPacked, kPackedPlayerFileSize, kPackedLanguageOffset, 1, kPackedScoresOffset,
    kPackedScoreSize, kPackedScoreNameSize, kPackedPlayersOffset, kPackedPlayerSize,
    kPackedPlayerNameSize, kPackedCurrentPlayerOffset, 1, kPackedNetworkNameOffset};

bool Printable(uint8_t c) { return c >= 0x20 && c <= 0x7e; }

bool PlausibleScore(int32_t s) { return s == -1 || (s >= 0 && s <= kMaxPlausibleScore); }

std::string ScoreProblem(int32_t s) {
  return absl::StrCat("score ", s, " is not -1 or 0..", kMaxPlausibleScore);
}

// The `n` bytes at `offset`, or an empty span when they are not all inside
// `file` (no field is empty, so empty means "not there").
Bytes Field(Bytes file, size_t offset, size_t n) {
  ByteReader r(file, offset);
  Bytes out;
  r.Take(n, out);
  return out;
}

// The part of the `n` bytes at `offset` that lies inside `file`.
Bytes FieldInside(Bytes file, size_t offset, size_t n) {
  ByteReader r(file, offset);
  Bytes out;
  r.Take(std::min(n, r.remaining()), out);
  return out;
}

// A string field: the text up to the first NUL, and what the bytes say
// about it.
struct NameField {
  std::string text;          // up to the first NUL, or the whole field
  bool terminated = false;   // a NUL inside the field
  bool printable = false;    // every byte of text is printable ASCII
  bool zero_padded = false;  // terminated, and only zeros after the NUL

  bool ChecksOut() const { return terminated && printable; }
};

NameField ReadName(Bytes field) {
  NameField n;
  const auto nul = std::find(field.begin(), field.end(), uint8_t{0});
  n.text.assign(field.begin(), nul);
  n.terminated = nul != field.end();
  n.printable = std::all_of(field.begin(), nul, Printable);
  n.zero_padded = n.terminated && std::all_of(nul, field.end(), [](uint8_t c) { return c == 0; });
  return n;
}

size_t ScoreOffset(const LayoutSpec& spec, int i) {
  return spec.scores_offset + size_t(i) * spec.score_size;
}

std::string ScoreWhere(absl::string_view name, int i) {
  return absl::StrCat(name, ": high score level ", i / kScoresPerLevel, " rank ",
                      i % kScoresPerLevel);
}

// How one layout's high-score table reads in a file.
struct LayoutFit {
  const LayoutSpec* spec = nullptr;
  int fits = 0;    // entries wholly inside the file
  int passes = 0;  // of those, entries that check out
  int clean = 0;   // of those, with the name zero-padded after its NUL
  std::string first_failure;

  // 3 in 4: see ReadPlayerFile in player.h.
  bool ChecksOut() const { return fits > 0 && passes * 4 >= fits * 3; }
};

LayoutFit Evaluate(Bytes file, const LayoutSpec& spec) {
  LayoutFit fit;
  fit.spec = &spec;
  for (int i = 0; i < kHighScores; ++i) {
    const size_t at = ScoreOffset(spec, i);
    const Bytes entry = Field(file, at, spec.score_size);
    if (entry.empty()) continue;
    ++fit.fits;
    const int32_t score = int32_t(LoadU32(entry.data()));
    const NameField n = ReadName(entry.subspan(4));
    if (PlausibleScore(score) && n.ChecksOut()) {
      ++fit.passes;
      if (n.zero_padded) ++fit.clean;
    } else if (fit.first_failure.empty()) {
      fit.first_failure = absl::StrCat(
          "level ", i / kScoresPerLevel, " rank ", i % kScoresPerLevel, " at ", Hex(at), ": ",
          PlausibleScore(score) ? "the name is not printable text ended by a NUL"
                                : ScoreProblem(score));
    }
  }
  return fit;
}

size_t Distance(size_t a, size_t b) { return a > b ? a - b : b - a; }

// True when `a` is the better reading of the file than `b`.
bool Better(const LayoutFit& a, const LayoutFit& b, size_t file_size) {
  if (a.passes != b.passes) return a.passes > b.passes;
  if (a.clean != b.clean) return a.clean > b.clean;
  return Distance(a.spec->size, file_size) < Distance(b.spec->size, file_size);
}

std::string FitSummary(const LayoutFit& f) {
  std::string s = absl::StrCat(PlayerLayoutName(f.spec->layout), " (", f.passes, " of ", f.fits,
                               " entries inside the file check out");
  if (!f.first_failure.empty()) absl::StrAppend(&s, "; first: ", f.first_failure);
  return absl::StrCat(s, ")");
}

std::string SizeWarning(absl::string_view name, size_t size, const LayoutSpec& chosen) {
  const bool fewer = size < kPlayerFileSize;
  return absl::StrCat(name, ": ", size, " bytes, ", Distance(size, kPlayerFileSize),
                      fewer ? " fewer" : " more", " than the ", kPlayerFileSize, " (",
                      Hex(kPlayerFileSize), ") of the documented layout; read as the ",
                      PlayerLayoutName(chosen.layout), " layout where its fields check out");
}

// Picks the layout a file of a non-standard size is read in, and says so.
absl::StatusOr<const LayoutSpec*> ChooseLayout(Bytes file, absl::string_view name,
                                               std::vector<std::string>& warnings) {
  const LayoutFit documented = Evaluate(file, kDocumented);
  const LayoutFit packed = Evaluate(file, kPacked);
  if (!documented.ChecksOut() && !packed.ChecksOut()) {
    return ErrorIn(name, "",
                   absl::StrCat(file.size(), " bytes, not the ", kPlayerFileSize, " (",
                                Hex(kPlayerFileSize),
                                ") of the documented layout, and the high scores check out in "
                                "neither layout: ",
                                FitSummary(documented), ", ", FitSummary(packed)));
  }
  const bool pick_packed =
      !documented.ChecksOut() || (packed.ChecksOut() && Better(packed, documented, file.size()));
  const LayoutFit& chosen = pick_packed ? packed : documented;
  const LayoutFit& other = pick_packed ? documented : packed;
  warnings.push_back(SizeWarning(name, file.size(), *chosen.spec));
  if (other.ChecksOut() && other.passes == chosen.passes && other.clean == chosen.clean) {
    warnings.push_back(absl::StrCat(
        name, ": the high scores check out equally well in both layouts (", chosen.passes, " of ",
        chosen.fits, " entries); read as ", PlayerLayoutName(chosen.spec->layout),
        ", whose size (", chosen.spec->size, ") is nearer the file's"));
  }
  return chosen.spec;
}

// What every field reader needs.
struct Reading {
  Bytes file;
  absl::string_view name;
  const LayoutSpec& spec;
  bool checked;  // a non-standard size: a field must check out, or it is unknown
  PlayerFile& out;

  void Warn(std::string message) { out.warnings.push_back(std::move(message)); }
  std::string End() const { return absl::StrCat("the end of the file at ", Hex(file.size())); }
};

// The settings and the language lie inside every file read this far: none is
// shorter than kPlayerMinimumSize.
void ReadSettings(Reading& r) {
  const Bytes settings = Field(r.file, 0, r.spec.language_offset);
  r.out.settings.assign(settings.begin(), settings.end());
  const Bytes language = Field(r.file, r.spec.language_offset, r.spec.language_size);
  r.out.language_raw.assign(language.begin(), language.end());
  r.out.language_override = r.spec.language_size == 4 ? LoadU32(language.data()) : language[0];
  if (r.spec.layout != PlayerLayout::kPacked) return;
  PackedSettings p;
  ByteReader b(settings);  // 0x11 bytes: nine u8, two u32
  for (uint8_t* f : {&p.sound_volume, &p.music_volume, &p.text_speed, &p.radio_mode,
                     &p.resolution, &p.default_resolution, &p.reserved, &p.transparency,
                     &p.deathmatch_mode}) {
    b.U8(*f);
  }
  b.U32(p.deathmatch_score);
  b.U32(p.deathmatch_kills);
  r.out.packed_settings = p;
}

// A high score's name. A 0x414-byte file keeps the bytes up to the NUL, or
// all 16 with a warning; in a file of another size the name must check out.
void ReadScoreName(Reading& r, int i, Bytes field, HighScore& s) {
  NameField n = ReadName(field);
  if (!r.checked) {
    if (!n.terminated) {
      r.Warn(absl::StrCat(ScoreWhere(r.name, i), " at ", Hex(s.offset), ": the name fills its ",
                          field.size(), " bytes without a NUL"));
    }
    s.name = std::move(n.text);
  } else if (n.ChecksOut()) {
    s.name = std::move(n.text);
  } else {
    r.Warn(absl::StrCat(ScoreWhere(r.name, i), " name at ", Hex(s.offset + 4),
                        ": not printable text ended by a NUL within its ", field.size(),
                        " bytes"));
  }
}

void ReadHighScore(Reading& r, int i) {
  HighScore s;
  s.level = i / kScoresPerLevel;
  s.rank = i % kScoresPerLevel;
  s.offset = ScoreOffset(r.spec, i);
  const Bytes score = Field(r.file, s.offset, 4);
  const Bytes name = Field(r.file, s.offset + 4, r.spec.score_name_size);
  const Bytes inside = FieldInside(r.file, s.offset + 4, r.spec.score_name_size);
  s.raw_name.assign(inside.begin(), inside.end());
  if (name.empty()) {  // never in a 0x414-byte file, which holds every entry
    r.Warn(absl::StrCat(ScoreWhere(r.name, i), " at ", Hex(s.offset), ": the entry (",
                        r.spec.score_size, " bytes) runs past ", r.End()));
  }
  if (!score.empty()) {
    const int32_t v = int32_t(LoadU32(score.data()));
    if (!r.checked || PlausibleScore(v)) {
      s.score = v;
    } else {
      r.Warn(absl::StrCat(ScoreWhere(r.name, i), " at ", Hex(s.offset), ": ", ScoreProblem(v)));
    }
  }
  if (!name.empty()) ReadScoreName(r, i, name, s);
  r.out.high_scores.push_back(std::move(s));
}

// The packed layout's fields after a player's name; `record` is whole.
PackedPlayer ReadPackedPlayer(Reading& r, int p, size_t offset, Bytes record) {
  PackedPlayer out;
  ByteReader b(record, kPackedPlayerNameSize);
  for (int l = 0; l < kScoreLevels; ++l) {
    uint32_t v = 0;
    b.U32(v);
    if (PlausibleScore(int32_t(v))) {
      out.level_scores[size_t(l)] = int32_t(v);
    } else {
      r.Warn(absl::StrCat(r.name, ": player ", p, " level ", l, " score at ",
                          Hex(offset + kPackedPlayerNameSize + 4 * size_t(l)), ": ",
                          ScoreProblem(int32_t(v))));
    }
  }
  uint32_t area = 0, game = 0;
  b.Skip(4);  // reserved
  b.U32(area);
  b.Skip(4);  // reserved
  b.U32(game);
  out.multiplayer_area = int32_t(area);
  out.multiplayer_game = int32_t(game);
  for (uint32_t& video : out.videos_unlocked) b.U32(video);
  return out;
}

// A player's name: a record that starts with a NUL is unused, so it has
// none. A 0x414-byte file names a record that starts with a terminated
// string of bytes >= 0x20 but 0x7f (as it always did, which lets through
// accented letters); a file of another size wants printable ASCII, and says
// so when a whole name field does not check out.
void ReadPlayerName(Reading& r, int p, Bytes record, PlayerRecord& rec) {
  const Bytes field = record.first(std::min(record.size(), r.spec.player_name_size));
  NameField n = ReadName(field);
  if (field.empty() || n.text.empty()) return;
  const bool text = std::all_of(n.text.begin(), n.text.end(), [](char c) {
    return uint8_t(c) >= 0x20 && uint8_t(c) != 0x7f;
  });
  if (!r.checked) {
    if (n.terminated && text) rec.name = std::move(n.text);
  } else if (n.ChecksOut()) {
    rec.name = std::move(n.text);
  } else if (field.size() == r.spec.player_name_size) {
    r.Warn(absl::StrCat(r.name, ": player ", p, " name at ", Hex(rec.offset),
                        ": not printable text ended by a NUL within its ", field.size(),
                        " bytes"));
  }
}

void ReadPlayer(Reading& r, int p) {
  PlayerRecord rec;
  rec.offset = r.spec.players_offset + size_t(p) * r.spec.player_size;
  const Bytes inside = FieldInside(r.file, rec.offset, r.spec.player_size);
  rec.raw.assign(inside.begin(), inside.end());
  const bool whole = inside.size() == r.spec.player_size;
  if (inside.empty()) {
    r.Warn(absl::StrCat(r.name, ": player ", p, " at ", Hex(rec.offset), ": past ", r.End()));
  } else if (!whole) {
    r.Warn(absl::StrCat(r.name, ": player ", p, " at ", Hex(rec.offset), ": the record (",
                        r.spec.player_size, " bytes) runs past ", r.End()));
  }
  ReadPlayerName(r, p, inside, rec);
  if (whole && r.spec.layout == PlayerLayout::kPacked) {
    rec.packed = ReadPackedPlayer(r, p, rec.offset, inside);
  }
  r.out.players.push_back(std::move(rec));
}

// A 0x414-byte file keeps a current player that is not one of the records,
// with a warning; a file of another size leaves it unknown.
void ReadCurrentPlayer(Reading& r) {
  const size_t at = r.spec.current_offset;
  const std::string where = absl::StrCat(r.name, ": current player at ", Hex(at));
  if (at >= r.file.size()) {
    r.Warn(absl::StrCat(where, ": past ", r.End()));
    return;
  }
  const int index = int(r.file[at]) - r.spec.current_base;
  if (index >= 0 && index < kPlayerRecords) {
    r.out.current_player = index;
    return;
  }
  r.Warn(r.spec.current_base == 0
             ? absl::StrCat(where, " is ", int(r.file[at]), ", not one of the 8 records")
             : absl::StrCat(where, " is ", int(r.file[at]),
                            ", not 1..8 (this layout counts the players from 1)"));
  if (!r.checked) r.out.current_player = index;
}

// The network name runs to the end of the layout, or of a shorter file.
void ReadNetworkName(Reading& r) {
  const size_t at = r.spec.network_offset;
  const std::string where = absl::StrCat(r.name, ": network name at ", Hex(at));
  if (at >= r.file.size()) {
    r.Warn(absl::StrCat(where, ": past ", r.End()));
    return;
  }
  const Bytes field = FieldInside(r.file, at, r.spec.size - at);
  NameField n = ReadName(field);
  if (!r.checked) {
    if (!n.terminated) r.Warn(absl::StrCat(where, ": no NUL before the end of the file"));
    r.out.network_name = std::move(n.text);
  } else if (n.ChecksOut()) {
    r.out.network_name = std::move(n.text);
  } else {
    r.Warn(absl::StrCat(where, ": not printable text ended by a NUL before ",
                        Hex(at + field.size())));
  }
}

// Evidence for a person to check: every NUL-terminated run of 3 or more
// printable ASCII characters, wherever it is.
void ListStrings(Reading& r) {
  size_t start = 0;
  size_t unlisted = 0;
  for (size_t i = 0; i < r.file.size(); ++i) {
    const uint8_t c = r.file[i];
    if (Printable(c)) continue;
    if (c == 0 && i - start >= 3) {
      if (r.out.strings.size() < kMaxListedStrings) {
        r.out.strings.push_back({start, std::string(r.file.begin() + std::ptrdiff_t(start),
                                                    r.file.begin() + std::ptrdiff_t(i))});
      } else {
        ++unlisted;
      }
    }
    start = i + 1;
  }
  if (unlisted > 0) {
    r.Warn(absl::StrCat(r.name, ": ", unlisted, " more strings after the first ",
                        kMaxListedStrings, " are not listed"));
  }
}

}  // namespace

absl::string_view PlayerLayoutName(PlayerLayout layout) {
  return layout == PlayerLayout::kPacked ? "packed" : "0x414";
}

absl::StatusOr<PlayerFile> ReadPlayerFile(Bytes file, absl::string_view name) {
  const bool standard = file.size() == kPlayerFileSize;
  if (!standard && file.size() < kPlayerMinimumSize) {
    return ErrorIn(name, "",
                   absl::StrCat(file.size(), " bytes, too short for a player file: the "
                                "settings, the language and one high score take at least ",
                                Hex(kPlayerMinimumSize), " bytes (the documented layout is ",
                                Hex(kPlayerFileSize), ")"));
  }
  PlayerFile out;
  out.size = file.size();
  out.standard_size = standard;
  const LayoutSpec* spec = &kDocumented;
  if (!standard) {
    absl::StatusOr<const LayoutSpec*> chosen = ChooseLayout(file, name, out.warnings);
    if (!chosen.ok()) return chosen.status();
    spec = *chosen;
  }
  out.layout = spec->layout;
  Reading r{file, name, *spec, !standard, out};
  ReadSettings(r);
  out.high_scores.reserve(kHighScores);
  for (int i = 0; i < kHighScores; ++i) ReadHighScore(r, i);
  out.players.reserve(kPlayerRecords);
  for (int p = 0; p < kPlayerRecords; ++p) ReadPlayer(r, p);
  ReadCurrentPlayer(r);
  ReadNetworkName(r);
  if (standard) return out;
  if (file.size() > spec->size) {
    r.Warn(absl::StrCat(name, ": ", file.size() - spec->size, " bytes after the end of the ",
                        PlayerLayoutName(spec->layout), " layout at ", Hex(spec->size),
                        " are not read"));
  }
  ListStrings(r);
  return out;
}

}  // namespace kbot::gta
