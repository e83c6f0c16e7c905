// Writing a GAF/TAF from frames in memory (the layout of gaf.h).
//
// Run-encoded rows are encoded by per-pixel transparency, never by value: a
// drawn pixel equal to the key stays drawn. Runs use the longest chunks the
// format allows (skip 127, repeat 64, literal 64) and every row covers the
// whole width, so the reader never pads it.
//
// A composite (layered) frame is written as gaf.h lays it out: the outer
// header's PtrFrameData points at LayerCount u32 pointers, each to a nested
// 24-byte header followed by that layer's pixels. The outer header keeps its
// own size, origin, key and storage byte (the game draws the layers on the
// outer rectangle, hotspot on hotspot) and has no pixels of its own.
//
// The TA3D truecolor variant (Variant::kTa3dTruecolor, version 0x00010101)
// holds only RGB(A) frames: each frame's `rgba` is written as ta3d_frame.h
// lays it out, RGBA when its transparency byte is non-zero, RGB when it is 0
// (so every pixel must then be opaque). No layers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gaf/gaf.h"

namespace kbot::gaf {

struct FrameToWrite {
  uint16_t width = 0, height = 0;
  int16_t origin_x = 0, origin_y = 0;
  uint8_t transparency = 0;
  uint8_t storage_byte = 1;  // 0 raw, 1 run-encoded, 4 / 5 truecolor
  uint8_t blend = 0;
  uint32_t unknown12 = 0, unknown20 = 0;
  uint32_t duration = 1;
  std::vector<uint8_t> index;   // paletted: width * height
  std::vector<uint8_t> opaque;  // paletted: width * height, 1 = drawn
  std::vector<uint16_t> argb;   // truecolor: width * height stored pixels
  std::vector<uint8_t> rgba;    // TA3D truecolor: width * height * 4, R G B A
  // Non-empty: a composite frame of these layers, back to front (at most 255,
  // the LayerCount byte). Its own pixel planes must then be empty. A layer is
  // a paletted simple frame (raw or run-encoded) with its own origin; its
  // duration is not stored. Nested layers and truecolor layers are refused,
  // as the renderer refuses them.
  std::vector<FrameToWrite> layers;
};

struct SequenceToWrite {
  std::string name;  // at most 31 bytes, so the stored name keeps a NUL
  uint16_t loop_flags = 1;
  uint32_t unknown4 = 0;
  std::vector<FrameToWrite> frames;
};

// One run-encoded row: u16 lineLength, then the chunks. Returns the chunk
// bytes' length; over 0xffff it does not fit the lineLength word.
size_t EncodeRow(const uint8_t* index, const uint8_t* opaque, size_t width,
               std::vector<uint8_t>& out);

absl::StatusOr<std::vector<uint8_t>> WriteGaf(const std::vector<SequenceToWrite>& sequences,
                                              Variant variant = Variant::kStandard);

}  // namespace kbot::gaf
