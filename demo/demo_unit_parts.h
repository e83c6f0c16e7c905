// The parts of the demo's unit (demo/demo_units.h), made in their own files:
// the knight's model (demo_unit_model.cc), its script (demo_unit_script.cc)
// and its textures (demo_units.cc). Internal to demo/.
#pragma once

#include <cstdint>
#include <vector>

namespace kbot::demo {

// objects3d/ARAKNIGHT.3do.
std::vector<uint8_t> KnightModel3do();
// scripts/ARAKNIGHT.cob.
std::vector<uint8_t> KnightScriptCob();

// The knight's texture names: GAF sequences of textures/aramon.gaf.
inline constexpr const char* kKnightShieldTexture = "ara_shield";
inline constexpr const char* kKnightTabardTexture = "ara_tabard";

}  // namespace kbot::demo
