// A tool call's arguments checked against the tool's input schema in words an
// assistant can act on, with the obvious slips mended. MCP 2025-11-25 wants a
// wrong argument answered as a tool error the model reads and corrects, so
// the words matter: which argument, what was wrong, what is allowed, and the
// closest allowed value ("format 'gfi': use one of png, gif, apng, sheet; did
// you mean 'gif'?"). The MCP server, the commands (exit 2) and the explorer's
// JSON routes (HTTP 400) all say the same.
//
// Mended, and said so: a numeric string where an integer or number is wanted
// ("4"), a whole float for an integer (4.0), "true"/"false" for a boolean, a
// number where a string is wanted, and the case of an enum value or of a
// value a pattern allows in lower case ("GIF", "Game").
//
// The keywords understood are those kbot's schemas use: type (one or a list),
// enum, minimum, maximum, minLength, maxLength, pattern, anyOf, examples (as
// suggestions), properties, required, additionalProperties, items.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"

namespace kbot {

struct CheckedArguments {
  nlohmann::json arguments;            // as given, with the mended values
  std::vector<std::string> coerced;    // one line per mended value
};

// InvalidArgument with one clause per wrong argument, "; "-separated.
absl::StatusOr<CheckedArguments> CheckArguments(const nlohmann::json& schema,
                                                const nlohmann::json& arguments);

// The coercion lines as one sentence for a result's text: "Read frame '4'
// as 4." ("" when none).
std::string CoercionNote(const std::vector<std::string>& coerced);

}  // namespace kbot
