// HPI fixtures laid out byte by byte from docs/formats/hpi.md,
// without the project's writer: the tests check the reader against the spec.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tests/support/gaf_bytes.h"

namespace kbot::testing {

// The derived v1 key k for a HeaderKey: ((h << 2) | (h >> 6)) & 0xFF.
uint8_t HpiV1Key(uint32_t header_key);

// Applies the v1 cipher (b ^ ((p & 0xFF) ^ k)) to bytes [from, to) of `file`,
// keyed by file position. The cipher is its own inverse.
void HpiXor(std::vector<uint8_t>& file, uint8_t k, size_t from, size_t to);

// One SQSH chunk: the 19-byte header and `payload` (the bytes after the
// chunk's own decoding is undone: LZ77 codes, a zlib stream or stored bytes).
// When `encrypted`, the payload is stored as (b ^ i) + i so that (s - i) ^ i
// gives it back; the checksum is the sum of the stored bytes.
std::vector<uint8_t> SqshChunk(uint8_t compression, bool encrypted,
                               const std::vector<uint8_t>& payload, uint32_t decompressed_size);

// A zlib stream of `data` (zlib's compress2).
std::vector<uint8_t> ZlibStream(const std::vector<uint8_t>& data);

std::vector<uint8_t> BytesOf(const std::string& text);

// `n` bytes that compress, but not to nothing, the same for the same seed:
// stretches of a repeated word alternating with noise, so that archives of
// them have chunks of both kinds.
std::vector<uint8_t> MixedBytes(size_t n, uint32_t seed);

// A version 1 archive (not encrypted) whose root directory holds exactly
// these file entries, each stored, with its name written as given: a name may
// hold '/', '\', "..", a drive letter... (the reader joins names with '/'
// without judging them), which is how the tests build hostile archives.
// Layout: header (20), root record at 20, its 9-byte entries, then per file
// its NUL-terminated name and its 9-byte file record, then the data in order.
struct FlatHpiFile {
  std::string name;
  std::vector<uint8_t> data;
};
std::vector<uint8_t> FlatHpiV1(const std::vector<FlatHpiFile>& files);

}  // namespace kbot::testing
