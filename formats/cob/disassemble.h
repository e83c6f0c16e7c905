// COB bytecode as text: one instruction a line with its code index, its
// mnemonic and its operands resolved (piece, script, sound names; axes;
// angles also in degrees, linear values also in model units), jumps to
// labels. The exact line format: docs/formats/cob.md, "Disassembly".
#pragma once

#include <string>

#include "formats/cob/cob.h"

namespace kbot::cob {

// One script's listing, starting with its name line; an unknown opcode ends
// it with a line naming the word and its code index.
std::string DisassembleScript(const Cob& cob, size_t script);
// Every script, in table order, separated by a blank line.
std::string Disassemble(const Cob& cob);

}  // namespace kbot::cob
