// kbot:// resource URIs: kbot://CONTEXT/PATH names a file of a context;
// a query (kbot://demo/anims/demo.gaf?export=apng&sequence=0) names a
// rendering of it, which resources/read produces again on demand, so a large
// export never has to be kept in memory.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace kbot::tools {

inline constexpr const char* kResourceTemplate = "kbot://{context}/{+path}";

using QueryParams = std::vector<std::pair<std::string, std::string>>;

struct ResourceUri {
  std::string context;
  std::string path;   // decoded, as the context's VFS spells it
  QueryParams query;  // decoded, in order
};

// Percent-encodes everything but RFC 3986 unreserved characters and '/'.
std::string MakeResourceUri(absl::string_view context, absl::string_view path,
                            const QueryParams& query = {});
// InvalidArgument for anything that is not kbot://CONTEXT/PATH[?QUERY] with
// valid percent escapes.
absl::StatusOr<ResourceUri> ParseResourceUri(absl::string_view uri);

// The MIME type a file is served with, by its extension.
std::string MimeTypeFor(absl::string_view path);

}  // namespace kbot::tools
