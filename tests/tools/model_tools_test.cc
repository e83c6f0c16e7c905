// The unit model and script tools (model_describe, model_render,
// script_describe, script_disassemble, script_decompile) in a TA context
// holding the byte-built turret unit (tests/support/model3do_bytes.h), a
// texture GAF built byte by byte with a team-colour sequence, the
// all-families COB (tests/support/cob_bytes.h), and files of other kinds.
// Exact answers and errors an assistant can act on; the pixels themselves
// are the renderer's tests' (tests/model_render).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "contexts/workspace.h"
#include "formats/cob/cob.h"
#include "formats/cob/decompile.h"
#include "formats/cob/disassemble.h"
#include "formats/palette/palette.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/checked_call.h"
#include "tests/support/cob_bytes.h"
#include "tests/support/decode_image.h"
#include "tests/support/gaf_bytes.h"
#include "tests/support/model3do_bytes.h"
#include "tools/model_describe_tool.h"
#include "tools/model_render_tool.h"
#include "tools/script_describe_tool.h"
#include "tools/script_listing_tool.h"

namespace kbot::tools {
namespace {

std::string AsText(const std::vector<uint8_t>& bytes) { return {bytes.begin(), bytes.end()}; }

// tex1: two 2 x 2 frames, all of index 40 (player 0) and all of index 120
// (player 1), stored raw.
std::vector<uint8_t> TextureGaf() {
  testing::FixtureFrame red, blue;
  for (testing::FixtureFrame* f : {&red, &blue}) {
    f->width = 2;
    f->height = 2;
    f->transparency = 0;
    f->storage = 0;
  }
  red.payload = {40, 40, 40, 40};
  blue.payload = {120, 120, 120, 120};
  return testing::LayOutGaf({{"tex1", 1, 0, {red, blue}}}).bytes;
}

// The turret unit with its base's top texture renamed: a missing texture.
testing::PieceSpec UntexturedUnit() {
  testing::PieceSpec unit = testing::TurretUnit();
  unit.primitives[3].texture = "nowhere";
  return unit;
}

class ModelToolsTest : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    Put("ta/objects3d/Turret.3do", AsText(testing::LayOut3do(testing::TurretUnit()).bytes));
    Put("ta/objects3d/bare.3do", AsText(testing::LayOut3do(UntexturedUnit()).bytes));
    Put("ta/objects3d/odd.3do", "not a model at all");
    Put("ta/textures/tex.gaf", AsText(TextureGaf()));
    Put("ta/scripts/Turret.cob", AsText(testing::LayOutCob(testing::AllFamiliesCob()).bytes));
    absl::StatusOr<contexts::Workspace> ws =
        contexts::Workspace::Open({{"mod", contexts::Game::kTa, (dir_ / "ta").string()}});
    ASSERT_TRUE(ws.ok()) << ws.status();
    workspace_ = std::make_unique<contexts::Workspace>(*std::move(ws));
  }

  const contexts::Context& Context() { return **workspace_->Find(std::string("mod")); }

  ToolResult Call(const Tool& tool, json arguments) {
    return testing::CheckedCall(tool, arguments, *workspace_);
  }
  json Ok(const Tool& tool, json arguments) {
    return testing::AnswerOf(Call(tool, std::move(arguments)));
  }
  std::string Error(const Tool& tool, json arguments) {
    return testing::ErrorOf(Call(tool, std::move(arguments)));
  }

  // The model drawn with `arguments` (a ModelRenderRequest's).
  ModelRenderOutcome Render(const json& arguments) {
    absl::StatusOr<ModelRenderRequest> request = ModelRenderTable().ParseChecked(arguments);
    EXPECT_TRUE(request.ok()) << request.status();
    absl::StatusOr<ModelRenderOutcome> out = RenderModelFile(Context(), *request, NoProgress());
    EXPECT_TRUE(out.ok()) << out.status();
    return out.ok() ? *std::move(out) : ModelRenderOutcome{};
  }

  const cob::Cob& Script() {
    static const cob::Cob c = *cob::ReadCob(testing::LayOutCob(testing::AllFamiliesCob()).bytes,
                                            "scripts/Turret.cob");
    return c;
  }

