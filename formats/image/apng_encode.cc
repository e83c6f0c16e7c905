// APNG: each frame's pixels are compressed as an image of their own
// (png_writer.h CompressPixels: the same filters, levels and threads as a
// PNG), and the animation chunks are written around them. Every frame is the
// full canvas, so fcTL offsets are 0, dispose_op is NONE and blend_op is
// SOURCE (the frame replaces the canvas).
#include <cstdint>
#include <span>
#include <vector>

#include "absl/strings/str_cat.h"
#include "formats/common/byte_writer.h"
#include "formats/image/png_encode.h"
#include "formats/image/png_writer.h"
#include "formats/image/transparent_slot.h"

namespace kbot::image {

namespace {

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

// `encode_frame(i)` returns frame i's zlib stream in `layout`.
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
    absl::StatusOr<std::vector<uint8_t>> data = encode_frame(i);
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
  return png_detail::WriteChunks(layout, chunks);
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
  const png_detail::Layout layout =
      png_detail::IndexedPictureLayout(animation.width, animation.height, palette, choice.slot);
  std::vector<uint8_t> pixels;
  const PngOptions frame_options = OneFrame(options);
  return Assemble(layout, animation.ticks, animation.loops, options, [&](size_t i) {
    ApplySlot(animation.frames[i], choice.slot, pixels);
    return png_detail::CompressPixels(layout, pixels, frame_options);
  });
}

absl::StatusOr<EncodedImage> EncodeRgbaApng(const RgbaAnimation& animation,
                                            const PngOptions& options) {
  if (absl::Status s = CheckAnimation(animation); !s.ok()) return s;
  // One form for all frames: they share the IHDR, PLTE and tRNS.
  std::vector<std::span<const uint8_t>> frames;
  for (const RgbaPicture& frame : animation.frames) frames.push_back(frame.rgba);
  png_detail::StoredForm form;
  if (absl::Status s = png_detail::ChooseForm(frames, form, options.progress,
                                              uint64_t(frames.size()));
      !s.ok()) {
    return s;
  }
  const png_detail::Layout layout =
      png_detail::RgbaLayout(animation.width, animation.height, form);
  std::vector<uint8_t> pixels;
  const PngOptions frame_options = OneFrame(options);
  return Assemble(layout, animation.ticks, animation.loops, options, [&](size_t i) {
    if (form.colour == png_detail::ColourType::kRgba) {
      return png_detail::CompressPixels(layout, animation.frames[i].rgba, frame_options);
    }
    png_detail::ToStoredPixels(form, animation.frames[i].rgba, pixels);
    return png_detail::CompressPixels(layout, pixels, frame_options);
  });
}

}  // namespace kbot::image
