#include "formats/gaf/gaf_writer.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/byte_writer.h"
#include "formats/gaf/ta3d_frame.h"

namespace kbot::gaf {

namespace {

constexpr size_t kMaxSkip = 127;
constexpr size_t kMaxRun = 64;
// Inside a literal, a repeat pays off from three equal pixels on: shorter runs
// cost more as their own chunks than as literal bytes.
constexpr size_t kRepeatWorthIt = 3;

// How many drawn pixels from x on repeat index[x], up to kMaxRun.
size_t RepeatLength(const uint8_t* index, const uint8_t* opaque, size_t x, size_t width) {
  size_t n = 1;
  while (x + n < width && n < kMaxRun && opaque[x + n] && index[x + n] == index[x]) ++n;
  return n;
}

// An upper bound of a frame's bytes, so the output grows once: raw pixels
// take a byte each, truecolor two, a run-encoded row at most its lineLength
// word plus a literal mask for every 64 pixels and the pixels themselves; a
// composite frame its pointer table and its layers.
size_t FrameBound(const FrameToWrite& f) {
  const size_t pixels = size_t(f.width) * f.height;
  size_t size = kFrameInfoSize + 2 * pixels + size_t(f.height) * (2 + f.width / 64 + 1);
  if (!f.rgba.empty()) size += 4 + f.rgba.size() + f.rgba.size() / 1000 + 64;  // zlib's bound
  for (const FrameToWrite& layer : f.layers) size += 4 + FrameBound(layer);
  return size;
}

size_t SizeBound(const std::vector<SequenceToWrite>& sequences) {
  size_t size = kHeaderSize + 4 * sequences.size();
  for (const SequenceToWrite& seq : sequences) {
    size += kSequenceHeaderSize + kFrameListItemSize * seq.frames.size();
    for (const FrameToWrite& f : seq.frames) size += FrameBound(f);
  }
  return size;
}

// Where a frame is, for messages; named only when there is an error, so
// writing many small frames builds no strings.
struct Where {
  size_t sequence = 0;
  size_t frame = 0;
  int layer = -1;
  bool ta3d = false;  // writing the TA3D truecolor variant

  std::string Name() const {
    return absl::StrCat("sequence ", sequence, " frame ", frame,
                        layer < 0 ? "" : absl::StrCat(" layer ", layer));
  }
  Where Layer(size_t l) const { return {sequence, frame, int(l), ta3d}; }
};

bool IsTruecolor(const FrameToWrite& f) {
  return StorageOf(f.storage_byte) == Storage::kArgb4444 ||
         StorageOf(f.storage_byte) == Storage::kArgb1555;
}

// A TA3D truecolor frame: RGBA pixels, all opaque when the transparency byte
// makes it an RGB frame.
absl::Status CheckTa3dFrame(const FrameToWrite& f, const Where& where) {
  const size_t pixels = size_t(f.width) * f.height;
  if (!f.layers.empty() || !f.index.empty() || !f.argb.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        where.Name(), ": the ta3d-truecolor variant holds only RGB(A) frames, no layers, "
                      "palette indices or 16-bit pixels"));
  }
  if (f.rgba.size() != pixels * 4) {
    return absl::InvalidArgumentError(
        absl::StrCat(where.Name(), ": RGBA plane does not match ", f.width, " x ", f.height));
  }
  if (f.transparency == 0) {
    for (size_t i = 3; i < f.rgba.size(); i += 4) {
      if (f.rgba[i] != 255) {
        return absl::InvalidArgumentError(absl::StrCat(
            where.Name(), ": pixel (", (i / 4) % f.width, ", ", (i / 4) / f.width,
            ") is not opaque, but transparency 0 makes the frame RGB; store it with a "
            "non-zero transparency byte (RGBA)"));
      }
    }
  }
  return absl::OkStatus();
}

// What the format or the renderer cannot take, before a byte is written.
absl::Status CheckFrame(const FrameToWrite& f, const Where& where) {
  if (where.ta3d) return CheckTa3dFrame(f, where);
  const bool is_layer = where.layer >= 0;
  const size_t pixels = size_t(f.width) * f.height;
  if (!f.layers.empty()) {
    if (is_layer) {
      return absl::InvalidArgumentError(
          absl::StrCat(where.Name(), ": a layer cannot have layers of its own"));
    }
    if (f.layers.size() > 0xff) {
      return absl::InvalidArgumentError(absl::StrCat(
          where.Name(), ": ", f.layers.size(), " layers, over the 255 the LayerCount byte holds"));
    }
    if (!f.index.empty() || !f.opaque.empty() || !f.argb.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          where.Name(), ": a composite frame has no pixels of its own, only its layers'"));
    }
    return absl::OkStatus();
  }
  const bool truecolor = IsTruecolor(f);
  if (is_layer && truecolor) {
    return absl::InvalidArgumentError(
        absl::StrCat(where.Name(), ": a truecolor layer inside a layered frame is not supported"));
  }
  if (truecolor ? f.argb.size() != pixels
                : (f.index.size() != pixels || f.opaque.size() != pixels)) {
    return absl::InvalidArgumentError(
        absl::StrCat(where.Name(), ": pixel planes do not match ", f.width, " x ", f.height));
  }
  return absl::OkStatus();
}

void PutFrameInfo(std::vector<uint8_t>& out, const FrameToWrite& f) {
  AppendU16(out, f.width);
  AppendU16(out, f.height);
  AppendU16(out, uint16_t(f.origin_x));
  AppendU16(out, uint16_t(f.origin_y));
  out.push_back(f.transparency);
  out.push_back(f.storage_byte);
  out.push_back(uint8_t(f.layers.size()));  // LayerCount: 0 for a simple frame
  out.push_back(f.blend);
  AppendU32(out, f.unknown12);
  AppendU32(out, uint32_t(out.size() + 8));  // the data (pixels or layer table) follows
  AppendU32(out, f.unknown20);
}

