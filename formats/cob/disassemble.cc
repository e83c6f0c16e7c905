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
    case 0x10002000:  // TURN
    case 0x1000C000:  // TURN_NOW
    case 0x10003000:  // SPIN
    case 0x10004000:  // STOP_SPIN
      return DisUnit::kAngle;
    case 0x10001000:  // MOVE
    case 0x1000B000:  // MOVE_NOW
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
      if (code[j].op->value == 0x10021001) units[j] = unit;
    }
  }
  return units;
}

// "90", "2.5", "-1": at most two decimals, no trailing zeros.
std::string DisShort(double v) {
  std::string s = absl::StrFormat("%.2f", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string DisConstant(uint32_t word, DisUnit unit) {
  const int32_t v = static_cast<int32_t>(word);
  switch (unit) {
    case DisUnit::kAngle:
      return absl::StrCat(v, " (", DisShort(v * 360.0 / 65536.0), " deg)");
    case DisUnit::kLinear:
      return absl::StrCat(v, " (", DisShort(v / 65536.0), " units)");
    default:
      return absl::StrCat(v);
  }
}

std::string DisNamed(absl::string_view kind, uint32_t i, const std::vector<std::string>& names,
                     absl::string_view table) {
  if (i >= names.size()) {
    return absl::StrCat(kind, " ", i, " (past the ", names.size(), "-", table, " table)");
  }
  if (names[i].empty()) return absl::StrCat(kind, " ", i);
  return absl::StrCat(kind, " ", i, " ", names[i]);
}

std::vector<std::string> DisScriptNames(const Cob& cob) {
  std::vector<std::string> names;
  names.reserve(cob.scripts.size());
  for (const Script& s : cob.scripts) names.push_back(s.name);
  return names;
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
  std::vector<uint32_t> starts;
  starts.reserve(code.size());
  for (const Instruction& ins : code) starts.push_back(ins.index);
  DisLabels labels;
  for (const Instruction& ins : code) {
    if (ins.op->operand_count != 1 || ins.op->operands[0] != Operand::kTarget) continue;
    if (std::binary_search(starts.begin(), starts.end(), ins.operands[0])) {
      labels.targets.push_back(ins.operands[0]);
    }
  }
  std::sort(labels.targets.begin(), labels.targets.end());
  labels.targets.erase(std::unique(labels.targets.begin(), labels.targets.end()),
                       labels.targets.end());
  return labels;
}

struct DisContext {
  const Cob& cob;
  const Script& script;
  const std::vector<std::string>& script_names;
  DisLabels labels;
};

std::string DisTarget(const DisContext& c, uint32_t target) {
  if (const int label = c.labels.Find(target); label != 0) {
    return absl::StrFormat("L%d (%04d)", label, target);
  }
  const bool inside = target >= c.script.start && target - c.script.start < c.script.length;
  return absl::StrFormat(inside ? "%04d (not an instruction start)" : "%04d (outside this script)",
                         target);
}

std::string DisOperand(const DisContext& c, Operand kind, uint32_t word, DisUnit unit) {
  switch (kind) {
    case Operand::kPiece:
      return DisNamed("piece", word, c.cob.pieces, "piece");
    case Operand::kAxis:
      if (word <= 2) return absl::StrCat("axis ", std::string(1, char('x' + word)));
      return absl::StrCat("axis ", word, " (not x, y or z)");
    case Operand::kConstant:
      return DisConstant(word, unit);
    case Operand::kLocal:
      return absl::StrCat("var", word);
    case Operand::kStatic:
      if (word < c.cob.static_count) return absl::StrCat("static", word);
      return absl::StrCat("static", word, " (past the ", c.cob.static_count, " statics)");
    case Operand::kScript:
      return DisNamed("script", word, c.script_names, "script");
    case Operand::kCount:
      return absl::StrCat(word, word == 1 ? " arg" : " args");
    case Operand::kTarget:
      return DisTarget(c, word);
    case Operand::kSound:
      return DisNamed("sound", word, c.cob.sounds, "sound");
    case Operand::kUnknown:
      break;
  }
  return absl::StrCat(word);
}

// Why an opcode no TA engine runs is in the table at all.
const char* DisNote(uint32_t opcode) {
  switch (opcode) {
    case 0x1000A000:
    case 0x10039000:
    case 0x1003A000:
    case 0x1003B000:
    case 0x10073000:
      return "SwiftTA only";
    case 0x10034001:
    case 0x10062001:
    case 0x10062002:
      return "Spring extension, not TA";
    default:
      return nullptr;
  }
}

void DisAppendIndex(std::string& out, uint32_t index) {
  absl::StrAppendFormat(&out, "  %04d  ", index);
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
    out += DisOperand(c, ins.op->operands[k], ins.operands[k], unit);
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
  absl::StrAppend(&out, "script ", index, " ", s.name.empty() ? "(no name)" : s.name);
  if (s.length == 0) {
    absl::StrAppend(&out, " (start ", s.start, ", 0 words)\n");
  } else {
    absl::StrAppend(&out, " (code ", s.start, "..", uint64_t(s.start) + s.length - 1, ", ",
                    s.length, s.length == 1 ? " word)\n" : " words)\n");
  }
}

void DisAppendScript(std::string& out, const Cob& cob, size_t script,
                     const std::vector<std::string>& script_names) {
  if (script >= cob.scripts.size()) {
    absl::StrAppend(&out, "script ", script, ": no such script (the file has ",
                    cob.scripts.size(), ")\n");
    return;
  }
  const Script& s = cob.scripts[script];
  DisAppendHeader(out, script, s);
  const DecodedScript d = DecodeScript(cob, script);
  const DisContext c{cob, s, script_names, DisFindLabels(d.instructions)};
  const std::vector<DisUnit> units = DisConstantUnits(d.instructions);
  for (size_t i = 0; i < d.instructions.size(); ++i) {
    DisAppendInstruction(out, c, d.instructions[i], units[i]);
  }
  if (d.error.has_value()) DisAppendStop(out, c, d);
}

}  // namespace

std::string DisassembleScript(const Cob& cob, size_t script) {
  std::string out;
  DisAppendScript(out, cob, script, DisScriptNames(cob));
  return out;
}

std::string Disassemble(const Cob& cob) {
  const std::vector<std::string> names = DisScriptNames(cob);
  std::string out;
  out.reserve(cob.code.size() * 24);
  for (size_t i = 0; i < cob.scripts.size(); ++i) {
    if (i > 0) out += '\n';
    DisAppendScript(out, cob, i, names);
  }
  return out;
}

}  // namespace kbot::cob
