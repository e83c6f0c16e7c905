// unit_list, unit_describe and unit_compare over the small TA mod of
// tests/support/ta_mod.h (two sides, six units, weapons, menus, a feature,
// an archive a loose file overrides), with exact answers; the listing's
// conditions, fields, sort and pages; errors an assistant can act on.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "base/json_schema.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/checked_call.h"
#include "tests/support/decode_image.h"
#include "tests/support/ta_mod.h"
#include "tools/build_picture.h"
#include "tools/catalog_listing.h"
#include "tools/unit_compare_tool.h"
#include "tools/unit_describe_tool.h"
#include "tools/unit_list_tool.h"

namespace kbot::tools {
namespace {

using Strings = std::vector<std::string>;

class UnitToolsTest : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    for (const auto& [path, bytes] : testing::TaModFiles()) Put(path, bytes);
    absl::StatusOr<contexts::Workspace> ws = contexts::Workspace::Open(
        {{"mod", contexts::Game::kTa, dir_.string()},
         {"city", contexts::Game::kGta, dir_.string()}});
    ASSERT_TRUE(ws.ok()) << ws.status();
    workspace_ = std::make_unique<contexts::Workspace>(*std::move(ws));
  }

  // The tool's answer, its arguments and its result checked against its schemas.
  ToolResult Call(const Tool& tool, json arguments, const Limits& limits = {}) {
    if (!arguments.contains("context")) arguments["context"] = "mod";
    return testing::CheckedCall(tool, arguments, *workspace_, limits);
  }

  json List(json arguments) { return testing::AnswerOf(Call(UnitListTool(), std::move(arguments))); }

  Strings Ids(json arguments) {
    const json listed = List(std::move(arguments));  // kept: the loop reads into it
    Strings out;
    for (const json& u : listed["units"]) out.push_back(u["id"]);
    return out;
  }

  std::string ListError(json arguments) {
    return testing::ErrorOf(Call(UnitListTool(), std::move(arguments)));
  }

  std::unique_ptr<contexts::Workspace> workspace_;
};

TEST_F(UnitToolsTest, ListsEveryUnitWithTheDefaultFields) {
  const json out = List(json::object());
  EXPECT_EQ(out["context"], "mod");
  EXPECT_EQ(out["game"], "ta");
  EXPECT_EQ(out["total"], 6);
  EXPECT_EQ(out["offset"], 0);
  EXPECT_TRUE(out["next_offset"].is_null());
  EXPECT_EQ(out["fields"], (Strings{"id", "name", "side", "description", "build_cost_metal",
                                    "build_cost_energy", "build_time", "health", "speed",
                                    "weapons"}));
  ASSERT_EQ(out["units"].size(), 6u);
  EXPECT_EQ(out["units"][0],
            (json{{"id", "ARMCOM"}, {"name", "Commander"}, {"side", "ARM"},
                  {"description", "Commander"}, {"build_cost_metal", 2500},
                  {"build_cost_energy", 25000}, {"build_time", 60000}, {"health", 3000},
                  {"speed", 1.25}, {"weapons", {"ARM_DISINTEGRATOR", "EMG"}}}));
  // "lots" is no number: null here, a warning on the unit.
  EXPECT_EQ(out["units"][1]["id"], "ARMFLASH");
  EXPECT_TRUE(out["units"][1]["build_cost_metal"].is_null());
  EXPECT_EQ(out["units"][1]["health"], 640);
  // A Side no sidedata names is still the unit's side.
  EXPECT_EQ(out["units"][5]["id"], "CORLLT");
  EXPECT_EQ(out["units"][5]["side"], "GAIA");
}

