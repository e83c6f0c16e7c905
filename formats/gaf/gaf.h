// GAF / TAF: the sprite-animation container of Total Annihilation and
// TA: Kingdoms. Little-endian; every offset is absolute from the file start.
//
//   Header (12 bytes)        u32 Version (0x00010100, or 0 in a few stock
//                            files; the game ignores it), u32 SequenceCount,
//                            u32 Unknown (0)
//   Sequence offset table    SequenceCount x u32
//   Sequence (40 bytes)      u16 FrameCount, u16 LoopFlags (low byte non-zero:
//                            loops), u32 Unknown4, char Name[32] (NUL-padded)
//     FrameListItem (8)      u32 PtrFrameInfo, u32 Duration (low 16 bits are
//                            ticks of 1/30 s; shown for max(d & 0xffff, 1))
//   FrameInfo (24 bytes)     u16 Width, u16 Height, i16 OriginX, i16 OriginY,
//                            u8 TransparencyIndex, u8 Storage (+9: 0 raw,
//                            4 ARGB4444, 5 ARGB1555, any other value run-
//                            encoded), u8 LayerCount (+10), u8 Blend (+11),
//                            u32 Unknown2 (+12), u32 PtrFrameData,
//                            u32 Unknown3 (+20)
//   Layered frame            LayerCount > 0: PtrFrameData points at
//                            LayerCount x u32 pointers to nested FrameInfos,
//                            drawn back to front, hotspot on hotspot.
//
// ReadGaf reads and checks the structure (headers, tables, layer pointers);
// pixel data is decoded per frame by frame_decode.h, so listing a 12 MB atlas
// touches only its headers. Every value is kept as stored: the version, the
// loop word, the +4 word, the 32-bit duration, every FrameInfo byte.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include "absl/strings/string_view.h"
#include <vector>

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"

namespace kbot::gaf {

inline constexpr uint32_t kVersionStandard = 0x00010100;
inline constexpr uint32_t kVersionZero = 0;
inline constexpr size_t kHeaderSize = 12;
inline constexpr size_t kSequenceHeaderSize = 40;
inline constexpr size_t kNameSize = 32;
inline constexpr size_t kFrameListItemSize = 8;
inline constexpr size_t kFrameInfoSize = 24;
// Frames larger than this are refused instead of allocated; the largest stock
// frames are 640 x 480.
inline constexpr uint64_t kMaxFramePixels = 64ull * 1024 * 1024;

// How a frame's pixels are stored, from the byte at FrameInfo +9.
enum class Storage { kRaw, kRunEncoded, kArgb4444, kArgb1555 };
inline constexpr uint8_t kStorageArgb4444 = 4;
inline constexpr uint8_t kStorageArgb1555 = 5;

Storage StorageOf(uint8_t storage_byte);
// "raw", "compressed", "argb4444", "argb1555": the names of CONTRACT.md.
absl::string_view StorageName(Storage storage);

struct FrameInfo {
  uint32_t offset = 0;  // where this 24-byte header sits in the file
  uint16_t width = 0;
  uint16_t height = 0;
  int16_t origin_x = 0;
  int16_t origin_y = 0;
  uint8_t transparency = 0;  // the stored key; never rewritten
  uint8_t storage_byte = 0;  // +9
  uint8_t layer_count = 0;   // +10
  uint8_t blend = 0;         // +11: a layer drawn through the translucency table
  uint32_t unknown12 = 0;
  uint32_t data_offset = 0;  // pixel data, or the layer pointer table
  uint32_t unknown20 = 0;
  // When layer_count > 0: the nested headers, in draw order (back to front).
  // A nested header's own layer_count is kept but never followed.
  std::vector<FrameInfo> layers;

  Storage storage() const { return StorageOf(storage_byte); }
  bool layered() const { return layer_count > 0; }
  bool truecolor() const {
    return storage() == Storage::kArgb4444 || storage() == Storage::kArgb1555;
  }
  bool empty() const { return width == 0 || height == 0; }
  uint64_t pixels() const { return uint64_t(width) * height; }
};

struct Frame {
  uint32_t info_offset = 0;
  uint32_t duration = 0;  // the stored word
  FrameInfo info;
  // The game reads the low 16 bits and shows a frame for at least one tick.
  uint16_t ticks() const { return EffectiveTicks(duration); }
  static uint16_t EffectiveTicks(uint32_t duration) {
    const uint16_t low = uint16_t(duration & 0xffff);
    return low == 0 ? 1 : low;
  }
};

struct Sequence {
  uint32_t offset = 0;
  uint16_t frame_count = 0;
  uint16_t loop_flags = 0;
  uint32_t unknown4 = 0;
  std::string name;  // as stored, up to the first NUL; case preserved
  std::vector<Frame> frames;

  bool loops() const { return (loop_flags & 0xff) != 0; }
  uint64_t total_ticks() const;
};

struct Gaf {
  uint32_t version = 0;
  uint32_t unknown8 = 0;
  std::vector<Sequence> sequences;
  std::vector<std::string> warnings;  // structural oddities that do not stop reading
};

// Reads the structure of a GAF/TAF. `file_name` prefixes every error message.
absl::StatusOr<Gaf> ReadGaf(Bytes bytes, absl::string_view file_name);

// A sequence by index ("3") or by name, case-insensitively ("CursorMove").
// A name that is all digits is tried as a name when the index does not exist.
std::optional<size_t> FindSequence(const Gaf& gaf, absl::string_view index_or_name);

}  // namespace kbot::gaf
