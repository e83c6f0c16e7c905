// The explorer's palette route: the 256 colours of a PAL or PCX file of a
// context, for the palette view's swatches.
//
//   GET /palette/CONTEXT/PATH
//   {"context": "demo", "path": "palettes/palette.pal", "bytes": 1024,
//    "colors": [[r, g, b], ... 256 of them]}
//
// 400 for a file that is not a palette (the parser's message names it and
// what was expected), 404 for a missing context or file.
#pragma once

#include "contexts/workspace.h"
#include "http/http_host.h"

namespace kbot::web {

void MountPaletteRoute(http::HttpHost& host, const contexts::Workspace& workspace);

}  // namespace kbot::web
