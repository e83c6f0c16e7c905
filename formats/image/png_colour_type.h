// Which PNG colour type an RGBA picture is stored as, and its pixels in that
// form: RGB (type 2) when every pixel is opaque; indexed (type 3) when it has
// at most 256 colours, every alpha is 0 or 255 and every transparent pixel is
// (0, 0, 0, 0); else RGBA (type 6). The PLTE lists the colours in the order
// they first appear, the transparent one first, so that the tRNS is one byte.
//
// Why not indexed with partial alphas in tRNS: kbot reads its own PNGs back
// (`kbot gaf build` of a dumped folder) as palette indices plus one opaque bit
// each (image_decode.h), so an indexed PNG must not carry what that loses;
// under these rules every picture reads back as the same RGBA bytes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/status.h"
#include "base/progress.h"

namespace kbot::image::png_detail {

// kGrey (type 0) is for grey pictures (EncodeGreyPng); ChooseForm never
// picks it for an RGBA picture.
enum class ColourType : uint8_t { kGrey = 0, kRgb = 2, kIndexed = 3, kRgba = 6 };

struct StoredForm {
  ColourType colour = ColourType::kRgba;
  std::vector<uint8_t> plte;  // indexed: R, G, B per entry
  std::vector<uint8_t> trns;  // indexed: alphas of the first entries; empty: no tRNS
  std::vector<uint32_t> colours;  // indexed: entry i's RGBA, as loaded by LoadRgba
};

// The form for `frames` (each RGBA, 4 bytes a pixel), which an animation
// shares. `progress`, when set, is asked every few hundred thousand pixels
// whether to stop (reported as 0 of `total`): CancelledError.
absl::Status ChooseForm(std::span<const std::span<const uint8_t>> frames, StoredForm& form,
                        Progress* progress, uint64_t total);

// One frame's pixels in `form`: 1 byte a pixel (indexed), 3 (RGB) or 4.
void ToStoredPixels(const StoredForm& form, std::span<const uint8_t> rgba,
                    std::vector<uint8_t>& out);

}  // namespace kbot::image::png_detail
