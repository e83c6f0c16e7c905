#include "tools/picture_delivery.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "tools/tool_support.h"

namespace kbot::tools {

std::string WhyNotInline(int width, int height, size_t bytes, const Limits& limits) {
  const int side = std::max(width, height);
  if (side > limits.max_inline_image_side) {
    return absl::StrCat(width, " x ", height, " px: over ", limits.max_inline_image_side,
                        " px a side");
  }
  if (bytes > limits.max_inline_image_bytes) {
    return absl::StrCat("over the inline cap of ", limits.max_inline_image_bytes, " bytes");
  }
  if (Base64Size(bytes) > limits.max_inline_image_base64) {
    return absl::StrCat("over the inline limit of ", limits.max_inline_image_base64,
                        " base64 characters");
  }
  return "";
}

PictureSize FitSide(int width, int height, const Limits& limits) {
  const int side = std::max(width, height), cap = std::max(1, limits.max_inline_image_side);
  if (side <= cap) return {width, height};
  // Rounded down, so the long side is exactly the cap and neither side is 0.
  return {std::max(1, int(int64_t(width) * cap / side)),
          std::max(1, int(int64_t(height) * cap / side))};
}

namespace {

std::string Drawn(const DeliveredPicture& p) {
  return absl::StrCat(p.subject, ": ", p.width, " x ", p.height, " px",
                      p.scale.empty() ? "" : " ", p.scale);
}

std::string LinkCaption(const DeliveredPicture& p, const std::string& why,
                        const std::string& uri, const json* preview, const std::string& note) {
  std::string text = absl::StrCat(Drawn(p), " (", p.format, ", ", p.bytes.size(),
                                  " bytes): too big to inline (", why, "), read ", uri);
  if (preview == nullptr) return absl::StrCat(text, "; no preview fits");
  return absl::StrCat(text, "; the preview is ", (*preview)["width"].get<int>(), " x ",
                      (*preview)["height"].get<int>(), note.empty() ? "" : " (", note,
                      note.empty() ? "" : ")");
}

json TextBlock(std::string text) { return {{"type", "text"}, {"text", std::move(text)}}; }

}  // namespace

std::string InlineCaption(const DeliveredPicture& p) {
  return absl::StrCat(Drawn(p), " (", p.format, ", inline)");
}

ToolResult DeliverPicture(json structured, const DeliveredPicture& picture,
                          const Limits& limits, const std::function<PictureLink()>& link,
                          const std::function<std::optional<PicturePreview>()>& preview) {
  ToolResult result;
  result.structured = std::move(structured);
  result.structured["resource_uri"] = nullptr;
  result.structured["preview"] = nullptr;
  const std::string why =
      WhyNotInline(picture.width, picture.height, picture.bytes.size(), limits);
  if (why.empty()) {
    result.structured["delivery"] = "inline";
    result.content.push_back(TextBlock(InlineCaption(picture)));
    result.content.push_back(ImageBlock(picture.bytes, picture.mime_type));
    return result;
  }
  const PictureLink to = link();
  result.structured["delivery"] = "resource_link";
  result.structured["resource_uri"] = to.uri;
  std::optional<PicturePreview> smaller = preview();
  if (smaller && !WhyNotInline(smaller->description["width"].get<int>(),
                               smaller->description["height"].get<int>(),
                               smaller->bytes.size(), limits)
                      .empty()) {
    smaller.reset();  // a preview is never bigger than the caps
  }
  result.content.push_back(TextBlock(LinkCaption(
      picture, why, to.uri, smaller ? &smaller->description : nullptr,
      smaller ? smaller->note : "")));
  result.content.push_back(
      PictureLinkBlock(to.uri, to.name, picture.mime_type, picture.bytes.size(), to.what, why));
  if (smaller) {
    result.structured["preview"] = smaller->description;
    result.content.push_back(ImageBlock(smaller->bytes, smaller->mime_type));
  }
  return result;
}

}  // namespace kbot::tools
