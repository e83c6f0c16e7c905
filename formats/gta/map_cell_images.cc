#include "formats/gta/map_cell_images.h"

#include <algorithm>
#include <cstring>

#include "formats/gta/map_render.h"

namespace kbot::gta {

std::vector<uint16_t> LidSampleTable(int p, int rotation) {
  std::vector<int> sample(size_t(p), 0);
  for (int i = 0; i < p; ++i) sample[size_t(i)] = (i * kTileSide) / p;
  std::vector<uint16_t> out(size_t(p) * size_t(p));
  for (int py = 0; py < p; ++py) {
    for (int px = 0; px < p; ++px) {
      const LidTexel t = LidTexelAt(sample[size_t(px)], sample[size_t(py)], rotation);
      out[size_t(py) * size_t(p) + size_t(px)] = uint16_t(t.v * kTileSide + t.u);
    }
  }
  return out;
}

CellImages::CellImages(const Style& style, int p, size_t max_cached_bytes)
    : style_(style),
      p_(p),
      picture_of_(size_t(256) * 4 * 4 * 2, nullptr),
      max_cached_bytes_(max_cached_bytes) {
  for (int r = 0; r < 4; ++r) samples_[size_t(r)] = LidSampleTable(p, r);
  look_of_.fill(kUnresolved);
  tile_of_.fill(kUnresolved);
}

const CellImages::Look& CellImages::LookOf(uint8_t lid, uint8_t remap) {
  const size_t key = size_t(lid) * 4 + (remap & 3);
  if (look_of_[key] == kUnresolved) look_of_[key] = ResolveLook(lid, remap & 3);
  return looks_[size_t(look_of_[key])];
}

// The palette is checked first, then the tile: a lid past the style's lids
// fails on its palette (LidPalette checks the lid number), so its message
// names the lid count.
int CellImages::ResolveLook(int lid, int remap) {
  Look look;
  absl::StatusOr<palette::Palette> pal = style_.LidPalette(lid, remap);
  if (!pal.ok()) {
    look.error = std::string(pal.status().message());
    looks_.push_back(std::move(look));
    return int(looks_.size() - 1);
  }
  auto colors = std::make_unique<Colors>();
  for (int e = 0; e < 256; ++e) {
    const palette::Rgb c = pal->colors[size_t(e)];
    const uint8_t bytes[4] = {c.r, c.g, c.b, 0xff};
    std::memcpy(&(*colors)[size_t(e)], bytes, 4);
  }
  look.colors = colors.get();
  colors_.push_back(std::move(colors));
  if (tile_of_[size_t(lid)] == kUnresolved) {
    absl::StatusOr<TileTexels> tile = style_.Tile(style_.LidTile(lid));
    if (!tile.ok()) {
      tile_errors_.push_back(std::string(tile.status().message()));
      tile_of_[size_t(lid)] = -2 - int(tile_errors_.size() - 1);
    } else {
      tiles_.push_back(std::make_unique<TileTexels>(*std::move(tile)));
      tile_of_[size_t(lid)] = int(tiles_.size() - 1);
    }
  }
  const int t = tile_of_[size_t(lid)];
  if (t >= 0) {
    look.texels = tiles_[size_t(t)]->data();
  } else {
    look.error = tile_errors_[size_t(-2 - t)];
  }
  looks_.push_back(std::move(look));
  return int(looks_.size() - 1);
}

// The one per-pixel loop of a render: each picture is drawn once, then
// copied. A flat lid leaves texel 0 out as the word 0 (FlatTexelDrawn;
// docs/formats/gta1.md, "Flat: which texels are drawn").
void CellImages::Draw(const Look& look, int rotation, bool flat, uint32_t* out) const {
  const uint32_t* colors = look.colors->data();
  const uint16_t* sample = samples_[size_t(rotation & 3)].data();
  const uint8_t* texels = look.texels;
  const size_t n = size_t(p_) * size_t(p_);
  if (!flat) {
    for (size_t i = 0; i < n; ++i) out[i] = colors[texels[sample[i]]];
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    const uint8_t t = texels[sample[i]];
    out[i] = FlatTexelDrawn(t) ? colors[t] : 0;
  }
}

uint32_t* CellImages::Allocate(size_t words) {
  constexpr size_t kChunkWords = 16384;  // 64 KiB
  if (chunk_left_ < words) {
    const size_t n = std::max(words, kChunkWords);
    chunks_.push_back(std::make_unique_for_overwrite<uint32_t[]>(n));
    chunk_next_ = chunks_.back().get();
    chunk_left_ = n;
  }
  uint32_t* out = chunk_next_;
  chunk_next_ += words;
  chunk_left_ -= words;
  return out;
}

// A picture not drawn yet: drawn and kept while the budget allows, else drawn
// into `scratch` (and drawn again next time). A bad lid is remembered by
// LookOf, so its cells cost a lookup each, not a new resolution.
CellImages::Picture CellImages::Miss(size_t key, uint8_t lid, uint8_t remap, uint8_t rotation,
                                     bool flat, uint32_t* scratch) {
  const Look& look = LookOf(lid, remap);
  if (!look.error.empty()) return Picture{nullptr, &look.error};
  const size_t words = size_t(p_) * size_t(p_);
  if (cached_bytes_ + words * 4 > max_cached_bytes_) {
    Draw(look, rotation, flat, scratch);
    return Picture{scratch, nullptr};
  }
  uint32_t* picture = Allocate(words);
  Draw(look, rotation, flat, picture);
  cached_bytes_ += words * 4;
  picture_of_[key] = picture;
  return Picture{picture, nullptr};
}

}  // namespace kbot::gta
