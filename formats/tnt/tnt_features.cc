// The feature name table, laid out alike by TA and TA: Kingdoms: entries of
// a u32 index and a 128-byte NUL-padded name (the feature's TDF section).
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/tnt/tnt_internal.h"

namespace kbot::tnt::internal {

namespace {

// A byte no name should hold: a control character. Bytes from 0x80 up are
// left alone (TDF files are Windows-1252: "Caf\xe9" is a name).
bool Unprintable(uint8_t c) { return c < 0x20 || c == 0x7F; }

}  // namespace

absl::Status ReadFeatureTable(Bytes file, absl::string_view name, size_t header_size,
                              size_t offset_at, uint32_t offset, uint32_t count, TntMap& map) {
  const Section table{"feature table", offset_at, offset, count, kFeatureEntryBytes,
                      absl::StrCat(count, " entries of ", kFeatureEntryBytes, " bytes")};
  absl::StatusOr<Bytes> bytes = SectionBytes(file, name, header_size, table);
  if (!bytes.ok()) return bytes.status();
  map.feature_names.resize(count);
  Tally moved, unterminated, unprintable;
  for (uint32_t i = 0; i < count; ++i) {
    const uint8_t* entry = bytes->data() + size_t(i) * kFeatureEntryBytes;
    FeatureName& f = map.feature_names[i];
    f.index = LoadU32(entry);
    const uint8_t* text = entry + 4;
    const void* nul = std::memchr(text, 0, kFeatureNameBytes);
    const size_t length = nul ? size_t(static_cast<const uint8_t*>(nul) - text) : kFeatureNameBytes;
    f.name.assign(reinterpret_cast<const char*>(text), length);
    if (f.index != i && moved.First()) {
      moved.first = absl::StrCat("feature table entry ", i, ": its stored index is ", f.index,
                                 ", not its position");
    }
    if (nul == nullptr && unterminated.First()) {
      unterminated.first = absl::StrCat("feature table entry ", i, ": the name fills all ",
                                        kFeatureNameBytes, " bytes with no NUL: kept whole");
    }
    for (size_t c = 0; c < length; ++c) {
      if (!Unprintable(uint8_t(f.name[c]))) continue;
      if (unprintable.First()) {
        unprintable.first = absl::StrCat("feature table entry ", i, ": the name holds byte ",
                                         Hex(uint8_t(f.name[c])), " at ", c,
                                         ", a control character");
      }
      break;
    }
  }
  moved.Report(map.warnings);
  unterminated.Report(map.warnings);
  unprintable.Report(map.warnings);
  return absl::OkStatus();
}

}  // namespace kbot::tnt::internal
