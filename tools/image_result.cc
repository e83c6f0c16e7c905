#include "tools/image_result.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "formats/image/png_encode.h"
#include "tools/tool_support.h"

namespace kbot::tools {

absl::StatusOr<EncodedPicture> EncodePicture(image::RgbaPicture picture, Progress* progress) {
  image::PngOptions options;
  options.progress = progress;
  absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(picture, options);
  if (!png.ok()) return png.status();
  return EncodedPicture{std::move(picture), *std::move(png)};
}

json ImageDeliveryProperties() {
  const json count = {{"type", "integer"}, {"minimum", 0}};
  return {{"delivery", {{"type", "string"}, {"enum", {"inline", "resource_link"}}}},
          {"resource_uri", NullableString()},
          {"preview",
           {{"type", {"object", "null"}},
            {"properties", {{"width", count}, {"height", count}}},
            {"required", {"width", "height"}}}}};
}

json PictureToolOutput(json schema) {
  schema["properties"].update(ImageDeliveryProperties());
  schema["required"].push_back("delivery");
  return schema;
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

std::optional<PicturePreview> HalvedPreview(const image::RgbaPicture& picture, size_t limit) {
  image::RgbaPicture smaller = HalvePicture(picture);
  while (true) {
    absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(smaller);
    if (!png.ok()) return std::nullopt;
    if (Base64Size(png->size()) <= limit) {
      json size = {{"width", smaller.width}, {"height", smaller.height}};
      return PicturePreview{std::move(size), *std::move(png), "image/png"};
    }
    if (smaller.width == 1 && smaller.height == 1) return std::nullopt;
    smaller = HalvePicture(smaller);
  }
}

}  // namespace kbot::tools
