// Minimaps: u32 width, u32 height, then width x height palette indices, read
// alike for TA and both of TA: Kingdoms'; the region that shows the map is
// measured per game (docs/formats/tnt.md, "Minimap").
#include <algorithm>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "formats/tnt/tnt_internal.h"

namespace kbot::tnt {

namespace internal {

std::optional<Minimap> ReadMinimap(Bytes file, absl::string_view label, size_t header_size,
                                   size_t header_at, uint32_t offset,
                                   std::vector<std::string>& warnings) {
  const auto absent = [&](absl::string_view why) {
    warnings.push_back(absl::StrCat("no ", label, ": ", why));
    return std::nullopt;
  };
  if (offset == 0) return absent(absl::StrCat("the header's field at ", Hex(header_at), " is 0"));
  if (offset < header_size) {
    return absent(absl::StrCat("its offset (the header's field at ", Hex(header_at), ") is ",
                               Hex(offset), ", inside the ", header_size, "-byte header"));
  }
  ByteReader r(file);
  uint32_t width = 0, height = 0;
  if (!r.Seek(offset) || !r.U32(width) || !r.U32(height)) {
    return absent(absl::StrCat("its size at ", Hex(offset), " lies past the end of the ",
                               file.size(), "-byte file"));
  }
  if (width == 0 || height == 0 || width > kMaxMinimapSide || height > kMaxMinimapSide) {
    return absent(absl::StrCat("the ", width, " x ", height, " at ", Hex(offset),
                               " is not a minimap size (a side of 1 to ", kMaxMinimapSide, ")"));
  }
  Bytes pixels;
  if (!r.Take(size_t(width) * height, pixels)) {
    return absent(absl::StrCat("its ", width, " x ", height, " pixels at ", Hex(offset + 8),
                               " run past the end of the ", file.size(), "-byte file"));
  }
  Minimap m;
  m.offset = offset;
  m.width = int(width);
  m.height = int(height);
  m.pixels.assign(pixels.begin(), pixels.end());
  return m;
}

void MeasureTaRegion(const TntMap& map, Minimap& m, std::vector<std::string>& warnings) {
  const RegionSize r = TaMinimapRegion(map.width, map.height, m.width, m.height);
  m.region_width = r.width;
  m.region_height = r.height;
  const bool usual = m.width == kMinimapSide && (m.height == kMinimapSide || m.height == 256);
  if (!usual) {
    warnings.push_back(absl::StrCat("the minimap at ", Hex(m.offset), " is ", m.width, " x ",
                                    m.height, ", not the game's ", kMinimapSide, " x ",
                                    kMinimapSide, " (or ", kMinimapSide,
                                    " x 256): read as it is"));
  }
}

void MeasureKingdomsRegion(absl::string_view label, Minimap& m,
                           std::vector<std::string>& warnings) {
  int w = 0, h = 0;
  while (w < m.width && m.pixels[size_t(w)] != kMinimapPadding) ++w;
  while (h < m.height && m.pixels[size_t(h) * size_t(m.width)] != kMinimapPadding) ++h;
  if (w == 0 || h == 0) {
    // The top-left pixel is padding: no region to find, so the whole
    // minimap is shown rather than nothing.
    warnings.push_back(absl::StrCat("the ", label, " at ", Hex(m.offset),
                                    " starts with the padding index ", Hex(kMinimapPadding),
                                    ": its region is taken to be all of it"));
    w = m.width;
    h = m.height;
  }
  m.region_width = w;
  m.region_height = h;
}

}  // namespace internal

RegionSize TaMinimapRegion(uint32_t width_cells, uint32_t height_cells, int stored_width,
                           int stored_height) {
  // What the game shows of the map, in pixels: not the rightmost 32 nor the
  // bottom 128; a map too small for that shows (and its minimap draws) all.
  int64_t w = int64_t(width_cells) * kCellPixels - 32;
  int64_t h = int64_t(height_cells) * kCellPixels - 128;
  if (w <= 0 || h <= 0) {
    w = int64_t(width_cells) * kCellPixels;
    h = int64_t(height_cells) * kCellPixels;
  }
  RegionSize r;
  if (w <= 0 || h <= 0 || stored_width <= 0 || stored_height <= 0) return r;
  // The longer side fills the minimap's 252 (or the stored side); the
  // shorter keeps the aspect ratio, rounded down, at least 1.
  if (w >= h) {
    r.width = std::min(kMinimapSide, stored_width);
    r.height = int(std::clamp<int64_t>(r.width * h / w, 1, stored_height));
  } else {
    r.height = std::min(kMinimapSide, stored_height);
    r.width = int(std::clamp<int64_t>(r.height * w / h, 1, stored_width));
  }
  return r;
}

}  // namespace kbot::tnt
