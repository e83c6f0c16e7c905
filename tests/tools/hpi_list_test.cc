// The hpi_list tool called directly, without a transport: exact entries,
// sizes and compression names of byte-built archives, the glob filter, the
// pages, and malformed archives as isError results naming the archive.
#include "tools/hpi_list_tool.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "formats/hpi/hpi_writer.h"
#include "base/json_schema.h"
#include "tools/catalog.h"
#include "tests/support/hpi_bytes.h"

namespace kbot::tools {
namespace {

using testing::BytesOf;

// A context over files in memory.
contexts::Context MemoryContext(std::vector<contexts::MemoryFile> files) {
  return contexts::Context{"t", contexts::Game::kTa, "", true,
                           contexts::MakeMemoryVfs(std::move(files), "test")};
}

// Version 1, stored: "Units/ArmCom.fbi" (10 bytes), "anims/a.gaf" (3),
// "readme.txt" (0), laid out by hand.
std::vector<uint8_t> StoredV1() {
  return testing::FlatHpiV1({{"Units/ArmCom.fbi", BytesOf("0123456789")},
                             {"readme.txt", {}},
                             {"anims/a.gaf", BytesOf("abc")}});
}

// Runs hpi_list as the server would: arguments checked against the input
// schema, the result against the output schema.
tools::ToolResult Call(const contexts::Context& context, const json& arguments) {
  const tools::Tool tool = HpiListTool();
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  EXPECT_TRUE(in.ok()) << in.status();
  EXPECT_TRUE(in->Validate(arguments).ok()) << in->Validate(arguments) << arguments.dump();
  tools::ToolResult result = RunHpiList(context, HpiListTable().Parse(arguments));
  if (!result.error) {
    absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
    EXPECT_TRUE(out.ok()) << out.status();
    EXPECT_TRUE(out->Validate(result.structured).ok())
        << out->Validate(result.structured) << result.structured.dump(2);
  }
  return result;
}

TEST(HpiList, ListsEveryEntryAsTheContractSays) {
  const contexts::Context ctx = MemoryContext({{"data/totala1.hpi", StoredV1()}});
  const tools::ToolResult r = Call(ctx, {{"path", "DATA\\TotalA1.HPI"}});
  ASSERT_FALSE(r.error) << *r.error;
  const json expected = json::parse(R"({
    "path": "data/totala1.hpi", "version": 1, "encrypted": false, "pattern": "**",
    "total": 3, "offset": 0, "next_offset": null,
    "entries": [
      {"path": "anims/a.gaf", "size": 3, "compressed_size": 3, "compression": "none"},
      {"path": "readme.txt", "size": 0, "compressed_size": 0, "compression": "none"},
      {"path": "Units/ArmCom.fbi", "size": 10, "compressed_size": 10, "compression": "none"}]})");
  EXPECT_EQ(r.structured, expected) << r.structured.dump(2);
}

TEST(HpiList, Version2ZlibSizesAreTheChunks) {
  const std::vector<uint8_t> text = BytesOf(std::string(300, 'k') + "tail");
  absl::StatusOr<std::vector<uint8_t>> archive =
      hpi::WriteHpi({{"gamedata/sides.tdf", text}, {"empty", {}}}, {2, hpi::Compression::kZlib});
  ASSERT_TRUE(archive.ok()) << archive.status();
  const contexts::Context ctx = MemoryContext({{"kingdoms.hpi", *archive}});
  const tools::ToolResult r = Call(ctx, {{"path", "kingdoms.hpi"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["version"], 2);
  // One SQSH chunk: its 19-byte header and the zlib stream (docs/formats/hpi.md).
  const uint32_t chunk = uint32_t(19 + testing::ZlibStream(text).size());
  EXPECT_EQ(r.structured["entries"], json::parse(R"([
      {"path": "empty", "size": 0, "compressed_size": 0, "compression": "none"},
      {"path": "gamedata/sides.tdf", "size": 304, "compressed_size": )" +
                                                 std::to_string(chunk) +
                                                 R"(, "compression": "zlib"}])"));
}

TEST(HpiList, Version1Lz77CountsTheChunkTable) {
  const std::vector<uint8_t> data = BytesOf("abcabcabcabcabcabc");
  absl::StatusOr<std::vector<uint8_t>> archive =
      hpi::WriteHpi({{"a.txt", data}}, {1, hpi::Compression::kLz77});
  ASSERT_TRUE(archive.ok()) << archive.status();
  const contexts::Context ctx = MemoryContext({{"a.hpi", *archive}});
  const tools::ToolResult r = Call(ctx, {{"path", "a.hpi"}});
  ASSERT_FALSE(r.error) << *r.error;
  const json& e = r.structured["entries"][0];
  EXPECT_EQ(e["compression"], "lz77");
  EXPECT_EQ(e["size"], 18);
  // One u32 chunk size, then the chunk: the whole tail of the file after the
  // directory (DirectorySize, header offset 8).
  const uint32_t directory_end = (*archive)[8] | (*archive)[9] << 8 | (*archive)[10] << 16;
  EXPECT_EQ(e["compressed_size"], archive->size() - directory_end);
}

TEST(HpiList, AnUnknownCompressionByteIsListedAsUnknown) {
  std::vector<uint8_t> bytes =
      testing::FlatHpiV1({{"good.txt", BytesOf("good")}, {"weird.bin", BytesOf("weird")}});
  // Root entry 1 (at 28 + 9) points at its file record; +8 is its compression.
  const size_t record = bytes[37 + 4] | bytes[37 + 5] << 8;
  bytes[record + 8] = 7;
  const contexts::Context ctx = MemoryContext({{"w.hpi", bytes}});
  const tools::ToolResult r = Call(ctx, {{"path", "w.hpi"}});
  ASSERT_FALSE(r.error) << *r.error;
  ASSERT_EQ(r.structured["entries"].size(), 2u);
  EXPECT_EQ(r.structured["entries"][0]["compression"], "none");
  EXPECT_EQ(r.structured["entries"][1]["path"], "weird.bin");
  EXPECT_EQ(r.structured["entries"][1]["compression"], "unknown");
}

TEST(HpiList, GlobFilterIsCaseInsensitiveAndSpansFolders) {
  const contexts::Context ctx = MemoryContext({{"a.hpi", StoredV1()}});
  tools::ToolResult r = Call(ctx, {{"path", "a.hpi"}, {"pattern", "units/*"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["total"], 1);
  ASSERT_EQ(r.structured["entries"].size(), 1u);
  EXPECT_EQ(r.structured["entries"][0]["path"], "Units/ArmCom.fbi");
  EXPECT_EQ(r.structured["pattern"], "units/*");

  r = Call(ctx, {{"path", "a.hpi"}, {"pattern", "**/*.GAF"}});
  ASSERT_EQ(r.structured["entries"].size(), 1u);
  EXPECT_EQ(r.structured["entries"][0]["path"], "anims/a.gaf");

  r = Call(ctx, {{"path", "a.hpi"}, {"pattern", "*.fbi"}});
  EXPECT_EQ(r.structured["total"], 0) << "* stays inside one folder";
  EXPECT_EQ(r.structured["entries"], json::array());
  EXPECT_EQ(r.structured["next_offset"], nullptr);
}

TEST(HpiList, PagesLikeVfsList) {
  const contexts::Context ctx = MemoryContext({{"a.hpi", StoredV1()}});
  tools::ToolResult r = Call(ctx, {{"path", "a.hpi"}, {"limit", 2}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["total"], 3);
  EXPECT_EQ(r.structured["offset"], 0);
  EXPECT_EQ(r.structured["next_offset"], 2);
  ASSERT_EQ(r.structured["entries"].size(), 2u);
  EXPECT_EQ(r.structured["entries"][1]["path"], "readme.txt");

  r = Call(ctx, {{"path", "a.hpi"}, {"limit", 2}, {"offset", 2}});
  EXPECT_EQ(r.structured["offset"], 2);
  EXPECT_EQ(r.structured["next_offset"], nullptr);
  ASSERT_EQ(r.structured["entries"].size(), 1u);
  EXPECT_EQ(r.structured["entries"][0]["path"], "Units/ArmCom.fbi");

  r = Call(ctx, {{"path", "a.hpi"}, {"offset", 7}});
  EXPECT_EQ(r.structured["total"], 3);
  EXPECT_EQ(r.structured["entries"], json::array());
  EXPECT_EQ(r.structured["next_offset"], nullptr);
}

TEST(HpiList, MalformedArchivesAreErrorsNamingThem) {
  std::vector<uint8_t> unknown = StoredV1();
  unknown[6] = 7;  // version 0x00070000
  std::vector<uint8_t> cut = StoredV1();
  cut.resize(30);  // the root record's entries are gone
  const contexts::Context ctx = MemoryContext({{"maps/unknown.ufo", unknown},
                                               {"maps/cut.hpi", cut},
                                               {"maps/short.ccx", BytesOf("HAPI")},
                                               {"maps/save.hpi", BytesOf("HAPIBANK")}});
  tools::ToolResult r = Call(ctx, {{"path", "maps/unknown.ufo"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(*r.error,
            "context t: maps/unknown.ufo: header at 0x4: unknown version 0x70000 (expected "
            "0x10000 or 0x20000)");
  r = Call(ctx, {{"path", "maps/cut.hpi"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rfind("context t: maps/cut.hpi: ", 0), 0u) << *r.error;
  r = Call(ctx, {{"path", "maps/short.ccx"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(*r.error,
            "context t: maps/short.ccx: too short for an HPI header: 4 bytes, the marker and "
            "version need 8");
  r = Call(ctx, {{"path", "maps/save.hpi"}});
  ASSERT_TRUE(r.error);
  EXPECT_NE(r.error->find("maps/save.hpi"), std::string::npos) << *r.error;
  EXPECT_NE(r.error->find("saved game"), std::string::npos) << *r.error;
  r = Call(ctx, {{"path", "maps/missing.hpi"}});
  ASSERT_TRUE(r.error);
  EXPECT_NE(r.error->find("maps/missing.hpi"), std::string::npos) << *r.error;
}

TEST(HpiList, SchemaRefusesBadPagesAndUnknownArguments) {
  const tools::Tool tool = HpiListTool();
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  ASSERT_TRUE(in.ok()) << in.status();
  EXPECT_FALSE(in->Validate({{"path", "a.hpi"}, {"limit", 0}}).ok());
  EXPECT_FALSE(in->Validate({{"path", "a.hpi"}, {"limit", 1001}}).ok());
  EXPECT_FALSE(in->Validate({{"path", "a.hpi"}, {"offset", -1}}).ok());
  EXPECT_FALSE(in->Validate({{"pattern", "*"}}).ok()) << "path is required";
  EXPECT_FALSE(in->Validate({{"path", "a.hpi"}, {"glob", "*"}}).ok());
  EXPECT_TRUE(in->Validate({{"path", "a.hpi"}, {"context", "t"}, {"pattern", "*"},
                            {"offset", 0}, {"limit", 1000}})
                  .ok());
}

TEST(HpiList, TheRegisteredHandlerReadsFromAFolderContext) {
  bool listed = false;
  for (const tools::Tool& t : AllTools()) listed = listed || t.name == "hpi_list";
  EXPECT_TRUE(listed) << "hpi_list is in the catalog";

  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("kbot-hpi-list-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "Data");
  const std::vector<uint8_t> bytes = StoredV1();
  std::ofstream(dir / "Data" / "TotalA1.hpi", std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  absl::StatusOr<contexts::Workspace> ws =
      contexts::Workspace::Open({{"mine", contexts::Game::kTa, dir.string()}});
  ASSERT_TRUE(ws.ok()) << ws.status();
  const json arguments = {{"path", "data/totala1.hpi"}, {"pattern", "**/*.gaf"}};
  const tools::Limits limits;
  const tools::ToolCall call{arguments, *ws, NoProgress(), tools::StderrLogger(), limits};
  const tools::ToolResult r = HpiListTool().handler(call);
  fs::remove_all(dir);
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["path"], "Data/TotalA1.hpi");
  EXPECT_EQ(r.structured["entries"],
            json::parse(R"([{"path": "anims/a.gaf", "size": 3, "compressed_size": 3,
                             "compression": "none"}])"));

  const json unknown_context = {{"context", "nope"}, {"path", "a.hpi"}};
  const tools::ToolResult e =
      HpiListTool().handler({unknown_context, *ws, NoProgress(), tools::StderrLogger(), limits});
  ASSERT_TRUE(e.error);
  EXPECT_EQ(*e.error, "no context \"nope\" (known: mine)");
}

}  // namespace
}  // namespace kbot::tools
