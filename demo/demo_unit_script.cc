// scripts/ARAKNIGHT.cob: the demo knight's unit script (its BOS source is in
// demo/demo_units.h), compiled here by hand the way TA's compiler lays code
// out (docs/formats/cob_decompile.md, "Control flow") and written in the
// version 4 layout of docs/formats/cob.md.
#include <cstdint>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "demo/demo_unit_parts.h"
#include "formats/common/byte_writer.h"

namespace kbot::demo {

namespace {

// Opcodes (docs/formats/cob.md, "Opcodes").
constexpr uint32_t kKnightOpMove = 0x10001000, kKnightOpTurn = 0x10002000,
                   kKnightOpWaitForTurn = 0x10011000, kKnightOpSleep = 0x10013000;
constexpr uint32_t kKnightOpPushConstant = 0x10021001, kKnightOpPushLocal = 0x10021002,
                   kKnightOpCreateLocal = 0x10022000, kKnightOpPopLocal = 0x10023002,
                   kKnightOpPopStatic = 0x10023004;
constexpr uint32_t kKnightOpSub = 0x10032000, kKnightOpOr = 0x10036000;
constexpr uint32_t kKnightOpGetUnitValue = 0x10042000, kKnightOpLessOrEqual = 0x10052000;
constexpr uint32_t kKnightOpStartScript = 0x10061000, kKnightOpJump = 0x10064000,
                   kKnightOpReturn = 0x10065000, kKnightOpJumpIfFalse = 0x10066000,
                   kKnightOpSignal = 0x10067000, kKnightOpSetSignalMask = 0x10068000;
constexpr uint32_t kKnightOpExplode = 0x10071000;
constexpr uint32_t kKnightX = 0, kKnightY = 1, kKnightZ = 2;

// The script's piece table: the model's pieces but "flare", and a "cape"
// the model lacks.
enum KnightPiece : uint32_t {
  kKnightBase,
  kKnightTorso,
  kKnightHead,
  kKnightCape,
  kKnightLarm,
  kKnightShield,
  kKnightRarm,
  kKnightSword,
  kKnightLleg,
  kKnightRleg
};
constexpr const char* kKnightPieceNames[] = {"base",   "torso", "head",  "cape", "larm",
                                             "shield", "rarm",  "sword", "lleg", "rleg"};
// The script table, in the order the source declares them.
enum KnightScript : uint32_t {
  kKnightCreate,
  kKnightStartMoving,
  kKnightStopMoving,
  kKnightWalk,
  kKnightAimPrimary,
  kKnightFirePrimary,
  kKnightQueryPrimary,
  kKnightAimFromPrimary,
  kKnightSweetSpot,
  kKnightKilled
};
constexpr const char* kKnightScriptNames[] = {
    "Create",      "StartMoving",  "StopMoving",     "Walk",      "AimPrimary",
    "FirePrimary", "QueryPrimary", "AimFromPrimary", "SweetSpot", "Killed"};

// TA's compiler's constants (cob_decompile.md, "Constants"): <deg> is
// trunc(deg * 65536 / 360), [x] is trunc(x * 163840).
constexpr int32_t KnightAngle(int32_t degrees) { return degrees * 65536 / 360; }
constexpr int32_t KnightLinear(double units) { return int32_t(units * 163840); }

// Exptype.h's values.
constexpr int32_t kKnightFall = 4, kKnightSmoke = 8, kKnightBitmapOnly = 32;
constexpr int32_t kKnightBuildPercentLeft = 17;

// The code of every script, one after another in table order; jump targets
// are absolute word indices from the code's start.
class KnightCode {
 public:
  KnightCode& Op(uint32_t opcode) {
    words_.push_back(opcode);
    return *this;
  }
  KnightCode& Op(uint32_t opcode, uint32_t a) { return Op(opcode).Word(a); }
  KnightCode& Op(uint32_t opcode, uint32_t a, uint32_t b) { return Op(opcode).Word(a).Word(b); }
  KnightCode& Push(int32_t value) { return Op(kKnightOpPushConstant, uint32_t(value)); }
  // turn PIECE to AXIS <target> speed <speed>: the speed is pushed first.
  KnightCode& Turn(uint32_t piece, uint32_t axis, int32_t target, int32_t speed) {
    return Push(KnightAngle(speed)).Push(KnightAngle(target)).Op(kKnightOpTurn, piece, axis);
  }
  KnightCode& Move(uint32_t piece, uint32_t axis, double target, double speed) {
    return Push(KnightLinear(speed)).Push(KnightLinear(target)).Op(kKnightOpMove, piece, axis);
  }
  KnightCode& Sleep(int32_t ms) { return Push(ms).Op(kKnightOpSleep); }
  // return (0); which the compiler appends to a function not ending in one.
  KnightCode& ReturnZero() { return Push(0).Op(kKnightOpReturn); }
  // A script begins here.
  void Start() { starts_.push_back(Here()); }
  uint32_t Here() const { return uint32_t(words_.size()); }
  // A jump whose target Land sets later; returns where its operand is.
  size_t Forward(uint32_t opcode) {
    Op(opcode, 0);
    return words_.size() - 1;
  }
  void Land(size_t operand) { words_[operand] = Here(); }

