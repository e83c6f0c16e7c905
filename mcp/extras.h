// What an MCP server may offer beside its tools: prompts (prompts/list,
// prompts/get), resources at URIs of their own, and resource templates, each
// declared as data next to its handler, like a Tool. kbot registers one
// template (its files, read through ServerHooks::read_resource); the
// conformance fixture server (tests/conformance/) registers the ones the
// official suite calls.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "nlohmann/json.hpp"

namespace kbot::mcp {

using nlohmann::json;

// Candidate values for `argument` starting with `prefix`, given the other
// arguments the client already has (completion/complete).
using Completer = std::function<std::vector<std::string>(
    absl::string_view argument, absl::string_view prefix, const json& others)>;

struct PromptArgument {
  std::string name;
  std::string title;
  std::string description;
  bool required = false;
};

struct Prompt {
  std::string name;
  std::string title;
  std::string description;
  std::vector<PromptArgument> arguments;
  // The `messages` of the prompts/get result, for `arguments` (an object of
  // strings holding every required argument; the server checks that first).
  // InvalidArgument becomes -32602.
  std::function<absl::StatusOr<json>(const json& arguments)> get;
  Completer complete;  // optional: no candidates without it
};

// A resource at a fixed URI.
struct Resource {
  std::string uri;
  std::string name;
  std::string title;
  std::string description;
  std::string mime_type;
  // The `contents` of the resources/read result (TextContents, BlobContents).
  std::function<absl::StatusOr<json>(const std::string& uri)> read;
  // Listed as the entry's `_meta` when not null (MCP Apps: `{"ui": ...}`).
  json meta;
};

// Resources whose URIs follow an RFC 6570 template. MatchUriTemplate says
// which URIs those are.
struct ResourceTemplate {
  std::string uri_template;
  std::string name;
  std::string title;
  std::string description;
  std::string mime_type;
  // The `contents` of reading `uri`, given its template variables (strings).
  // NotFound becomes -32002. Null: the template only describes URIs that
  // ServerHooks::read_resource reads.
  std::function<absl::StatusOr<json>(const std::string& uri, const json& variables)> read;
  Completer complete;  // optional: no candidates without it
};

// The variables of `uri` under `uri_template` (an object of strings), or
// nullopt when it does not match. Understands the RFC 6570 expressions a
// resource URI needs: {var}, one percent-decoded value without '/', '?' or
// '#'; and {+var}, reserved expansion, any run of characters but '?' and '#'.
std::optional<json> MatchUriTemplate(absl::string_view uri_template, absl::string_view uri);

// One entry of a resources/read `contents` array.
json TextContents(const std::string& uri, const std::string& mime_type, const std::string& text);
json BlobContents(const std::string& uri, const std::string& mime_type, absl::string_view bytes);

}  // namespace kbot::mcp
