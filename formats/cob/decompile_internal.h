// The parts of the COB -> BOS decompiler (decompile.h), shared between its
// files: expressions rebuilt from the stack code (decompile_expr.cc), one
// instruction's effect on the symbolic stack (decompile_step.cc), the
// structuring of jumps into if / else / while (decompile_flow.cc), naming
// of parameters and locals (decompile_names.cc) and the BOS printer
// (decompile_print.cc). The rules each follows: docs/formats/cob_decompile.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "formats/cob/cob.h"
#include "formats/cob/opcodes.h"

namespace kbot::cob::bos {

// An expression rebuilt from the stack code.
struct Expr {
  enum class Kind { kConstant, kLocal, kStatic, kUnary, kBinary, kRand, kGetUnitValue, kGet };
  Kind kind = Kind::kConstant;
  int32_t value = 0;       // kConstant: the value; kLocal, kStatic: the index
  uint32_t opcode = 0;     // kUnary, kBinary: the operator
  int depth = 1;           // of the tree, to refuse hostile nesting before printing it
  std::vector<Expr> args;  // operands in source order; kGet: value id, then 4 arguments
};

// Expressions deeper than this are not rebuilt (hand-written BOS stays far
// below; a hostile file would otherwise recurse the printer off the stack).
inline constexpr int kMaxExprDepth = 256;

// How a constant is written where it stands.
enum class Style {
  kPlain,      // decimal
  kAngle,      // <degrees>
  kLinear,     // [units]
  kPiece,      // a piece's name
  kExplode,    // SHATTER | EXPLODE_ON_HIT ...
  kSfx,        // SFXTYPE_WHITESMOKE ...
  kCondition,  // TRUE / FALSE for a whole condition of 1 / 0
};

// What a script's text names things with, and which include files it
// came to need while being written.
struct NameContext {
  const Cob* cob = nullptr;
  std::vector<std::string> locals;      // local index -> name
  std::vector<bool> local_holds_piece;  // piecenum-style parameters
  bool uses_sfxtype = false;            // SFXTYPE_* written
  bool uses_exptype = false;            // explode flags or unit value names written
};

// The name of local `index` ("Func_Var_4" past the named ones).
std::string LocalName(const NameContext& names, uint32_t index);
// "Static_Var_3" for static index 2: Scriptor's decompiler's names.
std::string StaticName(uint32_t index);
std::optional<std::string> PieceName(const Cob& cob, uint32_t index);

// The shortest decimal the TA compiler turns back into `value`
// (65536/360 a degree, 163840 a linear unit, truncated toward zero).
std::string AngleLiteral(int32_t value);
std::string LinearLiteral(int32_t value);

bool IsBinaryOperator(uint32_t opcode);
bool IsUnaryOperator(uint32_t opcode);
// A get / set value id: ACTIVATION, UNKNOWN_UNIT_VALUE(96), or the
// expression.
std::string UnitValueName(const Expr& id, NameContext& names);
// `e` written in BOS as constants in `style` read.
std::string FormatExpr(const Expr& e, Style style, NameContext& names);

// One statement of the decompiled text.
struct Stmt {
  enum class Kind { kLine, kIf, kWhile, kFallback };
  Kind kind = Kind::kLine;
  std::string text;                 // kLine: the statement; kIf, kWhile: the condition
  std::vector<Stmt> body;           // kIf: then; kWhile: the loop body
  std::vector<Stmt> else_body;      // kIf only
  bool has_else = false;
  bool implicit_return = false;     // kLine: `return (0);` / `return;`, dropped at the very end
  std::vector<std::string> lines;   // kFallback: the comment lines, without "// "
  uint32_t first_word = 0, last_word = 0;  // kFallback: the code words it covers
};

// What one instruction (not a jump, not CREATE_LOCAL_VAR) does to the
// symbolic stack: rebuilds an expression, ends a statement (its text), or
// has no BOS form (an operand out of range, a stack too short, an opcode
// BOS cannot write).
struct Step {
  enum class Kind { kExpression, kStatement, kNotBos };
  Kind kind = Kind::kNotBos;
  std::string text;
  bool implicit_return = false;  // `return (0);`
};
Step ApplyInstruction(const Instruction& in, std::vector<Expr>& stack, NameContext& names);

// A script's parameters and locals, as the decompiler declares them.
// Locals are numbered: the prologue's, then one a later CREATE_LOCAL_VAR
// (a `var` where it stands), then those the code uses undeclared.
struct ScriptLocals {
  size_t leading = 0;     // the prologue: CREATE_LOCAL_VAR before anything else
  size_t params = 0;      // the first `params` locals are the parameters
  size_t undeclared = 0;  // locals used past every CREATE_LOCAL_VAR (declared in the header)
  std::vector<size_t> created_at;  // CREATE_LOCAL_VAR past the prologue: instruction position
};
// Whether instruction `pos` is a CREATE_LOCAL_VAR that only feeds the RETURN
// after it: TA: Kingdoms' `return;` (version 6 only).
bool IsBareReturn(const Cob& cob, const DecodedScript& code, size_t pos);
// `callers_args`: the most arguments any CALL_SCRIPT / START_SCRIPT in the
// file passes to this script (0 if none).
ScriptLocals InferLocals(const Cob& cob, size_t script, const DecodedScript& code,
                         size_t callers_args);
// Per script, the most arguments a call or start in any script passes it.
std::vector<size_t> CallerArgumentCounts(const Cob& cob, const std::vector<DecodedScript>& all);
// Parameter names from the engine's standard scripts where the name is one
// (AimPrimary: heading, pitch), Func_Var_N otherwise.
NameContext NameLocals(const Cob& cob, size_t script, const ScriptLocals& locals);

// The statements of a script's code, jumps structured into if / else /
// while; what is not recognised is kept as disassembly (Stmt::kFallback).
std::vector<Stmt> StructureScript(const Cob& cob, size_t script, const DecodedScript& code,
                                  const ScriptLocals& locals, NameContext& names);

// "// 0120 PUSH_CONSTANT 5"'s text after the "// ".
std::string DisassemblyLine(const Cob& cob, const Instruction& in);

// The function, `Name(params)` to its closing brace, indented 4 spaces a level.
std::string PrintFunction(const Cob& cob, size_t script, const ScriptLocals& locals,
                          const NameContext& names, const std::vector<Stmt>& body);
// "piece a, b;" / "static-var Static_Var_1;", wrapped at 80 columns ("" if none).
std::string PrintPieces(const Cob& cob);
std::string PrintStatics(const Cob& cob);

}  // namespace kbot::cob::bos
