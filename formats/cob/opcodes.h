// The COB opcode table (docs/formats/cob.md, "Opcodes") and the decoding of
// a script's words into instructions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/cob/cob.h"

namespace kbot::cob {

// What an operand word means, for resolving it to a name.
enum class Operand {
  kPiece,     // index into Cob::pieces
  kAxis,      // 0 x, 1 y, 2 z
  kConstant,  // a signed 32-bit value
  kLocal,     // local variable number
  kStatic,    // static variable number
  kScript,    // index into Cob::scripts
  kCount,     // number of arguments
  kTarget,    // code word index (absolute, from the code start)
  kSound,     // index into Cob::sounds
  kUnknown,   // single-sourced opcodes whose operands nobody names
};

struct OpcodeInfo {
  uint32_t value = 0;
  const char* name = "";   // the mnemonic: "MOVE", "PUSH_CONSTANT" ...
  int operand_count = 0;   // 0 .. 2
  Operand operands[2] = {Operand::kUnknown, Operand::kUnknown};
  int pops = 0, pushes = 0;  // stack effect (CALL/START_SCRIPT: plus the argument count)
  bool single_sourced = false;  // confirmed by one reader only, or not TA's
};

// The entry for `value`, or nullptr for an opcode no reader knows.
const OpcodeInfo* FindOpcode(uint32_t value);
// Every known opcode, in value order.
const std::vector<OpcodeInfo>& Opcodes();

struct Instruction {
  uint32_t index = 0;  // code word index of the opcode word
  const OpcodeInfo* op = nullptr;
  uint32_t operands[2] = {0, 0};
};

struct DecodedScript {
  std::vector<Instruction> instructions;
  // Set when decoding stopped early: an unknown opcode or an operand past
  // the script's end, with the code word index it is at.
  std::optional<std::string> error;
  uint32_t error_index = 0;
};

// The instructions of cob.scripts[script], from its start over its length.
DecodedScript DecodeScript(const Cob& cob, size_t script);

}  // namespace kbot::cob
