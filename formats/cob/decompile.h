// COB bytecode back to BOS source: structured if / else / while recovered
// from the jump patterns, expressions from the stack code, names for pieces,
// statics and scripts. Where a block's pattern is not recognised, that block
// is given as disassembly in a comment and the script is flagged.
// How each construct is recognised: docs/formats/cob_decompile.md.
#pragma once

#include <string>
#include <vector>

#include "formats/cob/cob.h"

namespace kbot::cob {

struct Decompiled {
  std::string source;  // BOS text
  // "script 'AimPrimary': code 120..131 not recognised, kept as disassembly"
  std::vector<std::string> fallbacks;
};

// The whole file as one BOS source: piece and static-var declarations, then
// every script in table order (the order its source declared them).
Decompiled Decompile(const Cob& cob);
// One script's function alone.
Decompiled DecompileScript(const Cob& cob, size_t script);

}  // namespace kbot::cob
