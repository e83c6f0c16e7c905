#include "formats/image/gif_encode.h"

#include <gif_lib.h>

#include <memory>
#include <new>
#include <string>

#include "absl/strings/str_cat.h"
#include "formats/image/transparent_slot.h"

namespace kbot::image {

namespace {

constexpr int kMaxGifSide = 65535;   // screen and image sizes are 16-bit
constexpr int kMaxGifDelay = 65535;  // hundredths of a second, 16-bit

int WriteToVector(GifFileType* gif, const GifByteType* data, int length) {
  auto* out = static_cast<std::vector<uint8_t>*>(gif->UserData);
  try {
    out->insert(out->end(), data, data + length);
  } catch (const std::bad_alloc&) {
    return 0;  // giflib reports a short write as E_GIF_ERR_WRITE_FAILED
  }
  return length;
}

struct GifEncoderCloser {
  void operator()(GifFileType* gif) const { EGifCloseFile(gif, nullptr); }
};
using GifWriterPtr = std::unique_ptr<GifFileType, GifEncoderCloser>;

struct MapDeleter {
  void operator()(ColorMapObject* map) const { GifFreeMapObject(map); }
};

absl::Status GifError(int code, const std::string& doing) {
  const char* text = GifErrorString(code);
  return absl::InternalError(
      absl::StrCat("giflib failed ", doing, ": ", text != nullptr ? text : "unknown error"));
}

// NETSCAPE2.0 with a repeat count of 0: browsers loop forever.
bool PutLoopForever(GifFileType* gif) {
  static const GifByteType kApp[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  static const GifByteType kLoop[] = {1, 0, 0};  // sub-block 1, count 0 (little-endian)
  return EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(gif, sizeof kApp, kApp) == GIF_OK &&
         EGifPutExtensionBlock(gif, sizeof kLoop, kLoop) == GIF_OK &&
         EGifPutExtensionTrailer(gif) == GIF_OK;
}

// The sizes and delays a GIF can hold.
absl::Status CheckGifLimits(const IndexedAnimation& animation, const std::vector<int>& delays) {
  if (animation.width > kMaxGifSide || animation.height > kMaxGifSide) {
    return absl::InvalidArgumentError(absl::StrCat("a GIF is at most ", kMaxGifSide, " x ",
                                                   kMaxGifSide, "; this canvas is ",
                                                   animation.width, " x ", animation.height));
  }
  for (size_t i = 0; i < delays.size(); ++i) {
    if (delays[i] > kMaxGifDelay) {
      return absl::InvalidArgumentError(absl::StrCat("frame ", i, " lasts ", animation.ticks[i],
                                                     " ticks; a GIF frame lasts at most 655.35 s"));
    }
  }
  return absl::OkStatus();
}

// The screen descriptor with the palette as its global colour table, and the
// loop extension when the animation loops.
absl::Status PutScreen(GifFileType* gif, const IndexedAnimation& animation,
                       const palette::Palette& palette, int background) {
  GifColorType colors[256];
  for (int i = 0; i < 256; ++i) {
    const palette::Rgb& c = palette.colors[size_t(i)];
    colors[i] = GifColorType{c.r, c.g, c.b};
  }
  std::unique_ptr<ColorMapObject, MapDeleter> map(GifMakeMapObject(256, colors));
  if (map == nullptr) return absl::ResourceExhaustedError("giflib: out of memory for the palette");
  if (EGifPutScreenDesc(gif, animation.width, animation.height, 8, background, map.get()) !=
      GIF_OK) {
    return GifError(gif->Error, "writing the screen descriptor");
  }
  if (animation.loops && !PutLoopForever(gif)) {
    return GifError(gif->Error, "writing the loop extension");
  }
  return absl::OkStatus();
}

// Frame f, its pixels already through the slot (`pixels`), shown `delay`
// hundredths with `transparent` (or NO_TRANSPARENT_COLOR) clear.
absl::Status PutFrame(GifFileType* gif, size_t f, const IndexedAnimation& animation, int delay,
                      int transparent, std::vector<uint8_t>& pixels) {
  // Restore to background: the next frame starts from a clear canvas, so a
  // transparent pixel never shows the frame before it.
  GraphicsControlBlock gcb;
  gcb.DisposalMode = DISPOSE_BACKGROUND;
  gcb.UserInputFlag = false;
  gcb.DelayTime = delay;
  gcb.TransparentColor = transparent;
  GifByteType extension[4];
  EGifGCBToExtension(&gcb, extension);
  if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, sizeof extension, extension) != GIF_OK) {
    return GifError(gif->Error, absl::StrCat("writing frame ", f, "'s control block"));
  }
  if (EGifPutImageDesc(gif, 0, 0, animation.width, animation.height, false, nullptr) != GIF_OK) {
    return GifError(gif->Error, absl::StrCat("writing frame ", f, "'s descriptor"));
  }
  for (int y = 0; y < animation.height; ++y) {
    GifPixelType* row = &pixels[size_t(y) * size_t(animation.width)];  // giflib's type: not const
    if (EGifPutLine(gif, row, animation.width) != GIF_OK) {
      return GifError(gif->Error, absl::StrCat("writing frame ", f, "'s pixels"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

std::vector<int> GifDelays(std::span<const uint16_t> ticks) {
  // round(t * 100 / 30) = round(t * 10 / 3). t * 10 / 3 never ends in exactly
  // one half (its fraction is 0, 1/3 or 2/3), so (t * 10 + 1) / 3 in integers
  // rounds it to nearest.
  auto hundredths = [](uint64_t t) { return int64_t((t * 10 + 1) / 3); };
  std::vector<int> delays;
  delays.reserve(ticks.size());
  uint64_t total = 0;
  for (uint16_t t : ticks) {
    const int64_t before = hundredths(total);
    total += t;
    delays.push_back(int(hundredths(total) - before));
  }
  return delays;
}

absl::StatusOr<std::vector<uint8_t>> EncodeGif(const IndexedAnimation& animation,
                                               const palette::Palette& palette,
                                               Progress& progress) {
  if (absl::Status s = CheckAnimation(animation); !s.ok()) return s;
  const std::vector<int> delays = GifDelays(animation.ticks);
  if (absl::Status s = CheckGifLimits(animation, delays); !s.ok()) return s;
  // One slot for all frames: they share the global colour table.
  const SlotChoice choice = ChooseTransparentSlot(animation.frames);
  if (choice.needs_rgba()) {
    return absl::InvalidArgumentError(
        "GIF cannot hold all 256 drawn palette indices plus transparency; export PNG or APNG "
        "instead");
  }

  std::vector<uint8_t> out;
  int error = 0;
  GifWriterPtr gif(EGifOpen(&out, WriteToVector, &error));
  if (gif == nullptr) return GifError(error, "to start a GIF");
  // Streaming writes would otherwise say GIF87a, which has no extensions.
  EGifSetGifVersion(gif.get(), true);
  const int background = choice.slot >= 0 ? choice.slot : 0;
  if (absl::Status s = PutScreen(gif.get(), animation, palette, background); !s.ok()) return s;

  const int transparent = choice.slot >= 0 ? choice.slot : NO_TRANSPARENT_COLOR;
  std::vector<uint8_t> pixels;
  const size_t n = animation.frames.size();
  for (size_t f = 0; f < n; ++f) {
    ApplySlot(animation.frames[f], choice.slot, pixels);
    absl::Status s = PutFrame(gif.get(), f, animation, delays[f], transparent, pixels);
    if (!s.ok()) return s;
    if (!progress.Report(f + 1, n, absl::StrCat("encoded GIF frame ", f + 1, " of ", n))) {
      return absl::CancelledError("the GIF encoding was stopped");
    }
  }
  // Closing writes the trailer, so its result decides success.
  if (EGifCloseFile(gif.release(), &error) != GIF_OK) {
    return GifError(error, "finishing the GIF");
  }
  return out;
}

}  // namespace kbot::image
