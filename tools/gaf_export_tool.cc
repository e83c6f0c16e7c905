#include "tools/gaf_export_tool.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "palettepick/resolver.h"
#include "tools/gaf_sequences.h"
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

// The first frame of a large export, at the largest of the requested scale
// and 1 that fits inline; nullopt when even that is too large.
std::optional<PicturePreview> Preview(const Asset& asset, ExportRequest request, size_t limit) {
  request.format = ExportFormat::kPng;
  request.frame = 0;
  request.progress = nullptr;
  for (int scale : {request.scale, 1}) {
    request.scale = scale;
    absl::StatusOr<ExportResult> preview = GafExport(asset, request);
    if (preview.ok() && Base64Size(preview->image.size()) <= limit) {
      json description = {{"width", preview->summary.width},
                          {"height", preview->summary.height},
                          {"scale", preview->summary.scale}};
      return PicturePreview{std::move(description), std::move(preview->image),
                            preview->mime_type};
    }
    if (scale == 1) break;
  }
  return std::nullopt;
}

// The request a link carries: what was drawn, sequence by index and the
// transparency by name, so that reading the link draws the same picture.
GafExportRequest Drawn(GafExportRequest request, const GafExportSummary& s) {
  request.path = s.path;
  request.sequence = std::to_string(s.sequence);
  request.frame = s.frame;
  request.transparency = s.transparency;
  return request;
}

// The first-frame preview that comes with a resource_link, or null.
json PreviewSchema() {
  json preview = OutputSchema(
      {{"width", IntegerSchema()}, {"height", IntegerSchema()}, {"scale", IntegerSchema()}},
      {"width", "height", "scale"});
  return {{"anyOf", json::array({json{{"type", "null"}}, preview})}};
}

json GafExportOutput() {
  json schema = GafExportSummary::Fields().Schema();
  json& properties = schema["properties"];
  properties["delivery"] = {{"type", "string"}, {"enum", {"inline", "resource_link"}}};
  properties["resource_uri"] = NullableString();
  properties["preview"] = PreviewSchema();
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
             PathProperty("The .gaf/.taf (optional with a sequence name unique in the context)"))
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
             IntegerParam(1, 8, "Nearest-neighbour enlargement"))
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
  out.scale = req.scale;
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
  req.scale = request.scale;
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
  const size_t limit = call.limits.max_inline_image_base64;
  // Too large for one result: a link the client can read, and a first-frame
  // preview so the assistant still sees something.
  return DeliverPicture(
      exported.Json(), exported.image, exported.mime_type, limit,
      [&] {
        return PictureLink{PictureUri(context, s.format, GafExportTable(), Drawn(request, s),
                                      {"format"}),
                           absl::StrCat(s.path, " (", s.format, ")"), "export"};
      },
      [&] { return Preview(opened->asset, outcome->resolved, limit); });
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
      {"gaf_export", "Render a GAF as a picture",
       "Draws a GAF/TAF frame (png) or sequence (gif, apng, sheet) with the context's palette and "
       "transparency. path may be omitted when the sequence name is unique in the context."},
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
