// Jumps back into if / else / while. Every BOS compiler read lays them out
// the same way (docs/formats/cob_decompile.md, "Control flow"):
//
//   if:      cond; JUMP_IF_FALSE end; then...; end:
//   if/else: cond; JUMP_IF_FALSE else; then...; JUMP end; else: ...; end:
//   while:   top: cond; JUMP_IF_FALSE end; body...; JUMP top; end:
//
// A range of instructions is read with a symbolic stack that must be empty
// between statements. What fits none of the patterns (a jump elsewhere, a
// target off an instruction or outside the enclosing block, a value left on
// the stack, an instruction BOS cannot write) is kept as disassembly, and
// reading goes on after it.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "formats/cob/decompile_internal.h"

namespace kbot::cob::bos {

namespace {

// If / while bodies nested deeper than this are kept as disassembly (BOS
// written by hand stays far below; a hostile file would recurse off the stack).
constexpr int kDfMaxDepth = 64;
// How many times an ambiguous jump (below) may be read both ways in one script.
constexpr int kDfTrialBudget = 256;

class DfStructurer {
 public:
  DfStructurer(const Cob& cob, size_t script, const DecodedScript& code,
               const ScriptLocals& locals, NameContext& names)
      : cob_(cob), code_(code), ins_(code.instructions), locals_(locals), names_(names) {
    const Script& s = cob.scripts[script];
    const size_t begin = std::min<size_t>(s.start, cob.code.size());
    script_end_ = uint32_t(std::min<size_t>(begin + s.length, cob.code.size()));
    end_word_ = ins_.empty() ? uint32_t(begin)
                             : ins_.back().index + 1 + uint32_t(ins_.back().op->operand_count);
    var_index_.assign(ins_.size(), 0);
    for (size_t k = 0; k < locals.created_at.size(); ++k) {
      var_index_[locals.created_at[k]] = uint32_t(locals.leading + k);
    }
  }

  std::vector<Stmt> Run() {
    std::vector<Stmt> body = Range(0, ins_.size(), 0);
    if (code_.error) {
      TailFallback(body);
    } else if (!body.empty() && body.back().kind == Stmt::Kind::kLine && body.back().implicit_return) {
      body.pop_back();  // the `return (0);` every compiler appends
    }
    return body;
  }

 private:
  std::vector<Stmt> Range(size_t begin, size_t end, int depth);
  size_t Conditional(size_t start, size_t j, size_t end, int depth, std::vector<Expr>& stack,
                     std::vector<Stmt>& out);
  size_t IfElse(const std::string& cond, size_t body, size_t exit, size_t end, int depth,
                std::vector<Stmt>& out);
  size_t CreateLocal(size_t start, size_t p, std::vector<Expr>& stack, std::vector<Stmt>& out);
  void Fallback(size_t first, size_t end, std::vector<Stmt>& out);
  void TailFallback(std::vector<Stmt>& out);
  void Append(Stmt f, std::vector<Stmt>& out);

  // The position of the instruction at code word `word`; ins_.size() for the
  // word just past the last one; nullopt for any other word.
  std::optional<size_t> PositionOf(uint32_t word) const {
    if (word == end_word_) return ins_.size();
    auto it = std::lower_bound(ins_.begin(), ins_.end(), word,
                               [](const Instruction& in, uint32_t w) { return in.index < w; });
    if (it == ins_.end() || it->index != word) return std::nullopt;
    return size_t(it - ins_.begin());
  }
  uint32_t WordAt(size_t pos) const { return pos < ins_.size() ? ins_[pos].index : end_word_; }

  static Stmt Block(Stmt::Kind kind, std::string cond, std::vector<Stmt> body) {
    Stmt s;
    s.kind = kind;
    s.text = std::move(cond);
    s.body = std::move(body);
    return s;
  }

