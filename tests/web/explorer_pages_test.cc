// The explorer's pages (built in, or from a folder), the token cookie a
// browser page carries, /render/ (maps, fonts, tiles, pictures), /palette/
// against hand-built PAL and PCX files, and 405 for other methods than GET.
#include <httplib.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "tests/palettepick/palette_bytes.h"
#include "tests/support/decode_image.h"
#include "tests/web/explorer_fixture.h"
#include "web/pages.h"
#include "web/responses.h"

namespace kbot::web {
namespace {

const PageFile* BuiltInPage(const std::string& name) {
  for (const PageFile& f : BuiltInPages()) {
    if (name == f.name) return &f;
  }
  return nullptr;
}

TEST_F(ExplorerTest, TheIndexAndEveryBuiltInPageAreServed) {
  Start();
  const PageFile* index = BuiltInPage("index.html");
  ASSERT_NE(index, nullptr);
  httplib::Result root = Get("/");
  ASSERT_TRUE(root);
  ASSERT_EQ(root->status, 200) << root->body;
  EXPECT_EQ(root->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(root->body, std::string(index->data, index->size));
  EXPECT_EQ(root->get_header_value("Cache-Control"), "no-cache");
  for (const PageFile& f : BuiltInPages()) {
    httplib::Result r = Get(std::string("/static/") + f.name);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200) << f.name;
    EXPECT_EQ(r->body, std::string(f.data, f.size)) << f.name;
    EXPECT_EQ(r->get_header_value("Content-Type"), PageContentType(f.name)) << f.name;
  }
  // Unchanged pages are not sent again.
  httplib::Result again = Get("/", {{"If-None-Match", root->get_header_value("ETag")}});
  ASSERT_TRUE(again);
  EXPECT_EQ(again->status, 304);
  EXPECT_TRUE(again->body.empty());
}

TEST_F(ExplorerTest, PagesHaveTheirContentTypes) {
  EXPECT_EQ(PageContentType("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(PageContentType("app.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(PageContentType("explorer.CSS"), "text/css; charset=utf-8");
  EXPECT_EQ(PageContentType("logo.svg"), "image/svg+xml");
  EXPECT_EQ(PageContentType("notes"), "application/octet-stream");
}

TEST_F(ExplorerTest, UnknownPagesAre404) {
  Start();
  ExpectError(Get("/static/nothing-here.js"), 404, "no page \"nothing-here.js\"");
  ExpectError(Get("/static/"), 404, "not found");
}

TEST_F(ExplorerTest, APagesFolderIsReadAtEachRequestAndNeverLeft) {
  const fs::path pages = root_ / "pages";
  WriteFile(pages / "index.html", {'o', 'n', 'e'});
  WriteFile(pages / "app.js", {'1', ';'});
  ExplorerOptions eo;
  eo.pages_dir = pages.string();
  Start({}, size_t{64} << 20, eo);
  EXPECT_EQ(Get("/")->body, "one");
  WriteFile(pages / "index.html", {'t', 'w', 'o'});
  EXPECT_EQ(Get("/")->body, "two");  // edited: served as it is now
  EXPECT_EQ(Get("/static/app.js")->body, "1;");
  // A name with a folder part, or a hidden file, is never looked up.
  WriteFile(pages / ".secret", {'x'});
  ExpectError(Get("/static/.secret"), 404, "no page");
  ExpectError(Get("/static/..%2Fanims%2Fdemo.gaf"), 404, "no page");
  ExpectError(Get("/static/sub/app.js"), 404, "no page");
}

// The token holds characters a cookie value cannot; the cookie carries it
// in hex.
constexpr char kToken[] = "s3cret; x=\"y\"";
constexpr char kTokenHex[] = "7333637265743b20783d227922";

class TokenExplorer : public ExplorerTest {
 protected:
  void SetUp() override {
    ExplorerTest::SetUp();
    http::HttpOptions o;
    o.token = kToken;
    Start(o);
  }
  static httplib::Headers Cookie(const std::string& value) {
    return {{"Cookie", "theme=dark; kbot_token=" + value + "; other=1"}};
  }
};

TEST(TokenCookie, IsTheTokenInHex) {
  EXPECT_EQ(TokenCookieValue("s3cret"), "733363726574");
  EXPECT_EQ(TokenCookieValue(kToken), kTokenHex);
  EXPECT_EQ(TokenCookieValue(""), "");
}

TEST_F(TokenExplorer, OpeningThePageWithTheTokenSetsItAsACookie) {
  ExpectError(Get("/"), 401, "Authorization: Bearer");
  ExpectError(Get("/?token=wrong"), 401, "Authorization: Bearer");
  httplib::Result opened = Get("/?token=s3cret%3B%20x%3D%22y%22");
  ASSERT_TRUE(opened);
  EXPECT_EQ(opened->status, 303);
  EXPECT_EQ(opened->get_header_value("Location"), "/");  // the token leaves the address
  EXPECT_EQ(opened->get_header_value("Set-Cookie"),
            std::string("kbot_token=") + kTokenHex + "; Path=/; HttpOnly; SameSite=Strict");
  EXPECT_EQ(opened->get_header_value("Cache-Control"), "no-store");
  // Not from a foreign page, even with the token.
  ExpectError(Get("/?token=s3cret%3B%20x%3D%22y%22", {{"Origin", "http://evil.example"}}), 403,
              "Origin");
}

TEST_F(TokenExplorer, TheCookieStandsForTheHeaderOnEveryExplorerRoute) {
  for (const std::string target :
       {"/", "/static/index.html", "/png/ta/anims/demo.gaf", "/api/context_list",
        "/palette/ta/palettes/palette.pal", "/render/ta/GTADATA/DEMO.FON?export=font&text=A"}) {
    httplib::Result r = Get(target, Cookie(kTokenHex));
    ASSERT_TRUE(r) << target;
    EXPECT_EQ(r->status, 200) << target << ": " << r->body;
    ExpectError(Get(target, Cookie("7333637265743b20783d2279")), 401, "Authorization: Bearer");
    ExpectError(Get(target, Cookie(kToken)), 401, "Authorization: Bearer");  // not in hex
  }
  // The cookie answers only the token check: a foreign page is still refused.
  httplib::Headers foreign = Cookie(kTokenHex);
  foreign.emplace("Origin", "http://evil.example");
  ExpectError(Get("/api/context_list", foreign), 403, "Origin");
}

TEST_F(ExplorerTest, RenderDrawsACityMapByItsArguments) {
  Start();
  httplib::Result r = Get("/render/ta/GTADATA/DEMO.CMP?export=map&x=2&y=3&w=16&h=8&scale=4");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(r->get_header_value("Content-Type"), "image/png");
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(Span(r->body));
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->width, 16 * 4);
  EXPECT_EQ(png->height, 8 * 4);
  // The same picture map_render describes.
  const json facts = json::parse(
      Get("/api/map_render?context=ta&path=GTADATA/DEMO.CMP&x=2&y=3&w=16&h=8&scale=4")->body);
  EXPECT_EQ(facts["width"], 64);
  EXPECT_EQ(facts["bytes"], r->body.size());
  // Drawn again, it is the same: an If-None-Match with its ETag gets 304.
  httplib::Result again = Get("/render/ta/GTADATA/DEMO.CMP?export=map&x=2&y=3&w=16&h=8&scale=4",
                              {{"If-None-Match", r->get_header_value("ETag")}});
  ASSERT_TRUE(again);
  EXPECT_EQ(again->status, 304);
}

TEST_F(ExplorerTest, RenderDrawsFontsTilesAndTheirArguments) {
  Start();
  httplib::Result font = Get("/render/ta/GTADATA/DEMO.FON?export=font&text=HI&scale=2");
  ASSERT_TRUE(font);
  ASSERT_EQ(font->status, 200) << font->body;
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(Span(font->body));
  ASSERT_TRUE(png.ok()) << png.status();
  const json facts =
      json::parse(Get("/api/font_render?context=ta&path=GTADATA/DEMO.FON&text=HI&scale=2")->body);
  EXPECT_EQ(png->width, facts["width"]);
  EXPECT_EQ(png->height, facts["height"]);
  EXPECT_EQ(facts["bytes"], font->body.size());

  httplib::Result tiles =
      Get("/render/ta/GTADATA/STYLE001.G24?export=tiles&kind=lid&count=4&columns=2");
  ASSERT_TRUE(tiles);
  ASSERT_EQ(tiles->status, 200) << tiles->body;
  png = testing::DecodePng(Span(tiles->body));
  ASSERT_TRUE(png.ok()) << png.status();
  const json sheet = json::parse(
      Get("/api/style_tiles?context=ta&path=GTADATA/STYLE001.G24&kind=lid&count=4&columns=2")->body);
  EXPECT_EQ(sheet["rows"], 2);  // four 64-pixel tiles in two columns, with their gaps
  EXPECT_EQ(png->width, sheet["width"]);
  EXPECT_EQ(png->height, sheet["height"]);
  EXPECT_EQ(sheet["bytes"], tiles->body.size());
}

TEST_F(ExplorerTest, RenderRefusesWhatItCannotDraw) {
  Start();
  ExpectError(Get("/render/ta/GTADATA/DEMO.CMP"), 400, "needs one export=map|tiles|font|picture");
  ExpectError(Get("/render/ta/GTADATA/DEMO.CMP?export=map&export=font"), 400, "needs one export");
  ExpectError(Get("/render/ta/anims/demo.gaf?export=apng"), 400, "GAFs have /png/");
  ExpectError(Get("/render/ta/GTADATA/DEMO.CMP?export=map&scale=zero"), 400, "scale");
  ExpectError(Get("/render/ta/GTADATA/DEMO.FON?export=font&text=A&scale=99"), 400, "scale");
  ExpectError(Get("/render/ta/GTADATA/DEMO.FON?export=font&text=A&colour=red"), 400, "colour");
  ExpectError(Get("/render/ta/GTADATA/NYC.CMP?export=map"), 404, "NYC.CMP");
  ExpectError(Get("/render/nowhere/GTADATA/DEMO.CMP?export=map"), 404, "nowhere");
  ExpectError(Get("/render/ta/..%2F..%2Fetc%2Fpasswd?export=map"), 400,
              "would leave the context");
}

TEST_F(ExplorerTest, PaletteGivesThe256ColoursOfAPalAndAPcx) {
  // Laid out byte by byte: entry i of the file tagged t is (t, i, 255 - i).
  WriteFile(root_ / "palettes/pattern.pal", testing::Pal(3));
  WriteFile(root_ / "palettes/pattern.pcx", testing::Pcx(9));
  Start();
  httplib::Result pal = Get("/palette/ta/PALETTES/Pattern.PAL");
  ASSERT_TRUE(pal);
  ASSERT_EQ(pal->status, 200) << pal->body;
  EXPECT_EQ(pal->get_header_value("Content-Type"), "application/json");
  json body = json::parse(pal->body);
  EXPECT_EQ(body["context"], "ta");
  EXPECT_EQ(body["path"], "palettes/pattern.pal");
  EXPECT_EQ(body["bytes"], 1024);
  ASSERT_EQ(body["colors"].size(), 256u);
  for (int i : {0, 1, 127, 200, 255}) {
    EXPECT_EQ(body["colors"][i], json::array({3, i, 255 - i})) << i;
  }
  httplib::Result pcx = Get("/palette/ta/palettes/pattern.pcx");
  ASSERT_TRUE(pcx);
  ASSERT_EQ(pcx->status, 200) << pcx->body;
  body = json::parse(pcx->body);
  ASSERT_EQ(body["colors"].size(), 256u);
  for (int i : {0, 3, 128, 255}) {
    EXPECT_EQ(body["colors"][i], json::array({9, i, 255 - i})) << i;
  }
}

TEST_F(ExplorerTest, PaletteRefusesWhatIsNotOne) {
  Start();
  ExpectError(Get("/palette/ta/anims/demo.gaf"), 400,
              "anims/demo.gaf is a GAF/TAF sprite animation file (2 sequences)");
  ExpectError(Get("/palette/ta/palettes/none.pal"), 404, "none.pal");
  ExpectError(Get("/palette/ghost/palettes/palette.pal"), 404, "ghost");
  ExpectError(Get("/palette/ta/palettes/palette.pal?x=1"), 400, "unknown parameter \"x\"");
  ExpectError(Get("/palette/ta/..%2F..%2Fsecret.pal"), 400, "would leave the context");
}

TEST_F(ExplorerTest, OtherMethodsThanGetAre405) {
  Start();
  httplib::Client c = Client();
  for (const std::string target : {"/", "/png/ta/anims/demo.gaf", "/api/context_list",
                                   "/render/ta/GTADATA/DEMO.CMP", "/palette/ta/x.pal",
                                   "/static/index.html"}) {
    httplib::Result post = c.Post(target.c_str(), "{}", "application/json");
    ASSERT_TRUE(post) << target;
    ExpectError(post, 405, "the explorer answers GET only");
    EXPECT_EQ(post->get_header_value("Allow"), "GET, HEAD") << target;
    ExpectError(c.Delete(target.c_str()), 405, "GET only");
    ExpectError(c.Put(target.c_str(), "", "text/plain"), 405, "GET only");
  }
}

}  // namespace
}  // namespace kbot::web
