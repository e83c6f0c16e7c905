#include "tools/gaf_tools.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "base/near_names.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "formats/gaf/ta3d_frame.h"
#include "formats/image/gif_encode.h"
#include "formats/image/png_encode.h"
#include "formats/image/scale.h"
#include "formats/image/numbered_sheet.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {

absl::StatusOr<EncodedExport> ExportFrame(const Asset& asset, const gaf::Sequence& seq, size_t s,
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
  return EncodedExport{*std::move(png), width, height, 1, req.scale};
}

template <typename Animation>
absl::Status ScaleInPlace(Animation& animation, int factor) {
  absl::StatusOr<Animation> scaled = image::ScaleNearest(animation, factor);
  if (!scaled.ok()) return scaled.status();
  animation = *std::move(scaled);
  return absl::OkStatus();
}

// The palette entry nearest to (r, g, b): a sheet's numbers are drawn in
// the palette's own white on its own black, so the sheet stays indexed.
uint8_t NearestEntry(const palette::Palette& palette, int r, int g, int b) {
  int best = 0, best_distance = INT_MAX;
  for (int i = 0; i < 256; ++i) {
    const palette::Rgb c = palette.colors[size_t(i)];
    const int d = (c.r - r) * (c.r - r) + (c.g - g) * (c.g - g) + (c.b - b) * (c.b - b);
    if (d < best_distance) best = i, best_distance = d;
  }
  return uint8_t(best);
}

// The numbered sheet of `anim` (not yet scaled) at the request's scale, or
// fitted to kSheetWidth when none was given.
absl::StatusOr<image::EncodedImage> EncodeSheet(const gaf::SequenceAnimation& anim,
                                                const ExportRequest& req, EncodedExport& out,
                                                const image::PngOptions& options) {
  out.scale = req.fit_sheet ? image::NumberedSheetScale(anim.frames(), anim.width(),
                                                        anim.height(), kSheetWidth,
                                                        kSheetMaxHeight)
                            : req.scale;
  if (anim.truecolor) {
    absl::StatusOr<image::RgbaPicture> sheet =
        image::MakeNumberedSheet(anim.rgba, out.scale, image::kMaxScaledPixels);
    if (!sheet.ok()) return sheet.status();
    out.width = sheet->width;
    out.height = sheet->height;
    return image::EncodeRgbaPng(*sheet, options);
  }
  const palette::Palette& colors = req.palette.colors;
  absl::StatusOr<image::IndexedPicture> sheet = image::MakeNumberedSheet(
      anim.indexed, out.scale, NearestEntry(colors, 255, 255, 255), NearestEntry(colors, 0, 0, 0),
      image::kMaxScaledPixels);
  if (!sheet.ok()) return sheet.status();
  out.width = sheet->width;
  out.height = sheet->height;
  return image::EncodeIndexedPng(*sheet, colors, options);
}

absl::StatusOr<EncodedExport> ExportSequence(const Asset& asset, const gaf::Gaf& gaf, size_t s,
                                       const ExportRequest& req, gaf::Warnings* warnings) {
  Progress& job = req.progress != nullptr ? *req.progress : NoProgress();
  const uint64_t n = gaf.sequences[s].frames.size();
  StageProgress rendering(job, 0, 2 * n), encoding(job, n, 2 * n);
  absl::StatusOr<gaf::SequenceAnimation> anim = gaf::RenderSequence(
      asset.bytes, gaf, s, req.transparency, asset.path, warnings, rendering);
  if (!anim.ok()) return anim.status();
  // A sheet scales its frames as it lays them out.
  if (req.scale != 1 && req.format != ExportFormat::kSheet) {
    absl::Status scaled = anim->truecolor ? ScaleInPlace(anim->rgba, req.scale)
                                          : ScaleInPlace(anim->indexed, req.scale);
    if (!scaled.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(asset.path, ": sequence ", s, ": ", scaled.message()));
    }
  }
  image::PngOptions png_options, sheet_options;
  png_options.progress = &encoding;
  // A sheet is one picture: its rows are the encoding stage's n units.
  ScaledStage sheet_rows(job, n, n, 2 * n);
  sheet_options.progress = &sheet_rows;
  EncodedExport out;
  out.frames = anim->frames();
  out.scale = req.scale;
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
      bytes = EncodeSheet(*anim, req, out, sheet_options);
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

}  // namespace

absl::StatusOr<gaf::Gaf> ReadGafAsset(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, kGafKinds); !s.ok()) return s;
  return gaf::ReadGaf(asset.bytes, asset.path);
}

