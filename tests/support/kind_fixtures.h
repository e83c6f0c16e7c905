// One small file of every kind formats/identify tells apart, laid out byte by
// byte from the formats' own layouts, for the identification tests and the
// wrong-kind refusals of every tool.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/identify/identify.h"

namespace kbot::testing {

struct KindFixture {
  std::string name;  // a file name that says the kind, e.g. "DEMO.CMP"
  identify::FileKind kind;
  std::string what;  // what IdentifyFile says it is
  std::vector<uint8_t> bytes;
};

// GAF, TA3D GAF, TAF, HPI, saved game, PAL, 768-byte palette, PCX, city map,
// style, FXT, FON, RAW, RAT, PLAYER_A.DAT, MISSION.INI, text, TNT, 3DO, COB,
// PNG.
std::vector<KindFixture> KindFixtures();
const KindFixture& KindFixtureOf(identify::FileKind kind);

}  // namespace kbot::testing
