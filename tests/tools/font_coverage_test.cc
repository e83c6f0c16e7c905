// font_render on fonts that lack a case or characters: letters drawn in the
// case the font has, what stays missing summarised as ranges. The fonts are
// laid out byte by byte (formats/gta/font.h): glyphs 1 x 1 whose one pixel is
// the code they draw, colour i = (i, 2i, 3i), so a pixel names its glyph.
#include "tools/font_coverage.h"
#include "tools/font_render_tool.h"

#include <gtest/gtest.h>

#include <functional>

#include "absl/strings/escaping.h"
#include "base/json_schema.h"
#include "tests/support/decode_image.h"

namespace kbot::tools {
namespace {

// A text font (first code 0x21) with glyphs up to `last`, each 1 high and
// `width(code)` wide, its pixels the code.
std::vector<uint8_t> FontUpTo(char last, const std::function<int(int)>& width = nullptr) {
  std::vector<uint8_t> out = {uint8_t(last - 0x21 + 1), 1};
  for (int code = 0x21; code <= last; ++code) {
    const int w = width ? width(code) : 1;
    out.push_back(uint8_t(w));
    out.insert(out.end(), size_t(w), uint8_t(code));
  }
  for (int i = 0; i < 256; ++i) out.insert(out.end(), {uint8_t(i), uint8_t(2 * i), uint8_t(3 * i)});
  return out;
}

contexts::Context FontContext() {
  const auto capitals_zero_wide = [](int code) { return code >= 'A' && code <= 'Z' ? 0 : 1; };
  return contexts::Context{
      "gta", contexts::Game::kGta, "", true,
      contexts::MakeMemoryVfs({{"CAPS.FON", FontUpTo('Z')},
                               {"TO_C.FON", FontUpTo('c')},
                               {"LOWER.FON", FontUpTo('z', capitals_zero_wide)}},
                              "test")};
}

// The tool run as the server runs it: arguments and result checked against
// its schemas.
ToolResult Font(const json& arguments) {
  const Tool tool = FontRenderTool();
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  EXPECT_TRUE(in.ok() && in->Validate(arguments).ok()) << arguments.dump();
  absl::StatusOr<FontRenderRequest> request = FontRenderTable().ParseChecked(arguments);
  if (!request.ok()) return ErrorResult(request.status());
  ToolResult result = RunFontRender(FontContext(), *request);
  if (!result.error) {
    absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
    EXPECT_TRUE(out.ok() && out->Validate(result.structured).ok()) << result.structured.dump(2);
  }
  return result;
}

// The codes the PNG's row 0 draws, left to right; 0 for a transparent pixel.
std::vector<int> DrawnCodes(const ToolResult& r) {
  // The image block (a caption block comes before it).
  std::string bytes;
  const json& image = r.content.at(r.content.size() - 1);
  EXPECT_EQ(image["type"], "image");
  EXPECT_TRUE(absl::Base64Unescape(image["data"].get<std::string>(), &bytes));
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  EXPECT_TRUE(png.ok()) << png.status();
  std::vector<int> codes;
  for (int x = 0; png.ok() && x < png->width; ++x) {
    const size_t at = size_t(x) * 4;
    EXPECT_EQ(png->rgba[at + 1], uint8_t(2 * png->rgba[at]));  // (i, 2i, 3i)
    codes.push_back(png->rgba[at + 3] == 0 ? 0 : png->rgba[at]);
  }
  return codes;
}

TEST(FontCoverage, ACapitalsOnlyFontDrawsLowerCaseAsCapitals) {
  const ToolResult r = Font({{"path", "CAPS.FON"}, {"text", "Hello City"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(DrawnCodes(r), (std::vector<int>{'H', 'E', 'L', 'L', 'O', 0, 'C', 'I', 'T', 'Y'}));
  json facts = r.structured;
  for (const char* name : {"bytes", "delivery", "resource_uri", "preview"}) facts.erase(name);
  EXPECT_EQ(facts, json::parse(R"({"path": "CAPS.FON", "text": "Hello City", "kind": "text",
      "scale": 1, "width": 10, "height": 1,
      "glyphs": {"count": 58, "height": 1, "first_code": 33}, "drawn": 9, "case_changed": 7,
      "missing": [], "missing_count": 0, "missing_summary": "",
      "warnings": ["drew 7 lower-case letters as capitals: the font has no lower case"]})"));
}

// The measured case: of 20 bytes, 3 letters drawn, and what the font lacks
// summarised in one line instead of an entry per byte.
TEST(FontCoverage, WhatStaysMissingIsSummarisedAsRanges) {
  const std::string text = "Caf\xc3\xa9 [\\]^ \xc3\xa0\xc3\xa1\xc3\xa2 ~~";
  const ToolResult r = Font({{"path", "CAPS.FON"}, {"text", text}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(DrawnCodes(r), (std::vector<int>{'C', 'A', 'F', 0, 0, 0}));
  EXPECT_EQ(r.structured["drawn"], 3);
  EXPECT_EQ(r.structured["case_changed"], 2);
  EXPECT_EQ(r.structured["missing_count"], 10);
  EXPECT_EQ(r.structured["missing_summary"],
            "10 characters have no glyph and take no room: [-^, ~, U+00E0-U+00E2, U+00E9");
  EXPECT_EQ(r.structured["warnings"],
            json::array({"drew 2 lower-case letters as capitals: the font has no lower case"}));
  // Each byte once, at its first place, the first 8 of the 10 distinct ones.
  const std::string remap = "codes >= 0x80 go through the exe's remap table, which the spec "
                            "does not give";
  const std::string outside = "outside the font's codes 0x21..0x5a";
  EXPECT_EQ(r.structured["missing"], json::parse(R"([
      {"position": 3, "code": 195, "reason": ")" + remap + R"("},
      {"position": 4, "code": 169, "reason": ")" + remap + R"("},
      {"position": 6, "code": 91, "reason": ")" + outside + R"("},
      {"position": 7, "code": 92, "reason": ")" + outside + R"("},
      {"position": 8, "code": 93, "reason": ")" + outside + R"("},
      {"position": 9, "code": 94, "reason": ")" + outside + R"("},
      {"position": 12, "code": 160, "reason": ")" + remap + R"("},
      {"position": 14, "code": 161, "reason": ")" + remap + R"("}])"));
}

TEST(FontCoverage, TheSummaryNamesTenRangesAndCountsTheRest) {
  std::string text = "A";
  for (int code = 0xE0; code <= 0xF6; code += 2) text += {char(0xC3), char(code - 0x40)};
  const ToolResult r = Font({{"path", "CAPS.FON"}, {"text", text}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["missing_count"], 12);
  EXPECT_EQ(r.structured["missing_summary"],
            "12 characters have no glyph and take no room: U+00E0, U+00E2, U+00E4, U+00E6, "
            "U+00E8, U+00EA, U+00EC, U+00EE, U+00F0, U+00F2, and 2 more ranges");
  EXPECT_EQ(r.structured["missing"].size(), kMaxMissingListed);
}

TEST(FontCoverage, OnlyTheLettersTheFontLacksChangeCase) {
  ToolResult r = Font({{"path", "TO_C.FON"}, {"text", "abcde"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(DrawnCodes(r), (std::vector<int>{'a', 'b', 'c', 'D', 'E'}));
  EXPECT_EQ(r.structured["warnings"],
            json::array({"drew 2 lower-case letters as capitals: the font has no glyph for them"}));
  // Capitals 0 pixels wide draw nothing: the lower case stands in.
  r = Font({{"path", "LOWER.FON"}, {"text", "Hi"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(DrawnCodes(r), (std::vector<int>{'h', 'i'}));
  EXPECT_EQ(r.structured["case_changed"], 1);
  EXPECT_EQ(r.structured["warnings"],
            json::array({"drew 1 capital as lower case: the font has no capitals"}));
}

TEST(FontCoverage, NothingToDrawAfterTheFitIsStillAnError) {
  const ToolResult r = Font({{"path", "CAPS.FON"}, {"text", "\xc3\xa9~"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rfind("context gta: CAPS.FON: nothing to draw", 0), 0u) << *r.error;
}

// Characters named so that no separator is ambiguous; a byte that is not
// UTF-8 is its Windows-1252 character.
TEST(FontCoverage, SummaryNamesCharactersUnambiguously) {
  const std::string text = "-,\xe9\x80";
  const std::vector<gta::MissingCode> missing = {{0, '-', ""}, {1, ',', ""}, {2, 0xE9, ""},
                                                 {3, 0x80, ""}};
  const MissingSummary s = SummariseMissing(text, missing);
  EXPECT_EQ(s.count, 4u);
  EXPECT_EQ(s.summary,
            "4 characters have no glyph and take no room: U+002C-U+002D, U+00E9, U+20AC");
  EXPECT_EQ(SummariseMissing("\xc3\xa9", {{1, 0xA9, ""}}).summary,
            "1 character has no glyph and takes no room: U+00E9");
  EXPECT_EQ(SummariseMissing("ab", {}).summary, "");
}

}  // namespace
}  // namespace kbot::tools
