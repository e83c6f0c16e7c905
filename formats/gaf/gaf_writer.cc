#include "formats/gaf/gaf_writer.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace kbot::gaf {

namespace {

constexpr size_t kMaxSkip = 127;
constexpr size_t kMaxRun = 64;
// Inside a literal, a repeat pays off from three equal pixels on: shorter runs
// cost more as their own chunks than as literal bytes.
constexpr size_t kRepeatWorthIt = 3;

void PutU16(std::vector<uint8_t>& out, uint16_t v) {
  out.push_back(uint8_t(v));
  out.push_back(uint8_t(v >> 8));
}
void PutU32(std::vector<uint8_t>& out, uint32_t v) {
  PutU16(out, uint16_t(v));
  PutU16(out, uint16_t(v >> 16));
}
void PatchU32(std::vector<uint8_t>& out, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) out[at + i] = uint8_t(v >> (8 * i));
}

// How many drawn pixels from x on repeat index[x], up to kMaxRun.
size_t RepeatLength(const uint8_t* index, const uint8_t* opaque, size_t x, size_t width) {
  size_t n = 1;
  while (x + n < width && n < kMaxRun && opaque[x + n] && index[x + n] == index[x]) ++n;
  return n;
}

// An upper bound of the file's size, so the output grows once: raw pixels
// take a byte each, truecolor two, a run-encoded row at most its lineLength
// word plus a literal mask for every 64 pixels and the pixels themselves.
size_t SizeBound(const std::vector<SequenceToWrite>& sequences) {
  size_t size = kHeaderSize + 4 * sequences.size();
  for (const SequenceToWrite& seq : sequences) {
    size += kSequenceHeaderSize + kFrameListItemSize * seq.frames.size();
    for (const FrameToWrite& f : seq.frames) {
      const size_t pixels = size_t(f.width) * f.height;
      size += kFrameInfoSize + 2 * pixels + size_t(f.height) * (2 + f.width / 64 + 1);
    }
  }
  return size;
}

}  // namespace

size_t EncodeRow(const uint8_t* index, const uint8_t* opaque, size_t width,
                 std::vector<uint8_t>& out) {
  const size_t length_at = out.size();
  PutU16(out, 0);
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
                                              uint32_t version) {
  std::vector<uint8_t> out;
  out.reserve(SizeBound(sequences));
  PutU32(out, version);
  PutU32(out, uint32_t(sequences.size()));
  PutU32(out, 0);
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
    PutU16(out, uint16_t(seq.frames.size()));
    PutU16(out, seq.loop_flags);
    PutU32(out, seq.unknown4);
    std::string name = seq.name;
    name.resize(kNameSize, '\0');
    out.insert(out.end(), name.begin(), name.end());
    const size_t list = out.size();
    for (const FrameToWrite& f : seq.frames) {
      PutU32(out, 0);
      PutU32(out, f.duration);
    }
    for (size_t i = 0; i < seq.frames.size(); ++i) {
      const FrameToWrite& f = seq.frames[i];
      const size_t pixels = size_t(f.width) * f.height;
      const bool truecolor = StorageOf(f.storage_byte) == Storage::kArgb4444 ||
                             StorageOf(f.storage_byte) == Storage::kArgb1555;
      if (truecolor ? f.argb.size() != pixels
                    : (f.index.size() != pixels || f.opaque.size() != pixels)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "sequence ", s, " frame ", i, ": pixel planes do not match ", f.width, " x ",
            f.height));
      }
      PatchU32(out, list + 8 * i, uint32_t(out.size()));
      PutU16(out, f.width);
      PutU16(out, f.height);
      PutU16(out, uint16_t(f.origin_x));
      PutU16(out, uint16_t(f.origin_y));
      out.push_back(f.transparency);
      out.push_back(f.storage_byte);
      out.push_back(0);  // LayerCount: the writer writes simple frames
      out.push_back(f.blend);
      PutU32(out, f.unknown12);
      PutU32(out, uint32_t(out.size() + 8));  // the pixel data follows the header
      PutU32(out, f.unknown20);
      if (truecolor) {
        for (uint16_t v : f.argb) PutU16(out, v);
      } else if (f.storage_byte == 0) {
        const size_t at = out.size();
        out.resize(at + pixels);
        uint8_t* dst = out.data() + at;
        for (size_t p = 0; p < pixels; ++p) dst[p] = f.opaque[p] ? f.index[p] : f.transparency;
      } else {
        for (size_t y = 0; y < f.height; ++y) {
          if (EncodeRow(f.index.data() + y * f.width, f.opaque.data() + y * f.width, f.width,
                        out) > 0xffff) {
            return absl::InvalidArgumentError(absl::StrCat(
                "sequence ", s, " frame ", i, " row ", y,
                ": run-encoded row is over 65535 bytes; store the frame raw"));
          }
        }
      }
    }
  }
  if (out.size() > 0xffffffffull) {
    return absl::InvalidArgumentError("the GAF would be over 4 GB, past its 32-bit offsets");
  }
  return out;
}

}  // namespace kbot::gaf
