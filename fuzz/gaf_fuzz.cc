// libFuzzer target: any bytes through the GAF reader, every frame through the
// renderer in every transparency mode, and every sequence through the
// animation renderer. The reader and decoder must return a value or an error
// for every input: never crash, hang, or allocate beyond their caps.
#include <cstddef>
#include <cstdint>

#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace kbot::gaf;
  const kbot::Bytes bytes(data, size);
  absl::StatusOr<Gaf> gaf = ReadGaf(bytes, "fuzz.gaf");
  if (!gaf.ok()) return 0;
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
  return 0;
}
