// The built-in demo context: what a workspace with no spec serves when the
// app passes its factory, its files over its archive, and its context_list JSON.
#include "demo/demo_context.h"

#include <gtest/gtest.h>

#include <map>

#include "demo/demo_assets.h"
#include "tools/context_list_tool.h"

namespace kbot::demo {
namespace {

using contexts::Context;
using contexts::Game;
using contexts::VfsEntry;
using contexts::VfsFile;
using contexts::Workspace;
using nlohmann::json;

TEST(DemoContext, AWorkspaceWithNoSpecsServesIt) {
  absl::StatusOr<Workspace> ws = Workspace::Open({}, MakeDemoContext);
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

TEST(DemoContext, ServesTheDemoAssets) {
  absl::StatusOr<Context> demo = MakeDemoContext();
  ASSERT_TRUE(demo.ok()) << demo.status();
  absl::StatusOr<std::vector<DemoAsset>> assets = MakeDemoAssets();
  ASSERT_TRUE(assets.ok());
  absl::StatusOr<std::vector<VfsEntry>> list = demo->vfs->List();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), assets->size() + 2);
  for (const DemoAsset& a : *assets) {
    absl::StatusOr<VfsFile> blob = demo->vfs->Read(a.path);
    ASSERT_TRUE(blob.ok()) << blob.status();
    EXPECT_EQ(std::vector<uint8_t>(blob->bytes().begin(), blob->bytes().end()), a.bytes);
  }
  EXPECT_EQ((*list)[0].source, "built-in");
  EXPECT_TRUE(demo->vfs->Read("ANIMS\\DEMO.GAF").ok());
  // demo.ufo's entries: two hidden by a loose file, two served from it.
  std::map<std::string, std::pair<std::string, std::vector<std::string>>> where;
  for (const VfsEntry& e : *list) where[e.path] = {e.source, e.hides};
  using Where = std::pair<std::string, std::vector<std::string>>;
  EXPECT_EQ(where["anims/cursors.gaf"], Where("built-in", {"demo.ufo"}));
  EXPECT_EQ(where["units/verflag.gaf"], Where("demo.ufo", {}));
  EXPECT_EQ(where["palettes/veruna.pcx"], Where("demo.ufo", {}));
  EXPECT_EQ(where["units/araknight.fbi"], Where("built-in", {"demo.ufo"}));
  absl::StatusOr<VfsFile> flag = demo->vfs->Read("UNITS/VERFLAG.GAF");
  ASSERT_TRUE(flag.ok()) << flag.status();
  EXPECT_EQ(flag->stat.path, "units/verflag.gaf");
}

TEST(DemoContext, ContextListJson) {
  absl::StatusOr<Workspace> ws = Workspace::Open({}, MakeDemoContext);
  ASSERT_TRUE(ws.ok());
  // The loose files, and the archive's two files that no loose file hides.
  const size_t loose = MakeDemoAssets()->size();
  EXPECT_EQ(tools::ContextListJson(*ws), json::parse(R"({"contexts": [{
      "name": "demo", "game": "takingdoms", "title": "TA: Kingdoms", "path": null,
      "builtin": true, "transparency": "heuristic", "files": )" +
                                                     std::to_string(loose + 2) + R"(,
      "sources": [{"name": "built-in", "kind": "built-in", "files": )" +
                                                     std::to_string(loose) + R"(},
                  {"name": "demo.ufo", "kind": "archive", "version": 2, "files": 4}]}]})"));
}

}  // namespace
}  // namespace kbot::demo
