#include "tests/support/cob_bytes.h"

#include <numeric>

namespace kbot::testing {

using namespace cobop;

namespace {

constexpr size_t kTaHeaderWords = 11, kKingdomsHeaderWords = 13;

void CobAppendU32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

std::vector<size_t> CodeOrder(const CobSpec& spec) {
  if (!spec.code_order.empty()) return spec.code_order;
  std::vector<size_t> order(spec.scripts.size());
  std::iota(order.begin(), order.end(), size_t(0));
  return order;
}

// Appends each name NUL-terminated; returns where each one went.
std::vector<uint32_t> CobAppendNames(std::vector<uint8_t>& out,
                                     const std::vector<std::string>& names) {
  std::vector<uint32_t> at;
  for (const std::string& name : names) {
    at.push_back(uint32_t(out.size()));
    out.insert(out.end(), name.begin(), name.end());
    out.push_back(0);
  }
  return at;
}

std::vector<std::string> ScriptNames(const CobSpec& spec) {
  std::vector<std::string> names;
  for (const CobScriptSpec& s : spec.scripts) names.push_back(s.name);
  return names;
}

}  // namespace

std::vector<uint32_t> Code(std::initializer_list<std::vector<uint32_t>> parts) {
  std::vector<uint32_t> out;
  for (const std::vector<uint32_t>& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

uint32_t CobLayout::Word(size_t at) const {
  return uint32_t(bytes[at]) | (uint32_t(bytes[at + 1]) << 8) | (uint32_t(bytes[at + 2]) << 16) |
         (uint32_t(bytes[at + 3]) << 24);
}

void CobLayout::SetWord(size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes[at + i] = uint8_t(v >> (8 * i));
}

std::vector<uint32_t> CobScriptStarts(const CobSpec& spec) {
  std::vector<uint32_t> starts(spec.scripts.size(), 0);
  uint32_t next = 0;
  for (size_t i : CodeOrder(spec)) {
    starts[i] = next;
    next += uint32_t(spec.scripts[i].code.size());
  }
  return starts;
}

CobLayout LayOutCob(const CobSpec& spec) {
  CobLayout l;
  const bool kingdoms = spec.version == 6;
  l.header_bytes = 4 * (kingdoms ? kKingdomsHeaderWords : kTaHeaderWords);
  l.bytes.assign(l.header_bytes, 0);
  l.starts = CobScriptStarts(spec);
  l.code = l.bytes.size();
  for (size_t i : CodeOrder(spec)) {
    for (uint32_t w : spec.scripts[i].code) CobAppendU32(l.bytes, w);
    l.code_length += uint32_t(spec.scripts[i].code.size());
  }
  const size_t n_scripts = spec.scripts.size(), n_pieces = spec.pieces.size();
  const size_t n_sounds = kingdoms ? spec.sounds.size() : 0;
  l.script_starts = l.bytes.size();
  l.script_names = l.script_starts + 4 * n_scripts;
  l.piece_names = l.script_names + 4 * n_scripts;
  l.sound_names = kingdoms ? l.piece_names + 4 * n_pieces : 0;
  l.names = l.piece_names + 4 * n_pieces + 4 * n_sounds;
  l.bytes.resize(l.names, 0);
  const std::vector<uint32_t> script_at = CobAppendNames(l.bytes, ScriptNames(spec));
  const std::vector<uint32_t> piece_at = CobAppendNames(l.bytes, spec.pieces);
  std::vector<uint32_t> sound_at;
  if (kingdoms) sound_at = CobAppendNames(l.bytes, spec.sounds);
  for (size_t i = 0; i < n_scripts; ++i) {
    l.SetWord(l.script_starts + 4 * i, l.starts[i]);
    l.SetWord(l.script_names + 4 * i, script_at[i]);
  }
  for (size_t i = 0; i < n_pieces; ++i) l.SetWord(l.piece_names + 4 * i, piece_at[i]);
  for (size_t i = 0; i < n_sounds; ++i) l.SetWord(l.sound_names + 4 * i, sound_at[i]);

  l.SetWord(kCobVersionAt, spec.version);
  l.SetWord(kCobScriptCountAt, uint32_t(n_scripts));
  l.SetWord(kCobPieceCountAt, uint32_t(n_pieces));
  l.SetWord(kCobCodeLengthAt, l.code_length);
  l.SetWord(kCobStaticCountAt, spec.static_count);
  l.SetWord(kCobScriptStartsAt, uint32_t(l.script_starts));
  l.SetWord(kCobScriptNamesAt, uint32_t(l.script_names));
  l.SetWord(kCobPieceNamesAt, uint32_t(l.piece_names));
  l.SetWord(kCobCodeAt, uint32_t(l.code));
  l.SetWord(kCobNameAreaAt, uint32_t(l.names));
  if (kingdoms) {
    l.SetWord(spec.sound_count_first ? kCobSoundCountAt : kCobSoundTableAt,
              uint32_t(l.sound_names));
    l.SetWord(spec.sound_count_first ? kCobSoundTableAt : kCobSoundCountAt, uint32_t(n_sounds));
  }
  return l;
}

namespace {


// A small deterministic generator (the fixtures must not change between runs).
uint32_t CobNextRandom(uint32_t& state) {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

// One block of realistic instructions (about 8 to 12), appended to `code`.
void AppendSyntheticBlock(std::vector<uint32_t>& code, uint32_t& state, uint32_t script_start,
                          uint32_t script_count) {
  const uint32_t piece = CobNextRandom(state) % 6, axis = CobNextRandom(state) % 3;
  switch (CobNextRandom(state) % 5) {
    case 0:  // turn piece to y-axis <angle> speed <speed>; wait-for-turn
      code.insert(code.end(), {kPushConstant, 182 * (CobNextRandom(state) % 90), kPushConstant,
                               182 * (CobNextRandom(state) % 360), kTurn, piece, axis,
                               kWaitForTurn, piece, axis});
      break;
    case 1:  // move piece to x-axis [n] speed [s]
      code.insert(code.end(), {kPushConstant, 65536 * (CobNextRandom(state) % 20), kPushConstant,
                               CobNextRandom(state) % 655360, kMove, piece, axis, kSleep});
      code.insert(code.end() - 1, {kPushConstant, 100 + CobNextRandom(state) % 500});
      break;
    case 2:  // static = static + local * 3
      code.insert(code.end(), {kPushStatic, piece % 3, kPushLocal, 0, kPushConstant, 3, kMul, kAdd,
                               kPopStatic, piece % 3});
      break;
    case 3:  // if (local < n) { show piece } else hide
    {
      const uint32_t here = script_start + uint32_t(code.size());
      code.insert(code.end(), {kPushLocal, 0, kPushConstant, CobNextRandom(state) % 10, kSetLess,
                               kJumpIfFalse, here + 11, kShow, piece, kJump, here + 13, kHide,
                               piece});
      break;
    }
    default:  // start-script sibling(local); signal 2
      code.insert(code.end(), {kPushLocal, 0, kStartScript, CobNextRandom(state) % script_count, 1,
                               kPushConstant, 2, kSignal});
      break;
  }
}

}  // namespace

namespace {

// Killed(severity, corpsetype): explode by severity, with an if / else.
std::vector<uint32_t> FixtureKilled(uint32_t start) {
  std::vector<uint32_t> c = Code({Op(kCreateLocal), Op(kCreateLocal), Op(kPushLocal, 0),
                                  Op(kPushConstant, 25), Op(kSetLessOrEqual)});
  const size_t else_jump = c.size();
  c = Code({c, Op(kJumpIfFalse, 0), Op(kPushConstant, 1), Op(kPopLocal, 1),
            Op(kPushConstant, 3), Op(kExplode, 1), Op(kPushConstant, 0), Op(kReturn)});
  c[else_jump + 1] = start + uint32_t(c.size());
  return Code({c, Op(kPushConstant, 2), Op(kPopLocal, 1), Op(kPushConstant, 16), Op(kExplode, 2),
               Op(kPushConstant, 0), Op(kPlaySound, 0), Op(kPushConstant, 0), Op(kReturn)});
}

// Create's first part: every piece opcode, with the constants BOS gives them.
std::vector<uint32_t> FixtureCreatePieces() {
  return Code({Op(kCreateLocal), Op(kHide, 2), Op(kShow, 1), Op(kCache, 0), Op(kDontCache, 0),
               Op(kShade, 0), Op(kDontShade, 0),
               Op(kPushConstant, 327680), Op(kPushConstant, 163840), Op(kMove, 1, kAxisZ),
               Op(kPushConstant, uint32_t(-65536)), Op(kMoveNow, 2, kAxisY),
               Op(kPushConstant, 5461), Op(kPushConstant, 16384), Op(kTurn, 1, kAxisY),
               Op(kPushConstant, 8192), Op(kTurnNow, 2, kAxisX),
               Op(kPushConstant, 1820), Op(kPushConstant, 18204), Op(kSpin, 0, kAxisY),
               Op(kPushConstant, 910), Op(kStopSpin, 0, kAxisY),
               Op(kWaitForTurn, 1, kAxisY), Op(kWaitForMove, 1, kAxisZ),
               Op(kPushConstant, 257), Op(kEmitSfx, 2), Op(kWaitForTurn, 1, 7), Op(kShow, 5)});
}

// Create's loop: while (var0 < 4) { var0 = var0 + 1; sleep 100; }
std::vector<uint32_t> FixtureCreateLoop(uint32_t here) {
  std::vector<uint32_t> c = Code({Op(kPushLocal, 0), Op(kPushConstant, 4), Op(kSetLess)});
  const size_t exit_jump = c.size();
  c = Code({c, Op(kJumpIfFalse, 0), Op(kPushLocal, 0), Op(kPushConstant, 1), Op(kAdd),
            Op(kPopLocal, 0), Op(kPushConstant, 100), Op(kSleep), Op(kJump, here)});
  c[exit_jump + 1] = here + uint32_t(c.size());
  return c;
}

// Create's expressions, unit values and threads.
std::vector<uint32_t> FixtureCreateRest() {
  return Code({
      Op(kPushStatic, 0), Op(kPushStatic, 1), Op(kSub), Op(kPushConstant, 3), Op(kMul),
      Op(kPushConstant, 2), Op(kDiv), Op(kPushConstant, 7), Op(kAnd), Op(kPushConstant, 8),
      Op(kOr), Op(kPushConstant, 1), Op(kXor), Op(kNot), Op(kPopStatic, 1),
      Op(kPushStatic, 1), Op(kPushConstant, 0), Op(kSetLess), Op(kPushStatic, 1),
      Op(kPushConstant, 9), Op(kSetGreater), Op(kLogicalAnd), Op(kPushStatic, 0),
      Op(kPushConstant, 1), Op(kSetGreaterOrEqual), Op(kLogicalOr), Op(kPushStatic, 0),
      Op(kPushConstant, 2), Op(kSetLessOrEqual), Op(kPushStatic, 0), Op(kPushConstant, 3),
      Op(kSetEqual), Op(kLogicalXor), Op(kLogicalOr), Op(kPushStatic, 0), Op(kPushConstant, 4),
      Op(kSetNotEqual), Op(kLogicalNot), Op(kLogicalAnd), Op(kPopStack),
      Op(kPushConstant, 1), Op(kGetUnitValue), Op(kPopStatic, 0),
      Op(kPushConstant, 4), Op(kPushConstant, 0), Op(kPushConstant, 0), Op(kPushConstant, 0),
      Op(kPushConstant, 0), Op(kGet), Op(kPopStack), Op(kPushConstant, 1), Op(kPushConstant, 0),
      Op(kSet), Op(kPushConstant, 1), Op(kPushConstant, 10), Op(kRand), Op(kPopStack),
      Op(kPushConstant, 2), Op(kSetSignalMask), Op(kPushConstant, 2), Op(kSignal),
      Op(kPushConstant, 0), Op(kPushConstant, 0), Op(kStartScript, 1, 2),
      Op(kPushConstant, 50), Op(kPushConstant, 1), Op(kCallScript, 2, 2),
      Op(kCallScript, 7, 0), Op(kPushStatic, 0), Op(kPushConstant, 1), Op(kPushConstant, 0),
      Op(kAttachUnit), Op(kPushStatic, 0), Op(kDropUnit), Op(kPushConstant, 0), Op(kReturn)});
}

// AimPrimary(heading, pitch): turn to the locals; a constant consumed
// through SUB is not annotated; a jump out of the script after RETURN.
std::vector<uint32_t> FixtureAimPrimary() {
  return Code({Op(kCreateLocal), Op(kCreateLocal), Op(kPushConstant, 2), Op(kSignal),
               Op(kPushConstant, 2), Op(kSetSignalMask), Op(kPushConstant, 36408),
               Op(kPushLocal, 0), Op(kTurn, 1, kAxisY), Op(kPushConstant, 9102),
               Op(kPushLocal, 1), Op(kPushConstant, 0), Op(kSub), Op(kTurn, 2, kAxisX),
               Op(kWaitForTurn, 1, kAxisY), Op(kWaitForTurn, 2, kAxisX), Op(kPushConstant, 1),
               Op(kReturn), Op(kJump, 3)});
}

}  // namespace

CobSpec AllFamiliesCob() {
  CobSpec spec;
  spec.pieces = {"base", "turret", "barrel"};
  spec.static_count = 2;
  spec.code_order = {2, 0, 1};
  const std::vector<uint32_t> killed = FixtureKilled(0);
  const uint32_t create_start = uint32_t(killed.size());
  std::vector<uint32_t> create = FixtureCreatePieces();
  create = Code({create, FixtureCreateLoop(create_start + uint32_t(create.size())),
                 FixtureCreateRest()});
  spec.scripts = {{"Create", create}, {"AimPrimary", FixtureAimPrimary()}, {"Killed", killed}};
  return spec;
}

CobSpec SyntheticCob(int scripts, int instructions, uint32_t seed) {
  static const char* const kNames[] = {"Create",        "StartMoving",    "StopMoving",
                                       "AimPrimary",    "AimFromPrimary", "QueryPrimary",
                                       "FirePrimary",   "Killed",         "SweetSpot",
                                       "SetMaxReloadTime"};
  CobSpec spec;
  spec.pieces = {"base", "turret", "sleeve", "barrel", "flare", "wake"};
  spec.static_count = 3;
  uint32_t state = seed, start = 0;
  for (int s = 0; s < scripts; ++s) {
    CobScriptSpec script;
    script.name = s < 10 ? kNames[s] : "Script" + std::to_string(s);
    script.code = {kCreateLocal};
    // A block averages about 5 instructions.
    while (int(script.code.size()) < instructions * 2) {
      AppendSyntheticBlock(script.code, state, start, uint32_t(scripts));
    }
    script.code.insert(script.code.end(), {kPushConstant, 0, kReturn});
    start += uint32_t(script.code.size());
    spec.scripts.push_back(std::move(script));
  }
  return spec;
}

}  // namespace kbot::testing
