// The tdf_parse tool on hand-typed TDF text: the exact tree, the warnings and
// their lines, one top-level section chosen, the limit's cut and its note,
// the refusals by name, a file the reader cannot read, a missing file.
#include "tools/tdf_parse_tool.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "base/json_schema.h"
#include "base/progress.h"
#include "tools/asset_find_tool.h"
#include "contexts/vfs.h"
#include "tests/support/pcx_bytes.h"

namespace kbot::tools {
namespace {

// Two top-level sections, a child between two entries, a missing ';', a key
// given twice (both kept), CR LF line ends and a comment.
constexpr const char* kUnit =
    "// ARMCOM, typed by hand\r\n"  // 1
    "[UNITINFO]\r\n"                // 2
    "{\r\n"                         // 3
    "\tUnitName=ARMCOM;\r\n"        // 4
    "\tName=Commander\r\n"          // 5: no ';'
    "\t[DAMAGE]\r\n"                // 6
    "\t\t{\r\n"                     // 7
    "\t\tdefault=75;\r\n"           // 8
    "\t\t}\r\n"                     // 9
    "\tSide=ARM;\r\n"               // 10
    "\tside=CORE;\r\n"              // 11: the same key again
    "}\r\n"                         // 12
    "[sound]\r\n"                   // 13
    "{\r\n"                         // 14
    "select1=ARMCOMSL;\r\n"         // 15
    "}\r\n";                        // 16

std::vector<uint8_t> BytesOf(const std::string& text) { return {text.begin(), text.end()}; }

absl::StatusOr<json> Parse(const std::string& path, const std::vector<uint8_t>& bytes,
                           const json& arguments = json::object()) {
  json args = arguments;
  args["path"] = path;
  absl::StatusOr<TdfParseRequest> request = TdfParseTable().ParseChecked(args);
  if (!request.ok()) return request.status();
  absl::StatusOr<TdfParseResult> out =
      ParseTdfAsset(Asset{path, Bytes(bytes.data(), bytes.size())}, *request);
  if (!out.ok()) return out.status();
  return TdfParseResult::Fields().ToJson(*out);
}

json Ok(const std::string& path, const std::string& text, const json& arguments = json::object()) {
  absl::StatusOr<json> out = Parse(path, BytesOf(text), arguments);
  EXPECT_TRUE(out.ok()) << out.status();
  return out.ok() ? *out : json();
}

std::string ErrorOf(const std::string& path, const std::vector<uint8_t>& bytes) {
  absl::StatusOr<json> out = Parse(path, bytes);
  EXPECT_FALSE(out.ok());
  return std::string(out.status().message());
}

const json kWarnings = json::parse(R"([
    {"line": 5, "column": 16, "message": "missing ';' after the value of 'Name'"},
    {"line": 11, "column": 2,
     "message": "duplicate key 'side' (also at line 10): both kept, the later wins"}])");

TEST(TdfParse, TheWholeFileAsATreeWithItsWarnings) {
  json out = Ok("units/ARMCOM.FBI", kUnit);
  EXPECT_EQ(out["warnings"], kWarnings);
  out.erase("warnings");
  EXPECT_EQ(out, json::parse(R"({
    "path": "units/ARMCOM.FBI", "encoding": "windows-1252",
    "sections_total": 3, "entries_total": 6, "shown": 9, "truncated": false, "note": null,
    "sections": [
      {"name": "UNITINFO", "line": 2,
       "entries": [{"key": "UnitName", "value": "ARMCOM", "line": 4},
                   {"key": "Name", "value": "Commander", "line": 5},
                   {"key": "Side", "value": "ARM", "line": 10},
                   {"key": "side", "value": "CORE", "line": 11}],
       "sections": [{"name": "DAMAGE", "line": 6,
                     "entries": [{"key": "default", "value": "75", "line": 8}],
                     "sections": []}]},
      {"name": "sound", "line": 13,
       "entries": [{"key": "select1", "value": "ARMCOMSL", "line": 15}], "sections": []}],
    "warning_count": 2})"))
      << out.dump(2);
}

TEST(TdfParse, OneTopLevelSectionByNameInAnyCase) {
  const json out = Ok("units/ARMCOM.FBI", kUnit, {{"section", "SOUND"}});
  EXPECT_EQ(out["sections"], json::parse(R"([{"name": "sound", "line": 13,
      "entries": [{"key": "select1", "value": "ARMCOMSL", "line": 15}], "sections": []}])"));
  EXPECT_EQ(out["sections_total"], 1);
  EXPECT_EQ(out["entries_total"], 1);
  EXPECT_EQ(out["shown"], 2);
  // The file's warnings, wherever they are.
  EXPECT_EQ(out["warnings"], kWarnings);
  // Duplicate top-level sections both come back, in file order.
  const json twice = Ok("x.tdf", "[W]{a=1;}\n[w]{b=2;}\n[V]{}\n", {{"section", "w"}});
  ASSERT_EQ(twice["sections"].size(), 2u);
  EXPECT_EQ(twice["sections"][0]["name"], "W");
  EXPECT_EQ(twice["sections"][1]["name"], "w");
  EXPECT_EQ(twice["sections"][1]["line"], 2);
}

