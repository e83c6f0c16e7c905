// The explorer's JSON routes: GET /api/TOOL?ARG=VALUE... runs the MCP tool
// TOOL (a read-only one with structured output) with its arguments taken
// from the query, typed and checked by the tool's own input schema, and
// answers with exactly the tool's structuredContent, so the page and the
// assistant see the same facts. GET /api lists the tools served.
//
// Statuses: 200 with the structuredContent; 400 for an argument the schema
// refuses (or a tool error that is not NotFound); 404 for an unknown tool, a
// missing context or asset; 503 if the work was cancelled. Errors are
// {"error": "message"} (the tool's own message).
#pragma once

#include "contexts/workspace.h"
#include "http/http_host.h"
#include "tools/tool.h"

namespace kbot::web {

void MountApiRoutes(http::HttpHost& host, const contexts::Workspace& workspace,
                    const tools::Limits& limits);

}  // namespace kbot::web
