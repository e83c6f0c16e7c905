// `kbot context add | list | remove` end to end, with the registry in a
// temporary KBOT_CONFIG_DIR.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "demo/demo_assets.h"
#include "nlohmann/json.hpp"
#include "tests/support/kbot_process.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using testing::KbotRun;
using testing::ReadFile;

class ContextCli : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir_ / "data" / "anims");
    std::ofstream(dir_ / "data" / "anims" / "a.gaf") << "GAF";
    std::ofstream(dir_ / "data" / "palette.pal") << "PAL";
  }

  // Runs kbot in `dir_` with KBOT_CONFIG_DIR set to `config_`.
  KbotRun Kbot(const std::string& args) { return kbot_.Run(args); }

  // The demo's loose files, and the two of demo.ufo's four that no loose
  // file hides.
  json DemoJson() {
    const size_t loose = demo::MakeDemoAssets()->size();
    return json::parse(R"({"contexts": [{"name": "demo", "game": "takingdoms",
        "title": "TA: Kingdoms", "path": null, "builtin": true, "transparency": "heuristic",
        "files": )" + std::to_string(loose + 2) + R"(,
        "sources": [{"name": "built-in", "kind": "built-in", "files": )" +
                       std::to_string(loose) + R"(},
                    {"name": "demo.ufo", "kind": "archive", "version": 2, "files": 4}]}]})");
  }

  testing::KbotProcess kbot_;
  const fs::path& dir_ = kbot_.dir();
  const fs::path config_ = kbot_.config_dir();
  const fs::path registry_ = config_ / "contexts.json";
};

TEST_F(ContextCli, EmptyRegistryListsTheDemo) {
  const KbotRun r = Kbot("context list");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string files = std::to_string(demo::MakeDemoAssets()->size() + 2);
  EXPECT_EQ(r.out,
            "Name  Game        Files  Archives  Transparency  Path\n"
            "----  ----------  -----  --------  ------------  ----------\n"
            "demo  takingdoms  " +
                files + std::string(7 - files.size(), ' ') +
                "1         heuristic     (built-in)\n"
                "\n"
                "no context registered in " +
                registry_.string() +
                ": kbot mcp serves the built-in demo (add one with kbot context add)\n");
  EXPECT_EQ(r.err, "");
  EXPECT_FALSE(fs::exists(registry_));  // listing writes nothing
}

TEST_F(ContextCli, EmptyRegistryListJsonIsTheDemo) {
  const KbotRun r = Kbot("context list --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out), DemoJson());
}

TEST_F(ContextCli, AddStoresTheAbsolutePath) {
  const KbotRun r = Kbot("context add ta1 --game ta --path data/");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string data = (dir_ / "data").string();
  EXPECT_EQ(r.out, "added context \"ta1\" (ta, " + data + ") to " + registry_.string() + "\n");
  EXPECT_EQ(
      json::parse(ReadFile(registry_)),
      json::parse(R"({"contexts": [{"name": "ta1", "game": "ta", "path": ")" + data + "\"}]}"));
}

TEST_F(ContextCli, ListShowsTheRegisteredContexts) {
  ASSERT_EQ(Kbot("context add ta1 --game ta --path data").status, 0);
  ASSERT_EQ(
      Kbot("context add k --game takingdoms --path " + (dir_ / "data" / "anims").string()).status,
      0);
  const KbotRun r = Kbot("context list --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string data = (dir_ / "data").string();
  EXPECT_EQ(json::parse(r.out), json::parse(R"({"contexts": [
      {"name": "ta1", "game": "ta", "title": "Total Annihilation", "path": ")" +
                                            data + R"(",
       "builtin": false, "transparency": "game", "files": 2,
       "sources": [{"name": "folder", "kind": "folder"}]},
      {"name": "k", "game": "takingdoms", "title": "TA: Kingdoms", "path": ")" +
                                            data +
                                            R"(/anims",
       "builtin": false, "transparency": "heuristic", "files": 1,
       "sources": [{"name": "folder", "kind": "folder"}]}]})"));
  const KbotRun table = Kbot("context list");
  ASSERT_EQ(table.status, 0) << table.err;
  EXPECT_EQ(table.out,
            "Name  Game        Files  Archives  Transparency  Path\n"
            "----  ----------  -----  --------  ------------  " +
                std::string(data.size() + 6, '-') + "\n" +
                "ta1   ta          2      0         game          " + data + "\n" +
                "k     takingdoms  1      0         heuristic     " + data + "/anims\n");
}

