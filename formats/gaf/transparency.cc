#include "formats/gaf/transparency.h"

#include <algorithm>
#include <charconv>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace kbot::gaf {

absl::StatusOr<Transparency> Transparency::Parse(absl::string_view text) {
  if (text == "game") return Game();
  if (text == "heuristic") return Heuristic();
  if (text == "none") return None();
  unsigned value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (!text.empty() && ec == std::errc() && end == text.data() + text.size() && value <= 255) {
    return Index(uint8_t(value));
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "transparency \"", text, "\" is not game, heuristic, none or an index 0..255"));
}

std::string Transparency::Name() const {
  switch (mode) {
    case TransparencyMode::kGame: return "game";
    case TransparencyMode::kHeuristic: return "heuristic";
    case TransparencyMode::kNone: return "none";
    case TransparencyMode::kIndex: return std::to_string(index);
  }
  return "game";
}

uint8_t EffectiveTransparencyIndex(Bytes pixels, int width, int height, uint8_t stored_key) {
  if (width <= 0 || height <= 0 || pixels.size() < size_t(width) * size_t(height)) {
    return stored_key;
  }
  if (std::memchr(pixels.data(), stored_key, size_t(width) * size_t(height)) != nullptr) {
    return stored_key;
  }
  const size_t w = size_t(width), last_row = size_t(height - 1) * w;
  const uint8_t corners[4] = {pixels[0], pixels[w - 1], pixels[last_row],
                              pixels[last_row + w - 1]};
  const bool agree = std::all_of(std::begin(corners), std::end(corners),
                                 [&](uint8_t c) { return c == corners[0]; });
  return agree ? corners[0] : stored_key;
}

}  // namespace kbot::gaf
