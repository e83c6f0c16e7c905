// How a picture tool hands back its picture. It travels inline as an MCP
// `image` block when it fits every cap (Limits: at most 1568 px on its long
// side, about 1 MB, and the --image-limit base64 limit); otherwise it is a
// resource_link whose kbot:// URI draws the same picture again
// (tools/typed_tool.h: PictureUri), plus a preview within the same caps, so
// the assistant still sees something. Before the picture goes a one-line
// caption (a text block) that says what it shows, its real size, the scale
// and how it travels (docs/json.md, "Pictures").
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
// and its encoded bytes; `note` says how it was made for the caption
// ("8 px a cell", "frame 0 at scale 1"), or is empty.
struct PicturePreview {
  json description;
  std::vector<uint8_t> bytes;
  std::string mime_type;
  std::string note;
};

// The link of a picture too large to inline.
struct PictureLink {
  std::string uri;
  std::string name;  // the resource_link's name: "PATH (KIND)"
  std::string what;  // the message's subject: "the whole WHAT, N bytes: ..."
};

// What a tool drew, as its delivery and its caption see it.
struct DeliveredPicture {
  const std::vector<uint8_t>& bytes;
  std::string mime_type;
  int width = 0, height = 0;
  std::string subject;  // what it shows: "anims/demo.gaf sequence 0 'idle' frame 2"
  std::string scale;    // how it was enlarged: "at scale 2", "at 8 px a cell", or ""
  std::string format;   // png, gif, apng
};

// Why a width x height picture of `bytes` encoded bytes may not travel
// inline under `limits` ("2048 x 2048 px: over 1568 px a side"), or "" when
// it may.
std::string WhyNotInline(int width, int height, size_t bytes, const Limits& limits);

// The largest width x height within `limits`' side cap with the picture's
// proportions (each side at least 1); the picture's own size when it fits.
struct PictureSize {
  int width = 0, height = 0;
};
PictureSize FitSide(int width, int height, const Limits& limits);

// "SUBJECT: W x H px SCALE (FORMAT, inline)".
std::string InlineCaption(const DeliveredPicture& picture);

// `structured` with "delivery", "resource_uri" and "preview" set, and the
// content blocks: the caption, then the picture itself; or the caption, the
// link and the first preview `preview` makes (nullopt: none fits; one that
// does not fit the caps is dropped).
ToolResult DeliverPicture(json structured, const DeliveredPicture& picture,
                          const Limits& limits, const std::function<PictureLink()>& link,
                          const std::function<std::optional<PicturePreview>()>& preview);

}  // namespace kbot::tools
