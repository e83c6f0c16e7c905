#include "tools/image_result.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "formats/image/png_encode.h"
#include "tools/query_arguments.h"
#include "base/json_schema.h"
#include "tools/tool_support.h"

namespace kbot::tools {

absl::StatusOr<ToolImage> EncodeToolImage(json structured, image::RgbaPicture picture) {
  absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(picture);
  if (!png.ok()) return png.status();
  structured["bytes"] = png->size();
  return ToolImage{std::move(structured), std::move(picture), *std::move(png)};
}

json ImageDeliveryProperties() {
  const json count = {{"type", "integer"}, {"minimum", 0}};
  return {{"bytes", count},
          {"delivery", {{"type", "string"}, {"enum", {"inline", "resource_link"}}}},
          {"resource_uri", NullableString()},
          {"preview",
           {{"type", {"object", "null"}},
            {"properties", {{"width", count}, {"height", count}}},
            {"required", {"width", "height"}}}}};
}

std::string ImageResourceUri(const contexts::Context& context, const json& arguments,
                             const std::string& kind) {
  QueryParams query = {{"export", kind}};
  for (const auto& [key, value] : arguments.items()) {
    if (key == "context" || key == "path") continue;
    query.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
  }
  return MakeResourceUri(context.name, arguments.value("path", ""), query);
}

image::RgbaPicture HalvePicture(const image::RgbaPicture& picture) {
  image::RgbaPicture half(std::max(1, picture.width / 2), std::max(1, picture.height / 2));
  for (int y = 0; y < half.height; ++y) {
    for (int x = 0; x < half.width; ++x) {
      const size_t from = (size_t(y) * 2 * size_t(picture.width) + size_t(x) * 2) * 4;
      std::memcpy(&half.rgba[(size_t(y) * size_t(half.width) + size_t(x)) * 4],
                  &picture.rgba[from], 4);
    }
  }
  return half;
}

namespace {

// The first halving of `picture` whose PNG fits `limit` base64 characters.
absl::StatusOr<ToolImage> Preview(const image::RgbaPicture& picture, size_t limit) {
  image::RgbaPicture smaller = HalvePicture(picture);
  while (true) {
    absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(smaller);
    if (!png.ok()) return png.status();
    if (Base64Size(png->size()) <= limit) {
      json size = {{"width", smaller.width}, {"height", smaller.height}};
      return ToolImage{std::move(size), std::move(smaller), *std::move(png)};
    }
    if (smaller.width == 1 && smaller.height == 1) {
      return absl::ResourceExhaustedError("no preview fits the inline limit");
    }
    smaller = HalvePicture(smaller);
  }
}

}  // namespace

ToolResult ImageToolResult(absl::StatusOr<ToolImage> image, const contexts::Context& context,
                                const json& arguments, const std::string& kind,
                                const Limits& limits) {
  if (!image.ok()) return ErrorResult(image.status());
  ToolResult result;
  result.structured = std::move(image->structured);
  result.structured["resource_uri"] = nullptr;
  result.structured["preview"] = nullptr;
  if (Base64Size(image->png.size()) <= limits.max_inline_image_base64) {
    result.structured["delivery"] = "inline";
    result.content.push_back(ImageBlock(image->png, "image/png"));
    return result;
  }
  const std::string uri = ImageResourceUri(context, arguments, kind);
  result.structured["delivery"] = "resource_link";
  result.structured["resource_uri"] = uri;
  result.content.push_back(PictureLinkBlock(
      uri, absl::StrCat(arguments.value("path", ""), " (", kind, ")"), "image/png",
      image->png.size(),
      absl::StrCat("picture (", image->picture.width, " x ", image->picture.height, ")"),
      limits.max_inline_image_base64));
  absl::StatusOr<ToolImage> preview = Preview(image->picture, limits.max_inline_image_base64);
  if (preview.ok()) {
    result.structured["preview"] = std::move(preview->structured);
    result.content.push_back(ImageBlock(preview->png, "image/png"));
  }
  return result;
}

absl::StatusOr<json> ArgumentsFromQuery(const ResourceUri& uri, const json& input_schema) {
  QueryParams query;
  for (const auto& [key, value] : uri.query) {
    if (key == "export") continue;
    if (key == "path" || key == "context" || !input_schema.at("properties").contains(key)) {
      return absl::InvalidArgumentError(absl::StrCat("the query's ", key, " is not an argument"));
    }
    query.emplace_back(key, value);
  }
  absl::StatusOr<CompiledSchema> schema = CompiledSchema::Compile(input_schema);
  if (!schema.ok()) return schema.status();
  return ArgumentsFromQuery(query, input_schema, *schema, json{{"path", uri.path}});
}

absl::StatusOr<ResourceBytes> RenderImageResource(const contexts::Context& context,
                                                       const ResourceUri& uri,
                                                       const json& input_schema,
                                                       const DrawImage& draw) {
  absl::StatusOr<json> arguments = ArgumentsFromQuery(uri, input_schema);
  if (!arguments.ok()) return arguments.status();
  absl::StatusOr<ToolImage> image = draw(context, *arguments);
  if (!image.ok()) return image.status();
  return ResourceBytes{std::move(image->png), "image/png"};
}

}  // namespace kbot::tools
