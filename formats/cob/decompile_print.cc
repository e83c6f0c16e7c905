// The BOS text: declarations wrapped at 80 columns, a function's signature
// and `var` line, statements indented 4 spaces a level with braces on their
// own lines, `else if` chains kept flat, and unrecognised ranges as
// commented disassembly.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "formats/cob/decompile_internal.h"

namespace kbot::cob::bos {

namespace {

constexpr size_t kDpWidth = 80;
constexpr const char* kDpIndent = "    ";

// "keyword a, b, c;" with continuation lines aligned under the first item.
std::string DpWrapped(const std::string& keyword, const std::vector<std::string>& items) {
  if (items.empty()) return "";
  const std::string indent(keyword.size() + 1, ' ');
  std::string out = keyword + " ";
  size_t column = out.size();
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string item = items[i] + (i + 1 == items.size() ? ";" : ",");
    if (i > 0) {
      if (column + 1 + item.size() > kDpWidth) {
        out += "\n" + indent;
        column = indent.size();
      } else {
        out += " ";
        ++column;
      }
    }
    out += item;
    column += item.size();
  }
  return out + "\n";
}

std::string DpOperand(const Cob& cob, Operand kind, uint32_t value) {
  switch (kind) {
    case Operand::kPiece:
      if (auto name = PieceName(cob, value)) return *name;
      break;
    case Operand::kAxis:
      if (value <= 2) return std::string(1, char('x' + value));
      break;
    case Operand::kConstant: return absl::StrCat(int32_t(value));
    case Operand::kScript:
      if (value < cob.scripts.size()) return cob.scripts[value].name;
      break;
    case Operand::kTarget: return absl::StrFormat("%04d", value);
    default: break;
  }
  return absl::StrCat(value);
}

std::string DpIndent(int level) {
  std::string out;
  for (int i = 0; i < level; ++i) out += kDpIndent;
  return out;
}

void DpStatements(const std::vector<Stmt>& body, int level, std::string& out);

void DpBlock(const std::vector<Stmt>& body, int level, std::string& out) {
  const std::string indent = DpIndent(level);
  out += indent + "{\n";
  DpStatements(body, level + 1, out);
  out += indent + "}\n";
}

// `prefix` is "else " for the if of an `else if`.
void DpIf(const Stmt& s, int level, const std::string& prefix, std::string& out) {
  out += absl::StrCat(DpIndent(level), prefix, "if (", s.text, ")\n");
  DpBlock(s.body, level, out);
  if (!s.has_else) return;
  if (s.else_body.size() == 1 && s.else_body[0].kind == Stmt::Kind::kIf) {
    DpIf(s.else_body[0], level, "else ", out);
    return;
  }
  out += DpIndent(level) + "else\n";
  DpBlock(s.else_body, level, out);
}

void DpStatements(const std::vector<Stmt>& body, int level, std::string& out) {
  const std::string indent = DpIndent(level);
  for (const Stmt& s : body) {
    switch (s.kind) {
      case Stmt::Kind::kLine: out += indent + s.text + "\n"; break;
      case Stmt::Kind::kIf: DpIf(s, level, "", out); break;
      case Stmt::Kind::kWhile:
        out += absl::StrCat(indent, "while (", s.text, ")\n");
        DpBlock(s.body, level, out);
        break;
      case Stmt::Kind::kFallback:
        out += absl::StrFormat("%s// not recognised: code %d..%d\n", indent, s.first_word,
                               s.last_word);
        for (const std::string& line : s.lines) out += absl::StrCat(indent, "// ", line, "\n");
        break;
    }
  }
}

}  // namespace

std::string DisassemblyLine(const Cob& cob, const Instruction& in) {
  std::string out = absl::StrFormat("%04d %s", in.index, in.op->name);
  for (int k = 0; k < in.op->operand_count; ++k) {
    out += " " + DpOperand(cob, in.op->operands[k], in.operands[k]);
  }
  return out;
}

std::string PrintPieces(const Cob& cob) { return DpWrapped("piece", cob.pieces); }

std::string PrintStatics(const Cob& cob) {
  std::vector<std::string> names;
  for (uint32_t i = 0; i < cob.static_count && i < 65536; ++i) names.push_back(StaticName(i));
  return DpWrapped("static-var", names);
}

std::string PrintFunction(const Cob& cob, size_t script, const ScriptLocals& locals,
                          const NameContext& names, const std::vector<Stmt>& body) {
  std::vector<std::string> params, vars;
  for (size_t i = 0; i < locals.params; ++i) params.push_back(LocalName(names, uint32_t(i)));
  for (size_t i = locals.params; i < locals.leading; ++i) vars.push_back(LocalName(names, uint32_t(i)));
  const size_t undeclared_from = locals.leading + locals.created_at.size();
  for (size_t i = 0; i < locals.undeclared; ++i) {
    vars.push_back(LocalName(names, uint32_t(undeclared_from + i)));
  }
  std::string out = absl::StrCat(cob.scripts[script].name, "(", absl::StrJoin(params, ", "), ")\n{\n");
  if (!vars.empty()) {
    out += absl::StrCat(kDpIndent, "var ", absl::StrJoin(vars, ", "), ";\n");
    if (!body.empty()) out += "\n";
  }
  DpStatements(body, 1, out);
  return out + "}\n";
}

}  // namespace kbot::cob::bos