  std::unique_ptr<contexts::Workspace> workspace_;
};

json Triple(double x, double y, double z) { return json::array({x, y, z}); }

TEST_F(ModelToolsTest, DescribeGivesThePieceTree) {
  const json d = Ok(ModelDescribeTool(), {{"path", "turret"}});
  EXPECT_EQ(d["path"], "objects3d/Turret.3do");
  ASSERT_EQ(d["pieces"].size(), 3u);
  const json& base = d["pieces"][0];
  EXPECT_EQ(base["name"], "base");
  EXPECT_TRUE(base["parent"].is_null());
  EXPECT_EQ(base["depth"], 0);
  EXPECT_EQ(base["offset"], Triple(0, 0, 0));
  EXPECT_EQ(base["vertices"], 8);
  EXPECT_EQ(base["primitives"], 6);
  EXPECT_EQ(base["markers"], 0);
  EXPECT_EQ(base["box"], json({{"min", Triple(-8, 0, -8)}, {"max", Triple(8, 8, 8)}}));
  const json& turret = d["pieces"][1];
  EXPECT_EQ(turret["parent"], "base");
  EXPECT_EQ(turret["depth"], 1);
  EXPECT_EQ(turret["offset"], Triple(0, 10, 0));
  EXPECT_EQ(turret["box"], json({{"min", Triple(-4, 10, -4)}, {"max", Triple(4, 14, 4)}}));
  const json& flare = d["pieces"][2];
  EXPECT_EQ(flare["name"], "flare");
  EXPECT_EQ(flare["parent"], "turret");
  EXPECT_EQ(flare["depth"], 2);
  EXPECT_EQ(flare["offset"], Triple(0, 2, 6));
  EXPECT_EQ(flare["vertices"], 1);
  EXPECT_EQ(flare["markers"], 1);
  EXPECT_EQ(flare["box"], json({{"min", Triple(0, 12, 6)}, {"max", Triple(0, 12, 6)}}));
  EXPECT_EQ(d["box"], json({{"min", Triple(-8, 0, -8)}, {"max", Triple(8, 14, 8)}}));
  EXPECT_EQ(d["size"], Triple(16, 14, 16));
  EXPECT_EQ(d["selection"], json({{"piece", "base"}, {"primitive", 0}}));
  EXPECT_EQ(d["warnings"], json::array());
}

TEST_F(ModelToolsTest, DescribeFindsTexturesAndComparesTheScriptsPieces) {
  const json d = Ok(ModelDescribeTool(), {{"path", "objects3d/turret.3do"}});
  EXPECT_EQ(d["textures"],
            json::array({{{"name", "tex1"}, {"faces", 1}, {"file", "textures/tex.gaf"}}}));
  // The script's pieces are base, turret, barrel.
  EXPECT_EQ(d["script"], json({{"path", "scripts/Turret.cob"},
                               {"missing_pieces", {"barrel"}},
                               {"unused_pieces", {"flare"}}}));
  const json bare = Ok(ModelDescribeTool(), {{"path", "bare"}});
  EXPECT_EQ(bare["textures"],
            json::array({{{"name", "nowhere"}, {"faces", 1}, {"file", nullptr}}}));
  EXPECT_TRUE(bare["script"].is_null());  // no scripts/bare.cob
  const json given = Ok(ModelDescribeTool(), {{"path", "bare"}, {"script", "scripts/turret.cob"}});
  EXPECT_EQ(given["script"]["missing_pieces"], json({"barrel"}));
}

TEST_F(ModelToolsTest, DescribeRefusesWhatIsNotAModel) {
  EXPECT_EQ(Error(ModelDescribeTool(), {{"path", "odd"}}),
            "context mod: objects3d/odd.3do is a text file, starting \"not a model at all\"; "
            "if it is in TDF syntax (FBI, TDF, OTA, GUI), use tdf_parse (kbot tdf)");
  const std::string missing = Error(ModelDescribeTool(), {{"path", "turet"}});
  EXPECT_NE(missing.find("objects3d/turet.3do"), std::string::npos) << missing;
  EXPECT_NE(missing.find("did you mean objects3d/Turret.3do"), std::string::npos) << missing;
  const std::string script = Error(ModelDescribeTool(), {{"path", "scripts/turret.cob"}});
  EXPECT_NE(script.find("is a TA unit script (COB, 3 scripts); use script_describe"),
            std::string::npos)
      << script;
}