  const std::vector<uint32_t>& words() const { return words_; }
  const std::vector<uint32_t>& starts() const { return starts_; }

 private:
  KnightCode& Word(uint32_t w) {
    words_.push_back(w);
    return *this;
  }
  std::vector<uint32_t> words_;
  std::vector<uint32_t> starts_;
};

// Create: Static_Var_1 = 0; while (get BUILD_PERCENT_LEFT) sleep 250;
void KnightCreate(KnightCode& c) {
  c.Start();
  c.Push(0).Op(kKnightOpPopStatic, 0);
  const uint32_t top = c.Here();
  c.Push(kKnightBuildPercentLeft).Op(kKnightOpGetUnitValue);
  const size_t out = c.Forward(kKnightOpJumpIfFalse);
  c.Sleep(250).Op(kKnightOpJump, top);
  c.Land(out);
  c.ReturnZero();
}

void KnightMoving(KnightCode& c) {
  c.Start();  // StartMoving
  c.Push(1).Op(kKnightOpPopStatic, 0).Op(kKnightOpStartScript, kKnightWalk, 0).ReturnZero();
  c.Start();  // StopMoving
  c.Push(4).Op(kKnightOpSignal).Push(0).Op(kKnightOpPopStatic, 0);
  for (uint32_t piece : {kKnightLleg, kKnightRleg, kKnightLarm, kKnightRarm, kKnightCape}) {
    c.Turn(piece, kKnightX, 0, 200);
  }
  c.ReturnZero();
}

// Walk: set-signal-mask 4; while (TRUE) { one stride; the other; }
void KnightWalk(KnightCode& c) {
  c.Start();
  c.Push(4).Op(kKnightOpSetSignalMask);
  const uint32_t top = c.Here();
  c.Push(1);
  const size_t out = c.Forward(kKnightOpJumpIfFalse);
  for (int32_t stride : {1, -1}) {
    c.Turn(kKnightLleg, kKnightX, -30 * stride, 180).Turn(kKnightRleg, kKnightX, 30 * stride, 180);
    c.Turn(kKnightLarm, kKnightX, 15 * stride, 90).Turn(kKnightRarm, kKnightX, -15 * stride, 90);
    c.Turn(kKnightCape, kKnightX, 10 + 10 * stride, 60).Sleep(330);
  }
  c.Op(kKnightOpJump, top);
  c.Land(out);
  c.ReturnZero();
}

// AimPrimary(heading, pitch) and FirePrimary.
void KnightWeapon(KnightCode& c) {
  c.Start();
  c.Op(kKnightOpCreateLocal).Op(kKnightOpCreateLocal);
  c.Push(2).Op(kKnightOpSignal).Push(2).Op(kKnightOpSetSignalMask);
  c.Push(KnightAngle(300)).Op(kKnightOpPushLocal, 0).Op(kKnightOpTurn, kKnightTorso, kKnightY);
  c.Push(KnightAngle(200)).Push(0).Op(kKnightOpPushLocal, 1).Op(kKnightOpSub);
  c.Op(kKnightOpTurn, kKnightRarm, kKnightX);
  c.Op(kKnightOpWaitForTurn, kKnightTorso, kKnightY);
  c.Push(1).Op(kKnightOpReturn);
  c.Start();
  c.Turn(kKnightSword, kKnightX, 70, 720).Move(kKnightRarm, kKnightZ, 0.4, 4).Sleep(200);
  c.Turn(kKnightSword, kKnightX, 0, 360).Move(kKnightRarm, kKnightZ, 0, 2).ReturnZero();
}

// QueryPrimary, AimFromPrimary, SweetSpot: piecenum = PIECE;
void KnightPieceQueries(KnightCode& c) {
  for (uint32_t piece : {kKnightSword, kKnightTorso, kKnightBase}) {
    c.Start();
    c.Op(kKnightOpCreateLocal).Push(int32_t(piece)).Op(kKnightOpPopLocal, 0).ReturnZero();
  }
}

// Killed(severity, corpsetype): a light death leaves the torso as a
// bitmap; a heavy one throws the head, falling and smoking.
void KnightKilled(KnightCode& c) {
  c.Start();
  c.Op(kKnightOpCreateLocal).Op(kKnightOpCreateLocal);
  c.Op(kKnightOpPushLocal, 0).Push(25).Op(kKnightOpLessOrEqual);
  const size_t heavy = c.Forward(kKnightOpJumpIfFalse);
  c.Push(1).Op(kKnightOpPopLocal, 1).Push(kKnightBitmapOnly).Op(kKnightOpExplode, kKnightTorso);
  c.ReturnZero();
  c.Land(heavy);
  c.Push(2).Op(kKnightOpPopLocal, 1);
  c.Push(kKnightFall).Push(kKnightSmoke).Op(kKnightOpOr).Op(kKnightOpExplode, kKnightHead);
  c.ReturnZero();
}

KnightCode KnightCompiled() {
  KnightCode c;
  KnightCreate(c);
  KnightMoving(c);
  KnightWalk(c);
  KnightWeapon(c);
  KnightPieceQueries(c);
  KnightKilled(c);
  return c;
}

}  // namespace

// The TA compiler's order: the 11-word header, the code, the script start
// table, the script name table, the piece name table, then the names
// (scripts', then pieces'), which the header's 0x28 points at.
std::vector<uint8_t> KnightScriptCob() {
  const KnightCode code = KnightCompiled();
  const uint32_t scripts = uint32_t(std::size(kKnightScriptNames));
  const uint32_t pieces = uint32_t(std::size(kKnightPieceNames));
  const uint32_t code_at = 44, code_words = uint32_t(code.words().size());
  const uint32_t starts_at = code_at + 4 * code_words;
  const uint32_t script_names_at = starts_at + 4 * scripts;
  const uint32_t piece_names_at = script_names_at + 4 * scripts;
  const uint32_t names_at = piece_names_at + 4 * pieces;
  std::vector<uint8_t> out;
  for (uint32_t v : {4u, scripts, pieces, code_words, 1u /* statics */, 0u, starts_at,
                     script_names_at, piece_names_at, code_at, names_at}) {
    AppendU32(out, v);
  }
  for (uint32_t w : code.words()) AppendU32(out, w);
  for (uint32_t s : code.starts()) AppendU32(out, s);
  std::vector<uint8_t> names;
  auto name_table = [&](const auto& list) {
    for (const char* n : list) {
      AppendU32(out, names_at + uint32_t(names.size()));
      names.insert(names.end(), n, n + std::char_traits<char>::length(n) + 1);
    }
  };
  name_table(kKnightScriptNames);
  name_table(kKnightPieceNames);
  out.insert(out.end(), names.begin(), names.end());
  return out;
}

}  // namespace kbot::demo
