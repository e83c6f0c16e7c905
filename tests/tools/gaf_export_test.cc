// The gaf_export tool as a typed tool: its request table (schema, defaults,
// the frame-with-an-animation check), the kbot:// link of a large export
// built from the request and parsed back by the same table, and the
// resource_link plus preview an export over the inline limit becomes.
// Fixtures are laid out byte by byte (tests/support/gaf_bytes.h).
#include "tools/gaf_export_tool.h"

#include <gtest/gtest.h>

#include "absl/strings/escaping.h"
#include "base/json_schema.h"
#include "tests/support/decode_image.h"
#include "tests/support/gaf_bytes.h"
#include "tools/picture_resource.h"
#include "tools/query_arguments.h"
#include "tools/resource_uri.h"

namespace kbot::tools {
namespace {

using testing::FixtureFrame;
using testing::FixtureSequence;

// A raw 40 x 40 frame of pseudo-random indices (1..255: none is the key 0),
// so that its PNG hardly compresses.
FixtureFrame NoiseFrame(uint32_t seed) {
  FixtureFrame f{.width = 40, .height = 40, .transparency = 0, .storage = 0, .duration = 2};
  uint32_t x = seed;
  for (int i = 0; i < 40 * 40; ++i) {
    x = x * 1664525u + 1013904223u;
    f.payload.push_back(uint8_t(1 + (x >> 24) % 255));
  }
  return f;
}

// Context "fx" (TA) holding anims/big.gaf: sequence "noise", two such frames.
const contexts::Context& Fx() {
  static const contexts::Context* fx = [] {
    std::vector<uint8_t> gaf =
        testing::LayOutGaf({FixtureSequence{"noise", 1, 0, {NoiseFrame(1), NoiseFrame(2)}}}).bytes;
    return new contexts::Context{"fx", contexts::Game::kTa, "", false,
                                 contexts::MakeMemoryVfs({{"anims/big.gaf", gaf}}, "test")};
  }();
  return *fx;
}

ToolResult Export(const GafExportRequest& request, size_t limit) {
  static const contexts::Workspace no_workspace;
  const json arguments = json::object();
  Limits limits;
  limits.max_inline_image_base64 = limit;
  const ToolCall call{arguments, no_workspace, NoProgress(), QuietLogger(), limits};
  return RunGafExport(Fx(), request, call);
}

std::string Decoded(const json& image_block) {
  std::string bytes;
  EXPECT_TRUE(absl::Base64Unescape(image_block["data"].get<std::string>(), &bytes));
  return bytes;
}

TEST(GafExportTable, DeclaresEachParameterOnceWithTheStructsDefaults) {
  std::vector<std::string> names;
  for (const Param& p : GafExportTable().Params()) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"context", "path", "sequence", "frame", "format",
                                             "palette", "transparency", "scale"}));
  const json schema = GafExportTable().InputSchema();
  // path may be left out when the sequence's name is unique in the context.
  EXPECT_FALSE(schema.contains("required"));
  EXPECT_EQ(schema["additionalProperties"], false);
  EXPECT_EQ(schema["properties"]["format"],
            json::parse(R"j({"type": "string", "enum": ["png", "gif", "apng", "sheet"],
              "default": "png", "description": "png: a frame; gif, apng: animated; )j"
                        R"j(sheet: all frames"})j"));
  EXPECT_EQ(schema["properties"]["scale"],
            json::parse(R"j({"type": "integer", "minimum": 1, "maximum": 8, "default": 1,
              "description": "Nearest-neighbour enlargement"})j"));
  // No default where the tool decides: frame 0 for png only, the context's
  // transparency rule and palette chain, sequence 0.
  for (const char* name : {"context", "sequence", "frame", "palette", "transparency"}) {
    EXPECT_FALSE(schema["properties"][name].contains("default")) << name;
  }
}

TEST(GafExportTable, ParsesIndicesAsTextAndRefusesAFrameOfAnAnimation) {
  absl::StatusOr<GafExportRequest> r = GafExportTable().ParseChecked(
      {{"path", "anims/big.gaf"}, {"sequence", 2}, {"transparency", 9}, {"frame", 1}});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->path, "anims/big.gaf");
  EXPECT_EQ(r->sequence, "2");
  EXPECT_EQ(r->transparency, "9");
  EXPECT_EQ(r->frame, 1);
  EXPECT_EQ(r->format, "png");
  EXPECT_EQ(r->scale, 1);
  EXPECT_EQ(r->context, std::nullopt);
  EXPECT_EQ(r->palette, std::nullopt);
  absl::StatusOr<GafExportRequest> gif = GafExportTable().ParseChecked(
      {{"path", "anims/big.gaf"}, {"format", "gif"}, {"frame", 1}});
  ASSERT_FALSE(gif.ok());
  EXPECT_EQ(gif.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(gif.status().message(),
            "frame: only a png export draws one frame; gif, apng and sheet draw the sequence");
}

