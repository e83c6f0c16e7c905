// The capstone: a small tank's whole script, compiled by hand the way the
// BOS compilers lay code out, decompiled as one file and compared with the
// BOS it came from.
#include "tests/cob_decompile/decompile_fixture.h"

namespace kbot::testing {
namespace {

using namespace cobop;

// Script table order, so start-script can name RestoreAfterDelay.
enum TankScript { kCreate, kStartMoving, kStopMoving, kRestore, kAim, kFire, kQuery, kAimFrom, kKilled };
// Pieces.
enum TankPiece { kBase, kTurret, kSleeve, kBarrel, kFlare };

void Ret0(Words& w) { w(Op(kPushConstant, 0))(Op(kReturn)); }

std::vector<uint32_t> CreateCode(uint32_t at) {
  Words w;
  w.words.resize(at);  // jump targets count from the code's start
  w(Op(kHide, kFlare))(Op(kPushConstant, 0))(Op(kPopStatic, 0));
  w(Op(kPushConstant, 3000))(Op(kPopStatic, 1));
  const uint32_t top = w.Here();
  w(Op(kPushConstant, 17))(Op(kGetUnitValue));
  const size_t out = w.Forward(kJumpIfFalse);
  w(Op(kPushConstant, 250))(Op(kSleep))(Op(kJump, top));
  w.Land(out);
  Ret0(w);
  return {w.words.begin() + at, w.words.end()};
}

std::vector<uint32_t> AimCode() {
  Words w;
  w(Op(kCreateLocal))(Op(kCreateLocal));
  w(Op(kPushConstant, 2))(Op(kSignal))(Op(kPushConstant, 2))(Op(kSetSignalMask));
  w(Op(kPushConstant, 16384))(Op(kPushLocal, 0))(Op(kTurn, kTurret, kAxisY));
  w(Op(kPushConstant, 9102))(Op(kPushConstant, 0))(Op(kPushLocal, 1))(Op(kSub));
  w(Op(kTurn, kSleeve, kAxisX));
  w(Op(kWaitForTurn, kTurret, kAxisY))(Op(kWaitForTurn, kSleeve, kAxisX));
  w(Op(kStartScript, kRestore, 0))(Op(kPushConstant, 1))(Op(kReturn));
  return w.words;
}

std::vector<uint32_t> FireCode() {
  return Code({Op(kPushConstant, -393216), Op(kMoveNow, kBarrel, kAxisZ), Op(kShow, kFlare),
               Op(kPushConstant, 257), Op(kEmitSfx, kFlare), Op(kPushConstant, 150), Op(kSleep),
               Op(kHide, kFlare), Op(kPushConstant, 491520), Op(kPushConstant, 0),
               Op(kMove, kBarrel, kAxisZ), Op(kPushConstant, 0), Op(kReturn)});
}

// FALL | SMOKE | FIRE | EXPLODE_ON_HIT as the compiler leaves it: ORed at run time.
void Debris(Words& w, uint32_t piece) {
  w(Op(kPushConstant, 4))(Op(kPushConstant, 8))(Op(kOr))(Op(kPushConstant, 16))(Op(kOr));
  w(Op(kPushConstant, 2))(Op(kOr))(Op(kExplode, piece));
}

std::vector<uint32_t> KilledCode(uint32_t at) {
  Words w;
  w.words.resize(at);
  w(Op(kCreateLocal))(Op(kCreateLocal));
  w(Op(kPushLocal, 0))(Op(kPushConstant, 25))(Op(kSetLessOrEqual));
  const size_t to_second = w.Forward(kJumpIfFalse);
  w(Op(kPushConstant, 1))(Op(kPopLocal, 1))(Op(kPushConstant, 32 | 256))(Op(kExplode, kBase));
  w(Op(kPushConstant, 32 | 512))(Op(kExplode, kTurret))(Op(kPushConstant, 1))(Op(kReturn));
  const size_t end1 = w.Forward(kJump);
  w.Land(to_second);
  w(Op(kPushLocal, 0))(Op(kPushConstant, 50))(Op(kSetLessOrEqual));
  const size_t to_third = w.Forward(kJumpIfFalse);
  w(Op(kPushConstant, 2))(Op(kPopLocal, 1));
  Debris(w, kTurret);
  w(Op(kPushConstant, 2))(Op(kReturn));
  const size_t end2 = w.Forward(kJump);
  w.Land(to_third);
  w(Op(kPushConstant, 3))(Op(kPopLocal, 1))(Op(kPushConstant, 1))(Op(kExplode, kBase));
  Debris(w, kTurret);
  w.Land(end2);
  w.Land(end1);
  w(Op(kPushLocal, 1))(Op(kReturn));
  return {w.words.begin() + at, w.words.end()};
}

CobSpec Tank() {
  CobSpec spec;
  spec.pieces = {"base", "turret", "sleeve", "barrel", "flare"};
  spec.static_count = 2;
  spec.scripts = {
      {"Create", {}},
      {"StartMoving", Code({Op(kPushConstant, 1), Op(kPopStatic, 0), Op(kPushConstant, 0), Op(kReturn)})},
      {"StopMoving", Code({Op(kPushConstant, 0), Op(kPopStatic, 0), Op(kPushConstant, 0), Op(kReturn)})},
      {"RestoreAfterDelay",
       Code({Op(kPushStatic, 1), Op(kSleep), Op(kPushConstant, 16384), Op(kPushConstant, 0),
             Op(kTurn, kTurret, kAxisY), Op(kPushConstant, 9102), Op(kPushConstant, 0),
             Op(kTurn, kSleeve, kAxisX), Op(kPushConstant, 0), Op(kReturn)})},
      {"AimPrimary", AimCode()},
      {"FirePrimary", FireCode()},
      {"QueryPrimary", Code({Op(kCreateLocal), Op(kPushConstant, kFlare), Op(kPopLocal, 0),
                             Op(kPushConstant, 0), Op(kReturn)})},
      {"AimFromPrimary", Code({Op(kCreateLocal), Op(kPushConstant, kTurret), Op(kPopLocal, 0),
                               Op(kPushConstant, 0), Op(kReturn)})},
      {"Killed", {}},
  };
  // The scripts with jumps are written knowing where they start.
  spec.scripts[kCreate].code = CreateCode(0);
  spec.scripts[kKilled].code = KilledCode(CobScriptStarts(spec)[kKilled]);
  return spec;
}

// The BOS the tank was written from.
constexpr char kTankBos[] =
    "#include \"sfxtype.h\"\n"
    "#include \"exptype.h\"\n"
    "\n"
    "piece base, turret, sleeve, barrel, flare;\n"
    "\n"
    "static-var Static_Var_1, Static_Var_2;\n"
    "\n"
    "Create()\n"
    "{\n"
    "    hide flare;\n"
    "    Static_Var_1 = 0;\n"
    "    Static_Var_2 = 3000;\n"
    "    while (get BUILD_PERCENT_LEFT)\n"
    "    {\n"
    "        sleep 250;\n"
    "    }\n"
    "}\n"
    "\n"
    "StartMoving()\n"
    "{\n"
    "    Static_Var_1 = 1;\n"
    "}\n"
    "\n"
    "StopMoving()\n"
    "{\n"
    "    Static_Var_1 = 0;\n"
    "}\n"
    "\n"
    "RestoreAfterDelay()\n"
    "{\n"
    "    sleep Static_Var_2;\n"
    "    turn turret to y-axis <0> speed <90>;\n"
    "    turn sleeve to x-axis <0> speed <50>;\n"
    "}\n"
    "\n"
    "AimPrimary(heading, pitch)\n"
    "{\n"
    "    signal 2;\n"
    "    set-signal-mask 2;\n"
    "    turn turret to y-axis heading speed <90>;\n"
    "    turn sleeve to x-axis <0> - pitch speed <50>;\n"
    "    wait-for-turn turret around y-axis;\n"
    "    wait-for-turn sleeve around x-axis;\n"
    "    start-script RestoreAfterDelay();\n"
    "    return (1);\n"
    "}\n"
    "\n"
    "FirePrimary()\n"
    "{\n"
    "    move barrel to z-axis [-2.4] now;\n"
    "    show flare;\n"
    "    emit-sfx SFXTYPE_WHITESMOKE from flare;\n"
    "    sleep 150;\n"
    "    hide flare;\n"
    "    move barrel to z-axis [0] speed [3];\n"
    "}\n"
    "\n"
    "QueryPrimary(piecenum)\n"
    "{\n"
    "    piecenum = flare;\n"
    "}\n"
    "\n"
    "AimFromPrimary(piecenum)\n"
    "{\n"
    "    piecenum = turret;\n"
    "}\n"
    "\n"
    "Killed(severity, corpsetype)\n"
    "{\n"
    "    if (severity <= 25)\n"
    "    {\n"
    "        corpsetype = 1;\n"
    "        explode base type BITMAPONLY | BITMAP1;\n"
    "        explode turret type BITMAPONLY | BITMAP2;\n"
    "        return (1);\n"
    "    }\n"
    "    else if (severity <= 50)\n"
    "    {\n"
    "        corpsetype = 2;\n"
    "        explode turret type FALL | SMOKE | FIRE | EXPLODE_ON_HIT;\n"
    "        return (2);\n"
    "    }\n"
    "    else\n"
    "    {\n"
    "        corpsetype = 3;\n"
    "        explode base type SHATTER;\n"
    "        explode turret type FALL | SMOKE | FIRE | EXPLODE_ON_HIT;\n"
    "    }\n"
    "    return (corpsetype);\n"
    "}\n";

TEST(CobDecompileTank, WholeFile) {
  const cob::Decompiled d = cob::Decompile(ReadSpec(Tank()));
  EXPECT_EQ(d.source, kTankBos);
  EXPECT_TRUE(d.fallbacks.empty()) << d.fallbacks.front();
}

TEST(CobDecompileTank, OneScriptIsTheSameFunction) {
  const cob::Cob cob = ReadSpec(Tank());
  EXPECT_EQ(cob::DecompileScript(cob, kAimFrom).source,
            "AimFromPrimary(piecenum)\n"
            "{\n"
            "    piecenum = turret;\n"
            "}\n");
}

TEST(CobDecompileTank, LongDeclarationsWrapAt80Columns) {
  CobSpec spec;
  for (int i = 0; i < 12; ++i) spec.pieces.push_back("piece_number_" + std::to_string(i));
  spec.static_count = 9;
  EXPECT_EQ(cob::Decompile(ReadSpec(spec)).source,
            "piece piece_number_0, piece_number_1, piece_number_2, piece_number_3,\n"
            "      piece_number_4, piece_number_5, piece_number_6, piece_number_7,\n"
            "      piece_number_8, piece_number_9, piece_number_10, piece_number_11;\n"
            "\n"
            "static-var Static_Var_1, Static_Var_2, Static_Var_3, Static_Var_4, Static_Var_5,\n"
            "           Static_Var_6, Static_Var_7, Static_Var_8, Static_Var_9;\n");
}

}  // namespace
}  // namespace kbot::testing
