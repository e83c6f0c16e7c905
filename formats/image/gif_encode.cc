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

struct GifCloser {
  void operator()(GifFileType* gif) const { EGifCloseFile(gif, nullptr); }
};
using GifPtr = std::unique_ptr<GifFileType, GifCloser>;

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
  if (animation.width > kMaxGifSide || animation.height > kMaxGifSide) {
    return absl::InvalidArgumentError(absl::StrCat("a GIF is at most ", kMaxGifSide, " x ",
                                                   kMaxGifSide, "; this canvas is ",
                                                   animation.width, " x ", animation.height));
  }
  const std::vector<int> delays = GifDelays(animation.ticks);
  for (size_t i = 0; i < delays.size(); ++i) {
    if (delays[i] > kMaxGifDelay) {
      return absl::InvalidArgumentError(absl::StrCat("frame ", i, " lasts ", animation.ticks[i],
                                                     " ticks; a GIF frame lasts at most 655.35 s"));
    }
  }
  // One slot for all frames: they share the global colour table.
  const SlotChoice choice = ChooseTransparentSlot(animation.frames);
  if (choice.needs_rgba()) {
    return absl::InvalidArgumentError(
        "GIF cannot hold all 256 drawn palette indices plus transparency; export PNG or APNG "
        "instead");
  }

  std::vector<uint8_t> out;
  int error = 0;
  GifPtr gif(EGifOpen(&out, WriteToVector, &error));
  if (gif == nullptr) return GifError(error, "to start a GIF");
  // Streaming writes would otherwise say GIF87a, which has no extensions.
  EGifSetGifVersion(gif.get(), true);

  GifColorType colors[256];
  for (int i = 0; i < 256; ++i) {
    const palette::Rgb& c = palette.colors[size_t(i)];
    colors[i] = GifColorType{c.r, c.g, c.b};
  }
  std::unique_ptr<ColorMapObject, MapDeleter> map(GifMakeMapObject(256, colors));
  if (map == nullptr) return absl::ResourceExhaustedError("giflib: out of memory for the palette");
  const int background = choice.slot >= 0 ? choice.slot : 0;
  if (EGifPutScreenDesc(gif.get(), animation.width, animation.height, 8, background, map.get()) !=
      GIF_OK) {
    return GifError(gif->Error, "writing the screen descriptor");
  }
  if (animation.loops && !PutLoopForever(gif.get())) {
    return GifError(gif->Error, "writing the loop extension");
  }

  std::vector<uint8_t> pixels;
  for (size_t f = 0; f < animation.frames.size(); ++f) {
    if (!progress.Report(f, animation.frames.size())) {
      return absl::CancelledError("the GIF encoding was stopped");
    }
    // Restore to background: the next frame starts from a clear canvas, so a
    // transparent pixel never shows the frame before it.
    GraphicsControlBlock gcb;
    gcb.DisposalMode = DISPOSE_BACKGROUND;
    gcb.UserInputFlag = false;
    gcb.DelayTime = delays[f];
    gcb.TransparentColor = choice.slot >= 0 ? choice.slot : NO_TRANSPARENT_COLOR;
    GifByteType extension[4];
    EGifGCBToExtension(&gcb, extension);
    if (EGifPutExtension(gif.get(), GRAPHICS_EXT_FUNC_CODE, sizeof extension, extension) !=
        GIF_OK) {
      return GifError(gif->Error, absl::StrCat("writing frame ", f, "'s control block"));
    }
    if (EGifPutImageDesc(gif.get(), 0, 0, animation.width, animation.height, false, nullptr) !=
        GIF_OK) {
      return GifError(gif->Error, absl::StrCat("writing frame ", f, "'s descriptor"));
    }
    ApplySlot(animation.frames[f], choice.slot, pixels);
    for (int y = 0; y < animation.height; ++y) {
      if (EGifPutLine(gif.get(), &pixels[size_t(y) * size_t(animation.width)], animation.width) !=
          GIF_OK) {
        return GifError(gif->Error, absl::StrCat("writing frame ", f, "'s pixels"));
      }
    }
  }
  // Closing writes the trailer, so its result decides success.
  if (EGifCloseFile(gif.release(), &error) != GIF_OK) {
    return GifError(error, "finishing the GIF");
  }
  return out;
}

}  // namespace kbot::image
