// ToolsOf: `kbot mcp --toolsets` serves the core tools and the chosen sets.
#include <gtest/gtest.h>

#include "tools/catalog.h"

namespace kbot::tools {
namespace {

std::vector<std::string> Names(const std::vector<Tool>& tools) {
  std::vector<std::string> out;
  for (const Tool& t : tools) out.push_back(t.name);
  return out;
}

TEST(Toolsets, CoreAndTheChosenSets) {
  absl::StatusOr<std::vector<Tool>> hpi = ToolsOf({"hpi"});
  ASSERT_TRUE(hpi.ok()) << hpi.status();
  EXPECT_EQ(Names(*hpi), (std::vector<std::string>{"context_list", "asset_find", "vfs_list",
                                                   "hpi_list", "hpi_extract"}));
  absl::StatusOr<std::vector<Tool>> gaf = ToolsOf({"gaf", "palette"});
  ASSERT_TRUE(gaf.ok());
  EXPECT_EQ(Names(*gaf),
            (std::vector<std::string>{"context_list", "asset_find", "vfs_list", "gaf_list",
                                      "gaf_info", "gaf_export", "gaf_check",
                                      "palette_candidates", "palette_describe"}));
  EXPECT_EQ(ToolsOf({})->size(), AllTools().size());
}

TEST(Toolsets, EveryToolIsInOneAndUnknownOnesAreRefused) {
  for (const Tool& t : AllTools()) {
    const std::string set = ToolsetOf(t.name);
    EXPECT_TRUE(set == "core" || std::find(Toolsets().begin(), Toolsets().end(), set) !=
                                     Toolsets().end())
        << t.name;
  }
  EXPECT_EQ(ToolsOf({"gaf", "models"}).status().message(),
            "unknown toolset \"models\" (use gaf, hpi, palette, gta, tdf, units, maps)");
  // Every game's maps; asking for gta still serves them, as before TA maps came.
  for (const char* name : {"map_describe", "map_render", "map_list", "map_minimap",
                           "map_heightmap"}) {
    EXPECT_EQ(ToolsetOf(name), "maps") << name;
  }
  EXPECT_EQ(Names(*ToolsOf({"gta"})).size(), Names(*ToolsOf({"gta", "maps"})).size());
  EXPECT_EQ(ToolsetOf("tdf_parse"), "tdf");
  for (const char* name : {"unit_list", "unit_describe", "unit_compare", "weapon_list",
                           "weapon_describe", "feature_list", "feature_describe", "side_list"}) {
    EXPECT_EQ(ToolsetOf(name), "units") << name;
  }
}

}  // namespace
}  // namespace kbot::tools
