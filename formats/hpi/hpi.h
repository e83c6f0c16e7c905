// HPI: the archive of Total Annihilation (version 1) and TA: Kingdoms
// (version 2), behind *.hpi, *.ufo, *.ccx, *.gp3, *.gp4, *.swx. Little-endian;
// the layout and the rules are in docs/formats/hpi.md.
//
//   Both versions   u32 Marker "HAPI" (0x49504148), u32 Version. "BANK"
//                   (0x4B4E4142) in the version slot is a saved game, refused.
//
//   Version 1 (0x00010000, TA)
//     Header (20)   Marker, Version, u32 DirectorySize (the end of the
//                   directory, counted from file offset 0), u32 HeaderKey,
//                   u32 Start (file offset of the root directory record).
//     Cipher        h = low byte of HeaderKey, k = ((h << 2) | (h >> 6)) & 0xFF;
//                   k == 0: not encrypted. Otherwise the byte at file offset p
//                   decodes as b ^ ((p & 0xFF) ^ k): directory and file data
//                   alike, keyed by the position in the file.
//     Directory     record: u32 Count, u32 EntriesOffset; entry (9 bytes):
//                   u32 NameOffset, u32 DataOffset, u8 IsDirectory. Names are
//                   NUL-terminated. A directory entry's data is another
//                   record; a file entry's data is u32 DataOffset, u32 Size
//                   (decompressed), u8 Compression (0 stored, 1 LZ77, 2 zlib).
//     File data     stored: Size bytes. Compressed: ceil(Size / 65536) u32
//                   chunk sizes, then the chunks, each an SQSH chunk.
//
//   Version 2 (0x00020000, TA: Kingdoms). No cipher.
//     Header (32)   Marker, Version, u32 DirectoryBlock, DirectorySize,
//                   NameBlock, NameSize, Data, Last78.
//     Blocks        the directory block and the name block are each stored, or
//                   one SQSH chunk (detected by its marker).
//     Directory     record (20 bytes): NamePtr, FirstSubDirectory, SubCount,
//                   FirstFile, FileCount; file record (24 bytes): NamePtr,
//                   Start, DecompressedSize, CompressedSize (0 = stored),
//                   Date, Checksum. The root record sits at offset 0 of the
//                   directory block; record offsets are into the directory
//                   block, name pointers into the name block.
//     File data     stored: DecompressedSize bytes at Start; compressed: one
//                   SQSH chunk of CompressedSize bytes (header included).
//
//   SQSH chunk      19-byte header: u32 "SQSH" (0x48535153), u8 Version (2),
//                   u8 Compression (0 stored, 1 LZ77, 2 zlib), u8 Encrypted,
//                   u32 CompressedSize (payload bytes), u32 DecompressedSize,
//                   u32 Checksum (sum of payload bytes mod 2^32, after the
//                   archive cipher, before the chunk's own decoding). Then the
//                   payload; when Encrypted, payload byte i decodes as
//                   (b - i) ^ i (mod 256).
//   LZ77            4096-byte window, write position starting at 1. A tag
//                   byte gives eight flags, least significant bit first.
//                   0: one literal byte to the output and the window.
//                   1: u16 v, offset = v >> 4, length = (v & 0x0F) + 2;
//                   offset 0 ends the chunk, otherwise copy `length` bytes
//                   from the window at `offset`, each also written back at the
//                   write position (both wrap with & 0x0FFF).
//
// Which faults refuse the whole archive and which one entry:
//   - OpenHpi refuses the archive when the header or the directory is broken:
//     a directory or block outside the file, a record or name outside the
//     directory, a cycle, a name without its NUL, too deep a nesting, an
//     entry whose bytes (stored bytes, v1 chunk table, v2 chunk) the
//     directory places outside the file, or more work than the caps below
//     allow. Nothing can be trusted about the other entries then: their
//     places come from the same broken directory.
//   - What one entry's own bytes say about decoding them (a v1 record's
//     compression byte, its chunk sizes, any SQSH header) is checked by
//     ReadEntry of that entry only: the archive opens, the entry is listed,
//     and reading it fails with the reason. A damaged file inside an
//     otherwise sound archive then costs that file, not the archive.
//
// Strictness and caps (each a clear error naming archive, entry and offset):
//   - the directory is walked with a depth bound (kMaxDepth) and every record
//     and entry slot may be visited once, so a directory that points back into
//     itself is refused and the entry count can never exceed what the
//     directory bytes can hold;
//   - names are at most kMaxNameLength bytes and must end with a NUL inside
//     the directory (v1) or name block (v2); the paths of all entries
//     together are capped in proportion to the directory (names may be
//     shared, paths may not multiply them without bound);
//   - an LZ77 chunk must end with its terminator; a window reference to a
//     position not yet written is refused;
//   - a declared decompressed size must be plausible for the compressed bytes
//     before anything is allocated: LZ77 produces at most 8 bytes per input
//     byte (a tag and eight 2-byte references, 17 bytes, give at most
//     8 x 17 = 136), zlib at most kZlibMaxRatio per input byte (deflate's own
//     limit is 1032:1), stored exactly its size; v1 chunks at most 65536 each;
//   - zlib output is checked against the declared size as it streams, never
//     written past it;
//   - the checksum and the decompressed size of every chunk are checked.
//
// OpenHpi reads the directory only (memory proportional to the directory);
// ReadEntry reads one entry's bytes. Both are pure functions of their inputs:
// concurrent ReadEntry calls on one archive are safe.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"

