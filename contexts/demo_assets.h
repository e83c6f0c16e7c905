// The built-in demo data: small sample assets the binary generates itself, so
// a new user sees every command and tool work before pointing kbot at a real
// game install.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace kbot::contexts {

struct DemoAsset {
  std::string path;  // relative, '/'-separated
  std::vector<uint8_t> bytes;
};

// anims/demo.gaf  "spinner": 8 run-encoded 32 x 32 frames that loop;
//                 "explosion": 6 raw frames of growing size, centred origins,
//                 durations including 0 and 0x00010005, plays once.
// anims/glow.taf  "glow": 4 truecolor ARGB4444 frames; "flag": 1 ARGB1555.
// palettes/palette.pal: the standard TA palette.
absl::StatusOr<std::vector<DemoAsset>> MakeDemoAssets();

}  // namespace kbot::contexts
