// The contexts one run serves, the built-in one a factory makes, and the
// context_list JSON (of the demo context: tests/demo/demo_context_test.cc).
#include "contexts/workspace.h"

#include <gtest/gtest.h>

#include <map>

#include "formats/hpi/hpi_writer.h"
#include "tools/context_list_tool.h"
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

TEST_F(WorkspaceTest, NoSpecsServesWhatTheFactoryMakes) {
  const BuiltinFactory builtin = []() -> absl::StatusOr<Context> {
    return Context{"made", Game::kTaKingdoms, "", true,
                   MakeMemoryVfs({{"a.gaf", {'a'}}}, "built-in")};
  };
  absl::StatusOr<Workspace> ws = Workspace::Open({}, builtin);
  ASSERT_TRUE(ws.ok()) << ws.status();
  ASSERT_EQ(ws->contexts().size(), 1u);
  EXPECT_EQ(ws->contexts()[0].name, "made");
  EXPECT_TRUE(ws->contexts()[0].builtin);
  absl::StatusOr<const Context*> found = ws->Find(std::nullopt);
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(*found, &ws->contexts()[0]);
  // Specs given: the factory is not called.
  ws = Workspace::Open({{"a", Game::kTa, D("one")}}, builtin);
  ASSERT_TRUE(ws.ok()) << ws.status();
  ASSERT_EQ(ws->contexts().size(), 1u);
  EXPECT_EQ(ws->contexts()[0].name, "a");
}

TEST_F(WorkspaceTest, NoSpecsAndNoFactoryServesNothing) {
  absl::StatusOr<Workspace> ws = Workspace::Open({});
  ASSERT_TRUE(ws.ok()) << ws.status();
  EXPECT_TRUE(ws->contexts().empty());
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

// A missing folder makes an unavailable context, not a failed start: its
// lookups and reads say why, the other contexts work.
TEST_F(WorkspaceTest, AMissingFolderIsAnUnavailableContext) {
  absl::StatusOr<Workspace> ws =
      Workspace::Open({{"a", Game::kTa, D("one")}, {"gone", Game::kTa, D("nope")}});
  ASSERT_TRUE(ws.ok()) << ws.status();
  const Context& gone = ws->contexts()[1];
  EXPECT_EQ(gone.unavailable, D("nope") + ": no such folder");
  const std::string why = "context \"gone\" is unavailable: " + D("nope") + ": no such folder";
  EXPECT_EQ(ws->Find("gone").status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(ws->Find("gone").status().message(), why);
  EXPECT_EQ(gone.vfs->Read("x").status().message(), why);
  EXPECT_EQ(gone.vfs->List().status().message(), why);
  EXPECT_TRUE(gone.vfs->Sources().empty());
  EXPECT_TRUE(ws->Find("a").ok());
  const json listed = tools::ContextListJson(*ws)["contexts"][1];
  EXPECT_EQ(listed["available"], false);
  EXPECT_EQ(listed["error"], D("nope") + ": no such folder");
  EXPECT_EQ(listed["files"], nullptr);
}

TEST_F(WorkspaceTest, ProblemsAreSaidWhereContextsAreLookedUp) {
  absl::StatusOr<Workspace> ws =
      Workspace::Open({{"a", Game::kTa, D("one")}}, nullptr, {"contexts.json: not JSON"});
  ASSERT_TRUE(ws.ok());
  EXPECT_EQ(ws->Find("b").status().message(),
            "no context \"b\" (known: a; contexts.json: not JSON)");
  EXPECT_EQ(tools::ContextListJson(*ws)["problems"], json::array({"contexts.json: not JSON"}));
  absl::StatusOr<Workspace> none = Workspace::Open({}, nullptr, {"contexts.json: not JSON"});
  EXPECT_EQ(none->Find(std::nullopt).status().message(), "no context: contexts.json: not JSON");
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
                      {"files", 1},
                      {"sources", {{{"name", "folder"}, {"kind", "folder"}}}}},
                     {{"name", "gta"},
                      {"game", "gta"},
                      {"title", "Grand Theft Auto"},
                      {"path", D("two")},
                      {"builtin", false},
                      {"transparency", "game"},
                      {"files", 2},
                      {"sources", {{{"name", "folder"}, {"kind", "folder"}}}}},
                     {{"name", "k"},
                      {"game", "takingdoms"},
                      {"title", "TA: Kingdoms"},
                      {"path", D("three")},
                      {"builtin", false},
                      {"transparency", "heuristic"},
                      {"files", 1},
                      {"sources", {{{"name", "folder"}, {"kind", "folder"}}}}}}}};
  EXPECT_EQ(tools::ContextListJson(*ws), expected);
}

TEST_F(WorkspaceTest, AFolderContextServesItsArchivesAndListsThemAsSources) {
  absl::StatusOr<std::vector<uint8_t>> v1 = hpi::WriteHpi({{"units/a.fbi", {'a'}}});
  absl::StatusOr<std::vector<uint8_t>> v2 =
      hpi::WriteHpi({{"units/a.fbi", {'b'}}, {"units/b.fbi", {'b'}}}, {2});
  ASSERT_TRUE(v1.ok() && v2.ok());
  Put("one/CCDATA.CCX", std::string(v1->begin(), v1->end()));
  Put("one/totala1.hpi", std::string(v2->begin(), v2->end()));
  Put("one/bad.ufo", "not an archive");
  absl::StatusOr<Workspace> ws = Workspace::Open({{"ta", Game::kTa, D("one")}});
  ASSERT_TRUE(ws.ok());
  const Context& c = ws->contexts()[0];
  absl::StatusOr<VfsFile> a = c.vfs->Read("UNITS/A.FBI");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->bytes()[0], 'a');
  const json list = tools::ContextListJson(*ws)["contexts"][0];
  // a.gaf, the three archives, and units/a.fbi and units/b.fbi.
  EXPECT_EQ(list["files"], 6);
  EXPECT_EQ(list["sources"], json::parse(R"([
      {"name": "folder", "kind": "folder"},
      {"name": "CCDATA.CCX", "kind": "archive", "version": 1, "files": 1},
      {"name": "bad.ufo", "kind": "archive", "files": 0,
       "problem": "header at 0x0: marker 0x20746f6e is not HAPI (0x49504148): not an HPI archive"},
      {"name": "totala1.hpi", "kind": "archive", "version": 2, "files": 2}])"));
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