TEST_F(UnitToolsTest, FiltersBySideTedclassCategoryAndText) {
  EXPECT_EQ(Ids({{"side", "arm"}}), (Strings{"ARMCOM", "ARMFLASH", "ARMSOLAR"}));
  EXPECT_EQ(Ids({{"side", "COR"}}), (Strings{"CORAK", "CORCOM"}));  // a prefix
  EXPECT_EQ(Ids({{"side", "gaia"}}), (Strings{"CORLLT"}));
  EXPECT_EQ(Ids({{"tedclass", "commander"}}), (Strings{"ARMCOM"}));
  EXPECT_EQ(Ids({{"category", "LEVEL10"}}), (Strings{"ARMCOM"}));
  EXPECT_EQ(Ids({{"text", "COMMAND"}}), (Strings{"ARMCOM", "CORCOM"}));
  EXPECT_EQ(Ids({{"text", "sol"}}), (Strings{"ARMSOLAR"}));
  EXPECT_EQ(ListError({{"side", "CROE"}}),
            "context mod: side \"CROE\": no side has that name or prefix and no unit's Side says "
            "it; did you mean \"CORE\"? (sides: ARM, CORE; side_list lists them)");
}

TEST_F(UnitToolsTest, ConditionsOnFieldsAndKeys) {
  EXPECT_EQ(Ids({{"where", {"maxdamage>=640"}}}), (Strings{"ARMCOM", "ARMFLASH"}));
  // ARMFLASH's "lots" is no number: it fails a numeric condition.
  EXPECT_EQ(Ids({{"where", {"BuildCostMetal < 3000"}}}), (Strings{"ARMCOM"}));
  EXPECT_EQ(Ids({{"where", {"health!=3000"}}}),
            (Strings{"ARMFLASH", "ARMSOLAR", "CORAK", "CORCOM", "CORLLT"}));
  EXPECT_EQ(Ids({{"where", {"side=core", "weapons>=1"}}}), (Strings{"CORAK"}));
  EXPECT_EQ(Ids({{"where", {"mymodkey=KEPT"}}}), (Strings{"ARMCOM"}));
  EXPECT_EQ(Ids({{"where", {"health>1e3"}}}), (Strings{"ARMCOM"}));
  EXPECT_EQ(ListError({{"where", {"health>"}}}),
            "context mod: where \"health>\": no value after '>' (write KEY<op>VALUE with <, <=, "
            ">, >=, = or !=)");
  EXPECT_EQ(ListError({{"where", {"health<abc"}}}),
            "context mod: where \"health<abc\": '<' compares numbers and 'abc' is not one (write "
            "KEY<op>VALUE with <, <=, >, >=, = or !=)");
  EXPECT_NE(ListError({{"where", {"health"}}}).find("no comparison"), std::string::npos);
  EXPECT_NE(ListError({{"where", {"=3"}}}).find("no key before"), std::string::npos);
  const std::string typo = ListError({{"where", {"buildcostmetl<500"}}});
  EXPECT_EQ(typo.rfind("context mod: where \"buildcostmetl<500\": key \"buildcostmetl\": no unit "
                       "has that field or key; did you mean \"buildcostmetal\"",
                       0),
            0u)
      << typo;
}

TEST_F(UnitToolsTest, ChosenFieldsAndKeys) {
  const json out = List({{"fields", {"id", "MyModKey", "categories", "missing", "builds"}},
                         {"side", "ARM"}});
  EXPECT_EQ(out["fields"], (Strings{"id", "mymodkey", "categories", "missing", "builds"}));
  EXPECT_EQ(out["units"][0], (json{{"id", "ARMCOM"},
                                   {"mymodkey", "kept"},
                                   {"categories", {"ARM", "COMMANDER", "LEVEL10"}},
                                   {"missing", json::array()},
                                   {"builds", 3}}));
  EXPECT_EQ(out["units"][1]["mymodkey"], nullptr);
  EXPECT_EQ(out["units"][1]["missing"], (Strings{"model", "script"}));
  EXPECT_NE(ListError({{"fields", {"helth"}}}).find("did you mean \"health\""), std::string::npos);
}

