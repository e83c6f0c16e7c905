// The contexts' files as resources at kbot://CONTEXT/PATH, and the pictures a
// URI with a query draws (kbot://demo/anims/demo.gaf?export=apng&...): what an
// MCP client lists and reads, and what the explorer's /render/ route serves.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "nlohmann/json.hpp"
#include "tools/resource_uri.h"
#include "tools/tool.h"

namespace kbot::tools {

// The template every context file's URI follows, as resources/templates/list
// shows it (tools/resource_uri.h's kResourceTemplate).
inline constexpr const char* kContextFileTemplateName = "context-file";
inline constexpr const char* kContextFileTemplateTitle = "A file of a context";
extern const char* const kContextFileTemplateDescription;

// Every file of every context, contexts in order, each listed sorted:
// {"uri", "name" (the path), "title" ("CONTEXT: PATH"), "mimeType", "size"}.
absl::StatusOr<std::vector<json>> ListContextFiles(const contexts::Workspace& workspace,
                                                   Progress& progress);

// Reads `uri`: a file's bytes, or with a query the picture it names.
// NotFound for a URI that names nothing (its message starts with the URI),
// Internal for a file over `max_bytes`, Cancelled when `progress` says stop.
absl::StatusOr<ResourceBytes> ReadContextUri(const contexts::Workspace& workspace,
                                             const std::string& uri, size_t max_bytes,
                                             Progress& progress);

// A rendered resource: ?export=map draws a city map (map_render's links),
// tiles|font|picture an image tool's picture, any other export a GAF
// (gaf_export's).
absl::StatusOr<ResourceBytes> RenderResource(const contexts::Context& context,
                                             const ResourceUri& uri, Progress& progress);

// The `instructions` an MCP client gets at initialize: the contexts served
// and where to start.
std::string Instructions(const contexts::Workspace& workspace);

}  // namespace kbot::tools
