// What the decompiler does not recognise is kept as commented disassembly,
// named in Decompiled::fallbacks, and reading goes on after it; hostile
// scripts (unknown opcodes, short operands, jumps out of the script, deep
// nesting) end the same way, never in a crash.
#include "tests/cob_decompile/decompile_fixture.h"

namespace kbot::testing {
namespace {

using namespace cobop;

TEST(CobDecompileFallback, JumpIntoTheMiddleOfABlock) {
  Words w;
  w(Op(kPushStatic, 0));
  const size_t skip = w.Forward(kJumpIfFalse);
  w(Op(kShow, 3));
  const uint32_t middle = w.Here();
  w(Op(kHide, 3));
  w.Land(skip);
  w(Op(kJump, middle))(Op(kPushConstant, 0))(Op(kReturn));
  const cob::Decompiled d = DecompileOne(w.words);
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    if (Static_Var_1)\n"
            "    {\n"
            "        show flare;\n"
            "        hide flare;\n"
            "    }\n"
            "    // not recognised: code 8..9\n"
            "    // 0008 JUMP 0006\n"
            "}\n");
  EXPECT_EQ(d.fallbacks, std::vector<std::string>{
                             "script 'Test': code 8..9 not recognised, kept as disassembly"});
}

TEST(CobDecompileFallback, AValueLeftOnTheStack) {
  const cob::Decompiled d = DecompileOne(Code({
      Op(kPushConstant, 1), Op(kPushConstant, 2), Op(kSleep), Op(kHide, 3),
      Op(kPushConstant, 0), Op(kReturn)}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    // not recognised: code 0..4\n"
            "    // 0000 PUSH_CONSTANT 1\n"
            "    // 0002 PUSH_CONSTANT 2\n"
            "    // 0004 SLEEP\n"
            "    hide flare;\n"
            "}\n");
  EXPECT_EQ(d.fallbacks, std::vector<std::string>{
                             "script 'Test': code 0..4 not recognised, kept as disassembly"});
}

TEST(CobDecompileFallback, OperandsBosCannotName) {
  // A piece past the table, an axis past z, a static past the count, a
  // dropped value that is no get: each its own range; the rest reads on.
  const cob::Decompiled d = DecompileOne(Code({
      Op(kHide, 9), Op(kShow, 3), Op(kWaitForTurn, 1, 7), Op(kShow, 3),
      Op(kPushStatic, 5), Op(kSleep), Op(kShow, 3), Op(kPushConstant, 4), Op(kPopStack),
      Op(kPushConstant, 0), Op(kReturn)}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    // not recognised: code 0..1\n"
            "    // 0000 HIDE 9\n"
            "    show flare;\n"
            "    // not recognised: code 4..6\n"
            "    // 0004 WAIT_FOR_TURN turret 7\n"
            "    show flare;\n"
            "    // not recognised: code 9..11\n"
            "    // 0009 PUSH_STATIC 5\n"
            "    // 0011 SLEEP\n"
            "    show flare;\n"
            "    // not recognised: code 14..16\n"
            "    // 0014 PUSH_CONSTANT 4\n"
            "    // 0016 POP_STACK\n"
            "}\n");
  EXPECT_EQ(d.fallbacks.size(), 4u);
}

TEST(CobDecompileFallback, UnknownOpcodeMidScriptKeepsTheRest) {
  const cob::Decompiled d = DecompileOne(Code({
      Op(kShow, 3), Op(kPushConstant, 5), {0x12345678}, Op(kReturn)}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    show flare;\n"
            "    // not recognised: code 2..5\n"
            "    // 0002 PUSH_CONSTANT 5\n"
            "    // 0004 0x12345678 (not an opcode)\n"
            "    // 0005 0x10065000\n"
            "}\n");
  EXPECT_EQ(d.fallbacks, std::vector<std::string>{
                             "script 'Test': code 2..5 not recognised, kept as disassembly"});
}

TEST(CobDecompileFallback, OperandsPastTheScriptsEnd) {
  const cob::Decompiled d = DecompileOne(Code({Op(kPushConstant, 0), Op(kPushConstant, 0),
                                               Op(kTurn, 1)}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    // not recognised: code 0..5\n"
            "    // 0000 PUSH_CONSTANT 0\n"
            "    // 0002 PUSH_CONSTANT 0\n"
            "    // 0004 TURN (its operands run past the script's end)\n"
            "    // 0005 0x00000001\n"
            "}\n");
  EXPECT_EQ(d.fallbacks.size(), 1u);
}

TEST(CobDecompileFallback, JumpPastTheScript) {
  CobSpec spec;
  spec.pieces = kDecompilePieces;
  spec.static_count = 1;
  // The condition's jump lands on the next script's RETURN (this one is
  // words 0..8; a jump to 9, its end, would be an if's).
  spec.scripts = {{"Test", Code({Op(kPushStatic, 0), Op(kJumpIfFalse, 11), Op(kHide, 3),
                                 Op(kPushConstant, 0), Op(kReturn)})},
                  {"Next", Code({Op(kPushConstant, 0), Op(kReturn)})}};
  const cob::Decompiled d = cob::DecompileScript(ReadSpec(spec), 0);
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    // not recognised: code 0..3\n"
            "    // 0000 PUSH_STATIC 0\n"
            "    // 0002 JUMP_IF_FALSE 0011\n"
            "    hide flare;\n"
            "}\n");
  EXPECT_EQ(d.fallbacks, std::vector<std::string>{
                             "script 'Test': code 0..3 not recognised, kept as disassembly"});
}

TEST(CobDecompileFallback, BackwardConditionalJump) {
  const cob::Decompiled d = DecompileOne(Code({Op(kShow, 3), Op(kPushStatic, 0),
                                               Op(kJumpIfFalse, 0), Op(kPushConstant, 0),
                                               Op(kReturn)}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    show flare;\n"
            "    // not recognised: code 2..5\n"
            "    // 0002 PUSH_STATIC 0\n"
            "    // 0004 JUMP_IF_FALSE 0000\n"
            "}\n");
}

TEST(CobDecompileFallback, EmptyScriptsAndAnEmptyFile) {
  CobSpec spec;
  spec.pieces = {"base"};
  spec.scripts = {{"Empty", {}}, {"Create", Code({Op(kPushConstant, 0), Op(kReturn)})}};
  const cob::Decompiled d = cob::Decompile(ReadSpec(spec));
  EXPECT_EQ(d.source,
            "piece base;\n"
            "\n"
            "Empty()\n"
            "{\n"
            "}\n"
            "\n"
            "Create()\n"
            "{\n"
            "}\n");
  EXPECT_TRUE(d.fallbacks.empty());
  EXPECT_EQ(cob::Decompile(ReadSpec(CobSpec{})).source, "");
  EXPECT_EQ(cob::DecompileScript(ReadSpec(spec), 7).fallbacks,
            std::vector<std::string>{"no script 7 (the file has 2)"});
}

TEST(CobDecompileFallback, DeepNestingIsKeptAsDisassembly) {
  Words w;
  std::vector<size_t> skips;
  for (int i = 0; i < 100; ++i) {
    w(Op(kPushStatic, 0));
    skips.push_back(w.Forward(kJumpIfFalse));
  }
  w(Op(kShow, 3));
  for (auto it = skips.rbegin(); it != skips.rend(); ++it) w.Land(*it);
  w(Op(kPushConstant, 0))(Op(kReturn));
  const cob::Decompiled d = DecompileOne(w.words);
  EXPECT_EQ(d.fallbacks.size(), 1u);
  EXPECT_NE(d.source.find("// 0400 SHOW flare"), std::string::npos) << d.source;
}

TEST(CobDecompileFallback, DeepExpressionsAreKeptAsDisassembly) {
  Words w;
  for (int i = 0; i < 300; ++i) w(Op(kPushConstant, i));
  for (int i = 0; i < 299; ++i) w(Op(kAdd));
  w(Op(kSleep))(Op(kShow, 3))(Op(kPushConstant, 0))(Op(kReturn));
  const cob::Decompiled d = DecompileOne(w.words);
  EXPECT_EQ(d.fallbacks.size(), 1u);
  EXPECT_NE(d.source.find("    show flare;\n}\n"), std::string::npos);
}

// Scripts of random instructions (known opcodes, operands anywhere from
// in range to hostile, jumps to anywhere): every one decompiles to a
// function, and every range it could not read is listed.
TEST(CobDecompileFallback, RandomCodeNeverCrashes) {
  const std::vector<uint32_t> opcodes = {
      kMove, kTurn, kSpin, kStopSpin, kShow, kHide, kMoveNow, kTurnNow, kEmitSfx, kWaitForTurn,
      kSleep, kPushConstant, kPushConstant, kPushConstant, kPushLocal, kPushStatic, kCreateLocal,
      kPopLocal, kPopStatic, kPopStack, kAdd, kSub, kMul, kOr, kLogicalNot, kRand, kGetUnitValue,
      kGet, kSetLess, kLogicalAnd, kStartScript, kCallScript, kJump, kReturn, kJumpIfFalse,
      kJumpIfFalse, kSignal, kExplode, kSet, kAttachUnit, kDropUnit, kPlaySound, kMapCommand};
  uint64_t state = 12345;
  auto next = [&state](uint32_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return uint32_t(state >> 33) % bound;
  };
  for (int round = 0; round < 1500; ++round) {
    Words w;
    const int count = 1 + int(next(60));
    for (int i = 0; i < count; ++i) {
      w.words.push_back(next(50) == 0 ? next(0xFFFFFFFFu) : opcodes[next(uint32_t(opcodes.size()))]);
      // Operands: small (pieces, locals, targets nearby) or anything.
      const int operands = int(next(3));
      for (int k = 0; k < operands; ++k) {
        w.words.push_back(next(8) == 0 ? next(0xFFFFFFFFu) : next(uint32_t(count) * 2 + 4));
      }
    }
    const cob::Decompiled d = DecompileOne(w.words, round % 2 ? "Test" : "Killed", round % 3 ? 4 : 6);
    ASSERT_EQ(d.source.rfind("}\n"), d.source.size() - 2) << d.source;
    size_t kept = 0;
    for (size_t at = d.source.find("not recognised"); at != std::string::npos;
         at = d.source.find("not recognised", at + 1)) {
      ++kept;
    }
    ASSERT_EQ(kept, d.fallbacks.size()) << d.source;
  }
}

}  // namespace
}  // namespace kbot::testing
