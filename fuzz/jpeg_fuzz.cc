// libFuzzer target: any bytes through image::ReadJpegInfo and image::DecodeJpeg
// (libjpeg-turbo). It must return a value or an error for every input, never
// end the process (libjpeg's default error handler calls exit()), never
// allocate past the limits (kept small here so that a hostile header cannot
// make a run slow), and a decoded picture has the header's size, every pixel
// opaque.
#include <cstddef>
#include <cstdint>

#include "formats/image/jpeg_decode.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const kbot::Bytes bytes(data, size);
  absl::StatusOr<kbot::image::JpegInfo> info = kbot::image::ReadJpegInfo(bytes, "fuzz.jpg");
  kbot::image::JpegLimits limits;
  limits.max_side = 2048;
  limits.max_pixels = 1 << 20;
  limits.max_scans = 64;
  limits.max_decoder_memory = 64 << 20;
  absl::StatusOr<kbot::image::DecodedJpeg> d = kbot::image::DecodeJpeg(bytes, "fuzz.jpg", limits);
  if (!d.ok()) return 0;
  if (!info.ok()) __builtin_trap();  // a picture whose header did not read
  const kbot::image::RgbaPicture& p = d->picture;
  if (p.width != info->width || p.height != info->height) __builtin_trap();
  if (p.rgba.size() != p.pixels() * 4 || p.pixels() > limits.max_pixels) __builtin_trap();
  for (size_t i = 3; i < p.rgba.size(); i += 4) {
    if (p.rgba[i] != 255) __builtin_trap();
  }
  if (d->warning_count < int(d->warnings.size())) __builtin_trap();
  return 0;
}
