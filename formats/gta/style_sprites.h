// The sprites of a style (G24 or 8-bit): the sprite numbers and sprite info sections, and
// where each sprite's pixels and deltas lie in the sprite graphics. Layout and
// sources: docs/formats/gta1.md, "Sprite numbers" to "Deltas".
//
//   Sprite numbers  42 bytes: 21 u16 counts, one a kind, in SpriteKind order.
//                   A count is how many sprites the kind has (not a first
//                   number): the sprite info records are the kinds laid end to
//                   end, so kind k's first sprite is the sum of counts 0..k-1.
//   Sprite info     records walked to the end of the section (the file holds
//                   no count): u8 width, u8 height, u8 delta count, u8 flag
//                   (console scaling; unused on PC), u16 size (= width x
//                   height), u16 palette number, u32 offset into the sprite
//                   graphics; then per delta u16 size, u32 offset. 12 + 6 n
//                   bytes. (The 8-bit .GRY styles leave out the palette number:
//                   10 + 6 n bytes, `palette` 0; style_gry.h.)
//   Sprite graphics one byte a pixel in 256 x 256 pages: pixel (x, y) of a
//                   sprite is at offset + y * 256 + x. The section need not
//                   end on a page (or row) boundary, so every row is checked.
//   Deltas          a delta is a patch (a door, a dent, a light) applied over
//                   the sprite: runs of {u16 skip, u8 length, length bytes}
//                   until its size is used. A cursor starts at the sprite's
//                   top-left corner, moves on by skip, the run is copied
//                   there, and the cursor moves on by length. The cursor walks
//                   256-byte page rows, so skip = dy * 256 + dx.
//
// One bad record does not fail the style: a sprite whose pixels or deltas are
// not inside the graphics (or not inside its page, or whose size is not width
// x height) is kept with `problem` set, and the reader's warnings name it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/gta/style.h"

namespace kbot::gta {

// The 21 kinds, in the sprite numbers' order (DMA's names in the comments).
enum class SpriteKind : uint8_t {
  kArrow,          // SPR_ARROW
  kDigits,         // SPR_DIGITS
  kBoat,           // SPR_BOAT
  kBox,            // SPR_BOX
  kBus,            // SPR_BUS
  kCar,            // SPR_CAR
  kObject,         // SPR_OBJECT
  kPed,            // SPR_PED
  kSpeedo,         // SPR_SPEEDO
  kTank,           // SPR_TANK
  kTrafficLights,  // SPR_TRAFFIC_LIGHTS
  kTrain,          // SPR_TRAIN
  kTrainDoors,     // SPR_TRDOORS
  kBike,           // SPR_BIKE
  kTram,           // SPR_TRAM
  kWreckedBus,     // SPR_WBUS (before WCAR: docs/formats/gta1.md, "Sprite numbers")
  kWreckedCar,     // SPR_WCAR
  kExplosion,      // SPR_EX
  kTumblingCar,    // SPR_TUMCAR
  kTumblingTruck,  // SPR_TUMTRUCK
  kFerry,          // SPR_FERRY
};
inline constexpr int kSpriteKindCount = 21;
inline constexpr size_t kSpriteNumbersSize = 2 * kSpriteKindCount;  // 42
inline constexpr size_t kSpriteRecordSize = 12;                     // G24, before its deltas
inline constexpr size_t kGrySpriteRecordSize = 10;                  // 8-bit: no palette number
inline constexpr size_t kSpriteDeltaRecordSize = 6;
inline constexpr int kSpritePageSide = 256;
inline constexpr size_t kSpritePageBytes = 256 * 256;

// The file offset of a section by its name in style.sections ("sprite info",
// "cars", ...); 0 when a hand-made Style lists none, so that offsets in
// messages are then section-relative.
uint64_t StyleSectionOffset(const Style& style, absl::string_view name);

// "arrow", "digits", "boat", "box", "bus", "car", "object", "ped", "speedo",
// "tank", "traffic_lights", "train", "train_doors", "bike", "tram",
// "wrecked_bus", "wrecked_car", "explosion", "tumbling_car", "tumbling_truck",
// "ferry": the names tools and JSON use.
absl::string_view SpriteKindName(SpriteKind kind);
// The kind of a name above (also accepted: the plural, "peds", "cars", ...);
// nullopt for any other.
std::optional<SpriteKind> SpriteKindFromName(absl::string_view name);

struct SpriteDelta {
  uint16_t size = 0;     // bytes of runs
  uint32_t offset = 0;   // in the sprite graphics
  std::string problem;   // empty when its bytes are in the graphics
};

struct SpriteRecord {
  int number = 0;          // absolute sprite number (record index)
  SpriteKind kind = SpriteKind::kArrow;
  int number_in_kind = 0;  // 0-based within its kind
  uint64_t record_offset = 0;  // in the file
  uint8_t width = 0;
  uint8_t height = 0;
  uint8_t flag = 0;        // byte 3 (console scaling flag), as stored
  uint16_t size = 0;       // as stored; width x height in a sound record
  uint16_t palette = 0;    // sprite palette number, relative to the sprite palettes (G24)
  uint32_t offset = 0;     // in the sprite graphics: page * 65536 + y * 256 + x
  std::vector<SpriteDelta> deltas;
  std::string problem;     // empty when the pixels can be drawn

  int page() const { return int(offset >> 16); }
  int page_x() const { return int(offset & 0xff); }
  int page_y() const { return int((offset >> 8) & 0xff); }
};

struct StyleSprites {
  std::array<uint16_t, kSpriteKindCount> counts{};  // as stored
  std::array<int, kSpriteKindCount> first{};        // cumulative: first sprite of each kind
  std::vector<SpriteRecord> sprites;                // every record, in file order
  std::vector<std::string> warnings;

  int CountOf(SpriteKind kind) const { return counts[size_t(kind)]; }
  int FirstOf(SpriteKind kind) const { return first[size_t(kind)]; }
  // How many of the kind's sprites have a record (fewer than its count when
  // the sprite info ends early).
  int StoredOf(SpriteKind kind) const;
  // The absolute number of sprite n of the kind; error naming the kind and
  // its count for n outside 0 .. StoredOf - 1.
  absl::StatusOr<int> Number(SpriteKind kind, int n) const;
};

// Reads the sprite numbers and sprite info of a style, and checks each
// record against the sprite graphics. Errors only when there is nothing to
// read: a sprite numbers section that is not 42 bytes. Everything else is a
// warning, with the record kept and marked (problem): a record or delta list
// cut short by the end of the section (the walk stops there), a size other
// than width x height, pixels past the graphics or across a page's edge, a
// delta past the graphics, counts that do not add up to the records.
absl::StatusOr<StyleSprites> ReadStyleSprites(const Style& style);

// The pixels of a sprite (width x height palette indices, row-major) with
// the chosen deltas applied in the order given. Errors name the sprite (and
// the delta): a sprite with a problem, a delta number past its deltas, a
// delta with a problem, a run that lands outside the sprite or runs past
// its delta's bytes.
absl::StatusOr<std::vector<uint8_t>> SpritePixels(const Style& style,
                                                  const SpriteRecord& sprite,
                                                  const std::vector<int>& deltas);

}  // namespace kbot::gta
