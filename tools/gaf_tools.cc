#include "tools/gaf_tools.h"

#include <algorithm>
#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "formats/gaf/ta3d_frame.h"
#include "formats/image/gif_encode.h"
#include "formats/image/png_encode.h"
#include "formats/image/scale.h"
#include "formats/image/sheet.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {

double Seconds(uint64_t ticks) {
  return std::round(double(ticks) * 1000.0 / image::kTicksPerSecond) / 1000.0;
}

absl::StatusOr<size_t> SelectSequence(const gaf::Gaf& gaf, const Asset& asset,
                                      const std::optional<std::string>& sequence) {
  if (gaf.sequences.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(asset.path, ": the file has no sequences"));
  }
  if (!sequence) return 0;
  std::optional<size_t> found = gaf::FindSequence(gaf, *sequence);
  if (!found) {
    return absl::NotFoundError(absl::StrCat(asset.path, ": no sequence \"", *sequence,
                                            "\" (the file has ", gaf.sequences.size(),
                                            ", indexed from 0; gaf_list names them)"));
  }
  return *found;
}

json FrameHeaderJson(const gaf::FrameInfo& info) {
  return json{{"width", info.width},
              {"height", info.height},
              {"origin_x", info.origin_x},
              {"origin_y", info.origin_y},
              {"transparency", info.transparency},
              {"storage", std::string(gaf::StorageName(info.storage()))},
              {"storage_byte", info.storage_byte},
              {"layers", info.layer_count},
              {"blend", info.blend},
              {"unknown12", info.unknown12},
              {"unknown20", info.unknown20}};
}

json FrameJson(size_t index, const gaf::Frame& frame) {
  json j = json{{"index", index}};
  j.update(FrameHeaderJson(frame.info));
  j["duration"] = frame.duration;
  j["duration_ticks"] = frame.ticks();
  if (frame.info.layered()) {
    json layers = json::array();
    for (const gaf::FrameInfo& layer : frame.info.layers) layers.push_back(FrameHeaderJson(layer));
    j["layer_frames"] = std::move(layers);
  }
  return j;
}

// PNG colour type, from the IHDR that every PNG starts with.
std::string PngColor(const std::vector<uint8_t>& png) {
  return png.size() > 25 && png[25] == 3 ? "indexed" : "rgba";
}

struct Encoded {
  std::vector<uint8_t> bytes;
  int width = 0, height = 0;
  size_t frames = 1;
};

absl::StatusOr<Encoded> ExportFrame(const Asset& asset, const gaf::Sequence& seq, size_t s,
                                    const ExportRequest& req, gaf::Warnings* warnings) {
  const int f = req.frame.value_or(0);
  if (f < 0 || size_t(f) >= seq.frames.size()) {
    return absl::NotFoundError(absl::StrCat(asset.path, ": sequence ", s, " has ",
                                            seq.frames.size(), " frame(s); frame ", f,
                                            " does not exist"));
  }
  const gaf::FrameLocation where{asset.path, s, size_t(f)};
  absl::StatusOr<gaf::FramePicture> pic =
      gaf::RenderFrame(asset.bytes, seq.frames[f].info, req.transparency, where, warnings);
  if (!pic.ok()) return pic.status();
  if (pic->width() == 0 || pic->height() == 0) {
    return where.Error(absl::StrCat("the frame is empty (", seq.frames[f].info.width, " x ",
                                    seq.frames[f].info.height, "): nothing to export"));
  }
  absl::StatusOr<image::EncodedImage> png;
  int width = 0, height = 0;
  if (pic->truecolor) {
    absl::StatusOr<image::RgbaPicture> scaled = image::ScaleNearest(pic->rgba, req.scale);
    if (!scaled.ok()) return where.Error(scaled.status().message());
    width = scaled->width;
    height = scaled->height;
    png = image::EncodeRgbaPng(*scaled);
  } else {
    absl::StatusOr<image::IndexedPicture> scaled = image::ScaleNearest(pic->indexed, req.scale);
    if (!scaled.ok()) return where.Error(scaled.status().message());
    width = scaled->width;
    height = scaled->height;
    png = image::EncodeIndexedPng(*scaled, req.palette.colors);
  }
  if (!png.ok()) return png.status();
  return Encoded{*std::move(png), width, height, 1};
}

