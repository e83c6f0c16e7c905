// tools/params.h: one declaration of a request's parameters gives the input
// schema, the arguments-to-struct conversion with the struct's defaults, and
// the query a link carries.
#include "tools/params.h"

#include <gtest/gtest.h>

namespace kbot::tools {
namespace {

struct Request {
  std::optional<std::string> context;
  std::string path;
  int scale = 8;
  std::optional<int> w;
  std::string kind = "lid";
  bool flat = false;
};

const RequestTable<Request>& Table() {
  static const RequestTable<Request> table = [] {
    RequestTable<Request> t;
    t.Add("context", &Request::context, StringParam("The context"))
        .Add("path", &Request::path, StringParam("The file"), /*required=*/true)
        .Add("scale", &Request::scale, IntegerParam(1, 64, "Pixels per cell (default 8)"))
        .Add("w", &Request::w, IntegerParam(1, 256, "Columns"))
        .Add("kind", &Request::kind, EnumParam({"side", "lid"}, "Which tiles"))
        .Add("flat", &Request::flat, json{{"type", "boolean"}, {"description", "Flat"}});
    return t;
  }();
  return table;
}

TEST(RequestTable, GivesTheInputSchema) {
  const json expected = {
      {"type", "object"},
      {"additionalProperties", false},
      {"required", {"path"}},
      {"properties",
       {{"context", {{"type", "string"}, {"description", "The context"}}},
        {"path", {{"type", "string"}, {"description", "The file"}}},
        {"scale",
         {{"type", "integer"}, {"minimum", 1}, {"maximum", 64},
          {"description", "Pixels per cell (default 8)"}, {"default", 8}}},
        {"w", {{"type", "integer"}, {"minimum", 1}, {"maximum", 256}, {"description", "Columns"}}},
        {"kind", {{"type", "string"}, {"enum", {"side", "lid"}}, {"description", "Which tiles"},
          {"default", "lid"}}},
        {"flat", {{"type", "boolean"}, {"description", "Flat"}}}}}};  // off: no default said
  EXPECT_EQ(Table().InputSchema(), expected);
  ASSERT_EQ(Table().Params().size(), 6u);
  EXPECT_EQ(Table().Params()[1].name, "path");
  EXPECT_TRUE(Table().Params()[1].required);
  EXPECT_FALSE(Table().Params()[2].required);
}

TEST(RequestTable, ParsesArgumentsKeepingTheDefaults) {
  const Request bare = Table().Parse({{"path", "GTADATA/NYC.CMP"}});
  EXPECT_EQ(bare.path, "GTADATA/NYC.CMP");
  EXPECT_FALSE(bare.context.has_value());
  EXPECT_EQ(bare.scale, 8);
  EXPECT_FALSE(bare.w.has_value());
  EXPECT_EQ(bare.kind, "lid");
  EXPECT_FALSE(bare.flat);

  const Request full = Table().Parse({{"context", "gta"}, {"path", "A.CMP"}, {"scale", 2},
                                      {"w", 16}, {"kind", "side"}, {"flat", true}});
  EXPECT_EQ(full.context, "gta");
  EXPECT_EQ(full.scale, 2);
  EXPECT_EQ(full.w, 16);
  EXPECT_EQ(full.kind, "side");
  EXPECT_TRUE(full.flat);
  // A null member is as if not given; an integer given for a string is kept
  // as its digits (a sequence named by index).
  EXPECT_FALSE(Table().Parse({{"path", "A"}, {"w", nullptr}}).w.has_value());
  EXPECT_EQ(Table().Parse({{"path", 3}}).path, "3");
}

TEST(RequestTable, QueryCarriesWhatIsSetInTableOrder) {
  Request r;
  r.context = "gta";
  r.path = "A.CMP";
  r.w = 16;
  EXPECT_EQ(Table().Query(r, {"context", "path"}),
            (QueryParams{{"scale", "8"}, {"w", "16"}, {"kind", "lid"}, {"flat", "false"}}));
  EXPECT_EQ(Table().Query(r).front(), (std::pair<std::string, std::string>{"context", "gta"}));
}

}  // namespace
}  // namespace kbot::tools
