#include "tools/gaf_handlers.h"

#include "absl/strings/escaping.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "tools/resource_uri.h"
#include "tools/tool_support.h"
#include "palettepick/resolver.h"

namespace kbot::tools {

namespace {


json IntegerSchema() { return {{"type", "integer"}}; }

json GafListOutput() {
  json sequence = OutputSchema(
      {{"index", IntegerSchema()},
       {"name", {{"type", "string"}}},
       {"frames", IntegerSchema()},
       {"loops", {{"type", "boolean"}}},
       {"loop_flags", IntegerSchema()},
       {"unknown4", IntegerSchema()},
       {"duration_ticks", IntegerSchema()},
       {"duration_sec", {{"type", "number"}}}},
      {"index", "name", "frames", "loops", "loop_flags", "unknown4", "duration_ticks",
       "duration_sec"});
  return OutputSchema({{"path", {{"type", "string"}}},
                       {"version", IntegerSchema()},
                       {"variant", {{"type", "string"}, {"enum", {"standard", "ta3d-truecolor"}}}},
                       {"warnings", StringArraySchema()},
                       {"sequences", {{"type", "array"}, {"items", sequence}}}},
                      {"path", "version", "warnings", "sequences"});
}

json FrameHeaderProperties() {
  return {{"width", IntegerSchema()},        {"height", IntegerSchema()},
          {"origin_x", IntegerSchema()},     {"origin_y", IntegerSchema()},
          {"transparency", IntegerSchema()}, {"storage", {{"type", "string"}}},
          {"storage_byte", IntegerSchema()}, {"layers", IntegerSchema()},
          {"blend", IntegerSchema()},        {"unknown12", IntegerSchema()},
          {"unknown20", IntegerSchema()}};
}

json GafInfoOutput() {
  json frame_properties = FrameHeaderProperties();
  frame_properties["index"] = IntegerSchema();
  frame_properties["duration"] = IntegerSchema();
  frame_properties["duration_ticks"] = IntegerSchema();
  frame_properties["layer_frames"] = {
      {"type", "array"}, {"items", OutputSchema(FrameHeaderProperties(), {"width", "height"})}};
  json frame = OutputSchema(frame_properties,
                            {"index", "width", "height", "origin_x", "origin_y", "transparency",
                             "storage", "layers", "blend", "duration", "duration_ticks"});
  json sequence = OutputSchema({{"index", IntegerSchema()},
                                {"name", {{"type", "string"}}},
                                {"loop_flags", IntegerSchema()},
                                {"unknown4", IntegerSchema()},
                                {"loops", {{"type", "boolean"}}},
                                {"frames", {{"type", "array"}, {"items", frame}}}},
                               {"index", "name", "loop_flags", "unknown4", "frames"});
  return OutputSchema({{"path", {{"type", "string"}}},
                       {"version", IntegerSchema()},
                       {"variant", {{"type", "string"}, {"enum", {"standard", "ta3d-truecolor"}}}},
                       {"warnings", StringArraySchema()},
                       {"errors", StringArraySchema()},
                       {"sequences", {{"type", "array"}, {"items", sequence}}}},
                      {"path", "warnings", "sequences"});
}

// The first-frame preview that comes with a resource_link, or null.
json PreviewSchema() {
  json preview = OutputSchema(
      {{"width", IntegerSchema()}, {"height", IntegerSchema()}, {"scale", IntegerSchema()}},
      {"width", "height", "scale"});
  return {{"anyOf", json::array({json{{"type", "null"}}, preview})}};
}

json GafExportOutput() {
  return OutputSchema(
      {{"path", {{"type", "string"}}},
       {"sequence", IntegerSchema()},
       {"sequence_name", {{"type", "string"}}},
       {"frame", {{"type", {"integer", "null"}}}},
       {"format", {{"type", "string"}, {"enum", {"png", "gif", "apng", "sheet"}}}},
       {"width", IntegerSchema()},
       {"height", IntegerSchema()},
       {"frames", IntegerSchema()},
       {"transparency", {{"type", "string"}}},
       {"scale", IntegerSchema()},
       {"palette", OutputSchema({{"source", {{"type", "string"}}}, {"path", NullableString()}},
                                {"source", "path"})},
       {"mime_type", {{"type", "string"}}},
       {"color", {{"type", "string"}}},
       {"bytes", IntegerSchema()},
       {"warnings", StringArraySchema()},
       {"delivery", {{"type", "string"}, {"enum", {"inline", "resource_link"}}}},
       {"resource_uri", NullableString()},
       {"preview", PreviewSchema()}},
      {"path", "sequence", "frame", "format", "width", "height", "frames", "transparency",
       "palette", "delivery"});
}

ToolResult RunGafList(const ToolCall& call) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(call);
  if (!opened.ok()) return ErrorResult(opened.status());
  absl::StatusOr<json> listed = GafList(opened->asset);
  if (!listed.ok()) return ErrorResult(InContext(*opened->context, listed.status()));
  ToolResult result;
  result.structured = *std::move(listed);
  return result;
}

ToolResult RunGafInfo(const ToolCall& call) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(call);
  if (!opened.ok()) return ErrorResult(opened.status());
  absl::StatusOr<json> info = GafInfo(opened->asset, StringOrIndex(call.arguments, "sequence"));
  if (!info.ok()) return ErrorResult(InContext(*opened->context, info.status()));
  ToolResult result;
  result.structured = *std::move(info);
  return result;
}

