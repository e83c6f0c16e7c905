#include "web/pages.h"

#include <httplib.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "web/render_cache.h"
#include "web/responses.h"

namespace kbot::web {

namespace {

struct PageBytes {
  std::string bytes;
  std::string etag;
};

// Names a pages folder may serve: no folder part, so nothing outside it.
bool IsPlainName(const std::string& name) {
  if (name.empty() || name[0] == '.') return false;
  for (char c : name) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') {
      return false;
    }
  }
  return true;
}

// The built-in pages with their ETags, hashed once: they never change
// while the binary runs.
const PageBytes* BuiltIn(const std::string& name) {
  static const std::vector<std::pair<std::string, PageBytes>>* pages = [] {
    auto* out = new std::vector<std::pair<std::string, PageBytes>>;
    for (const PageFile& file : BuiltInPages()) {
      std::string bytes(file.data, file.size);
      std::string etag = EtagOf(bytes);
      out->emplace_back(file.name, PageBytes{std::move(bytes), std::move(etag)});
    }
    return out;
  }();
  for (const auto& [page_name, page] : *pages) {
    if (page_name == name) return &page;
  }
  return nullptr;
}

std::optional<PageBytes> FromFolder(const std::string& dir, const std::string& name) {
  if (!IsPlainName(name)) return std::nullopt;
  std::ifstream in(dir + "/" + name, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  PageBytes page{bytes.str(), ""};
  page.etag = EtagOf(page.bytes);
  return page;
}

// Opening /?token=TOKEN: the token becomes a cookie, and the address loses it
// (so it stays out of the history and of what the user copies).
bool SetTokenCookie(const http::HttpHost& host, const httplib::Request& req,
                    httplib::Response& res) {
  if (!req.has_param("token") || host.options().token.empty()) return false;
  if (!http::TokenMatches(req.get_param_value("token"), host.options().token)) return false;
  res.status = 303;
  res.set_header("Location", "/");
  res.set_header("Cache-Control", "no-store");
  res.set_header("Set-Cookie", std::string(kTokenCookie) + "=" +
                                   TokenCookieValue(host.options().token) +
                                   "; Path=/; HttpOnly; SameSite=Strict");
  return true;
}

}  // namespace

std::string PageContentType(const std::string& name) {
  const std::string lower = absl::AsciiStrToLower(name);
  if (absl::EndsWith(lower, ".html")) return "text/html; charset=utf-8";
  if (absl::EndsWith(lower, ".css")) return "text/css; charset=utf-8";
  if (absl::EndsWith(lower, ".js")) return "text/javascript; charset=utf-8";
  if (absl::EndsWith(lower, ".svg")) return "image/svg+xml";
  if (absl::EndsWith(lower, ".png")) return "image/png";
  if (absl::EndsWith(lower, ".json")) return "application/json";
  return "application/octet-stream";
}

void MountPages(http::HttpHost& host, std::optional<std::string> pages_dir) {
  auto serve = [pages_dir](const std::string& name, const httplib::Request& req,
                           httplib::Response& res) {
    std::optional<PageBytes> from_folder;
    if (pages_dir) from_folder = FromFolder(*pages_dir, name);
    const PageBytes* page = pages_dir ? (from_folder ? &*from_folder : nullptr) : BuiltIn(name);
    if (!page) return WriteError(res, 404, "the explorer has no page \"" + name + "\"");
    WriteWithEtag(req, res, page->bytes, PageContentType(name), page->etag);
  };
  host.server().Get("/", [&host, serve](const httplib::Request& req, httplib::Response& res) {
    // 401 comes after the Host and Origin checks passed: only then may the
    // query's token set the cookie.
    std::optional<http::HttpRefusal> refusal = host.Check(req);
    if (refusal && refusal->status == 401 && SetTokenCookie(host, req, res)) return;
    if (!Admit(host, req, res)) return;
    serve("index.html", req, res);
  });
  host.server().Get("/static/(.+)",
                    [&host, serve](const httplib::Request& req, httplib::Response& res) {
                      if (!Admit(host, req, res)) return;
                      serve(req.matches[1], req, res);
                    });
}

}  // namespace kbot::web
