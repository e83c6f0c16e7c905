#include "formats/gta/fxt.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace kbot::gta {

namespace {

// The keys before they settle at 0x01 (m doubles to 0 after eight bytes).
constexpr uint8_t kLeadingKeys[] = {0x64, 0xC7, 0x8D, 0x19, 0x31, 0x61, 0xC1, 0x81};
constexpr uint8_t kSettledKey = 0x01;
constexpr char kTrailer[] = "[]\x1a\0[]";  // as shipped, after the last record

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

}  // namespace

uint8_t FxtKey(uint64_t index) {
  return index < std::size(kLeadingKeys) ? kLeadingKeys[index] : kSettledKey;
}

namespace {

// `bytes` with FxtKey(i) added to byte i (`sign` 1) or taken from it (-1):
// the leading keys one by one, then the settled key.
std::vector<uint8_t> ApplyFxtKeys(Bytes bytes, int sign) {
  std::vector<uint8_t> out(bytes.begin(), bytes.end());
  const size_t leading = std::min(out.size(), std::size(kLeadingKeys));
  for (size_t i = 0; i < leading; ++i) out[i] = uint8_t(out[i] + sign * kLeadingKeys[i]);
  const uint8_t settled = uint8_t(sign * kSettledKey);
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

std::vector<uint8_t> DecryptFxt(Bytes file) { return ApplyFxtKeys(file, -1); }

std::vector<uint8_t> EncryptFxt(Bytes plain) { return ApplyFxtKeys(plain, 1); }

absl::StatusOr<Fxt> ReadFxt(Bytes file, absl::string_view name) {
  const std::vector<uint8_t> plain = DecryptFxt(file);
  const absl::string_view text(reinterpret_cast<const char*>(plain.data()), plain.size());
  Fxt fxt;
  const auto error = [&](size_t record, size_t at, absl::string_view what) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": record ", record, " at ", Hex(at), ": ", what));
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

absl::StatusOr<std::vector<uint8_t>> WriteFxt(const std::vector<FxtRecord>& records) {
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
  return EncryptFxt(Bytes(reinterpret_cast<const uint8_t*>(plain.data()), plain.size()));
}

}  // namespace kbot::gta
