// ArgumentsFromQuery: a URL query typed by a tool's input schema.
#include "tools/query_arguments.h"

#include <gtest/gtest.h>

namespace kbot::tools {
namespace {

using nlohmann::json;

const json kSchema = {
    {"type", "object"},
    {"properties",
     {{"path", {{"type", "string"}}},
      {"n", {{"type", "integer"}, {"minimum", 0}}},
      {"ratio", {{"type", "number"}}},
      {"flag", {{"type", "boolean"}}},
      {"names", {{"type", "array"}, {"items", {{"type", "string"}}}}},
      {"either", {{"anyOf", {{{"type", "string"}}, {{"type", "integer"}}}}}}}},
    {"required", {"path"}},
    {"additionalProperties", false}};

absl::StatusOr<json> Parse(const QueryParams& query, json base = json::object()) {
  absl::StatusOr<CompiledSchema> schema = CompiledSchema::Compile(kSchema);
  EXPECT_TRUE(schema.ok());
  return ArgumentsFromQuery(query, kSchema, *schema, std::move(base));
}

TEST(ArgumentsFromQuery, TypesEachValueByItsSchema) {
  absl::StatusOr<json> a = Parse({{"path", "a.gaf"},
                                  {"n", "3"},
                                  {"ratio", "0.5"},
                                  {"flag", "true"},
                                  {"names", R"(["x","y"])"},
                                  {"either", "7"}});
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(*a, (json{{"path", "a.gaf"},
                      {"n", 3},
                      {"ratio", 0.5},
                      {"flag", true},
                      {"names", {"x", "y"}},
                      {"either", "7"}}));
}

TEST(ArgumentsFromQuery, RefusesWhatTheSchemaDoesNotAllow) {
  EXPECT_EQ(Parse({{"path", "a"}, {"n", "x"}}).status().message(), "n=x: not an integer");
  EXPECT_EQ(Parse({{"path", "a"}, {"flag", "maybe"}}).status().message(),
            "flag=maybe: not true or false");
  EXPECT_EQ(Parse({{"path", "a"}, {"other", "1"}}).status().message(),
            "unknown parameter \"other\"");
  EXPECT_EQ(Parse({{"path", "a"}, {"n", "1"}, {"n", "2"}}).status().message(),
            "parameter \"n\" given twice");
  EXPECT_EQ(Parse({{"path", "b"}}, json{{"path", "a"}}).status().message(),
            "parameter \"path\" given twice");
  EXPECT_FALSE(Parse({{"n", "1"}}).ok());                   // path is required
  EXPECT_FALSE(Parse({{"path", "a"}, {"n", "-1"}}).ok());  // minimum
  EXPECT_FALSE(Parse({{"path", "a"}, {"names", "[1"}}).ok());
}

}  // namespace
}  // namespace kbot::tools
