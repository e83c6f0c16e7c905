// kbot's MCP Apps views (extension io.modelcontextprotocol/ui): the GAF
// viewer and the GTA1 map viewer as ui:// resources of the Apps MIME type
// (their HTML is the explorer's pages bundled by web/, web/app_views.h), and
// the tools whose results they show. A host without Apps support ignores the
// resources and the tools' _meta, and gets the same results as before
// (docs/mcp.md, "Apps").
#pragma once

#include <string>

#include "mcp/server.h"
#include "nlohmann/json.hpp"

namespace kbot::app {

inline constexpr const char* kAppsExtension = "io.modelcontextprotocol/ui";
inline constexpr const char* kAppMimeType = "text/html;profile=mcp-app";
inline constexpr const char* kGafViewerUri = "ui://kbot/gaf";
inline constexpr const char* kMapViewerUri = "ui://kbot/map";

// The `_meta` of the tool `name`: the view that shows its results, under the
// Apps key and its deprecated flat form (hosts read either); null for a
// tool without a view.
nlohmann::json ToolViewMeta(const std::string& name);

// Declares the extension and registers both views as resources.
void AddAppViews(mcp::ServerHooks& hooks);

}  // namespace kbot::app
