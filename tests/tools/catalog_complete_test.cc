// completion/complete's values for the arguments the tools declare with an
// enum or named examples: taken from the tools' own input schemas
// (tools/catalog.cc), so a value added to a tool is offered without a list
// of completion's own.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "contexts/workspace.h"
#include "tools/catalog.h"

namespace kbot::tools {
namespace {

using Values = std::vector<std::string>;

Values Complete(const std::string& argument, const std::string& prefix) {
  // No context is needed for these: the values come from the schemas.
  static const contexts::Workspace* workspace =
      new contexts::Workspace(*contexts::Workspace::Open({}));
  absl::StatusOr<Values> values = CompleteArgument(argument, prefix, json::object(), *workspace);
  EXPECT_TRUE(values.ok()) << values.status();
  return values.ok() ? *values : Values{};
}

TEST(CompleteArgument, OffersAnEnumsValuesInDeclaredOrder) {
  EXPECT_EQ(Complete("format", ""), (Values{"png", "gif", "apng", "sheet"}));
  EXPECT_EQ(Complete("format", "A"), (Values{"apng"}));  // case-insensitively
  EXPECT_EQ(Complete("direction", "b"), (Values{"bottom"}));
}

TEST(CompleteArgument, OffersNamedExamplesOfAnOpenArgument) {
  // transparency also takes an index 0-255; its names are the schema's examples.
  EXPECT_EQ(Complete("transparency", ""), (Values{"game", "heuristic", "none"}));
  EXPECT_EQ(Complete("transparency", "he"), (Values{"heuristic"}));
}

TEST(CompleteArgument, JoinsTheValuesOfToolsSharingAName) {
  // style_tiles' kind (side, lid, aux) and font_render's (text, icon, digit).
  EXPECT_EQ(Complete("kind", ""), (Values{"side", "lid", "aux", "text", "icon", "digit"}));
  EXPECT_EQ(Complete("kind", "l"), (Values{"lid"}));
}

TEST(CompleteArgument, OffersNothingForAnUnknownArgument) {
  EXPECT_EQ(Complete("colour", ""), Values{});
}

}  // namespace
}  // namespace kbot::tools
