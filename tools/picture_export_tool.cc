#include "tools/picture_export_tool.h"

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "formats/gta/picture.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {

bool IsRat(const std::string& path) {
  const std::string lower = absl::AsciiStrToLower(path);
  return lower.size() >= 4 && lower.compare(lower.size() - 4, 4, ".rat") == 0;
}

absl::Status SizeBothOrNeither(const PictureExportRequest& r) {
  if (r.width.has_value() == r.height.has_value()) return absl::OkStatus();
  return absl::InvalidArgumentError("give both width and height, or neither");
}

// A RAT drawn through its palette; `palette_path` is set to the palette's.
absl::StatusOr<image::RgbaPicture> RatPicture(const Asset& asset,
                                              const std::optional<gta::PictureSize>& size,
                                              const PictureExportRequest& request,
                                              const ReadBytes& read, std::string& palette_path) {
  absl::StatusOr<image::IndexedPicture> indexed =
      gta::ReadRatPicture(asset.bytes, asset.path, size);
  if (!indexed.ok()) return indexed.status();
  palette_path = request.palette.value_or(DefaultRatPalettePath(asset.path));
  absl::StatusOr<contexts::Blob> bytes = read(palette_path);
  if (!bytes.ok()) {
    return absl::Status(bytes.status().code(),
                        absl::StrCat(asset.path, ": its palette: ", bytes.status().message()));
  }
  if (absl::Status s = RequireKind(Asset{palette_path, bytes->bytes()}, kHeaderlessKinds);
      !s.ok()) {
    return absl::Status(s.code(), absl::StrCat(asset.path, ": its palette: ", s.message()));
  }
  absl::StatusOr<palette::Palette> pal = gta::ReadRgbPalette(bytes->bytes(), palette_path);
  if (!pal.ok()) return pal.status();
  return gta::RatToRgba(*indexed, *pal);
}

}  // namespace

ReadBytes ContextReader(const contexts::Context& context) {
  return [&context](const std::string& path) -> absl::StatusOr<contexts::Blob> {
    absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(path);
    if (!file.ok()) return file.status();
    return file->blob;
  };
}

const RequestTable<PictureExportRequest>& PictureExportTable() {
  static const RequestTable<PictureExportRequest> table = [] {
    using R = PictureExportRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The .RAW or .RAT picture")
        .Add("width", &R::width,
             IntegerParam(1, 4096, "For an unknown name; with height"))
        .Add("height", &R::height, IntegerParam(1, 4096, "With width"))
        .Add("palette", &R::palette,
             StringParam("RAT only (default: CUTn.ACT, else F_PAL.RAW beside it)"))
        .AddCheck(SizeBothOrNeither);
    return t;
  }();
  return table;
}

const ResultTable<PictureExportSummary>& PictureExportSummary::Fields() {
  using S = PictureExportSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("format", &S::format, {{"type", "string"}, {"enum", {"raw", "rat"}}})
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("palette", &S::palette, NullableString())
      .Add("bytes", &S::bytes, CountSchema());
  return table;
}

std::string DefaultRatPalettePath(const std::string& picture_path) {
  const size_t slash = picture_path.find_last_of("/\\");
  const std::string folder = slash == std::string::npos ? "" : picture_path.substr(0, slash + 1);
  return folder + gta::RatPaletteName(picture_path);
}

absl::StatusOr<PictureExportOutcome> ExportPicture(const Asset& asset,
                                                   const PictureExportRequest& request,
                                                   const ReadBytes& read) {
  // A RAW or RAT has no header: any bytes of the right size are one, so only
  // a file that plainly is something else is refused.
  if (absl::Status s = RequireKind(asset, kHeaderlessKinds); !s.ok()) return s;
  // A direct caller skips the table's checks; the size below needs both.
  if (absl::Status s = SizeBothOrNeither(request); !s.ok()) return s;
  std::optional<gta::PictureSize> size;
  if (request.width) size = gta::PictureSize{*request.width, *request.height};
  PictureExportOutcome out;
  PictureExportSummary& s = out.summary;
  absl::StatusOr<image::RgbaPicture> picture;
  if (IsRat(asset.path)) {
    picture = RatPicture(asset, size, request, read, s.palette.emplace());
  } else if (request.palette) {
    return absl::InvalidArgumentError("a palette is for RAT pictures; a RAW holds its colours");
  } else {
    picture = gta::ReadRawPicture(asset.bytes, asset.path, size);
  }
  if (!picture.ok()) return picture.status();
  s.path = asset.path;
  s.format = IsRat(asset.path) ? "rat" : "raw";
  s.width = picture->width;
  s.height = picture->height;
  absl::StatusOr<EncodedPicture> image = EncodePicture(*std::move(picture));
  if (!image.ok()) return image.status();
  out.image = *std::move(image);
  s.bytes = out.image.png.size();
  return out;
}

namespace {

// The tool and its kbot:// export draw through this.
const DrawingTool<PictureExportRequest, PictureExportSummary>& PictureExportPicture() {
  static const DrawingTool<PictureExportRequest, PictureExportSummary> tool{
      kPictureExportExport, PictureExportTable(),
      [](const contexts::Context& context, const Asset& asset,
         const PictureExportRequest& request) {
        return ExportPicture(asset, request, ContextReader(context));
      },
      [](const PictureExportSummary& s) {
        return absl::StrCat(s.path, " (a ", s.format == "rat" ? "RAT" : "RAW", " picture",
                            s.palette ? absl::StrCat(" drawn with ", *s.palette) : "", ")");
      }};
  return tool;
}

}  // namespace

ToolResult RunPictureExport(const contexts::Context& context,
                            const PictureExportRequest& request, const Limits& limits) {
  return PictureExportPicture().Run(context, request, limits);
}

Tool PictureExportTool() {
  return PictureExportPicture().Make(
      {"picture_export", "Export a GTA1 picture",
      "Exports a GTA1 frontend picture (.RAW with its .PAL, or .RAT) as PNG."});
}

}  // namespace kbot::tools
