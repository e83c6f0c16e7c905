#include "tools/catalog.h"

#include <algorithm>
#include <functional>
#include <map>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tools/asset_find_tool.h"
#include "tools/car_describe_tool.h"
#include "tools/car_list_tool.h"
#include "tools/context_list_tool.h"
#include "tools/font_render_tool.h"
#include "tools/fxt_decode_tool.h"
#include "tools/gaf_check_tool.h"
#include "tools/gaf_export_tool.h"
#include "tools/gaf_info_tool.h"
#include "tools/gaf_list_tool.h"
#include "tools/hpi_extract_tool.h"
#include "tools/hpi_list_tool.h"
#include "tools/map_describe_tool.h"
#include "tools/map_list_tool.h"
#include "tools/map_minimap_tool.h"
#include "tools/map_render_tool.h"
#include "tools/mission_describe_tool.h"
#include "tools/mission_list_tool.h"
#include "tools/model_describe_tool.h"
#include "tools/model_render_tool.h"
#include "tools/palette_candidates_tool.h"
#include "tools/palette_describe_tool.h"
#include "tools/picture_export_tool.h"
#include "tools/player_describe_tool.h"
#include "tools/style_describe_tool.h"
#include "tools/style_tiles_tool.h"
#include "tools/sprite_export_tool.h"
#include "tools/sprite_list_tool.h"
#include "tools/sprite_sheet_tool.h"
#include "tools/script_describe_tool.h"
#include "tools/script_listing_tool.h"
#include "tools/tdf_parse_tool.h"
#include "tools/feature_describe_tool.h"
#include "tools/feature_list_tool.h"
#include "tools/side_list_tool.h"
#include "tools/weapon_describe_tool.h"
#include "tools/weapon_list_tool.h"
#include "tools/unit_compare_tool.h"
#include "tools/unit_describe_tool.h"
#include "tools/unit_list_tool.h"
#include "tools/vfs_list_tool.h"
#include "tools/tool_support.h"
#include "formats/gaf/gaf.h"

