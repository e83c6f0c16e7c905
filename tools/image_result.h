// How an image tool hands back its picture (style_tiles, font_render,
// picture_export): inline as an MCP `image` block when its base64 fits the
// server's limit; otherwise a resource_link whose kbot:// URI draws the same
// picture again on resources/read, plus a preview halved until it fits, so the
// assistant still sees it. The URI carries the tool's own arguments, and the
// read checks them against the tool's input schema, as a call would.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "formats/image/picture.h"
#include "tools/resource_uri.h"
#include "tools/tool.h"
#include "nlohmann/json.hpp"

namespace kbot::tools {

using json = nlohmann::json;

// A picture a tool drew: its structuredContent, the picture and its PNG.
struct ToolImage {
  json structured;
  image::RgbaPicture picture;
  std::vector<uint8_t> png;
};

// `picture` with its PNG (RGBA, png_encode.h's default level).
absl::StatusOr<ToolImage> EncodeToolImage(json structured, image::RgbaPicture picture);

// Draws a tool's picture from its (valid) arguments, "path" included.
using DrawImage =
    std::function<absl::StatusOr<ToolImage>(const contexts::Context&, const json& arguments)>;

// What image tools add to their structuredContent:
//   "bytes" (the PNG's size), "delivery" ("inline" | "resource_link"),
//   "resource_uri" (null when inline), "preview" ({"width", "height"} of the
//   preview image, or null).
json ImageDeliveryProperties();

// The result of an image tool called with `arguments` in `context`. `kind`
// is the export name its resource URI carries (?export=KIND&...).
ToolResult ImageToolResult(absl::StatusOr<ToolImage> image, const contexts::Context& context,
                                const json& arguments, const std::string& kind,
                                const Limits& limits);

// kbot://CONTEXT/PATH?export=KIND&ARG=VALUE... for a call's arguments (all but
// context and path, in name order).
std::string ImageResourceUri(const contexts::Context& context, const json& arguments,
                             const std::string& kind);

// The arguments a resource URI's query carries, typed by `input_schema`
// (tools/query_arguments.h; "export" left out), "path" set to the URI's path,
// then checked against the schema. InvalidArgument names the member.
absl::StatusOr<json> ArgumentsFromQuery(const ResourceUri& uri, const json& input_schema);

// resources/read of an image tool's URI: its arguments from the query, then
// `draw`, then the PNG.
absl::StatusOr<ResourceBytes> RenderImageResource(const contexts::Context& context,
                                                       const ResourceUri& uri,
                                                       const json& input_schema,
                                                       const DrawImage& draw);

// `picture` at half size (every second pixel), at least 1 x 1.
image::RgbaPicture HalvePicture(const image::RgbaPicture& picture);

}  // namespace kbot::tools
