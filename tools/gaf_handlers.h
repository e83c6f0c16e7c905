// The MCP tools gaf_list, gaf_info and gaf_export: metadata next to handlers
// that read the asset from a context and call gaf_tools.
#pragma once

#include "absl/status/statusor.h"
#include "tools/resource_uri.h"
#include "tools/tool.h"
#include "tools/gaf_tools.h"

namespace kbot::tools {

Tool GafListTool();
Tool GafInfoTool();
Tool GafExportTool();

// gaf_export's arguments (already valid against its schema) as a request for
// the asset at `asset_path`, with the context's transparency default and its
// palette chain (palettepick/) applied; passed-over palettes add warnings.
absl::StatusOr<ExportRequest> ExportRequestFor(const contexts::Context& context,
                                               const std::string& asset_path,
                                               const json& arguments,
                                               std::vector<std::string>& warnings);

// The resources/read hook: kbot://CTX/PATH?export=FORMAT&sequence=..&frame=..
// &palette=..&transparency=..&scale=.. rendered again.
absl::StatusOr<ResourceBytes> RenderExportResource(const contexts::Context& context,
                                                        const ResourceUri& uri,
                                                        Progress& progress);

}  // namespace kbot::tools
