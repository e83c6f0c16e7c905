#include "formats/image/scale.h"

#include <climits>
#include <cstring>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace kbot::image {

namespace {

absl::Status CheckFactor(int factor) {
  if (factor < kMinScale || factor > kMaxScale) {
    return absl::InvalidArgumentError(absl::StrCat("scale ", factor, " is not a whole factor from ",
                                                   kMinScale, " to ", kMaxScale));
  }
  return absl::OkStatus();
}

struct ScaledSize {
  int width = 0;
  int height = 0;
  uint64_t pixels = 0;
};

// The size of a width x height picture scaled by `factor` (already checked to
// be 1..8). Sides are computed in 64 bits, so a huge side is an error naming
// the size rather than an int overflow.
absl::StatusOr<ScaledSize> ScaledSizeOf(int width, int height, int factor) {
  if (width < 0 || height < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot scale a picture of ", width, " x ", height));
  }
  const uint64_t w = uint64_t(width) * uint64_t(factor);
  const uint64_t h = uint64_t(height) * uint64_t(factor);
  if (w > uint64_t(INT_MAX) || h > uint64_t(INT_MAX)) {
    return absl::InvalidArgumentError(absl::StrCat("a ", width, " x ", height, " picture scaled ",
                                                   factor, "x would be ", w, " x ", h,
                                                   ", too large"));
  }
  return ScaledSize{int(w), int(h), w * h};  // both <= 2^31, so no overflow
}

absl::Status OverCap(int width, int height, int factor, const ScaledSize& size,
                     uint64_t max_pixels) {
  return absl::InvalidArgumentError(absl::StrCat(
      "a ", width, " x ", height, " picture scaled ", factor, "x would be ", size.width, " x ",
      size.height, " (", size.pixels, " pixels), over the limit of ", max_pixels, " pixels"));
}

// Unlike CheckPicture, an empty picture (0 pixels) is accepted: it scales to
// an empty picture, and the encoder, not the scaler, says there is nothing to
// draw. Only planes that disagree with the size are refused, since they would
// make the copy below read past them.
absl::Status CheckPlanes(const IndexedPicture& p) {
  if (p.index.size() != p.pixels() || p.opaque.size() != p.pixels()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a ", p.width, " x ", p.height, " picture needs ", p.pixels(),
        " indices and opacities, it has ", p.index.size(), " and ", p.opaque.size()));
  }
  return absl::OkStatus();
}

absl::Status CheckPlanes(const RgbaPicture& p) {
  if (p.rgba.size() != p.pixels() * 4) {
    return absl::InvalidArgumentError(absl::StrCat("a ", p.width, " x ", p.height,
                                                   " RGBA picture needs ", p.pixels() * 4,
                                                   " bytes, it has ", p.rgba.size()));
  }
  return absl::OkStatus();
}

// Row replication: each source row is widened once (every pixel of kBpp bytes
// written `factor` times), then that finished row is copied factor - 1 times
// below itself with memcpy, so the per-pixel work is done once per source row,
// not once per output row.
template <size_t kBpp>
void ScalePlane(const uint8_t* src, size_t width, size_t height, size_t factor, uint8_t* dst) {
  const size_t src_row = width * kBpp;
  const size_t dst_row = src_row * factor;
  for (size_t y = 0; y < height; ++y, src += src_row) {
    uint8_t* const row = dst;
    uint8_t* out = row;
    for (size_t x = 0; x < width; ++x) {
      uint8_t px[kBpp];
      std::memcpy(px, src + x * kBpp, kBpp);
      for (size_t k = 0; k < factor; ++k, out += kBpp) std::memcpy(out, px, kBpp);
    }
    dst += dst_row;
    for (size_t k = 1; k < factor; ++k, dst += dst_row) std::memcpy(dst, row, dst_row);
  }
}

template <size_t kBpp>
std::vector<uint8_t> ScaledPlane(const std::vector<uint8_t>& plane, int width, int height,
                                 int factor) {
  std::vector<uint8_t> out(plane.size() * size_t(factor) * size_t(factor));
  if (!out.empty()) ScalePlane<kBpp>(plane.data(), size_t(width), size_t(height), size_t(factor),
                                     out.data());
  return out;
}

