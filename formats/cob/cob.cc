// ReadCob: the header, then each table it points at, checked against the
// file size in 64 bits before anything is allocated (a count can be up to
// 2^32 - 1, and count x 4 overflows 32 bits); then the names, each a warning
// rather than a failure when it is not there, since a bad name does not stop
// the code being read. docs/formats/cob.md, "Header" and "What the reader
// warns about".
#include "formats/cob/cob.h"

#include <algorithm>
#include <numeric>

#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"

namespace kbot::cob {

namespace {

constexpr size_t kCobVersionField = 0x00, kCobScriptCountField = 0x04,
                 kCobPieceCountField = 0x08, kCobCodeLengthField = 0x0C,
                 kCobStaticCountField = 0x10, kCobScriptStartsField = 0x18,
                 kCobScriptNamesField = 0x1C, kCobPieceNamesField = 0x20, kCobCodeField = 0x24,
                 kCobSoundTableField = 0x2C, kCobSoundCountField = 0x30;

// A header field; only called once the file is known to hold the header.
uint32_t CobField(Bytes file, size_t at) { return LoadU32(file.data() + at); }

// Whether `count` words from `offset` lie inside the file (64-bit sums).
bool CobFits(Bytes file, uint64_t offset, uint64_t count) {
  return offset <= file.size() && count * 4 <= file.size() - offset;
}

// The `count`-word table whose offset the header keeps at `field`.
absl::StatusOr<std::vector<uint32_t>> CobTable(Bytes file, absl::string_view name,
                                               absl::string_view what, size_t field,
                                               uint32_t count) {
  const uint32_t offset = CobField(file, field);
  if (!CobFits(file, offset, count)) {
    return ErrorAt(name, "header", field,
                   absl::StrCat("the ", what, " at ", Hex(offset), " (", count,
                                " word(s)) runs past the end of the ", file.size(),
                                "-byte file"));
  }
  std::vector<uint32_t> words(count);
  for (uint32_t i = 0; i < count; ++i) words[i] = LoadU32(file.data() + offset + 4 * size_t(i));
  return words;
}

// The NUL-terminated name at `offset`; `what` ("script 3") names it in warnings.
std::string CobName(Bytes file, uint32_t offset, absl::string_view what,
                    std::vector<std::string>& warnings) {
  if (offset >= file.size()) {
    warnings.push_back(absl::StrCat(what, ": its name at ", Hex(offset),
                                    " is past the end of the ", file.size(),
                                    "-byte file (read as no name)"));
    return "";
  }
  const size_t limit = std::min(file.size() - offset, kMaxNameBytes);
  const uint8_t* p = file.data() + offset;
  const size_t length = std::find(p, p + limit, uint8_t(0)) - p;
  if (length == limit) {
    warnings.push_back(absl::StrCat(what, ": its name at ", Hex(offset), " has no NUL within ",
                                    limit, " byte(s) (cut there)"));
  }
  return std::string(reinterpret_cast<const char*>(p), length);
}

std::vector<std::string> CobNames(Bytes file, const std::vector<uint32_t>& offsets,
                                  absl::string_view what, std::vector<std::string>& warnings) {
  std::vector<std::string> names;
  names.reserve(offsets.size());
  for (size_t i = 0; i < offsets.size(); ++i) {
    names.push_back(CobName(file, offsets[i], absl::StrCat(what, " ", i), warnings));
  }
  return names;
}

// Version and header size.
absl::Status CobCheckHeader(Bytes file, absl::string_view name, uint32_t& version) {
  if (file.size() < 4) {
    return ErrorIn(name, "", absl::StrCat("too short for a COB header (", file.size(), " bytes)"));
  }
  version = CobField(file, kCobVersionField);
  if (version != kVersionTa && version != kVersionKingdoms) {
    return ErrorAt(name, "header", kCobVersionField,
                   absl::StrCat("version ", version,
                                " is not a COB kbot reads (4 is TA's, 6 TA: Kingdoms')"));
  }
  const size_t need = version == kVersionTa ? kTaHeaderBytes : kKingdomsHeaderBytes;
  if (file.size() < need) {
    return ErrorIn(name, "",
                   absl::StrCat("too short for the ", need, "-byte ",
                                version == kVersionTa ? "TA" : "TA: Kingdoms", " COB header (",
                                file.size(), " bytes)"));
  }
  return absl::OkStatus();
}

// The code words, `code length` of them from the code offset.
absl::Status CobReadCode(Bytes file, absl::string_view name, Cob& cob) {
  const uint32_t length = CobField(file, kCobCodeLengthField);
  cob.code_offset = CobField(file, kCobCodeField);
  if (!CobFits(file, cob.code_offset, length)) {
    return ErrorAt(name, "header", kCobCodeField,
                   absl::StrCat("the code at ", Hex(cob.code_offset), " (", length,
                                " word(s)) runs past the end of the ", file.size(),
                                "-byte file"));
  }
  cob.code.resize(length);
  for (uint32_t i = 0; i < length; ++i) {
    cob.code[i] = LoadU32(file.data() + cob.code_offset + 4 * size_t(i));
  }
  return absl::OkStatus();
}

// Each script's length: up to the next greater start, the last to the code's
// end (scripts are not always stored in start order, and two may share a
// start). A start past the code is a warning and length 0.
void CobSetLengths(Cob& cob) {
  const uint32_t code_length = uint32_t(cob.code.size());
  std::vector<size_t> order(cob.scripts.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return cob.scripts[a].start < cob.scripts[b].start;
  });
  for (size_t k = 0; k < order.size(); ++k) {
    Script& s = cob.scripts[order[k]];
    if (s.start > code_length) {
      cob.warnings.push_back(absl::StrCat("script ", order[k], " '", s.name, "': start ", s.start,
                                          " is past the ", code_length,
                                          "-word code (read as empty)"));
      s.length = 0;
      continue;
    }
    uint32_t end = code_length;
    for (size_t j = k + 1; j < order.size(); ++j) {
      const uint32_t next = cob.scripts[order[j]].start;
      if (next > s.start) {
        end = std::min(next, code_length);
        break;
      }
    }
    s.length = end - s.start;
  }
}

absl::Status CobReadScripts(Bytes file, absl::string_view name, Cob& cob) {
  const uint32_t count = CobField(file, kCobScriptCountField);
  absl::StatusOr<std::vector<uint32_t>> starts =
      CobTable(file, name, "script start table", kCobScriptStartsField, count);
  if (!starts.ok()) return starts.status();
  absl::StatusOr<std::vector<uint32_t>> names =
      CobTable(file, name, "script name table", kCobScriptNamesField, count);
  if (!names.ok()) return names.status();
  const std::vector<std::string> text = CobNames(file, *names, "script", cob.warnings);
  cob.scripts.resize(count);
  for (uint32_t i = 0; i < count; ++i) {
    cob.scripts[i].name = text[i];
    cob.scripts[i].start = (*starts)[i];
  }
  CobSetLengths(cob);
  return absl::OkStatus();
}

// TA: Kingdoms' sound table: offset at 0x2C, count at 0x30. When that does
// not fit and the swapped order (the first notes') does, that is read, with
// a warning.
absl::Status CobReadSounds(Bytes file, absl::string_view name, Cob& cob) {
  uint32_t offset = CobField(file, kCobSoundTableField);
  uint32_t count = CobField(file, kCobSoundCountField);
  const auto plausible = [&](uint32_t at, uint32_t n) {
    return n == 0 || (at >= kKingdomsHeaderBytes && CobFits(file, at, n));
  };
  if (!plausible(offset, count) && plausible(count, offset) && offset != 0) {
    cob.warnings.push_back(absl::StrCat(
        "sound table: 0x2C holds ", offset, " and 0x30 holds ", Hex(count),
        ": read as count then offset (the order of the first notes), not offset then count"));
    std::swap(offset, count);
  }
  if (!CobFits(file, offset, count)) {
    return ErrorAt(name, "header", kCobSoundTableField,
                   absl::StrCat("the sound name table at ", Hex(offset), " (", count,
                                " word(s)) runs past the end of the ", file.size(),
                                "-byte file"));
  }
  std::vector<uint32_t> offsets(count);
  for (uint32_t i = 0; i < count; ++i) offsets[i] = LoadU32(file.data() + offset + 4 * size_t(i));
  cob.sounds = CobNames(file, offsets, "sound", cob.warnings);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Cob> ReadCob(Bytes bytes, absl::string_view file) {
  Cob cob;
  if (absl::Status s = CobCheckHeader(bytes, file, cob.version); !s.ok()) return s;
  cob.static_count = CobField(bytes, kCobStaticCountField);
  if (absl::Status s = CobReadCode(bytes, file, cob); !s.ok()) return s;
  if (absl::Status s = CobReadScripts(bytes, file, cob); !s.ok()) return s;
  absl::StatusOr<std::vector<uint32_t>> pieces = CobTable(
      bytes, file, "piece name table", kCobPieceNamesField, CobField(bytes, kCobPieceCountField));
  if (!pieces.ok()) return pieces.status();
  cob.pieces = CobNames(bytes, *pieces, "piece", cob.warnings);
  if (cob.version == kVersionKingdoms) {
    if (absl::Status s = CobReadSounds(bytes, file, cob); !s.ok()) return s;
  }
  return cob;
}

}  // namespace kbot::cob
