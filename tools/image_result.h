// What the GTA1 picture tools (style_tiles, font_render, picture_export)
// share: the picture with its PNG, the members their results add for the
// delivery, and the delivery itself (tools/picture_delivery.h): inline, or a
// kbot:// link built from the request through the tool's own table
// (tools/typed_tool.h: PictureUri) plus a preview halved until it fits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "contexts/workspace.h"
#include "formats/image/picture.h"
#include "nlohmann/json.hpp"
#include "tools/picture_delivery.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

using json = nlohmann::json;

// A picture a tool drew and its PNG.
struct EncodedPicture {
  image::RgbaPicture picture;
  std::vector<uint8_t> png;
};

// `picture` with its PNG (RGBA, png_encode.h's default level).
absl::StatusOr<EncodedPicture> EncodePicture(image::RgbaPicture picture);

// What picture tools add to their structuredContent besides "bytes" (the
// PNG's size, in their own result tables): "delivery" ("inline" |
// "resource_link"), "resource_uri" (null when inline), "preview"
// ({"width", "height"} of the preview image, or null).
json ImageDeliveryProperties();

// A picture tool's output schema: its result table's `schema` with the
// delivery members, "delivery" required.
json PictureToolOutput(json schema);

// `picture` at half size (every second pixel), at least 1 x 1.
image::RgbaPicture HalvePicture(const image::RgbaPicture& picture);

// The first halving of `picture` whose PNG fits `limit` base64 characters,
// described by its {"width", "height"}; nullopt when none does.
std::optional<PicturePreview> HalvedPreview(const image::RgbaPicture& picture, size_t limit);

// The result of a picture tool: `structured` and the picture inline, or the
// link to `request` under ?export=`export_name` (named "PATH (EXPORT)") and
// a halved preview.
template <class Request>
ToolResult DeliverToolPicture(const contexts::Context& context, const char* export_name,
                              const RequestTable<Request>& table, const Request& request,
                              json structured, const EncodedPicture& image, size_t limit) {
  return DeliverPicture(
      std::move(structured), image.png, "image/png", limit,
      [&] {
        return PictureLink{PictureUri(context, export_name, table, request),
                           absl::StrCat(request.path, " (", export_name, ")"),
                           absl::StrCat("picture (", image.picture.width, " x ",
                                        image.picture.height, ")")};
      },
      [&] { return HalvedPreview(image.picture, limit); });
}

}  // namespace kbot::tools