template <typename Animation>
absl::Status ScaleInPlace(Animation& animation, int factor) {
  absl::StatusOr<Animation> scaled = image::ScaleNearest(animation, factor);
  if (!scaled.ok()) return scaled.status();
  animation = *std::move(scaled);
  return absl::OkStatus();
}

absl::StatusOr<Encoded> ExportSequence(const Asset& asset, const gaf::Gaf& gaf, size_t s,
                                       const ExportRequest& req, gaf::Warnings* warnings) {
  Progress& job = req.progress != nullptr ? *req.progress : NoProgress();
  const uint64_t n = gaf.sequences[s].frames.size();
  StageProgress rendering(job, 0, 2 * n), encoding(job, n, 2 * n);
  absl::StatusOr<gaf::SequenceAnimation> anim = gaf::RenderSequence(
      asset.bytes, gaf, s, req.transparency, asset.path, warnings, rendering);
  if (!anim.ok()) return anim.status();
  if (req.scale != 1) {
    absl::Status scaled = anim->truecolor ? ScaleInPlace(anim->rgba, req.scale)
                                          : ScaleInPlace(anim->indexed, req.scale);
    if (!scaled.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(asset.path, ": sequence ", s, ": ", scaled.message()));
    }
  }
  image::PngOptions png_options;
  png_options.progress = &encoding;
  Encoded out;
  out.frames = anim->frames();
  absl::StatusOr<image::EncodedImage> bytes;
  switch (req.format) {
    case ExportFormat::kGif:
      if (anim->truecolor) {
        return absl::InvalidArgumentError(absl::StrCat(
            asset.path, ": sequence ", s,
            " is truecolor (ARGB); a GIF cannot hold it: export apng, png or sheet"));
      }
      bytes = image::EncodeGif(anim->indexed, req.palette.colors, encoding);
      break;
    case ExportFormat::kApng:
      bytes = anim->truecolor
                  ? image::EncodeRgbaApng(anim->rgba, png_options)
                  : image::EncodeIndexedApng(anim->indexed, req.palette.colors, png_options);
      break;
    default:
      if (anim->truecolor) {
        image::RgbaPicture sheet = image::MakeSheet(anim->rgba);
        out.width = sheet.width;
        out.height = sheet.height;
        bytes = image::EncodeRgbaPng(sheet);
      } else {
        image::IndexedPicture sheet = image::MakeSheet(anim->indexed);
        out.width = sheet.width;
        out.height = sheet.height;
        bytes = image::EncodeIndexedPng(sheet, req.palette.colors);
      }
      break;
  }
  if (!bytes.ok()) {
    if (bytes.status().code() == absl::StatusCode::kCancelled) return bytes.status();
    return absl::Status(bytes.status().code(),
                        absl::StrCat(asset.path, ": sequence ", s, ": ", bytes.status().message()));
  }
  if (req.format != ExportFormat::kSheet) {
    out.width = anim->width();
    out.height = anim->height();
  }
  out.bytes = *std::move(bytes);
  return out;
}

// What decoding every frame of some sequences found.
struct DecodeReport {
  gaf::Warnings warnings;
  std::vector<std::string> errors;
  uint64_t frames = 0;
  uint64_t pixels = 0;
};

// Every stock file draws at most 127 pixels per byte it holds (raw frames one),
// so a file whose frames claim far more is sharing frames to make the reader
// work for nothing; decoding stops there. A TA3D file's zlib frames can draw
// as many pixels a byte as an RGB stream expands. The floor leaves room for
// the frames an honest small file reuses.
uint64_t PixelBudget(const Asset& asset, const gaf::Gaf& gaf) {
  const uint64_t per_byte =
      gaf.variant == gaf::Variant::kTa3dTruecolor ? gaf::kMaxInflateRatio / 3 : 256;
  return std::max<uint64_t>(gaf::kMaxFramePixels, per_byte * uint64_t(asset.bytes.size()));
}

