// The COB opcode table (docs/formats/cob.md, "Opcodes") and the decoding of
// a script's words into instructions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/cob/cob.h"

namespace kbot::cob {

// The opcode values by name (the table's mnemonics in CamelCase; SET_LESS
// and its kin as kLess...), for code that tells instructions apart.
namespace op {
inline constexpr uint32_t kMove = 0x10001000;
inline constexpr uint32_t kTurn = 0x10002000;
inline constexpr uint32_t kSpin = 0x10003000;
inline constexpr uint32_t kStopSpin = 0x10004000;
inline constexpr uint32_t kShow = 0x10005000;
inline constexpr uint32_t kHide = 0x10006000;
inline constexpr uint32_t kCache = 0x10007000;
inline constexpr uint32_t kDontCache = 0x10008000;
inline constexpr uint32_t kDontShadow = 0x1000A000;
inline constexpr uint32_t kMoveNow = 0x1000B000;
inline constexpr uint32_t kTurnNow = 0x1000C000;
inline constexpr uint32_t kShade = 0x1000D000;
inline constexpr uint32_t kDontShade = 0x1000E000;
inline constexpr uint32_t kEmitSfx = 0x1000F000;
inline constexpr uint32_t kWaitForTurn = 0x10011000;
inline constexpr uint32_t kWaitForMove = 0x10012000;
inline constexpr uint32_t kSleep = 0x10013000;
inline constexpr uint32_t kPushConstant = 0x10021001;
inline constexpr uint32_t kPushLocal = 0x10021002;
inline constexpr uint32_t kPushStatic = 0x10021004;
inline constexpr uint32_t kCreateLocal = 0x10022000;
inline constexpr uint32_t kPopLocal = 0x10023002;
inline constexpr uint32_t kPopStatic = 0x10023004;
inline constexpr uint32_t kPopStack = 0x10024000;
inline constexpr uint32_t kAdd = 0x10031000;
inline constexpr uint32_t kSub = 0x10032000;
inline constexpr uint32_t kMul = 0x10033000;
inline constexpr uint32_t kDiv = 0x10034000;
inline constexpr uint32_t kMod = 0x10034001;
inline constexpr uint32_t kAnd = 0x10035000;
inline constexpr uint32_t kOr = 0x10036000;
inline constexpr uint32_t kXor = 0x10037000;
inline constexpr uint32_t kNot = 0x10038000;
inline constexpr uint32_t kUnknownBinary39 = 0x10039000;
inline constexpr uint32_t kUnknownBinary3A = 0x1003A000;
inline constexpr uint32_t kUnknownBinary3B = 0x1003B000;
inline constexpr uint32_t kRand = 0x10041000;
inline constexpr uint32_t kGetUnitValue = 0x10042000;
inline constexpr uint32_t kGet = 0x10043000;
inline constexpr uint32_t kLess = 0x10051000;
inline constexpr uint32_t kLessOrEqual = 0x10052000;
inline constexpr uint32_t kGreater = 0x10053000;
inline constexpr uint32_t kGreaterOrEqual = 0x10054000;
inline constexpr uint32_t kEqual = 0x10055000;
inline constexpr uint32_t kNotEqual = 0x10056000;
inline constexpr uint32_t kLogicalAnd = 0x10057000;
inline constexpr uint32_t kLogicalOr = 0x10058000;
inline constexpr uint32_t kLogicalXor = 0x10059000;
inline constexpr uint32_t kLogicalNot = 0x1005A000;
inline constexpr uint32_t kStartScript = 0x10061000;
inline constexpr uint32_t kCallScript = 0x10062000;
inline constexpr uint32_t kRealCall = 0x10062001;
inline constexpr uint32_t kLuaCall = 0x10062002;
inline constexpr uint32_t kJump = 0x10064000;
inline constexpr uint32_t kReturn = 0x10065000;
inline constexpr uint32_t kJumpIfFalse = 0x10066000;
inline constexpr uint32_t kSignal = 0x10067000;
inline constexpr uint32_t kSetSignalMask = 0x10068000;
inline constexpr uint32_t kExplode = 0x10071000;
inline constexpr uint32_t kPlaySound = 0x10072000;
inline constexpr uint32_t kMapCommand = 0x10073000;
inline constexpr uint32_t kSet = 0x10082000;
inline constexpr uint32_t kAttachUnit = 0x10083000;
inline constexpr uint32_t kDropUnit = 0x10084000;
}  // namespace op

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
