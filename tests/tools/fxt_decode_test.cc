// The fxt_decode tool called directly: every record in order, one key, a
// search, pages, and malformed files as isError results naming the file.
#include "tools/fxt_decode_tool.h"

#include <gtest/gtest.h>

#include "formats/gta/fxt.h"
#include "base/json_schema.h"

namespace kbot::tools {
namespace {

// The plain text "[1001]Answer the phones\0[k]Café\0[1001]Again\0[]",
// encrypted (byte + key) from the cipher's documented starting values, or
// from `cipher`.
std::vector<uint8_t> Sample(gta::FxtCipher cipher = {}) {
  const std::string plain("[1001]Answer the phones\0[k]Caf\xc3\xa9\0[1001]Again\0[]", 47);
  return gta::EncryptFxt(Bytes(reinterpret_cast<const uint8_t*>(plain.data()), plain.size()),
                         cipher);
}

contexts::Context GtaContext(std::vector<uint8_t> fxt) {
  return contexts::Context{"gta", contexts::Game::kGta, "", true,
                           contexts::MakeMemoryVfs({{"GTADATA/ENGLISH.FXT", std::move(fxt)}},
                                                   "test")};
}

// Runs the handler as the server would: arguments checked against the input
// schema, the result against the output schema.
tools::ToolResult Call(const std::vector<uint8_t>& fxt, const json& arguments) {
  const tools::Tool tool = FxtDecodeTool();
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  EXPECT_TRUE(in.ok() && in->Validate(arguments).ok()) << arguments.dump();
  absl::StatusOr<FxtDecodeRequest> request = FxtDecodeTable().ParseChecked(arguments);
  if (!request.ok()) return ErrorResult(request.status());
  tools::ToolResult result = RunFxtDecode(GtaContext(fxt), *request);
  if (!result.error) {
    absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
    EXPECT_TRUE(out.ok() && out->Validate(result.structured).ok()) << result.structured.dump(2);
  }
  return result;
}

TEST(FxtDecode, EveryRecordInFileOrderWithRepeatedKeys) {
  const tools::ToolResult r = Call(Sample(), {{"path", "gtadata\\english.fxt"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured, json::parse(R"({
    "path": "GTADATA/ENGLISH.FXT", "total": 3, "offset": 0, "next_offset": null,
    "records": 3, "warnings": [], "cipher": {"k": 100, "m": 99},
    "entries": [{"index": 0, "key": "1001", "text": "Answer the phones"},
                {"index": 1, "key": "k", "text": "Caf\u00e9"},
                {"index": 2, "key": "1001", "text": "Again"}]})"));
}

TEST(FxtDecode, OneKeyOrASearchIgnoringCase) {
  const tools::ToolResult key = Call(Sample(), {{"path", "GTADATA/ENGLISH.FXT"}, {"key", "1001"}});
  ASSERT_FALSE(key.error);
  EXPECT_EQ(key.structured["total"], 2);
  EXPECT_EQ(key.structured["entries"][1]["index"], 2);
  EXPECT_EQ(Call(Sample(), {{"path", "GTADATA/ENGLISH.FXT"}, {"key", "100"}}).structured["total"], 0);
  const tools::ToolResult search =
      Call(Sample(), {{"path", "GTADATA/ENGLISH.FXT"}, {"search", "AGAIN"}});
  ASSERT_FALSE(search.error);
  ASSERT_EQ(search.structured["entries"].size(), 1u);
  EXPECT_EQ(search.structured["entries"][0]["text"], "Again");
  const tools::ToolResult both = Call(
      Sample(), {{"path", "GTADATA/ENGLISH.FXT"}, {"key", "1001"}, {"search", "phone"}});
  EXPECT_EQ(both.structured["total"], 1);
}

// "[1001]Answer the phones\0[Tel]Le T\u00e9l\u00e9phone\0[k2]STRA\u00dfE\0[]" enciphered
// from the documented starting values.
std::vector<uint8_t> FrenchSample() {
  const std::string plain("[1001]Answer the phones\0[Tel]Le T\xc3\xa9l\xc3\xa9phone\0"
                          "[k2]STRA\xc3\x9f" "E\0[]",
                          58);
  return gta::EncryptFxt(Bytes(reinterpret_cast<const uint8_t*>(plain.data()), plain.size()));
}

// The indexes of the records a search finds.
json Found(const json& arguments) {
  json a = arguments;
  a["path"] = "GTADATA/ENGLISH.FXT";
  const tools::ToolResult r = Call(FrenchSample(), a);
  EXPECT_FALSE(r.error) << *r.error;
  json indexes = json::array();
  for (const json& e : r.structured["entries"]) indexes.push_back(e["index"]);
  EXPECT_EQ(r.structured["total"], indexes.size());
  return indexes;
}

TEST(FxtDecode, SearchIgnoresCaseAndAccents) {
  for (const char* search : {"telephone", "TELEPHONE", "t\xc3\xa9l\xc3\xa9phone",
                             "T\xc3\x89L\xc3\x89PHONE", "\xc3\xa9L\xc3\xa9P"}) {
    EXPECT_EQ(Found({{"search", search}}), json::array({1})) << search;
  }
  const tools::ToolResult r =
      Call(FrenchSample(), {{"path", "GTADATA/ENGLISH.FXT"}, {"search", "TELEPHONE"}});
  EXPECT_EQ(r.structured["entries"], json::parse(R"([{"index": 1, "key": "Tel",
      "text": "Le T\u00e9l\u00e9phone"}])"));
  EXPECT_EQ(Found({{"search", "phone"}}), json::array({0, 1}));
  EXPECT_EQ(Found({{"search", "strasse"}}), json::array({2}));
  EXPECT_EQ(Found({{"search", "telefon"}}), json::array());
}

TEST(FxtDecode, KeysMatchIgnoringCase) {
  EXPECT_EQ(Found({{"key", "tel"}}), json::array({1}));
  EXPECT_EQ(Found({{"key", "K2"}}), json::array({2}));
  EXPECT_EQ(Found({{"key", "Te"}}), json::array());
  EXPECT_EQ(Found({{"key", "TEL"}, {"search", "T\xc3\xa9l\xc3\xa9"}}), json::array({1}));
}

TEST(FxtDecode, PagesWithOffsetAndLimit) {
  const tools::ToolResult p0 = Call(Sample(), {{"path", "GTADATA/ENGLISH.FXT"}, {"limit", 2}});
  ASSERT_FALSE(p0.error);
  EXPECT_EQ(p0.structured["entries"].size(), 2u);
  EXPECT_EQ(p0.structured["next_offset"], 2);
  const tools::ToolResult p1 =
      Call(Sample(), {{"path", "GTADATA/ENGLISH.FXT"}, {"limit", 2}, {"offset", 2}});
  ASSERT_EQ(p1.structured["entries"].size(), 1u);
  EXPECT_EQ(p1.structured["entries"][0]["text"], "Again");
  EXPECT_EQ(p1.structured["next_offset"], nullptr);
}

// The starting values the file was read with: the documented 0x64, 0x63 (100,
// 99), or the ones derived from a file enciphered from others.
TEST(FxtDecode, TheCipherIsTheStartingValuesUsed) {
  const tools::ToolResult documented = Call(Sample(), {{"path", "GTADATA/ENGLISH.FXT"}});
  ASSERT_FALSE(documented.error);
  EXPECT_EQ(documented.structured["cipher"], json::parse(R"({"k": 100, "m": 99})"));
  EXPECT_TRUE(documented.structured["cipher"]["k"].is_number_unsigned());
  const tools::ToolResult derived = Call(Sample({0x5e, 0x31}), {{"path", "GTADATA/ENGLISH.FXT"}});
  ASSERT_FALSE(derived.error) << *derived.error;
  EXPECT_EQ(derived.structured["cipher"], json::parse(R"({"k": 94, "m": 49})"));
  EXPECT_EQ(derived.structured["records"], 3);
  EXPECT_EQ(derived.structured["entries"][1]["text"], "Caf\u00e9");
  EXPECT_EQ(derived.structured["warnings"], json::array());
  const tools::ToolResult even =
      Call(Sample({0x21, 0x48}), {{"path", "GTADATA/ENGLISH.FXT"}, {"key", "k"}});
  ASSERT_FALSE(even.error) << *even.error;
  EXPECT_EQ(even.structured["cipher"], json::parse(R"({"k": 33, "m": 72})"));
  // The output schema declares it: numbers 0 to 255.
  const json schema = FxtDecodeTool().output_schema["properties"]["cipher"];
  EXPECT_EQ(schema["properties"]["k"]["maximum"], 255);
  EXPECT_EQ(schema["required"], json::parse(R"(["k", "m"])"));
}

TEST(FxtDecode, AMalformedFileIsAnErrorNamingIt) {
  std::vector<uint8_t> bad = Sample();
  bad.resize(10);  // cut inside the first text: no closing NUL
  const tools::ToolResult r = Call(bad, {{"path", "GTADATA/ENGLISH.FXT"}});
  ASSERT_TRUE(r.error);
  // No starting values read a whole first record; the documented pair reads
  // the record up to where the file is cut.
  EXPECT_EQ(
      r.error->rfind("context gta: GTADATA/ENGLISH.FXT: record 0 at 0x0: no starting values", 0),
      0u)
      << *r.error;
  EXPECT_NE(r.error->find("with the documented k=0x64 m=0x63: record 0 at 0x0: [1001]: the text "
                          "has no closing NUL"),
            std::string::npos)
      << *r.error;
  const tools::ToolResult missing = Call(Sample(), {{"path", "GTADATA/FRENCH.FXT"}});
  ASSERT_TRUE(missing.error);
  EXPECT_NE(missing.error->find("GTADATA/FRENCH.FXT"), std::string::npos) << *missing.error;
}

}  // namespace
}  // namespace kbot::tools
