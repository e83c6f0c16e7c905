// libFuzzer target: any bytes through the GAF reader, every frame through the
// renderer in every transparency mode, and every sequence through the
// animation renderer; then the same bytes again with the version word of a
// TA3D truecolor GAF (0x00010101), so every input also drives the zlib frame
// decoder. The reader and decoders must return a value or an error for every
// input: never crash, hang, or allocate beyond their caps.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"

namespace {

using namespace kbot::gaf;

void ReadAndRender(kbot::Bytes bytes) {
  absl::StatusOr<Gaf> gaf = ReadGaf(bytes, "fuzz.gaf");
  if (!gaf.ok()) return;
  const Transparency modes[] = {Transparency::Game(), Transparency::Heuristic(),
                                Transparency::None(), Transparency::Index(7)};
  for (size_t s = 0; s < gaf->sequences.size(); ++s) {
    const Sequence& seq = gaf->sequences[s];
    for (size_t f = 0; f < seq.frames.size(); ++f) {
      for (const Transparency& mode : modes) {
        Warnings warnings;
        (void)RenderFrame(bytes, seq.frames[f].info, mode, FrameLocation{"fuzz.gaf", s, f},
                          &warnings);
      }
    }
    Warnings warnings;
    (void)RenderSequence(bytes, *gaf, s, Transparency::Game(), "fuzz.gaf", &warnings);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ReadAndRender(kbot::Bytes(data, size));
  if (size >= 4) {
    std::vector<uint8_t> ta3d(data, data + size);
    const uint32_t version = kVersionTa3dTruecolor;
    for (int i = 0; i < 4; ++i) ta3d[i] = uint8_t(version >> (8 * i));
    ReadAndRender(ta3d);
  }
  return 0;
}