// Base64 characters for `bytes` bytes.
// The URI that renders this export again (resources/read).
std::string ExportUri(const contexts::Context& context, const json& structured,
                      const json& arguments) {
  QueryParams query = {{"export", structured["format"].get<std::string>()},
                            {"sequence", std::to_string(structured["sequence"].get<size_t>())}};
  if (structured["frame"].is_number()) {
    query.emplace_back("frame", std::to_string(structured["frame"].get<int>()));
  }
  if (arguments.contains("palette")) query.emplace_back("palette", arguments["palette"]);
  query.emplace_back("transparency", structured["transparency"].get<std::string>());
  query.emplace_back("scale", std::to_string(structured["scale"].get<int>()));
  return MakeResourceUri(context.name, structured["path"].get<std::string>(), query);
}

// The first frame of a large export, at the largest of the requested scale
// and 1 that fits inline; nullopt when even that is too large.
std::optional<ExportResult> Preview(const Asset& asset, ExportRequest request, size_t limit) {
  request.format = ExportFormat::kPng;
  request.frame = 0;
  request.progress = nullptr;
  for (int scale : {request.scale, 1}) {
    request.scale = scale;
    absl::StatusOr<ExportResult> preview = GafExport(asset, request);
    if (preview.ok() && Base64Size(preview->image.size()) <= limit) return *std::move(preview);
    if (scale == 1) break;
  }
  return std::nullopt;
}

ToolResult RunGafExport(const ToolCall& call) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(call);
  if (!opened.ok()) return ErrorResult(opened.status());
  std::vector<std::string> warnings;
  absl::StatusOr<ExportRequest> request =
      ExportRequestFor(*opened->context, opened->asset.path, call.arguments, warnings);
  if (!request.ok()) return ErrorResult(InContext(*opened->context, request.status()));
  request->progress = &call.progress;
  absl::StatusOr<ExportResult> exported = GafExport(opened->asset, *request);
  if (!exported.ok()) return ErrorResult(InContext(*opened->context, exported.status()));

  ToolResult result;
  result.structured = std::move(exported->structured);
  for (std::string& w : warnings) result.structured["warnings"].push_back(std::move(w));
  for (const json& w : result.structured["warnings"]) {
    call.log.Log(LogLevel::kWarning, "gaf", w.get<std::string>());
  }
  const size_t limit = call.limits.max_inline_image_base64;
  if (Base64Size(exported->image.size()) <= limit) {
    result.structured["delivery"] = "inline";
    result.structured["resource_uri"] = nullptr;
    result.structured["preview"] = nullptr;
    result.content.push_back(ImageBlock(exported->image, exported->mime_type));
    return result;
  }
  // Too large for one result: a link the client can read, and a first-frame
  // preview so the assistant still sees something.
  const std::string uri = ExportUri(*opened->context, result.structured, call.arguments);
  result.structured["delivery"] = "resource_link";
  result.structured["resource_uri"] = uri;
  result.structured["preview"] = nullptr;
  const std::string& path = result.structured["path"].get_ref<const std::string&>();
  result.content.push_back(PictureLinkBlock(
      uri, absl::StrCat(path, " (", result.structured["format"].get<std::string>(), ")"),
      exported->mime_type, exported->image.size(), "export", limit));
  if (std::optional<ExportResult> preview = Preview(opened->asset, *request, limit)) {
    result.structured["preview"] = {{"width", preview->structured["width"]},
                                    {"height", preview->structured["height"]},
                                    {"scale", preview->structured["scale"]}};
    result.content.push_back(ImageBlock(preview->image, preview->mime_type));
  }
  return result;
}

}  // namespace

absl::StatusOr<ExportRequest> ExportRequestFor(const contexts::Context& context,
                                               const std::string& asset_path,
                                               const json& arguments,
                                               std::vector<std::string>& warnings) {
  ExportRequest req;
  absl::StatusOr<ExportFormat> format = ParseExportFormat(arguments.value("format", "png"));
  if (!format.ok()) return format.status();
  req.format = *format;
  req.sequence = StringOrIndex(arguments, "sequence");
  if (arguments.contains("frame")) {
    if (req.format != ExportFormat::kPng) {
      return absl::InvalidArgumentError(
          "frame: only a png export draws one frame; gif, apng and sheet draw the sequence");
    }
    req.frame = arguments["frame"].get<int>();
  }
  req.transparency = contexts::DefaultsFor(context.game).transparency;
  if (std::optional<std::string> t = StringOrIndex(arguments, "transparency")) {
    absl::StatusOr<gaf::Transparency> parsed = gaf::Transparency::Parse(*t);
    if (!parsed.ok()) return parsed.status();
    req.transparency = *parsed;
  }
  req.scale = arguments.value("scale", 1);
  std::optional<std::string> palette;
  if (arguments.contains("palette")) palette = arguments["palette"].get<std::string>();
  absl::StatusOr<palettepick::Resolved> resolved =
      palettepick::Resolve(*context.vfs, context.game, asset_path, palette, warnings);
  if (!resolved.ok()) return resolved.status();
  req.palette.colors = resolved->palette;
  req.palette.source = palettepick::SourceName(resolved->source);
  req.palette.path = std::move(resolved->path);
  return req;
}

