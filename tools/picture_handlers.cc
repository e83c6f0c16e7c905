#include "tools/picture_handlers.h"

#include <optional>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "formats/gta/picture.h"
#include "tools/tool_support.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {


bool IsRat(const std::string& path) {
  const std::string lower = absl::AsciiStrToLower(path);
  return lower.size() >= 4 && lower.compare(lower.size() - 4, 4, ".rat") == 0;
}

json PictureExportInput() {
  const json side = {{"type", "integer"}, {"minimum", 1}, {"maximum", 4096}};
  json width = side, height = side;
  width["description"] = "The picture's width, for a name the game's list does not know; give height too";
  height["description"] = "The picture's height; give width too";
  return InputSchema(
      {{"context", ContextProperty()},
       {"path", PathProperty("The picture, e.g. GTADATA/F_UPPER.RAW or GTADATA/CUT1.RAT")},
       {"width", width},
       {"height", height},
       {"palette",
        {{"type", "string"},
         {"description", "RAT only: the 768-byte RGB palette's path in the context (default: "
                         "CUTn.ACT for CUTn, else F_PAL.RAW, in the picture's folder)"}}}},
      {"path"});
}

json PictureExportOutput() {
  json properties = {{"path", StringSchema()},
                     {"format", {{"type", "string"}, {"enum", {"raw", "rat"}}}},
                     {"width", CountSchema()},
                     {"height", CountSchema()},
                     {"palette", NullableString()}};
  properties.update(ImageDeliveryProperties());
  return OutputSchema(properties,
                      {"path", "format", "width", "height", "palette", "bytes", "delivery"});
}

ReadBytes ContextReader(const contexts::Context& context) {
  return [&context](const std::string& path) -> absl::StatusOr<contexts::Blob> {
    absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(path);
    if (!file.ok()) return file.status();
    return file->blob;
  };
}

}  // namespace

std::string DefaultRatPalettePath(const std::string& picture_path) {
  const size_t slash = picture_path.find_last_of("/\\");
  const std::string folder = slash == std::string::npos ? "" : picture_path.substr(0, slash + 1);
  return folder + gta::RatPaletteName(picture_path);
}

absl::StatusOr<ToolImage> PictureExport(const Asset& asset, const PictureRequest& request,
                                       const ReadBytes& read) {
  // A RAW or RAT has no header: any bytes of the right size are one, so only
  // a file that plainly is something else is refused.
  if (absl::Status s = RequireKind(asset, kHeaderlessKinds); !s.ok()) return s;
  if (request.width.has_value() != request.height.has_value()) {
    return absl::InvalidArgumentError("give both width and height, or neither");
  }
  std::optional<gta::PictureSize> size;
  if (request.width) size = gta::PictureSize{*request.width, *request.height};
  const bool rat = IsRat(asset.path);
  image::RgbaPicture picture;
  json palette_path = nullptr;
  if (rat) {
    absl::StatusOr<image::IndexedPicture> indexed = gta::ReadRatPicture(asset.bytes, asset.path, size);
    if (!indexed.ok()) return indexed.status();
    const std::string pal_path = request.palette.value_or(DefaultRatPalettePath(asset.path));
    absl::StatusOr<contexts::Blob> pal_bytes = read(pal_path);
    if (!pal_bytes.ok()) {
      return absl::Status(pal_bytes.status().code(),
                          absl::StrCat(asset.path, ": its palette: ", pal_bytes.status().message()));
    }
    if (absl::Status s = RequireKind(Asset{pal_path, pal_bytes->bytes()}, kHeaderlessKinds);
        !s.ok()) {
      return absl::Status(s.code(), absl::StrCat(asset.path, ": its palette: ", s.message()));
    }
    absl::StatusOr<palette::Palette> pal = gta::ReadRgbPalette(pal_bytes->bytes(), pal_path);
    if (!pal.ok()) return pal.status();
    picture = gta::RatToRgba(*indexed, *pal);
    palette_path = pal_path;
  } else {
    if (request.palette) {
      return absl::InvalidArgumentError("a palette is for RAT pictures; a RAW holds its colours");
    }
    absl::StatusOr<image::RgbaPicture> raw = gta::ReadRawPicture(asset.bytes, asset.path, size);
    if (!raw.ok()) return raw.status();
    picture = *std::move(raw);
  }
  json out = {{"path", asset.path},
              {"format", rat ? "rat" : "raw"},
              {"width", picture.width},
              {"height", picture.height},
              {"palette", palette_path}};
  return EncodeToolImage(std::move(out), std::move(picture));
}

absl::StatusOr<ToolImage> DrawPictureExport(const contexts::Context& context,
                                            const json& arguments) {
  PictureRequest request;
  if (arguments.contains("width")) request.width = arguments["width"].get<int>();
  if (arguments.contains("height")) request.height = arguments["height"].get<int>();
  if (arguments.contains("palette")) request.palette = arguments["palette"].get<std::string>();
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return opened.status();
  absl::StatusOr<ToolImage> image = PictureExport(opened->asset, request, ContextReader(context));
  if (!image.ok()) return InContext(context, image.status());
  return image;
}

ToolResult RunPictureExport(const contexts::Context& context, const json& arguments,
                            const Limits& limits) {
  return ImageToolResult(DrawPictureExport(context, arguments), context, arguments,
                         kPictureExportExport, limits);
}

Tool PictureExportTool() {
  return {"picture_export",
          "Export a GTA1 frontend picture",
          "A GTA1 frontend picture as a PNG: RAW (24-bit RGB, e.g. F_UPPER.RAW) or RAT (8-bit, "
          "drawn through its 768-byte palette: CUTn.ACT for CUTn.RAT, else F_PAL.RAW, looked up "
          "in the picture's folder unless palette is given). The files hold no size: the game's "
          "names (F_UPPER, F_LOWER0, CUT0, F_PLAY1, ...) have theirs; any other needs width and "
          "height.",
          PictureExportInput(),
          PictureExportOutput(),
          {},
          InContextHandler([](const contexts::Context& c, const ToolCall& call) {
            return RunPictureExport(c, call.arguments, call.limits);
          })};
}

}  // namespace kbot::tools