TEST(GafExportLink, TheUriBuiltFromARequestParsesBackToTheSameRequest) {
  GafExportRequest request;
  request.path = "anims/big.gaf";
  request.sequence = "noise";
  request.frame = 1;
  request.format = "png";
  request.palette = "palettes/my palette.pal";
  request.transparency = "none";
  request.scale = 3;
  const std::string uri = PictureUri(Fx(), "png", GafExportTable(), request, {"format"});
  EXPECT_EQ(uri, "kbot://fx/anims/big.gaf?export=png&sequence=noise&frame=1&palette=palettes%2F"
                 "my%20palette.pal&transparency=none&scale=3");

  // As resources/read takes it (tools/picture_resource.cc): export= is the
  // format, the rest are arguments typed by the tool's schema.
  absl::StatusOr<ResourceUri> parsed = ParseResourceUri(uri);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->context, "fx");
  QueryParams query;
  for (const auto& [key, value] : parsed->query) {
    query.emplace_back(key == "export" ? "format" : key, value);
  }
  const json schema = GafExportTable().InputSchema();
  absl::StatusOr<CompiledSchema> compiled = CompiledSchema::Compile(schema);
  ASSERT_TRUE(compiled.ok());
  absl::StatusOr<json> arguments =
      ArgumentsFromQuery(query, schema, *compiled, json{{"path", parsed->path}});
  ASSERT_TRUE(arguments.ok()) << arguments.status();
  absl::StatusOr<GafExportRequest> back = GafExportTable().ParseChecked(*arguments);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->path, request.path);
  EXPECT_EQ(back->sequence, request.sequence);
  EXPECT_EQ(back->frame, request.frame);
  EXPECT_EQ(back->format, request.format);
  EXPECT_EQ(back->palette, request.palette);
  EXPECT_EQ(back->transparency, request.transparency);
  EXPECT_EQ(back->scale, request.scale);
  EXPECT_EQ(GafExportTable().Query(*back), GafExportTable().Query(request));
}

TEST(GafExport, AnOversizeExportIsALinkThatDrawsItAgainAndAFirstFramePreview) {
  GafExportRequest request;
  request.path = "ANIMS/BIG.GAF";
  request.format = "apng";
  request.scale = 2;
  const ToolResult whole = Export(request, 1 << 20);
  ASSERT_FALSE(whole.error) << *whole.error;
  EXPECT_EQ(whole.structured["delivery"], "inline");
  EXPECT_EQ(whole.structured["resource_uri"], nullptr);
  EXPECT_EQ(whole.structured["width"], 80);
  EXPECT_EQ(whole.structured["frames"], 2);
  const std::string apng = Decoded(whole.content.at(0));

  const ToolResult r = Export(request, 4000);
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["delivery"], "resource_link");
  // The sequence by index and the context's transparency rule by name: what
  // was drawn, whatever the defaults become.
  EXPECT_EQ(r.structured["resource_uri"],
            "kbot://fx/anims/big.gaf?export=apng&sequence=0&transparency=game&scale=2");
  // Frame 0 at scale 2 (80 x 80 of noise) is over 4000 base64 characters; at 1 it fits.
  EXPECT_EQ(r.structured["preview"], json::parse(R"({"width": 40, "height": 40, "scale": 1})"));
  ASSERT_EQ(r.content.size(), 2u);
  EXPECT_EQ(r.content[0]["type"], "resource_link");
  EXPECT_EQ(r.content[0]["uri"], r.structured["resource_uri"]);
  EXPECT_EQ(r.content[0]["name"], "anims/big.gaf (apng)");
  EXPECT_EQ(r.content[1]["type"], "image");
  const std::string preview_png = Decoded(r.content[1]);
  absl::StatusOr<testing::DecodedPng> preview =
      testing::DecodePng(std::vector<uint8_t>(preview_png.begin(), preview_png.end()));
  ASSERT_TRUE(preview.ok()) << preview.status();
  EXPECT_EQ(preview->width, 40);
  EXPECT_EQ(preview->height, 40);

  absl::StatusOr<ResourceUri> link = ParseResourceUri(r.structured["resource_uri"]);
  ASSERT_TRUE(link.ok()) << link.status();
  absl::StatusOr<ResourceBytes> read = RenderPictureResource(Fx(), *link, NoProgress());
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->mime_type, "image/png");
  EXPECT_EQ(std::string(read->bytes.begin(), read->bytes.end()), apng);
}

}  // namespace
}  // namespace kbot::tools
