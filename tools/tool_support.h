// What the MCP tool handlers share: schema fragments for the common
// arguments, and reading an asset out of a context named by the arguments.
#pragma once

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/tool.h"
#include "tools/gaf_tools.h"

namespace kbot::tools {

// {"type":"object","properties":...,"required":[...],"additionalProperties":false}
json InputSchema(json properties, std::initializer_list<const char*> required = {});
// Output objects list their members and which are always there; they stay
// open to members added later (docs/design.md: add fields freely).
json OutputSchema(json properties, std::initializer_list<const char*> required);

// An output schema either of two results validates against (a tool whose
// answer's shape depends on the game): every property of both, one named in
// both with two shapes taking either, required only what both require.
json EitherShape(const json& a, const json& b);

// Output schema fragments: a count (integer >= 0), any integer, any string, a boolean.
json CountSchema();
json IntegerSchema();
json StringSchema();
json BooleanSchema();

// `context`: no description, since its name says it and the instructions
// say it may be left out when there is one (every tool repeats it in every
// conversation's tools/list).
json ContextProperty();
// A file of the context described by `what` alone: the instructions say once
// that paths are inside a context, with either separator, in any case. A
// command's --help says instead that its file may be on disk
// (app/tool_options.cc: OptionHelp).
json PathProperty(const char* what);
// Whether a parameter of that name is a PathProperty: path, palette, style.
bool IsContextPath(absl::string_view param_name);
json SequenceProperty();
json StringArraySchema();
json NullableString();

// The `context` argument when given.
std::optional<std::string> ContextArgument(const json& arguments);
// A string argument given as a string or an integer ("sequence": 2 or "2").
std::optional<std::string> StringOrIndex(const json& arguments, const char* key);

// An asset read from a context: the context, the bytes (kept alive here), and
// the Asset the gaf tools take, named by its path inside the context.
struct ContextAsset {
  const contexts::Context* context = nullptr;
  contexts::Blob blob;
  Asset asset;
  contexts::FileIdentity identity;  // of the bytes read (tools/parsed_asset.h keys on it)
};
absl::StatusOr<ContextAsset> OpenContextAsset(const contexts::Workspace& workspace,
                                              const std::optional<std::string>& context,
                                              const std::string& path);
absl::StatusOr<ContextAsset> OpenContextAsset(const contexts::Context& context,
                                              const std::string& path);
// `context` and `path` from a tool's arguments.
absl::StatusOr<ContextAsset> OpenContextAsset(const ToolCall& call);

// The base64 length of `bytes` bytes: what the inline image limit counts.
size_t Base64Size(size_t bytes);
// An MCP `image` content block holding `bytes`, base64.
json ImageBlock(const std::vector<uint8_t>& bytes, const std::string& mime_type);

// A tool handler that finds the call's context (its `context` argument, or
// the only one), then runs `run`; an unknown context is the call's error.
using ContextRun =
    std::function<ToolResult(const contexts::Context& context, const ToolCall& call)>;
std::function<ToolResult(const ToolCall&)> InContextHandler(ContextRun run);

// An error about `asset`: "PATH: why".
absl::Status AssetError(const Asset& asset, absl::StatusCode code, absl::string_view why);

// An MCP `resource_link` content block to a picture too large to inline:
// "the whole WHAT, N bytes: WHY" (WHY: tools/picture_delivery.h, WhyNotInline).
json PictureLinkBlock(const std::string& uri, const std::string& name,
                      const std::string& mime_type, size_t bytes, const std::string& what,
                      const std::string& why);

// `status` with "context NAME: " before its message (as it is for a
// nameless context: a command's plain file).
absl::Status InContext(const contexts::Context& context, const absl::Status& status);

// A failed call's isError result (or, for CancelledError, no result at all).
ToolResult ErrorResult(const absl::Status& status);

}  // namespace kbot::tools
