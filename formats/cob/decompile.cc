// COB -> BOS: each script decoded (opcodes.h), its parameters and locals
// inferred and named (decompile_names.cc), its jumps structured and its
// stack code rebuilt into statements (decompile_flow.cc, decompile_step.cc,
// decompile_expr.cc), then printed (decompile_print.cc). The rules:
// docs/formats/cob_decompile.md.
#include "formats/cob/decompile.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "formats/cob/decompile_internal.h"
#include "formats/cob/opcodes.h"

namespace kbot::cob {

namespace {

struct DdFunction {
  std::string text;
  std::vector<std::string> fallbacks;
  bool uses_sfxtype = false, uses_exptype = false;
};

// "script 'AimPrimary': code 120..131 not recognised, kept as disassembly",
// in the order the ranges appear.
void DdCollect(const std::vector<bos::Stmt>& body, const std::string& script,
               std::vector<std::string>& out) {
  for (const bos::Stmt& s : body) {
    if (s.kind == bos::Stmt::Kind::kFallback) {
      out.push_back(absl::StrCat("script '", script, "': code ", s.first_word, "..", s.last_word,
                                 " not recognised, kept as disassembly"));
    }
    DdCollect(s.body, script, out);
    DdCollect(s.else_body, script, out);
  }
}

DdFunction DdDecompile(const Cob& cob, size_t script, const DecodedScript& code,
                       size_t callers_args) {
  const bos::ScriptLocals locals = bos::InferLocals(cob, script, code, callers_args);
  bos::NameContext names = bos::NameLocals(cob, script, locals);
  const std::vector<bos::Stmt> body = bos::StructureScript(cob, script, code, locals, names);
  DdFunction out;
  out.text = bos::PrintFunction(cob, script, locals, names, body);
  DdCollect(body, cob.scripts[script].name, out.fallbacks);
  out.uses_sfxtype = names.uses_sfxtype;
  out.uses_exptype = names.uses_exptype;
  return out;
}

std::vector<DecodedScript> DdDecodeAll(const Cob& cob) {
  std::vector<DecodedScript> all;
  all.reserve(cob.scripts.size());
  for (size_t i = 0; i < cob.scripts.size(); ++i) all.push_back(DecodeScript(cob, i));
  return all;
}

}  // namespace

Decompiled Decompile(const Cob& cob) {
  const std::vector<DecodedScript> all = DdDecodeAll(cob);
  const std::vector<size_t> callers = bos::CallerArgumentCounts(cob, all);
  std::vector<DdFunction> functions;
  bool sfxtype = false, exptype = false;
  for (size_t i = 0; i < cob.scripts.size(); ++i) {
    functions.push_back(DdDecompile(cob, i, all[i], callers[i]));
    sfxtype = sfxtype || functions.back().uses_sfxtype;
    exptype = exptype || functions.back().uses_exptype;
  }
  // Sections (includes, pieces, statics, each function) one blank line apart.
  std::vector<std::string> sections;
  std::string includes;
  if (sfxtype) includes += "#include \"sfxtype.h\"\n";
  if (exptype) includes += "#include \"exptype.h\"\n";
  for (std::string s : {includes, bos::PrintPieces(cob), bos::PrintStatics(cob)}) {
    if (!s.empty()) sections.push_back(std::move(s));
  }
  Decompiled out;
  for (DdFunction& f : functions) {
    sections.push_back(std::move(f.text));
    out.fallbacks.insert(out.fallbacks.end(), f.fallbacks.begin(), f.fallbacks.end());
  }
  for (size_t i = 0; i < sections.size(); ++i) {
    if (i > 0) out.source += "\n";
    out.source += sections[i];
  }
  return out;
}

Decompiled DecompileScript(const Cob& cob, size_t script) {
  Decompiled out;
  if (script >= cob.scripts.size()) {
    out.fallbacks.push_back(absl::StrCat("no script ", script, " (the file has ",
                                         cob.scripts.size(), ")"));
    return out;
  }
  const std::vector<DecodedScript> all = DdDecodeAll(cob);
  const std::vector<size_t> callers = bos::CallerArgumentCounts(cob, all);
  DdFunction f = DdDecompile(cob, script, all[script], callers[script]);
  out.source = std::move(f.text);
  out.fallbacks = std::move(f.fallbacks);
  return out;
}

}  // namespace kbot::cob