namespace kbot::tools {

namespace {

bool IsPaletteFile(absl::string_view path) {
  return absl::EndsWithIgnoreCase(path, ".pal") || absl::EndsWithIgnoreCase(path, ".pcx");
}

void AddMatching(const std::vector<std::string>& candidates, absl::string_view prefix,
                 std::vector<std::string>& out) {
  for (const std::string& c : candidates) {
    if (absl::StartsWithIgnoreCase(c, prefix)) out.push_back(c);
  }
}

// The values the tools' input schemas name for `argument` (the union of
// their enums and examples, first declared first: transparency's named
// values are examples, as it also takes an index), so completion offers what
// a call accepts without a list of its own; empty for a free-form argument.
const std::vector<std::string>& DeclaredValues(absl::string_view argument) {
  static const auto* const values = [] {
    auto* by_name = new std::map<std::string, std::vector<std::string>, std::less<>>();
    for (const Tool& tool : AllTools()) {
      for (const Param& param : tool.params) {
        for (const char* keyword : {"enum", "examples"}) {
          auto it = param.schema.find(keyword);
          if (it == param.schema.end()) continue;
          std::vector<std::string>& known = (*by_name)[param.name];
          for (const json& v : *it) {
            if (!v.is_string()) continue;
            const std::string value = v.get<std::string>();
            if (std::find(known.begin(), known.end(), value) == known.end()) {
              known.push_back(value);
            }
          }
        }
      }
    }
    return by_name;
  }();
  static const std::vector<std::string> kNone;
  auto it = values->find(argument);
  return it == values->end() ? kNone : it->second;
}

}  // namespace

const std::vector<std::string>& Toolsets() {
  static const std::vector<std::string> toolsets = {"gaf", "hpi", "palette", "gta", "tdf", "units", "maps"};
  return toolsets;
}

std::string ToolsetOf(absl::string_view tool_name) {
  if (tool_name == "context_list" || tool_name == "asset_find" || tool_name == "vfs_list") {
    return "core";
  }
  if (absl::StartsWith(tool_name, "gaf_")) return "gaf";
  if (absl::StartsWith(tool_name, "hpi_")) return "hpi";
  if (absl::StartsWith(tool_name, "palette_")) return "palette";
  if (absl::StartsWith(tool_name, "tdf_")) return "tdf";  // TA's text files
  // The catalog of a TA mod (tacatalog/).
  for (const char* prefix : {"unit_", "weapon_", "feature_", "side_", "model_", "script_"}) {
    if (absl::StartsWith(tool_name, prefix)) return "units";
  }
  // Every game's maps (GTA1 city maps, TA and TA: Kingdoms TNT).
  if (absl::StartsWith(tool_name, "map_")) return "maps";
  return "gta";  // styles, texts, fonts, pictures, settings
}

namespace {

// Whether `toolsets` asks for a tool of `set`. The map tools were "gta"'s
// before TA maps came: asking for gta still serves them.
bool Wanted(const std::vector<std::string>& toolsets, const std::string& set) {
  auto asked = [&](absl::string_view name) {
    return std::find(toolsets.begin(), toolsets.end(), name) != toolsets.end();
  };
  return toolsets.empty() || set == "core" || asked(set) || (set == "maps" && asked("gta"));
}

}  // namespace

absl::StatusOr<std::vector<Tool>> ToolsOf(const std::vector<std::string>& toolsets) {
  for (const std::string& t : toolsets) {
    if (std::find(Toolsets().begin(), Toolsets().end(), t) == Toolsets().end()) {
      return absl::InvalidArgumentError(absl::StrCat("unknown toolset \"", t, "\" (use ",
                                                     absl::StrJoin(Toolsets(), ", "), ")"));
    }
  }
  std::vector<Tool> out;
  for (Tool& tool : AllTools()) {
    if (Wanted(toolsets, ToolsetOf(tool.name))) out.push_back(std::move(tool));
  }
  return out;
}

std::vector<Tool> AllTools() {
  return {ContextListTool(),   AssetFindTool(),       VfsListTool(),
          GafListTool(),       GafInfoTool(),         GafExportTool(),
          GafCheckTool(),      PaletteCandidatesTool(), HpiListTool(),
          HpiExtractTool(),
          MapDescribeTool(),   MapRenderTool(),       StyleDescribeTool(),
          StyleTilesTool(),    SpriteListTool(),      SpriteExportTool(),
          SpriteSheetTool(),   CarListTool(),         CarDescribeTool(),
          MissionListTool(),   MissionDescribeTool(), FxtDecodeTool(),
          FontRenderTool(),    PictureExportTool(), PlayerDescribeTool(),  PaletteDescribeTool(),
          TdfParseTool(),      UnitListTool(),        UnitDescribeTool(),
          UnitCompareTool(),   WeaponListTool(),      WeaponDescribeTool(),
          FeatureListTool(),   FeatureDescribeTool(), SideListTool(),
          MapListTool(),       MapMinimapTool(),      MapHeightmapTool(),
          ModelDescribeTool(), ModelRenderTool(),     ScriptDescribeTool(),
          ScriptDisassembleTool(), ScriptDecompileTool()};
}

absl::StatusOr<std::vector<std::string>> CompleteArgument(absl::string_view argument,
                                                          absl::string_view prefix,
                                                          const json& arguments,
                                                          const contexts::Workspace& workspace) {
  std::vector<std::string> out;
  if (argument == "context") {
    std::vector<std::string> names;
    for (const contexts::Context& c : workspace.contexts()) names.push_back(c.name);
    AddMatching(names, prefix, out);
    return out;
  }
  if (const std::vector<std::string>& values = DeclaredValues(argument); !values.empty()) {
    AddMatching(values, prefix, out);
    return out;
  }
  if (argument != "path" && argument != "palette" && argument != "sequence") return out;
  absl::StatusOr<const contexts::Context*> context = workspace.Find(ContextArgument(arguments));
  if (!context.ok()) return context.status();
  if (argument == "path" || argument == "palette") {
    absl::StatusOr<std::vector<contexts::VfsEntry>> entries = (*context)->vfs->List();
    if (!entries.ok()) return entries.status();
    // '\' typed by a Windows user matches the '/' the listing uses.
    std::string typed(prefix);
    std::replace(typed.begin(), typed.end(), '\\', '/');
    for (const contexts::VfsEntry& e : *entries) {
      if (argument == "palette" && !IsPaletteFile(e.path)) continue;
      if (absl::StartsWithIgnoreCase(e.path, typed)) out.push_back(e.path);
    }
    return out;
  }
  if (argument == "sequence") {
    if (!arguments.contains("path") || !arguments["path"].is_string()) return out;
    absl::StatusOr<ContextAsset> opened =
        OpenContextAsset(**context, arguments["path"].get<std::string>());
    if (!opened.ok()) return opened.status();
    absl::StatusOr<gaf::Gaf> gaf = ReadGafAsset(opened->asset);
    if (!gaf.ok()) return gaf.status();
    std::vector<std::string> names;
    for (const gaf::Sequence& s : gaf->sequences) names.push_back(s.name);
    AddMatching(names, prefix, out);
  }
  return out;
}

}  // namespace kbot::tools
