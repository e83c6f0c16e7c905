// The disassembler (formats/cob/disassemble.h): whole listings compared
// against hand-typed text, the line format of docs/formats/cob.md,
// "Disassembly": the all-families fixture, the single-sourced opcodes with
// their notes, a TA: Kingdoms sound, and scripts that end badly.
#include <gtest/gtest.h>

#include "formats/cob/disassemble.h"
#include "tests/support/cob_bytes.h"

namespace kbot::cob {
namespace {

using kbot::testing::AllFamiliesCob;
using kbot::testing::Code;
using kbot::testing::CobLayout;
using kbot::testing::CobSpec;
using kbot::testing::LayOutCob;
using kbot::testing::Op;
using namespace kbot::testing::cobop;

Cob Read(const std::vector<uint8_t>& bytes) {
  absl::StatusOr<Cob> cob = ReadCob(bytes, "t.cob");
  EXPECT_TRUE(cob.ok()) << cob.status();
  return cob.ok() ? *cob : Cob{};
}

constexpr char kKilled[] = R"(script 2 Killed (code 0..34, 35 words)
  0000  CREATE_LOCAL_VAR
  0001  CREATE_LOCAL_VAR
  0002  PUSH_LOCAL_VAR  var0
  0004  PUSH_CONSTANT   25
  0006  SET_LESS_OR_EQUAL
  0007  JUMP_IF_FALSE   L1 (0020)
  0009  PUSH_CONSTANT   1
  0011  POP_LOCAL_VAR   var1
  0013  PUSH_CONSTANT   3
  0015  EXPLODE         piece 1 turret
  0017  PUSH_CONSTANT   0
  0019  RETURN
L1:
  0020  PUSH_CONSTANT   2
  0022  POP_LOCAL_VAR   var1
  0024  PUSH_CONSTANT   16
  0026  EXPLODE         piece 2 barrel
  0028  PUSH_CONSTANT   0
  0030  PLAY_SOUND      sound 0 (past the 0-sound table)
  0032  PUSH_CONSTANT   0
  0034  RETURN
)";

constexpr char kCreatePieces[] = R"(script 0 Create (code 35..241, 207 words)
  0035  CREATE_LOCAL_VAR
  0036  HIDE            piece 2 barrel
  0038  SHOW            piece 1 turret
  0040  CACHE           piece 0 base
  0042  DONT_CACHE      piece 0 base
  0044  SHADE           piece 0 base
  0046  DONT_SHADE      piece 0 base
  0048  PUSH_CONSTANT   327680 (5 units)
  0050  PUSH_CONSTANT   163840 (2.5 units)
  0052  MOVE            piece 1 turret, axis z
  0055  PUSH_CONSTANT   -65536 (-1 units)
  0057  MOVE_NOW        piece 2 barrel, axis y
  0060  PUSH_CONSTANT   5461 (30 deg)
  0062  PUSH_CONSTANT   16384 (90 deg)
  0064  TURN            piece 1 turret, axis y
  0067  PUSH_CONSTANT   8192 (45 deg)
  0069  TURN_NOW        piece 2 barrel, axis x
  0072  PUSH_CONSTANT   1820 (10 deg)
  0074  PUSH_CONSTANT   18204 (100 deg)
  0076  SPIN            piece 0 base, axis y
  0079  PUSH_CONSTANT   910 (5 deg)
  0081  STOP_SPIN       piece 0 base, axis y
  0084  WAIT_FOR_TURN   piece 1 turret, axis y
  0087  WAIT_FOR_MOVE   piece 1 turret, axis z
  0090  PUSH_CONSTANT   257
  0092  EMIT_SFX        piece 2 barrel
  0094  WAIT_FOR_TURN   piece 1 turret, axis 7 (not x, y or z)
  0097  SHOW            piece 5 (past the 3-piece table)
)";

constexpr char kCreateLoop[] = R"(L1:
  0099  PUSH_LOCAL_VAR  var0
  0101  PUSH_CONSTANT   4
  0103  SET_LESS
  0104  JUMP_IF_FALSE   L2 (0118)
  0106  PUSH_LOCAL_VAR  var0
  0108  PUSH_CONSTANT   1
  0110  ADD
  0111  POP_LOCAL_VAR   var0
  0113  PUSH_CONSTANT   100
  0115  SLEEP
  0116  JUMP            L1 (0099)
L2:
)";

