// The explorer's image routes: a GAF of a context drawn on demand, through
// the gaf_export tool's own code path (its request table, ExportGafAsset's
// palette chain and transparency default), kept in a RenderCache.
//
//   GET /png/CONTEXT/PATH     one frame (frame, default 0)      image/png
//   GET /apng/CONTEXT/PATH    the sequence animated             image/png (APNG)
//   GET /gif/CONTEXT/PATH     the sequence animated             image/gif
//   GET /sheet/CONTEXT/PATH   every frame of the sequence, grid image/png
//
// Parameters: sequence (index or name, default 0), frame (png only),
// palette (a VFS path; omitted: the resolver chain), transparency
// (game|heuristic|none|0-255; omitted: the context's default), scale (1-8).
// Anything else is 400, as is a value gaf_export's schema refuses; an
// unknown context or file is 404; a path leaving the context is 400.
// Answers carry a strong ETag, Cache-Control: no-cache, and
// X-Kbot-Cache: hit|miss; If-None-Match with the current ETag gets 304.
#pragma once

#include "contexts/workspace.h"
#include "http/http_host.h"
#include "web/render_cache.h"

namespace kbot::web {

void MountImageRoutes(http::HttpHost& host, const contexts::Workspace& workspace,
                      RenderCache& cache);

}  // namespace kbot::web
