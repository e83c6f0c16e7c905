#include "tools/paging.h"

#include "absl/strings/str_cat.h"
#include "contexts/vfs.h"
#include "tools/tool_support.h"

namespace kbot::tools {

json PageInputProperties(absl::string_view examples) {
  return {{"pattern",
           {{"type", "string"},
            {"description",
             absl::StrCat("A glob, case-insensitive: * and ? within a folder, ** across (e.g. ",
                          examples, "; default **)")}}},
          {"offset", {{"type", "integer"}, {"minimum", 0}, {"description", "Matches to skip"}}},
          {"limit",
           {{"type", "integer"},
            {"minimum", 1},
            {"maximum", kMaxPageLimit},
            {"description", absl::StrCat("Entries per page (default ", kDefaultPageLimit, ")")}}}};
}

json PagedOutputSchema(json properties, std::initializer_list<const char*> required, json entry) {
  const json count = {{"type", "integer"}, {"minimum", 0}};
  properties.update({{"pattern", {{"type", "string"}}},
                     {"total", count},
                     {"offset", count},
                     {"entries", {{"type", "array"}, {"items", std::move(entry)}}},
                     {"next_offset", {{"type", {"integer", "null"}}}}});
  json schema = OutputSchema(std::move(properties), required);
  for (const char* member : {"pattern", "total", "offset", "entries", "next_offset"}) {
    schema["required"].push_back(member);
  }
  return schema;
}

PageRequest PageArguments(const json& arguments) {
  PageRequest request;
  request.pattern = arguments.value("pattern", request.pattern);
  request.offset = arguments.value("offset", request.offset);
  request.limit = arguments.value("limit", kDefaultPageLimit);
  return request;
}

bool Pager::Matches(absl::string_view path) const {
  return contexts::GlobMatch(request_.pattern, path);
}

json Pager::Fields() && {
  const size_t next = request_.offset + entries_.size();
  return {{"pattern", request_.pattern},
          {"total", total_},
          {"offset", request_.offset},
          {"entries", std::move(entries_)},
          {"next_offset", next < total_ ? json(next) : json(nullptr)}};
}

}  // namespace kbot::tools
