// The gaf_export tool as a typed tool: its request table (schema, defaults,
// the frame-with-an-animation check), the kbot:// link of a large export
// built from the request and parsed back by the same table, and the
// resource_link plus preview an export over the inline limit becomes.
// Fixtures are laid out byte by byte (tests/support/gaf_bytes.h).
#include "tools/gaf_export_tool.h"

#include <gtest/gtest.h>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "base/json_schema.h"
#include "tests/support/decode_image.h"
#include "tests/support/gaf_bytes.h"
#include "formats/palette/palette.h"
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

// `request` run in `context` (default: the noise fixture) with that inline limit.
ToolResult Export(const GafExportRequest& request, size_t limit,
                  const contexts::Context& context = Fx()) {
  static const contexts::Workspace no_workspace;
  const json arguments = json::object();
  Limits limits;
  limits.max_inline_image_base64 = limit;
  const ToolCall call{arguments, no_workspace, NoProgress(), QuietLogger(), limits};
  return RunGafExport(context, request, call);
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
                                             "palette", "transparency", "scale", "target"}));
  // target names a file in `kbot mcp --output`'s folder: only it is an output.
  for (const Param& p : GafExportTable().Params()) EXPECT_EQ(p.output, p.name == "target");
  const json schema = GafExportTable().InputSchema();
  // path may be left out when the sequence's name is unique in the context.
  EXPECT_FALSE(schema.contains("required"));
  EXPECT_EQ(schema["additionalProperties"], false);
  EXPECT_EQ(schema["properties"]["format"],
            json::parse(R"j({"type": "string", "enum": ["png", "gif", "apng", "sheet"],
              "default": "png", "description": "png: a frame; gif, apng: animated; )j"
                        R"j(sheet: all frames"})j"));
  EXPECT_EQ(schema["properties"]["scale"],
            json::parse(R"j({"type": "integer", "minimum": 1, "maximum": 8,
              "description": "Enlargement (default 1; a sheet: up to 512 px wide)"})j"));
  // No default where the tool decides: frame 0 for png only, the context's
  // transparency rule and palette chain, sequence 0, the scale of a sheet.
  for (const char* name : {"context", "sequence", "frame", "palette", "transparency", "scale"}) {
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
  EXPECT_EQ(r->scale, std::nullopt);
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
  const std::string apng = Decoded(whole.content.at(1));

  const ToolResult r = Export(request, 4000);
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["delivery"], "resource_link");
  // The sequence by index and the context's transparency rule by name: what
  // was drawn, whatever the defaults become.
  EXPECT_EQ(r.structured["resource_uri"],
            "kbot://fx/anims/big.gaf?export=apng&sequence=0&transparency=game&scale=2");
  // Frame 0 at scale 2 (80 x 80 of noise) is over 4000 base64 characters; at 1 it fits.
  EXPECT_EQ(r.structured["preview"],
            json::parse(R"({"width": 40, "height": 40, "scale": 1, "format": "png"})"));
  ASSERT_EQ(r.content.size(), 3u);
  EXPECT_EQ(r.content[0]["text"],
            absl::StrCat("anims/big.gaf sequence 0 'noise', 2 frame(s) as an animation: 80 x 80 "
                         "px at scale 2 (apng, ", r.structured["bytes"].get<size_t>(),
                         " bytes): too big to inline (over the inline limit of 4000 base64 "
                         "characters), read ", r.structured["resource_uri"].get<std::string>(),
                         "; the preview is 40 x 40 (frame 0 at scale 1)"));
  EXPECT_EQ(r.content[1]["type"], "resource_link");
  EXPECT_EQ(r.content[1]["uri"], r.structured["resource_uri"]);
  EXPECT_EQ(r.content[1]["name"], "anims/big.gaf (apng)");
  EXPECT_EQ(r.content[2]["type"], "image");
  const std::string preview_png = Decoded(r.content[2]);
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

// Context "sheets" (TA) holding anims/eight.gaf: sequence "dots", eight raw
// 16 x 16 frames, frame f all index 10 + f.
const contexts::Context& Sheets() {
  static const contexts::Context* sheets = [] {
    FixtureSequence dots{"dots", 1, 0, {}};
    for (int f = 0; f < 8; ++f) {
      FixtureFrame frame{.width = 16, .height = 16, .transparency = 0, .storage = 0};
      frame.payload.assign(16 * 16, uint8_t(10 + f));
      dots.frames.push_back(frame);
    }
    std::vector<uint8_t> gaf = testing::LayOutGaf({dots}).bytes;
    return new contexts::Context{"sheets", contexts::Game::kTa, "", false,
                                 contexts::MakeMemoryVfs({{"anims/eight.gaf", gaf}}, "test")};
  }();
  return *sheets;
}

