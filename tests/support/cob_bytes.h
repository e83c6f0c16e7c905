// TA (version 4) and TA: Kingdoms (version 6) unit scripts (COB) built word
// by word from docs/formats/cob.md, without the reader: a spec of the
// scripts (name and code words), pieces, statics and sounds goes in, the
// file's bytes come out. Used by the reader, disassembler and decompiler
// tests, the fuzz corpus and the benchmark (no dependency on kbot_cob: the
// opcode values below are typed from the doc, not taken from opcodes.h).
//
// Layout (offsets in the file, every item a little-endian u32 but the names):
//   header       11 words (v4) or 13 (v6: sound table offset at 0x2C, count at 0x30)
//   code         the scripts' code, one after another in `code_order`
//   script start table, script name table, piece name table, [sound name table]
//   names        script names, piece names, sound names, each NUL-terminated
// The header's 0x28 (name area) points at the first name. CobLayout says
// where each part went, so a test can corrupt one through its words.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace kbot::testing {

// Opcode values (docs/formats/cob.md, "Opcodes").
namespace cobop {
inline constexpr uint32_t kMove = 0x10001000, kTurn = 0x10002000, kSpin = 0x10003000,
                          kStopSpin = 0x10004000, kShow = 0x10005000, kHide = 0x10006000,
                          kCache = 0x10007000, kDontCache = 0x10008000,
                          kDontShadow = 0x1000A000, kMoveNow = 0x1000B000,
                          kTurnNow = 0x1000C000, kShade = 0x1000D000, kDontShade = 0x1000E000,
                          kEmitSfx = 0x1000F000, kWaitForTurn = 0x10011000,
                          kWaitForMove = 0x10012000, kSleep = 0x10013000;
inline constexpr uint32_t kPushConstant = 0x10021001, kPushLocal = 0x10021002,
                          kPushStatic = 0x10021004, kCreateLocal = 0x10022000,
                          kPopLocal = 0x10023002, kPopStatic = 0x10023004,
                          kPopStack = 0x10024000;
inline constexpr uint32_t kAdd = 0x10031000, kSub = 0x10032000, kMul = 0x10033000,
                          kDiv = 0x10034000, kMod = 0x10034001, kAnd = 0x10035000,
                          kOr = 0x10036000, kXor = 0x10037000, kNot = 0x10038000,
                          kUnknown39 = 0x10039000, kUnknown3A = 0x1003A000,
                          kUnknown3B = 0x1003B000;
inline constexpr uint32_t kRand = 0x10041000, kGetUnitValue = 0x10042000, kGet = 0x10043000,
                          kSet = 0x10082000;
inline constexpr uint32_t kSetLess = 0x10051000, kSetLessOrEqual = 0x10052000,
                          kSetGreater = 0x10053000, kSetGreaterOrEqual = 0x10054000,
                          kSetEqual = 0x10055000, kSetNotEqual = 0x10056000,
                          kLogicalAnd = 0x10057000, kLogicalOr = 0x10058000,
                          kLogicalXor = 0x10059000, kLogicalNot = 0x1005A000;
inline constexpr uint32_t kStartScript = 0x10061000, kCallScript = 0x10062000,
                          kRealCall = 0x10062001, kLuaCall = 0x10062002, kJump = 0x10064000,
                          kReturn = 0x10065000, kJumpIfFalse = 0x10066000,
                          kSignal = 0x10067000, kSetSignalMask = 0x10068000;
inline constexpr uint32_t kExplode = 0x10071000, kPlaySound = 0x10072000,
                          kMapCommand = 0x10073000, kAttachUnit = 0x10083000,
                          kDropUnit = 0x10084000;
inline constexpr uint32_t kAxisX = 0, kAxisY = 1, kAxisZ = 2;
}  // namespace cobop

// One instruction's words: the opcode, then its operands as given (no check
// of the count, so a test can write a short one).
template <typename... T>
std::vector<uint32_t> Op(uint32_t opcode, T... operands) {
  return {opcode, static_cast<uint32_t>(operands)...};
}
// The parts one after another: Code({Op(kPushConstant, 5), Op(kReturn)}).
std::vector<uint32_t> Code(std::initializer_list<std::vector<uint32_t>> parts);

struct CobScriptSpec {
  std::string name;
  std::vector<uint32_t> code;  // jump targets in it are absolute code word indices
};

struct CobSpec {
  uint32_t version = 4;
  std::vector<CobScriptSpec> scripts;  // table order
  // The order the scripts' code is laid out in (indices into `scripts`);
  // empty: table order.
  std::vector<size_t> code_order;
  std::vector<std::string> pieces;
  uint32_t static_count = 0;
  std::vector<std::string> sounds;  // written for version 6 only
  // Version 6: the sound count at 0x2C and the table offset at 0x30 (the
  // first notes' order) instead of offset then count.
  bool sound_count_first = false;
};

// Where each part went (file offsets; sound_names 0 when not written), and
// the bytes, to read or patch word by word.
struct CobLayout {
  std::vector<uint8_t> bytes;
  size_t header_bytes = 0, code = 0, script_starts = 0, script_names = 0, piece_names = 0,
         sound_names = 0, names = 0;
  std::vector<uint32_t> starts;  // each script's start word, table order
  uint32_t code_length = 0;      // words

  uint32_t Word(size_t at) const;  // the u32 at byte offset `at`
  void SetWord(size_t at, uint32_t v);
};

// Where each script of `spec` will start (code words, table order): for
// writing jump targets before laying out.
std::vector<uint32_t> CobScriptStarts(const CobSpec& spec);
CobLayout LayOutCob(const CobSpec& spec);

// Header field offsets, to patch a built file.
inline constexpr size_t kCobVersionAt = 0x00, kCobScriptCountAt = 0x04, kCobPieceCountAt = 0x08,
                        kCobCodeLengthAt = 0x0C, kCobStaticCountAt = 0x10,
                        kCobScriptStartsAt = 0x18, kCobScriptNamesAt = 0x1C,
                        kCobPieceNamesAt = 0x20, kCobCodeAt = 0x24, kCobNameAreaAt = 0x28,
                        kCobSoundTableAt = 0x2C, kCobSoundCountAt = 0x30;

// The tests' main fixture, a version 4 unit with every TA opcode family.
// Pieces base, turret, barrel; 2 statics; scripts in table order Create (0),
// AimPrimary (1), Killed (2), laid out Killed, Create, AimPrimary (so not in
// start order): Killed at word 0 (35 words), Create at 35 (207 words),
// AimPrimary at 242 (36 words); 278 code words. Its code, instruction by
// instruction: cob_bytes.cc; its disassembly: tests/cob/cob_disassemble_test.cc.
CobSpec AllFamiliesCob();

// A unit of `scripts` scripts of about `instructions` instructions each over
// 6 pieces and 3 statics, the code a realistic mix (turns and moves of
// constants, waits, sleeps, a loop with JUMP_IF_FALSE, calls, signals): for
// the benchmark and the fuzz corpus. `seed` varies the constants.
CobSpec SyntheticCob(int scripts, int instructions, uint32_t seed);

}  // namespace kbot::testing
