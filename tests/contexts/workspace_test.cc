// The contexts one run serves, the demo context and the context_list JSON.
#include "contexts/workspace.h"

#include <gtest/gtest.h>

#include "contexts/demo_assets.h"
#include "mcp/tools/context_list.h"
#include "tests/contexts/test_dir.h"

namespace kbot::contexts {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class WorkspaceTest : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    Put("one/a.gaf", "1");
    Put("two/b.gaf", "2");
    Put("two/c/d.pal", "3");
    Put("three/x", "");
  }
  std::string D(const char* sub) { return (dir_ / sub).string(); }
};

TEST_F(WorkspaceTest, NoSpecsServesTheDemo) {
  absl::StatusOr<Workspace> ws = Workspace::Open({});
  ASSERT_TRUE(ws.ok()) << ws.status();
  ASSERT_EQ(ws->contexts().size(), 1u);
  const Context& demo = ws->contexts()[0];
  EXPECT_EQ(demo.name, "demo");
  EXPECT_EQ(demo.game, Game::kTaKingdoms);
  EXPECT_TRUE(demo.builtin);
  EXPECT_EQ(demo.root, "");
  absl::StatusOr<const Context*> found = ws->Find(std::nullopt);
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(*found, &demo);
}

TEST_F(WorkspaceTest, DemoContextServesTheDemoAssets) {
  absl::StatusOr<Context> demo = MakeDemoContext();
  ASSERT_TRUE(demo.ok()) << demo.status();
  absl::StatusOr<std::vector<DemoAsset>> assets = MakeDemoAssets();
  ASSERT_TRUE(assets.ok());
  absl::StatusOr<std::vector<VfsEntry>> list = demo->vfs->List();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), assets->size());
  for (const DemoAsset& a : *assets) {
    absl::StatusOr<VfsFile> blob = demo->vfs->Read(a.path);
    ASSERT_TRUE(blob.ok()) << blob.status();
    EXPECT_EQ(std::vector<uint8_t>(blob->bytes().begin(), blob->bytes().end()), a.bytes);
  }
  EXPECT_EQ((*list)[0].source, "built-in");
  EXPECT_TRUE(demo->vfs->Read("ANIMS\\DEMO.GAF").ok());
}

TEST_F(WorkspaceTest, FindsByNameOrTheOnlyOne) {
  absl::StatusOr<Workspace> ws = Workspace::Open({{"a", Game::kTa, D("one")}});
  ASSERT_TRUE(ws.ok()) << ws.status();
  EXPECT_EQ((*ws->Find(std::nullopt))->name, "a");
  EXPECT_EQ((*ws->Find("a"))->root, D("one"));
  EXPECT_EQ(ws->Find("b").status().message(), "no context \"b\" (known: a)");
}

TEST_F(WorkspaceTest, SeveralContextsNeedAName) {
  absl::StatusOr<Workspace> ws =
      Workspace::Open({{"a", Game::kTa, D("one")}, {"b", Game::kGta, D("two")}});
  ASSERT_TRUE(ws.ok()) << ws.status();
  absl::StatusOr<const Context*> none = ws->Find(std::nullopt);
  EXPECT_EQ(none.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(none.status().message(),
            "several contexts are registered (a, b): name one with `context`");
  absl::StatusOr<const Context*> x = ws->Find("x");
  EXPECT_EQ(x.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(x.status().message(), "no context \"x\" (known: a, b)");
  EXPECT_EQ((*ws->Find("b"))->game, Game::kGta);
  EXPECT_EQ(ws->Find("A").status().code(), absl::StatusCode::kNotFound);  // names are exact
  EXPECT_EQ(Workspace().Find(std::nullopt).status().message(), "no context is registered");
}

TEST_F(WorkspaceTest, ALaterSpecReplacesAnEarlierOfTheSameName) {
  absl::StatusOr<Workspace> ws = Workspace::Open(
      {{"a", Game::kTa, D("one")}, {"b", Game::kGta, D("two")}, {"a", Game::kGta, D("three")}});
  ASSERT_TRUE(ws.ok()) << ws.status();
  ASSERT_EQ(ws->contexts().size(), 2u);
  EXPECT_EQ(ws->contexts()[0].name, "a");
  EXPECT_EQ(ws->contexts()[0].root, D("three"));
  EXPECT_EQ(ws->contexts()[0].game, Game::kGta);
  EXPECT_TRUE(ws->contexts()[0].vfs->Read("x").ok());
  EXPECT_EQ(ws->contexts()[1].name, "b");
}

TEST_F(WorkspaceTest, MissingFolderNamesTheContextAndTheFolder) {
  absl::StatusOr<Workspace> ws =
      Workspace::Open({{"a", Game::kTa, D("one")}, {"gone", Game::kTa, D("nope")}});
  EXPECT_EQ(ws.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(ws.status().message(), "context \"gone\": " + D("nope") + ": no such folder");
}

TEST_F(WorkspaceTest, ContextListJsonOfTheDemo) {
  absl::StatusOr<Workspace> ws = Workspace::Open({});
  ASSERT_TRUE(ws.ok());
  const size_t files = MakeDemoAssets()->size();
  EXPECT_EQ(tools::ContextListJson(*ws), json::parse(R"({"contexts": [{
      "name": "demo", "game": "takingdoms", "title": "TA: Kingdoms", "path": null,
      "builtin": true, "transparency": "heuristic", "files": )" +
                                                     std::to_string(files) + "}]}"));
}

TEST_F(WorkspaceTest, ContextListJsonOfFolders) {
  absl::StatusOr<Workspace> ws = Workspace::Open({{"ta", Game::kTa, D("one")},
                                                  {"gta", Game::kGta, D("two")},
                                                  {"k", Game::kTaKingdoms, D("three")}});
  ASSERT_TRUE(ws.ok());
  json expected = {{"contexts",
                    {{{"name", "ta"},
                      {"game", "ta"},
                      {"title", "Total Annihilation"},
                      {"path", D("one")},
                      {"builtin", false},
                      {"transparency", "game"},
                      {"files", 1}},
                     {{"name", "gta"},
                      {"game", "gta"},
                      {"title", "Grand Theft Auto"},
                      {"path", D("two")},
                      {"builtin", false},
                      {"transparency", "game"},
                      {"files", 2}},
                     {{"name", "k"},
                      {"game", "takingdoms"},
                      {"title", "TA: Kingdoms"},
                      {"path", D("three")},
                      {"builtin", false},
                      {"transparency", "heuristic"},
                      {"files", 1}}}}};
  EXPECT_EQ(tools::ContextListJson(*ws), expected);
}

TEST_F(WorkspaceTest, ContextListJsonReportsAFolderThatWentAway) {
  absl::StatusOr<Workspace> ws = Workspace::Open({{"a", Game::kTa, D("one")}});
  ASSERT_TRUE(ws.ok());
  fs::remove_all(dir_ / "one");
  const json out = tools::ContextListJson(*ws);
  EXPECT_TRUE(out["contexts"][0]["files"].is_null());
  EXPECT_EQ(out["contexts"][0]["error"], D("one") + ": cannot list: No such file or directory");
}

}  // namespace
}  // namespace kbot::contexts
