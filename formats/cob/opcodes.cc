// The opcode table, row for row docs/formats/cob.md's "Opcodes" (with its
// Discrepancies recommendations: SHADE and SwiftTA's DONT_SHADOW both
// decode, SwiftTA's three unnamed binary operators and MAP_COMMAND decode as
// single-sourced, EMIT_SFX and PLAY_SOUND pop one, ATTACH_UNIT pops three),
// and DecodeScript over it.
#include "formats/cob/opcodes.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace kbot::cob {

namespace {

// Rows: value, name, operand count, operand kinds, pops, pushes, single-sourced.
std::vector<OpcodeInfo> OpcodeRows() {
  const Operand p = Operand::kPiece, a = Operand::kAxis, u = Operand::kUnknown;
  return {
      {op::kMove, "MOVE", 2, {p, a}, 2, 0, false},
      {op::kTurn, "TURN", 2, {p, a}, 2, 0, false},
      {op::kSpin, "SPIN", 2, {p, a}, 2, 0, false},
      {op::kStopSpin, "STOP_SPIN", 2, {p, a}, 1, 0, false},
      {op::kShow, "SHOW", 1, {p, u}, 0, 0, false},
      {op::kHide, "HIDE", 1, {p, u}, 0, 0, false},
      {op::kCache, "CACHE", 1, {p, u}, 0, 0, false},
      {op::kDontCache, "DONT_CACHE", 1, {p, u}, 0, 0, false},
      {op::kDontShadow, "DONT_SHADOW", 1, {p, u}, 0, 0, true},
      {op::kMoveNow, "MOVE_NOW", 2, {p, a}, 1, 0, false},
      {op::kTurnNow, "TURN_NOW", 2, {p, a}, 1, 0, false},
      {op::kShade, "SHADE", 1, {p, u}, 0, 0, false},
      {op::kDontShade, "DONT_SHADE", 1, {p, u}, 0, 0, false},
      {op::kEmitSfx, "EMIT_SFX", 1, {p, u}, 1, 0, false},
      {op::kWaitForTurn, "WAIT_FOR_TURN", 2, {p, a}, 0, 0, false},
      {op::kWaitForMove, "WAIT_FOR_MOVE", 2, {p, a}, 0, 0, false},
      {op::kSleep, "SLEEP", 0, {u, u}, 1, 0, false},
      {op::kPushConstant, "PUSH_CONSTANT", 1, {Operand::kConstant, u}, 0, 1, false},
      {op::kPushLocal, "PUSH_LOCAL_VAR", 1, {Operand::kLocal, u}, 0, 1, false},
      {op::kPushStatic, "PUSH_STATIC", 1, {Operand::kStatic, u}, 0, 1, false},
      {op::kCreateLocal, "CREATE_LOCAL_VAR", 0, {u, u}, 0, 0, false},
      {op::kPopLocal, "POP_LOCAL_VAR", 1, {Operand::kLocal, u}, 1, 0, false},
      {op::kPopStatic, "POP_STATIC", 1, {Operand::kStatic, u}, 1, 0, false},
      {op::kPopStack, "POP_STACK", 0, {u, u}, 1, 0, false},
      {op::kAdd, "ADD", 0, {u, u}, 2, 1, false},
      {op::kSub, "SUB", 0, {u, u}, 2, 1, false},
      {op::kMul, "MUL", 0, {u, u}, 2, 1, false},
      {op::kDiv, "DIV", 0, {u, u}, 2, 1, false},
      {op::kMod, "MOD", 0, {u, u}, 2, 1, true},
      {op::kAnd, "AND", 0, {u, u}, 2, 1, false},
      {op::kOr, "OR", 0, {u, u}, 2, 1, false},
      {op::kXor, "XOR", 0, {u, u}, 2, 1, false},
      {op::kNot, "NOT", 0, {u, u}, 1, 1, false},
      {op::kUnknownBinary39, "UNKNOWN_BINARY_39", 0, {u, u}, 2, 1, true},
      {op::kUnknownBinary3A, "UNKNOWN_BINARY_3A", 0, {u, u}, 2, 1, true},
      {op::kUnknownBinary3B, "UNKNOWN_BINARY_3B", 0, {u, u}, 2, 1, true},
      {op::kRand, "RAND", 0, {u, u}, 2, 1, false},
      {op::kGetUnitValue, "GET_UNIT_VALUE", 0, {u, u}, 1, 1, false},
      {op::kGet, "GET", 0, {u, u}, 5, 1, false},
      {op::kLess, "SET_LESS", 0, {u, u}, 2, 1, false},
      {op::kLessOrEqual, "SET_LESS_OR_EQUAL", 0, {u, u}, 2, 1, false},
      {op::kGreater, "SET_GREATER", 0, {u, u}, 2, 1, false},
      {op::kGreaterOrEqual, "SET_GREATER_OR_EQUAL", 0, {u, u}, 2, 1, false},
      {op::kEqual, "SET_EQUAL", 0, {u, u}, 2, 1, false},
      {op::kNotEqual, "SET_NOT_EQUAL", 0, {u, u}, 2, 1, false},
      {op::kLogicalAnd, "LOGICAL_AND", 0, {u, u}, 2, 1, false},
      {op::kLogicalOr, "LOGICAL_OR", 0, {u, u}, 2, 1, false},
      {op::kLogicalXor, "LOGICAL_XOR", 0, {u, u}, 2, 1, false},
      {op::kLogicalNot, "LOGICAL_NOT", 0, {u, u}, 1, 1, false},
      {op::kStartScript, "START_SCRIPT", 2, {Operand::kScript, Operand::kCount}, 0, 0, false},
      {op::kCallScript, "CALL_SCRIPT", 2, {Operand::kScript, Operand::kCount}, 0, 0, false},
      {op::kRealCall, "REAL_CALL", 2, {Operand::kScript, Operand::kCount}, 0, 0, true},
      {op::kLuaCall, "LUA_CALL", 2, {Operand::kScript, Operand::kCount}, 0, 0, true},
      {op::kJump, "JUMP", 1, {Operand::kTarget, u}, 0, 0, false},
      {op::kReturn, "RETURN", 0, {u, u}, 1, 0, false},
      {op::kJumpIfFalse, "JUMP_IF_FALSE", 1, {Operand::kTarget, u}, 1, 0, false},
      {op::kSignal, "SIGNAL", 0, {u, u}, 1, 0, false},
      {op::kSetSignalMask, "SET_SIGNAL_MASK", 0, {u, u}, 1, 0, false},
      {op::kExplode, "EXPLODE", 1, {p, u}, 1, 0, false},
      {op::kPlaySound, "PLAY_SOUND", 1, {Operand::kSound, u}, 1, 0, false},
      {op::kMapCommand, "MAP_COMMAND", 2, {u, u}, 0, 0, true},
      {op::kSet, "SET", 0, {u, u}, 2, 0, false},
      {op::kAttachUnit, "ATTACH_UNIT", 0, {u, u}, 3, 0, false},
      {op::kDropUnit, "DROP_UNIT", 0, {u, u}, 1, 0, false},
  };
}

}  // namespace

