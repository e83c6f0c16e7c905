// What the GTA1 picture tools (style_tiles, font_render, picture_export)
// share: the picture with its PNG, the members their results add for the
// delivery, and the delivery itself (tools/picture_delivery.h): inline, or a
// kbot:// link built from the request through the tool's own table
// (tools/typed_tool.h: PictureUri) plus a preview averaged down to the caps.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "contexts/workspace.h"
#include "formats/image/picture.h"
#include "nlohmann/json.hpp"
#include "tools/picture_delivery.h"
#include "tools/tool.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

using json = nlohmann::json;

// A picture a tool drew and its PNG.
struct EncodedPicture {
  image::RgbaPicture picture;
  std::vector<uint8_t> png;
};

// `picture` with its PNG (RGBA, png_encode.h's default level); `progress`,
// when set, is told each row encoded.
absl::StatusOr<EncodedPicture> EncodePicture(image::RgbaPicture picture,
                                             Progress* progress = nullptr);

// What picture tools add to their structuredContent besides "bytes" (the
// PNG's size, in their own result tables): "delivery" ("inline" |
// "resource_link"), "resource_uri" (null when inline), "preview"
// ({"width", "height"} of the preview image, or null).
json ImageDeliveryProperties();

// A picture tool's output schema: its result table's `schema` with the
// delivery members, "delivery" required.
json PictureToolOutput(json schema);

// `picture` shrunk by area averaging (formats/image/downscale.h) to the
// largest size within `limits`' side cap, then halved until its PNG fits the
// byte caps too; described by its {"width", "height"}. Nullopt when even
// 1 x 1 does not fit (a limit set absurdly low).
std::optional<PicturePreview> AveragedPreview(const image::RgbaPicture& picture,
                                              const Limits& limits);

// "at scale N" when a summary has a `scale`, else "".
template <class Summary>
std::string ScaleOf(const Summary& summary) {
  if constexpr (requires { summary.scale; }) {
    return absl::StrCat("at scale ", summary.scale);
  } else {
    return "";
  }
}

// The result of a picture tool: `structured` and the picture inline, or the
// link to `request` under ?export=`export_name` (named "PATH (EXPORT)") and
// an averaged preview. `subject` and `scale` make the caption.
template <class Request>
ToolResult DeliverToolPicture(const contexts::Context& context, const char* export_name,
                              const RequestTable<Request>& table, const Request& request,
                              json structured, const EncodedPicture& image,
                              std::string subject, std::string scale, const Limits& limits) {
  return DeliverPicture(
      std::move(structured),
      {image.png, "image/png", image.picture.width, image.picture.height, std::move(subject),
       std::move(scale), "png"},
      limits,
      [&] {
        return PictureLink{PictureUri(context, export_name, table, request),
                           absl::StrCat(request.path, " (", export_name, ")"),
                           absl::StrCat("picture (", image.picture.width, " x ",
                                        image.picture.height, ")")};
      },
      [&] { return AveragedPreview(image.picture, limits); });
}

// What a GTA1 picture tool draws: its summary (a struct with a ResultTable)
// and the picture.
template <class Summary>
struct PictureOutcome {
  Summary summary;
  EncodedPicture image;
};

// Draws the picture `request` asks for from `asset`, read from `context`
// (picture_export reads a RAT's palette beside it there), telling `progress`
// how far it got when the drawing takes long (style_tiles); a drawing that is
// always quick takes no Progress.
template <class Request, class Summary>
class DrawPictureFn {
 public:
  using Outcome = absl::StatusOr<PictureOutcome<Summary>>;
  template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, DrawPictureFn>>>
  DrawPictureFn(F draw) {  // NOLINT: built from the tools' lambdas
    if constexpr (std::is_invocable_v<F&, const contexts::Context&, const Asset&,
                                      const Request&, Progress&>) {
      draw_ = std::move(draw);
    } else {
      draw_ = [draw = std::move(draw)](const contexts::Context& context, const Asset& asset,
                                       const Request& request,
                                       Progress&) { return draw(context, asset, request); };
    }
  }
  Outcome operator()(const contexts::Context& context, const Asset& asset,
                     const Request& request, Progress& progress) const {
    return draw_(context, asset, request, progress);
  }

 private:
  std::function<Outcome(const contexts::Context&, const Asset&, const Request&, Progress&)>
      draw_;
};

// A GTA1 picture tool made from its table and its drawing: the tool's result
// and its kbot:// export come from the same Draw.
template <class Request, class Summary>
struct DrawingTool {
  const char* export_name;
  const RequestTable<Request>& table;
  DrawPictureFn<Request, Summary> draw;
  // What the picture shows, for its caption; default "PATH (EXPORT_NAME)".
  std::function<std::string(const Summary&)> subject = nullptr;

  // The picture of `request`, drawn from its asset; an error names the context.
  absl::StatusOr<PictureOutcome<Summary>> Draw(const contexts::Context& context,
                                               const Request& request,
                                               Progress& progress = NoProgress()) const {
    return WithContextAsset(context, request.path, [&](const Asset& asset) {
      return draw(context, asset, request, progress);
    });
  }

  // The tool's result: the picture inline, or over the limit a link and a preview.
  ToolResult Run(const contexts::Context& context, const Request& request, const Limits& limits,
                 Progress& progress = NoProgress()) const {
    absl::StatusOr<PictureOutcome<Summary>> drawn = Draw(context, request, progress);
    if (!drawn.ok()) return ErrorResult(drawn.status());
    const Summary& summary = drawn->summary;
    return DeliverToolPicture(
        context, export_name, table, request, Summary::Fields().ToJson(summary), drawn->image,
        subject ? subject(summary) : absl::StrCat(request.path, " (", export_name, ")"),
        ScaleOf(summary), limits);
  }

  // The tool `info` describes, with its link export (?export=EXPORT_NAME).
  Tool Make(ToolInfo info) const {
    Tool tool = MakeContextTool<Request>(
        std::move(info), table, PictureToolOutput(Summary::Fields().Schema()),
        [self = *this](const contexts::Context& context, const Request& request,
                       const ToolCall& call) {
          return self.Run(context, request, call.limits, call.progress);
        });
    tool.picture = MakePngExport(export_name, table,
                                 [self = *this](const contexts::Context& context,
                                                const Request& request, Progress& progress) {
                                   return self.Draw(context, request, progress);
                                 });
    return tool;
  }
};

}  // namespace kbot::tools
