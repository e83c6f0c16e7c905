#include "tools/gaf_export_tool.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/image/downscale.h"
#include "formats/image/image_decode.h"
#include "formats/image/png_encode.h"
#include "palettepick/resolver.h"
#include "tools/gaf_sequences.h"
#include "tools/image_result.h"
#include "tools/output_target.h"
#include "tools/picture_delivery.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

// gaf_export's formats: also the names a link's ?export= carries.
const std::vector<std::string>& Formats() {
  static const std::vector<std::string> formats = {"png", "gif", "apng", "sheet"};
  return formats;
}

absl::Status FrameOnlyForPng(const GafExportRequest& r) {
  if (!r.frame || r.format == "png") return absl::OkStatus();
  return absl::InvalidArgumentError(
      "frame: only a png export draws one frame; gif, apng and sheet draw the sequence");
}

// PNG colour type, from the IHDR that every PNG starts with.
std::string PngColor(const std::vector<uint8_t>& png) {
  return png.size() > 25 && png[25] == 3 ? "indexed" : "rgba";
}

// "PATH sequence S 'NAME' frame F" or "... S 'NAME', N frames as a sheet".
std::string Subject(const GafExportSummary& s) {
  const std::string sequence =
      absl::StrCat(s.path, " sequence ", s.sequence, " '", s.sequence_name, "'");
  if (s.frame) return absl::StrCat(sequence, " frame ", *s.frame);
  const char* as = s.format == "sheet" ? "a numbered sheet" : "an animation";
  return absl::StrCat(sequence, ", ", s.frames, " frame(s) as ", as);
}

// A decoded PNG's pixels in colours.
image::RgbaPicture RgbaOf(const image::DecodedImage& d, const palette::Palette& fallback) {
  if (d.kind == image::DecodedImage::Kind::kRgba) {
    image::RgbaPicture out(d.width, d.height);
    out.rgba = d.rgba;
    return out;
  }
  palette::Palette colors = fallback;
  for (size_t i = 0; i < d.palette.size() && i < 256; ++i) colors.colors[i] = d.palette[i];
  image::IndexedPicture indexed;
  indexed.width = d.width;
  indexed.height = d.height;
  indexed.index = d.index;
  indexed.opaque = d.opaque;
  return image::ToRgba(indexed, colors);
}

// What a preview of `request` tries, largest first: a sheet at halved
// scales (whole factors of nearest neighbour, so its palette indices stay),
// then the first frame at the requested scale and at 1.
std::vector<ExportRequest> PreviewTries(ExportRequest request) {
  request.progress = nullptr;
  request.fit_sheet = false;
  std::vector<ExportRequest> tries;
  if (request.format == ExportFormat::kSheet) {
    for (int scale = request.scale / 2; scale >= 1; scale /= 2) {
      request.scale = scale;
      tries.push_back(request);
    }
  }
  const int scale = tries.empty() ? request.scale : 1;
  request.format = ExportFormat::kPng;
  request.frame = 0;
  for (int s : {scale, 1}) {
    request.scale = s;
    tries.push_back(request);
    if (s == 1) break;
  }
  return tries;
}

// The preview of a large export: the first try that fits the caps; when
// none does (a frame over 1568 px), the last, averaged down to fit.
std::optional<PicturePreview> Preview(const Asset& asset, const ExportRequest& request,
                                      const Limits& limits) {
  std::optional<ExportResult> last;
  for (const ExportRequest& attempt : PreviewTries(request)) {
    absl::StatusOr<ExportResult> preview = GafExport(asset, attempt);
    if (!preview.ok()) continue;
    const GafExportSummary& s = preview->summary;
    if (WhyNotInline(s.width, s.height, preview->image.size(), limits).empty()) {
      json description = {{"width", s.width}, {"height", s.height}, {"scale", s.scale},
                          {"format", s.format}};
      const std::string what = s.format == "sheet" ? "the sheet" : "frame 0";
      return PicturePreview{std::move(description), std::move(preview->image),
                            preview->mime_type, absl::StrCat(what, " at scale ", s.scale)};
    }
    last = *std::move(preview);
  }
  if (!last) return std::nullopt;
  absl::StatusOr<image::DecodedImage> decoded = image::DecodePngFile(last->image, "preview");
  if (!decoded.ok()) return std::nullopt;
  return AveragedPreview(RgbaOf(*decoded, request.palette.colors), limits);
}

// The request a link carries: what was drawn, sequence by index and the
// transparency by name, so that reading the link draws the same picture.
GafExportRequest Drawn(GafExportRequest request, const GafExportSummary& s) {
  request.path = s.path;
  request.scale = s.scale;
  request.sequence = std::to_string(s.sequence);
  request.frame = s.frame;
  request.transparency = s.transparency;
  return request;
}

// The preview that comes with a resource_link, or null.
json PreviewSchema() {
  json preview = OutputSchema(
      {{"width", IntegerSchema()}, {"height", IntegerSchema()}, {"scale", IntegerSchema()},
       {"format", {{"type", "string"}, {"enum", {"png", "sheet"}}}}},
      {"width", "height", "scale"});
  return {{"anyOf", json::array({json{{"type", "null"}}, preview})}};
}

