// resources/read of a picture link (kbot://CONTEXT/PATH?export=NAME&...):
// the picture tool the export value names draws it again from the query,
// which is parsed through that tool's own input schema (tools/params.h) and
// checked as a call's arguments are.
#pragma once

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tools/resource_uri.h"
#include "tools/tool.h"

namespace kbot::tools {

// NotFound when no picture tool answers to the query's export value (or it
// has none); InvalidArgument naming the member for a bad query.
absl::StatusOr<ResourceBytes> RenderPictureResource(const contexts::Context& context,
                                                    const ResourceUri& uri, Progress& progress);

}  // namespace kbot::tools
