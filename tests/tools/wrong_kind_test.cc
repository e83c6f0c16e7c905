// Every tool that reads a format refuses a file of another kind by name: one
// check per pair of tool and kind, each with the exact message.
#include <gtest/gtest.h>

#include <functional>

#include "absl/strings/match.h"

#include "tools/file_kind.h"
#include "tools/font_render_tool.h"
#include "tools/fxt_decode_tool.h"
#include "tools/gaf_export_tool.h"
#include "tools/gaf_info_tool.h"
#include "tools/gaf_list_tool.h"
#include "tools/gaf_tools.h"
#include "tools/hpi_list_tool.h"
#include "tools/map_describe_tool.h"
#include "tools/mission_describe_tool.h"
#include "tools/mission_list_tool.h"
#include "tools/picture_export_tool.h"
#include "tools/player_describe_tool.h"
#include "tools/style_describe_tool.h"
#include "tools/style_tiles_tool.h"
#include "tools/tdf_parse_tool.h"
#include "tests/support/kind_fixtures.h"

namespace kbot::tools {
namespace {

using testing::KindFixture;
using Run = std::function<absl::Status(const Asset&)>;

struct ToolUnderTest {
  const char* name;
  Run run;
  std::vector<FileKind> reads;  // kinds it does not refuse
};

template <typename T>
absl::Status StatusOf(const absl::StatusOr<T>& r) {
  return r.status();
}

std::vector<ToolUnderTest> Tools() {
  const std::vector<FileKind> gaf = {FileKind::kGaf, FileKind::kTa3dGaf};
  const std::vector<FileKind> headerless = kHeaderlessKinds;
  std::vector<FileKind> pictures = headerless;
  pictures.push_back(FileKind::kPcx);
  const ReadBytes no_files = [](const std::string& p) -> absl::StatusOr<contexts::Blob> {
    return absl::NotFoundError(p);
  };
  return {
      {"gaf_list", [](const Asset& a) { return StatusOf(GafList(a)); }, gaf},
      {"gaf_info", [](const Asset& a) { return StatusOf(GafInfo(a, std::nullopt)); }, gaf},
      {"gaf_export", [](const Asset& a) { return StatusOf(GafExport(a, ExportRequest{})); }, gaf},
      {"gaf_check",
       [](const Asset& a) {
         const json r = GafCheckFile(a);
         return r["errors"].empty() ? absl::OkStatus()
                                    : absl::InvalidArgumentError(r["errors"][0].get<std::string>());
       },
       gaf},
      {"hpi_list", [](const Asset& a) { return StatusOf(HpiList(a)); }, {FileKind::kHpi}},
      {"map_describe", [](const Asset& a) { return StatusOf(DescribeMap(a, std::nullopt)); },
       {FileKind::kCityMap}},
      {"style_describe", [](const Asset& a) { return StatusOf(DescribeStyle(a)); },
       {FileKind::kStyle}},
      {"style_tiles",
       [](const Asset& a) { return StatusOf(DrawStyleTiles(a, StyleTilesRequest{})); },
       {FileKind::kStyle}},
      {"fxt_decode", [](const Asset& a) { return StatusOf(DecodeFxt(a, FxtDecodeRequest{})); },
       {FileKind::kFxt}},
      {"font_render",
       [](const Asset& a) {
         FontRenderRequest r;
         r.text = "A";
         return StatusOf(RenderFont(a, r));
       },
       {FileKind::kFont}},
      {"picture_export",
       [no_files](const Asset& a) {
         return StatusOf(ExportPicture(a, PictureExportRequest{}, no_files));
       },
       pictures},
      // The kinds told by size alone are read when the name or the text says
      // TDF; the fixtures' do not.
      {"tdf_parse", [](const Asset& a) { return StatusOf(ParseTdfAsset(a, TdfParseRequest{})); },
       {FileKind::kText}},
      // Told by its size only: a cut file may have any size, so other kinds
      // told by size alone go to the reader, which checks the content.
      {"player_describe", [](const Asset& a) { return StatusOf(DescribePlayer(a)); },
       headerless},
      {"mission_list", [](const Asset& a) { return StatusOf(ListMissions(a)); },
       {FileKind::kMission}},
      {"mission_describe",
       [](const Asset& a) {
         MissionDescribeRequest r;
         r.mission = 1;
         return StatusOf(DescribeMission(a, r));
       },
       {FileKind::kMission}},
  };
}

// What the message tells the user to do instead, by kind.
std::string Hint(FileKind kind) {
  switch (kind) {
    case FileKind::kGaf:
    case FileKind::kTa3dGaf: return "use gaf_list (kbot gaf list)";
    case FileKind::kHpi: return "use hpi_list (kbot hpi list)";
    case FileKind::kCityMap: return "use map_describe (kbot gta map)";
    case FileKind::kStyle: return "use style_describe (kbot gta style)";
    case FileKind::kFxt: return "use fxt_decode (kbot gta fxt)";
    case FileKind::kFont: return "use font_render (kbot gta font)";
    case FileKind::kRawPicture:
    case FileKind::kRatPicture: return "use picture_export (kbot gta picture)";
    case FileKind::kPlayerFile: return "use player_describe (kbot gta player)";
    case FileKind::kMission: return "use mission_list or mission_describe (kbot gta mission)";
    case FileKind::kPal:
      return "give it as the palette argument of gaf_export (kbot gaf export --palette)";
    case FileKind::kPcx:
      return "use picture_export (kbot pcx export), or give it as the palette argument of "
             "gaf_export (kbot gaf export --palette)";
    case FileKind::kRgbPalette:
      return "give it as the palette argument of picture_export for a RAT picture";
    case FileKind::kSavedGame: return "kbot does not read saved games";
    case FileKind::kTnt: return "use map_describe or map_render (kbot tnt describe)";
    case FileKind::kModel3do: return "use model_describe or model_render (kbot 3do describe)";
    case FileKind::kCob: return "use script_describe or script_disassemble (kbot cob describe)";
    case FileKind::kText:
      return "if it is in TDF syntax (FBI, TDF, OTA, GUI), use tdf_parse (kbot tdf)";
    default: return "kbot does not read it";
  }
}

TEST(WrongKind, EveryToolRefusesEveryOtherKindByName) {
  int pairs = 0;
  for (const ToolUnderTest& tool : Tools()) {
    for (const KindFixture& f : testing::KindFixtures()) {
      if (std::find(tool.reads.begin(), tool.reads.end(), f.kind) != tool.reads.end()) continue;
      const absl::Status s = tool.run(Asset{f.name, f.bytes});
      EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << tool.name << " on " << f.name;
      EXPECT_EQ(s.message(), f.name + " is " + f.what + "; " + Hint(f.kind))
          << tool.name << " on " << f.name;
      ++pairs;
    }
  }
  EXPECT_GT(pairs, 150);
}

TEST(WrongKind, NoToolRefusesTheKindsItReads) {
  for (const ToolUnderTest& tool : Tools()) {
    for (const KindFixture& f : testing::KindFixtures()) {
      if (std::find(tool.reads.begin(), tool.reads.end(), f.kind) == tool.reads.end()) continue;
      const absl::Status s = tool.run(Asset{f.name, f.bytes});
      EXPECT_FALSE(absl::StrContains(s.message(), f.name + " is "))
          << tool.name << " on " << f.name << ": " << s;
    }
  }
}

TEST(WrongKind, AFileOfNoKnownKindGoesToTheReader) {
  const std::vector<uint8_t> odd = {0x13, 0x37, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
  EXPECT_TRUE(RequireKind(Asset{"odd.gaf", odd}, kGafKinds).ok());
  absl::StatusOr<json> list = GafList(Asset{"odd.gaf", odd});
  EXPECT_TRUE(list.ok()) << list.status();  // a GAF with an unexpected version: a warning
}

}  // namespace
}  // namespace kbot::tools
