// In-memory pictures that the renderers produce and the encoders write.
#pragma once

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace kbot::image {

// An 8-bit palette-index picture with a separate opacity plane, so that a
// transparent pixel never has to steal a palette index: index and opacity are
// independent, exactly as the game draws (a drawn pixel may equal the key).
struct IndexedPicture {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> index;   // width * height palette indices, row-major, top-down
  std::vector<uint8_t> opaque;  // width * height; 1 = drawn, 0 = transparent
  // The index the frame itself names as transparent (its stored key, or the
  // effective key the transparency mode chose): the preferred tRNS slot.
  uint8_t key = 0;

  IndexedPicture() = default;
  IndexedPicture(int w, int h, uint8_t fill_index, uint8_t fill_opaque, uint8_t key_index)
      : width(w),
        height(h),
        index(size_t(w) * size_t(h), fill_index),
        opaque(size_t(w) * size_t(h), fill_opaque),
        key(key_index) {}
  size_t pixels() const { return size_t(width) * size_t(height); }
};

// 8-bit straight-alpha RGBA, 4 bytes a pixel in R, G, B, A order.
struct RgbaPicture {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgba;

  RgbaPicture() = default;
  RgbaPicture(int w, int h) : width(w), height(h), rgba(size_t(w) * size_t(h) * 4, 0) {}
  size_t pixels() const { return size_t(width) * size_t(height); }
};

// 8-bit grey levels, one byte a pixel, row-major, every pixel opaque: a
// heightmap (formats/tnt/render.h), encoded by EncodeGreyPng.
struct GreyPicture {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> grey;

  GreyPicture() = default;
  GreyPicture(int w, int h) : width(w), height(h), grey(size_t(w) * size_t(h), 0) {}
  size_t pixels() const { return size_t(width) * size_t(height); }
};

// A w x h picture from `rgb`, 3 bytes a pixel (R, G, B, row-major, at least
// w * h * 3 of them), every pixel opaque.
inline RgbaPicture RgbaFromRgb(int w, int h, const uint8_t* rgb) {
  RgbaPicture out(w, h);
  uint8_t* dst = out.rgba.data();
  for (size_t i = 0, n = out.pixels(); i < n; ++i, rgb += 3, dst += 4) {
    dst[0] = rgb[0];
    dst[1] = rgb[1];
    dst[2] = rgb[2];
    dst[3] = 255;
  }
  return out;
}

// The checks every encoder runs first, so a malformed picture is an error
// with the same message from PNG, APNG and GIF, never a read past a plane.
inline absl::Status CheckCanvas(int width, int height) {
  if (width <= 0 || height <= 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("nothing to draw: the frame is ", width, " x ", height));
  }
  return absl::OkStatus();
}

inline absl::Status CheckPicture(const IndexedPicture& picture) {
  if (absl::Status s = CheckCanvas(picture.width, picture.height); !s.ok()) return s;
  if (picture.index.size() != picture.pixels() || picture.opaque.size() != picture.pixels()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a ", picture.width, " x ", picture.height, " picture needs ", picture.pixels(),
        " indices and opacities, it has ", picture.index.size(), " and ",
        picture.opaque.size()));
  }
  return absl::OkStatus();
}

inline absl::Status CheckPicture(const RgbaPicture& picture) {
  if (absl::Status s = CheckCanvas(picture.width, picture.height); !s.ok()) return s;
  if (picture.rgba.size() != picture.pixels() * 4) {
    return absl::InvalidArgumentError(absl::StrCat("a ", picture.width, " x ", picture.height,
                                                   " RGBA picture needs ", picture.pixels() * 4,
                                                   " bytes, it has ", picture.rgba.size()));
  }
  return absl::OkStatus();
}

inline absl::Status CheckPicture(const GreyPicture& picture) {
  if (absl::Status s = CheckCanvas(picture.width, picture.height); !s.ok()) return s;
  if (picture.grey.size() != picture.pixels()) {
    return absl::InvalidArgumentError(absl::StrCat("a ", picture.width, " x ", picture.height,
                                                   " grey picture needs ", picture.pixels(),
                                                   " bytes, it has ", picture.grey.size()));
  }
  return absl::OkStatus();
}

}  // namespace kbot::image
