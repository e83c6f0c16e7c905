#include "app/mcp_apps.h"

#include <vector>

#include "absl/status/status.h"
#include "mcp/extras.h"
#include "web/app_views.h"

namespace kbot::app {

using nlohmann::json;

namespace {

struct View {
  const char* uri;
  const char* file;  // in web/app_views.h
  const char* name;
  const char* title;
  const char* description;
  std::vector<const char*> tools;
};

const std::vector<View>& Views() {
  static const std::vector<View> views = {
      {kGafViewerUri, "gaf-viewer.html", "gaf-viewer", "GAF viewer",
       "A GAF/TAF's sequences playing at their real speed, its frame table, palette, "
       "transparency and zoom",
       {"gaf_list", "gaf_export"}},
      {kMapViewerUri, "map-viewer.html", "map-viewer", "GTA1 map viewer",
       "A GTA1 city map to pan and zoom; a click on a cell describes it",
       {"map_render"}},
  };
  return views;
}

// The view's wishes: a border around it. No csp: it reaches nothing but its host (its
// pictures come as data: URLs from the tool calls it makes through the host).
json ResourceUiMeta() { return {{"ui", {{"prefersBorder", true}}}}; }

}  // namespace

json ToolViewMeta(const std::string& name) {
  for (const View& view : Views()) {
    for (const char* tool : view.tools) {
      // Only the stable key: the flat "ui/resourceUri" of the drafts is
      // deprecated, and tools/list is paid for in every conversation.
      if (name == tool) return {{"ui", {{"resourceUri", view.uri}}}};
    }
  }
  return nullptr;
}

void AddAppViews(mcp::ServerHooks& hooks) {
  hooks.extensions[kAppsExtension] = json::object();
  for (const View& view : Views()) {
    mcp::Resource resource;
    resource.uri = view.uri;
    resource.name = view.name;
    resource.title = view.title;
    resource.description = view.description;
    resource.mime_type = kAppMimeType;
    resource.meta = ResourceUiMeta();
    resource.read = [file = std::string(view.file)](
                        const std::string& uri) -> absl::StatusOr<json> {
      const std::string html = web::ViewHtml(file);
      if (html.empty()) return absl::InternalError(file + " is not built into this kbot");
      json contents = mcp::TextContents(uri, kAppMimeType, html);
      contents["_meta"] = ResourceUiMeta();
      return json::array({std::move(contents)});
    };
    hooks.resources.push_back(std::move(resource));
  }
}

}  // namespace kbot::app