json GafExportOutput() {
  json schema = GafExportSummary::Fields().Schema();
  json& properties = schema["properties"];
  properties["delivery"] = {{"type", "string"}, {"enum", {"inline", "resource_link"}}};
  properties["resource_uri"] = NullableString();
  properties["preview"] = PreviewSchema();
  properties["written"] = WrittenSchema();
  schema["required"].push_back("delivery");
  return schema;
}

}  // namespace

const RequestTable<GafExportRequest>& GafExportTable() {
  static const RequestTable<GafExportRequest> table = [] {
    using R = GafExportRequest;
    RequestTable<R> t;
    // path may be left out when the sequence's name is unique in the context.
    AddContextParam(t)
        .Add("path", &R::path,
             PathProperty("The .gaf/.taf (optional with a unique sequence name)"))
        .Add("sequence", &R::sequence, SequenceProperty())
        .Add("frame", &R::frame,
             {{"type", "integer"},
              {"minimum", 0},
              {"description", "png only (default 0)"}})
        .Add("format", &R::format,
             EnumParam(Formats(), "png: a frame; gif, apng: animated; sheet: all frames"))
        .Add("palette", &R::palette, PathProperty("A .pal or .pcx to draw with"))
        .Add("transparency", &R::transparency,
             {{"anyOf",
               {{{"type", "string"}, {"pattern", "^(game|heuristic|none|[0-9]{1,3})$"}},
                {{"type", "integer"}, {"minimum", 0}, {"maximum", 255}}}},
              {"examples", {"game", "heuristic", "none"}},
              {"description", "game, heuristic, none, or a palette index 0-255 drawn transparent"}})
        .Add("scale", &R::scale,
             IntegerParam(1, 8, "Enlargement (default 1; a sheet: up to 512 px wide)"))
        .AddOutput("target", &R::target, TargetProperty())
        .AddCheck(FrameOnlyForPng);
    return t;
  }();
  return table;
}

const ResultTable<GafExportPalette>& GafExportPalette::Fields() {
  using P = GafExportPalette;
  static const ResultTable<P> table = ResultTable<P>()
      .Add("source", &P::source, StringSchema())
      .Add("path", &P::path, NullableString());
  return table;
}

const ResultTable<GafExportSummary>& GafExportSummary::Fields() {
  using S = GafExportSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("sequence", &S::sequence, IntegerSchema())
      .Add("sequence_name", &S::sequence_name, StringSchema(), false)
      .Add("frame", &S::frame, {{"type", {"integer", "null"}}})
      .Add("format", &S::format, {{"type", "string"}, {"enum", Formats()}})
      .Add("width", &S::width, IntegerSchema())
      .Add("height", &S::height, IntegerSchema())
      .Add("frames", &S::frames, IntegerSchema())
      .Add("transparency", &S::transparency, StringSchema())
      .Add("scale", &S::scale, IntegerSchema(), false)
      .Add("palette", &S::palette, ObjectSchema<GafExportPalette>())
      .Add("mime_type", &S::mime_type, StringSchema(), false)
      .Add("color", &S::color, StringSchema(), false)
      .Add("bytes", &S::bytes, IntegerSchema(), false)
      .Add("warnings", &S::warnings, StringArraySchema(), false);
  return table;
}

absl::StatusOr<ExportResult> GafExport(const Asset& asset, const ExportRequest& req) {
  absl::StatusOr<gaf::Gaf> gaf = ReadGafAsset(asset);
  if (!gaf.ok()) return gaf.status();
  absl::StatusOr<size_t> s = SelectSequence(*gaf, asset, req.sequence);
  if (!s.ok()) return s.status();
  gaf::Warnings warnings = gaf->warnings;
  absl::StatusOr<EncodedExport> encoded = EncodeExport(asset, *gaf, *s, req, &warnings);
  if (!encoded.ok()) return encoded.status();

  ExportResult result;
  const bool gif = req.format == ExportFormat::kGif;
  result.mime_type = gif ? "image/gif" : "image/png";
  GafExportSummary& out = result.summary;
  out.path = asset.path;
  out.sequence = *s;
  out.sequence_name = gaf->sequences[*s].name;
  if (req.format == ExportFormat::kPng) out.frame = req.frame.value_or(0);
  out.format = ExportFormatName(req.format);
  out.width = encoded->width;
  out.height = encoded->height;
  out.frames = encoded->frames;
  out.transparency = req.transparency.Name();
  out.scale = encoded->scale;
  out.palette = {req.palette.source, req.palette.path};
  out.mime_type = result.mime_type;
  out.color = gif ? "indexed" : PngColor(encoded->bytes);
  out.bytes = encoded->bytes.size();
  out.warnings = std::move(warnings);
  result.image = std::move(encoded->bytes);
  return result;
}

