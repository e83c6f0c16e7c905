// Listings filtered by a glob and returned a page at a time (vfs_list,
// hpi_list): one set of arguments and one set of result fields, so that a
// client pages every listing the same way.
//
//   arguments  pattern (a glob, contexts::GlobMatch; default **), offset
//              (matches skipped), limit (matches returned, 1..kMaxPageLimit)
//   result     pattern, total (matches), offset, entries, next_offset (the
//              offset of the next page; null on the last)
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "tools/params.h"
#include "tools/tool.h"

namespace kbot::tools {

using json = nlohmann::json;

inline constexpr size_t kDefaultPageLimit = 200;
inline constexpr size_t kMaxPageLimit = 1000;

struct PageRequest {
  std::string pattern = "**";
  size_t offset = 0;
  std::optional<size_t> limit;  // nullopt: every match (the CLI)
};

// A listing tool's request derives from PageRequest (besides ContextRequest
// or AssetRequest) and declares its page members with AddPageParams. `limit`
// stays unset unless given: the tool pages by kDefaultPageLimit
// (PageLimitOr), a command may list every match.
inline size_t PageLimitOr(const PageRequest& request, size_t fallback) {
  return request.limit.value_or(fallback);
}

// The rows of pattern, offset and limit, with the schemas of
// PageInputProperties; `examples` shows the pattern in use.
template <class Request>
RequestTable<Request>& AddPageParams(RequestTable<Request>& table, absl::string_view examples) {
  static_assert(std::is_base_of_v<PageRequest, Request>);
  return table
      .Add("pattern", &PageRequest::pattern,
           {{"type", "string"},
            {"description",
             absl::StrCat("A glob, case-insensitive: * and ? within a folder, ** across (e.g. ",
                          examples, "; default **)")}})
      .Add("offset", &PageRequest::offset,
           {{"type", "integer"}, {"minimum", 0}, {"description", "Matches to skip"}})
      .Add("limit", &PageRequest::limit,
           {{"type", "integer"},
            {"minimum", 1},
            {"maximum", kMaxPageLimit},
            {"description", absl::StrCat("Entries per page (default ", kDefaultPageLimit, ")")}});
}

// The pattern, offset and limit properties of an input schema; `examples`
// shows the pattern in use ("anims/*.gaf or **/*.pcx").
json PageInputProperties(absl::string_view examples);
// The output schema of a listing: its own `properties` (`required` of them
// always there) and the page members, with `entry` the schema of one entry.
json PagedOutputSchema(json properties, std::initializer_list<const char*> required, json entry);

// The page arguments of a call (already valid against the input schema);
// limit kDefaultPageLimit unless given.
PageRequest PageArguments(const json& arguments);

// Collects one page: offer every item in listing order.
class Pager {
 public:
  explicit Pager(PageRequest request) : request_(std::move(request)) {}

  // Counts the item at `path` when it matches the pattern, and appends
  // make_entry() when it falls on the page (only then is it built).
  template <typename MakeEntry>
  void Offer(absl::string_view path, MakeEntry make_entry) {
    if (!Matches(path)) return;
    if (total_ >= request_.offset && (!request_.limit || entries_.size() < *request_.limit)) {
      entries_.push_back(make_entry());
    }
    ++total_;
  }

  // The result's page members (see the header comment).
  json Fields() &&;

 private:
  bool Matches(absl::string_view path) const;

  PageRequest request_;
  json entries_ = json::array();
  size_t total_ = 0;
};

}  // namespace kbot::tools
