// The opcode table (formats/cob/opcodes.h) against docs/formats/cob.md, and
// DecodeScript on the all-families fixture and on scripts that end badly.
#include <gtest/gtest.h>

#include "formats/cob/opcodes.h"
#include "tests/support/cob_bytes.h"

namespace kbot::cob {
namespace {

using kbot::testing::AllFamiliesCob;
using kbot::testing::CobLayout;
using kbot::testing::CobSpec;
using kbot::testing::LayOutCob;
namespace op = kbot::testing::cobop;

Cob Read(const std::vector<uint8_t>& bytes) {
  absl::StatusOr<Cob> cob = ReadCob(bytes, "t.cob");
  EXPECT_TRUE(cob.ok()) << cob.status();
  return cob.ok() ? *cob : Cob{};
}

TEST(CobOpcodes, TableIsSortedAndComplete) {
  const std::vector<OpcodeInfo>& all = Opcodes();
  EXPECT_EQ(all.size(), 64u);
  for (size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1].value, all[i].value);
  for (const OpcodeInfo& info : all) EXPECT_EQ(FindOpcode(info.value), &info);
  EXPECT_EQ(FindOpcode(0x10000000), nullptr);
  EXPECT_EQ(FindOpcode(0x10009000), nullptr);
  EXPECT_EQ(FindOpcode(0xFFFFFFFF), nullptr);
}

// Every value the builder types from the doc, with the doc's mnemonic.
TEST(CobOpcodes, EveryDocumentedValueHasItsName) {
  const std::pair<uint32_t, const char*> all[] = {
      {op::kMove, "MOVE"}, {op::kTurn, "TURN"}, {op::kSpin, "SPIN"},
      {op::kStopSpin, "STOP_SPIN"}, {op::kShow, "SHOW"}, {op::kHide, "HIDE"},
      {op::kCache, "CACHE"}, {op::kDontCache, "DONT_CACHE"}, {op::kDontShadow, "DONT_SHADOW"},
      {op::kMoveNow, "MOVE_NOW"}, {op::kTurnNow, "TURN_NOW"}, {op::kShade, "SHADE"},
      {op::kDontShade, "DONT_SHADE"}, {op::kEmitSfx, "EMIT_SFX"},
      {op::kWaitForTurn, "WAIT_FOR_TURN"}, {op::kWaitForMove, "WAIT_FOR_MOVE"},
      {op::kSleep, "SLEEP"}, {op::kPushConstant, "PUSH_CONSTANT"},
      {op::kPushLocal, "PUSH_LOCAL_VAR"}, {op::kPushStatic, "PUSH_STATIC"},
      {op::kCreateLocal, "CREATE_LOCAL_VAR"}, {op::kPopLocal, "POP_LOCAL_VAR"},
      {op::kPopStatic, "POP_STATIC"}, {op::kPopStack, "POP_STACK"}, {op::kAdd, "ADD"},
      {op::kSub, "SUB"}, {op::kMul, "MUL"}, {op::kDiv, "DIV"}, {op::kMod, "MOD"},
      {op::kAnd, "AND"}, {op::kOr, "OR"}, {op::kXor, "XOR"}, {op::kNot, "NOT"},
      {op::kUnknown39, "UNKNOWN_BINARY_39"}, {op::kUnknown3A, "UNKNOWN_BINARY_3A"},
      {op::kUnknown3B, "UNKNOWN_BINARY_3B"}, {op::kRand, "RAND"},
      {op::kGetUnitValue, "GET_UNIT_VALUE"}, {op::kGet, "GET"}, {op::kSet, "SET"},
      {op::kSetLess, "SET_LESS"}, {op::kSetLessOrEqual, "SET_LESS_OR_EQUAL"},
      {op::kSetGreater, "SET_GREATER"}, {op::kSetGreaterOrEqual, "SET_GREATER_OR_EQUAL"},
      {op::kSetEqual, "SET_EQUAL"}, {op::kSetNotEqual, "SET_NOT_EQUAL"},
      {op::kLogicalAnd, "LOGICAL_AND"}, {op::kLogicalOr, "LOGICAL_OR"},
      {op::kLogicalXor, "LOGICAL_XOR"}, {op::kLogicalNot, "LOGICAL_NOT"},
      {op::kStartScript, "START_SCRIPT"}, {op::kCallScript, "CALL_SCRIPT"},
      {op::kRealCall, "REAL_CALL"}, {op::kLuaCall, "LUA_CALL"}, {op::kJump, "JUMP"},
      {op::kReturn, "RETURN"}, {op::kJumpIfFalse, "JUMP_IF_FALSE"}, {op::kSignal, "SIGNAL"},
      {op::kSetSignalMask, "SET_SIGNAL_MASK"}, {op::kExplode, "EXPLODE"},
      {op::kPlaySound, "PLAY_SOUND"}, {op::kMapCommand, "MAP_COMMAND"},
      {op::kAttachUnit, "ATTACH_UNIT"}, {op::kDropUnit, "DROP_UNIT"},
  };
  EXPECT_EQ(std::size(all), Opcodes().size());
  for (const auto& [value, name] : all) {
    const OpcodeInfo* info = FindOpcode(value);
    ASSERT_NE(info, nullptr) << name;
    EXPECT_STREQ(info->name, name);
  }
}

// A row per family, every field.
TEST(CobOpcodes, RowsAsTheDocGivesThem) {
  struct Row {
    uint32_t value;
    const char* name;
    int operands, pops, pushes;
    bool single;
  };
  const Row rows[] = {
      {op::kMove, "MOVE", 2, 2, 0, false},
      {op::kStopSpin, "STOP_SPIN", 2, 1, 0, false},
      {op::kDontShadow, "DONT_SHADOW", 1, 0, 0, true},
      {op::kEmitSfx, "EMIT_SFX", 1, 1, 0, false},
      {op::kSleep, "SLEEP", 0, 1, 0, false},
      {op::kPushConstant, "PUSH_CONSTANT", 1, 0, 1, false},
      {op::kCreateLocal, "CREATE_LOCAL_VAR", 0, 0, 0, false},
      {op::kPopStatic, "POP_STATIC", 1, 1, 0, false},
      {op::kNot, "NOT", 0, 1, 1, false},
      {op::kMod, "MOD", 0, 2, 1, true},
      {op::kUnknown3A, "UNKNOWN_BINARY_3A", 0, 2, 1, true},
      {op::kGet, "GET", 0, 5, 1, false},
      {op::kSet, "SET", 0, 2, 0, false},
      {op::kLogicalNot, "LOGICAL_NOT", 0, 1, 1, false},
      {op::kCallScript, "CALL_SCRIPT", 2, 0, 0, false},
      {op::kJumpIfFalse, "JUMP_IF_FALSE", 1, 1, 0, false},
      {op::kPlaySound, "PLAY_SOUND", 1, 1, 0, false},
      {op::kMapCommand, "MAP_COMMAND", 2, 0, 0, true},
      {op::kAttachUnit, "ATTACH_UNIT", 0, 3, 0, false},
      {op::kDropUnit, "DROP_UNIT", 0, 1, 0, false},
  };
  for (const Row& r : rows) {
    const OpcodeInfo* info = FindOpcode(r.value);
    ASSERT_NE(info, nullptr) << r.name;
    EXPECT_STREQ(info->name, r.name);
    EXPECT_EQ(info->operand_count, r.operands) << r.name;
    EXPECT_EQ(info->pops, r.pops) << r.name;
    EXPECT_EQ(info->pushes, r.pushes) << r.name;
    EXPECT_EQ(info->single_sourced, r.single) << r.name;
  }
  EXPECT_EQ(FindOpcode(op::kTurn)->operands[0], Operand::kPiece);
  EXPECT_EQ(FindOpcode(op::kTurn)->operands[1], Operand::kAxis);
  EXPECT_EQ(FindOpcode(op::kStartScript)->operands[0], Operand::kScript);
  EXPECT_EQ(FindOpcode(op::kStartScript)->operands[1], Operand::kCount);
  EXPECT_EQ(FindOpcode(op::kJump)->operands[0], Operand::kTarget);
  EXPECT_EQ(FindOpcode(op::kPushLocal)->operands[0], Operand::kLocal);
  EXPECT_EQ(FindOpcode(op::kPushStatic)->operands[0], Operand::kStatic);
  EXPECT_EQ(FindOpcode(op::kPlaySound)->operands[0], Operand::kSound);
  EXPECT_EQ(FindOpcode(op::kExplode)->operands[0], Operand::kPiece);
}

TEST(CobDecode, AllFamiliesKilled) {
  const Cob cob = Read(LayOutCob(AllFamiliesCob()).bytes);
  const DecodedScript d = DecodeScript(cob, 2);
  EXPECT_FALSE(d.error.has_value());
  ASSERT_EQ(d.instructions.size(), 20u);
  EXPECT_EQ(d.instructions[0].index, 0u);
  EXPECT_STREQ(d.instructions[0].op->name, "CREATE_LOCAL_VAR");
  EXPECT_EQ(d.instructions[5].index, 7u);
  EXPECT_STREQ(d.instructions[5].op->name, "JUMP_IF_FALSE");
  EXPECT_EQ(d.instructions[5].operands[0], 20u);
  EXPECT_EQ(d.instructions[9].index, 15u);
  EXPECT_STREQ(d.instructions[9].op->name, "EXPLODE");
  EXPECT_EQ(d.instructions[9].operands[0], 1u);
  EXPECT_EQ(d.instructions[19].index, 34u);
  EXPECT_STREQ(d.instructions[19].op->name, "RETURN");
}

TEST(CobDecode, EveryScriptDecodesToItsEnd) {
  const Cob cob = Read(LayOutCob(AllFamiliesCob()).bytes);
  for (size_t s = 0; s < cob.scripts.size(); ++s) {
    const DecodedScript d = DecodeScript(cob, s);
    EXPECT_FALSE(d.error.has_value()) << *d.error;
    const Instruction& last = d.instructions.back();
    EXPECT_EQ(last.index + 1 + last.op->operand_count,
              cob.scripts[s].start + cob.scripts[s].length);
  }
}

TEST(CobDecode, UnknownOpcodeStopsThatScriptOnly) {
  CobLayout l = LayOutCob(AllFamiliesCob());
  l.SetWord(l.code + 4 * 57, 0x12345678);  // Create's word 22, its MOVE_NOW
  const Cob cob = Read(l.bytes);
  const DecodedScript d = DecodeScript(cob, 0);
  ASSERT_TRUE(d.error.has_value());
  EXPECT_EQ(*d.error, "unknown opcode 0x12345678 at code word 57");
  EXPECT_EQ(d.error_index, 57u);
  ASSERT_FALSE(d.instructions.empty());
  EXPECT_EQ(d.instructions.back().index, 55u);
  EXPECT_FALSE(DecodeScript(cob, 1).error.has_value());
  EXPECT_FALSE(DecodeScript(cob, 2).error.has_value());
}

TEST(CobDecode, OperandPastTheScriptsEnd) {
  CobSpec spec;
  spec.scripts = {{"A", {op::kPushConstant, 1, op::kMove, 0}}, {"B", {op::kReturn}}};
  const Cob cob = Read(LayOutCob(spec).bytes);
  const DecodedScript d = DecodeScript(cob, 0);
  ASSERT_TRUE(d.error.has_value());
  EXPECT_EQ(*d.error,
            "MOVE at code word 2 needs 2 operand word(s), but the script's code ends before "
            "word 4");
  EXPECT_EQ(d.error_index, 2u);
  EXPECT_EQ(d.instructions.size(), 1u);
  EXPECT_FALSE(DecodeScript(cob, 1).error.has_value());
}

TEST(CobDecode, NoSuchScriptAndEmptyScripts) {
  Cob cob;
  cob.scripts = {{"Empty", 0, 0}, {"Past", 50, 10}};
  cob.code = {op::kReturn};
  EXPECT_EQ(*DecodeScript(cob, 2).error, "no script 2 (the file has 2)");
  EXPECT_TRUE(DecodeScript(cob, 0).instructions.empty());
  EXPECT_FALSE(DecodeScript(cob, 0).error.has_value());
  // A Cob not made by ReadCob, its script past the code: nothing, no read past.
  EXPECT_TRUE(DecodeScript(cob, 1).instructions.empty());
}

}  // namespace
}  // namespace kbot::cob