// Decodes sequences [first, last) by the game's rule: what gaf_info and
// gaf check report beyond the headers (short rows, data past the end,
// refused layers).
void DecodeFrames(const Asset& asset, const gaf::Gaf& gaf, size_t first, size_t last,
                  DecodeReport& report) {
  const uint64_t budget = PixelBudget(asset, gaf);
  uint64_t claimed = 0;
  for (size_t s = first; s < last; ++s) {
    const gaf::Sequence& seq = gaf.sequences[s];
    for (size_t f = 0; f < seq.frames.size(); ++f) {
      claimed += seq.frames[f].info.pixels();
      if (claimed > budget) {
        report.errors.push_back(absl::StrCat(
            asset.path, ": sequence ", s, " frame ", f, ": stopped decoding: the frames claim over ",
            budget, " pixels, more than a ", asset.bytes.size(), "-byte file can hold"));
        return;
      }
      ++report.frames;
      absl::StatusOr<gaf::FramePicture> pic =
          gaf::RenderFrame(asset.bytes, seq.frames[f].info, gaf::Transparency::Game(),
                           gaf::FrameLocation{asset.path, s, f}, &report.warnings);
      if (pic.ok()) {
        report.pixels += uint64_t(pic->width()) * uint64_t(pic->height());
      } else {
        report.errors.push_back(std::string(pic.status().message()));
      }
    }
  }
}

const char* FormatName(ExportFormat f) {
  switch (f) {
    case ExportFormat::kPng: return "png";
    case ExportFormat::kGif: return "gif";
    case ExportFormat::kApng: return "apng";
    case ExportFormat::kSheet: return "sheet";
  }
  return "png";
}

}  // namespace

absl::StatusOr<gaf::Gaf> ReadGafAsset(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, kGafKinds); !s.ok()) return s;
  return gaf::ReadGaf(asset.bytes, asset.path);
}

