// APNG without an APNG-patched libpng: Debian's libpng has no acTL/fcTL/fdAT
// API, so each frame is compressed by libpng as a standalone PNG, its IDAT
// payloads are lifted out, and the animation chunks are written around them
// with png_write_chunk. Every frame is the full canvas, so fcTL offsets are 0,
// dispose_op is NONE and blend_op is SOURCE (the frame replaces the canvas).
#include <cstdint>
#include <cstring>
#include <vector>

#include "absl/strings/str_cat.h"
#include "formats/common/byte_writer.h"
#include "formats/image/png_encode.h"
#include "formats/image/png_writer.h"
#include "formats/image/transparent_slot.h"

namespace kbot::image {

namespace {

constexpr size_t kSignatureSize = 8;
constexpr size_t kChunkOverhead = 12;  // length, type, CRC

uint32_t GetU32(const uint8_t* p) {
  return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | p[3];
}

// The concatenated IDAT payloads of a PNG libpng just wrote: one zlib stream,
// which an fdAT may carry whole.
absl::StatusOr<std::vector<uint8_t>> ImageData(const EncodedImage& png) {
  std::vector<uint8_t> data;
  size_t pos = kSignatureSize;
  while (pos + kChunkOverhead <= png.size()) {
    const uint32_t length = GetU32(&png[pos]);
    if (length > png.size() - pos - kChunkOverhead) break;
    if (std::memcmp(&png[pos + 4], "IDAT", 4) == 0) {
      data.insert(data.end(), png.begin() + long(pos + 8), png.begin() + long(pos + 8 + length));
    }
    pos += kChunkOverhead + length;
  }
  if (pos != png.size() || data.empty()) {
    return absl::InternalError("libpng wrote a frame whose IDAT chunks could not be read back");
  }
  return data;
}

png_detail::Chunk ActlChunk(size_t frames, bool loops) {
  png_detail::Chunk chunk{"acTL", {}};
  AppendU32BigEndian(chunk.data, uint32_t(frames));
  AppendU32BigEndian(chunk.data, loops ? 0 : 1);  // num_plays: 0 is forever
  return chunk;
}

png_detail::Chunk FctlChunk(uint32_t sequence, int width, int height, uint16_t ticks) {
  png_detail::Chunk chunk{"fcTL", {}};
  AppendU32BigEndian(chunk.data, sequence);
  AppendU32BigEndian(chunk.data, uint32_t(width));
  AppendU32BigEndian(chunk.data, uint32_t(height));
  AppendU32BigEndian(chunk.data, 0);  // x offset
  AppendU32BigEndian(chunk.data, 0);  // y offset
  // A fraction keeps the game's 1/30 s clock exact.
  AppendU16BigEndian(chunk.data, ticks);
  AppendU16BigEndian(chunk.data, uint16_t(kTicksPerSecond));
  chunk.data.push_back(0);  // dispose_op NONE
  chunk.data.push_back(0);  // blend_op SOURCE
  return chunk;
}

// The options a single frame is written with: progress counts frames, not the
// rows of each.
PngOptions OneFrame(const PngOptions& options) {
  PngOptions frame = options;
  frame.progress = nullptr;
  return frame;
}

// `encode_frame(i)` returns frame i as a standalone PNG with `layout`.
template <typename EncodeFrame>
absl::StatusOr<EncodedImage> Assemble(const png_detail::Layout& layout,
                                      const std::vector<uint16_t>& ticks, bool loops,
                                      const PngOptions& options, EncodeFrame encode_frame) {
  std::vector<png_detail::Chunk> chunks;
  chunks.reserve(1 + 2 * ticks.size());
  chunks.push_back(ActlChunk(ticks.size(), loops));
  // fcTL and fdAT share one sequence, starting at 0; IDAT takes no number.
  uint32_t sequence = 0;
  for (size_t i = 0; i < ticks.size(); ++i) {
    if (i > 0 && options.progress != nullptr &&
        !options.progress->Report(i, ticks.size(),
                                  absl::StrCat("encoded APNG frame ", i, " of ", ticks.size()))) {
      return absl::CancelledError("the APNG encoding was stopped");
    }
    absl::StatusOr<EncodedImage> png = encode_frame(i);
    if (!png.ok()) return png.status();
    absl::StatusOr<std::vector<uint8_t>> data = ImageData(*png);
    if (!data.ok()) return data.status();
    chunks.push_back(FctlChunk(sequence++, layout.width, layout.height, ticks[i]));
    if (i == 0) {
      // The first frame doubles as the default image for viewers without APNG.
      chunks.push_back({"IDAT", std::move(*data)});
    } else {
      png_detail::Chunk fdat{"fdAT", {}};
      fdat.data.reserve(4 + data->size());
      AppendU32BigEndian(fdat.data, sequence++);
      fdat.data.insert(fdat.data.end(), data->begin(), data->end());
      chunks.push_back(std::move(fdat));
    }
  }
  if (options.progress != nullptr &&
      !options.progress->Report(ticks.size(), ticks.size(),
                                absl::StrCat("encoded ", ticks.size(), " APNG frames"))) {
    return absl::CancelledError("the APNG encoding was stopped");
  }
  return png_detail::WriteChunks(layout, chunks, options);
}

}  // namespace

absl::StatusOr<EncodedImage> EncodeIndexedApng(const IndexedAnimation& animation,
                                               const palette::Palette& palette,
                                               const PngOptions& options) {
  if (absl::Status s = CheckAnimation(animation); !s.ok()) return s;
  // One slot for all frames: they share the single PLTE and tRNS.
  const SlotChoice choice = ChooseTransparentSlot(animation.frames);
  if (choice.needs_rgba()) {
    RgbaAnimation rgba;
    rgba.width = animation.width;
    rgba.height = animation.height;
    rgba.ticks = animation.ticks;
    rgba.loops = animation.loops;
    rgba.frames.reserve(animation.frames.size());
    for (const IndexedPicture& frame : animation.frames) {
      rgba.frames.push_back(ToRgba(frame, palette));
    }
    return EncodeRgbaApng(rgba, options);
  }
  const png_detail::Layout layout{animation.width, animation.height, &palette, choice.slot};
  std::vector<uint8_t> pixels;
  const PngOptions frame_options = OneFrame(options);
  return Assemble(layout, animation.ticks, animation.loops, options, [&](size_t i) {
    ApplySlot(animation.frames[i], choice.slot, pixels);
    return png_detail::WriteImage(layout, pixels, frame_options);
  });
}

absl::StatusOr<EncodedImage> EncodeRgbaApng(const RgbaAnimation& animation,
                                            const PngOptions& options) {
  if (absl::Status s = CheckAnimation(animation); !s.ok()) return s;
  const png_detail::Layout layout{animation.width, animation.height, nullptr, -1};
  const PngOptions frame_options = OneFrame(options);
  return Assemble(layout, animation.ticks, animation.loops, options, [&](size_t i) {
    return png_detail::WriteImage(layout, animation.frames[i].rgba, frame_options);
  });
}

}  // namespace kbot::image
