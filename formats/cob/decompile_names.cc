// A script's parameters and locals. COB declares neither: a script starts
// with one CREATE_LOCAL_VAR per parameter and local alike, and a call passes
// its arguments into the first ones. The parameters are therefore inferred
// (docs/formats/cob_decompile.md, "Parameters"): the engine's standard
// scripts' known signatures, the argument counts of the calls and starts
// in the same file, and the locals read before anything writes them.
#include <algorithm>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/match.h"
#include "formats/cob/decompile_internal.h"

namespace kbot::cob::bos {

namespace {

struct DnSignature {
  const char* script;
  const char* params[3];  // nullptr-terminated
};

// Scripts the engine calls, with the parameters it passes (names as the
// public decompilers and Cavedog's scripts spell them; see the doc).
constexpr DnSignature kDnSignatures[] = {
    {"AimPrimary", {"heading", "pitch", nullptr}},
    {"AimSecondary", {"heading", "pitch", nullptr}},
    {"AimTertiary", {"heading", "pitch", nullptr}},
    {"AimFromPrimary", {"piecenum", nullptr}},
    {"AimFromSecondary", {"piecenum", nullptr}},
    {"AimFromTertiary", {"piecenum", nullptr}},
    {"QueryPrimary", {"piecenum", nullptr}},
    {"QuerySecondary", {"piecenum", nullptr}},
    {"QueryTertiary", {"piecenum", nullptr}},
    {"SweetSpot", {"piecenum", nullptr}},
    {"QueryNanoPiece", {"piecenum", nullptr}},
    {"QueryBuildInfo", {"piecenum", nullptr}},
    {"QueryTransport", {"piecenum", nullptr}},
    {"QueryLandingPad", {"piece1", "piece2", nullptr}},
    {"StartBuilding", {"heading", "pitch", nullptr}},
    {"Killed", {"severity", "corpsetype", nullptr}},
    {"HitByWeapon", {"anglex", "anglez", nullptr}},
    {"RockUnit", {"anglex", "anglez", nullptr}},
    {"SetMaxReloadTime", {"time", nullptr}},
    {"SetSpeed", {"the_speed", nullptr}},
    {"SetDirection", {"heading", nullptr}},
    {"TransportPickup", {"unitid", nullptr}},
    {"TransportDrop", {"unitid", "position", nullptr}},
    {"BeginTransport", {"unitid", nullptr}},
    {"RequestState", {"requestedstate", nullptr}},
};

const DnSignature* DnFindSignature(const std::string& script) {
  for (const DnSignature& s : kDnSignatures) {
    if (absl::EqualsIgnoreCase(s.script, script)) return &s;
  }
  return nullptr;
}

size_t DnParamCount(const DnSignature* s) {
  size_t n = 0;
  while (s != nullptr && n < 3 && s->params[n] != nullptr) ++n;
  return n;
}

bool DnIsPieceParam(const char* name) { return absl::StartsWith(name, "piece"); }

// A name already taken by a piece or a script would change what the text means.
bool DnNameTaken(const Cob& cob, const std::string& name) {
  for (const std::string& p : cob.pieces) {
    if (absl::EqualsIgnoreCase(p, name)) return true;
  }
  for (const Script& s : cob.scripts) {
    if (absl::EqualsIgnoreCase(s.name, name)) return true;
  }
  return false;
}

// 1 + the highest local read before anything writes it, in code order: a
// value the script did not make, so one its caller passed.
size_t DnReadBeforeWritten(const DecodedScript& code) {
  std::vector<bool> written;
  size_t count = 0;
  for (const Instruction& in : code.instructions) {
    const uint32_t i = in.operands[0];
    if (in.op->value == op::kPopLocal && i < 4096) {
      if (written.size() <= i) written.resize(i + 1, false);
      written[i] = true;
    } else if (in.op->value == op::kPushLocal && (i >= written.size() || !written[i])) {
      count = std::max<size_t>(count, size_t(i) + 1);
    }
  }
  return count;
}

// Undeclared locals the code still uses get declared, up to this many past
// the declared ones (further out the file is hostile, and the instructions
// using them are kept as disassembly).
constexpr size_t kDnMaxUndeclared = 64;

// 1 + the highest local the code uses below `limit`.
size_t DnHighestLocal(const DecodedScript& code, size_t limit) {
  size_t count = 0;
  for (const Instruction& in : code.instructions) {
    if ((in.op->value == op::kPushLocal || in.op->value == op::kPopLocal) && in.operands[0] < limit) {
      count = std::max<size_t>(count, size_t(in.operands[0]) + 1);
    }
  }
  return count;
}

}  // namespace

bool IsBareReturn(const Cob& cob, const DecodedScript& code, size_t pos) {
  return cob.version == kVersionKingdoms && pos + 1 < code.instructions.size() &&
         code.instructions[pos].op->value == op::kCreateLocal &&
         code.instructions[pos + 1].op->value == op::kReturn;
}

ScriptLocals InferLocals(const Cob& cob, size_t script, const DecodedScript& code,
                         size_t callers_args) {
  ScriptLocals out;
  const std::vector<Instruction>& ins = code.instructions;
  while (out.leading < ins.size() && ins[out.leading].op->value == op::kCreateLocal &&
         !IsBareReturn(cob, code, out.leading)) {
    ++out.leading;
  }
  for (size_t p = out.leading; p < ins.size(); ++p) {
    if (ins[p].op->value == op::kCreateLocal && !IsBareReturn(cob, code, p)) out.created_at.push_back(p);
  }
  const size_t base = out.leading + out.created_at.size();
  const size_t highest = DnHighestLocal(code, base + kDnMaxUndeclared);
  if (highest > base) out.undeclared = highest - base;
  const size_t wanted = std::max({DnParamCount(DnFindSignature(cob.scripts[script].name)),
                                  callers_args, DnReadBeforeWritten(code)});
  out.params = std::min(out.leading, wanted);
  return out;
}

std::vector<size_t> CallerArgumentCounts(const Cob& cob, const std::vector<DecodedScript>& all) {
  std::vector<size_t> out(cob.scripts.size(), 0);
  for (const DecodedScript& code : all) {
    for (const Instruction& in : code.instructions) {
      const uint32_t o = in.op->value;
      if ((o == op::kCallScript || o == op::kStartScript) && in.operands[0] < out.size()) {
        out[in.operands[0]] = std::max<size_t>(out[in.operands[0]], in.operands[1]);
      }
    }
  }
  return out;
}

NameContext NameLocals(const Cob& cob, size_t script, const ScriptLocals& locals) {
  NameContext names;
  names.cob = &cob;
  const size_t total = locals.leading + locals.created_at.size() + locals.undeclared;
  names.locals.reserve(total);
  names.local_holds_piece.assign(total, false);
  const DnSignature* sig = DnFindSignature(cob.scripts[script].name);
  const size_t named = std::min(locals.params, DnParamCount(sig));
  for (size_t i = 0; i < total; ++i) {
    if (i < named && !DnNameTaken(cob, sig->params[i])) {
      names.locals.push_back(sig->params[i]);
      names.local_holds_piece[i] = DnIsPieceParam(sig->params[i]);
    } else {
      names.locals.push_back(absl::StrCat("Func_Var_", i + 1));
    }
  }
  return names;
}

}  // namespace kbot::cob::bos
