// Jumps back into if, if/else, else-if chains and while loops, nested.
#include "tests/cob_decompile/decompile_fixture.h"

namespace kbot::testing {
namespace {

using namespace cobop;

void Ret0(Words& w) { w(Op(kPushConstant, 0))(Op(kReturn)); }

TEST(CobDecompileFlow, If) {
  Words w;
  w(Op(kPushStatic, 0))(Op(kPushConstant, 1))(Op(kSetEqual));
  const size_t skip = w.Forward(kJumpIfFalse);
  w(Op(kHide, 3));
  w.Land(skip);
  Ret0(w);
  const cob::Decompiled d = DecompileOne(w.words);
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    if (Static_Var_1 == 1)\n"
            "    {\n"
            "        hide flare;\n"
            "    }\n"
            "}\n");
  EXPECT_TRUE(d.fallbacks.empty());
}

TEST(CobDecompileFlow, IfElse) {
  Words w;
  w(Op(kPushStatic, 0));
  const size_t to_else = w.Forward(kJumpIfFalse);
  w(Op(kShow, 3));
  const size_t to_end = w.Forward(kJump);
  w.Land(to_else);
  w(Op(kHide, 3));
  w.Land(to_end);
  Ret0(w);
  EXPECT_EQ(DecompileOne(w.words).source,
            "Test()\n"
            "{\n"
            "    if (Static_Var_1)\n"
            "    {\n"
            "        show flare;\n"
            "    }\n"
            "    else\n"
            "    {\n"
            "        hide flare;\n"
            "    }\n"
            "}\n");
}

TEST(CobDecompileFlow, ElseIfChain) {
  Words w;
  w(Op(kPushStatic, 0))(Op(kPushConstant, 1))(Op(kSetEqual));
  const size_t to_second = w.Forward(kJumpIfFalse);
  w(Op(kPushConstant, 1))(Op(kPopStatic, 1));
  const size_t end1 = w.Forward(kJump);
  w.Land(to_second);
  w(Op(kPushStatic, 0))(Op(kPushConstant, 2))(Op(kSetEqual));
  const size_t to_third = w.Forward(kJumpIfFalse);
  w(Op(kPushConstant, 2))(Op(kPopStatic, 1));
  const size_t end2 = w.Forward(kJump);
  w.Land(to_third);
  w(Op(kPushConstant, 3))(Op(kPopStatic, 1));
  w.Land(end2);
  w.Land(end1);
  Ret0(w);
  const cob::Decompiled d = DecompileOne(w.words);
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    if (Static_Var_1 == 1)\n"
            "    {\n"
            "        Static_Var_2 = 1;\n"
            "    }\n"
            "    else if (Static_Var_1 == 2)\n"
            "    {\n"
            "        Static_Var_2 = 2;\n"
            "    }\n"
            "    else\n"
            "    {\n"
            "        Static_Var_2 = 3;\n"
            "    }\n"
            "}\n");
  EXPECT_TRUE(d.fallbacks.empty());
}

TEST(CobDecompileFlow, WhileTrueWithAnIfInside) {
  Words w;
  const uint32_t top = w.Here();
  w(Op(kPushConstant, 1));
  const size_t out = w.Forward(kJumpIfFalse);
  w(Op(kPushStatic, 0));
  const size_t skip = w.Forward(kJumpIfFalse);
  w(Op(kPushConstant, 257))(Op(kEmitSfx, 3));
  w.Land(skip);
  w(Op(kPushConstant, 100))(Op(kSleep))(Op(kJump, top));
  w.Land(out);
  Ret0(w);
  EXPECT_EQ(DecompileOne(w.words).source,
            "Test()\n"
            "{\n"
            "    while (TRUE)\n"
            "    {\n"
            "        if (Static_Var_1)\n"
            "        {\n"
            "            emit-sfx SFXTYPE_WHITESMOKE from flare;\n"
            "        }\n"
            "        sleep 100;\n"
            "    }\n"
            "}\n");
}

TEST(CobDecompileFlow, WhileWithAReturnInsideAndAfterStatements) {
  Words w;
  w(Op(kPushConstant, 0))(Op(kPopStatic, 0));
  const uint32_t top = w.Here();
  w(Op(kPushStatic, 0))(Op(kPushConstant, 10))(Op(kSetLess));
  const size_t out = w.Forward(kJumpIfFalse);
  w(Op(kPushStatic, 0))(Op(kPushConstant, 5))(Op(kSetEqual));
  const size_t skip = w.Forward(kJumpIfFalse);
  w(Op(kPushConstant, 0))(Op(kReturn));  // a return (0) not at the end stays
  w.Land(skip);
  w(Op(kPushStatic, 0))(Op(kPushConstant, 1))(Op(kAdd))(Op(kPopStatic, 0))(Op(kJump, top));
  w.Land(out);
  w(Op(kPushConstant, 1))(Op(kReturn));
  EXPECT_EQ(DecompileOne(w.words).source,
            "Test()\n"
            "{\n"
            "    Static_Var_1 = 0;\n"
            "    while (Static_Var_1 < 10)\n"
            "    {\n"
            "        if (Static_Var_1 == 5)\n"
            "        {\n"
            "            return (0);\n"
            "        }\n"
            "        Static_Var_1 = Static_Var_1 + 1;\n"
            "    }\n"
            "    return (1);\n"
            "}\n");
}

