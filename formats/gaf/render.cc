#include "formats/gaf/render.h"

#include <algorithm>
#include <climits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"

namespace kbot::gaf {

namespace {

// Copies the drawn pixels of `layer` onto `canvas`, hotspot on hotspot.
void PlaceLayer(const image::IndexedPicture& layer, const FrameInfo& layer_info,
                const FrameInfo& outer, image::IndexedPicture& canvas) {
  const int dx = int(outer.origin_x) - int(layer_info.origin_x);
  const int dy = int(outer.origin_y) - int(layer_info.origin_y);
  for (int y = 0; y < layer.height; ++y) {
    const int cy = y + dy;
    if (cy < 0 || cy >= canvas.height) continue;
    const int x0 = std::max(0, -dx), x1 = std::min(layer.width, canvas.width - dx);
    const size_t src = size_t(y) * layer.width, dst = size_t(cy) * canvas.width + dx;
    for (int x = x0; x < x1; ++x) {
      if (layer.opaque[src + x]) {
        canvas.index[dst + x] = layer.index[src + x];
        canvas.opaque[dst + x] = 1;
      }
    }
  }
}

// A layer RenderLayered refuses, or OK.
absl::Status RefusedLayer(const FrameInfo& layer, const FrameLocation& at) {
  if (layer.layered()) {
    return at.Error(absl::StrCat("layer is itself layered (", int(layer.layer_count),
                                 " layers); nested layers are refused"));
  }
  if (layer.truecolor()) {
    return at.Error("a truecolor layer inside a layered frame is not supported");
  }
  return absl::OkStatus();
}

absl::StatusOr<image::IndexedPicture> RenderLayered(Bytes file, const FrameInfo& info,
                                                    Transparency mode,
                                                    const FrameLocation& where,
                                                    Warnings* warnings) {
  if (absl::Status s = CheckFrameSize(file, info, where); !s.ok()) return s;
  // Undrawn pixels carry the outer key, which `none` shows.
  image::IndexedPicture canvas(info.width, info.height, info.transparency, 0, info.transparency);
  for (size_t l = 0; l < info.layers.size(); ++l) {
    const FrameInfo& layer = info.layers[l];
    const FrameLocation at = where.Layer(int(l));
    if (absl::Status s = RefusedLayer(layer, at); !s.ok()) return s;
    if (layer.empty()) continue;
    // Every mode but `none` draws layers by the game's rule; `none` fills
    // what no layer drew below.
    absl::StatusOr<image::IndexedPicture> pic =
        DecodePalettedFrame(file, layer, Transparency::Game(), at, warnings);
    if (!pic.ok()) return pic.status();
    PlaceLayer(*pic, layer, info, canvas);
  }
  if (mode.mode == TransparencyMode::kNone) {
    std::fill(canvas.opaque.begin(), canvas.opaque.end(), uint8_t{1});
  }
  return canvas;
}

struct Rect {
  int64_t left = INT64_MAX, top = INT64_MAX, right = INT64_MIN, bottom = INT64_MIN;
  bool empty() const { return left >= right || top >= bottom; }
  void Add(const FrameInfo& f) {
    if (f.empty()) return;
    left = std::min<int64_t>(left, -f.origin_x);
    top = std::min<int64_t>(top, -f.origin_y);
    right = std::max<int64_t>(right, int64_t(-f.origin_x) + f.width);
    bottom = std::max<int64_t>(bottom, int64_t(-f.origin_y) + f.height);
  }
};

template <typename Picture, typename Blit>
void PlaceOnCanvas(const Picture& frame, int x0, int y0, Picture& canvas, Blit blit) {
  for (int y = 0; y < frame.height; ++y) {
    blit(size_t(y) * frame.width, (size_t(y0) + y) * canvas.width + x0, size_t(frame.width));
  }
}

}  // namespace

absl::StatusOr<FramePicture> RenderFrame(Bytes file, const FrameInfo& info, Transparency mode,
                                         const FrameLocation& where, Warnings* warnings) {
  FramePicture out;
  if (info.empty()) {
    out.truecolor = info.truecolor();
    out.indexed.key = info.transparency;
    return out;
  }
  if (info.layered()) {
    absl::StatusOr<image::IndexedPicture> pic = RenderLayered(file, info, mode, where, warnings);
    if (!pic.ok()) return pic.status();
    out.indexed = *std::move(pic);
    return out;
  }
  if (info.truecolor()) {
    absl::StatusOr<image::RgbaPicture> pic = DecodeTruecolorFrame(file, info, where, warnings);
    if (!pic.ok()) return pic.status();
    out.truecolor = true;
    out.rgba = *std::move(pic);
    return out;
  }
  absl::StatusOr<image::IndexedPicture> pic =
      DecodePalettedFrame(file, info, mode, where, warnings);
  if (!pic.ok()) return pic.status();
  out.indexed = *std::move(pic);
  return out;
}

absl::StatusOr<uint64_t> CheckFrame(Bytes file, const FrameInfo& info, const FrameLocation& where,
                                    Warnings* warnings) {
  if (info.empty()) return info.pixels();
  if (info.layered()) {
    if (absl::Status s = CheckFrameSize(file, info, where); !s.ok()) return s;
    for (size_t l = 0; l < info.layers.size(); ++l) {
      const FrameInfo& layer = info.layers[l];
      const FrameLocation at = where.Layer(int(l));
      if (absl::Status s = RefusedLayer(layer, at); !s.ok()) return s;
      if (layer.empty()) continue;
      if (absl::Status s = CheckPalettedFrame(file, layer, at, warnings); !s.ok()) return s;
    }
    return info.pixels();
  }
  absl::Status s = info.truecolor() ? CheckTruecolorFrame(file, info, where, warnings)
                                    : CheckPalettedFrame(file, info, where, warnings);
  if (!s.ok()) return s;
  return info.pixels();
}

absl::StatusOr<SequenceAnimation> RenderSequence(Bytes file, const Gaf& gaf, size_t index,
                                                 Transparency mode, absl::string_view file_name,
                                                 Warnings* warnings, Progress& progress) {
  auto error = [&](absl::string_view what) {
    return ErrorIn(file_name, absl::StrCat("sequence ", index), what);
  };
  if (index >= gaf.sequences.size()) {
    return error(absl::StrCat("does not exist (the file has ", gaf.sequences.size(), ")"));
  }
  const Sequence& seq = gaf.sequences[index];
  if (seq.frames.empty()) return error("has no frames");

  Rect rect;
  size_t truecolor_frames = 0, paletted_frames = 0;
  for (const Frame& f : seq.frames) {
    rect.Add(f.info);
    if (f.info.empty()) continue;  // draws nothing, whatever its storage byte says
    (f.info.truecolor() && !f.info.layered() ? truecolor_frames : paletted_frames) += 1;
  }
  if (rect.empty()) return error("every frame is empty (0 pixels): nothing to draw");
  if (truecolor_frames != 0 && paletted_frames != 0) {
    return error("mixes truecolor and paletted frames");
  }
  const uint64_t canvas_w = uint64_t(rect.right - rect.left);
  const uint64_t canvas_h = uint64_t(rect.bottom - rect.top);
  if (canvas_w * canvas_h * seq.frames.size() > kMaxAnimationPixels) {
    return error(absl::StrCat("the aligned canvas (", canvas_w, " x ", canvas_h, ") times ",
                              seq.frames.size(),
                              " frames is over the 64 M-pixel limit for an animation"));
  }

  SequenceAnimation anim;
  anim.truecolor = truecolor_frames != 0;
  anim.origin_x = int(-rect.left);
  anim.origin_y = int(-rect.top);
  const int w = int(canvas_w), h = int(canvas_h);
  anim.indexed.width = anim.rgba.width = w;
  anim.indexed.height = anim.rgba.height = h;
  anim.indexed.loops = anim.rgba.loops = seq.loops();
  for (size_t f = 0; f < seq.frames.size(); ++f) {
    if (f > 0 && !progress.Report(f, seq.frames.size(),
                                  absl::StrCat("drew frame ", f, " of ", seq.frames.size()))) {
      return absl::CancelledError(absl::StrCat(file_name, ": sequence ", index, ": stopped"));
    }
    const Frame& frame = seq.frames[f];
    const FrameLocation where{file_name, index, f};
    absl::StatusOr<FramePicture> pic = RenderFrame(file, frame.info, mode, where, warnings);
    if (!pic.ok()) return pic.status();
    const int x0 = anim.origin_x - frame.info.origin_x;
    const int y0 = anim.origin_y - frame.info.origin_y;
    if (anim.truecolor) {
      image::RgbaPicture canvas(w, h);
      PlaceOnCanvas(pic->rgba, x0, y0, canvas, [&](size_t src, size_t dst, size_t n) {
        std::copy_n(pic->rgba.rgba.begin() + src * 4, n * 4, canvas.rgba.begin() + dst * 4);
      });
      anim.rgba.frames.push_back(std::move(canvas));
      anim.rgba.ticks.push_back(frame.ticks());
    } else {
      image::IndexedPicture canvas(w, h, pic->indexed.key, 0, pic->indexed.key);
      PlaceOnCanvas(pic->indexed, x0, y0, canvas, [&](size_t src, size_t dst, size_t n) {
        std::copy_n(pic->indexed.index.begin() + src, n, canvas.index.begin() + dst);
        std::copy_n(pic->indexed.opaque.begin() + src, n, canvas.opaque.begin() + dst);
      });
      anim.indexed.frames.push_back(std::move(canvas));
      anim.indexed.ticks.push_back(frame.ticks());
    }
  }
  return anim;
}

}  // namespace kbot::gaf
