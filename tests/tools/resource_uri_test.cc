// kbot:// URIs: what is escaped, what parses back, and what is refused.
#include <gtest/gtest.h>

#include "tools/resource_uri.h"
#include "base/json_schema.h"

namespace kbot::tools {
namespace {

TEST(ResourceUri, EscapesAllButUnreservedAndSlash) {
  EXPECT_EQ(MakeResourceUri("demo", "anims/demo.gaf"), "kbot://demo/anims/demo.gaf");
  EXPECT_EQ(MakeResourceUri("my ta", "Anims/Big Boom#1.gaf"),
            "kbot://my%20ta/Anims/Big%20Boom%231.gaf");
  EXPECT_EQ(MakeResourceUri("demo", "a.gaf", {{"export", "png"}, {"palette", "p/x y.pcx"}}),
            "kbot://demo/a.gaf?export=png&palette=p%2Fx%20y.pcx");
}

TEST(ResourceUri, ParsesWhatItMakes) {
  const std::string uri =
      MakeResourceUri("my ta", "Anims/Big Boom#1.gaf", {{"export", "apng"}, {"scale", "4"}});
  absl::StatusOr<ResourceUri> parsed = ParseResourceUri(uri);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->context, "my ta");
  EXPECT_EQ(parsed->path, "Anims/Big Boom#1.gaf");
  EXPECT_EQ(parsed->query, (QueryParams{{"export", "apng"}, {"scale", "4"}}));
  absl::StatusOr<ResourceUri> latin = ParseResourceUri("kbot://d/%C3%A9t%c3%a9.gaf");
  ASSERT_TRUE(latin.ok());
  EXPECT_EQ(latin->path, "\xC3\xA9t\xC3\xA9.gaf");
}

TEST(ResourceUri, RefusesWhatIsNotAKbotUri) {
  for (const char* bad : {"file:///etc/passwd", "kbot://", "kbot://demo", "kbot://demo/",
                          "kbot:///anims/x.gaf", "kbot://demo/a%2", "kbot://demo/a%zz",
                          "kbot://demo/a.gaf?x=%"}) {
    EXPECT_FALSE(ParseResourceUri(bad).ok()) << bad;
  }
}

TEST(ResourceUri, MimeTypesByExtension) {
  EXPECT_EQ(MimeTypeFor("a/B.PNG"), "image/png");
  EXPECT_EQ(MimeTypeFor("x.gaf"), "application/x-gaf");
  EXPECT_EQ(MimeTypeFor("x.PCX"), "image/x-pcx");
  EXPECT_EQ(MimeTypeFor("noext"), "application/octet-stream");
}

TEST(Schema, ValidationNamesEachFailingMember) {
  absl::StatusOr<CompiledSchema> schema = CompiledSchema::Compile(nlohmann::json::parse(R"({
    "type": "object", "additionalProperties": false, "required": ["path"],
    "properties": {"path": {"type": "string", "minLength": 1},
                   "scale": {"type": "integer", "minimum": 1, "maximum": 8}}})"));
  ASSERT_TRUE(schema.ok());
  EXPECT_TRUE(schema->Validate({{"path", "a"}, {"scale", 8}}).ok());
  const absl::Status bad = schema->Validate({{"path", ""}, {"scale", 9}});
  EXPECT_EQ(bad.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(bad.message().find("path:"), absl::string_view::npos) << bad.message();
  EXPECT_NE(bad.message().find("scale:"), absl::string_view::npos) << bad.message();
  EXPECT_FALSE(CompiledSchema::Compile(nlohmann::json::parse(R"({"type": 5})")).ok());
}

}  // namespace
}  // namespace kbot::tools