TEST(CobDecompileFlow, IfHoldingAWhileThatEndsItsBlock) {
  Words w;
  w(Op(kPushStatic, 0));
  const size_t skip = w.Forward(kJumpIfFalse);
  const uint32_t top = w.Here();
  w(Op(kPushStatic, 1))(Op(kLogicalNot));
  const size_t out = w.Forward(kJumpIfFalse);
  w(Op(kPushConstant, 100))(Op(kSleep))(Op(kJump, top));
  w.Land(out);
  w.Land(skip);
  Ret0(w);
  EXPECT_EQ(DecompileOne(w.words).source,
            "Test()\n"
            "{\n"
            "    if (Static_Var_1)\n"
            "    {\n"
            "        while (!Static_Var_2)\n"
            "        {\n"
            "            sleep 100;\n"
            "        }\n"
            "    }\n"
            "}\n");
}

// if (a) { if (b) { x; } else { } }: the inner else-jump lands where the
// outer condition's jump does; read as the nested if/else, not as an
// empty else of the outer if.
TEST(CobDecompileFlow, NestedIfElseLastInTheThenBlock) {
  Words w;
  w(Op(kPushStatic, 0));
  const size_t outer = w.Forward(kJumpIfFalse);
  w(Op(kPushStatic, 1));
  const size_t inner = w.Forward(kJumpIfFalse);
  w(Op(kShow, 3));
  const size_t inner_end = w.Forward(kJump);
  w.Land(inner);
  w.Land(inner_end);
  w.Land(outer);
  Ret0(w);
  const cob::Decompiled d = DecompileOne(w.words);
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    if (Static_Var_1)\n"
            "    {\n"
            "        if (Static_Var_2)\n"
            "        {\n"
            "            show flare;\n"
            "        }\n"
            "        else\n"
            "        {\n"
            "        }\n"
            "    }\n"
            "}\n");
  EXPECT_TRUE(d.fallbacks.empty());
}

// The same jump shape with nothing nested: the outer if has an empty else.
TEST(CobDecompileFlow, EmptyElse) {
  Words w;
  w(Op(kPushStatic, 0));
  const size_t to_else = w.Forward(kJumpIfFalse);
  w(Op(kShow, 3));
  const size_t to_end = w.Forward(kJump);
  w.Land(to_else);
  w.Land(to_end);
  Ret0(w);
  const cob::Decompiled d = DecompileOne(w.words);
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    if (Static_Var_1)\n"
            "    {\n"
            "        show flare;\n"
            "    }\n"
            "    else\n"
            "    {\n"
            "    }\n"
            "}\n");
  EXPECT_TRUE(d.fallbacks.empty());
}

TEST(CobDecompileFlow, EmptyThenWithAnElse) {
  Words w;
  w(Op(kPushConstant, 17))(Op(kGetUnitValue));
  const size_t to_else = w.Forward(kJumpIfFalse);
  const size_t to_end = w.Forward(kJump);
  w.Land(to_else);
  w(Op(kPushConstant, 0))(Op(kPopStatic, 0));
  w.Land(to_end);
  Ret0(w);
  EXPECT_EQ(DecompileOne(w.words).source,
            "Test()\n"
            "{\n"
            "    if (get BUILD_PERCENT_LEFT)\n"
            "    {\n"
            "    }\n"
            "    else\n"
            "    {\n"
            "        Static_Var_1 = 0;\n"
            "    }\n"
            "}\n");
}

// A function whose last statement is an if ending in a return: the
// compiler appends no return, and the condition's jump goes to the
// script's end.
TEST(CobDecompileFlow, JumpToTheScriptsEnd) {
  Words w;
  w(Op(kPushStatic, 0));
  const size_t skip = w.Forward(kJumpIfFalse);
  w(Op(kPushConstant, 1))(Op(kReturn));
  w.Land(skip);
  const cob::Decompiled d = DecompileOne(w.words);
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    if (Static_Var_1)\n"
            "    {\n"
            "        return (1);\n"
            "    }\n"
            "}\n");
  EXPECT_TRUE(d.fallbacks.empty());
}

// TA: Kingdoms writes `return;` as CREATE_LOCAL_VAR, RETURN.
TEST(CobDecompileFlow, KingdomsBareReturn) {
  Words w;
  w(Op(kPushStatic, 0));
  const size_t skip = w.Forward(kJumpIfFalse);
  w(Op(kCreateLocal))(Op(kReturn));
  w.Land(skip);
  w(Op(kShow, 3))(Op(kCreateLocal))(Op(kReturn));
  EXPECT_EQ(DecompileOne(w.words, "Test", 6).source,
            "Test()\n"
            "{\n"
            "    if (Static_Var_1)\n"
            "    {\n"
            "        return;\n"
            "    }\n"
            "    show flare;\n"
            "}\n");
}

}  // namespace
}  // namespace kbot::testing
