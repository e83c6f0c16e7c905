// CheckArguments (base/argument_check.h): the words a wrong argument gets,
// the slips it mends, and the near-name suggestions behind "did you mean".
#include "base/argument_check.h"

#include <gtest/gtest.h>

#include "base/near_names.h"

namespace kbot {
namespace {

using nlohmann::json;

// gaf_export's parameters, typed here by hand.
const json kSchema = json::parse(R"({
  "type": "object",
  "properties": {
    "path": {"type": "string", "minLength": 1, "description": "The .gaf file"},
    "frame": {"type": "integer", "minimum": 0},
    "scale": {"type": "integer", "minimum": 1, "maximum": 8},
    "format": {"type": "string", "enum": ["png", "gif", "apng", "sheet"]},
    "flag": {"type": "boolean"},
    "ratio": {"type": "number"},
    "text": {"type": "string"},
    "kinds": {"type": "array", "items": {"type": "string", "enum": ["gaf", "hpi"]}},
    "sequence": {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]},
    "transparency": {
      "anyOf": [{"type": "string", "pattern": "^(game|heuristic|none|[0-9]{1,3})$"},
                {"type": "integer", "minimum": 0, "maximum": 255}],
      "description": "game, heuristic, none, or an index 0-255",
      "examples": ["game", "heuristic", "none"]}
  },
  "required": ["path"],
  "additionalProperties": false
})");

std::string Complaint(const json& arguments) {
  absl::StatusOr<CheckedArguments> checked = CheckArguments(kSchema, arguments);
  EXPECT_FALSE(checked.ok()) << arguments.dump();
  return checked.ok() ? "" : std::string(checked.status().message());
}

TEST(CheckArguments, PassesGoodArgumentsUntouched) {
  const json good = {{"path", "a.gaf"}, {"frame", 0}, {"scale", 8}, {"format", "sheet"},
                     {"sequence", 2}, {"transparency", 17}, {"kinds", {"gaf"}}};
  absl::StatusOr<CheckedArguments> checked = CheckArguments(kSchema, good);
  ASSERT_TRUE(checked.ok()) << checked.status();
  EXPECT_EQ(checked->arguments, good);
  EXPECT_TRUE(checked->coerced.empty());
  EXPECT_EQ(CoercionNote(checked->coerced), "");
}

TEST(CheckArguments, NamesTheArgumentTheAllowedValuesAndTheClosest) {
  EXPECT_EQ(Complaint({{"path", "a"}, {"format", "gfi"}}),
            "format 'gfi': use one of png, gif, apng, sheet; did you mean 'gif'?");
  EXPECT_EQ(Complaint({{"path", "a"}, {"format", "jpeg"}}),
            "format 'jpeg': use one of png, gif, apng, sheet");
  EXPECT_EQ(Complaint({{"path", "a"}, {"scale", 9}}),
            "scale 9: use an integer from 1 to 8; the closest is 8");
  EXPECT_EQ(Complaint({{"path", "a"}, {"frame", -3}}),
            "frame -3: use an integer 0 or more; the closest is 0");
  EXPECT_EQ(Complaint({{"path", "a"}, {"frame", "four"}}), "frame 'four': use an integer 0 or more");
  EXPECT_EQ(Complaint({{"path", "a"}, {"frame", 1.5}}), "frame 1.5: use an integer 0 or more");
  EXPECT_EQ(Complaint({{"path", "a"}, {"flag", "yes"}}), "flag 'yes': use true or false");
  EXPECT_EQ(Complaint({{"path", ""}}), "path '': use a non-empty string");
  EXPECT_EQ(Complaint({{"path", "a"}, {"kinds", {"gaf", "hpj"}}}),
            "kinds[1] 'hpj': use one of gaf, hpi; did you mean 'hpi'?");
  EXPECT_EQ(Complaint({{"path", "a"}, {"sequence", -1}}),
            "sequence -1: use an integer 0 or more; the closest is 0");
  EXPECT_EQ(Complaint({{"path", "a"}, {"transparency", "gaem"}}),
            "transparency 'gaem': use game, heuristic, none, or an index 0-255; "
            "did you mean 'game'?");
  EXPECT_EQ(Complaint({{"path", "a"}, {"transparency", 256}}),
            "transparency 256: use an integer from 0 to 255; the closest is 255");
}

TEST(CheckArguments, UnknownAndMissingArguments) {
  EXPECT_EQ(Complaint({{"path", "a"}, {"fram", 1}}),
            "unknown argument 'fram' (the arguments are flag, format, frame, kinds, path, "
            "ratio, scale, sequence, text, transparency); did you mean 'frame'?");
  EXPECT_EQ(Complaint({{"frame", 1}}), "missing argument 'path': The .gaf file");
  // Every problem, each once.
  EXPECT_EQ(Complaint({{"scale", 0}, {"format", "bmp"}}),
            "format 'bmp': use one of png, gif, apng, sheet; scale 0: use an integer from 1 to "
            "8; the closest is 1; missing argument 'path': The .gaf file");
  EXPECT_EQ(CheckArguments(kSchema, json::array()).status().message(),
            "the arguments []: use an object of named arguments");
}

TEST(CheckArguments, MendsTheObviousAndSaysSo) {
  absl::StatusOr<CheckedArguments> checked = CheckArguments(
      kSchema, {{"path", "a"}, {"frame", "4"}, {"scale", 2.0}, {"format", "GIF"}, {"flag", "TRUE"},
                {"ratio", "0.5"}, {"text", 12}, {"transparency", "Game"}, {"sequence", nullptr}});
  ASSERT_TRUE(checked.ok()) << checked.status();
  EXPECT_EQ(checked->arguments,
            (json{{"path", "a"}, {"frame", 4}, {"scale", 2}, {"format", "gif"}, {"flag", true},
                  {"ratio", 0.5}, {"text", "12"}, {"transparency", "game"}}));
  EXPECT_EQ(CoercionNote(checked->coerced),
            "Read flag 'TRUE' as true, format 'GIF' as 'gif', frame '4' as 4, ratio '0.5' as "
            "0.5, scale 2.0 as 2, text 12 as '12', transparency 'Game' as 'game'.");
  // A string stays a sequence name; a number stays an index.
  checked = CheckArguments(kSchema, {{"path", "a"}, {"sequence", "7"}});
  ASSERT_TRUE(checked.ok());
  EXPECT_EQ(checked->arguments["sequence"], "7");
}

TEST(NearNames, ClosestFirstAndOnlyNearOnes) {
  EXPECT_EQ(EditDistance("gfi", "gif"), 1u);  // one swap
  EXPECT_EQ(EditDistance("CURSOR", "cursors"), 1u);
  EXPECT_EQ(EditDistance("", "abc"), 3u);
  EXPECT_TRUE(IsNear("she", "sheet"));  // a prefix
  EXPECT_FALSE(IsNear("png", "sheet"));
  EXPECT_EQ(NearNames("cursor", {"explode", "cursors", "cursor2", "cur"}, 2),
            (std::vector<std::string>{"cursors", "cursor2"}));
  EXPECT_TRUE(NearNames("zzz", {"gif", "png"}, 3).empty());
}

}  // namespace
}  // namespace kbot
