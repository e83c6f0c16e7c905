// `kbot unit list|describe|compare` as a process over the small TA mod of
// tests/support/ta_mod.h registered as a context: tables, --json (the tool's
// JSON), the build picture written with --picture, and the failures.
#include <gtest/gtest.h>

#include <filesystem>

#include "nlohmann/json.hpp"
#include "tests/support/decode_image.h"
#include "tests/support/kbot_process.h"
#include "tests/support/ta_mod.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::KbotProcess;
using testing::KbotRun;

class UnitCli : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const auto& [path, bytes] : testing::TaModFiles()) {
      testing::WriteBytes(kbot_.dir() / "mod" / path,
                          std::vector<uint8_t>(bytes.begin(), bytes.end()));
    }
    const KbotRun r = kbot_.Run("context add mod --game ta --path mod");
    ASSERT_EQ(r.status, 0) << r.err;
  }
  KbotProcess kbot_;
};

TEST_F(UnitCli, ListPrintsATableOfTheChosenFields) {
  const KbotRun r =
      kbot_.Run("unit list --context mod --side ARM --fields id,name,health --sort -health");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "id        name       health\n"
            "--------  ---------  ------\n"
            "ARMCOM    Commander  3000\n"
            "ARMFLASH  Flash      640\n"
            "ARMSOLAR  Solar      \n"
            "3 of 3 unit(s) in context mod\n");
}

TEST_F(UnitCli, ListJsonIsTheTools) {
  const KbotRun r = kbot_.Run("unit list --context mod --where 'maxdamage>600' --json --limit 1");
  ASSERT_EQ(r.status, 0) << r.err;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["total"], 2);
  EXPECT_EQ(out["next_offset"], 1);
  EXPECT_EQ(out["units"][0]["id"], "ARMCOM");
}

TEST_F(UnitCli, DescribeWritesTheBuildPicture) {
  const KbotRun r = kbot_.Run("unit describe armcom --context mod --picture pic.png");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("ARMCOM: Commander (side ARM)\n  Commander\n"
                        "  file units/ARMCOM.fbi (folder) line 1\n",
                        0),
            0u)
      << r.out;
  EXPECT_NE(r.out.find("\nWeapons:\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2     EMG                Energy Machine Gun"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "wrote pic.png: unitpics/armcom.pcx, 12 x 8 px at scale 4\n");
  absl::StatusOr<testing::DecodedPng> png =
      testing::DecodePng(testing::ReadBytes(kbot_.dir() / "pic.png"));
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->width, 12);
  EXPECT_EQ(png->height, 8);
}

TEST_F(UnitCli, CompareMarksTheKeysThatDiffer) {
  const KbotRun r = kbot_.Run("unit compare ARMCOM CORCOM --context mod --only-differing");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("   Key              ARMCOM                  CORCOM\n"
                        "-  ---------------  ----------------------  ------\n"
                        "*  UnitName         ARMCOM                  CORCOM\n"
                        "*  Side             ARM                     CORE\n",
                        0),
            0u)
      << r.out;
  EXPECT_NE(r.out.find("*  MyModKey         kept                    -\n"), std::string::npos);
  EXPECT_NE(r.out.find("15 key(s) differ, 1 the same\n"), std::string::npos) << r.out;
}

TEST_F(UnitCli, Failures) {
  KbotRun r = kbot_.Run("unit describe NOSUCH --context mod");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("kbot: unit describe: context mod: no unit \"NOSUCH\"", 0), 0u) << r.err;
  r = kbot_.Run("unit compare ARMCOM --context mod");
  EXPECT_EQ(r.status, 2) << r.err;  // one unit is a usage error
  r = kbot_.Run("unit list --context mod --where health");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("where \"health\": no comparison"), std::string::npos) << r.err;
  r = kbot_.Run("unit describe ARMSOLAR --context mod --picture p.png");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("ARMSOLAR has no build picture in the context"), std::string::npos);
  EXPECT_FALSE(fs::exists(kbot_.dir() / "p.png"));
}

}  // namespace
}  // namespace kbot
