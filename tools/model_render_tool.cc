#include "tools/model_render_tool.h"

#include <set>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "formats/gaf/render.h"
#include "formats/image/animation.h"
#include "formats/image/gif_encode.h"
#include "formats/image/png_encode.h"
#include "formats/model3do/render.h"
#include "formats/palette/palette.h"
#include "formats/tnt/nearest_colour.h"
#include "tools/image_result.h"
#include "tools/model_textures.h"
#include "tools/output_target.h"
#include "tools/picture_delivery.h"
#include "tools/tool_support.h"
#include "tools/unit_files.h"

namespace kbot::tools {

namespace {

constexpr int kMaxTurntableSteps = 72;
// The pixels of all a turntable's frames together (GAF animations' cap).
constexpr uint64_t kMaxTurntablePixels = gaf::kMaxAnimationPixels;
constexpr uint16_t kTicksPerStep = 3;  // 0.1 s a step: a turn in 3.6 s at 36 steps

json PieceNames(const char* description) {
  return {{"type", "array"}, {"items", {{"type", "string"}}}, {"description", description}};
}

// Which pieces are not drawn; InvalidArgument naming a piece the model lacks.
absl::StatusOr<std::vector<bool>> HiddenPieces(const model3do::Model& model,
                                               const std::string& path,
                                               const ModelRenderRequest& request) {
  std::set<std::string> names;
  for (const model3do::Piece& p : model.pieces) names.insert(absl::AsciiStrToLower(p.name));
  std::set<std::string> hide, only;
  for (auto [list, into] : {std::pair{&request.hide, &hide}, std::pair{&request.only, &only}}) {
    if (!*list) continue;
    for (const std::string& n : **list) {
      const std::string key = absl::AsciiStrToLower(n);
      if (!names.count(key)) {
        return absl::InvalidArgumentError(absl::StrCat(
            path, " has no piece ", n, " (it has ", absl::StrJoin(names, ", "), ")"));
      }
      into->insert(key);
    }
  }
  std::vector<bool> hidden;
  for (const model3do::Piece& p : model.pieces) {
    const std::string key = absl::AsciiStrToLower(p.name);
    hidden.push_back(hide.count(key) || (!only.empty() && !only.count(key)));
  }
  return hidden;
}

// A turntable frame mapped to the TA palette for a GIF: index 0 (black,
// which the shading also reaches) is kept for transparency.
image::IndexedPicture PalettedFrame(const image::RgbaPicture& frame, tnt::NearestColour& nearest) {
  image::IndexedPicture out(frame.width, frame.height, 0, 0, 0);
  for (size_t i = 0; i < frame.pixels(); ++i) {
    const uint8_t* px = &frame.rgba[4 * i];
    if (px[3] < 128) continue;
    out.index[i] = nearest.Find(px[0], px[1], px[2]);
    out.opaque[i] = 1;
  }
  return out;
}

absl::StatusOr<std::vector<uint8_t>> EncodeTurntable(const std::vector<model3do::Rendered>& frames,
                                                     bool gif, Progress& progress) {
  const int w = frames[0].picture.width, h = frames[0].picture.height;
  if (gif) {
    tnt::NearestColour nearest(palette::TaPalette());
    image::IndexedAnimation animation{w, h, {}, {}, true};
    for (const model3do::Rendered& f : frames) {
      animation.frames.push_back(PalettedFrame(f.picture, nearest));
      animation.ticks.push_back(kTicksPerStep);
    }
    return image::EncodeGif(animation, palette::TaPalette(), progress);
  }
  image::RgbaAnimation animation{w, h, {}, {}, true};
  for (const model3do::Rendered& f : frames) {
    animation.frames.push_back(f.picture);
    animation.ticks.push_back(kTicksPerStep);
  }
  absl::StatusOr<image::EncodedImage> apng = image::EncodeRgbaApng(animation);
  if (!apng.ok()) return apng.status();
  return std::vector<uint8_t>(apng->begin(), apng->end());
}

// The renderer's options from the request (keep_going is the caller's).
model3do::RenderOptions OptionsOf(const ModelRenderRequest& request, std::vector<bool> hidden,
                                  ModelTextures& textures) {
  model3do::RenderOptions o;
  o.width = request.width.value_or(kModelRenderSide);
  o.height = request.height.value_or(kModelRenderSide);
  if (request.yaw) o.view.yaw_degrees = *request.yaw;
  if (request.pitch) o.view.pitch_degrees = *request.pitch;
  o.wireframe = request.wireframe.value_or(false);
  o.hidden = std::move(hidden);
  o.find_texture = textures.Finder();
  o.palette = &textures.Palette();
  return o;
}

}  // namespace

const RequestTable<ModelRenderRequest>& ModelRenderTable() {
  static const RequestTable<ModelRenderRequest> table = [] {
    using R = ModelRenderRequest;
    RequestTable<R> t;
    AddAssetParams(t, "3DO, or unit name")
        .Add("yaw", &R::yaw, IntegerParam(-360, 360, "Degrees turned (default 0: front)"))
        .Add("pitch", &R::pitch, IntegerParam(0, 90, "Degrees down (default: game view)"))
        .Add("width", &R::width, IntegerParam(1, model3do::kMaxSide, "Px (256)"))
        .Add("height", &R::height, IntegerParam(1, model3do::kMaxSide, "Px (256)"))
        .Add("player", &R::player, IntegerParam(0, kMaxPlayer, "Team colour"))
        .Add("hide", &R::hide, PieceNames("Pieces not drawn"))
        .Add("only", &R::only, PieceNames("Only these pieces"))
        .Add("wireframe", &R::wireframe, BooleanParam("Edges only"))
        .Add("turntable", &R::turntable, IntegerParam(2, kMaxTurntableSteps, "Steps of a turn"))
        .Add("format", &R::format, EnumParam({"png", "apng", "gif"}, "Turntable: apng or gif"))
        .AddOutput("target", &R::target, TargetProperty());
    t.AddCheck([](const R& r) {
      if (r.format && *r.format != "png" && !r.turntable) {
        return absl::InvalidArgumentError(
            absl::StrCat("format ", *r.format, " is for a turntable: give turntable too"));
      }
      if (r.format && *r.format == "png" && r.turntable) {
        return absl::InvalidArgumentError("a turntable is apng or gif, not png");
      }
      // Every frame is kept until the animation is encoded.
      const uint64_t pixels = uint64_t(r.turntable.value_or(1)) *
                              r.width.value_or(kModelRenderSide) *
                              r.height.value_or(kModelRenderSide);
      if (r.turntable && pixels > kMaxTurntablePixels) {
        return absl::InvalidArgumentError(absl::StrCat(
            "a turntable of ", *r.turntable, " steps at ", r.width.value_or(kModelRenderSide),
            " x ", r.height.value_or(kModelRenderSide), " is ", pixels,
            " pixels, over the ", kMaxTurntablePixels, " kept at most: fewer steps or a smaller size"));
      }
      return absl::OkStatus();
    });
    return t;
  }();
  return table;
}

const ResultTable<ModelRenderSummary>& ModelRenderSummary::Fields() {
  using S = ModelRenderSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("format", &S::format, {{"enum", {"png", "apng", "gif"}}})
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("frames", &S::frames, CountSchema())
      .Add("scale", &S::scale, {{"type", "number"}})
      .Add("faces", &S::faces, CountSchema())
      .Add("bytes", &S::bytes, CountSchema(), false)
      .Add("missing_textures", &S::missing_textures, StringArraySchema())
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

absl::StatusOr<ModelRenderOutcome> RenderModelFile(const contexts::Context& context,
                                                   const ModelRenderRequest& request,
                                                   Progress& progress) {
  absl::StatusOr<ParsedAsset<model3do::Model>> opened = OpenModel(context, request.path);
  if (!opened.ok()) return opened.status();
  const model3do::Model& model = *opened->value;
  absl::StatusOr<std::vector<bool>> hidden = HiddenPieces(model, opened->path, request);
  if (!hidden.ok()) return InContext(context, hidden.status());
  absl::StatusOr<ModelTextures> textures =
      ModelTextures::Of(context, opened->path, request.player.value_or(0), progress);
  if (!textures.ok()) return InContext(context, textures.status());
  const int frames = request.turntable.value_or(1);
  // The renderer asks between pieces: that many questions in all.
  const uint64_t asks = uint64_t(frames) * (model.pieces.size() + 1);
  uint64_t asked = 0;
  model3do::RenderOptions options = OptionsOf(request, *std::move(hidden), *textures);
  options.keep_going = [&] { return progress.Report(++asked < asks ? asked : asks, asks); };
  absl::StatusOr<std::vector<model3do::Rendered>> drawn =
      request.turntable ? model3do::RenderTurntable(model, options, frames)
                        : [&]() -> absl::StatusOr<std::vector<model3do::Rendered>> {
    absl::StatusOr<model3do::Rendered> one = model3do::RenderModel(model, options);
    if (!one.ok()) return one.status();
    return std::vector<model3do::Rendered>{*std::move(one)};
  }();
  if (!drawn.ok()) return drawn.status();
  ModelRenderOutcome out;
  ModelRenderSummary& s = out.summary;
  s.path = opened->path;
  s.format = request.turntable ? request.format.value_or("apng") : "png";
  s.width = options.width;
  s.height = options.height;
  s.frames = frames;
  s.scale = drawn->front().scale;
  s.faces = drawn->front().faces_drawn;
  s.missing_textures = drawn->front().missing_textures;
  s.warnings = model.warnings;
  for (const std::string& p : textures->Problems()) s.warnings.push_back(p);
  if (request.turntable) {
    absl::StatusOr<std::vector<uint8_t>> bytes =
        EncodeTurntable(*drawn, s.format == "gif", NoProgress());
    if (!bytes.ok()) return bytes.status();
    out.bytes = *std::move(bytes);
    out.mime_type = s.format == "gif" ? "image/gif" : "image/png";
  } else {
    absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(drawn->front().picture);
    if (!png.ok()) return png.status();
    out.bytes.assign(png->begin(), png->end());
    out.mime_type = "image/png";
  }
  s.bytes = out.bytes.size();
  out.first = std::move(drawn->front().picture);
  return out;
}

namespace {

ToolResult DeliverModel(const contexts::Context& context, const ModelRenderRequest& request,
                        const ToolCall& call) {
  absl::StatusOr<ModelRenderOutcome> drawn = RenderModelFile(context, request, call.progress);
  if (!drawn.ok()) return ErrorResult(drawn.status());
  absl::StatusOr<std::optional<WrittenFile>> written =
      WriteTargetIfGiven(call.output, request.target, drawn->bytes);
  if (!written.ok()) return ErrorResult(written.status());
  const ModelRenderSummary& s = drawn->summary;
  ModelRenderRequest resolved = request;
  resolved.path = s.path;
  const std::string subject =
      request.turntable ? absl::StrCat(s.path, " turntable of ", s.frames, " steps") : s.path;
  ToolResult result = DeliverPicture(
      ModelRenderSummary::Fields().ToJson(s),
      {drawn->bytes, drawn->mime_type, s.width, s.height, subject,
       absl::StrCat("at ", absl::StrFormat("%.3g", s.scale), " px a unit"), s.format},
      call.limits,
      [&] {
        return PictureLink{PictureUri(context, kModelRenderExport, ModelRenderTable(), resolved),
                           absl::StrCat(s.path, " (", kModelRenderExport, ")"), "model picture"};
      },
      [&] { return AveragedPreview(drawn->first, call.limits); });
  return WithWritten(std::move(result), *written);
}

}  // namespace

Tool ModelRenderTool() {
  json output = PictureToolOutput(ModelRenderSummary::Fields().Schema());
  output["properties"]["written"] = WrittenSchema();
  Tool tool = MakeContextTool<ModelRenderRequest>(
      {"model_render", "Draw a unit model",
       "A 3DO model drawn (textures, team colour; game view or yaw/pitch), a turntable, or a "
       "wireframe.",
       {.long_running = true}},
      ModelRenderTable(), std::move(output), DeliverModel);
  tool.picture = MakePictureExport<ModelRenderRequest>(
      {kModelRenderExport}, "", ModelRenderTable(),
      [](const contexts::Context& context, const ModelRenderRequest& request,
         Progress& progress) -> absl::StatusOr<ResourceBytes> {
        absl::StatusOr<ModelRenderOutcome> drawn = RenderModelFile(context, request, progress);
        if (!drawn.ok()) return drawn.status();
        return ResourceBytes{std::move(drawn->bytes), drawn->mime_type};
      });
  return tool;
}

}  // namespace kbot::tools
