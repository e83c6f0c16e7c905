// FXT: GTA1's text files (ENGLISH.FXT, FRENCH.FXT, ...).
//
//   Cipher     the whole file, byte by byte: b -= k; then k += m; m *= 2
//              (mod 256). The 2002 freeware release starts from k = 0x64,
//              m = 0x63 (the documented pair): its keys run 0x64, 0xC7, 0x8D,
//              0x19, 0x31, 0x61, 0xC1, 0x81, then 0x01 for every later byte.
//              English files begin bf f8 bd 49 62 be 02 ef, which decrypts to
//              "[1001]An". Another released edition uses other starting
//              values with the same rule. Whatever they are, m reaches 0
//              after eight doublings, so the key of byte i is
//              k + m * (2^i - 1): eight leading keys, then k - m for ever.
//   Records    decrypted, "[KEY]TEXT\0" repeated, in file order; keys may
//              repeat and every record is kept. The list ends with a record
//              whose key is empty ("[]"); shipped files end "[]\x1a\0[]", so
//              whatever follows the first empty key is trailer, not text.
//   Text       UTF-8 (accents in French, German and Italian).
//
// A file does not say which starting values enciphered it, but its first
// bytes do: the text opens with '[', so k = byte 0 - '['; and of the 256
// values of m, only the right one turns the next bytes into short printable
// keys, texts and NULs. DeriveFxtCipher works that out.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"

namespace kbot::gta {

// The cipher's starting values; the default is the documented pair.
struct FxtCipher {
  uint8_t k = 0x64;  // the key of byte 0
  uint8_t m = 0x63;  // added to the key after byte 0; doubles after each byte

  friend bool operator==(const FxtCipher&, const FxtCipher&) = default;
};

struct FxtRecord {
  std::string key;   // between the brackets
  std::string text;  // up to the NUL, UTF-8 as stored
};

struct Fxt {
  std::vector<FxtRecord> records;  // file order, repeated keys kept
  std::vector<std::string> warnings;
  FxtCipher cipher;  // the starting values the file was read with
};

// The cipher's key for byte `index` of the file.
uint8_t FxtKey(uint64_t index, FxtCipher cipher = {});
// The file decrypted (its own inverse is EncryptFxt with the same cipher).
std::vector<uint8_t> DecryptFxt(Bytes file, FxtCipher cipher = {});
std::vector<uint8_t> EncryptFxt(Bytes plain, FxtCipher cipher = {});

// How much of the file DeriveFxtCipher reads under each candidate: a few
// dozen records of a real file.
inline constexpr size_t kFxtSampleBytes = 4096;

struct FxtDerivation {
  FxtCipher cipher;
  // Set when other starting values read the sample as well as the chosen
  // ones, naming them all.
  std::vector<std::string> warnings;
};

// The starting values that enciphered `file`. The sample, its first
// kFxtSampleBytes bytes, is read by strict rules: records of a key of 1 to 32
// printable ASCII characters, ']', a text without control bytes but tab, CR
// and LF, and a NUL, up to a "[]" that ends the list (with at most a short
// trailer after it in the file). The documented pair is kept when the sample
// reads with it as at least one record and nothing breaks the rules.
// Otherwise k comes from byte 0, and of the 256 values of m the one that reads
// the most whole records wins (as many: the one that did not break); a tie goes
// to the documented pair, then to the smallest m, with a warning naming them.
// A value counts only when it reads two records, or one and no break: one
// record then garbage is what random bytes give under some m, 2% of the time.
// When no value reads the file as records, the documented pair is kept if the
// whole file reads with it by ReadFxt's looser rules (a first record longer
// than the sample, unusual bytes, no records at all). Otherwise
// InvalidArgument, naming the file, record 0 at 0x0, the k byte 0 implies, and
// what the documented pair reads.
absl::StatusOr<FxtDerivation> DeriveFxtCipher(Bytes file, absl::string_view name);

// Decodes an FXT file with the starting values DeriveFxtCipher finds (in
// `cipher`; its warnings come first). Errors name the file, the record and the
// decrypted offset: a record that does not start with '[', a key without its
// ']', a text without its NUL. Text that is not valid UTF-8 is kept as stored,
// with a warning naming the record. A file without the final "[]" is read to
// its end, with a warning.
absl::StatusOr<Fxt> ReadFxt(Bytes file, absl::string_view name);

// The FXT file holding `records` then the shipped trailer "[]\x1a\0[]",
// enciphered from `cipher`. InvalidArgument, naming the record, for a key that
// is empty or holds '[', ']' or NUL, or a text holding NUL. ReadFxt gives back
// the records exactly (and the cipher, when the records read as the format's
// keys and texts do).
absl::StatusOr<std::vector<uint8_t>> WriteFxt(const std::vector<FxtRecord>& records,
                                              FxtCipher cipher = {});

}  // namespace kbot::gta
