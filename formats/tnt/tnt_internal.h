// What the TNT reader's files share (tnt.cc, tnt_features.cc,
// tnt_minimap.cc): the checked view of a section the header points at, the
// count of one kind of oddity, and the readers of the parts TA and TA:
// Kingdoms lay out alike. Not for use outside formats/tnt/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"
#include "formats/tnt/tnt.h"

namespace kbot::tnt::internal {

// One kind of oddity over a whole map: how many, and the first, so that a
// map with 10,000 odd cells gets one warning ("cell (3, 7): ... (and 9999
// more)"), not 10,000. In a loop: `if (t.First()) t.first = ...;`, so the
// message is built once.
class Tally {
 public:
  bool First() { return count_++ == 0; }
  uint64_t count() const { return count_; }
  std::string first;

  // The warning, when there was anything to count.
  void Report(std::vector<std::string>& warnings) const;

 private:
  uint64_t count_ = 0;
};

// An array the header points at: `count` items of `item_bytes` at `offset`,
// which the header holds at `header_at`.
struct Section {
  absl::string_view name;  // "attribute cells"
  size_t header_at = 0;
  uint32_t offset = 0;
  uint64_t count = 0, item_bytes = 0;
  std::string shape;  // "8 x 8 cells of 4 bytes", for the error
};

// The section's bytes, once checked: empty when it has no items (its offset
// then does not matter); an error when it starts inside the header or runs
// past the end of the file. Sizes are computed in 64 bits, so no count wraps.
absl::StatusOr<Bytes> SectionBytes(Bytes file, absl::string_view name, size_t header_size,
                                   const Section& section);

// The feature name table (TA and TA: Kingdoms alike): `count` entries of
// kFeatureEntryBytes at `offset`, the header's fields at `count_at` and
// `offset_at`. Fills map.feature_names; odd names and indices are warnings.
absl::Status ReadFeatureTable(Bytes file, absl::string_view name, size_t header_size,
                              size_t offset_at, uint32_t offset, uint32_t count, TntMap& map);

// The minimap the header's field at `header_at` points at, or nullopt (with
// a warning naming `label`) when it is absent or cannot be read: offset 0 or
// inside the header, a side of 0 or over kMaxMinimapSide, pixels past the
// end of the file. The region is left for the caller to measure.
std::optional<Minimap> ReadMinimap(Bytes file, absl::string_view label, size_t header_size,
                                   size_t header_at, uint32_t offset,
                                   std::vector<std::string>& warnings);

// TA: the region by TaMinimapRegion, and a warning when the stored size is
// not the game's 252 x 252 (or 252 x 256).
void MeasureTaRegion(const TntMap& map, Minimap& minimap, std::vector<std::string>& warnings);

// TA: Kingdoms: the region scanned for the padding index along the first row
// and the first column.
void MeasureKingdomsRegion(absl::string_view label, Minimap& minimap,
                           std::vector<std::string>& warnings);

}  // namespace kbot::tnt::internal