TEST_F(ModelToolsTest, RenderDrawsThePictureTheSummarySays) {
  const ModelRenderOutcome out = Render({{"path", "turret"}});
  EXPECT_EQ(out.summary.path, "objects3d/Turret.3do");
  EXPECT_EQ(out.summary.format, "png");
  EXPECT_EQ(out.summary.frames, 1);
  EXPECT_GT(out.summary.faces, 0);
  EXPECT_GT(out.summary.scale, 0);
  EXPECT_EQ(out.summary.missing_textures, std::vector<std::string>{});
  EXPECT_EQ(out.summary.bytes, out.bytes.size());
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(out.bytes);
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->width, 256);
  EXPECT_EQ(png->height, 256);
  EXPECT_EQ(png->alpha(0, 0), 0);      // the background is transparent
  EXPECT_EQ(png->alpha(128, 128), 255);  // the model fills the middle
  const json answer = Ok(ModelRenderTool(), {{"path", "turret"}, {"width", 64}, {"height", 48}});
  EXPECT_EQ(answer["width"], 64);
  EXPECT_EQ(answer["height"], 48);
  EXPECT_EQ(answer["delivery"], "inline");
}

// Seen from straight above with the turret hidden, the middle of the picture
// is the base's textured top: tex1's frame 0 for player 0, frame 1 for 1.
TEST_F(ModelToolsTest, RenderTakesTheTeamColourFrameAndHidesPieces) {
  const json top = {{"path", "turret"}, {"pitch", 90}, {"width", 32}, {"height", 32},
                    {"hide", {"turret"}}};
  const ModelRenderOutcome red = Render(top);
  json as_blue = top;
  as_blue["player"] = 1;
  const ModelRenderOutcome blue = Render(as_blue);
  const testing::DecodedPng r = *testing::DecodePng(red.bytes);
  const testing::DecodedPng b = *testing::DecodePng(blue.bytes);
  const size_t middle = (16 * 32 + 16) * 4;
  const palette::Rgb c40 = palette::TaPalette().colors[40], c120 = palette::TaPalette().colors[120];
  // Shading scales a colour; the channels keep their order.
  EXPECT_EQ(r.rgba[middle] > r.rgba[middle + 2], c40.r > c40.b);
  EXPECT_EQ(b.rgba[middle] > b.rgba[middle + 2], c120.r > c120.b);
  EXPECT_NE(std::vector<uint8_t>(r.rgba.begin() + middle, r.rgba.begin() + middle + 3),
            std::vector<uint8_t>(b.rgba.begin() + middle, b.rgba.begin() + middle + 3));
  json shown = top;
  shown.erase("hide");
  const testing::DecodedPng t = *testing::DecodePng(Render(shown).bytes);
  EXPECT_NE(std::vector<uint8_t>(t.rgba.begin() + middle, t.rgba.begin() + middle + 3),
            std::vector<uint8_t>(r.rgba.begin() + middle, r.rgba.begin() + middle + 3));
  json only = top;
  only.erase("hide");
  only["only"] = {"TURRET"};
  const testing::DecodedPng o = *testing::DecodePng(Render(only).bytes);
  EXPECT_EQ(o.alpha(0, 31), 0);  // no base
}

TEST_F(ModelToolsTest, RenderReportsMissingTextures) {
  const ModelRenderOutcome out = Render({{"path", "bare"}});
  EXPECT_EQ(out.summary.missing_textures, std::vector<std::string>{"nowhere"});
}

