// The explorer's pages: plain HTML, CSS and JavaScript (web/static/),
// compiled into the binary by embed_pages.cmake, so `kbot explore` needs no
// folder beside it and no build step.
//
//   GET /              index.html (the page routes itself with #/... URLs)
//   GET /static/NAME   any other file of web/static/
//
// Answers carry a strong ETag and Cache-Control: no-cache (a rebuilt binary's
// pages are never served stale); If-None-Match gets 304.
//
// When the server has a token, a browser cannot send it as a header when it
// opens a page or draws an <img>: opening /?token=TOKEN once sets it as a
// cookie (HttpOnly, SameSite=Strict) and redirects to /, and every explorer
// route then takes the cookie in place of the header (web/responses.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "http/http_host.h"
#include "web/page_file.h"

namespace kbot::web {

// The files of web/static/ as built into the binary (page_assets.cc).
const std::vector<PageFile>& BuiltInPages();

// "text/html; charset=utf-8" and so on, by the name's extension;
// application/octet-stream for an unknown one.
std::string PageContentType(const std::string& name);

// `pages_dir`: serve the files from this folder instead, read at each
// request (for editing the pages without rebuilding).
void MountPages(http::HttpHost& host, std::optional<std::string> pages_dir = std::nullopt);

}  // namespace kbot::web
