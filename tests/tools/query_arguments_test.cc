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
  // The words of a tools/call's argument check (base/argument_check.h).
  EXPECT_EQ(Parse({{"path", "a"}, {"n", "x"}}).status().message(),
            "n 'x': use an integer 0 or more");
  EXPECT_EQ(Parse({{"path", "a"}, {"flag", "maybe"}}).status().message(),
            "flag 'maybe': use true or false");
  EXPECT_EQ(Parse({{"path", "a"}, {"nn", "1"}}).status().message(),
            "unknown argument 'nn' (the arguments are either, flag, n, names, path, ratio); "
            "did you mean 'n'?");
  EXPECT_EQ(Parse({{"path", "a"}, {"n", "1"}, {"n", "2"}}).status().message(),
            "parameter \"n\" given twice");
  EXPECT_EQ(Parse({{"path", "b"}}, json{{"path", "a"}}).status().message(),
            "parameter \"path\" given twice");
  EXPECT_EQ(Parse({{"n", "1"}}).status().message(), "missing argument 'path'");
  EXPECT_EQ(Parse({{"path", "a"}, {"n", "-1"}}).status().message(),
            "n -1: use an integer 0 or more; the closest is 0");
  EXPECT_EQ(Parse({{"path", "a"}, {"names", "[1"}}).status().message(),
            "names '[1': use an array");
}

}  // namespace
}  // namespace kbot::tools
