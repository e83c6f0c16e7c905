// A context's file parsed once while it stays unchanged: the tools that
// describe a whole file (gaf_list, map_describe, hpi_list...) and the
// explorer's routes take their parsed structure from the workspace's parse
// cache (contexts/parse_cache.h). A repeated call stats the file, finds the
// value kept for its identity and builds its answer from it; it maps and
// parses nothing. A file edited since (another time, size or inode) is read
// and parsed again.
//
// On a miss the file is read once (mapped, or read into one buffer) and
// parsed from those bytes; the value keeps only what the parse copied out.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "contexts/parse_cache.h"
#include "contexts/workspace.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

// One way of parsing a kind of file into a T.
template <class T>
struct AssetParser {
  // With T, the cache's kind: "gaf". Everything the parse depends on besides
  // the bytes and the name goes in it ("gaf_info seq=3").
  std::string how;
  std::function<absl::StatusOr<T>(const Asset&)> parse;
  // About how much memory a value holds, in bytes. Null: the file's size,
  // for a value that copies out about what it reads (a style's tiles).
  std::function<size_t(const T&)> bytes;
};

template <class T>
struct ParsedAsset {
  std::string path;   // the context's spelling of the file: the name it was parsed under
  uint64_t size = 0;  // the file's bytes
  std::shared_ptr<const T> value;
};

// What ParseContextAsset does, without the type (parsed_asset.cc).
struct ErasedParse {
  std::string kind;
  // Parses `asset` and says about how many bytes the value holds.
  std::function<absl::StatusOr<std::shared_ptr<const void>>(const Asset&, size_t& bytes)> parse;
};
struct ErasedParsed {
  std::string path;
  uint64_t size = 0;
  std::shared_ptr<const void> value;
};
absl::StatusOr<ErasedParsed> ParseErased(const contexts::Context& context,
                                         const std::string& path, const ErasedParse& parse);

// The file `path` names in `context`, parsed by `parser`, from the cache
// when it is unchanged. Errors name the context once: a file that cannot be
// read as OpenContextAsset says, a parse that fails (kept too) with the
// context's name before its message.
template <class T>
absl::StatusOr<ParsedAsset<T>> ParseContextAsset(const contexts::Context& context,
                                                 const std::string& path,
                                                 const AssetParser<T>& parser) {
  using Erased = absl::StatusOr<std::shared_ptr<const void>>;
  const ErasedParse erased{
      contexts::ParseCache::KindOf<T>(parser.how),
      [&parser](const Asset& asset, size_t& bytes) -> Erased {
        absl::StatusOr<T> parsed = parser.parse(asset);
        if (!parsed.ok()) return parsed.status();
        auto value = std::make_shared<const T>(*std::move(parsed));
        bytes = parser.bytes ? parser.bytes(*value) : asset.bytes.size();
        return std::shared_ptr<const void>(std::move(value));
      }};
  absl::StatusOr<ErasedParsed> got = ParseErased(context, path, erased);
  if (!got.ok()) return got.status();
  return ParsedAsset<T>{std::move(got->path), got->size,
                        std::static_pointer_cast<const T>(std::move(got->value))};
}

// `work(parsed)` (a StatusOr) on the file `path` names, parsed by `parser`;
// work's error gets the context's name, like WithContextAsset's.
template <class T, class Work>
auto WithParsedAsset(const contexts::Context& context, const std::string& path,
                     const AssetParser<T>& parser, Work work)
    -> decltype(work(std::declval<const ParsedAsset<T>&>())) {
  absl::StatusOr<ParsedAsset<T>> parsed = ParseContextAsset(context, path, parser);
  if (!parsed.ok()) return parsed.status();
  auto out = work(*parsed);
  if (!out.ok()) return InContext(context, out.status());
  return out;
}

// RunAssetTool for a tool whose answer is built from the parsed file:
// `describe(parsed)` returns a StatusOr of its result struct.
template <class Request, class T, class Describe>
ToolResult RunParsedAssetTool(const contexts::Context& context, const Request& request,
                              const AssetParser<T>& parser, Describe describe) {
  static_assert(std::is_base_of_v<AssetRequest, Request>);
  return StructuredResult(WithParsedAsset(context, request.path, parser, std::move(describe)));
}

// `answer()`, for a caller that takes a serialized result
// (Limits::serialized_results): the answer's JSON text is kept in the parse
// cache under the file's identity, its spelling `path` and `how` (the tool
// and every argument that shapes the answer besides the file: "gaf_info
// sequence=3"), so a repeat on an unchanged file builds and writes nothing.
// Errors are not kept here (a failed parse is, by the parse cache).
ToolResult KeptAnswer(const contexts::Context& context, const std::string& path,
                      const std::string& how, const std::function<ToolResult()>& answer);

// RunParsedAssetTool whose answer is kept (KeptAnswer, under `how`) when the
// caller takes it serialized.
template <class Request, class T, class Describe>
ToolResult RunKeptParsedAssetTool(const contexts::Context& context, const Request& request,
                                  const Limits& limits, const std::string& how,
                                  const AssetParser<T>& parser, Describe describe) {
  if (!limits.serialized_results || context.parse_cache == nullptr) {
    return RunParsedAssetTool(context, request, parser, std::move(describe));
  }
  return KeptAnswer(context, request.path, how, [&] {
    return RunParsedAssetTool(context, request, parser, std::move(describe));
  });
}

// Bytes a vector's elements take (its capacity), for AssetParser::bytes.
template <class V>
size_t VectorBytes(const V& v) {
  return v.capacity() * sizeof(typename V::value_type);
}
// A string's heap (none within the short-string buffer).
inline size_t StringBytes(const std::string& s) {
  return s.capacity() > 15 ? s.capacity() + 1 : 0;
}

}  // namespace kbot::tools
