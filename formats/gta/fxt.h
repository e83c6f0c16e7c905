// FXT: GTA1's text files (ENGLISH.FXT, FRENCH.FXT, ...). Layout from
// specs/gta1-formats.txt and its addendum.
//
//   Cipher     the whole file, byte by byte: b -= k; then k += m; m *= 2
//              (mod 256), from k = 0x64, m = 0x63. The keys run 0x64, 0xC7,
//              0x8D, 0x19, 0x31, 0x61, 0xC1, 0x81, then 0x01 for every later
//              byte (m reaches 0). English files begin bf f8 bd 49 62 be 02
//              ef, which decrypts to "[1001]An".
//   Records    decrypted, "[KEY]TEXT\0" repeated, in file order; keys may
//              repeat and every record is kept. The list ends with a record
//              whose key is empty ("[]"); shipped files end "[]\x1a\0[]", so
//              whatever follows the first empty key is trailer, not text.
//   Text       UTF-8 (accents in French, German and Italian).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"

namespace kbot::gta {

struct FxtRecord {
  std::string key;   // between the brackets
  std::string text;  // up to the NUL, UTF-8 as stored
};

struct Fxt {
  std::vector<FxtRecord> records;  // file order, repeated keys kept
  std::vector<std::string> warnings;
};

// The cipher's key for byte `index` of the file.
uint8_t FxtKey(uint64_t index);
// The file decrypted (its own inverse is EncryptFxt).
std::vector<uint8_t> DecryptFxt(Bytes file);
std::vector<uint8_t> EncryptFxt(Bytes plain);

// Decodes an FXT file. Errors name the file, the record and the decrypted
// offset: a record that does not start with '[', a key without its ']', a
// text without its NUL. Text that is not valid UTF-8 is kept as stored, with
// a warning naming the record. A file without the final "[]" is read to its
// end, with a warning.
absl::StatusOr<Fxt> ReadFxt(Bytes file, absl::string_view name);

// The FXT file holding `records` then the shipped trailer "[]\x1a\0[]".
// InvalidArgument, naming the record, for a key that is empty or holds '[',
// ']' or NUL, or a text holding NUL. ReadFxt gives back the records exactly.
absl::StatusOr<std::vector<uint8_t>> WriteFxt(const std::vector<FxtRecord>& records);

}  // namespace kbot::gta
