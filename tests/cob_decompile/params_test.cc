// Parameters: COB declares none, so they are inferred from the engine's
// standard signatures, the argument counts of calls in the file and the
// locals read before being written, never more than the prologue's
// CREATE_LOCAL_VARs.
#include "tests/cob_decompile/decompile_fixture.h"

namespace kbot::testing {
namespace {

using namespace cobop;

std::vector<uint32_t> Ret0() { return Code({Op(kPushConstant, 0), Op(kReturn)}); }

TEST(CobDecompileParams, StandardSignatureNamesParametersAndLeavesLocals) {
  const cob::Decompiled d = DecompileOne(Code({
      Op(kCreateLocal), Op(kCreateLocal), Op(kCreateLocal),
      Op(kPushConstant, 16384), Op(kPushLocal, 0), Op(kTurn, 1, kAxisY),
      Op(kPushConstant, 9102), Op(kPushConstant, 0), Op(kPushLocal, 1), Op(kSub),
      Op(kTurn, 2, kAxisX),
      Op(kPushConstant, 1), Op(kPopLocal, 2), Op(kPushLocal, 2), Op(kReturn)}), "AimPrimary");
  EXPECT_EQ(d.source,
            "AimPrimary(heading, pitch)\n"
            "{\n"
            "    var Func_Var_3;\n"
            "\n"
            "    turn turret to y-axis heading speed <90>;\n"
            "    turn sleeve to x-axis <0> - pitch speed <50>;\n"
            "    Func_Var_3 = 1;\n"
            "    return (Func_Var_3);\n"
            "}\n");
}

TEST(CobDecompileParams, PieceParametersAreAssignedPieceNames) {
  EXPECT_EQ(DecompileOne(Code({Op(kCreateLocal), Op(kPushConstant, 3), Op(kPopLocal, 0), Ret0()}),
                         "QueryPrimary")
                .source,
            "QueryPrimary(piecenum)\n"
            "{\n"
            "    piecenum = flare;\n"
            "}\n");
  // Matched as the engine matches script names: whatever the case.
  EXPECT_EQ(DecompileOne(Code({Op(kCreateLocal), Op(kPushConstant, 1), Op(kPopLocal, 0), Ret0()}),
                         "aimfromprimary")
                .source,
            "aimfromprimary(piecenum)\n"
            "{\n"
            "    piecenum = turret;\n"
            "}\n");
}

TEST(CobDecompileParams, NeverMoreThanThePrologueDeclares) {
  // TA's Killed has two parameters; with one CREATE_LOCAL_VAR only one.
  EXPECT_EQ(DecompileOne(Code({Op(kCreateLocal), Op(kPushLocal, 0), Op(kSleep), Ret0()}), "Killed")
                .source,
            "Killed(severity)\n"
            "{\n"
            "    sleep severity;\n"
            "}\n");
  // A standard script without its prologue has no parameters.
  EXPECT_EQ(DecompileOne(Ret0(), "AimPrimary").source, "AimPrimary()\n{\n}\n");
}

TEST(CobDecompileParams, LocalsReadBeforeWrittenArePassedIn) {
  const cob::Decompiled d = DecompileOne(Code({
      Op(kCreateLocal), Op(kCreateLocal), Op(kCreateLocal),
      Op(kPushLocal, 1), Op(kPopLocal, 2), Op(kPushLocal, 2), Op(kSleep), Ret0()}), "Wobble");
  EXPECT_EQ(d.source,
            "Wobble(Func_Var_1, Func_Var_2)\n"
            "{\n"
            "    var Func_Var_3;\n"
            "\n"
            "    Func_Var_3 = Func_Var_2;\n"
            "    sleep Func_Var_3;\n"
            "}\n");
}

TEST(CobDecompileParams, ANameAPieceHasIsNotReused) {
  CobSpec spec;
  spec.pieces = {"base", "heading"};
  spec.scripts = {{"AimPrimary", Code({Op(kCreateLocal), Op(kCreateLocal), Op(kPushConstant, 1),
                                       Op(kReturn)})}};
  EXPECT_EQ(cob::DecompileScript(ReadSpec(spec), 0).source,
            "AimPrimary(Func_Var_1, pitch)\n"
            "{\n"
            "    return (1);\n"
            "}\n");
}

TEST(CobDecompileParams, LocalsUsedUndeclaredAreDeclared) {
  // No CREATE_LOCAL_VAR at all: the local is declared so the text compiles;
  // one absurdly far out has no name and is kept as disassembly.
  const cob::Decompiled d = DecompileOne(Code({
      Op(kPushLocal, 1), Op(kSleep), Op(kPushLocal, 0xFFFFFFF0u), Op(kSleep), Ret0()}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    var Func_Var_1, Func_Var_2;\n"
            "\n"
            "    sleep Func_Var_2;\n"
            "    // not recognised: code 3..5\n"
            "    // 0003 PUSH_LOCAL_VAR 4294967280\n"
            "    // 0005 SLEEP\n"
            "}\n");
  EXPECT_EQ(d.fallbacks.size(), 1u);
}

}  // namespace
}  // namespace kbot::testing