absl::StatusOr<ExportRequest> ResolveGafExport(const contexts::Context& context,
                                               const std::string& asset_path,
                                               const GafExportRequest& request,
                                               std::vector<std::string>& warnings) {
  ExportRequest req;
  absl::StatusOr<ExportFormat> format = ParseExportFormat(request.format);
  if (!format.ok()) return format.status();
  req.format = *format;
  req.sequence = request.sequence;
  req.frame = request.frame;
  req.transparency = contexts::DefaultsFor(context.game).transparency;
  if (request.transparency) {
    absl::StatusOr<gaf::Transparency> parsed = gaf::Transparency::Parse(*request.transparency);
    if (!parsed.ok()) return parsed.status();
    req.transparency = *parsed;
  }
  req.scale = request.scale.value_or(1);
  req.fit_sheet = !request.scale;
  absl::StatusOr<palettepick::Resolved> resolved =
      palettepick::Resolve(*context.vfs, context.game, asset_path, request.palette, warnings);
  if (!resolved.ok()) return resolved.status();
  req.palette.colors = resolved->palette;
  req.palette.source = palettepick::SourceName(resolved->source);
  req.palette.path = std::move(resolved->path);
  return req;
}

absl::StatusOr<GafExportOutcome> ExportGafAsset(const contexts::Context& context,
                                                const Asset& asset,
                                                const GafExportRequest& request,
                                                Progress* progress) {
  std::vector<std::string> warnings;
  absl::StatusOr<ExportRequest> resolved = ResolveGafExport(context, asset.path, request, warnings);
  if (!resolved.ok()) return resolved.status();
  resolved->progress = progress;
  absl::StatusOr<ExportResult> exported = GafExport(asset, *resolved);
  if (!exported.ok()) return exported.status();
  for (std::string& w : warnings) exported->summary.warnings.push_back(std::move(w));
  return GafExportOutcome{*std::move(exported), *std::move(resolved)};
}

ToolResult RunGafExport(const contexts::Context& context, const GafExportRequest& request,
                        const ToolCall& call) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, request.path);
  if (!opened.ok()) return ErrorResult(opened.status());
  absl::StatusOr<GafExportOutcome> outcome =
      ExportGafAsset(context, opened->asset, request, &call.progress);
  if (!outcome.ok()) return ErrorResult(InContext(context, outcome.status()));
  const ExportResult& exported = outcome->exported;
  const GafExportSummary& s = exported.summary;
  for (const std::string& w : s.warnings) call.log.Log(LogLevel::kWarning, "gaf", w);
  absl::StatusOr<std::optional<WrittenFile>> written =
      WriteTargetIfGiven(call.output, request.target, exported.image);
  if (!written.ok()) return ErrorResult(written.status());
  // Too large for one result: a link the client can read, and a preview so
  // the assistant still sees something.
  ToolResult result = DeliverPicture(
      exported.Json(),
      {exported.image, exported.mime_type, s.width, s.height, Subject(s),
       absl::StrCat("at scale ", s.scale), s.format == "sheet" ? "png" : s.format},
      call.limits,
      [&] {
        return PictureLink{PictureUri(context, s.format, GafExportTable(), Drawn(request, s),
                                      {"format"}),
                           absl::StrCat(s.path, " (", s.format, ")"), "export"};
      },
      [&] { return Preview(opened->asset, outcome->resolved, call.limits); });
  return WithWritten(std::move(result), *written);
}

// gaf_export without a path: the one GAF of the context that has a sequence
// of that name (tools/gaf_sequences.h), or an error naming the candidates.
ToolResult RunGafExportAnywhere(const contexts::Context& context, GafExportRequest request,
                                const ToolCall& call) {
  if (request.path.empty()) {
    if (!request.sequence) {
      return ErrorResult(absl::InvalidArgumentError(
          "gaf_export: give path, or a sequence name that one GAF of the context holds"));
    }
    absl::StatusOr<GafSequenceName> found =
        FindContextSequence(context, *request.sequence, call.progress);
    if (!found.ok()) return ErrorResult(InContext(context, found.status()));
    request.path = found->path;
    request.sequence = std::to_string(found->index);
  }
  return RunGafExport(context, request, call);
}

Tool GafExportTool() {
  Tool tool = MakeContextTool<GafExportRequest>(
      {"gaf_export", "Draw a GAF",
       // Which format draws what is the format argument's to say.
       "Draws a GAF/TAF frame or sequence with the context's palette and transparency.",
       {.long_running = true}},
      GafExportTable(), GafExportOutput(), RunGafExportAnywhere);
  // export=png|gif|apng|sheet is the format; the rest of the link's query
  // holds the other arguments.
  tool.picture = MakePictureExport<GafExportRequest>(
      Formats(), "format", GafExportTable(),
      [](const contexts::Context& context, const GafExportRequest& request,
         Progress& progress) -> absl::StatusOr<ResourceBytes> {
        absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, request.path);
        if (!opened.ok()) return opened.status();
        absl::StatusOr<GafExportOutcome> outcome =
            ExportGafAsset(context, opened->asset, request, &progress);
        if (!outcome.ok()) return outcome.status();
        return ResourceBytes{std::move(outcome->exported.image), outcome->exported.mime_type};
      });
  return tool;
}

}  // namespace kbot::tools