TEST_F(ContextCli, AddRefusesADuplicateName) {
  ASSERT_EQ(Kbot("context add ta1 --game ta --path data").status, 0);
  const std::string before = ReadFile(registry_);
  const KbotRun r = Kbot("context add ta1 --game gta --path data");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: context add: a context \"ta1\" is already registered (" +
                       (dir_ / "data").string() + "); remove it first\n");
  EXPECT_EQ(ReadFile(registry_), before);
}

TEST_F(ContextCli, AddRefusesABadGame) {
  const KbotRun r = Kbot("context add x --game doom --path data");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "kbot: context add: unknown game \"doom\" (use ta, takingdoms or gta)\n");
  EXPECT_FALSE(fs::exists(registry_));
}

TEST_F(ContextCli, AddRefusesABadName) {
  const KbotRun r = Kbot("context add .x --game ta --path data");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "kbot: context add: bad context name \".x\": use 1 to 64 letters, digits, "
            "'_', '.' or '-', not starting with '.'\n");
  EXPECT_FALSE(fs::exists(registry_));
}

TEST_F(ContextCli, AddRefusesAPathThatIsNotAFolder) {
  KbotRun r = Kbot("context add x --game ta --path data/palette.pal");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: context add: data/palette.pal: not a folder\n");
  r = Kbot("context add x --game ta --path missing");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: context add: missing: no such folder\n");
  EXPECT_FALSE(fs::exists(registry_));
}

TEST_F(ContextCli, AddWithoutAGameIsAUsageError) {
  const KbotRun r = Kbot("context add x --path data");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "kbot: usage: --game is required (see kbot --help)\n");
}

TEST_F(ContextCli, RemoveForgetsAContext) {
  ASSERT_EQ(Kbot("context add ta1 --game ta --path data").status, 0);
  ASSERT_EQ(Kbot("context add g --game gta --path data").status, 0);
  const KbotRun r = Kbot("context remove ta1");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "removed context \"ta1\" from " + registry_.string() + "\n");
  EXPECT_EQ(json::parse(ReadFile(registry_)),
            json::parse(R"({"contexts": [{"name": "g", "game": "gta", "path": ")" +
                        (dir_ / "data").string() + "\"}]}"));
  ASSERT_EQ(Kbot("context remove g").status, 0);
  EXPECT_EQ(json::parse(ReadFile(registry_)), json::parse(R"({"contexts": []})"));
  const KbotRun list = Kbot("context list --json");  // empty again: the demo
  ASSERT_EQ(list.status, 0) << list.err;
  EXPECT_EQ(json::parse(list.out), DemoJson());
}

TEST_F(ContextCli, RemoveOfAnUnknownNameFails) {
  KbotRun r = Kbot("context remove nope");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: context remove: no context \"nope\" in " + registry_.string() +
                       " (known: none)\n");
  ASSERT_EQ(Kbot("context add ta1 --game ta --path data").status, 0);
  r = Kbot("context remove TA1");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: context remove: no context \"TA1\" in " + registry_.string() +
                       " (known: ta1)\n");
}

TEST_F(ContextCli, CorruptRegistryIsAnErrorNamingTheFile) {
  fs::create_directories(config_);
  std::ofstream(registry_) << R"({"contexts": [{"name": "a", "game": "quake", "path": "/x"}]})";
  for (const char* cmd : {"list", "add b --game ta --path data", "remove a"}) {
    const KbotRun r = Kbot(std::string("context ") + cmd);
    EXPECT_EQ(r.status, 1) << cmd;
    EXPECT_NE(r.err.find(": " + registry_.string() +
                         ": contexts[0]: unknown game \"quake\" (use ta, takingdoms or gta)\n"),
              std::string::npos)
        << r.err;
  }
}

// A registered folder that is gone: listed as unavailable, with why.
TEST_F(ContextCli, ListWarnsWhenARegisteredFolderIsGone) {
  ASSERT_EQ(Kbot("context add ta1 --game ta --path data").status, 0);
  fs::remove_all(dir_ / "data");
  const KbotRun r = Kbot("context list");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("warning: context ta1 is unavailable: " + (dir_ / "data").string() +
                       ": no such folder\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(Kbot("context remove ta1").status, 0);  // and it can still be removed
}

}  // namespace
}  // namespace kbot
