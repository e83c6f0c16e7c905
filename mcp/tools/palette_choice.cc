#include "mcp/tools/palette_choice.h"

#include "absl/strings/str_cat.h"
#include "formats/palette/palette.h"

namespace kbot::tools {

namespace {

constexpr const char* kPalettePal = "palettes/palette.pal";

// The palette in the file at `path`, reporting the file's own spelling.
absl::StatusOr<PaletteChoice> LoadFromContext(const contexts::Context& context,
                                              const std::string& path, const char* source) {
  absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(path);
  if (!file.ok()) return file.status();
  absl::StatusOr<palette::Palette> colors = palette::ParsePalette(file->bytes(), file->stat.path);
  if (!colors.ok()) return colors.status();
  PaletteChoice choice;
  choice.colors = *colors;
  choice.source = source;
  choice.path = file->stat.path;
  return choice;
}

}  // namespace

std::vector<PaletteCandidate> PaletteCandidates(const contexts::Context& context,
                                                const std::optional<std::string>& override_path) {
  std::vector<PaletteCandidate> out;
  if (override_path) {
    absl::StatusOr<PaletteChoice> c = LoadFromContext(context, *override_path, "override");
    out.push_back({"override", c.ok() ? c->path : override_path, c.ok(),
                   c.ok() ? "" : std::string(c.status().message())});
  }
  if (context.vfs->Stat(kPalettePal).ok()) {
    absl::StatusOr<PaletteChoice> c = LoadFromContext(context, kPalettePal, "palette-pal");
    out.push_back({"palette-pal", c.ok() ? c->path : kPalettePal, c.ok(),
                   c.ok() ? "" : std::string(c.status().message())});
  }
  out.push_back({"embedded", std::nullopt, true, ""});
  return out;
}

absl::StatusOr<PaletteChoice> ChoosePalette(const contexts::Context& context,
                                            const std::optional<std::string>& override_path,
                                            std::vector<std::string>& warnings) {
  if (override_path) {
    absl::StatusOr<PaletteChoice> c = LoadFromContext(context, *override_path, "override");
    if (!c.ok()) return absl::InvalidArgumentError(absl::StrCat("palette: ", c.status().message()));
    return c;
  }
  if (context.vfs->Stat(kPalettePal).ok()) {
    absl::StatusOr<PaletteChoice> c = LoadFromContext(context, kPalettePal, "palette-pal");
    if (c.ok()) return c;
    warnings.push_back(absl::StrCat("skipped ", kPalettePal, ": ", c.status().message()));
  }
  return PaletteChoice{};
}

}  // namespace kbot::tools
