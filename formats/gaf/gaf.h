// GAF / TAF: the sprite-animation container of Total Annihilation and
// TA: Kingdoms. Little-endian; every offset is absolute from the file start.
//
//   Header (12 bytes)        u32 Version (0x00010100, or 0 in a few stock
//                            files; the game ignores it; 0x00010101 marks
//                            a TA3D truecolor file, below), u32
//                            SequenceCount, u32 Unknown (0)
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
//
// TA3D truecolor variant (version 0x00010101): the TA3D engine project ships
// its interface and build-menu GAFs this way. Same container, but every
// frame's PtrFrameData points at a u32 byte count followed by a zlib stream
// that inflates to Width x Height pixels, top-down: R G B A (4 bytes) when the
// TransparencyIndex byte is non-zero, R G B (3 bytes) when it is 0. TA3D never
// reads the Storage byte (its writer stores 1) nor follows layer tables in
// such a file, so neither does this reader.
//
// ReadGaf reads and checks the structure (headers, tables, layer pointers);
// pixel data is decoded per frame by frame_decode.h, so listing a 12 MB atlas
// touches only its headers. Every value is kept as stored: the version, the
// loop word, the +4 word, the 32-bit duration, every FrameInfo byte.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include "absl/strings/string_view.h"
#include <vector>

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"

namespace kbot::gaf {

inline constexpr uint32_t kVersionStandard = 0x00010100;
inline constexpr uint32_t kVersionZero = 0;
inline constexpr uint32_t kVersionTa3dTruecolor = 0x00010101;
inline constexpr size_t kHeaderSize = 12;
inline constexpr size_t kSequenceHeaderSize = 40;
inline constexpr size_t kNameSize = 32;
inline constexpr size_t kFrameListItemSize = 8;
inline constexpr size_t kFrameInfoSize = 24;
// Frames larger than this are refused instead of allocated; the largest stock
// frames are 640 x 480.
inline constexpr uint64_t kMaxFramePixels = 64ull * 1024 * 1024;

// How a frame's pixels are stored: from the byte at FrameInfo +9, or, in a
// TA3D truecolor file, from the TransparencyIndex byte.
enum class Storage { kRaw, kRunEncoded, kArgb4444, kArgb1555, kZlibRgba, kZlibRgb };
inline constexpr uint8_t kStorageArgb4444 = 4;
inline constexpr uint8_t kStorageArgb1555 = 5;

// The whole-file layouts: the game's, and TA3D's truecolor one.
enum class Variant { kStandard, kTa3dTruecolor };
// "standard", "ta3d-truecolor"
absl::string_view VariantName(Variant variant);
std::optional<Variant> ParseVariant(absl::string_view name);

// The storage of a frame of a standard file, from its +9 byte.
Storage StorageOf(uint8_t storage_byte);
// "raw", "compressed", "argb4444", "argb1555", "zlib-rgba", "zlib-rgb": the
// names listings and dumped folders use.
absl::string_view StorageName(Storage storage);
std::optional<Storage> ParseStorage(absl::string_view name);

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
  // A frame of a TA3D truecolor file: its data is a zlib stream whatever the
  // storage and layer bytes say.
  bool ta3d = false;
  // When layered(): the nested headers, in draw order (back to front). A
  // nested header's own layer_count is kept but never followed.
  std::vector<FrameInfo> layers;

  Storage storage() const {
    if (ta3d) return transparency != 0 ? Storage::kZlibRgba : Storage::kZlibRgb;
    return StorageOf(storage_byte);
  }
  bool layered() const { return layer_count > 0 && !ta3d; }
  bool truecolor() const {
    return ta3d || storage() == Storage::kArgb4444 || storage() == Storage::kArgb1555;
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
  Variant variant = Variant::kStandard;  // from the version word
  uint32_t unknown8 = 0;
  std::vector<Sequence> sequences;
  std::vector<std::string> warnings;  // structural oddities that do not stop reading
};

// Reads the structure of a GAF/TAF. `file_name` prefixes every error message.
absl::StatusOr<Gaf> ReadGaf(Bytes bytes, absl::string_view file_name);

// A file ReadGaf reads by pieces instead of holding it whole (a plain file
// read with pread: its pixel data is then never paged in).
class RandomAccess {
 public:
  virtual ~RandomAccess() = default;
  virtual uint64_t size() const = 0;
  // Fills `out` with the bytes at [offset, offset + out.size()); false when
  // they are not all in the file, or cannot be read.
  virtual bool Read(uint64_t offset, std::span<uint8_t> out) const = 0;
};

// The same reading, the same errors, from pieces of `file`: the headers, the
// tables, each sequence and frame header, nothing else.
absl::StatusOr<Gaf> ReadGaf(const RandomAccess& file, absl::string_view file_name);

// A sequence by index ("3") or by name, case-insensitively ("CursorMove").
// A name that is all digits is tried as a name when the index does not exist.
std::optional<size_t> FindSequence(const Gaf& gaf, absl::string_view index_or_name);

}  // namespace kbot::gaf
