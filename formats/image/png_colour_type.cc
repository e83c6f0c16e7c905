#include "formats/image/png_colour_type.h"

#include <algorithm>
#include <cstring>
#include <memory>

#include "formats/image/png_deflate.h"

namespace kbot::image::png_detail {

namespace {

constexpr size_t kPollPixels = size_t(1) << 18;

uint32_t LoadRgba(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

uint8_t AlphaOf(uint32_t v) {
  uint8_t bytes[4];
  std::memcpy(bytes, &v, 4);
  return bytes[3];
}

// Up to 256 colours, each with its palette index: open addressing over 1024
// slots, so a lookup rarely probes twice.
class ColourTable {
 public:
  static constexpr int kMax = 256;
  // The colour's index, adding it when new; -1 when it would be the 257th.
  int Find(uint32_t colour) {
    for (uint32_t slot = Hash(colour);; slot = (slot + 1) & (kSlots - 1)) {
      if (!used_[slot]) {
        if (count_ == kMax) return -1;
        used_[slot] = true;
        keys_[slot] = colour;
        index_[slot] = uint8_t(count_);
        order_[size_t(count_++)] = colour;
        return index_[slot];
      }
      if (keys_[slot] == colour) return index_[slot];
    }
  }
  int count() const { return count_; }
  const uint32_t* order() const { return order_; }

 private:
  static constexpr uint32_t kSlots = 1024;
  static uint32_t Hash(uint32_t v) { return (v * 0x9E3779B1u) >> 22; }
  uint32_t keys_[kSlots] = {};
  uint8_t index_[kSlots] = {};
  bool used_[kSlots] = {};
  uint32_t order_[kMax] = {};
  int count_ = 0;
};

bool Poll(Progress* progress, uint64_t total) {
  return progress == nullptr || progress->Report(0, total);
}

// Whether every alpha is 255, band by band.
bool AllOpaque(std::span<const uint8_t> rgba, Progress* progress, uint64_t total, bool& stopped) {
  const size_t pixels = rgba.size() / 4;
  for (size_t start = 0; start < pixels; start += kPollPixels) {
    const size_t end = std::min(pixels, start + kPollPixels);
    uint8_t all = 255;
    for (size_t i = start; i < end; ++i) all &= rgba[i * 4 + 3];
    if (all != 255) return false;
    if (!Poll(progress, total)) {
      stopped = true;
      return false;
    }
  }
  return true;
}

// Adds the frame's colours; false as soon as it cannot be indexed.
bool Collect(std::span<const uint8_t> rgba, ColourTable& table, Progress* progress,
             uint64_t total, bool& stopped) {
  const size_t pixels = rgba.size() / 4;
  uint32_t previous = 0;
  bool any = false;
  for (size_t i = 0; i < pixels; ++i) {
    if (i % kPollPixels == kPollPixels - 1 && !Poll(progress, total)) {
      stopped = true;
      return false;
    }
    const uint32_t v = LoadRgba(&rgba[i * 4]);
    if (any && v == previous) continue;  // runs are common in sprites and maps
    const uint8_t alpha = AlphaOf(v);
    if ((alpha != 0 && alpha != 255) || (alpha == 0 && v != 0)) return false;
    if (table.Find(v) < 0) return false;
    previous = v;
    any = true;
  }
  return true;
}

// The indexed form: the transparent colour (0) first, the others in the order
// they appeared.
void IndexedForm(const ColourTable& table, StoredForm& form) {
  form.colour = ColourType::kIndexed;
  const uint32_t* order = table.order();
  const bool has_clear = std::find(order, order + table.count(), 0u) != order + table.count();
  form.colours.clear();
  if (has_clear) form.colours.push_back(0);
  for (int i = 0; i < table.count(); ++i) {
    if (order[i] != 0) form.colours.push_back(order[i]);
  }
  form.plte.clear();
  for (uint32_t c : form.colours) {
    uint8_t bytes[4];
    std::memcpy(bytes, &c, 4);
    form.plte.insert(form.plte.end(), {bytes[0], bytes[1], bytes[2]});
  }
  form.trns.clear();
  if (has_clear) form.trns.push_back(0);
}

}  // namespace

absl::Status ChooseForm(std::span<const std::span<const uint8_t>> frames, StoredForm& form,
                        Progress* progress, uint64_t total) {
  const absl::Status cancelled = absl::CancelledError("PNG encoding: cancelled");
  auto table = std::make_unique<ColourTable>();
  bool stopped = false;
  bool indexable = true;
  for (std::span<const uint8_t> frame : frames) {
    indexable = Collect(frame, *table, progress, total, stopped);
    if (stopped) return cancelled;
    if (!indexable) break;
  }
  if (indexable) {
    IndexedForm(*table, form);
    return absl::OkStatus();
  }
  bool opaque = true;
  for (std::span<const uint8_t> frame : frames) {
    opaque = AllOpaque(frame, progress, total, stopped);
    if (stopped) return cancelled;
    if (!opaque) break;
  }
  form.colour = opaque ? ColourType::kRgb : ColourType::kRgba;
  return absl::OkStatus();
}

void ToStoredPixels(const StoredForm& form, std::span<const uint8_t> rgba,
                    std::vector<uint8_t>& out) {
  const size_t pixels = rgba.size() / 4;
  switch (form.colour) {
    case ColourType::kGrey:  // never chosen for RGBA pixels (ChooseForm): kept as they are
    case ColourType::kRgba:
      out.assign(rgba.begin(), rgba.end());
      return;
    case ColourType::kRgb:
      out.clear();
      out.reserve(pixels * 3);
      AdviseHugePages(out.data(), pixels * 3);
      out.resize(pixels * 3);
      for (size_t i = 0; i < pixels; ++i) {
        out[i * 3] = rgba[i * 4];
        out[i * 3 + 1] = rgba[i * 4 + 1];
        out[i * 3 + 2] = rgba[i * 4 + 2];
      }
      return;
    case ColourType::kIndexed: {
      ColourTable table;
      for (uint32_t c : form.colours) table.Find(c);  // the same indices, in order
      out.resize(pixels);
      uint32_t previous = 0;
      uint8_t previous_index = 0;
      bool any = false;
      for (size_t i = 0; i < pixels; ++i) {
        const uint32_t v = LoadRgba(&rgba[i * 4]);
        if (!any || v != previous) {
          previous = v;
          previous_index = uint8_t(table.Find(v));
          any = true;
        }
        out[i] = previous_index;
      }
      return;
    }
  }
}

}  // namespace kbot::image::png_detail
