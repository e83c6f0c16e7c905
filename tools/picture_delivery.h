// How a picture tool hands back its picture: inline as an MCP `image` block
// when its base64 fits the limit; otherwise a resource_link whose kbot:// URI
// draws the same picture again (tools/typed_tool.h: PictureUri), plus a
// smaller preview when one fits, so the assistant still sees something.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "tools/tool.h"

namespace kbot::tools {

// A smaller picture: its description in "preview" ({"width", "height", ...})
// and its encoded bytes.
struct PicturePreview {
  json description;
  std::vector<uint8_t> bytes;
  std::string mime_type;
};

// The link of a picture too large to inline.
struct PictureLink {
  std::string uri;
  std::string name;  // the resource_link's name: "PATH (KIND)"
  std::string what;  // the message's subject: "the whole WHAT, N bytes: ..."
};

// `structured` with "delivery", "resource_uri" and "preview" set, and the
// content blocks: the picture itself, or the link and the first preview
// `preview` makes that fits (it returns nullopt when none does).
ToolResult DeliverPicture(json structured, const std::vector<uint8_t>& bytes,
                          const std::string& mime_type, size_t inline_limit,
                          const std::function<PictureLink()>& link,
                          const std::function<std::optional<PicturePreview>()>& preview);

}  // namespace kbot::tools
