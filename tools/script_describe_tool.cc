#include "tools/script_describe_tool.h"

#include "formats/cob/cob.h"
#include "tools/tool_support.h"
#include "tools/unit_files.h"

namespace kbot::tools {

const RequestTable<ScriptDescribeRequest>& ScriptDescribeTable() {
  static const RequestTable<ScriptDescribeRequest> table = [] {
    RequestTable<ScriptDescribeRequest> t;
    AddAssetParams(t, "COB, or unit name");
    return t;
  }();
  return table;
}

const ResultTable<ScriptItem>& ScriptItem::Fields() {
  using S = ScriptItem;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("name", &S::name, StringSchema())
      .Add("start", &S::start, CountSchema())
      .Add("length", &S::length, CountSchema())
      .Add("offset", &S::offset, CountSchema());
  return table;
}

const ResultTable<ScriptDescription>& ScriptDescription::Fields() {
  using S = ScriptDescription;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("game", &S::game, {{"enum", {"ta", "takingdoms"}}})
      .Add("version", &S::version, CountSchema())
      .Add("scripts", &S::scripts, ArraySchema<ScriptItem>())
      .Add("pieces", &S::pieces, StringArraySchema())
      .Add("statics", &S::statics, CountSchema())
      .Add("sounds", &S::sounds, StringArraySchema())
      .Add("code_words", &S::code_words, CountSchema())
      .Add("missing_standard", &S::missing_standard, StringArraySchema())
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

absl::StatusOr<ScriptDescription> DescribeScript(const contexts::Context& context,
                                                 const ScriptDescribeRequest& request) {
  absl::StatusOr<ParsedAsset<cob::Cob>> opened = OpenScript(context, request.path);
  if (!opened.ok()) return opened.status();
  const cob::Cob& c = *opened->value;
  ScriptDescription out;
  out.path = opened->path;
  out.version = c.version;
  out.game = c.version == cob::kVersionKingdoms ? "takingdoms" : "ta";
  for (const cob::Script& s : c.scripts) {
    out.scripts.push_back({s.name, s.start, s.length, c.code_offset + uint64_t(s.start) * 4});
  }
  out.pieces = c.pieces;
  out.statics = c.static_count;
  out.sounds = c.sounds;
  out.code_words = c.code.size();
  out.missing_standard = cob::MissingStandardScripts(c);
  out.warnings = c.warnings;
  return out;
}

Tool ScriptDescribeTool() {
  return MakeContextTool<ScriptDescribeRequest>(
      {"script_describe", "A unit script's contents",
       "A COB script's functions (code start, length), pieces, statics, sounds, and the "
       "standard functions it lacks."},
      ScriptDescribeTable(), ScriptDescription::Fields().Schema(),
      [](const contexts::Context& context, const ScriptDescribeRequest& request,
         const ToolCall&) { return StructuredResult(DescribeScript(context, request)); });
}

}  // namespace kbot::tools