std::string DumpJson(const json& value, int indent) {
  return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

absl::StatusOr<json> GafList(const Asset& asset) {
  absl::StatusOr<gaf::Gaf> gaf = ReadGafAsset(asset);
  if (!gaf.ok()) return gaf.status();
  json sequences = json::array();
  for (size_t i = 0; i < gaf->sequences.size(); ++i) {
    const gaf::Sequence& seq = gaf->sequences[i];
    const uint64_t ticks = seq.total_ticks();
    sequences.push_back(json{{"index", i},
                             {"name", seq.name},
                             {"frames", seq.frames.size()},
                             {"loops", seq.loops()},
                             {"loop_flags", seq.loop_flags},
                             {"unknown4", seq.unknown4},
                             {"duration_ticks", ticks},
                             {"duration_sec", Seconds(ticks)}});
  }
  return json{{"path", asset.path},
              {"version", gaf->version},
              {"variant", gaf::VariantName(gaf->variant)},
              {"warnings", gaf->warnings},
              {"sequences", std::move(sequences)}};
}

absl::StatusOr<json> GafInfo(const Asset& asset, const std::optional<std::string>& sequence) {
  absl::StatusOr<gaf::Gaf> gaf = ReadGafAsset(asset);
  if (!gaf.ok()) return gaf.status();
  size_t first = 0, last = gaf->sequences.size();
  if (sequence) {
    absl::StatusOr<size_t> s = SelectSequence(*gaf, asset, sequence);
    if (!s.ok()) return s.status();
    first = *s;
    last = *s + 1;
  }
  DecodeReport report;
  report.warnings = gaf->warnings;
  DecodeFrames(asset, *gaf, first, last, report);
  json sequences = json::array();
  for (size_t s = first; s < last; ++s) {
    const gaf::Sequence& seq = gaf->sequences[s];
    json frames = json::array();
    for (size_t f = 0; f < seq.frames.size(); ++f) frames.push_back(FrameJson(f, seq.frames[f]));
    sequences.push_back(json{{"index", s},
                             {"name", seq.name},
                             {"loop_flags", seq.loop_flags},
                             {"unknown4", seq.unknown4},
                             {"loops", seq.loops()},
                             {"frames", std::move(frames)}});
  }
  return json{{"path", asset.path},
              {"version", gaf->version},
              {"variant", gaf::VariantName(gaf->variant)},
              {"warnings", report.warnings},
              {"errors", report.errors},
              {"sequences", std::move(sequences)}};
}

absl::StatusOr<ExportFormat> ParseExportFormat(const std::string& text) {
  if (text == "png") return ExportFormat::kPng;
  if (text == "gif") return ExportFormat::kGif;
  if (text == "apng") return ExportFormat::kApng;
  if (text == "sheet") return ExportFormat::kSheet;
  return absl::InvalidArgumentError(
      absl::StrCat("format \"", text, "\" is not png, gif, apng or sheet"));
}

absl::StatusOr<ExportResult> GafExport(const Asset& asset, const ExportRequest& req) {
  absl::StatusOr<gaf::Gaf> gaf = ReadGafAsset(asset);
  if (!gaf.ok()) return gaf.status();
  absl::StatusOr<size_t> s = SelectSequence(*gaf, asset, req.sequence);
  if (!s.ok()) return s.status();
  const gaf::Sequence& seq = gaf->sequences[*s];
  gaf::Warnings warnings = gaf->warnings;
  absl::StatusOr<Encoded> encoded = req.format == ExportFormat::kPng
                                        ? ExportFrame(asset, seq, *s, req, &warnings)
                                        : ExportSequence(asset, *gaf, *s, req, &warnings);
  if (!encoded.ok()) return encoded.status();

  ExportResult result;
  const bool gif = req.format == ExportFormat::kGif;
  result.mime_type = gif ? "image/gif" : "image/png";
  json palette_json = {{"source", req.palette.source}, {"path", nullptr}};
  if (req.palette.path) palette_json["path"] = *req.palette.path;
  result.structured = json{
      {"path", asset.path},
      {"sequence", *s},
      {"sequence_name", seq.name},
      {"frame", req.format == ExportFormat::kPng ? json(req.frame.value_or(0)) : json(nullptr)},
      {"format", FormatName(req.format)},
      {"width", encoded->width},
      {"height", encoded->height},
      {"frames", encoded->frames},
      {"transparency", req.transparency.Name()},
      {"scale", req.scale},
      {"palette", std::move(palette_json)},
      {"mime_type", result.mime_type},
      {"color", gif ? "indexed" : PngColor(encoded->bytes)},
      {"bytes", encoded->bytes.size()},
      {"warnings", warnings}};
  result.image = std::move(encoded->bytes);
  return result;
}

json GafCheckFile(const Asset& asset) {
  json report = {{"path", asset.path}, {"sequences", 0}, {"frames", 0}, {"pixels", 0}};
  absl::StatusOr<gaf::Gaf> gaf = ReadGafAsset(asset);
  if (!gaf.ok()) {
    report["warnings"] = json::array();
    report["errors"] = {std::string(gaf.status().message())};
    return report;
  }
  DecodeReport decoded;
  decoded.warnings = gaf->warnings;
  DecodeFrames(asset, *gaf, 0, gaf->sequences.size(), decoded);
  report["variant"] = gaf::VariantName(gaf->variant);
  report["sequences"] = gaf->sequences.size();
  report["frames"] = decoded.frames;
  report["pixels"] = decoded.pixels;
  report["warnings"] = decoded.warnings;
  report["errors"] = decoded.errors;
  return report;
}

json GafCheckSummary(const std::vector<json>& files) {
  uint64_t sequences = 0, frames = 0, pixels = 0, warnings = 0, errors = 0;
  for (const json& f : files) {
    sequences += f["sequences"].get<uint64_t>();
    frames += f["frames"].get<uint64_t>();
    pixels += f["pixels"].get<uint64_t>();
    warnings += f["warnings"].size();
    errors += f["errors"].size();
  }
  return json{{"files", files},
              {"summary",
               {{"files", files.size()},
                {"sequences", sequences},
                {"frames", frames},
                {"pixels", pixels},
                {"warnings", warnings},
                {"errors", errors}}}};
}

}  // namespace kbot::tools
