#include "mcp/tools/catalog.h"

#include "absl/strings/match.h"
#include "mcp/tools/context_handlers.h"
#include "mcp/tools/gaf_handlers.h"
#include "mcp/tools/fxt_handlers.h"
#include "mcp/tools/font_handlers.h"
#include "mcp/tools/hpi_handlers.h"
#include "mcp/tools/image_result.h"
#include "mcp/tools/map_handlers.h"
#include "mcp/tools/picture_handlers.h"
#include "mcp/tools/player_handlers.h"
#include "mcp/tools/style_handlers.h"
#include "mcp/tools/tool_support.h"
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

}  // namespace

namespace {

// The image tools whose large pictures come back as resource links, by the
// export name their URIs carry.
struct ImageExport {
  const char* name;
  mcp::Tool (*tool)();
  absl::StatusOr<ToolImage> (*draw)(const contexts::Context&, const json&);
};
constexpr ImageExport kImageExports[] = {
    {kStyleTilesExport, StyleTilesTool, DrawStyleTiles},
    {kFontRenderExport, FontRenderTool, DrawFontRender},
    {kPictureExportExport, PictureExportTool, DrawPictureExport},
};

// A rendered resource: ?export=map draws a city map (map_render's links),
// tiles|font|picture an image tool's picture, any other export a GAF
// (gaf_export's).
absl::StatusOr<mcp::ResourceBytes> RenderResource(const contexts::Context& context,
                                                  const mcp::ResourceUri& uri, Progress& progress) {
  for (const auto& [key, value] : uri.query) {
    if (key != "export") continue;
    if (value == "map") return RenderMapResource(context, uri);
    for (const ImageExport& e : kImageExports) {
      if (value == e.name) return RenderImageResource(context, uri, e.tool().input_schema, e.draw);
    }
  }
  return RenderExportResource(context, uri, progress);
}

}  // namespace

std::vector<mcp::Tool> AllTools() {
  return {ContextListTool(),       VfsListTool(), GafListTool(),  GafInfoTool(), GafExportTool(),
          PaletteCandidatesTool(), HpiListTool(), MapDescribeTool(), MapRenderTool(),
          StyleDescribeTool(), StyleTilesTool(), FxtDecodeTool(), FontRenderTool(),
          PictureExportTool(), PlayerDescribeTool()};
}

mcp::ServerHooks AllHooks() {
  mcp::ServerHooks hooks;
  hooks.complete = CompleteArgument;
  hooks.render = RenderResource;
  return hooks;
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
  if (argument == "format") {
    AddMatching({"png", "gif", "apng", "sheet"}, prefix, out);
    return out;
  }
  if (argument == "transparency") {
    AddMatching({"game", "heuristic", "none"}, prefix, out);
    return out;
  }
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
    return out;
  }
  return out;
}

}  // namespace kbot::tools
