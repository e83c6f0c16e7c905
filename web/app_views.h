// The MCP Apps views (extension io.modelcontextprotocol/ui): the explorer's
// GAF page and GTA1 map page, each bundled with its stylesheets and a bridge
// to the host (web/views/) into one self-contained HTML file at build time
// (bundle_view.cmake), then compiled in like the pages. app/mcp_catalog.cc
// serves them as ui:// resources and attaches them to their tools.
#pragma once

#include <string>
#include <vector>

#include "web/page_file.h"

namespace kbot::web {

// gaf-viewer.html and map-viewer.html (app_view_assets.cc).
const std::vector<PageFile>& BuiltInViews();

// The HTML of the view file `name` ("gaf-viewer.html"), or "" when there is
// none.
std::string ViewHtml(const std::string& name);

}  // namespace kbot::web
