#include "formats/gta/style_sprites.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "formats/common/byte_reader.h"
#include "formats/common/format_error.h"

namespace kbot::gta {

namespace {

constexpr std::array<absl::string_view, kSpriteKindCount> kKindNames = {
    "arrow",       "digits",      "boat",        "box",        "bus",          "car",
    "object",      "ped",         "speedo",      "tank",       "traffic_lights", "train",
    "train_doors", "bike",        "tram",        "wrecked_bus", "wrecked_car", "explosion",
    "tumbling_car", "tumbling_truck", "ferry"};

std::string SpriteName(const SpriteRecord& s) {
  return absl::StrCat("sprite ", s.number, " (", SpriteKindName(s.kind), " ", s.number_in_kind,
                      ")");
}

// Where sprite number n falls: its kind and its number in the kind. Sprites
// past the counts' total belong to no kind; they are put in the last kind
// with counts (the reader warns about them).
void PlaceInKind(const StyleSprites& sprites, SpriteRecord& s) {
  for (int k = kSpriteKindCount - 1; k >= 0; --k) {
    if (sprites.counts[k] != 0 && s.number >= sprites.first[k]) {
      s.kind = SpriteKind(k);
      s.number_in_kind = s.number - sprites.first[k];
      return;
    }
  }
  s.kind = SpriteKind::kArrow;
  s.number_in_kind = s.number;
}

// Why the sprite's pixels cannot be read, or "" when they can: each row must
// lie in the graphics and in the sprite's own page.
std::string PixelProblem(const SpriteRecord& s, size_t graphics_size) {
  if (s.size != uint32_t(s.width) * s.height) {
    return absl::StrCat("size ", s.size, " is not width x height (", int(s.width), " x ",
                        int(s.height), ")");
  }
  if (s.width == 0 || s.height == 0) return "";
  if (s.page_x() + s.width > kSpritePageSide || s.page_y() + s.height > kSpritePageSide) {
    return absl::StrCat("its ", int(s.width), " x ", int(s.height), " pixels at (", s.page_x(),
                        ", ", s.page_y(), ") run past the edge of page ", s.page());
  }
  const uint64_t end = uint64_t(s.offset) + uint64_t(s.height - 1) * kSpritePageSide + s.width;
  if (end > graphics_size) {
    return absl::StrCat("its pixels end at ", Hex(end), ", past the sprite graphics' ",
                        graphics_size, " bytes");
  }
  return "";
}

std::string DeltaProblem(const SpriteDelta& d, size_t graphics_size) {
  if (uint64_t(d.offset) + d.size > graphics_size) {
    return absl::StrCat("its ", d.size, " bytes at ", Hex(d.offset),
                        " run past the sprite graphics' ", graphics_size, " bytes");
  }
  return "";
}

// Reads one record (and its delta list) at r; false when the section ends
// first, with the reason in `why`. An 8-bit style's record has no palette
// number.
bool ReadRecord(ByteReader& r, bool eight_bit, SpriteRecord& s, std::string& why) {
  const size_t left = r.remaining();
  uint8_t deltas = 0;
  if (!r.U8(s.width) || !r.U8(s.height) || !r.U8(deltas) || !r.U8(s.flag) || !r.U16(s.size) ||
      (!eight_bit && !r.U16(s.palette)) || !r.U32(s.offset)) {
    why = absl::StrCat("its ", eight_bit ? kGrySpriteRecordSize : kSpriteRecordSize,
                       " bytes are cut short by the end of the section (", left,
                       " byte(s) left)");
    return false;
  }
  s.deltas.resize(deltas);
  for (int i = 0; i < deltas; ++i) {
    if (!r.U16(s.deltas[i].size) || !r.U32(s.deltas[i].offset)) {
      why = absl::StrCat("it lists ", int(deltas), " deltas, but the section ends after ", i);
      return false;
    }
  }
  return true;
}

absl::Status ReadNumbers(const Style& style, StyleSprites& out) {
  if (style.sprite_numbers.size() != kSpriteNumbersSize) {
    return ErrorIn(style.name, "sprite numbers",
                   absl::StrCat(style.sprite_numbers.size(), " bytes, expected ",
                                kSpriteNumbersSize, " (21 u16 counts)"));
  }
  int total = 0;
  for (int k = 0; k < kSpriteKindCount; ++k) {
    out.counts[k] = LoadU16(style.sprite_numbers.data() + 2 * k);
    out.first[k] = total;
    total += out.counts[k];
  }
  return absl::OkStatus();
}

// Marks the records whose pixels or deltas cannot be read, with a warning
// for each.
void CheckRecords(const Style& style, StyleSprites& out) {
  const size_t graphics = style.sprite_graphics.size();
  for (SpriteRecord& s : out.sprites) {
    s.problem = PixelProblem(s, graphics);
    if (!s.problem.empty()) {
      out.warnings.push_back(absl::StrCat(SpriteName(s), " at ", Hex(s.record_offset), ": ",
                                          s.problem));
    }
    for (size_t i = 0; i < s.deltas.size(); ++i) {
      s.deltas[i].problem = DeltaProblem(s.deltas[i], graphics);
      if (!s.deltas[i].problem.empty()) {
        out.warnings.push_back(absl::StrCat(SpriteName(s), " delta ", i, ": ",
                                            s.deltas[i].problem));
      }
    }
  }
}

void CheckTotals(StyleSprites& out) {
  const int total = out.first[kSpriteKindCount - 1] + out.counts[kSpriteKindCount - 1];
  if (size_t(total) != out.sprites.size()) {
    out.warnings.push_back(absl::StrCat("the sprite numbers count ", total,
                                        " sprites, the sprite info holds ", out.sprites.size()));
  }
}

}  // namespace

uint64_t StyleSectionOffset(const Style& style, absl::string_view name) {
  for (const StyleSection& s : style.sections) {
    if (s.name == name) return s.offset;
  }
  return 0;
}

absl::string_view SpriteKindName(SpriteKind kind) { return kKindNames[size_t(kind)]; }

std::optional<SpriteKind> SpriteKindFromName(absl::string_view name) {
  std::string n = absl::AsciiStrToLower(name);
  for (int k = 0; k < kSpriteKindCount; ++k) {
    if (n == kKindNames[k] || n == absl::StrCat(kKindNames[k], "s")) return SpriteKind(k);
  }
  if (n == "traffic_light") return SpriteKind::kTrafficLights;
  if (n == "train_door") return SpriteKind::kTrainDoors;
  return std::nullopt;
}

int StyleSprites::StoredOf(SpriteKind kind) const {
  const int first_of = FirstOf(kind);
  if (size_t(first_of) >= sprites.size()) return 0;
  return std::min<int>(CountOf(kind), int(sprites.size()) - first_of);
}

absl::StatusOr<int> StyleSprites::Number(SpriteKind kind, int n) const {
  const int stored = StoredOf(kind);
  if (n < 0 || n >= stored) {
    return absl::InvalidArgumentError(
        absl::StrCat(SpriteKindName(kind), " sprite ", n, " is past the kind's ", stored,
                     " sprite(s)", stored < CountOf(kind)
                                       ? absl::StrCat(" (", CountOf(kind), " counted)")
                                       : ""));
  }
  return FirstOf(kind) + n;
}

absl::StatusOr<StyleSprites> ReadStyleSprites(const Style& style) {
  StyleSprites out;
  if (absl::Status s = ReadNumbers(style, out); !s.ok()) return s;
  const uint64_t base = StyleSectionOffset(style, "sprite info");
  ByteReader r(style.sprite_info);
  while (r.remaining() > 0) {
    SpriteRecord s;
    s.number = int(out.sprites.size());
    s.record_offset = base + r.pos();
    std::string why;
    if (!ReadRecord(r, style.eight_bit(), s, why)) {
      out.warnings.push_back(absl::StrCat("sprite info: record ", s.number, " at ",
                                          Hex(s.record_offset), ": ", why, "; ",
                                          out.sprites.size(), " sprite(s) read"));
      break;
    }
    PlaceInKind(out, s);
    out.sprites.push_back(std::move(s));
  }
  CheckTotals(out);
  CheckRecords(style, out);
  return out;
}

namespace {

// Applies one delta's runs to the sprite's pixels.
absl::Status ApplyDelta(const Style& style, const SpriteRecord& s, int which,
                        std::vector<uint8_t>& pixels) {
  const SpriteDelta& d = s.deltas[which];
  const std::string where = absl::StrCat(SpriteName(s), " delta ", which);
  if (!d.problem.empty()) return ErrorIn(style.name, where, d.problem);
  Bytes runs(style.sprite_graphics.data() + d.offset, d.size);
  ByteReader r(runs);
  uint64_t cursor = 0;  // page-relative: dy * 256 + dx from the sprite's corner
  while (r.remaining() > 0) {
    uint16_t skip = 0;
    uint8_t length = 0;
    Bytes run;
    if (!r.U16(skip) || !r.U8(length) || !r.Take(length, run)) {
      return ErrorIn(style.name, where,
                     absl::StrCat("a run at byte ", r.pos(), " runs past the delta's ", d.size,
                                  " bytes"));
    }
    cursor += skip;
    const uint64_t dx = cursor % kSpritePageSide, dy = cursor / kSpritePageSide;
    if (dy >= s.height || dx + length > s.width) {
      return ErrorIn(style.name, where,
                     absl::StrCat("a run of ", int(length), " at (", dx, ", ", dy,
                                  ") lands outside the ", int(s.width), " x ", int(s.height),
                                  " sprite"));
    }
    std::copy(run.begin(), run.end(), pixels.begin() + dy * s.width + dx);
    cursor += length;
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<uint8_t>> SpritePixels(const Style& style, const SpriteRecord& s,
                                                  const std::vector<int>& deltas) {
  if (!s.problem.empty()) return ErrorIn(style.name, SpriteName(s), s.problem);
  std::vector<uint8_t> pixels(size_t(s.width) * s.height);
  for (int y = 0; y < s.height; ++y) {
    const uint8_t* row = style.sprite_graphics.data() + s.offset + size_t(y) * kSpritePageSide;
    std::copy(row, row + s.width, pixels.begin() + size_t(y) * s.width);
  }
  for (int which : deltas) {
    if (which < 0 || size_t(which) >= s.deltas.size()) {
      return ErrorIn(style.name, SpriteName(s),
                     absl::StrCat("delta ", which, " is past its ", s.deltas.size(),
                                  " delta(s)"));
    }
    if (absl::Status st = ApplyDelta(style, s, which, pixels); !st.ok()) return st;
  }
  return pixels;
}

}  // namespace kbot::gta
