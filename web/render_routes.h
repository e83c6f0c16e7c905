// The explorer's route for the pictures of kbot's other image tools, drawn by
// the same code as their kbot:// resource links (tools::RenderResource, tools/context_resources.h):
//
//   GET /render/CONTEXT/PATH?export=map&x=&y=&w=&h=&scale=&style=
//       a GTA1 city map (map_render's arguments)
//   GET /render/CONTEXT/PATH?export=tiles|font|picture&...
//       style_tiles, font_render or picture_export, with the tool's arguments
//
// image/png with a strong ETag (If-None-Match gets 304). These pictures are
// drawn from more than one file (a map and its style, a picture and its
// palette), so they are drawn afresh at each request rather than kept in
// the RenderCache, whose key knows only the asset: an edited style is never
// served stale. 400 for a bad or missing export or argument, 404 for a
// missing context or file.
#pragma once

#include "contexts/workspace.h"
#include "http/http_host.h"

namespace kbot::web {

void MountRenderRoutes(http::HttpHost& host, const contexts::Workspace& workspace);

}  // namespace kbot::web
