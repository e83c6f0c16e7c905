// libFuzzer target: any bytes through pcx::ReadPcx, once on its own and once
// with a given palette. It must return a picture or an error for every input,
// never read past the bytes, never allocate more than the data can fill (the
// run-length bound in pcx.cc), and when it returns a picture, every plane has
// width x height entries and the palette source says what was used.
#include <cstddef>
#include <cstdint>

#include "formats/pcx/pcx.h"

namespace {

void Check(const kbot::pcx::Picture& p, bool given) {
  using kbot::pcx::Kind;
  using kbot::pcx::PaletteSource;
  const size_t pixels = size_t(p.header.width()) * size_t(p.header.height());
  if (p.kind == Kind::kIndexed) {
    if (p.indexed.index.size() != pixels || p.indexed.opaque.size() != pixels) __builtin_trap();
    const PaletteSource want = given ? PaletteSource::kGiven
                               : p.has_trailer ? PaletteSource::kTrailer
                                               : PaletteSource::kNone;
    if (p.palette_source != want || p.palette.has_value() != (want != PaletteSource::kNone)) {
      __builtin_trap();
    }
  } else if (p.rgba.rgba.size() != pixels * 4 || p.palette.has_value()) {
    __builtin_trap();
  }
  size_t sum = 0;
  for (const std::string& w : p.warnings) sum += w.size();
  volatile size_t sink = sum;
  (void)sink;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const kbot::Bytes bytes(data, size);
  absl::StatusOr<kbot::pcx::Picture> p = kbot::pcx::ReadPcx(bytes, "fuzz.pcx");
  if (p.ok()) Check(*p, false);
  const kbot::palette::Palette given;
  absl::StatusOr<kbot::pcx::Picture> q = kbot::pcx::ReadPcx(bytes, "fuzz.pcx", &given);
  if (p.ok() != q.ok()) __builtin_trap();  // the palette never changes whether a file reads
  if (q.ok()) Check(*q, true);
  return 0;
}
