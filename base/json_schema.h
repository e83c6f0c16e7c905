// A tool's JSON Schema, compiled once, and the check every call's arguments
// pass before the handler runs (valijson over nlohmann::json). The schemas use
// only keywords that mean the same in JSON Schema 2020-12 (what MCP declares)
// and draft 7 (what valijson implements).
#pragma once

#include <memory>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "base/argument_check.h"
#include "nlohmann/json.hpp"

namespace valijson {
class Schema;
}

namespace kbot {

class CompiledSchema {
 public:
  // InvalidArgument when `schema` is not a schema valijson can use.
  static absl::StatusOr<CompiledSchema> Compile(const nlohmann::json& schema);

  // OK, or InvalidArgument naming each failing member ("frame: ...") and why.
  absl::Status Validate(const nlohmann::json& value) const;

  // A tool call's arguments: CheckArguments (base/argument_check.h: readable
  // complaints, obvious slips mended), then Validate as the last word.
  absl::StatusOr<CheckedArguments> Check(const nlohmann::json& arguments) const;

 private:
  std::shared_ptr<const valijson::Schema> schema_;
  std::shared_ptr<const nlohmann::json> source_;
};

}  // namespace kbot