constexpr char kCreateExpressions[] = R"(  0118  PUSH_STATIC     static0
  0120  PUSH_STATIC     static1
  0122  SUB
  0123  PUSH_CONSTANT   3
  0125  MUL
  0126  PUSH_CONSTANT   2
  0128  DIV
  0129  PUSH_CONSTANT   7
  0131  AND
  0132  PUSH_CONSTANT   8
  0134  OR
  0135  PUSH_CONSTANT   1
  0137  XOR
  0138  NOT
  0139  POP_STATIC      static1
  0141  PUSH_STATIC     static1
  0143  PUSH_CONSTANT   0
  0145  SET_LESS
  0146  PUSH_STATIC     static1
  0148  PUSH_CONSTANT   9
  0150  SET_GREATER
  0151  LOGICAL_AND
  0152  PUSH_STATIC     static0
  0154  PUSH_CONSTANT   1
  0156  SET_GREATER_OR_EQUAL
  0157  LOGICAL_OR
  0158  PUSH_STATIC     static0
  0160  PUSH_CONSTANT   2
  0162  SET_LESS_OR_EQUAL
  0163  PUSH_STATIC     static0
  0165  PUSH_CONSTANT   3
  0167  SET_EQUAL
  0168  LOGICAL_XOR
  0169  LOGICAL_OR
  0170  PUSH_STATIC     static0
  0172  PUSH_CONSTANT   4
  0174  SET_NOT_EQUAL
  0175  LOGICAL_NOT
  0176  LOGICAL_AND
  0177  POP_STACK
)";

constexpr char kCreateRest[] = R"(  0178  PUSH_CONSTANT   1
  0180  GET_UNIT_VALUE
  0181  POP_STATIC      static0
  0183  PUSH_CONSTANT   4
  0185  PUSH_CONSTANT   0
  0187  PUSH_CONSTANT   0
  0189  PUSH_CONSTANT   0
  0191  PUSH_CONSTANT   0
  0193  GET
  0194  POP_STACK
  0195  PUSH_CONSTANT   1
  0197  PUSH_CONSTANT   0
  0199  SET
  0200  PUSH_CONSTANT   1
  0202  PUSH_CONSTANT   10
  0204  RAND
  0205  POP_STACK
  0206  PUSH_CONSTANT   2
  0208  SET_SIGNAL_MASK
  0209  PUSH_CONSTANT   2
  0211  SIGNAL
  0212  PUSH_CONSTANT   0
  0214  PUSH_CONSTANT   0
  0216  START_SCRIPT    script 1 AimPrimary, 2 args
  0219  PUSH_CONSTANT   50
  0221  PUSH_CONSTANT   1
  0223  CALL_SCRIPT     script 2 Killed, 2 args
  0226  CALL_SCRIPT     script 7 (past the 3-script table), 0 args
  0229  PUSH_STATIC     static0
  0231  PUSH_CONSTANT   1
  0233  PUSH_CONSTANT   0
  0235  ATTACH_UNIT
  0236  PUSH_STATIC     static0
  0238  DROP_UNIT
  0239  PUSH_CONSTANT   0
  0241  RETURN
)";

// 9102 is TURN's speed, but SUB stands between: not annotated.
constexpr char kAimPrimary[] = R"(script 1 AimPrimary (code 242..277, 36 words)
  0242  CREATE_LOCAL_VAR
  0243  CREATE_LOCAL_VAR
  0244  PUSH_CONSTANT   2
  0246  SIGNAL
  0247  PUSH_CONSTANT   2
  0249  SET_SIGNAL_MASK
  0250  PUSH_CONSTANT   36408 (200 deg)
  0252  PUSH_LOCAL_VAR  var0
  0254  TURN            piece 1 turret, axis y
  0257  PUSH_CONSTANT   9102
  0259  PUSH_LOCAL_VAR  var1
  0261  PUSH_CONSTANT   0
  0263  SUB
  0264  TURN            piece 2 barrel, axis x
  0267  WAIT_FOR_TURN   piece 1 turret, axis y
  0270  WAIT_FOR_TURN   piece 2 barrel, axis x
  0273  PUSH_CONSTANT   1
  0275  RETURN
  0276  JUMP            0003 (outside this script)
)";

std::string Create() {
  return std::string(kCreatePieces) + kCreateLoop + kCreateExpressions + kCreateRest;
}

TEST(CobDisassemble, AllFamiliesEachScript) {
  const Cob cob = Read(LayOutCob(AllFamiliesCob()).bytes);
  EXPECT_EQ(DisassembleScript(cob, 2), kKilled);
  EXPECT_EQ(DisassembleScript(cob, 0), Create());
  EXPECT_EQ(DisassembleScript(cob, 1), kAimPrimary);
}

TEST(CobDisassemble, AllFamiliesWholeFileInTableOrder) {
  const Cob cob = Read(LayOutCob(AllFamiliesCob()).bytes);
  EXPECT_EQ(Disassemble(cob), Create() + "\n" + kAimPrimary + "\n" + kKilled);
}