TEST(TdfParse, AnUnknownSectionNamesTheFilesSections) {
  absl::StatusOr<json> out = Parse("units/ARMCOM.FBI", BytesOf(kUnit), {{"section", "UNITINF"}});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(out.status().message(),
            "units/ARMCOM.FBI: no top-level section \"UNITINF\"; did you mean \"UNITINFO\"? "
            "(2 top-level section(s): UNITINFO, sound)");
}

TEST(TdfParse, TheLimitCutsInFileOrderAndSaysWhere) {
  // Section UNITINFO, UnitName, Name, then [DAMAGE] (line 6) before Side.
  const json out = Ok("units/ARMCOM.FBI", kUnit, {{"limit", 4}});
  EXPECT_EQ(out["truncated"], true);
  EXPECT_EQ(out["shown"], 4);
  EXPECT_EQ(out["sections"], json::parse(R"([{"name": "UNITINFO", "line": 2,
      "entries": [{"key": "UnitName", "value": "ARMCOM", "line": 4},
                  {"key": "Name", "value": "Commander", "line": 5}],
      "sections": [{"name": "DAMAGE", "line": 6, "entries": [], "sections": []}]}])"));
  EXPECT_EQ(out["note"],
            "cut after line 6: 4 of 9 sections and entries shown; give section (one top-level "
            "section by name) or a larger limit (at most 5000)");
  // Exactly enough is not a cut.
  const json whole = Ok("units/ARMCOM.FBI", kUnit, {{"limit", 9}});
  EXPECT_EQ(whole["truncated"], false);
  EXPECT_EQ(whole["note"], nullptr);
  // With a section chosen, the note asks only for a larger limit.
  const json one = Ok("units/ARMCOM.FBI", kUnit, {{"section", "unitinfo"}, {"limit", 1}});
  EXPECT_EQ(one["note"],
            "cut after line 2: 1 of 7 sections and entries shown; a larger limit (at most 5000)");
  EXPECT_EQ(one["sections"][0]["entries"], json::array());
}

TEST(TdfParse, TheSchemaBoundsTheLimit) {
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(TdfParseTool().input_schema);
  ASSERT_TRUE(in.ok()) << in.status();
  EXPECT_FALSE(in->Validate(json{{"path", "a.fbi"}, {"limit", 0}}).ok());
  EXPECT_FALSE(in->Validate(json{{"path", "a.fbi"}, {"limit", 5001}}).ok());
  EXPECT_TRUE(in->Validate(json{{"path", "a.fbi"}, {"limit", 5000}, {"section", "A"}}).ok());
  const absl::StatusOr<TdfParseRequest> r = TdfParseTable().ParseChecked({{"path", "a.fbi"}});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->limit, kDefaultTdfLimit);
  EXPECT_EQ(r->section, std::nullopt);
}

TEST(TdfParse, AUtf8FileSaysSo) {
  const json out = Ok("menu.gui", "\xEF\xBB\xBF[GADGET0]{name=Caf\xC3\xA9;}");
  EXPECT_EQ(out["encoding"], "utf-8");
  EXPECT_EQ(out["sections"][0]["entries"][0]["value"], "Caf\xC3\xA9");
}

TEST(TdfParse, WhatTheReaderCannotReadIsAnError) {
  EXPECT_EQ(ErrorOf("bad.fbi", BytesOf("[UNITINFO]\n{\n}\n[BROKEN\n{a=1;}\n")),
            "bad.fbi: line 4 column 1: '[' has no ']' on its line");
}

TEST(TdfParse, AFileOfAnotherKindIsRefusedByName) {
  testing::PcxFixture pcx;
  pcx.bytes_per_line = 2;
  pcx.data = {0, 0};
  pcx.trailer = true;
  EXPECT_EQ(ErrorOf("units/ARMCOM.FBI", testing::LayOutPcx(pcx)),
            "units/ARMCOM.FBI is a PCX picture (1 x 1, 8-bit); use picture_export (kbot pcx "
            "export), or give it as the palette argument of gaf_export (kbot gaf export "
            "--palette)");
}

