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
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "tools/params.h"
#include "tools/result_fields.h"
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
             absl::StrCat("A glob (** across folders), e.g. ", examples)}})
      .Add("offset", &PageRequest::offset,
           {{"type", "integer"}, {"minimum", 0}, {"description", "Matches to skip"}})
      .Add("limit", &PageRequest::limit,
           {{"type", "integer"},
            {"minimum", 1},
            {"maximum", kMaxPageLimit},
            {"description", absl::StrCat("Per page (default ", kDefaultPageLimit, ")")}});
}

// One page of a listing: a listing's result derives from Page<Entry> and
// declares the page members with AddPageFields, after its own.
template <class Entry>
struct Page {
  std::string pattern;
  size_t total = 0;  // matches
  size_t offset = 0;
  std::vector<Entry> entries;
  std::optional<size_t> next_offset;  // null on the last page
};

template <class Result, class Entry>
ResultTable<Result>& AddPageFields(ResultTable<Result>& table) {
  static_assert(std::is_base_of_v<Page<Entry>, Result>);
  using P = Page<Entry>;
  const json count = {{"type", "integer"}, {"minimum", 0}};
  return table.Add("pattern", &P::pattern, {{"type", "string"}})
      .Add("total", &P::total, count)
      .Add("offset", &P::offset, count)
      .Add("entries", &P::entries, ArraySchema<Entry>())
      .Add("next_offset", &P::next_offset, {{"type", {"integer", "null"}}});
}

// Whether `path` matches a page's glob (contexts::GlobMatch).
bool PageMatches(absl::string_view pattern, absl::string_view path);

// Collects one page: offer every item in listing order.
template <class Entry>
class Pager {
 public:
  explicit Pager(PageRequest request) : request_(std::move(request)) {}

  // Counts the item at `path` when it matches the pattern, and appends
  // make_entry() when it falls on the page (only then is it built).
  template <typename MakeEntry>
  void Offer(absl::string_view path, MakeEntry make_entry) {
    if (!PageMatches(request_.pattern, path)) return;
    if (total_ >= request_.offset && (!request_.limit || entries_.size() < *request_.limit)) {
      entries_.push_back(make_entry());
    }
    ++total_;
  }

  Page<Entry> Finish() && {
    Page<Entry> page{request_.pattern, total_, request_.offset, std::move(entries_), {}};
    const size_t next = request_.offset + page.entries.size();
    if (next < total_) page.next_offset = next;
    return page;
  }

 private:
  PageRequest request_;
  std::vector<Entry> entries_;
  size_t total_ = 0;
};

}  // namespace kbot::tools