absl::Status PutPixels(std::vector<uint8_t>& out, const FrameToWrite& f, const Where& where) {
  const size_t pixels = size_t(f.width) * f.height;
  if (where.ta3d) {
    const std::vector<uint8_t> data = EncodeTa3dFrameData(f.rgba, f.transparency != 0);
    out.insert(out.end(), data.begin(), data.end());
  } else if (IsTruecolor(f)) {
    for (uint16_t v : f.argb) AppendU16(out, v);
  } else if (f.storage_byte == 0) {
    const size_t at = out.size();
    out.resize(at + pixels);
    uint8_t* dst = out.data() + at;
    for (size_t p = 0; p < pixels; ++p) dst[p] = f.opaque[p] ? f.index[p] : f.transparency;
  } else {
    for (size_t y = 0; y < f.height; ++y) {
      if (EncodeRow(f.index.data() + y * f.width, f.opaque.data() + y * f.width, f.width,
                    out) > 0xffff) {
        return absl::InvalidArgumentError(
            absl::StrCat(where.Name(), " row ", y,
                         ": run-encoded row is over 65535 bytes; store the frame raw"));
      }
    }
  }
  return absl::OkStatus();
}

// A frame's header, then its pixels, or its layer pointer table followed by
// each layer's header and pixels (the order gaf.h and the test fixtures use).
absl::Status PutFrame(std::vector<uint8_t>& out, const FrameToWrite& f, const Where& where) {
  if (absl::Status s = CheckFrame(f, where); !s.ok()) return s;
  PutFrameInfo(out, f);
  if (f.layers.empty()) return PutPixels(out, f, where);
  const size_t table = out.size();
  out.resize(out.size() + 4 * f.layers.size());
  for (size_t l = 0; l < f.layers.size(); ++l) {
    PatchU32(out, table + 4 * l, uint32_t(out.size()));
    absl::Status s = PutFrame(out, f.layers[l], where.Layer(l));
    if (!s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace

size_t EncodeRow(const uint8_t* index, const uint8_t* opaque, size_t width,
                 std::vector<uint8_t>& out) {
  const size_t length_at = out.size();
  AppendU16(out, 0);
  size_t x = 0;
  while (x < width) {
    if (!opaque[x]) {
      size_t n = 1;
      while (x + n < width && n < kMaxSkip && !opaque[x + n]) ++n;
      out.push_back(uint8_t((n << 1) | 1));
      x += n;
      continue;
    }
    const size_t run = RepeatLength(index, opaque, x, width);
    if (run >= 2) {
      out.push_back(uint8_t(((run - 1) << 2) | 2));
      out.push_back(index[x]);
      x += run;
      continue;
    }
    size_t n = 1;  // a literal: drawn pixels until a worthwhile repeat or a gap
    while (x + n < width && n < kMaxRun && opaque[x + n] &&
           RepeatLength(index, opaque, x + n, width) < kRepeatWorthIt) {
      ++n;
    }
    out.push_back(uint8_t((n - 1) << 2));
    out.insert(out.end(), index + x, index + x + n);
    x += n;
  }
  const size_t length = out.size() - length_at - 2;
  out[length_at] = uint8_t(length);
  out[length_at + 1] = uint8_t(length >> 8);
  return length;
}

absl::StatusOr<std::vector<uint8_t>> WriteGaf(const std::vector<SequenceToWrite>& sequences,
                                              Variant variant) {
  const bool ta3d = variant == Variant::kTa3dTruecolor;
  std::vector<uint8_t> out;
  out.reserve(SizeBound(sequences));
  AppendU32(out, ta3d ? kVersionTa3dTruecolor : kVersionStandard);
  AppendU32(out, uint32_t(sequences.size()));
  AppendU32(out, 0);
  const size_t table = out.size();
  out.resize(out.size() + 4 * sequences.size());
  for (size_t s = 0; s < sequences.size(); ++s) {
    const SequenceToWrite& seq = sequences[s];
    if (seq.name.size() >= kNameSize) {
      return absl::InvalidArgumentError(
          absl::StrCat("sequence ", s, ": name \"", seq.name, "\" is longer than 31 bytes"));
    }
    if (seq.frames.size() > 0xffff) {
      return absl::InvalidArgumentError(absl::StrCat("sequence ", s, ": over 65535 frames"));
    }
    PatchU32(out, table + 4 * s, uint32_t(out.size()));
    AppendU16(out, uint16_t(seq.frames.size()));
    AppendU16(out, seq.loop_flags);
    AppendU32(out, seq.unknown4);
    std::string name = seq.name;
    name.resize(kNameSize, '\0');
    out.insert(out.end(), name.begin(), name.end());
    const size_t list = out.size();
    for (const FrameToWrite& f : seq.frames) {
      AppendU32(out, 0);
      AppendU32(out, f.duration);
    }
    for (size_t i = 0; i < seq.frames.size(); ++i) {
      PatchU32(out, list + 8 * i, uint32_t(out.size()));
      absl::Status st = PutFrame(out, seq.frames[i], Where{s, i, -1, ta3d});
      if (!st.ok()) return st;
    }
  }
  if (out.size() > 0xffffffffull) {
    return absl::InvalidArgumentError("the GAF would be over 4 GB, past its 32-bit offsets");
  }
  return out;
}

}  // namespace kbot::gaf
