#include "tools/image_result.h"

#include <algorithm>
#include <utility>

#include "formats/image/downscale.h"
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

std::optional<PicturePreview> AveragedPreview(const image::RgbaPicture& picture,
                                              const Limits& limits) {
  PictureSize size = FitSide(picture.width, picture.height, limits);
  while (true) {
    image::RgbaPicture smaller = image::AreaAverage(picture, size.width, size.height);
    absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(smaller);
    if (!png.ok()) return std::nullopt;
    if (WhyNotInline(smaller.width, smaller.height, png->size(), limits).empty()) {
      json description = {{"width", smaller.width}, {"height", smaller.height}};
      return PicturePreview{std::move(description), *std::move(png), "image/png",
                            "area-averaged"};
    }
    if (size.width == 1 && size.height == 1) return std::nullopt;
    size = {std::max(1, size.width / 2), std::max(1, size.height / 2)};
  }
}

}  // namespace kbot::tools