const std::vector<OpcodeInfo>& Opcodes() {
  static const std::vector<OpcodeInfo>* const rows = [] {
    auto* v = new std::vector<OpcodeInfo>(OpcodeRows());
    std::sort(v->begin(), v->end(),
              [](const OpcodeInfo& x, const OpcodeInfo& y) { return x.value < y.value; });
    return v;
  }();
  return *rows;
}

namespace {

// Every opcode is 0x100KK00L: a bucket per KK holds the rows (at most three:
// PUSH_*, CALL_SCRIPT and Spring's two, DIV and MOD) to compare, so a lookup
// is an index and a compare or two rather than a search of the whole table.
struct OpcodeBuckets {
  static constexpr uint32_t kHigh = 0x10000000, kHighMask = 0xFFF00000;
  uint8_t first[257] = {};  // rows of bucket k: first[k] .. first[k + 1]
  static uint32_t Bucket(uint32_t v) { return (v >> 12) & 0xFF; }
};

const OpcodeBuckets& OpcodeBucketTable() {
  static const OpcodeBuckets buckets = [] {
    OpcodeBuckets b;
    const std::vector<OpcodeInfo>& rows = Opcodes();
    size_t row = 0;
    for (uint32_t k = 0; k <= 256; ++k) {
      while (row < rows.size() && OpcodeBuckets::Bucket(rows[row].value) < k) ++row;
      b.first[k] = uint8_t(row);
    }
    return b;
  }();
  return buckets;
}

}  // namespace

const OpcodeInfo* FindOpcode(uint32_t value) {
  if ((value & OpcodeBuckets::kHighMask) != OpcodeBuckets::kHigh) return nullptr;
  const OpcodeBuckets& b = OpcodeBucketTable();
  const std::vector<OpcodeInfo>& rows = Opcodes();
  const uint32_t k = OpcodeBuckets::Bucket(value);
  for (size_t i = b.first[k]; i < b.first[k + 1]; ++i) {
    if (rows[i].value == value) return &rows[i];
  }
  return nullptr;
}

DecodedScript DecodeScript(const Cob& cob, size_t script) {
  DecodedScript out;
  if (script >= cob.scripts.size()) {
    out.error = absl::StrCat("no script ", script, " (the file has ", cob.scripts.size(), ")");
    return out;
  }
  const Script& s = cob.scripts[script];
  // Clamped, for a Cob not made by ReadCob.
  const size_t code_size = cob.code.size();
  const size_t begin = std::min<size_t>(s.start, code_size);
  const size_t end = std::min<size_t>(begin + s.length, code_size);
  out.instructions.reserve((end - begin) / 2 + 1);
  for (size_t at = begin; at < end;) {
    const OpcodeInfo* op = FindOpcode(cob.code[at]);
    if (op == nullptr) {
      out.error = absl::StrFormat("unknown opcode 0x%08X at code word %d", cob.code[at], at);
      out.error_index = uint32_t(at);
      return out;
    }
    if (size_t(op->operand_count) > end - at - 1) {
      out.error = absl::StrCat(op->name, " at code word ", at, " needs ", op->operand_count,
                               " operand word(s), but the script's code ends before word ", end);
      out.error_index = uint32_t(at);
      return out;
    }
    Instruction ins;
    ins.index = uint32_t(at);
    ins.op = op;
    for (int k = 0; k < op->operand_count; ++k) ins.operands[k] = cob.code[at + 1 + k];
    out.instructions.push_back(ins);
    at += 1 + size_t(op->operand_count);
  }
  return out;
}

}  // namespace kbot::cob