TEST(CobDisassemble, SingleSourcedOpcodesAndKingdomsSounds) {
  CobSpec spec;
  spec.version = 6;
  spec.pieces = {"base"};
  spec.sounds = {"horn", "step"};
  spec.scripts = {{"Odd", Code({Op(kDontShadow, 0), Op(kPushConstant, 7), Op(kPushConstant, 2),
                                Op(kUnknown39), Op(kPushConstant, 3), Op(kUnknown3A),
                                Op(kPushConstant, 4), Op(kUnknown3B), Op(kPushConstant, 5),
                                Op(kMod), Op(kPlaySound, 1), Op(kMapCommand, 5, 6),
                                Op(kRealCall, 0, 1), Op(kLuaCall, 0, 0), Op(kPlaySound, 2)})}};
  EXPECT_EQ(DisassembleScript(Read(LayOutCob(spec).bytes), 0),
            R"(script 0 Odd (code 0..28, 29 words)
  0000  DONT_SHADOW     piece 0 base  ; SwiftTA only
  0002  PUSH_CONSTANT   7
  0004  PUSH_CONSTANT   2
  0006  UNKNOWN_BINARY_39  ; SwiftTA only
  0007  PUSH_CONSTANT   3
  0009  UNKNOWN_BINARY_3A  ; SwiftTA only
  0010  PUSH_CONSTANT   4
  0012  UNKNOWN_BINARY_3B  ; SwiftTA only
  0013  PUSH_CONSTANT   5
  0015  MOD  ; Spring extension, not TA
  0016  PLAY_SOUND      sound 1 step
  0018  MAP_COMMAND     5, 6  ; SwiftTA only
  0021  REAL_CALL       script 0 Odd, 1 arg  ; Spring extension, not TA
  0024  LUA_CALL        script 0 Odd, 0 args  ; Spring extension, not TA
  0027  PLAY_SOUND      sound 2 (past the 2-sound table)
)");
}

TEST(CobDisassemble, UnknownOpcodeStopsThatScriptOnly) {
  CobLayout l = LayOutCob(AllFamiliesCob());
  l.SetWord(l.code + 4 * 57, 0x12345678);  // Create's MOVE_NOW
  const Cob cob = Read(l.bytes);
  // The MOVE_NOW gone, the constant before it is a plain number.
  std::string pieces = kCreatePieces;
  pieces.replace(pieces.find("-65536 (-1 units)"), 17, "-65536");
  const std::string expected =
      pieces.substr(0, pieces.find("  0057")) +
      "  0057  ??? 0x12345678  ; unknown opcode: disassembly of this script stops here\n";
  EXPECT_EQ(DisassembleScript(cob, 0), expected);
  EXPECT_EQ(Disassemble(cob), expected + "\n" + kAimPrimary + "\n" + kKilled);
}

TEST(CobDisassemble, OperandPastTheScriptsEnd) {
  CobSpec spec;
  spec.pieces = {"base"};
  spec.scripts = {{"A", {kPushConstant, 1, kMove, 0}}, {"B", {kReturn}}};
  const Cob cob = Read(LayOutCob(spec).bytes);
  EXPECT_EQ(Disassemble(cob), R"(script 0 A (code 0..3, 4 words)
  0000  PUSH_CONSTANT   1
  0002  MOVE  ; 2 operand word(s) run past the script's end: disassembly of this script stops here

script 1 B (code 4..4, 1 word)
  0004  RETURN
)");
}

TEST(CobDisassemble, OddTablesAndTargets) {
  CobSpec spec;
  spec.static_count = 1;
  spec.scripts = {{"Loop", Code({Op(kPushStatic, 3), Op(kPopStatic, 0), Op(kJump, 1),
                                 Op(kJumpIfFalse, 0)})},
                  {"Gone", {kReturn}},
                  {"Nameless", {kReturn}}};
  CobLayout l = LayOutCob(spec);
  // Gone starts past the code, so Loop runs on over Gone's RETURN to
  // Nameless' start; Nameless has no name.
  l.SetWord(l.script_starts + 4, 5000);
  l.SetWord(l.script_names + 8, 0xFFFF);
  const Cob cob = Read(l.bytes);
  EXPECT_EQ(Disassemble(cob), R"(script 0 Loop (code 0..8, 9 words)
L1:
  0000  PUSH_STATIC     static3 (past the 1 statics)
  0002  POP_STATIC      static0
  0004  JUMP            0001 (not an instruction start)
  0006  JUMP_IF_FALSE   L1 (0000)
  0008  RETURN

script 1 Gone (start 5000, 0 words)

script 2 (no name) (code 9..9, 1 word)
  0009  RETURN
)");
  EXPECT_EQ(DisassembleScript(cob, 3), "script 3: no such script (the file has 3)\n");
}

// A name cannot start a line of its own: control bytes, non-ASCII and the
// backslash are written \xNN.
TEST(CobDisassemble, NamesAreEscaped) {
  CobSpec spec;
  spec.pieces = {"a\\b\x01", "caf\xC3\xA9"};
  spec.scripts = {{"x\n\nscript 9 Fake", Code({Op(kShow, 0), Op(kHide, 1), Op(kReturn)})}};
  EXPECT_EQ(DisassembleScript(Read(LayOutCob(spec).bytes), 0),
            R"(script 0 x\x0a\x0ascript 9 Fake (code 0..4, 5 words)
  0000  SHOW            piece 0 a\x5cb\x01
  0002  HIDE            piece 1 caf\xc3\xa9
  0004  RETURN
)");
}

TEST(CobDisassemble, LongCodeWidensTheIndex) {
  CobSpec spec;
  spec.scripts = {{"Big", std::vector<uint32_t>(10001, kReturn)}};
  const std::string text = DisassembleScript(Read(LayOutCob(spec).bytes), 0);
  EXPECT_NE(text.find("\n  9999  RETURN\n  10000  RETURN\n"), std::string::npos);
}

}  // namespace
}  // namespace kbot::cob
