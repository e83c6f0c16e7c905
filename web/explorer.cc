#include "web/explorer.h"

#include <httplib.h>

#include <string>

#include "absl/strings/str_cat.h"
#include "web/api_routes.h"
#include "web/image_routes.h"
#include "web/responses.h"

namespace kbot::web {

namespace {

std::string Escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// A placeholder until the explorer's pages arrive: what the server offers.
std::string IndexPage(const contexts::Workspace& workspace) {
  std::string contexts;
  for (const contexts::Context& c : workspace.contexts()) {
    absl::StrAppend(&contexts, "<li>", Escape(c.name), " (", contexts::GameName(c.game),
                    ")</li>\n");
  }
  return absl::StrCat(
      "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>kbot explorer</title></head>\n"
      "<body>\n<h1>kbot explorer</h1>\n<p>The explorer's pages are not written yet; its routes "
      "are served:</p>\n<ul>\n"
      "<li><code>/png/CONTEXT/PATH</code>, <code>/apng/...</code>, <code>/gif/...</code>, "
      "<code>/sheet/...</code>: a GAF drawn, with <code>sequence</code>, <code>frame</code> "
      "(png), <code>palette</code>, <code>transparency</code>, <code>scale</code></li>\n"
      "<li><code>/api</code>: the tools; <code>/api/TOOL?ARG=VALUE...</code> answers with what "
      "the MCP tool returns (e.g. <code>/api/gaf_list?context=demo&amp;path=...</code>)</li>\n"
      "</ul>\n<p>Contexts:</p>\n<ul>\n",
      contexts, "</ul>\n</body></html>\n");
}

}  // namespace

std::unique_ptr<Explorer> Explorer::Mount(mcp::HttpHost& host, const contexts::Workspace& workspace,
                                          ExplorerOptions options) {
  std::unique_ptr<Explorer> explorer(new Explorer(options.cache_bytes));
  MountImageRoutes(host, workspace, explorer->cache_);
  MountApiRoutes(host, workspace, options.limits);
  host.server().Get("/", [&host, page = IndexPage(workspace)](const httplib::Request& q,
                                                                httplib::Response& s) {
    if (!Admit(host, q, s)) return;
    s.set_header("Cache-Control", "no-cache");
    s.set_content(page, "text/html; charset=utf-8");
  });
  host.AddPathHint("the explorer is served at / (images at /png/, /apng/, /gif/, /sheet/; "
                   "JSON at /api/)");
  host.SetRefusalWriter("/", [](const httplib::Request&, httplib::Response& res, int status,
                                const std::string& message) { WriteError(res, status, message); });
  return explorer;
}

}  // namespace kbot::web