absl::StatusOr<ResourceBytes> RenderExportResource(const contexts::Context& context,
                                                        const ResourceUri& uri,
                                                        Progress& progress) {
  // The query holds gaf_export's arguments as text; turn them back into JSON.
  json arguments = json::object();
  for (const auto& [key, value] : uri.query) {
    if (key == "export") {
      arguments["format"] = value;
    } else if (key == "frame" || key == "scale") {
      int n = 0;
      if (!absl::SimpleAtoi(value, &n) || n < 0 || (key == "scale" && (n < 1 || n > 8))) {
        return absl::InvalidArgumentError(absl::StrCat(key, "=", value, " is not valid"));
      }
      arguments[key] = n;
    } else if (key == "sequence" || key == "palette" || key == "transparency") {
      arguments[key] = value;
    } else {
      return absl::InvalidArgumentError(absl::StrCat("unknown parameter \"", key, "\""));
    }
  }
  if (!arguments.contains("format")) {
    return absl::InvalidArgumentError("a rendered resource needs export=png|gif|apng|sheet");
  }
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, uri.path);
  if (!opened.ok()) return opened.status();
  std::vector<std::string> warnings;
  absl::StatusOr<ExportRequest> request =
      ExportRequestFor(context, opened->asset.path, arguments, warnings);
  if (!request.ok()) return request.status();
  request->progress = &progress;
  absl::StatusOr<ExportResult> exported = GafExport(opened->asset, *request);
  if (!exported.ok()) return exported.status();
  return ResourceBytes{std::move(exported->image), exported->mime_type};
}

Tool GafListTool() {
  return {"gaf_list",
          "List a GAF's sequences",
          "The sequences (animations) of a GAF or TAF file: name, frame count, whether it loops, "
          "and its length in game ticks (1/30 s) and seconds.",
          InputSchema({{"context", ContextProperty()}, {"path", PathProperty("The .gaf or .taf file")}},
                      {"path"}),
          GafListOutput(),
          {},
          RunGafList};
}

Tool GafInfoTool() {
  return {"gaf_info",
          "Describe a GAF's frames",
          "Every frame header of a GAF/TAF (or of one sequence): size, origin, transparency key, "
          "storage (raw, compressed, argb4444, argb1555; zlib-rgba, zlib-rgb in a TA3D truecolor "
          "file), layers, blend byte and duration; "
          "decodes every frame and reports warnings and errors with their locations.",
          InputSchema({{"context", ContextProperty()},
                       {"path", PathProperty("The .gaf or .taf file")},
                       {"sequence", SequenceProperty()}},
                      {"path"}),
          GafInfoOutput(),
          {},
          RunGafInfo};
}

Tool GafExportTool() {
  return {
      "gaf_export",
      "Render a GAF as a picture",
      "Draws one frame (png) or a whole sequence (gif, apng, or sheet: every frame in a grid) "
      "of a GAF/TAF and returns the image. Transparency defaults to the context's game rule "
      "(game for TA, the corner guess heuristic for TA: Kingdoms); the palette to the "
      "context's chain (palette_candidates lists it: for TA: Kingdoms the asset's sidecar "
      ".pcx, palettes/NAME.pal, its side's palette, then palettes/palette.pal; for TA "
      "palettes/palette.pal), else the embedded TA palette. Use scale 2-8 for small "
      "sprites. Large exports come back as a resource_link plus a first-frame preview.",
      InputSchema(
          {{"context", ContextProperty()},
           {"path", PathProperty("The .gaf or .taf file")},
           {"sequence", SequenceProperty()},
           {"frame",
            {{"type", "integer"},
             {"minimum", 0},
             {"description", "The frame of a png export (default 0)"}}},
           {"format",
            {{"type", "string"},
             {"enum", {"png", "gif", "apng", "sheet"}},
             {"description", "png: one frame; gif/apng: the animation; sheet: all frames in "
                             "one png (default png)"}}},
           {"palette", PathProperty("A .pal or .pcx palette to draw with")},
           {"transparency",
            {{"anyOf",
              {{{"type", "string"}, {"pattern", "^(game|heuristic|none|[0-9]{1,3})$"}},
               {{"type", "integer"}, {"minimum", 0}, {"maximum", 255}}}},
             {"description", "game (the stored key), heuristic (corner guess), none, or a "
                             "palette index 0-255 drawn transparent"}}},
           {"scale",
            {{"type", "integer"},
             {"minimum", 1},
             {"maximum", 8},
             {"description", "Nearest-neighbour enlargement, 1-8 (default 1)"}}}},
          {"path"}),
      GafExportOutput(),
      {},
      RunGafExport};
}

}  // namespace kbot::tools