TEST_F(UnitToolsTest, SortsNumbersTextAndMissingValues) {
  EXPECT_EQ(Ids({{"sort", "-health"}}),
            (Strings{"ARMCOM", "ARMFLASH", "ARMSOLAR", "CORAK", "CORCOM", "CORLLT"}));
  EXPECT_EQ(Ids({{"sort", "health"}}),
            (Strings{"ARMFLASH", "ARMCOM", "ARMSOLAR", "CORAK", "CORCOM", "CORLLT"}));
  // Text with ASCII case ignored, ties in id order, units without a name last.
  EXPECT_EQ(Ids({{"sort", "name"}}),
            (Strings{"ARMCOM", "CORCOM", "ARMFLASH", "ARMSOLAR", "CORAK", "CORLLT"}));
  EXPECT_EQ(Ids({{"sort", "-id"}}),
            (Strings{"CORLLT", "CORCOM", "CORAK", "ARMSOLAR", "ARMFLASH", "ARMCOM"}));
  EXPECT_NE(ListError({{"sort", "-nosuch"}}).find("sort \"nosuch\""), std::string::npos);
}

TEST_F(UnitToolsTest, Pages) {
  json out = List({{"limit", 2}});
  EXPECT_EQ(out["units"].size(), 2u);
  EXPECT_EQ(out["next_offset"], 2);
  out = List({{"offset", 4}, {"limit", 2}});
  EXPECT_EQ(out["units"][0]["id"], "CORCOM");
  EXPECT_TRUE(out["next_offset"].is_null());
  out = List({{"offset", 10}});
  EXPECT_EQ(out["total"], 6);
  EXPECT_EQ(out["offset"], 6);
  EXPECT_TRUE(out["units"].empty());
}