// The picture scaled, its size and planes already checked.
IndexedPicture Scaled(const IndexedPicture& p, const ScaledSize& size, int factor) {
  IndexedPicture out;
  out.width = size.width;
  out.height = size.height;
  out.key = p.key;
  out.index = ScaledPlane<1>(p.index, p.width, p.height, factor);
  out.opaque = ScaledPlane<1>(p.opaque, p.width, p.height, factor);
  return out;
}

RgbaPicture Scaled(const RgbaPicture& p, const ScaledSize& size, int factor) {
  RgbaPicture out;
  out.width = size.width;
  out.height = size.height;
  out.rgba = ScaledPlane<4>(p.rgba, p.width, p.height, factor);
  return out;
}

template <typename Picture>
absl::StatusOr<Picture> ScalePicture(const Picture& picture, int factor, uint64_t max_pixels) {
  if (absl::Status s = CheckFactor(factor); !s.ok()) return s;
  if (absl::Status s = CheckPlanes(picture); !s.ok()) return s;
  absl::StatusOr<ScaledSize> size = ScaledSizeOf(picture.width, picture.height, factor);
  if (!size.ok()) return size.status();
  if (size->pixels > max_pixels) {
    return OverCap(picture.width, picture.height, factor, *size, max_pixels);
  }
  return Scaled(picture, *size, factor);
}

// Every size and plane is checked, and the pixels of all frames summed, before
// any frame is scaled: a refused animation allocates nothing.
template <typename Picture>
absl::StatusOr<Animation<Picture>> ScaleAnimation(const Animation<Picture>& animation, int factor,
                                                  uint64_t max_pixels) {
  if (absl::Status s = CheckFactor(factor); !s.ok()) return s;
  absl::StatusOr<ScaledSize> canvas = ScaledSizeOf(animation.width, animation.height, factor);
  if (!canvas.ok()) return canvas.status();
  std::vector<ScaledSize> sizes;
  sizes.reserve(animation.frames.size());
  uint64_t total = 0;
  for (size_t i = 0; i < animation.frames.size(); ++i) {
    const Picture& frame = animation.frames[i];
    absl::Status s = CheckPlanes(frame);
    absl::StatusOr<ScaledSize> size = ScaledSizeOf(frame.width, frame.height, factor);
    if (s.ok() && !size.ok()) s = size.status();
    if (!s.ok()) return absl::InvalidArgumentError(absl::StrCat("frame ", i, ": ", s.message()));
    // Saturating, so a sum past 2^64 still reads as over any limit.
    total = size->pixels > UINT64_MAX - total ? UINT64_MAX : total + size->pixels;
    sizes.push_back(*size);
  }
  if (total > max_pixels) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a ", animation.width, " x ", animation.height, " animation scaled ", factor,
        "x would be ", canvas->width, " x ", canvas->height, ", ",
        total == UINT64_MAX ? "over 2^64" : absl::StrCat(total), " pixels over its ",
        animation.frames.size(), " frames, over the limit of ", max_pixels, " pixels"));
  }
  Animation<Picture> out;
  out.width = canvas->width;
  out.height = canvas->height;
  out.ticks = animation.ticks;
  out.loops = animation.loops;
  out.frames.reserve(animation.frames.size());
  for (size_t i = 0; i < animation.frames.size(); ++i) {
    out.frames.push_back(Scaled(animation.frames[i], sizes[i], factor));
  }
  return out;
}

}  // namespace

absl::StatusOr<IndexedPicture> ScaleNearest(const IndexedPicture& picture, int factor,
                                            uint64_t max_pixels) {
  return ScalePicture(picture, factor, max_pixels);
}

absl::StatusOr<RgbaPicture> ScaleNearest(const RgbaPicture& picture, int factor,
                                         uint64_t max_pixels) {
  return ScalePicture(picture, factor, max_pixels);
}

absl::StatusOr<IndexedAnimation> ScaleNearest(const IndexedAnimation& animation, int factor,
                                              uint64_t max_pixels) {
  return ScaleAnimation(animation, factor, max_pixels);
}

absl::StatusOr<RgbaAnimation> ScaleNearest(const RgbaAnimation& animation, int factor,
                                           uint64_t max_pixels) {
  return ScaleAnimation(animation, factor, max_pixels);
}

}  // namespace kbot::image
