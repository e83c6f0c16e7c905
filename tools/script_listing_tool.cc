#include "tools/script_listing_tool.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "formats/cob/cob.h"
#include "formats/cob/decompile.h"
#include "formats/cob/disassemble.h"
#include "tools/tool_support.h"
#include "tools/unit_files.h"

namespace kbot::tools {

namespace {

// The function `name` names (a name, case ignored, or an index).
// NotFound lists the script's functions.
absl::StatusOr<size_t> FunctionOf(const cob::Cob& c, const std::string& path,
                                  const std::string& name) {
  std::vector<std::string> names;
  for (size_t i = 0; i < c.scripts.size(); ++i) {
    if (absl::EqualsIgnoreCase(c.scripts[i].name, name)) return i;
    names.push_back(c.scripts[i].name);
  }
  size_t index = 0;
  if (absl::SimpleAtoi(name, &index) && index < c.scripts.size()) return index;
  return absl::NotFoundError(absl::StrCat(path, " has no function ", name, " (it has ",
                                          names.empty() ? "none" : absl::StrJoin(names, ", "),
                                          ")"));
}

// The listing of one function or all, `one(c, i)` giving a function's text
// and `all(c)` the whole file's.
template <class One, class All>
absl::StatusOr<ScriptListing> ListScript(const contexts::Context& context,
                                         const ScriptListingRequest& request, One one, All all) {
  absl::StatusOr<ParsedAsset<cob::Cob>> opened = OpenScript(context, request.path);
  if (!opened.ok()) return opened.status();
  const cob::Cob& c = *opened->value;
  ScriptListing out;
  out.path = opened->path;
  out.warnings = c.warnings;
  if (request.script) {
    absl::StatusOr<size_t> i = FunctionOf(c, out.path, *request.script);
    if (!i.ok()) return InContext(context, i.status());
    out.scripts.push_back(c.scripts[*i].name);
    one(c, *i, out);
    return out;
  }
  for (const cob::Script& s : c.scripts) out.scripts.push_back(s.name);
  all(c, out);
  return out;
}

}  // namespace

const RequestTable<ScriptListingRequest>& ScriptListingTable() {
  static const RequestTable<ScriptListingRequest> table = [] {
    RequestTable<ScriptListingRequest> t;
    AddAssetParams(t, "COB, or unit name")
        .Add("script", &ScriptListingRequest::script, StringParam("Function name (default all)"));
    return t;
  }();
  return table;
}

const ResultTable<ScriptListing>& ScriptListing::Fields() {
  using S = ScriptListing;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("scripts", &S::scripts, StringArraySchema())
      .Add("text", &S::text, StringSchema())
      .Add("fallbacks", &S::fallbacks, StringArraySchema())
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

absl::StatusOr<ScriptListing> DisassembleScriptFile(const contexts::Context& context,
                                                    const ScriptListingRequest& request) {
  return ListScript(
      context, request,
      [](const cob::Cob& c, size_t i, ScriptListing& out) {
        out.text = cob::DisassembleScript(c, i);
      },
      [](const cob::Cob& c, ScriptListing& out) { out.text = cob::Disassemble(c); });
}

absl::StatusOr<ScriptListing> DecompileScriptFile(const contexts::Context& context,
                                                  const ScriptListingRequest& request) {
  const auto take = [](cob::Decompiled d, ScriptListing& out) {
    out.text = std::move(d.source);
    out.fallbacks = std::move(d.fallbacks);
  };
  return ListScript(
      context, request,
      [&](const cob::Cob& c, size_t i, ScriptListing& out) {
        take(cob::DecompileScript(c, i), out);
      },
      [&](const cob::Cob& c, ScriptListing& out) { take(cob::Decompile(c), out); });
}

Tool ScriptDisassembleTool() {
  return MakeContextTool<ScriptListingRequest>(
      {"script_disassemble", "Disassemble a unit script",
       "A COB script as instructions: offsets, opcodes, operands named, jumps as labels."},
      ScriptListingTable(), ScriptListing::Fields().Schema(),
      [](const contexts::Context& context, const ScriptListingRequest& request,
         const ToolCall&) { return StructuredResult(DisassembleScriptFile(context, request)); });
}

Tool ScriptDecompileTool() {
  return MakeContextTool<ScriptListingRequest>(
      {"script_decompile", "Decompile a unit script",
       "A COB script as BOS source (if/else/while, expressions, names); unrecognised blocks "
       "kept as disassembly."},
      ScriptListingTable(), ScriptListing::Fields().Schema(),
      [](const contexts::Context& context, const ScriptListingRequest& request,
         const ToolCall&) { return StructuredResult(DecompileScriptFile(context, request)); });
}

}  // namespace kbot::tools
