// The listing: DecodeScript's instructions, one a line, operands resolved
// against the file's tables. The line format and the rule for annotating
// constants are documented in docs/formats/cob.md, "Disassembly"; the tests
// compare whole listings against hand-typed text, so a change here is a
// change there.
#include "formats/cob/disassemble.h"

#include <algorithm>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "formats/cob/opcodes.h"

namespace kbot::cob {

namespace {

constexpr size_t kDisMnemonicWidth = 16;

// What a constant pushed right before an animation opcode means.
enum class DisUnit { kNone, kAngle, kLinear };

DisUnit DisUnitOf(uint32_t opcode) {
  switch (opcode) {
    case op::kTurn:
    case op::kTurnNow:
    case op::kSpin:
    case op::kStopSpin:
      return DisUnit::kAngle;
    case op::kMove:
    case op::kMoveNow:
      return DisUnit::kLinear;
    default:
      return DisUnit::kNone;
  }
}

bool DisIsPurePush(const Instruction& ins) { return ins.op->pushes == 1 && ins.op->pops == 0; }

// For each instruction, the unit of the constant it pushes: walking back
// from each animation opcode over the run of plain pushes just before it (at
// most as many as it pops), each PUSH_CONSTANT in that run is one of its
// arguments.
std::vector<DisUnit> DisConstantUnits(const std::vector<Instruction>& code) {
  std::vector<DisUnit> units(code.size(), DisUnit::kNone);
  for (size_t i = 0; i < code.size(); ++i) {
    const DisUnit unit = DisUnitOf(code[i].op->value);
    if (unit == DisUnit::kNone) continue;
    for (size_t taken = 0, j = i; taken < size_t(code[i].op->pops) && j > 0; ++taken) {
      --j;
      if (!DisIsPurePush(code[j])) break;
      if (code[j].op->value == op::kPushConstant) units[j] = unit;
    }
  }
  return units;
}

// "90", "2.5", "-1": at most two decimals, no trailing zeros.
// "90", "2.5", "-1": at most two decimals, no trailing zeros.
void DisAppendShort(std::string& out, double v) {
  std::string s = absl::StrFormat("%.2f", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  out += s == "-0" ? "0" : s;
}

void DisAppendConstant(std::string& out, uint32_t word, DisUnit unit) {
  const int32_t v = static_cast<int32_t>(word);
  absl::StrAppend(&out, v);
  if (unit == DisUnit::kNone) return;
  out += " (";
  DisAppendShort(out, unit == DisUnit::kAngle ? v * 360.0 / 65536.0 : v / 65536.0);
  out += unit == DisUnit::kAngle ? " deg)" : " units)";
}

// A code word index, at least 4 digits: "0057".
void DisAppendWordIndex(std::string& out, uint32_t v) {
  char digits[10];
  int n = 0;
  do {
    digits[n++] = char('0' + v % 10);
    v /= 10;
  } while (v != 0);
  for (int pad = n; pad < 4; ++pad) out += '0';
  while (n > 0) out += digits[--n];
}

// A name as the listing shows it: bytes outside printable ASCII (and the
// backslash) as \xNN, so a name cannot break a line or forge one.
void DisAppendPrintable(std::string& out, absl::string_view name) {
  for (const char ch : name) {
    const auto b = static_cast<unsigned char>(ch);
    if (b >= 0x20 && b < 0x7F && b != '\\') {
      out += ch;
    } else {
      absl::StrAppendFormat(&out, "\\x%02x", b);
    }
  }
}

// "piece 1 turret", "piece 2" (no name), "piece 5 (past the 3-piece table)".
void DisAppendNamed(std::string& out, absl::string_view kind, uint32_t i, size_t count,
                    absl::string_view name) {
  absl::StrAppend(&out, kind, " ", i);
  if (i >= count) {
    absl::StrAppend(&out, " (past the ", count, "-", kind, " table)");
  } else if (!name.empty()) {
    out += ' ';
    DisAppendPrintable(out, name);
  }
}

void DisAppendFromTable(std::string& out, absl::string_view kind, uint32_t i,
                        const std::vector<std::string>& names) {
  DisAppendNamed(out, kind, i, names.size(), i < names.size() ? names[i] : "");
}

// Jump targets inside the script that land on an instruction: their labels,
// L1, L2 ... in code order.
struct DisLabels {
  std::vector<uint32_t> targets;  // sorted
  int Find(uint32_t target) const {
    auto it = std::lower_bound(targets.begin(), targets.end(), target);
    return it != targets.end() && *it == target ? int(it - targets.begin()) + 1 : 0;
  }
};

DisLabels DisFindLabels(const std::vector<Instruction>& code) {
  DisLabels labels;
  const auto is_start = [&](uint32_t target) {
    auto it = std::lower_bound(code.begin(), code.end(), target,
                               [](const Instruction& i, uint32_t t) { return i.index < t; });
    return it != code.end() && it->index == target;
  };
  for (const Instruction& ins : code) {
    if (ins.op->operand_count != 1 || ins.op->operands[0] != Operand::kTarget) continue;
    if (is_start(ins.operands[0])) labels.targets.push_back(ins.operands[0]);
  }
  std::sort(labels.targets.begin(), labels.targets.end());
  labels.targets.erase(std::unique(labels.targets.begin(), labels.targets.end()),
                       labels.targets.end());
  return labels;
}

struct DisContext {
  const Cob& cob;
  const Script& script;
  DisLabels labels;
};

// "L1 (0099)", "0001 (not an instruction start)", "0003 (outside this script)".
void DisAppendTarget(std::string& out, const DisContext& c, uint32_t target) {
  const int label = c.labels.Find(target);
  if (label != 0) absl::StrAppend(&out, "L", label, " (");
  DisAppendWordIndex(out, target);
  if (label != 0) {
    out += ')';
  } else if (target >= c.script.start && target - c.script.start < c.script.length) {
    out += " (not an instruction start)";
  } else {
    out += " (outside this script)";
  }
}

void DisAppendOperand(std::string& out, const DisContext& c, Operand kind, uint32_t word,
                      DisUnit unit) {
  switch (kind) {
    case Operand::kPiece:
      return DisAppendFromTable(out, "piece", word, c.cob.pieces);
    case Operand::kAxis:
      if (word <= 2) return absl::StrAppend(&out, "axis ", absl::string_view(&"xyz"[word], 1));
      return absl::StrAppend(&out, "axis ", word, " (not x, y or z)");
    case Operand::kConstant:
      return DisAppendConstant(out, word, unit);
    case Operand::kLocal:
      return absl::StrAppend(&out, "var", word);
    case Operand::kStatic:
      absl::StrAppend(&out, "static", word);
      if (word >= c.cob.static_count) {
        absl::StrAppend(&out, " (past the ", c.cob.static_count, " statics)");
      }
      return;
    case Operand::kScript:
      return DisAppendNamed(out, "script", word, c.cob.scripts.size(),
                            word < c.cob.scripts.size() ? c.cob.scripts[word].name : "");
    case Operand::kCount:
      return absl::StrAppend(&out, word, word == 1 ? " arg" : " args");
    case Operand::kTarget:
      return DisAppendTarget(out, c, word);
    case Operand::kSound:
      return DisAppendFromTable(out, "sound", word, c.cob.sounds);
    case Operand::kUnknown:
      break;
  }
  absl::StrAppend(&out, word);
}

// Why an opcode no TA engine runs is in the table at all.
const char* DisNote(uint32_t opcode) {
  switch (opcode) {
    case op::kDontShadow:
    case op::kUnknownBinary39:
    case op::kUnknownBinary3A:
    case op::kUnknownBinary3B:
    case op::kMapCommand:
      return "SwiftTA only";
    case op::kMod:
    case op::kRealCall:
    case op::kLuaCall:
      return "Spring extension, not TA";
    default:
      return nullptr;
  }
}

void DisAppendIndex(std::string& out, uint32_t index) {
  out += "  ";
  DisAppendWordIndex(out, index);
  out += "  ";
}

void DisAppendInstruction(std::string& out, const DisContext& c, const Instruction& ins,
                          DisUnit unit) {
  if (const int label = c.labels.Find(ins.index); label != 0) {
    absl::StrAppend(&out, "L", label, ":\n");
  }
  DisAppendIndex(out, ins.index);
  out += ins.op->name;
  for (int k = 0; k < ins.op->operand_count; ++k) {
    if (k == 0) {
      const size_t length = strlen(ins.op->name);
      out.append(length < kDisMnemonicWidth ? kDisMnemonicWidth - length : 1, ' ');
    } else {
      out += ", ";
    }
    DisAppendOperand(out, c, ins.op->operands[k], ins.operands[k], unit);
  }
  if (const char* note = DisNote(ins.op->value)) absl::StrAppend(&out, "  ; ", note);
  out += '\n';
}

// The line that ends a script that could not be decoded to its end.
void DisAppendStop(std::string& out, const DisContext& c, const DecodedScript& d) {
  if (const int label = c.labels.Find(d.error_index); label != 0) {
    absl::StrAppend(&out, "L", label, ":\n");
  }
  DisAppendIndex(out, d.error_index);
  const uint32_t word = d.error_index < c.cob.code.size() ? c.cob.code[d.error_index] : 0;
  const OpcodeInfo* op = FindOpcode(word);
  if (op == nullptr) {
    absl::StrAppendFormat(&out, "??? 0x%08X  ; unknown opcode", word);
  } else {
    absl::StrAppend(&out, op->name, "  ; ", op->operand_count,
                    " operand word(s) run past the script's end");
  }
  out += ": disassembly of this script stops here\n";
}

void DisAppendHeader(std::string& out, size_t index, const Script& s) {
  absl::StrAppend(&out, "script ", index, " ");
  if (s.name.empty()) {
    out += "(no name)";
  } else {
    DisAppendPrintable(out, s.name);
  }
  if (s.length == 0) {
    absl::StrAppend(&out, " (start ", s.start, ", 0 words)\n");
  } else {
    absl::StrAppend(&out, " (code ", s.start, "..", uint64_t(s.start) + s.length - 1, ", ",
                    s.length, s.length == 1 ? " word)\n" : " words)\n");
  }
}

void DisAppendScript(std::string& out, const Cob& cob, size_t script) {
  if (script >= cob.scripts.size()) {
    absl::StrAppend(&out, "script ", script, ": no such script (the file has ",
                    cob.scripts.size(), ")\n");
    return;
  }
  const Script& s = cob.scripts[script];
  DisAppendHeader(out, script, s);
  const DecodedScript d = DecodeScript(cob, script);
  const DisContext c{cob, s, DisFindLabels(d.instructions)};
  const std::vector<DisUnit> units = DisConstantUnits(d.instructions);
  for (size_t i = 0; i < d.instructions.size(); ++i) {
    DisAppendInstruction(out, c, d.instructions[i], units[i]);
  }
  if (d.error.has_value()) DisAppendStop(out, c, d);
}

}  // namespace

std::string DisassembleScript(const Cob& cob, size_t script) {
  std::string out;
  DisAppendScript(out, cob, script);
  return out;
}

std::string Disassemble(const Cob& cob) {
  std::string out;
  out.reserve(cob.code.size() * 24);
  for (size_t i = 0; i < cob.scripts.size(); ++i) {
    if (i > 0) out += '\n';
    DisAppendScript(out, cob, i);
  }
  return out;
}

}  // namespace kbot::cob