TEST_F(UnitToolsTest, AGtaContextIsRefused) {
  const ToolResult r = Call(UnitListTool(), {{"context", "city"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(*r.error,
            "context city: a gta context has no units: units, weapons, features and sides are "
            "read in ta and takingdoms contexts (context_list shows each context's game)");
}

TEST_F(UnitToolsTest, DescribesAUnitWithEverythingResolved) {
  const ToolResult r = Call(UnitDescribeTool(), {{"unit", "armcom"}, {"picture", false}});
  ASSERT_FALSE(r.error) << *r.error;
  const json& d = r.structured;
  EXPECT_EQ(d["id"], "ARMCOM");
  EXPECT_EQ(d["side"], "ARM");
  EXPECT_EQ(d["tedclass"], "COMMANDER");
  EXPECT_EQ(d["stats"], (json{{"build_cost_metal", 2500}, {"build_cost_energy", 25000},
                              {"build_time", 60000}, {"worker_time", 300}, {"health", 3000},
                              {"speed", 1.25}}));
  EXPECT_EQ(d["file"], (json{{"path", "units/ARMCOM.fbi"}, {"source", "folder"}}));
  EXPECT_EQ(d["line"], 1);
  ASSERT_EQ(d["keys"].size(), 16u);
  EXPECT_EQ(d["keys"][0], (json{{"key", "UnitName"}, {"value", "ARMCOM"}, {"line", 3}}));
  EXPECT_EQ(d["keys"][15], (json{{"key", "MyModKey"}, {"value", "kept"}, {"line", 18}}));
  ASSERT_EQ(d["weapons"].size(), 2u);
  EXPECT_EQ(d["weapons"][0]["id"], "ARM_DISINTEGRATOR");
  EXPECT_EQ(d["weapons"][0]["name"], "D-Gun");
  EXPECT_EQ(d["weapons"][0]["default_damage"], 99999);
  EXPECT_EQ(d["weapons"][0]["file"], (json{{"path", "weapons/dgun.tdf"}, {"source", "folder"}}));
  EXPECT_EQ(d["weapons"][1]["slot"], 2);
  EXPECT_EQ(d["weapons"][1]["stats"]["range"], nullptr);
  // ARMCOM=big is no number: left out (a warning on the weapon's file).
  EXPECT_EQ(d["weapons"][1]["damage"], (json{{{"target", "CORAK"}, {"damage", 5}}}));
  Strings builds;
  for (const json& b : d["builds"]) {
    builds.push_back(b["unit"].get<std::string>() + "/" + b["via"].get<std::string>());
  }
  EXPECT_EQ(builds, (Strings{"ARMSOLAR/sidedata", "ARMFLASH/gui", "ARMSOLAR/gui"}));
  EXPECT_EQ(d["builds"][1], (json{{"unit", "ARMFLASH"}, {"name", "Flash"}, {"via", "gui"},
                                  {"file", {{"path", "guis/ARMCOM1.GUI"}, {"source", "folder"}}},
                                  {"line", 9}, {"menu", 1}, {"button", 0}}));
  EXPECT_TRUE(d["built_by"].empty());
  EXPECT_EQ(d["assets"], (json{{{"kind", "model"}, {"path", "objects3d/ARMCOM.3do"},
                                {"found", "objects3d/armcom.3do"}},
                               {{"kind", "script"}, {"path", "scripts/ARMCOM.cob"},
                                {"found", "scripts/ARMCOM.COB"}},
                               {{"kind", "picture"}, {"path", "unitpics/ARMCOM.pcx"},
                                {"found", "unitpics/armcom.pcx"}}}));
  EXPECT_TRUE(d["warnings"].empty());
  EXPECT_FALSE(d.contains("picture"));
  ASSERT_EQ(r.content.size(), 0u);
}

TEST_F(UnitToolsTest, TheBuildPictureIsEnlargedAndInline) {
  const ToolResult r = Call(UnitDescribeTool(), {{"unit", "ARMCOM"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["picture"],
            (json{{"path", "unitpics/armcom.pcx"}, {"format", "png"}, {"width", 12},
                  {"height", 8}, {"file_width", 3}, {"file_height", 2}, {"scale", 4},
                  {"delivery", "inline"}, {"resource_uri", nullptr}}));
  // The picture, then the model render on offer as a link.
  ASSERT_EQ(r.content.size(), 3u);
  EXPECT_EQ(r.structured["model_render"], "kbot://mod/objects3d/armcom.3do?export=model");
  EXPECT_EQ(r.content[2]["type"], "resource_link");
  EXPECT_EQ(r.content[2]["uri"], r.structured["model_render"]);
  EXPECT_EQ(r.content[2]["name"], "objects3d/armcom.3do (model)");
  EXPECT_EQ(r.content[0]["text"],
            "ARMCOM's build picture unitpics/armcom.pcx: 12 x 8 px at scale 4 (png, inline)");
  ASSERT_EQ(r.content[1]["type"], "image");
  std::string png;
  ASSERT_TRUE(absl::Base64Unescape(r.content[1]["data"].get<std::string>(), &png));
  absl::StatusOr<testing::DecodedPng> decoded = testing::DecodePng(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(png.data()), png.size()));
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  ASSERT_EQ(decoded->width, 12);
  ASSERT_EQ(decoded->height, 8);
  // Pixels 5 7 7 / 200 0 63 through the file's own trailer (colour i: i, 255 - i, 3i).
  auto rgb = [&](int x, int y) {
    const size_t at = (size_t(y) * 12 + size_t(x)) * 4;
    return std::vector<int>{decoded->rgba[at], decoded->rgba[at + 1], decoded->rgba[at + 2]};
  };
  EXPECT_EQ(rgb(0, 0), (std::vector<int>{5, 250, 15}));
  EXPECT_EQ(rgb(3, 3), (std::vector<int>{5, 250, 15}));
  EXPECT_EQ(rgb(4, 0), (std::vector<int>{7, 248, 21}));
  EXPECT_EQ(rgb(11, 7), (std::vector<int>{63, 192, 189}));
  EXPECT_EQ(rgb(0, 4), (std::vector<int>{200, 55, 88}));
}

// Over the inline limit the picture is a link that picture_export draws again.
TEST_F(UnitToolsTest, ABuildPictureOverTheLimitIsALink) {
  Limits limits;
  limits.max_inline_image_base64 = 16;
  const ToolResult r = Call(UnitDescribeTool(), {{"unit", "ARMCOM"}}, limits);
  ASSERT_FALSE(r.error) << *r.error;
  const json& picture = r.structured["picture"];
  EXPECT_EQ(picture["delivery"], "resource_link");
  EXPECT_EQ(picture["resource_uri"], "kbot://mod/unitpics/armcom.pcx?export=picture");
  ASSERT_EQ(r.content.size(), 3u);  // and the model's link
  EXPECT_EQ(r.content[1]["type"], "resource_link");
  EXPECT_EQ(r.content[1]["uri"], picture["resource_uri"]);
}

TEST_F(UnitToolsTest, OverridesAndAnUnreadablePictureAreShownNotFatal) {
  const ToolResult r = Call(UnitDescribeTool(), {{"unit", "ARMFLASH"}});
  ASSERT_FALSE(r.error) << *r.error;
  const json& d = r.structured;
  EXPECT_EQ(d["file"], (json{{"path", "units/armflash.fbi"}, {"source", "folder"}}));
  // The hidden copy of its own path (spelt as the winner's), and another file with its id.
  EXPECT_EQ(d["overrides"], (json{{{"path", "units/armflash.fbi"}, {"source", "mod.hpi"}},
                                  {{"path", "units/armflash2.fbi"}, {"source", "mod.hpi"}}}));
  EXPECT_EQ(d["built_by"][0]["unit"], "ARMCOM");
  EXPECT_EQ(d["built_by"][0]["name"], "Commander");
  ASSERT_GE(d["warnings"].size(), 2u) << d["warnings"].dump(2);
  EXPECT_EQ(d["warnings"][0], "units/armflash.fbi line 6: BuildCostMetal 'lots' is not a number");
  // The archive's unitpics/ARMFLASH.PCX holds "pcx": a warning, no image.
  const std::string last = d["warnings"].back();
  EXPECT_EQ(last.rfind("build picture: ", 0), 0u) << last;
  EXPECT_FALSE(d.contains("picture"));
  EXPECT_TRUE(r.content.empty());
}

TEST_F(UnitToolsTest, AnUnknownUnitSuggestsIdsAndDisplayNames) {
  ToolResult r = Call(UnitDescribeTool(), {{"unit", "Commander"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(*r.error,
            "context mod: no unit \"Commander\" among 6 unit(s); did you mean ARMCOM (Commander) "
            "or CORCOM (Commander)? (unit_list finds units by name or description)");
  r = Call(UnitDescribeTool(), {{"unit", "ARMCON"}});
  ASSERT_TRUE(r.error);
  EXPECT_NE(r.error->find("did you mean ARMCOM"), std::string::npos) << *r.error;
}

TEST_F(UnitToolsTest, ComparesKeysDifferingFirst) {
  ToolResult r = Call(UnitCompareTool(), {{"units", {"ARMCOM", "corcom"}}});
  ASSERT_FALSE(r.error) << *r.error;
  const json& c = r.structured;
  EXPECT_EQ(c["units"][1], (json{{"id", "CORCOM"}, {"name", "Commander"}, {"side", "CORE"},
                                 {"file", {{"path", "units/CORCOM.fbi"}, {"source", "folder"}}}}));
  EXPECT_EQ(c["differing"], 15);
  EXPECT_EQ(c["same"], 1);
  ASSERT_EQ(c["keys"].size(), 16u);
  EXPECT_EQ(c["keys"][0], (json{{"key", "UnitName"}, {"differs", true},
                                {"values", {"ARMCOM", "CORCOM"}}}));
  EXPECT_EQ(c["keys"][2], (json{{"key", "Description"}, {"differs", true},
                                {"values", {"Commander", nullptr}}}));
  EXPECT_EQ(c["keys"][15], (json{{"key", "Name"}, {"differs", false},
                                 {"values", {"Commander", "Commander"}}}));
  r = Call(UnitCompareTool(), {{"units", {"ARMCOM", "CORCOM"}}, {"only_differing", true}});
  EXPECT_EQ(r.structured["keys"].size(), 15u);
  r = Call(UnitCompareTool(), {{"units", {"ARMCOM", "NOSUCH"}}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rfind("context mod: no unit \"NOSUCH\"", 0), 0u) << *r.error;
}

// Numbers compare as numbers: "2500" and "2500.0" are the same value.
TEST(UnitCompare, EqualNumbersWrittenDifferentlyAreTheSame) {
  auto fbi = [](const std::string& body) {
    const std::string text = testing::TaUnitFbi(body);
    return std::vector<uint8_t>(text.begin(), text.end());
  };
  std::vector<contexts::MemoryFile> files = {
      {"units/a.fbi", fbi("UnitName=A;\nBuildCostMetal=2500;\n")},
      {"units/b.fbi", fbi("UnitName=B;\nbuildcostmetal=2500.0;\n")}};
  contexts::Context c{"m", contexts::Game::kTa, "", true,
                      contexts::MakeMemoryVfs(std::move(files), "test")};
  UnitCompareRequest request;
  request.units = {"A", "B"};
  absl::StatusOr<UnitComparison> out = CompareUnits(c, request, NoProgress());
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->keys.size(), 2u);
  EXPECT_EQ(out->keys[1].key, "BuildCostMetal");
  EXPECT_FALSE(out->keys[1].differs);
  EXPECT_EQ(out->keys[1].values, (std::vector<json>{"2500", "2500.0"}));
}

// The frame header of a 128 x 96 baseline JPEG, typed by hand: SOI, a JFIF
// APP0 segment, a DHT segment's header (skipped: FFC4 is no frame), SOF0
// (precision 8, height 0x60, width 0x80, 3 components), EOI.
std::vector<uint8_t> JpegHeader() {
  return {0xFF, 0xD8,                                                    // SOI
          0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,  // APP0
          0xFF, 0xC4, 0x00, 0x03, 0x00,                                  // DHT (stub)
          0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x60, 0x00, 0x80, 0x03,    // SOF0
          0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
          0xFF, 0xD9};                                                   // EOI
}

TEST(BuildPicture, ReadsAJpegsSizeFromItsFrameHeader) {
  const std::vector<uint8_t> jpeg = JpegHeader();
  std::optional<JpegSize> size = ReadJpegSize(jpeg);
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(size->width, 128);
  EXPECT_EQ(size->height, 96);
  // Cut anywhere before the frame header's size: not read, never past the end.
  for (size_t n = 0; n < 34; ++n) {
    EXPECT_FALSE(ReadJpegSize(Bytes(jpeg.data(), n)).has_value()) << n;
  }
  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', 13, 10, 26, 10};
  EXPECT_FALSE(ReadJpegSize(png).has_value());
  std::vector<uint8_t> zero = jpeg;
  zero[30] = 0;  // width 0
  zero[31] = 0;
  EXPECT_FALSE(ReadJpegSize(zero).has_value());
}

contexts::MemoryFile Text(std::string path, const std::string& text) {
  return {std::move(path), std::vector<uint8_t>(text.begin(), text.end())};
}

// A TA: Kingdoms mod: one buildcost, fixed sides, a JPEG build picture
// returned as the file's own bytes.
TEST(UnitToolsKingdoms, CostsSidesAndAJpegPicture) {
  std::vector<contexts::MemoryFile> files = {
      Text("units/ARACLERIC.fbi",
           "[UNITINFO]\n{\nobjectname=ARACLERIC;\nUnitName=Cleric;\nside=ARAMON;\n"
           "buildcost=120;\nbuilder=1;\n}\n"
           "[WEAPON1]\n{\nname=Hail Shower;\nrange=300;\n[DAMAGE]\n{\ndefault=70;\n}\n}\n"),
      Text("units/tarlord.fbi", "[UNITINFO]\n{\nobjectname=TARLORD;\nside=TAROS;\n}\n"),
      {"anims/buildpic/aracleric.jpg", JpegHeader()}};
  contexts::Context c{"tak", contexts::Game::kTaKingdoms, "", true,
                      contexts::MakeMemoryVfs(std::move(files), "built-in")};
  UnitListRequest request;
  absl::StatusOr<UnitListResult> list = ListUnits(c, request, NoProgress());
  ASSERT_TRUE(list.ok()) << list.status();
  EXPECT_EQ(list->game, "takingdoms");
  EXPECT_EQ(list->fields, (Strings{"id", "name", "side", "description", "build_cost",
                                   "build_time", "health", "speed", "weapons"}));
  ASSERT_EQ(list->rows.size(), 2u);
  EXPECT_EQ(list->rows[0]["id"], "ARACLERIC");
  EXPECT_EQ(list->rows[0]["side"], "Aramon");
  EXPECT_EQ(list->rows[0]["build_cost"], 120);
  EXPECT_EQ(list->rows[0]["weapons"], (Strings{"ARACLERIC/WEAPON1"}));
  request.side = "TAR";
  list = ListUnits(c, request, NoProgress());
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->rows.size(), 1u);
  EXPECT_EQ(list->rows[0]["id"], "TARLORD");

  absl::StatusOr<UnitDescription> d = DescribeUnitIn(c, "aracleric", NoProgress());
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->stats, (json{{"build_cost", 120}, {"build_time", nullptr}, {"worker_time", nullptr},
                            {"health", nullptr}, {"speed", nullptr}}));
  ASSERT_EQ(d->weapons.size(), 1u);
  EXPECT_EQ(d->weapons[0].name, "Hail Shower");
  EXPECT_EQ(d->weapons[0].stats["range"], 300);
  EXPECT_EQ(d->weapons[0].default_damage, 70);
  EXPECT_TRUE(d->weapons[0].default_damage.is_number_integer());

  absl::StatusOr<BuildPicture> picture = ReadBuildPicture(c, "anims/buildpic/aracleric.jpg");
  ASSERT_TRUE(picture.ok()) << picture.status();
  EXPECT_EQ(picture->mime_type, "image/jpeg");
  EXPECT_EQ(picture->bytes, JpegHeader());
  EXPECT_EQ(picture->width, 128);
  EXPECT_EQ(picture->height, 96);
  EXPECT_EQ(picture->scale, 1);
}

TEST(CatalogListing, ParsesConditions) {
  absl::StatusOr<Condition> c = ParseCondition(" BuildCostMetal <= 500 ");
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->key, "buildcostmetal");
  EXPECT_EQ(c->op, Condition::Op::kLessEqual);
  EXPECT_EQ(c->number, 500);
  c = ParseCondition("tedclass==TANK");
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->op, Condition::Op::kEqual);
  EXPECT_EQ(c->number, std::nullopt);
  EXPECT_EQ(c->text, "TANK");
  EXPECT_TRUE(Holds(*c, TextValue("tank")));
  EXPECT_FALSE(Holds(*c, FieldValue{}));
  c = ParseCondition("x!=1");
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(Holds(*c, FieldValue{}));  // absent: not 1
  EXPECT_TRUE(Holds(*c, TextValue("lots")));
  EXPECT_FALSE(Holds(*c, TextValue("1.0")));
  EXPECT_FALSE(ParseCondition("x!1").ok());
  EXPECT_FALSE(ParseCondition("x>=").ok());
}

}  // namespace
}  // namespace kbot::tools
