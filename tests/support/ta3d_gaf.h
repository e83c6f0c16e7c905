// A TA3D truecolor GAF laid out byte by byte, shared by the tests of the GAF
// tools (tests/tools/gaf_ta3d_tools_test.cc) and of dump and build
// (tests/edit/gaf_ta3d_edit_test.cc).
#pragma once

#include <cstdint>
#include <vector>

#include "formats/gaf/gaf.h"
#include "tests/support/gaf_bytes.h"

namespace kbot::testing {

// "build": an RGB 2 x 2 frame then an RGBA 3 x 1 frame; "glow": one RGBA
// 1 x 1 frame, plays once.
inline std::vector<uint8_t> Ta3dFile() {
  FixtureFrame rgb{.width = 2, .height = 2, .origin_x = 1, .origin_y = 1, .transparency = 0,
                   .storage = 1, .duration = 3};
  rgb.payload = Ta3dData(StoredZlib({10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120}));
  FixtureFrame rgba{.width = 3, .height = 1, .transparency = 1, .storage = 1, .duration = 2};
  rgba.payload = Ta3dData(StoredZlib({255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0}));
  FixtureFrame dot{.width = 1, .height = 1, .transparency = 7, .storage = 1, .duration = 1};
  dot.payload = Ta3dData(StoredZlib({1, 2, 3, 4}));
  return LayOutGaf({FixtureSequence{"build", 1, 0, {rgb, rgba}},
                             FixtureSequence{"glow", 0x0100, 0, {dot}}},
                            gaf::kVersionTa3dTruecolor)
      .bytes;
}

}  // namespace kbot::testing
