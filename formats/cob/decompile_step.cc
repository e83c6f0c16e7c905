// One instruction's effect on the symbolic stack: pushes and operators
// rebuild expressions; every other instruction pops its operands (top of
// stack first, as docs/formats/cob.md lists them) and ends a statement.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "formats/cob/decompile_internal.h"

namespace kbot::cob::bos {

namespace {

const char* const kDsAxes[] = {"x-axis", "y-axis", "z-axis"};

Step DsNotBos() { return Step{}; }
Step DsExpression() { return Step{Step::Kind::kExpression, "", false}; }
Step DsStatement(std::string text) { return Step{Step::Kind::kStatement, std::move(text), false}; }

// The top `count` values, deepest first, taken off the stack; false (stack
// untouched) when it holds fewer.
bool DsPop(std::vector<Expr>& stack, size_t count, std::vector<Expr>& out) {
  if (stack.size() < count) return false;
  out.assign(std::make_move_iterator(stack.end() - ptrdiff_t(count)),
             std::make_move_iterator(stack.end()));
  stack.resize(stack.size() - count);
  return true;
}

// `kind` of `args` onto the stack, unless that nests deeper than we print.
Step DsPush(std::vector<Expr>& stack, Expr::Kind kind, uint32_t opcode, std::vector<Expr> args) {
  Expr e;
  e.kind = kind;
  e.opcode = opcode;
  for (const Expr& a : args) e.depth = std::max(e.depth, a.depth + 1);
  if (e.depth > kMaxExprDepth) return DsNotBos();
  e.args = std::move(args);
  stack.push_back(std::move(e));
  return DsExpression();
}

Step DsLeaf(std::vector<Expr>& stack, Expr::Kind kind, uint32_t value) {
  Expr e;
  e.kind = kind;
  e.value = int32_t(value);
  stack.push_back(std::move(e));
  return DsExpression();
}

// Pushes, operators, rand and get: an expression, or nothing if the stack
// is too short. Anything else: nullopt.
std::optional<Step> DsExpressionStep(const Instruction& in, std::vector<Expr>& stack,
                                     const NameContext& names) {
  const uint32_t o = in.op->value;
  std::vector<Expr> args;
  switch (o) {
    case op::kPushConstant: return DsLeaf(stack, Expr::Kind::kConstant, in.operands[0]);
    case op::kPushLocal:
      if (in.operands[0] >= names.locals.size()) return DsNotBos();  // no such local
      return DsLeaf(stack, Expr::Kind::kLocal, in.operands[0]);
    case op::kPushStatic:
      if (in.operands[0] >= names.cob->static_count) return DsNotBos();  // no such static
      return DsLeaf(stack, Expr::Kind::kStatic, in.operands[0]);
    case op::kRand:
      if (!DsPop(stack, 2, args)) return DsNotBos();
      return DsPush(stack, Expr::Kind::kRand, o, std::move(args));
    case op::kGetUnitValue:
      if (!DsPop(stack, 1, args)) return DsNotBos();
      return DsPush(stack, Expr::Kind::kGetUnitValue, o, std::move(args));
    case op::kGet:
      if (!DsPop(stack, 5, args)) return DsNotBos();
      return DsPush(stack, Expr::Kind::kGet, o, std::move(args));
    default: break;
  }
  if (IsUnaryOperator(o)) {
    if (!DsPop(stack, 1, args)) return DsNotBos();
    return DsPush(stack, Expr::Kind::kUnary, o, std::move(args));
  }
  if (IsBinaryOperator(o)) {
    if (!DsPop(stack, 2, args)) return DsNotBos();
    return DsPush(stack, Expr::Kind::kBinary, o, std::move(args));
  }
  return std::nullopt;
}

struct DsPieceAxis {
  std::string piece, axis;
};

// The piece (and axis) operands by name; nullopt when one is out of range.
std::optional<DsPieceAxis> DsOperands(const Instruction& in, const Cob& cob) {
  std::optional<std::string> piece = PieceName(cob, in.operands[0]);
  if (!piece) return std::nullopt;
  DsPieceAxis out{*piece, ""};
  if (in.op->operand_count == 2) {
    if (in.operands[1] > 2) return std::nullopt;
    out.axis = kDsAxes[in.operands[1]];
  }
  return out;
}

// `suffix` (" accelerate <x>") unless the value is the constant 0 the
// compiler pushes when the clause is left out.
std::string DsOptional(const Expr& e, const char* clause, NameContext& names) {
  if (e.kind == Expr::Kind::kConstant && e.value == 0) return "";
  return absl::StrCat(" ", clause, " ", FormatExpr(e, Style::kAngle, names));
}

std::optional<Step> DsMotion(const Instruction& in, const DsPieceAxis& pa,
                             std::vector<Expr>& stack, NameContext& names) {
  std::vector<Expr> v;  // deepest first
  const std::string& p = pa.piece;
  const std::string& a = pa.axis;
  switch (in.op->value) {
    case op::kMove:
    case op::kTurn: {
      if (!DsPop(stack, 2, v)) return DsNotBos();
      const bool move = in.op->value == op::kMove;
      const Style s = move ? Style::kLinear : Style::kAngle;
      return DsStatement(absl::StrCat(move ? "move " : "turn ", p, " to ", a, " ",
                                      FormatExpr(v[1], s, names), " speed ",
                                      FormatExpr(v[0], s, names), ";"));
    }
    case op::kMoveNow:
    case op::kTurnNow: {
      if (!DsPop(stack, 1, v)) return DsNotBos();
      const bool move = in.op->value == op::kMoveNow;
      return DsStatement(absl::StrCat(move ? "move " : "turn ", p, " to ", a, " ",
                                      FormatExpr(v[0], move ? Style::kLinear : Style::kAngle, names),
                                      " now;"));
    }
    case op::kSpin:
      if (!DsPop(stack, 2, v)) return DsNotBos();
      return DsStatement(absl::StrCat("spin ", p, " around ", a, " speed ",
                                      FormatExpr(v[1], Style::kAngle, names),
                                      DsOptional(v[0], "accelerate", names), ";"));
    case op::kStopSpin:
      if (!DsPop(stack, 1, v)) return DsNotBos();
      return DsStatement(absl::StrCat("stop-spin ", p, " around ", a,
                                      DsOptional(v[0], "decelerate", names), ";"));
    case op::kWaitForTurn: return DsStatement(absl::StrCat("wait-for-turn ", p, " around ", a, ";"));
    case op::kWaitForMove: return DsStatement(absl::StrCat("wait-for-move ", p, " along ", a, ";"));
    default: return std::nullopt;
  }
}

// Statements naming a piece: motion, visibility, effects.
std::optional<Step> DsPieceStatement(const Instruction& in, std::vector<Expr>& stack,
                                     NameContext& names) {
  const char* keyword = nullptr;
  switch (in.op->value) {
    case op::kShow: keyword = "show"; break;
    case op::kHide: keyword = "hide"; break;
    case op::kCache: keyword = "cache"; break;
    case op::kDontCache: keyword = "dont-cache"; break;
    case op::kDontShadow: keyword = "dont-shadow"; break;
    case op::kShade: keyword = "shade"; break;
    case op::kDontShade: keyword = "dont-shade"; break;
    case op::kEmitSfx: case op::kExplode: case op::kMove: case op::kTurn: case op::kSpin:
    case op::kStopSpin: case op::kMoveNow: case op::kTurnNow: case op::kWaitForTurn:
    case op::kWaitForMove: break;
    default: return std::nullopt;
  }
  const std::optional<DsPieceAxis> pa = DsOperands(in, *names.cob);
  if (!pa) return DsNotBos();
  if (keyword != nullptr) return DsStatement(absl::StrCat(keyword, " ", pa->piece, ";"));
  if (in.op->value == op::kEmitSfx || in.op->value == op::kExplode) {
    std::vector<Expr> v;
    if (!DsPop(stack, 1, v)) return DsNotBos();
    if (in.op->value == op::kEmitSfx) {
      return DsStatement(absl::StrCat("emit-sfx ", FormatExpr(v[0], Style::kSfx, names),
                                      " from ", pa->piece, ";"));
    }
    return DsStatement(absl::StrCat("explode ", pa->piece, " type ",
                                    FormatExpr(v[0], Style::kExplode, names), ";"));
  }
  return DsMotion(in, *pa, stack, names);
}

// start-script / call-script Name(a, b): the arguments in the order pushed.
Step DsScriptCall(const Instruction& in, std::vector<Expr>& stack, NameContext& names) {
  const Cob& cob = *names.cob;
  std::vector<Expr> args;
  if (in.operands[0] >= cob.scripts.size() || !DsPop(stack, in.operands[1], args)) return DsNotBos();
  std::vector<std::string> text;
  for (const Expr& a : args) text.push_back(FormatExpr(a, Style::kPlain, names));
  return DsStatement(absl::StrCat(in.op->value == op::kStartScript ? "start-script " : "call-script ",
                                  cob.scripts[in.operands[0]].name, "(",
                                  absl::StrJoin(text, ", "), ");"));
}

// Statements of one popped value: variables, sleep, signals, return, units.
std::optional<Step> DsValueStatement(const Instruction& in, std::vector<Expr>& stack,
                                     NameContext& names) {
  const uint32_t o = in.op->value;
  const char* prefix = nullptr;
  switch (o) {
    case op::kSleep: prefix = "sleep "; break;
    case op::kSignal: prefix = "signal "; break;
    case op::kSetSignalMask: prefix = "set-signal-mask "; break;
    case op::kDropUnit: prefix = "drop-unit "; break;
    case op::kPopLocal: case op::kPopStatic: case op::kPopStack: case op::kReturn: break;
    default: return std::nullopt;
  }
  std::vector<Expr> v;
  if (!DsPop(stack, 1, v)) return DsNotBos();
  const Expr& e = v[0];
  if (prefix != nullptr) return DsStatement(absl::StrCat(prefix, FormatExpr(e, Style::kPlain, names), ";"));
  if (o == op::kPopLocal) {
    const uint32_t i = in.operands[0];
    if (i >= names.locals.size()) return DsNotBos();
    const bool piece = i < names.local_holds_piece.size() && names.local_holds_piece[i];
    return DsStatement(absl::StrCat(LocalName(names, i), " = ",
                                    FormatExpr(e, piece ? Style::kPiece : Style::kPlain, names), ";"));
  }
  if (o == op::kPopStatic) {
    if (in.operands[0] >= names.cob->static_count) return DsNotBos();
    return DsStatement(absl::StrCat(StaticName(in.operands[0]), " = ",
                                    FormatExpr(e, Style::kPlain, names), ";"));
  }
  if (o == op::kPopStack) {
    // A get written as a statement: its value is dropped.
    if (e.kind != Expr::Kind::kGet && e.kind != Expr::Kind::kGetUnitValue) return DsNotBos();
    return DsStatement(FormatExpr(e, Style::kPlain, names) + ";");
  }
  Step s = DsStatement(absl::StrCat("return (", FormatExpr(e, Style::kPlain, names), ");"));
  s.implicit_return = e.kind == Expr::Kind::kConstant && e.value == 0;
  return s;
}

// set, attach-unit, play-sound, start-script, call-script.
std::optional<Step> DsOtherStatement(const Instruction& in, std::vector<Expr>& stack,
                                     NameContext& names) {
  std::vector<Expr> v;  // deepest first
  switch (in.op->value) {
    case op::kStartScript:
    case op::kCallScript: return DsScriptCall(in, stack, names);
    case op::kSet:
      if (!DsPop(stack, 2, v)) return DsNotBos();
      return DsStatement(absl::StrCat("set ", UnitValueName(v[0], names), " to ",
                                      FormatExpr(v[1], Style::kPlain, names), ";"));
    case op::kAttachUnit:
      // The compiler pushes a 0 after the unit and the piece; another value
      // there has no BOS spelling.
      if (!DsPop(stack, 3, v)) return DsNotBos();
      if (v[2].kind != Expr::Kind::kConstant || v[2].value != 0) return DsNotBos();
      return DsStatement(absl::StrCat("attach-unit ", FormatExpr(v[0], Style::kPlain, names), " to ",
                                      FormatExpr(v[1], Style::kPiece, names), ";"));
    case op::kPlaySound:
      if (in.operands[0] >= names.cob->sounds.size() || !DsPop(stack, 1, v)) return DsNotBos();
      return DsStatement(absl::StrCat("play-sound(\"", names.cob->sounds[in.operands[0]], "\", ",
                                      FormatExpr(v[0], Style::kPlain, names), ");"));
    default: return std::nullopt;
  }
}

}  // namespace

Step ApplyInstruction(const Instruction& in, std::vector<Expr>& stack, NameContext& names) {
  if (auto s = DsExpressionStep(in, stack, names)) return *s;
  if (auto s = DsPieceStatement(in, stack, names)) return *s;
  if (auto s = DsValueStatement(in, stack, names)) return *s;
  if (auto s = DsOtherStatement(in, stack, names)) return *s;
  return DsNotBos();  // jumps are the caller's; the rest has no BOS form
}

}  // namespace kbot::cob::bos
