// kbot gaf list and gaf check of a GAF over FileBytes::kReadBelow: its
// structure is read by pieces (app/gaf_commands.cc, GafByPieces), never
// mapped, and each must print exactly what reading the whole file gives.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "contexts/file_io.h"
#include "nlohmann/json.hpp"
#include "tests/support/gaf_bytes.h"
#include "tests/support/kbot_process.h"
#include "tools/gaf_list_tool.h"
#include "tools/gaf_tools.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class GafPiecesCli : public ::testing::Test {
 protected:
  fs::path Write(const std::string& name, const std::vector<uint8_t>& bytes) {
    const fs::path p = kbot_.dir() / name;
    std::ofstream(p, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                             std::streamsize(bytes.size()));
    return p;
  }

  // Two raw 600 x 250 frames (300,000 bytes of pixels), then a run-encoded
  // frame with a short row (a warning) and one whose row runs past its data
  // (an error), in a second sequence.
  static std::vector<uint8_t> LargeGaf() {
    testing::FixtureFrame raw{.width = 600, .height = 250, .transparency = 9, .duration = 2};
    raw.payload.assign(600 * 250, 9);
    for (size_t i = 0; i < raw.payload.size(); i += 7) raw.payload[i] = uint8_t(i);
    testing::FixtureFrame rle{.width = 4, .height = 2, .transparency = 9, .storage = 1};
    rle.payload = testing::Concat({testing::Row({testing::Repeat(4, 5)}),
                                   testing::Row({testing::Skip(1)})});
    testing::FixtureFrame bad = rle;
    bad.payload = {3, 0, (4 << 2), 7, 8};  // a literal of 5 in a row of 3 bytes
    return testing::LayOutGaf({testing::FixtureSequence{"Atlas", 1, 0, {raw, raw}},
                               testing::FixtureSequence{"Fx", 0x100, 7, {rle, bad}}})
        .bytes;
  }

  // What the tools answer reading the whole file.
  static tools::Asset Whole(const fs::path& path, const contexts::FileBytes& file) {
    return tools::Asset{path.string(), file.bytes()};
  }

  testing::KbotProcess kbot_;
};

TEST_F(GafPiecesCli, ListIsWhatTheWholeFileGives) {
  const fs::path gaf = Write("big.gaf", LargeGaf());
  ASSERT_GT(fs::file_size(gaf), contexts::FileBytes::kReadBelow);
  absl::StatusOr<contexts::FileBytes> file = contexts::FileBytes::Open(gaf.string());
  ASSERT_TRUE(file.ok());
  absl::StatusOr<json> whole = tools::GafList(Whole(gaf, *file));
  ASSERT_TRUE(whole.ok()) << whole.status();

  const testing::KbotRun r = kbot_.Run("gaf list --json " + gaf.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out), *whole);
  const testing::KbotRun table = kbot_.Run("gaf list " + gaf.string());
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_NE(table.out.find("GAF: 2 sequence(s), version 0x00010100"), std::string::npos);
  EXPECT_NE(table.out.find("Atlas"), std::string::npos);
}

TEST_F(GafPiecesCli, CheckIsWhatTheWholeFileGives) {
  const fs::path gaf = Write("big.gaf", LargeGaf());
  absl::StatusOr<contexts::FileBytes> file = contexts::FileBytes::Open(gaf.string());
  ASSERT_TRUE(file.ok());
  const json whole = tools::GafCheckSummary({tools::GafCheckFile(Whole(gaf, *file))});
  ASSERT_EQ(whole["summary"]["errors"], 1) << whole;
  ASSERT_EQ(whole["summary"]["warnings"], 1) << whole;

  const testing::KbotRun r = kbot_.Run("gaf check --json " + gaf.string());
  EXPECT_EQ(r.status, 1) << r.err;  // the error
  EXPECT_EQ(json::parse(r.out), whole);
}

// A large file that is not a GAF, or whose structure does not read, is read
// the usual way: the same messages as before.
TEST_F(GafPiecesCli, OtherLargeFilesSayWhatTheyAre) {
  std::vector<uint8_t> text(300000, 'a');
  const fs::path notes = Write("notes.gaf", text);
  const testing::KbotRun r = kbot_.Run("gaf list " + notes.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("notes.gaf is "), std::string::npos) << r.err;

  std::vector<uint8_t> cut = LargeGaf();
  cut.resize(100 + contexts::FileBytes::kReadBelow);  // the second sequence is gone
  const fs::path truncated = Write("cut.gaf", cut);
  const testing::KbotRun t = kbot_.Run("gaf list " + truncated.string());
  EXPECT_EQ(t.status, 1);
  EXPECT_NE(t.err.find("cut.gaf: sequence 1"), std::string::npos) << t.err;
}

}  // namespace
}  // namespace kbot
