// One statement kind after another, each typed word by word and compared
// with the BOS hand-typed below it. Pieces: base 0, turret 1, sleeve 2,
// flare 3; statics Static_Var_1..3.
#include "tests/cob_decompile/decompile_fixture.h"

namespace kbot::testing {
namespace {

using namespace cobop;

std::vector<uint32_t> Ret0() { return Code({Op(kPushConstant, 0), Op(kReturn)}); }

TEST(CobDecompileStatements, MotionWithAnglesAndLinearUnits) {
  // <30> = trunc(30 * 65536 / 360) = 5461, <90> = 16384, <100> = 18204,
  // <10> = 1820, <50> = 9102, <-45> = -8192; [5] = 5 * 163840, [2.5] = 409600.
  const cob::Decompiled d = DecompileOne(Code({
      Op(kPushConstant, 5461), Op(kPushConstant, 16384), Op(kTurn, 1, kAxisY),
      Op(kPushConstant, 819200), Op(kPushConstant, 409600), Op(kMove, 2, kAxisZ),
      Op(kPushConstant, -8192), Op(kTurnNow, 0, kAxisX),
      Op(kPushConstant, 0), Op(kMoveNow, 3, kAxisY),
      Op(kPushConstant, 1820), Op(kPushConstant, 18204), Op(kSpin, 1, kAxisY),
      Op(kPushConstant, 0), Op(kPushConstant, 9102), Op(kSpin, 0, kAxisZ),
      Op(kPushConstant, 1820), Op(kStopSpin, 1, kAxisY),
      Op(kPushConstant, 0), Op(kStopSpin, 0, kAxisZ),
      Op(kWaitForTurn, 1, kAxisY), Op(kWaitForMove, 2, kAxisZ), Ret0()}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    turn turret to y-axis <90> speed <30>;\n"
            "    move sleeve to z-axis [2.5] speed [5];\n"
            "    turn base to x-axis <-45> now;\n"
            "    move flare to y-axis [0] now;\n"
            "    spin turret around y-axis speed <100> accelerate <10>;\n"
            "    spin base around z-axis speed <50>;\n"
            "    stop-spin turret around y-axis decelerate <10>;\n"
            "    stop-spin base around z-axis;\n"
            "    wait-for-turn turret around y-axis;\n"
            "    wait-for-move sleeve along z-axis;\n"
            "}\n");
  EXPECT_TRUE(d.fallbacks.empty());
}

TEST(CobDecompileStatements, Visibility) {
  const cob::Decompiled d = DecompileOne(Code({
      Op(kShow, 3), Op(kHide, 3), Op(kCache, 0), Op(kDontCache, 0), Op(kShade, 1),
      Op(kDontShade, 1), Op(kDontShadow, 2), Ret0()}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    show flare;\n"
            "    hide flare;\n"
            "    cache base;\n"
            "    dont-cache base;\n"
            "    shade turret;\n"
            "    dont-shade turret;\n"
            "    dont-shadow sleeve;\n"
            "}\n");
}

TEST(CobDecompileStatements, EffectsNamedFromSfxtypeAndExptype) {
  const cob::Decompiled d = DecompileOne(Code({
      Op(kPushConstant, 257), Op(kEmitSfx, 3),
      // SFXTYPE_BLACKSMOKE as sfxtype.h defines it: (SFXTYPE_POINTBASED | 2).
      Op(kPushConstant, 256), Op(kPushConstant, 2), Op(kOr), Op(kEmitSfx, 3),
      Op(kPushConstant, 1024), Op(kPushConstant, 3), Op(kAdd), Op(kEmitSfx, 2),
      Op(kPushConstant, 3), Op(kExplode, 0),
      Op(kPushConstant, 4 | 8 | 16 | 256), Op(kExplode, 1),
      Op(kPushConstant, 32), Op(kPushConstant, 256), Op(kOr), Op(kExplode, 2),
      Op(kPushConstant, 64), Op(kExplode, 3), Ret0()}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    emit-sfx SFXTYPE_WHITESMOKE from flare;\n"
            "    emit-sfx SFXTYPE_BLACKSMOKE from flare;\n"
            "    emit-sfx 1024 + 3 from sleeve;\n"
            "    explode base type SHATTER | EXPLODE_ON_HIT;\n"
            "    explode turret type FALL | SMOKE | FIRE | BITMAP1;\n"
            "    explode sleeve type BITMAPONLY | BITMAP1;\n"
            "    explode flare type 64;\n"  // no exptype.h name for 64
            "}\n");
}

TEST(CobDecompileStatements, SleepAndSignals) {
  const cob::Decompiled d = DecompileOne(Code({
      Op(kPushConstant, 2), Op(kSignal), Op(kPushConstant, 2), Op(kSetSignalMask),
      Op(kPushConstant, 150), Op(kSleep), Op(kPushStatic, 0), Op(kSleep), Ret0()}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    signal 2;\n"
            "    set-signal-mask 2;\n"
            "    sleep 150;\n"
            "    sleep Static_Var_1;\n"
            "}\n");
}

TEST(CobDecompileStatements, UnitValuesGetSetAndRand) {
  const cob::Decompiled d = DecompileOne(Code({
      Op(kPushConstant, 1), Op(kPushConstant, 1), Op(kSet),
      Op(kPushConstant, 5), Op(kPushConstant, 0), Op(kSet),
      Op(kPushConstant, 4), Op(kGetUnitValue), Op(kPopStatic, 0),
      // get PIECE_XZ(turret): the value id, then four arguments, zeros padding.
      Op(kPushConstant, 7), Op(kPushConstant, 1), Op(kPushConstant, 0), Op(kPushConstant, 0),
      Op(kPushConstant, 0), Op(kGet), Op(kPopStatic, 1),
      Op(kPushConstant, 15), Op(kPushStatic, 0), Op(kPushStatic, 1), Op(kPushConstant, 0),
      Op(kPushConstant, 0), Op(kGet), Op(kPopStatic, 2),
      Op(kPushConstant, 96), Op(kGetUnitValue), Op(kPopStatic, 2),
      // A get whose value is dropped: a statement of its own.
      Op(kPushConstant, 12), Op(kPushStatic, 0), Op(kPushConstant, 0), Op(kPushConstant, 0),
      Op(kPushConstant, 0), Op(kGet), Op(kPopStack),
      Op(kPushConstant, 10), Op(kPushConstant, 20), Op(kRand), Op(kPopStatic, 0),
      Op(kPushConstant, -1820), Op(kPushConstant, 1820), Op(kRand), Op(kTurnNow, 1, kAxisY),
      Ret0()}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    set ACTIVATION to 1;\n"
            "    set INBUILDSTANCE to 0;\n"
            "    Static_Var_1 = get HEALTH;\n"
            "    Static_Var_2 = get PIECE_XZ(turret);\n"
            "    Static_Var_3 = get HYPOT(Static_Var_1, Static_Var_2);\n"
            "    Static_Var_3 = get UNKNOWN_UNIT_VALUE(96);\n"
            "    get XZ_ATAN(Static_Var_1);\n"
            "    Static_Var_1 = rand(10, 20);\n"
            "    turn turret to y-axis rand(<-10>, <10>) now;\n"
            "}\n");
  EXPECT_TRUE(d.fallbacks.empty());
}

TEST(CobDecompileStatements, StartAndCallScriptWithArguments) {
  CobSpec spec;
  spec.pieces = kDecompilePieces;
  spec.static_count = 1;
  spec.scripts = {
      {"Create", Code({Op(kPushConstant, 1), Op(kPushStatic, 0), Op(kStartScript, 1, 2),
                       Op(kPushConstant, 2), Op(kPushConstant, 3), Op(kAdd),
                       Op(kCallScript, 1, 1), Op(kCallScript, 2, 0), Ret0()})},
      // Two locals; the start passes two arguments, so both are parameters.
      {"Helper", Code({Op(kCreateLocal), Op(kCreateLocal), Op(kPushLocal, 1), Op(kSleep), Ret0()})},
      {"Other", Ret0()},
  };
  const cob::Cob cob = ReadSpec(spec);
  EXPECT_EQ(cob::DecompileScript(cob, 0).source,
            "Create()\n"
            "{\n"
            "    start-script Helper(1, Static_Var_1);\n"
            "    call-script Helper(2 + 3);\n"
            "    call-script Other();\n"
            "}\n");
  EXPECT_EQ(cob::DecompileScript(cob, 1).source,
            "Helper(Func_Var_1, Func_Var_2)\n"
            "{\n"
            "    sleep Func_Var_2;\n"
            "}\n");
}

TEST(CobDecompileStatements, TransportsAndReturnValues) {
  const cob::Decompiled d = DecompileOne(Code({
      Op(kPushStatic, 0), Op(kPushConstant, 3), Op(kPushConstant, 0), Op(kAttachUnit),
      Op(kPushStatic, 0), Op(kDropUnit),
      Op(kPushStatic, 1), Op(kPushConstant, 1), Op(kAdd), Op(kReturn)}));
  EXPECT_EQ(d.source,
            "Test()\n"
            "{\n"
            "    attach-unit Static_Var_1 to flare;\n"
            "    drop-unit Static_Var_1;\n"
            "    return (Static_Var_2 + 1);\n"
            "}\n");
}

TEST(CobDecompileStatements, PlaySoundNamesTheKingdomsSound) {
  CobSpec spec;
  spec.version = 6;
  spec.pieces = kDecompilePieces;
  spec.sounds = {"boom", "ding"};
  spec.scripts = {{"Test", Code({Op(kPushConstant, 10), Op(kPlaySound, 1), Ret0()})}};
  EXPECT_EQ(cob::DecompileScript(ReadSpec(spec), 0).source,
            "Test()\n"
            "{\n"
            "    play-sound(\"ding\", 10);\n"
            "}\n");
}

}  // namespace
}  // namespace kbot::testing