TEST(GafExport, ASheetOfSmallSpritesIsEnlargedAndNumbered) {
  GafExportRequest request;
  request.path = "anims/eight.gaf";
  request.format = "sheet";
  const ToolResult r = Export(request, Limits().max_inline_image_base64, Sheets());
  ASSERT_FALSE(r.error) << *r.error;
  // 3 columns of 16 px frames: scale 10 makes 3 * 160 + 2 * 2 = 484 px (11
  // would be 532, past 512). Each row is 160 px of cell, a 28 px strip
  // (digits at 4 px a font pixel) and a 2 px gutter.
  EXPECT_EQ(r.structured["scale"], 10);
  EXPECT_EQ(r.structured["width"], 484);
  EXPECT_EQ(r.structured["height"], 3 * 188 + 2 * 2);
  EXPECT_EQ(r.structured["color"], "indexed");
  EXPECT_EQ(r.structured["delivery"], "inline");
  ASSERT_EQ(r.content.size(), 2u);
  EXPECT_EQ(r.content[0]["text"],
            "anims/eight.gaf sequence 0 'dots', 8 frame(s) as a numbered sheet: 484 x 568 px at "
            "scale 10 (png, inline)");
  const std::string png = Decoded(r.content[1]);
  absl::StatusOr<testing::DecodedPng> sheet =
      testing::DecodePng(std::vector<uint8_t>(png.begin(), png.end()));
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  ASSERT_EQ(sheet->width, 484);
  const auto at = [&](int x, int y) {
    const size_t i = (size_t(y) * size_t(sheet->width) + size_t(x)) * 4;
    return std::vector<uint8_t>(sheet->rgba.begin() + i, sheet->rgba.begin() + i + 4);
  };
  const std::vector<uint8_t> white = {255, 255, 255, 255}, black = {0, 0, 0, 255};
  const palette::Rgb c4 = palette::TaPalette().colors[14];
  EXPECT_EQ(at(162 + 159, 190), (std::vector<uint8_t>{c4.r, c4.g, c4.b, 255}));  // frame 4
  EXPECT_EQ(at(160, 0)[3], 0);  // the gutter
  // Frame 1's "1" (rows 010 110 010 010 111) is 12 px wide, centred: from
  // x 162 + 74, y 160 + 4, each font pixel 4 x 4.
  EXPECT_EQ(at(236, 164), black);      // row 0, column 0: paper
  EXPECT_EQ(at(240, 164), white);      // row 0, column 1: ink
  EXPECT_EQ(at(243, 167), white);
  EXPECT_EQ(at(236, 168), white);      // row 1, column 0
  EXPECT_EQ(at(244, 168), black);      // row 1, column 2
  EXPECT_EQ(at(236, 180), white);      // row 4: 111
  EXPECT_EQ(at(247, 183), white);
  EXPECT_EQ(at(162, 160), black);      // the strip's corner
  EXPECT_EQ(at(162, 187), black);
  EXPECT_EQ(at(161, 187)[3], 0);       // the gutter beside it
  // Frame 7's "7" (111 001 001 001 001) under the middle cell of the third row.
  EXPECT_EQ(at(236, 380 + 164), white);
  EXPECT_EQ(at(236, 380 + 168), black);
  EXPECT_EQ(at(244, 380 + 180), white);
}

TEST(GafExport, AnExplicitScaleKeepsTheSheetAtThatScale) {
  GafExportRequest request;
  request.path = "anims/eight.gaf";
  request.format = "sheet";
  request.scale = 1;
  const ToolResult r = Export(request, Limits().max_inline_image_base64, Sheets());
  ASSERT_FALSE(r.error) << *r.error;
  // 3 * 16 + 4 wide; rows of 16 px cells, 7 px strips (digits at 1), 2 px gutters.
  EXPECT_EQ(r.structured["width"], 52);
  EXPECT_EQ(r.structured["height"], 3 * 23 + 4);
  EXPECT_EQ(r.structured["scale"], 1);
}

}  // namespace
}  // namespace kbot::tools
