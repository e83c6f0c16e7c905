#include "tools/picture_delivery.h"

#include <utility>

#include "tools/tool_support.h"

namespace kbot::tools {

ToolResult DeliverPicture(json structured, const std::vector<uint8_t>& bytes,
                          const std::string& mime_type, size_t inline_limit,
                          const std::function<PictureLink()>& link,
                          const std::function<std::optional<PicturePreview>()>& preview) {
  ToolResult result;
  result.structured = std::move(structured);
  result.structured["resource_uri"] = nullptr;
  result.structured["preview"] = nullptr;
  if (Base64Size(bytes.size()) <= inline_limit) {
    result.structured["delivery"] = "inline";
    result.content.push_back(ImageBlock(bytes, mime_type));
    return result;
  }
  const PictureLink to = link();
  result.structured["delivery"] = "resource_link";
  result.structured["resource_uri"] = to.uri;
  result.content.push_back(
      PictureLinkBlock(to.uri, to.name, mime_type, bytes.size(), to.what, inline_limit));
  if (std::optional<PicturePreview> smaller = preview()) {
    result.structured["preview"] = std::move(smaller->description);
    result.content.push_back(ImageBlock(smaller->bytes, smaller->mime_type));
  }
  return result;
}

}  // namespace kbot::tools
