// What the tests of answers kept between calls share (parsed_asset_test.cc,
// kept_answer_test.cc): a TA folder whose files are written in place with a
// chosen modification time (the parse cache keys on it and keeps nothing
// modified within its racy window), tiny GAFs to fill it, and tools called
// the way the MCP session calls them: by their catalog entry, with limits.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <time.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "base/progress.h"
#include "contexts/workspace.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/gaf_bytes.h"
#include "tools/catalog.h"

namespace kbot::tools::testing {

inline const Tool& ToolNamed(const std::string& name) {
  static const std::vector<Tool>* tools = new std::vector<Tool>(AllTools());
  for (const Tool& t : *tools) {
    if (t.name == name) return t;
  }
  ADD_FAILURE() << "no tool " << name;
  return tools->front();
}

inline ToolResult CallTool(const contexts::Workspace& ws, const std::string& tool,
                           const json& arguments, const Limits& limits,
                           Progress& progress = NoProgress()) {
  return ToolNamed(tool).handler(ToolCall{arguments, ws, progress, QuietLogger(), limits});
}

// A GAF of one sequence a name, each one raw 2 x 1 frame. Names of one
// length give every version of a file one size (an edit the size would not
// betray).
inline std::string SmallGaf(const std::vector<std::string>& names) {
  kbot::testing::FixtureFrame frame{.width = 2, .height = 1, .transparency = 9, .storage = 0};
  frame.payload = {1, 2};
  std::vector<kbot::testing::FixtureSequence> sequences;
  for (const std::string& name : names) sequences.push_back({name, 1, 0, {frame}});
  const std::vector<uint8_t> bytes = kbot::testing::LayOutGaf(sequences).bytes;
  return std::string(bytes.begin(), bytes.end());
}

inline int64_t NowSeconds() { return int64_t(::time(nullptr)); }

// A folder ta/ (with ta/anims/) served as one or more TA contexts.
class CachedFilesTest : public kbot::testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    std::filesystem::create_directories(dir_ / "ta/anims");
  }

  // A workspace with a context of each name, all over ta/.
  contexts::Workspace Open(const std::vector<std::string>& names = {"ta"}) {
    std::vector<contexts::ContextSpec> specs;
    for (const std::string& n : names) {
      specs.push_back({n, contexts::Game::kTa, (dir_ / "ta").string()});
    }
    absl::StatusOr<contexts::Workspace> ws = contexts::Workspace::Open(specs);
    EXPECT_TRUE(ws.ok()) << ws.status();
    return *std::move(ws);
  }

  // Writes ta/`rel` in place (same inode) with modification time `seconds`.
  std::filesystem::path Write(const std::string& rel, const std::string& bytes,
                              int64_t seconds) {
    const std::filesystem::path p = dir_ / "ta" / rel;
    std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
    SetTime(p, seconds);
    return p;
  }
  static void SetTime(const std::filesystem::path& p, int64_t seconds) {
    const struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    ASSERT_EQ(::utimensat(AT_FDCWD, p.c_str(), times, 0), 0);
  }
};

}  // namespace kbot::tools::testing