  const Cob& cob_;
  const DecodedScript& code_;
  const std::vector<Instruction>& ins_;
  const ScriptLocals& locals_;
  NameContext& names_;
  uint32_t script_end_ = 0;  // code word after the script
  uint32_t end_word_ = 0;    // code word after the last decoded instruction
  std::vector<uint32_t> var_index_;  // position of a later CREATE_LOCAL_VAR -> its local
  int fallbacks_ = 0;                // ranges kept as disassembly so far
  int trials_ = kDfTrialBudget;
};

std::vector<Stmt> DfStructurer::Range(size_t begin, size_t end, int depth) {
  std::vector<Stmt> out;
  std::vector<Expr> stack;
  size_t start = begin;  // first instruction of the statement being read
  for (size_t p = begin; p < end;) {
    if (stack.empty()) start = p;
    const uint32_t o = ins_[p].op->value;
    if (o == op::kJumpIfFalse) {
      p = Conditional(start, p, end, depth, stack, out);
      continue;
    }
    if (o == op::kCreateLocal) {
      p = CreateLocal(start, p, stack, out);
      continue;
    }
    if (o == op::kJump) {  // one no pattern took: not a block's end
      Fallback(start, p + 1, out);
      stack.clear();
      ++p;
      continue;
    }
    const Step s = ApplyInstruction(ins_[p], stack, names_);
    ++p;
    if (s.kind == Step::Kind::kExpression) continue;
    if (s.kind == Step::Kind::kNotBos || !stack.empty()) {
      Fallback(start, p, out);
      stack.clear();
      continue;
    }
    Stmt line;
    line.text = s.text;
    line.implicit_return = s.implicit_return;
    out.push_back(std::move(line));
  }
  if (!stack.empty()) Fallback(start, end, out);  // a statement the range cuts off
  return out;
}

// The JUMP_IF_FALSE at `j`, its condition read from `start`: an if, an
// if/else or a while. Returns where reading goes on.
size_t DfStructurer::Conditional(size_t start, size_t j, size_t end, int depth,
                                 std::vector<Expr>& stack, std::vector<Stmt>& out) {
  const std::optional<size_t> target = PositionOf(ins_[j].operands[0]);
  if (stack.size() != 1 || !target || *target <= j || *target > end) {
    Fallback(start, j + 1, out);
    stack.clear();
    return j + 1;
  }
  const size_t body = j + 1, exit = *target;
  if (depth >= kDfMaxDepth) {
    Fallback(start, exit, out);
    stack.clear();
    return exit;
  }
  const std::string cond = FormatExpr(stack.back(), Style::kCondition, names_);
  stack.clear();
  if (exit > body && ins_[exit - 1].op->value == op::kJump) {
    const Instruction& last = ins_[exit - 1];
    if (last.operands[0] == ins_[start].index) {
      out.push_back(Block(Stmt::Kind::kWhile, cond, Range(body, exit - 1, depth + 1)));
      return exit;
    }
    if (last.operands[0] > last.index) return IfElse(cond, body, exit, end, depth, out);
  }
  out.push_back(Block(Stmt::Kind::kIf, cond, Range(body, exit, depth + 1)));
  return exit;
}

// A then-block ending in a forward JUMP: it skips an else-block. A JUMP to
// the very place the condition's jump goes is ambiguous: the end of an
// empty else-block, or the else-jump of an if/else nested last in the
// then-block (`if (a) { if (b) { x; } else { y; } }`). Both are read and the
// reading with fewer unrecognised ranges wins, the nested one on a tie.
size_t DfStructurer::IfElse(const std::string& cond, size_t body, size_t exit, size_t end,
                            int depth, std::vector<Stmt>& out) {
  const uint32_t skip_to = ins_[exit - 1].operands[0];
  std::optional<Stmt> nested;
  int nested_fallbacks = 0;
  if (skip_to == WordAt(exit) && trials_ > 0) {
    --trials_;
    const int before = fallbacks_;
    nested = Block(Stmt::Kind::kIf, cond, Range(body, exit, depth + 1));
    nested_fallbacks = fallbacks_ - before;
    if (nested_fallbacks == 0) {
      out.push_back(std::move(*nested));
      return exit;
    }
    fallbacks_ = before;
  }
  const std::optional<size_t> else_end = PositionOf(skip_to);
  if (!else_end || *else_end < exit || *else_end > end) {
    // Not an else-jump: the then-block keeps it, as an unrecognised jump.
    out.push_back(Block(Stmt::Kind::kIf, cond, Range(body, exit, depth + 1)));
    return exit;
  }
  const int before = fallbacks_;
  Stmt s = Block(Stmt::Kind::kIf, cond, Range(body, exit - 1, depth + 1));
  s.has_else = true;
  s.else_body = Range(exit, *else_end, depth + 1);
  if (nested && fallbacks_ - before >= nested_fallbacks) {
    fallbacks_ = before + nested_fallbacks;
    out.push_back(std::move(*nested));
    return exit;
  }
  out.push_back(std::move(s));
  return *else_end;
}

// The prologue's CREATE_LOCAL_VARs are the function's parameters and `var`
// line; a later one is a `var` where it stands; one that feeds the RETURN
// after it is TA: Kingdoms' `return;`.
size_t DfStructurer::CreateLocal(size_t start, size_t p, std::vector<Expr>& stack,
                                 std::vector<Stmt>& out) {
  if (!stack.empty()) {
    Fallback(start, p + 1, out);
    stack.clear();
    return p + 1;
  }
  if (p < locals_.leading) return p + 1;
  if (IsBareReturn(cob_, code_, p)) {
    Stmt line;
    line.text = "return;";
    line.implicit_return = true;
    out.push_back(std::move(line));
    return p + 2;
  }
  Stmt line;
  line.text = absl::StrCat("var ", LocalName(names_, var_index_[p]), ";");
  out.push_back(std::move(line));
  return p + 1;
}

void DfStructurer::Fallback(size_t first, size_t end, std::vector<Stmt>& out) {
  Stmt f;
  f.kind = Stmt::Kind::kFallback;
  f.first_word = WordAt(first);
  f.last_word = WordAt(end) - 1;
  for (size_t p = first; p < end; ++p) f.lines.push_back(DisassemblyLine(cob_, ins_[p]));
  Append(std::move(f), out);
}

// The words from where decoding stopped to the script's end: the first one
// named (an unknown opcode, or one whose operands run past the end), the
// rest as raw words, since where instructions start is no longer known.
void DfStructurer::TailFallback(std::vector<Stmt>& out) {
  Stmt f;
  f.kind = Stmt::Kind::kFallback;
  f.first_word = code_.error_index;
  f.last_word = std::max(script_end_, code_.error_index + 1) - 1;
  for (uint32_t w = code_.error_index; w < script_end_; ++w) {
    const uint32_t word = cob_.code[w];
    std::string line = absl::StrFormat("%04d 0x%08X", w, word);
    if (w == code_.error_index) {
      const OpcodeInfo* info = FindOpcode(word);
      line = info == nullptr ? absl::StrCat(line, " (not an opcode)")
                             : absl::StrFormat("%04d %s (its operands run past the script's end)",
                                               w, info->name);
    }
    f.lines.push_back(std::move(line));
  }
  Append(std::move(f), out);
}

// Adds a kept range, joined to the one before it when they touch.
void DfStructurer::Append(Stmt f, std::vector<Stmt>& out) {
  ++fallbacks_;
  if (!out.empty() && out.back().kind == Stmt::Kind::kFallback &&
      out.back().last_word + 1 == f.first_word) {
    Stmt& last = out.back();
    last.last_word = f.last_word;
    last.lines.insert(last.lines.end(), f.lines.begin(), f.lines.end());
    return;
  }
  out.push_back(std::move(f));
}

}  // namespace

std::vector<Stmt> StructureScript(const Cob& cob, size_t script, const DecodedScript& code,
                                  const ScriptLocals& locals, NameContext& names) {
  return DfStructurer(cob, script, code, locals, names).Run();
}

}  // namespace kbot::cob::bos
