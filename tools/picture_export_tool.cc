#include "tools/picture_export_tool.h"

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "formats/gta/picture.h"
#include "tools/file_kind.h"
#include "tools/pcx_picture.h"

namespace kbot::tools {

namespace {

bool IsRat(const std::string& path) {
  const std::string lower = absl::AsciiStrToLower(path);
  return lower.size() >= 4 && lower.compare(lower.size() - 4, 4, ".rat") == 0;
}

// A PCX by its header, or by its name (so that a broken one gets the PCX
// reader's reason rather than a RAW's size).
bool IsPcx(const Asset& asset) {
  if (identify::IdentifyFile(asset.bytes).kind == FileKind::kPcx) return true;
  const std::string lower = absl::AsciiStrToLower(asset.path);
  return lower.size() >= 4 && lower.compare(lower.size() - 4, 4, ".pcx") == 0;
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
    AddAssetParams(t, "The .RAW, .RAT or .PCX picture")
        .Add("width", &R::width,
             IntegerParam(1, 4096, "For an unknown name; with height"))
        .Add("height", &R::height, IntegerParam(1, 4096, "With width"))
        .Add("palette", &R::palette,
             StringParam("RAT (default: CUTn.ACT, else F_PAL.RAW beside it), 8-bit PCX"))
        .AddCheck(SizeBothOrNeither);
    return t;
  }();
  return table;
}

const ResultTable<PictureExportSummary>& PictureExportSummary::Fields() {
  using S = PictureExportSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("format", &S::format, {{"type", "string"}, {"enum", {"raw", "rat", "pcx"}}})
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("color", &S::color, {{"type", "string"}, {"enum", {"rgb", "indexed", "rgba"}}}, false)
      .Add("palette", &S::palette, NullableString())
      .Add("palette_source", &S::palette_source, NullableString(), false)
      .Add("bytes", &S::bytes, CountSchema())
      .Add("warnings", &S::warnings, StringArraySchema(), false);
  return table;
}

std::string DefaultRatPalettePath(const std::string& picture_path) {
  const size_t slash = picture_path.find_last_of("/\\");
  const std::string folder = slash == std::string::npos ? "" : picture_path.substr(0, slash + 1);
  return folder + gta::RatPaletteName(picture_path);
}

namespace {

absl::StatusOr<PictureExportOutcome> Encoded(PictureExportOutcome out,
                                             image::RgbaPicture picture) {
  out.summary.width = picture.width;
  out.summary.height = picture.height;
  absl::StatusOr<EncodedPicture> image = EncodePicture(std::move(picture));
  if (!image.ok()) return image.status();
  out.image = *std::move(image);
  out.summary.bytes = out.image.png.size();
  return out;
}

}  // namespace

absl::StatusOr<PictureExportOutcome> ExportPcxPicture(const Asset& asset,
                                                      const PictureExportRequest& request,
                                                      const ReadBytes& read,
                                                      const contexts::Context* context) {
  if (absl::Status s = RequireKind(asset, {FileKind::kPcx}); !s.ok()) return s;
  if (request.width || request.height) {
    return absl::InvalidArgumentError(
        "width and height are for RAW and RAT pictures; a PCX's header gives its size");
  }
  absl::StatusOr<PcxDrawing> drawn = DrawPcx(asset, request.palette, read, context);
  if (!drawn.ok()) return drawn.status();
  PictureExportOutcome out;
  PictureExportSummary& s = out.summary;
  s.path = asset.path;
  s.format = "pcx";
  s.color = drawn->color;
  s.palette = drawn->palette;
  s.palette_source = drawn->palette_source;
  s.warnings = std::move(drawn->warnings);
  return Encoded(std::move(out), std::move(drawn->picture));
}

absl::StatusOr<PictureExportOutcome> ExportPicture(const Asset& asset,
                                                   const PictureExportRequest& request,
                                                   const ReadBytes& read,
                                                   const contexts::Context* context) {
  if (IsPcx(asset)) return ExportPcxPicture(asset, request, read, context);
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
    return absl::InvalidArgumentError(
        "a palette is for RAT and 8-bit PCX pictures; a RAW holds its colours");
  } else {
    picture = gta::ReadRawPicture(asset.bytes, asset.path, size);
  }
  if (!picture.ok()) return picture.status();
  s.path = asset.path;
  s.format = IsRat(asset.path) ? "rat" : "raw";
  s.color = IsRat(asset.path) ? "indexed" : "rgb";
  return Encoded(std::move(out), *std::move(picture));
}

namespace {

// The tool and its kbot:// export draw through this.
const DrawingTool<PictureExportRequest, PictureExportSummary>& PictureExportPicture() {
  static const DrawingTool<PictureExportRequest, PictureExportSummary> tool{
      kPictureExportExport, PictureExportTable(),
      [](const contexts::Context& context, const Asset& asset,
         const PictureExportRequest& request) {
        return ExportPicture(asset, request, ContextReader(context), &context);
      },
      [](const PictureExportSummary& s) {
        const std::string drawn_with =
            s.palette ? *s.palette
                      : s.palette_source ? absl::StrCat("its ", *s.palette_source, " palette") : "";
        return absl::StrCat(s.path, " (a ", absl::AsciiStrToUpper(s.format), " picture",
                            drawn_with.empty() ? "" : absl::StrCat(" drawn with ", drawn_with),
                            ")");
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
      {"picture_export", "Export a picture",
      "Exports a GTA1 frontend picture (.RAW, .RAT) or a PCX as PNG."});
}

}  // namespace kbot::tools
