// Expressions as BOS text: operators with the least parentheses that keep
// the tree (and a few more where comparison and logic mix), constants in the
// unit their place reads them in (<degrees>, [units], piece names, explode
// flags, SFXTYPE_ names), names for locals, statics and unit values.
#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "formats/cob/decompile_internal.h"

namespace kbot::cob::bos {

namespace {

struct DcNamedValue {
  int32_t value;
  const char* name;
};

// exptype.h (Cavedog's, as Scriptor ships it): get / set unit values.
constexpr DcNamedValue kDcUnitValues[] = {
    {1, "ACTIVATION"},     {2, "STANDINGMOVEORDERS"}, {3, "STANDINGFIREORDERS"},
    {4, "HEALTH"},         {5, "INBUILDSTANCE"},      {6, "BUSY"},
    {7, "PIECE_XZ"},       {8, "PIECE_Y"},            {9, "UNIT_XZ"},
    {10, "UNIT_Y"},        {11, "UNIT_HEIGHT"},       {12, "XZ_ATAN"},
    {13, "XZ_HYPOT"},      {14, "ATAN"},              {15, "HYPOT"},
    {16, "GROUND_HEIGHT"}, {17, "BUILD_PERCENT_LEFT"}, {18, "YARD_OPEN"},
    {19, "BUGGER_OFF"},    {20, "ARMORED"},
};
// exptype.h: explode type flags, in the order they are written.
constexpr DcNamedValue kDcExplodeFlags[] = {
    {1, "SHATTER"},   {2, "EXPLODE_ON_HIT"}, {4, "FALL"},       {8, "SMOKE"},
    {16, "FIRE"},     {32, "BITMAPONLY"},    {256, "BITMAP1"},  {512, "BITMAP2"},
    {1024, "BITMAP3"}, {2048, "BITMAP4"},    {4096, "BITMAP5"}, {8192, "BITMAPNUKE"},
};
// sfxtype.h (Cavedog's): emit-sfx types.
constexpr DcNamedValue kDcSfxTypes[] = {
    {0, "SFXTYPE_VTOL"},         {1, "SFXTYPE_THRUST"},       {2, "SFXTYPE_WAKE1"},
    {3, "SFXTYPE_WAKE2"},        {4, "SFXTYPE_REVERSEWAKE1"}, {5, "SFXTYPE_REVERSEWAKE2"},
    {256, "SFXTYPE_POINTBASED"}, {257, "SFXTYPE_WHITESMOKE"}, {258, "SFXTYPE_BLACKSMOKE"},
    {259, "SFXTYPE_SUBBUBBLES"},
};
constexpr int32_t kDcPointBased = 256;

template <size_t N>
const char* DcFind(const DcNamedValue (&table)[N], int32_t value) {
  for (const DcNamedValue& row : table) {
    if (row.value == value) return row.name;
  }
  return nullptr;
}

// Binding strength, C's order: lower binds tighter. 0 for what is not a
// binary operator.
int DcPrecedence(uint32_t opcode) {
  switch (opcode) {
    case op::kMul: case op::kDiv: case op::kMod: return 1;
    case op::kAdd: case op::kSub: return 2;
    case op::kLess: case op::kLessOrEqual: case op::kGreater: case op::kGreaterOrEqual: return 3;
    case op::kEqual: case op::kNotEqual: return 4;
    case op::kAnd: return 5;
    case op::kXor: return 6;
    case op::kOr: return 7;
    case op::kLogicalAnd: return 8;
    case op::kLogicalXor: return 9;
    case op::kLogicalOr: return 10;
    default: return 0;
  }
}

const char* DcSymbol(uint32_t opcode) {
  switch (opcode) {
    case op::kMul: return "*";
    case op::kDiv: return "/";
    case op::kMod: return "%";
    case op::kAdd: return "+";
    case op::kSub: return "-";
    case op::kLess: return "<";
    case op::kLessOrEqual: return "<=";
    case op::kGreater: return ">";
    case op::kGreaterOrEqual: return ">=";
    case op::kEqual: return "==";
    case op::kNotEqual: return "!=";
    case op::kAnd: return "&";
    case op::kXor: return "^";
    case op::kOr: return "|";
    case op::kLogicalAnd: return "&&";
    case op::kLogicalXor: return "^^";
    case op::kLogicalOr: return "||";
    case op::kLogicalNot: return "!";
    case op::kNot: return "~";
    default: return "?";
  }
}

// A child needs parentheses when it binds more loosely than its parent, on
// the right when equally (operators associate left), and, for readability,
// when both are comparison, bitwise or logical operators of different kinds:
// (a == 1) && (b < 2).
bool DcNeedsParens(const Expr& child, uint32_t parent, bool right) {
  if (child.kind != Expr::Kind::kBinary) return false;
  const int c = DcPrecedence(child.opcode), p = DcPrecedence(parent);
  if (c > p) return true;
  if (c == p) return right;
  return c >= 3 && p >= 3;
}

bool DcIsConstant(const Expr& e) { return e.kind == Expr::Kind::kConstant; }

// The styles an operator's operands are read in, given its own.
void DcChildStyles(const Expr& e, Style style, Style& left, Style& right) {
  left = right = Style::kPlain;
  const uint32_t o = e.opcode;
  if (style == Style::kAngle || style == Style::kLinear) {
    if (o == op::kAdd || o == op::kSub || o == op::kMod) {
      left = right = style;
    } else if (o == op::kDiv) {
      left = style;
    } else if (o == op::kMul) {
      // The quantity is the operand that is not a bare factor: the larger
      // constant when both are constants.
      const Expr& a = e.args[0];
      const Expr& b = e.args[1];
      const bool right_carries =
          DcIsConstant(a) && (!DcIsConstant(b) || std::abs(int64_t(b.value)) > std::abs(int64_t(a.value)));
      (right_carries ? right : left) = style;
    }
  } else if (style == Style::kExplode && o == op::kOr) {
    left = right = style;
  }
}

std::string DcExplodeFlags(int32_t value) {
  if (value <= 0) return absl::StrCat(value);
  std::vector<std::string> parts;
  uint32_t rest = uint32_t(value);
  for (const DcNamedValue& f : kDcExplodeFlags) {
    if (rest & uint32_t(f.value)) {
      parts.push_back(f.name);
      rest &= ~uint32_t(f.value);
    }
  }
  if (rest != 0) return absl::StrCat(value);
  return absl::StrJoin(parts, " | ");
}

std::string DcConstant(int32_t v, Style style, NameContext& names) {
  switch (style) {
    case Style::kAngle: return AngleLiteral(v);
    case Style::kLinear: return LinearLiteral(v);
    case Style::kPiece:
      if (v >= 0) {
        if (auto name = PieceName(*names.cob, uint32_t(v))) return *name;
      }
      break;
    case Style::kExplode: {
      std::string flags = DcExplodeFlags(v);
      if (v > 0 && flags != absl::StrCat(v)) names.uses_exptype = true;
      return flags;
    }
    case Style::kSfx:
      if (const char* name = DcFind(kDcSfxTypes, v)) {
        names.uses_sfxtype = true;
        return name;
      }
      break;
    case Style::kCondition:
      if (v == 0) return "FALSE";
      if (v == 1) return "TRUE";
      break;
    case Style::kPlain: break;
  }
  return absl::StrCat(v);
}

}  // namespace

std::string UnitValueName(const Expr& id, NameContext& names) {
  if (id.kind == Expr::Kind::kConstant) {
    if (const char* name = DcFind(kDcUnitValues, id.value)) {
      names.uses_exptype = true;
      return name;
    }
    // Scriptor's decompiler's spelling; BOS compilers define it empty.
    return absl::StrCat("UNKNOWN_UNIT_VALUE(", id.value, ")");
  }
  const std::string text = FormatExpr(id, Style::kPlain, names);
  return id.kind == Expr::Kind::kBinary ? absl::StrCat("(", text, ")") : text;
}

namespace {

// get NAME(a, b): the four arguments GET always carries, trailing zeros
// left out (the compiler pads with them), at least one kept.
std::string DcGet(const Expr& e, NameContext& names) {
  std::string out = absl::StrCat("get ", UnitValueName(e.args[0], names), "(");
  size_t count = 4;
  while (count > 1 && DcIsConstant(e.args[count]) && e.args[count].value == 0) --count;
  const bool piece_first = DcIsConstant(e.args[0]) && (e.args[0].value == 7 || e.args[0].value == 8);
  for (size_t i = 1; i <= count; ++i) {
    if (i > 1) out += ", ";
    out += FormatExpr(e.args[i], i == 1 && piece_first ? Style::kPiece : Style::kPlain, names);
  }
  return out + ")";
}

std::string DcOperator(const Expr& e, Style style, NameContext& names) {
  if (e.kind == Expr::Kind::kUnary) {
    const std::string inner = FormatExpr(e.args[0], Style::kPlain, names);
    const bool parens = e.args[0].kind == Expr::Kind::kBinary;
    return absl::StrCat(DcSymbol(e.opcode), parens ? "(" : "", inner, parens ? ")" : "");
  }
  // (256 | 1) is how sfxtype.h defines SFXTYPE_WHITESMOKE: name it whole.
  if (style == Style::kSfx && e.opcode == op::kOr && DcIsConstant(e.args[0]) &&
      DcIsConstant(e.args[1]) && e.args[0].value == kDcPointBased &&
      e.args[1].value > 0 && e.args[1].value < kDcPointBased) {
    if (const char* name = DcFind(kDcSfxTypes, kDcPointBased | e.args[1].value)) {
      names.uses_sfxtype = true;
      return name;
    }
  }
  Style left, right;
  DcChildStyles(e, style, left, right);
  std::string a = FormatExpr(e.args[0], left, names);
  std::string b = FormatExpr(e.args[1], right, names);
  // SFXTYPE_POINTBASED | 7: the point-based bit named, the rest a number.
  if (style == Style::kSfx && e.opcode == op::kOr) {
    for (int i = 0; i < 2; ++i) {
      if (DcIsConstant(e.args[i]) && e.args[i].value == kDcPointBased) {
        (i == 0 ? a : b) = "SFXTYPE_POINTBASED";
        names.uses_sfxtype = true;
      }
    }
  }
  if (DcNeedsParens(e.args[0], e.opcode, false)) a = absl::StrCat("(", a, ")");
  if (DcNeedsParens(e.args[1], e.opcode, true)) b = absl::StrCat("(", b, ")");
  return absl::StrCat(a, " ", DcSymbol(e.opcode), " ", b);
}

}  // namespace

std::string StaticName(uint32_t index) { return absl::StrCat("Static_Var_", uint64_t(index) + 1); }

std::string LocalName(const NameContext& names, uint32_t index) {
  if (index < names.locals.size()) return names.locals[index];
  return absl::StrCat("Func_Var_", uint64_t(index) + 1);
}

std::optional<std::string> PieceName(const Cob& cob, uint32_t index) {
  if (index < cob.pieces.size()) return cob.pieces[index];
  return std::nullopt;
}

bool IsBinaryOperator(uint32_t opcode) { return DcPrecedence(opcode) != 0; }
bool IsUnaryOperator(uint32_t opcode) { return opcode == op::kLogicalNot || opcode == op::kNot; }

std::string FormatExpr(const Expr& e, Style style, NameContext& names) {
  switch (e.kind) {
    case Expr::Kind::kConstant: return DcConstant(e.value, style, names);
    case Expr::Kind::kLocal: return LocalName(names, uint32_t(e.value));
    case Expr::Kind::kStatic: return StaticName(uint32_t(e.value));
    case Expr::Kind::kUnary:
    case Expr::Kind::kBinary: return DcOperator(e, style, names);
    case Expr::Kind::kRand: {
      const Style s = style == Style::kAngle || style == Style::kLinear ? style : Style::kPlain;
      return absl::StrCat("rand(", FormatExpr(e.args[0], s, names), ", ",
                          FormatExpr(e.args[1], s, names), ")");
    }
    case Expr::Kind::kGetUnitValue: return absl::StrCat("get ", UnitValueName(e.args[0], names));
    case Expr::Kind::kGet: return DcGet(e, names);
  }
  return "?";
}

}  // namespace kbot::cob::bos