std::string DumpJson(const json& value, int indent) {
  return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

absl::StatusOr<size_t> SelectSequence(const gaf::Gaf& gaf, const Asset& asset,
                                      const std::optional<std::string>& sequence) {
  if (gaf.sequences.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(asset.path, ": the file has no sequences"));
  }
  if (!sequence) return 0;
  std::optional<size_t> found = gaf::FindSequence(gaf, *sequence);
  if (!found) {
    std::vector<std::string> names;
    for (const gaf::Sequence& s : gaf.sequences) names.push_back(s.name);
    return absl::NotFoundError(absl::StrCat(asset.path, ": no sequence \"", *sequence,
                                            "\" (the file has ", gaf.sequences.size(),
                                            ", indexed from 0; gaf_list names them)",
                                            DidYouMean(NearNames(*sequence, names, 3), "\"")));
  }
  return *found;
}

bool DecodeFrames(const Asset& asset, const gaf::Gaf& gaf, size_t first, size_t last,
                  DecodeReport& report, Progress& progress) {
  const uint64_t budget = PixelBudget(asset, gaf);
  uint64_t claimed = 0, total = 0, done = 0;
  for (size_t s = first; s < last; ++s) total += gaf.sequences[s].frames.size();
  for (size_t s = first; s < last; ++s) {
    const gaf::Sequence& seq = gaf.sequences[s];
    for (size_t f = 0; f < seq.frames.size(); ++f, ++done) {
      if (done > 0 && !progress.Report(done, total,
                                       absl::StrCat("decoded frame ", done, " of ", total))) {
        return false;
      }
      claimed += seq.frames[f].info.pixels();
      if (claimed > budget) {
        report.errors.push_back(absl::StrCat(
            asset.path, ": sequence ", s, " frame ", f,
            ": stopped decoding: the frames claim over ", budget, " pixels, more than a ",
            asset.bytes.size(), "-byte file can hold"));
        return true;
      }
      ++report.frames;
      // What drawing the frame would report, without drawing it.
      absl::StatusOr<uint64_t> pixels = gaf::CheckFrame(
          asset.bytes, seq.frames[f].info, gaf::FrameLocation{asset.path, s, f}, &report.warnings);
      if (pixels.ok()) {
        report.pixels += *pixels;
      } else {
        report.errors.push_back(std::string(pixels.status().message()));
      }
    }
  }
  return progress.Report(total, total, absl::StrCat("decoded ", total, " frames"));
}

const char* ExportFormatName(ExportFormat f) {
  switch (f) {
    case ExportFormat::kPng: return "png";
    case ExportFormat::kGif: return "gif";
    case ExportFormat::kApng: return "apng";
    case ExportFormat::kSheet: return "sheet";
  }
  return "png";
}

absl::StatusOr<EncodedExport> EncodeExport(const Asset& asset, const gaf::Gaf& gaf, size_t s,
                                           const ExportRequest& req, gaf::Warnings* warnings) {
  return req.format == ExportFormat::kPng
             ? ExportFrame(asset, gaf.sequences[s], s, req, warnings)
             : ExportSequence(asset, gaf, s, req, warnings);
}

absl::StatusOr<ExportFormat> ParseExportFormat(const std::string& text) {
  if (text == "png") return ExportFormat::kPng;
  if (text == "gif") return ExportFormat::kGif;
  if (text == "apng") return ExportFormat::kApng;
  if (text == "sheet") return ExportFormat::kSheet;
  return absl::InvalidArgumentError(
      absl::StrCat("format \"", text, "\" is not png, gif, apng or sheet"));
}

json GafCheckFile(const Asset& asset) {
  absl::StatusOr<gaf::Gaf> gaf = ReadGafAsset(asset);
  if (!gaf.ok()) {
    json report = {{"path", asset.path}, {"sequences", 0}, {"frames", 0}, {"pixels", 0}};
    report["warnings"] = json::array();
    report["errors"] = {std::string(gaf.status().message())};
    return report;
  }
  return GafCheckFile(asset, *gaf);
}

json GafCheckFile(const Asset& asset, const gaf::Gaf& gaf) {
  json report = {{"path", asset.path}, {"sequences", 0}, {"frames", 0}, {"pixels", 0}};
  DecodeReport decoded;
  decoded.warnings = gaf.warnings;
  DecodeFrames(asset, gaf, 0, gaf.sequences.size(), decoded);
  report["variant"] = gaf::VariantName(gaf.variant);
  report["sequences"] = gaf.sequences.size();
  report["frames"] = decoded.frames;
  report["pixels"] = decoded.pixels;
  report["warnings"] = decoded.warnings;
  report["errors"] = decoded.errors;
  return report;
}

json GafCheckFailure(const std::string& path, const std::string& why) {
  return json{{"path", path}, {"sequences", 0},           {"frames", 0},
              {"pixels", 0},  {"warnings", json::array()}, {"errors", {why}}};
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