namespace kbot::hpi {

inline constexpr uint32_t kMarker = 0x49504148;      // "HAPI"
inline constexpr uint32_t kBankMarker = 0x4B4E4142;  // "BANK": a saved game
inline constexpr uint32_t kVersion1 = 0x00010000;
inline constexpr uint32_t kVersion2 = 0x00020000;
inline constexpr uint32_t kSqshMarker = 0x48535153;  // "SQSH"
inline constexpr size_t kV1HeaderSize = 20;
inline constexpr size_t kV2HeaderSize = 32;
inline constexpr size_t kV1EntrySize = 9;
inline constexpr size_t kV1DirRecordSize = 8;
inline constexpr size_t kV1FileRecordSize = 9;
inline constexpr size_t kV2DirRecordSize = 20;
inline constexpr size_t kV2FileRecordSize = 24;
inline constexpr size_t kSqshHeaderSize = 19;
inline constexpr uint32_t kChunkSize = 65536;  // v1: decompressed bytes per chunk
inline constexpr size_t kLz77WindowSize = 4096;
inline constexpr int kMaxDepth = 64;
inline constexpr size_t kMaxNameLength = 255;
inline constexpr uint64_t kLz77MaxRatio = 8;
// All entries' paths together may hold at most this many bytes per byte of
// the directory (v2: directory and name blocks), plus kPathBytesExtra; real
// archives stay near 1.
inline constexpr uint64_t kPathBytesPerDirectoryByte = 16;
inline constexpr uint64_t kPathBytesExtra = 65536;
inline constexpr uint64_t kZlibMaxRatio = 1032;

enum class Compression : uint8_t { kNone = 0, kLz77 = 1, kZlib = 2 };
// An entry whose v1 file record or v2 SQSH header names another value keeps
// that value (v1: the record's byte; v2: the header's byte, or
// kUnknownCompression when the data is not an SQSH chunk at all); ReadEntry
// refuses such an entry, the rest of the archive reads as usual.
inline constexpr Compression kUnknownCompression = Compression(0xFF);
inline bool KnownCompression(Compression c) { return uint8_t(c) <= 2; }
// "none", "lz77", "zlib"; "unknown" for any other value.
absl::string_view CompressionName(Compression compression);

struct HpiEntry {
  std::string path;              // '/'-joined, as the archive spells it
  uint32_t size = 0;             // decompressed
  // Bytes in the file (v1: chunk table + chunks). 0 for a compressed v1 entry
  // whose extent is unknown (an unknown compression byte, or chunk sizes that
  // run past the end of the file: ReadEntry says which).
  uint32_t compressed_size = 0;
  Compression compression = Compression::kNone;  // see KnownCompression
  // Where it is read from: v1, the file offset of the stored bytes or of the
  // chunk-size table; v2, the file offset of the stored bytes or SQSH chunk.
  uint32_t data_offset = 0;
};

struct HpiArchive {
  std::string name;  // the name errors are reported under
  uint32_t version = 0;
  uint8_t key = 0;   // v1: the derived cipher key k (0: not encrypted)
  // Files only (directories are implied by the paths), sorted by path,
  // ASCII case-insensitively.
  std::vector<HpiEntry> entries;

  // The entry at `path`, ASCII case-insensitively ('\' counts as '/');
  // nullptr when there is none.
  const HpiEntry* Find(absl::string_view path) const;
};

// Reads the header and the directory. `name` prefixes every error message.
absl::StatusOr<HpiArchive> OpenHpi(Bytes file, absl::string_view name);

// The decompressed bytes of one entry of `archive`, which was opened from
// `file`. Touches only that entry's bytes.
absl::StatusOr<std::vector<uint8_t>> ReadEntry(const HpiArchive& archive, Bytes file,
                                               const HpiEntry& entry);

// A reusable output buffer for ReadEntryInto. It grows to the largest entry
// read into it and keeps that memory; it never fills memory that decoding is
// about to overwrite (a std::vector's resize zeroes it: about 4% of an
// extraction), and reused, it costs no page faults either.
class EntryBuffer {
 public:
  // `size` bytes of unspecified content, valid until the next Take.
  std::span<uint8_t> Take(size_t size);
  size_t capacity() const { return capacity_; }

 private:
  std::unique_ptr<uint8_t[]> data_;
  size_t capacity_ = 0;
};

// ReadEntry into `buffer`: the entry's bytes, valid until `buffer` is used
// again. What an extraction uses (parallel_read.h): one buffer per thread.
absl::StatusOr<Bytes> ReadEntryInto(const HpiArchive& archive, Bytes file, const HpiEntry& entry,
                                    EntryBuffer& buffer);

// One SQSH chunk at the start of `chunk` (its header and payload, with any
// archive cipher already removed), decoded. `where` prefixes errors (e.g.
// "units.hpi: units/arm.fbi: chunk 0"); `file_offset` is where the chunk sits,
// for the messages. Exposed for the tests and the v2 blocks.
absl::StatusOr<std::vector<uint8_t>> DecodeSqsh(Bytes chunk, absl::string_view where,
                                                uint64_t file_offset);

// An LZ77 payload (already decrypted), decoded to exactly `size` bytes.
absl::StatusOr<std::vector<uint8_t>> DecodeLz77(Bytes payload, uint32_t size,
                                                absl::string_view where, uint64_t file_offset);

}  // namespace kbot::hpi