TEST_F(ModelToolsTest, TurntablesAreApngOrGif) {
  const ModelRenderOutcome apng =
      Render({{"path", "turret"}, {"turntable", 4}, {"width", 40}, {"height", 40}});
  EXPECT_EQ(apng.summary.format, "apng");
  EXPECT_EQ(apng.summary.frames, 4);
  EXPECT_EQ(apng.mime_type, "image/png");
  absl::StatusOr<std::vector<testing::PngChunk>> chunks = testing::ParsePngChunks(apng.bytes);
  ASSERT_TRUE(chunks.ok()) << chunks.status();
  int frames = 0;
  for (const testing::PngChunk& c : *chunks) frames += c.type == "fcTL";
  EXPECT_EQ(frames, 4);
  const ModelRenderOutcome gif =
      Render({{"path", "turret"}, {"turntable", 3}, {"format", "gif"}, {"width", 40}});
  EXPECT_EQ(gif.mime_type, "image/gif");
  EXPECT_EQ(std::string(gif.bytes.begin(), gif.bytes.begin() + 6), "GIF89a");
}

TEST_F(ModelToolsTest, RenderErrorsSayWhatToChange) {
  EXPECT_EQ(Error(ModelRenderTool(), {{"path", "turret"}, {"hide", {"barrel"}}}),
            "context mod: objects3d/Turret.3do has no piece barrel (it has base, flare, turret)");
  EXPECT_EQ(Error(ModelRenderTool(), {{"path", "turret"}, {"format", "gif"}}),
            "format gif is for a turntable: give turntable too");
  EXPECT_EQ(Error(ModelRenderTool(), {{"path", "turret"}, {"turntable", 4}, {"format", "png"}}),
            "a turntable is apng or gif, not png");
  EXPECT_EQ(Error(ModelRenderTool(),
                  {{"path", "turret"}, {"turntable", 72}, {"width", 2048}, {"height", 2048}}),
            "a turntable of 72 steps at 2048 x 2048 is 301989888 pixels, over the 67108864 kept "
            "at most: fewer steps or a smaller size");
}

TEST_F(ModelToolsTest, ScriptDescribeListsFunctionsInTableOrder) {
  const json d = Ok(ScriptDescribeTool(), {{"path", "turret"}});
  EXPECT_EQ(d["path"], "scripts/Turret.cob");
  EXPECT_EQ(d["game"], "ta");
  EXPECT_EQ(d["version"], 4);
  const uint64_t code = Script().code_offset;
  EXPECT_EQ(d["scripts"], json::array({
                              {{"name", "Create"}, {"start", 35}, {"length", 207}, {"offset", code + 140}},
                              {{"name", "AimPrimary"}, {"start", 242}, {"length", 36}, {"offset", code + 968}},
                              {{"name", "Killed"}, {"start", 0}, {"length", 35}, {"offset", code}},
                          }));
  EXPECT_EQ(d["pieces"], json({"base", "turret", "barrel"}));
  EXPECT_EQ(d["statics"], 2);
  EXPECT_EQ(d["code_words"], 278);
  EXPECT_EQ(d["missing_standard"], json(cob::MissingStandardScripts(Script())));
  EXPECT_NE(d["missing_standard"].size(), 0u);
}

TEST_F(ModelToolsTest, DisassembleAndDecompileOneFunctionOrAll) {
  const json one = Ok(ScriptDisassembleTool(), {{"path", "turret"}, {"script", "killed"}});
  EXPECT_EQ(one["scripts"], json({"Killed"}));
  EXPECT_EQ(one["text"], cob::DisassembleScript(Script(), 2));
  const json by_index = Ok(ScriptDisassembleTool(), {{"path", "turret"}, {"script", "1"}});
  EXPECT_EQ(by_index["scripts"], json({"AimPrimary"}));
  const json all = Ok(ScriptDisassembleTool(), {{"path", "scripts/Turret.cob"}});
  EXPECT_EQ(all["scripts"], json({"Create", "AimPrimary", "Killed"}));
  EXPECT_EQ(all["text"], cob::Disassemble(Script()));
  const cob::Decompiled source = cob::Decompile(Script());
  const json bos = Ok(ScriptDecompileTool(), {{"path", "turret"}});
  EXPECT_EQ(bos["text"], source.source);
  EXPECT_EQ(bos["fallbacks"], json(source.fallbacks));
  EXPECT_EQ(Error(ScriptDecompileTool(), {{"path", "turret"}, {"script", "Fire"}}),
            "context mod: scripts/Turret.cob has no function Fire (it has Create, AimPrimary, "
            "Killed)");
}

}  // namespace
}  // namespace kbot::tools
