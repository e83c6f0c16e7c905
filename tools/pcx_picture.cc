#include "tools/pcx_picture.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/image/png_encode.h"
#include "formats/palette/palette.h"
#include "formats/pcx/pcx.h"
#include "palettepick/resolver.h"

namespace kbot::tools {

namespace {

struct ChosenPalette {
  palette::Palette colors;
  std::string source;
  std::optional<std::string> path;
};

// The palette a given path names, read by `read` (a plain file's folder).
absl::StatusOr<ChosenPalette> GivenPalette(const std::string& path, const ReadBytes& read) {
  absl::StatusOr<contexts::Blob> bytes = read(path);
  if (!bytes.ok()) {
    return absl::Status(bytes.status().code(),
                        absl::StrCat("palette ", path, ": ", bytes.status().message()));
  }
  absl::StatusOr<palette::Palette> colors = palette::ParsePalette(bytes->bytes(), path);
  if (!colors.ok()) return colors.status();
  return ChosenPalette{*colors, "override", path};
}

// What draws an indexed picture without its own trailer, or when a palette
// is given: the chain in a context; else the given one or the TA palette.
absl::StatusOr<ChosenPalette> OtherPalette(const Asset& asset,
                                           const std::optional<std::string>& palette,
                                           const ReadBytes& read,
                                           const contexts::Context* context,
                                           std::vector<std::string>& warnings) {
  if (context == nullptr) {
    if (palette) return GivenPalette(*palette, read);
    return ChosenPalette{palette::TaPalette(), "embedded", std::nullopt};
  }
  absl::StatusOr<palettepick::Resolved> resolved =
      palettepick::Resolve(*context->vfs, context->game, asset.path, palette, warnings);
  if (!resolved.ok()) return resolved.status();
  return ChosenPalette{resolved->palette, palettepick::SourceName(resolved->source),
                       std::move(resolved->path)};
}

// The reader's "no palette ... the picture has indices only" said again with
// the palette the picture was drawn with instead.
void NoteNoTrailer(PcxDrawing& out) {
  std::erase_if(out.warnings, [](const std::string& w) {
    return absl::StartsWith(w, "no 256-colour palette at the end");
  });
  out.warnings.push_back(absl::StrCat(
      "no 256-colour palette at the end (no 0x0c marker at fileSize - 769): drawn with the ",
      *out.palette_source, " palette", out.palette ? absl::StrCat(" ", *out.palette) : ""));
}

const char* ColorOf(pcx::Kind kind) {
  switch (kind) {
    case pcx::Kind::kIndexed: return "indexed";
    case pcx::Kind::kRgb: return "rgb";
    case pcx::Kind::kRgba: return "rgba";
  }
  return "indexed";
}

}  // namespace

absl::StatusOr<PcxDrawing> DrawPcx(const Asset& asset, const std::optional<std::string>& palette,
                                   const ReadBytes& read, const contexts::Context* context) {
  absl::StatusOr<pcx::Header> header = pcx::ReadHeader(asset.bytes, asset.path);
  if (!header.ok()) return header.status();
  PcxDrawing out;
  if (header->planes != 1) {
    if (palette) {
      return absl::InvalidArgumentError(absl::StrCat(
          asset.path, ": a palette is for 8-bit PCX pictures; this one holds its colours (",
          header->planes == 3 ? "24" : "32", "-bit)"));
    }
    absl::StatusOr<pcx::Picture> picture = pcx::ReadPcx(asset.bytes, asset.path);
    if (!picture.ok()) return picture.status();
    out.picture = std::move(picture->rgba);
    out.color = ColorOf(picture->kind);
    out.warnings = std::move(picture->warnings);
    return out;
  }
  // The trailer is looked for first: the chain runs only for a file without
  // one (it reads and may warn about files of its own).
  absl::StatusOr<pcx::Picture> picture = pcx::ReadPcx(asset.bytes, asset.path);
  if (!picture.ok()) return picture.status();
  out.color = ColorOf(picture->kind);
  out.warnings = std::move(picture->warnings);
  palette::Palette colors;
  if (picture->palette_source == pcx::PaletteSource::kTrailer && !palette) {
    colors = *picture->palette;
    out.palette_source = "trailer";
  } else {
    absl::StatusOr<ChosenPalette> chosen =
        OtherPalette(asset, palette, read, context, out.warnings);
    if (!chosen.ok()) return chosen.status();
    colors = chosen->colors;
    out.palette_source = chosen->source;
    out.palette = std::move(chosen->path);
    if (picture->palette_source == pcx::PaletteSource::kNone) NoteNoTrailer(out);
  }
  out.picture = image::ToRgba(picture->indexed, colors);
  return out;
}

}  // namespace kbot::tools
