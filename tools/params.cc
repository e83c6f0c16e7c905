#include "tools/params.h"

namespace kbot::tools {

json IntegerParam(int64_t minimum, int64_t maximum, const std::string& description) {
  return {{"type", "integer"},
          {"minimum", minimum},
          {"maximum", maximum},
          {"description", description}};
}

json StringParam(const std::string& description) {
  return {{"type", "string"}, {"description", description}};
}

json EnumParam(const std::vector<std::string>& values, const std::string& description) {
  return {{"type", "string"}, {"enum", values}, {"description", description}};
}

json BooleanParam(const std::string& description) {
  return {{"type", "boolean"}, {"description", description}};
}

}  // namespace kbot::tools
