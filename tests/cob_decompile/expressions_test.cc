// Expressions rebuilt from the stack code: precedence and parentheses,
// locals and statics, `var` declarations, and the <degrees> / [units]
// literals a constant is written as.
#include "formats/cob/decompile_internal.h"
#include "tests/cob_decompile/decompile_fixture.h"

namespace kbot::testing {
namespace {

using namespace cobop;

std::vector<uint32_t> Ret0() { return Code({Op(kPushConstant, 0), Op(kReturn)}); }

// Static_Var_1 = <the expression the words push>;
std::string Assigned(std::vector<uint32_t> expr) {
  expr.push_back(kPopStatic);
  expr.push_back(0);
  const cob::Decompiled d = DecompileOne(Code({expr, Ret0()}));
  EXPECT_TRUE(d.fallbacks.empty()) << d.source;
  const std::string prefix = "Test()\n{\n    Static_Var_1 = ", suffix = ";\n}\n";
  if (d.source.rfind(prefix, 0) != 0 || d.source.size() < prefix.size() + suffix.size()) {
    return d.source;
  }
  return d.source.substr(prefix.size(), d.source.size() - prefix.size() - suffix.size());
}

TEST(CobDecompileExpressions, ArithmeticPrecedence) {
  EXPECT_EQ(Assigned(Code({Op(kPushStatic, 1), Op(kPushConstant, 2), Op(kAdd), Op(kPushConstant, 3),
                           Op(kMul)})),
            "(Static_Var_2 + 2) * 3");
  EXPECT_EQ(Assigned(Code({Op(kPushStatic, 1), Op(kPushConstant, 2), Op(kPushConstant, 3), Op(kMul),
                           Op(kAdd)})),
            "Static_Var_2 + 2 * 3");
  // Operators of a level associate left: the right operand keeps its parentheses.
  EXPECT_EQ(Assigned(Code({Op(kPushStatic, 1), Op(kPushStatic, 2), Op(kSub), Op(kPushConstant, 1),
                           Op(kSub)})),
            "Static_Var_2 - Static_Var_3 - 1");
  EXPECT_EQ(Assigned(Code({Op(kPushStatic, 1), Op(kPushStatic, 2), Op(kPushConstant, 1), Op(kSub),
                           Op(kSub)})),
            "Static_Var_2 - (Static_Var_3 - 1)");
  EXPECT_EQ(Assigned(Code({Op(kPushConstant, -5), Op(kPushStatic, 1), Op(kDiv), Op(kPushConstant, 7),
                           Op(kMod)})),
            "-5 / Static_Var_2 % 7");
}

TEST(CobDecompileExpressions, ComparisonsAndLogic) {
  EXPECT_EQ(Assigned(Code({Op(kPushStatic, 1), Op(kPushConstant, 10), Op(kSetLess),
                           Op(kPushStatic, 2), Op(kPushConstant, 1), Op(kSetEqual),
                           Op(kLogicalAnd)})),
            "(Static_Var_2 < 10) && (Static_Var_3 == 1)");
  EXPECT_EQ(Assigned(Code({Op(kPushStatic, 1), Op(kLogicalNot), Op(kPushStatic, 2),
                           Op(kPushConstant, 4), Op(kSetGreaterOrEqual), Op(kLogicalNot),
                           Op(kLogicalOr)})),
            "!Static_Var_2 || !(Static_Var_3 >= 4)");
  EXPECT_EQ(Assigned(Code({Op(kPushStatic, 1), Op(kPushConstant, 1), Op(kAdd), Op(kPushStatic, 2),
                           Op(kPushConstant, 2), Op(kMul), Op(kSetLessOrEqual)})),
            "Static_Var_2 + 1 <= Static_Var_3 * 2");
  EXPECT_EQ(Assigned(Code({Op(kPushStatic, 1), Op(kPushConstant, 3), Op(kAnd), Op(kPushConstant, 4),
                           Op(kOr)})),
            "(Static_Var_2 & 3) | 4");
  EXPECT_EQ(Assigned(Code({Op(kPushStatic, 1), Op(kPushConstant, 0), Op(kSetNotEqual),
                           Op(kPushStatic, 2), Op(kPushConstant, 9), Op(kSetGreater),
                           Op(kLogicalOr), Op(kPushConstant, 1), Op(kLogicalAnd)})),
            "((Static_Var_2 != 0) || (Static_Var_3 > 9)) && 1");
}

TEST(CobDecompileExpressions, AnglesThroughSumsAndFactors) {
  // turn sleeve to x-axis <-10> - pitch-like sums keep their unit; a factor does not.
  const cob::Decompiled d = DecompileOne(Code({
      Op(kPushConstant, 9102), Op(kPushConstant, -1820), Op(kPushStatic, 0), Op(kSub),
      Op(kTurn, 2, kAxisX),
      Op(kPushConstant, 16384), Op(kPushConstant, 2), Op(kDiv), Op(kTurnNow, 1, kAxisY),
      Op(kPushConstant, 3), Op(kPushConstant, 9102), Op(kMul), Op(kTurnNow, 1, kAxisY),
      Op(kPushStatic, 1), Op(kPushConstant, 163840), Op(kAdd), Op(kMoveNow, 3, kAxisZ), Ret0()}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    turn sleeve to x-axis <-10> - Static_Var_1 speed <50>;\n"
            "    turn turret to y-axis <90> / 2 now;\n"
            "    turn turret to y-axis 3 * <50> now;\n"
            "    move flare to z-axis Static_Var_2 + [1] now;\n"
            "}\n");
}

TEST(CobDecompileExpressions, LocalsDeclaredAtTheTopAndWhereCreated) {
  const cob::Decompiled d = DecompileOne(Code({
      Op(kCreateLocal), Op(kCreateLocal),
      Op(kPushConstant, 5), Op(kPopLocal, 0),
      Op(kPushLocal, 0), Op(kPushConstant, 2), Op(kMul), Op(kPopLocal, 1),
      Op(kCreateLocal), Op(kPushLocal, 1), Op(kPopLocal, 2), Ret0()}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    var Func_Var_1, Func_Var_2;\n"
            "\n"
            "    Func_Var_1 = 5;\n"
            "    Func_Var_2 = Func_Var_1 * 2;\n"
            "    var Func_Var_3;\n"
            "    Func_Var_3 = Func_Var_2;\n"
            "}\n");
}

TEST(CobDecompileExpressions, Literals) {
  // The TA compiler: <x> is trunc(x * 65536 / 360), [x] is trunc(x * 163840).
  EXPECT_EQ(cob::bos::AngleLiteral(6371), "<35>");
  EXPECT_EQ(cob::bos::AngleLiteral(16384), "<90>");
  EXPECT_EQ(cob::bos::AngleLiteral(-16384), "<-90>");
  EXPECT_EQ(cob::bos::AngleLiteral(0), "<0>");
  EXPECT_EQ(cob::bos::AngleLiteral(1), "<0.01>");
  EXPECT_EQ(cob::bos::AngleLiteral(16380), "<89.98>");  // a compiler using 182 a degree
  EXPECT_EQ(cob::bos::AngleLiteral(65536), "<360>");
  EXPECT_EQ(cob::bos::LinearLiteral(393216), "[2.4]");
  EXPECT_EQ(cob::bos::LinearLiteral(-393216), "[-2.4]");
  EXPECT_EQ(cob::bos::LinearLiteral(65536), "[0.4]");  // Spring's [1]
  EXPECT_EQ(cob::bos::LinearLiteral(1), "[0.00001]");
  EXPECT_EQ(cob::bos::LinearLiteral(INT32_MIN), "[-13107.2]");
}

TEST(CobDecompileExpressions, EveryLiteralReadsBackToItsValue) {
  // What the TA compiler makes of the printed decimal (exact integer arithmetic).
  auto back = [](const std::string& text, int64_t num, int64_t den) {
    const std::string digits = text.substr(1, text.size() - 2);
    const bool negative = digits[0] == '-';
    const std::string body = negative ? digits.substr(1) : digits;
    const size_t dot = body.find('.');
    const std::string whole = body.substr(0, dot);
    const std::string frac = dot == std::string::npos ? "" : body.substr(dot + 1);
    int64_t scale = 1;
    for (size_t i = 0; i < frac.size(); ++i) scale *= 10;
    const int64_t k = std::stoll(whole + frac);
    const int64_t v = k * num / (den * scale);
    return negative ? -v : v;
  };
  for (int32_t v = -70000; v <= 70000; v += 7) {
    ASSERT_EQ(back(cob::bos::AngleLiteral(v), 65536, 360), v) << cob::bos::AngleLiteral(v);
    ASSERT_EQ(back(cob::bos::LinearLiteral(v), 163840, 1), v) << cob::bos::LinearLiteral(v);
  }
}

}  // namespace
}  // namespace kbot::testing