// TA's files may end in NULs, which makes a file of 1024 bytes a PAL to
// identify (a NUL is not text): the name or the text says TDF.
TEST(TdfParse, AFileThatOnlyItsSizeNamesIsReadWhenItLooksLikeTdf) {
  std::vector<uint8_t> padded = BytesOf("// menu\n[GADGET0]{name=x;}");
  padded.resize(1024, 0);
  for (const char* name : {"menu.GUI", "menu.txt"}) {
    absl::StatusOr<json> out = Parse(name, padded);
    ASSERT_TRUE(out.ok()) << name << ": " << out.status();
    EXPECT_EQ((*out)["sections"][0]["name"], "GADGET0");
    EXPECT_EQ((*out)["warning_count"], 1) << (*out)["warnings"].dump();
  }
  std::vector<uint8_t> pal(1024, 0);
  pal[0] = 0x12;
  EXPECT_EQ(ErrorOf("x.pal", pal),
            "x.pal is a 256-colour palette (PAL); give it as the palette argument of gaf_export "
            "(kbot gaf export --palette)");
}

TEST(TdfParse, HasTdfExtension) {
  EXPECT_TRUE(HasTdfExtension("units/ARMCOM.FBI"));
  EXPECT_TRUE(HasTdfExtension("weapons/weapons.tdf"));
  EXPECT_TRUE(HasTdfExtension("maps/Gods.Ota"));
  EXPECT_TRUE(HasTdfExtension("guis/MAINMENU.gui"));
  EXPECT_FALSE(HasTdfExtension("units/ARMCOM.FBI.bak"));
  EXPECT_FALSE(HasTdfExtension("fbi"));
}

contexts::Context TaContext() {
  return contexts::Context{"ta", contexts::Game::kTa, "", true,
                           contexts::MakeMemoryVfs({{"units/ARMCOM.FBI", BytesOf(kUnit)}}, "test")};
}

TEST(TdfParse, TheToolInAContextMatchesItsOutputSchema) {
  const contexts::Context c = TaContext();
  const Tool tool = TdfParseTool();
  EXPECT_EQ(tool.name, "tdf_parse");
  const json args = {{"path", "units/armcom.fbi"}, {"section", "unitinfo"}};
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  ASSERT_TRUE(in.ok()) << in.status();
  EXPECT_TRUE(in->Validate(args).ok());
  const ToolResult r = RunTdfParse(c, TdfParseTable().Parse(args));
  ASSERT_FALSE(r.error) << *r.error;
  absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(out->Validate(r.structured).ok()) << r.structured.dump(2);
  // The context's spelling of the file.
  EXPECT_EQ(r.structured["path"], "units/ARMCOM.FBI");
  EXPECT_EQ(r.structured["sections"][0]["sections"][0]["name"], "DAMAGE");
  EXPECT_EQ(r.structured["warnings"], kWarnings);
}

TEST(TdfParse, AMissingFileIsAnErrorNamingTheContext) {
  const contexts::Context c = TaContext();
  const ToolResult r = RunTdfParse(c, TdfParseTable().Parse({{"path", "units/ARMCOX.FBI"}}));
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error_code, absl::StatusCode::kNotFound);
  EXPECT_EQ(r.error->rfind("context ta: units/ARMCOX.FBI: ", 0), 0u) << *r.error;
  EXPECT_NE(r.error->find("did you mean units/ARMCOM.FBI"), std::string::npos) << *r.error;
}

// asset_find's hit on a TDF file says to open it with tdf_parse.
TEST(TdfParse, AssetFindOpensTdfFilesWithIt) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("kbot_tdf_find_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir / "units");
  std::ofstream(dir / "units" / "ARMCOM.FBI") << kUnit;
  absl::StatusOr<contexts::Workspace> ws =
      contexts::Workspace::Open({{"ta", contexts::Game::kTa, dir.string()}});
  ASSERT_TRUE(ws.ok()) << ws.status();
  const json arguments = {{"query", "armcom"}, {"kinds", {"file"}}};
  const Limits limits;
  const ToolCall call{arguments, *ws, NoProgress(), StderrLogger(), limits, nullptr};
  const ToolResult r = AssetFindTool().handler(call);
  ASSERT_FALSE(r.error) << *r.error;
  ASSERT_EQ(r.structured["hits"].size(), 1u) << r.structured.dump(2);
  EXPECT_EQ(r.structured["hits"][0]["tool"], "tdf_parse");
  EXPECT_EQ(r.structured["hits"][0]["arguments"],
            (json{{"context", "ta"}, {"path", "units/ARMCOM.FBI"}}));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kbot::tools
