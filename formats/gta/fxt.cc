#include "formats/gta/fxt.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace kbot::gta {

namespace {

constexpr char kTrailer[] = "[]\x1a\0[]";  // as shipped, after the last record
// The longest key a candidate may read in the sample. The game's keys are a
// few characters ("1001", "m3_12"); a wrong candidate turns bytes into long
// runs of printable characters as easily as short ones, so a short bound
// rejects it sooner.
constexpr size_t kMaxSampleKey = 32;
// How many bytes may follow the closing "[]" for a candidate to count it as
// the end of the list: shipped files have 4 ("\x1a\0[]"). Every file has one
// m that turns byte 1 into ']', so an early "[]" with more of the file after
// it is a coincidence, not an end.
constexpr size_t kMaxTrailerBytes = 16;

// True when `s` is well-formed UTF-8 (no overlong forms, no surrogates,
// nothing past U+10FFFF).
bool IsUtf8(absl::string_view s) {
  static constexpr uint32_t kMinimum[] = {0, 0x80, 0x800, 0x10000};
  for (size_t i = 0; i < s.size();) {
    const uint8_t lead = uint8_t(s[i]);
    size_t more;  // continuation bytes
    uint32_t cp;
    if (lead < 0x80) {
      ++i;
      continue;
    } else if ((lead & 0xE0) == 0xC0) {
      more = 1, cp = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
      more = 2, cp = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
      more = 3, cp = lead & 0x07;
    } else {
      return false;
    }
    if (s.size() - i <= more) return false;
    for (size_t k = 1; k <= more; ++k) {
      const uint8_t c = uint8_t(s[i + k]);
      if ((c & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (c & 0x3F);
    }
    if (cp < kMinimum[more] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += more + 1;
  }
  return true;
}

// The keys of bytes 0 to 7: k, then k += m and m doubles after each byte.
// After eight doublings m is 0 (mod 256), so every later key is the same.
std::array<uint8_t, 8> LeadingKeys(FxtCipher cipher) {
  std::array<uint8_t, 8> keys;
  uint8_t k = cipher.k, m = cipher.m;
  for (uint8_t& key : keys) {
    key = k;
    k = uint8_t(k + m);
    m = uint8_t(m * 2);
  }
  return keys;
}

// The key of byte 8 on: k + m * (1 + 2 + ... + 128) = k + 255 m = k - m.
uint8_t SettledKey(FxtCipher cipher) { return uint8_t(cipher.k - cipher.m); }

std::string Describe(FxtCipher cipher) {
  return absl::StrFormat("k=0x%02x m=0x%02x", cipher.k, cipher.m);
}

}  // namespace

uint8_t FxtKey(uint64_t index, FxtCipher cipher) {
  const std::array<uint8_t, 8> leading = LeadingKeys(cipher);
  return index < leading.size() ? leading[index] : SettledKey(cipher);
}

namespace {

// `bytes` with FxtKey(i) added to byte i (`sign` 1) or taken from it (-1):
// the leading keys one by one, then the settled key.
std::vector<uint8_t> ApplyFxtKeys(Bytes bytes, FxtCipher cipher, int sign) {
  std::vector<uint8_t> out(bytes.begin(), bytes.end());
  const std::array<uint8_t, 8> leading_keys = LeadingKeys(cipher);
  const size_t leading = std::min(out.size(), leading_keys.size());
  for (size_t i = 0; i < leading; ++i) out[i] = uint8_t(out[i] + sign * leading_keys[i]);
  const uint8_t settled = uint8_t(sign * SettledKey(cipher));
  // Blocks of a fixed size, which GCC vectorises even at -O2 (a loop of
  // unknown length it leaves byte by byte), then the tail.
  constexpr size_t kBlock = 64;
  size_t i = leading;
  for (; i + kBlock <= out.size(); i += kBlock) {
    uint8_t* block = out.data() + i;
    for (size_t j = 0; j < kBlock; ++j) block[j] = uint8_t(block[j] + settled);
  }
  for (; i < out.size(); ++i) out[i] = uint8_t(out[i] + settled);
  return out;
}

}  // namespace

std::vector<uint8_t> DecryptFxt(Bytes file, FxtCipher cipher) {
  return ApplyFxtKeys(file, cipher, -1);
}

std::vector<uint8_t> EncryptFxt(Bytes plain, FxtCipher cipher) {
  return ApplyFxtKeys(plain, cipher, 1);
}

namespace {

// What the start of a file reads as under one candidate, by the strict rules
// real files follow.
struct SampleReading {
  size_t records = 0;   // whole records
  bool broken = false;  // a byte broke the rules (running out of sample does not)
  // More records rank higher; of two readings with as many, the one that
  // did not break.
  size_t Rank() const { return 2 * records + (broken ? 0 : 1); }
  // Whether the reading could be a text file at all: one record followed by
  // a broken one is what about 2% of random byte strings give under one of
  // the 256 candidates; a second record, or no break, almost never.
  bool Credible() const { return records >= 2 || (records == 1 && !broken); }
};

bool IsKeyByte(uint8_t b) { return b >= 0x20 && b <= 0x7e && b != '[' && b != ']'; }

// Text may hold any byte of UTF-8 (or of a legacy code page), but no control
// byte other than the line breaks and tab text uses.
bool IsTextByte(uint8_t b) {
  return (b >= 0x20 && b != 0x7f) || b == '\t' || b == '\n' || b == '\r';
}

// Reads records off a sample by the strict rules. `source.At(i)` is byte i
// decrypted; `source.TextEnd(j)` is where a text starting at j stops: a byte
// that is not text (NUL ends it well, any other breaks it), or the sample's
// end. `file_size` tells a closing "[]" from an early coincidence.
template <typename Source>
SampleReading ReadRecords(const Source& source, size_t n, size_t file_size) {
  SampleReading r;
  const auto broken = [&r](bool is) {
    r.broken = is;
    return r;
  };
  for (size_t at = 0; at < n;) {
    if (source.At(at) != '[') return broken(true);
    size_t j = at + 1;
    while (j < n && j - at - 1 < kMaxSampleKey && IsKeyByte(source.At(j))) ++j;
    if (j == n) return r;  // the sample ends inside the key
    if (source.At(j) != ']') return broken(true);
    // "[]": the end of the list, if the file ends soon after.
    if (j == at + 1) return broken(file_size - (j + 1) > kMaxTrailerBytes);
    j = source.TextEnd(j + 1);
    if (j == n) return r;  // the sample ends inside the text
    if (source.At(j) != '\0') return broken(true);
    ++r.records;
    at = j + 1;
  }
  return r;
}

// A candidate's sample, each byte decrypted as it is read: most candidates
// break within a few bytes, so decrypting the whole sample for each of the
// 256 would cost more than reading it.
class LazySample {
 public:
  LazySample(Bytes sample, FxtCipher cipher)
      : sample_(sample), leading_(LeadingKeys(cipher)), settled_(SettledKey(cipher)) {}
  uint8_t At(size_t i) const {
    return uint8_t(sample_[i] - (i < leading_.size() ? leading_[i] : settled_));
  }
  size_t TextEnd(size_t j) const {
    while (j < sample_.size() && IsTextByte(At(j))) ++j;
    return j;
  }

 private:
  Bytes sample_;
  std::array<uint8_t, 8> leading_;
  uint8_t settled_;
};

// A sample decrypted in one vectorised pass, for the documented pair, which
// reads every shipped file to the sample's end: each text is found with
// memchr and checked a block at a time, not a byte at a time.
class DecryptedSample {
 public:
  DecryptedSample(Bytes sample, FxtCipher cipher) : plain_(DecryptFxt(sample, cipher)) {}
  uint8_t At(size_t i) const { return plain_[i]; }
  size_t TextEnd(size_t j) const {
    const uint8_t* start = plain_.data() + j;
    const void* nul = std::memchr(start, 0, plain_.size() - j);
    const size_t end =
        nul ? size_t(static_cast<const uint8_t*>(nul) - plain_.data()) : plain_.size();
    if (AllText(start, end - j)) return end;
    while (IsTextByte(plain_[j])) ++j;  // a byte that breaks the text lies before `end`
    return j;
  }

 private:
  // Whether none of `n` bytes is a control byte text may not hold (NUL
  // included). Fixed-size blocks without an early exit, so GCC vectorises.
  static bool AllText(const uint8_t* p, size_t n) {
    const auto bad = [](uint8_t b) {
      return uint8_t((b < 0x20) & (b != '\t') & (b != '\n') & (b != '\r')) | uint8_t(b == 0x7f);
    };
    constexpr size_t kBlock = 32;
    size_t i = 0;
    for (; i + kBlock <= n; i += kBlock) {
      uint8_t any = 0;
      for (size_t k = 0; k < kBlock; ++k) any |= bad(p[i + k]);
      if (any) return false;
    }
    uint8_t any = 0;
    for (; i < n; ++i) any |= bad(p[i]);
    return !any;
  }

  std::vector<uint8_t> plain_;
};

// The first kFxtSampleBytes of `file` read as records under `cipher`.
template <typename Source>
SampleReading ReadSample(Bytes file, FxtCipher cipher) {
  const Bytes sample = file.first(std::min(file.size(), kFxtSampleBytes));
  return ReadRecords(Source(sample, cipher), sample.size(), file.size());
}

// The candidates that read the sample best, and how well (`best` empty: none
// is credible). The documented pair comes first when it is among them, then
// the others by m: the order a tie is settled in.
struct Ranking {
  SampleReading reading;  // of the best
  std::vector<FxtCipher> best;
};

// Whether the right m wins does not depend on k or m: a candidate m + d
// shifts byte i of the right reading by -d * (2^i - 1) for i < 8 and by +d
// after, whatever the values.
Ranking RankCandidates(Bytes file, uint8_t k) {
  Ranking ranking;
  for (int m = 0; m < 256; ++m) {
    const FxtCipher candidate{k, uint8_t(m)};
    const SampleReading reading = ReadSample<LazySample>(file, candidate);
    const size_t rank = reading.Rank();
    // (An empty ranking's reading ranks below every credible one.)
    if (!reading.Credible() || rank < ranking.reading.Rank()) continue;
    if (rank > ranking.reading.Rank()) ranking.best.clear();
    ranking.reading = reading;
    ranking.best.push_back(candidate);
  }
  std::stable_partition(ranking.best.begin(), ranking.best.end(),
                        [](FxtCipher c) { return c == FxtCipher{}; });
  return ranking;
}

std::string TieWarning(const Ranking& ranking, size_t sample_size, absl::string_view name) {
  std::vector<std::string> named;
  for (FxtCipher c : ranking.best) named.push_back(Describe(c));
  return absl::StrCat(name, ": the cipher's starting values ", absl::StrJoin(named, " and "),
                      " read the first ", sample_size, " bytes equally well (",
                      ranking.reading.records, " record(s)); using ", named.front());
}

// The error for a file no starting values read: what byte 0 implies, what
// was tried, and what the documented pair makes of it (`documented`, the
// looser reading's error, names its own record and offset).
absl::Status NoCipherError(Bytes file, absl::string_view name, const absl::Status& documented) {
  std::optional<FormatError> error = GetFormatError(documented);
  std::string where = std::string(documented.message());
  if (error) {
    error->file.clear();
    where = FormatErrorMessage(*error);
  }
  return ErrorAt(name, "record 0", 0, absl::StrFormat(
      "no starting values of the cipher read the file as [KEY]TEXT records: byte 0 is 0x%02x, so "
      "k=0x%02x for a text opening with '[', and none of the 256 values of m reads on from there "
      "as keys, ']', texts and NULs; with the documented %s: %s",
      file[0], uint8_t(file[0] - '['), Describe(FxtCipher{}), where));
}

// The records of a decrypted file, by the loose rules: any key bytes but
// ']' and NUL, any text bytes but NUL. Errors name the record and offset.
absl::StatusOr<Fxt> ParseRecords(const std::vector<uint8_t>& plain, absl::string_view name) {
  const absl::string_view text(reinterpret_cast<const char*>(plain.data()), plain.size());
  Fxt fxt;
  const auto error = [&](size_t record, size_t at, absl::string_view what) {
    return ErrorAt(name, absl::StrCat("record ", record), at, what);
  };
  size_t at = 0;
  while (at < text.size()) {
    const size_t record = fxt.records.size();
    if (text[at] != '[') return error(record, at, "expected '[' to open a key");
    const size_t close = text.find(']', at + 1);
    const size_t nul_in_key = text.find('\0', at + 1);
    if (close == absl::string_view::npos || nul_in_key < close) {
      return error(record, at, "the key has no closing ']'");
    }
    const absl::string_view key = text.substr(at + 1, close - at - 1);
    if (key.empty()) return fxt;  // "[]": the end; what follows is the trailer
    const size_t end = text.find('\0', close + 1);
    if (end == absl::string_view::npos) {
      return error(record, at, absl::StrCat("[", key, "]: the text has no closing NUL"));
    }
    FxtRecord r{std::string(key), std::string(text.substr(close + 1, end - close - 1))};
    if (!IsUtf8(r.key) || !IsUtf8(r.text)) {
      fxt.warnings.push_back(absl::StrCat(name, ": record ", record, " at ", Hex(at), ": [",
                                          key, "]: not valid UTF-8; kept as stored"));
    }
    fxt.records.push_back(std::move(r));
    at = end + 1;
  }
  fxt.warnings.push_back(absl::StrCat(name, ": no final \"[]\": read to the end of the file"));
  return fxt;
}

}  // namespace

absl::StatusOr<FxtDerivation> DeriveFxtCipher(Bytes file, absl::string_view name) {
  if (file.empty()) return FxtDerivation{};  // no records, whatever the values
  // The fast path: every file of the 2002 release reads with the documented
  // pair, and one strict pass over the sample costs little beside the decode
  // (about 1%). Byte 0 alone rules it out for most files of other values.
  if (uint8_t(file[0] - FxtCipher{}.k) == '[') {
    const SampleReading documented = ReadSample<DecryptedSample>(file, FxtCipher{});
    if (!documented.broken && documented.records > 0) return FxtDerivation{};
  }
  const Ranking ranking = RankCandidates(file, uint8_t(file[0] - '['));
  if (!ranking.best.empty()) {
    FxtDerivation derived{ranking.best.front(), {}};
    if (ranking.best.size() > 1) {
      derived.warnings.push_back(
          TieWarning(ranking, std::min(file.size(), kFxtSampleBytes), name));
    }
    return derived;
  }
  // No candidate reads a credible first record by the strict rules. A file of the
  // documented pair may still read by the loose ones (a first record longer
  // than the sample, a key the game never uses, no records at all), as such
  // files always have.
  absl::StatusOr<Fxt> loose = ParseRecords(DecryptFxt(file), name);
  if (loose.ok()) return FxtDerivation{};
  return NoCipherError(file, name, loose.status());
}

absl::StatusOr<Fxt> ReadFxt(Bytes file, absl::string_view name) {
  absl::StatusOr<FxtDerivation> derived = DeriveFxtCipher(file, name);
  if (!derived.ok()) return derived.status();
  absl::StatusOr<Fxt> fxt = ParseRecords(DecryptFxt(file, derived->cipher), name);
  if (!fxt.ok()) return fxt.status();
  fxt->cipher = derived->cipher;
  fxt->warnings.insert(fxt->warnings.begin(), derived->warnings.begin(), derived->warnings.end());
  return fxt;
}

absl::StatusOr<std::vector<uint8_t>> WriteFxt(const std::vector<FxtRecord>& records,
                                              FxtCipher cipher) {
  std::string plain;
  for (size_t i = 0; i < records.size(); ++i) {
    const FxtRecord& r = records[i];
    if (r.key.empty() || r.key.find_first_of(std::string("[]\0", 3)) != std::string::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("record ", i, " [", r.key, "]: a key must be non-empty, without '[', ']' or NUL"));
    }
    if (r.text.find('\0') != std::string::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("record ", i, " [", r.key, "]: the text holds a NUL byte"));
    }
    absl::StrAppend(&plain, "[", r.key, "]", r.text, absl::string_view("\0", 1));
  }
  plain.append(kTrailer, sizeof(kTrailer) - 1);
  return EncryptFxt(Bytes(reinterpret_cast<const uint8_t*>(plain.data()), plain.size()), cipher);
}

}  // namespace kbot::gta
