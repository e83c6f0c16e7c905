#include "formats/gta/picture.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"

namespace kbot::gta {

namespace {

// "some/dir\\Cut3.Rat" -> "CUT3".
std::string BaseName(absl::string_view file_name) {
  const size_t slash = file_name.find_last_of("/\\");
  if (slash != absl::string_view::npos) file_name.remove_prefix(slash + 1);
  const size_t dot = file_name.find('.');
  if (dot != absl::string_view::npos) file_name = file_name.substr(0, dot);
  return absl::AsciiStrToUpper(file_name);
}

// `base` is prefix followed by one digit in first..last.
bool NumberedName(absl::string_view base, absl::string_view prefix, char first, char last) {
  return base.size() == prefix.size() + 1 && absl::StartsWith(base, prefix) &&
         base.back() >= first && base.back() <= last;
}

absl::StatusOr<PictureSize> SizeFor(absl::string_view name, std::optional<PictureSize> size) {
  if (size.has_value()) {
    if (size->width <= 0 || size->height <= 0 || size->width > 0x4000 || size->height > 0x4000) {
      return ErrorIn(name, "", absl::StrCat("a picture size of ", size->width, " x ",
                                            size->height, " is outside 1..16384 a side"));
    }
    return *size;
  }
  std::optional<PictureSize> known = KnownPictureSize(name);
  if (!known.has_value()) {
    return ErrorIn(name, "",
                   "the size of a RAW/RAT picture comes from its name (F_UPPER, F_LOGO0..7, "
                   "F_LOWER0/1, CUT0..5, F_PLAY1..8, F_PLAYN, F_RSTAR, F_RSTARN); give it for "
                   "any other name");
  }
  return *known;
}

absl::Status CheckCount(absl::string_view name, absl::string_view kind, PictureSize size,
                        int bytes_per_pixel, size_t actual) {
  const size_t expected = size_t(size.width) * size_t(size.height) * size_t(bytes_per_pixel);
  if (actual == expected) return absl::OkStatus();
  return ErrorIn(name, "", absl::StrCat("a ", size.width, " x ", size.height, " ", kind,
                                        " picture is ", expected, " bytes (", bytes_per_pixel,
                                        " a pixel), the file is ", actual));
}

}  // namespace

std::optional<PictureSize> KnownPictureSize(absl::string_view file_name) {
  const std::string base = BaseName(file_name);
  if (base == "F_UPPER" || NumberedName(base, "F_LOGO", '0', '7')) return kUpperPicture;
  if (NumberedName(base, "F_LOWER", '0', '1')) return kLowerPicture;
  if (NumberedName(base, "CUT", '0', '5')) return kCutPicture;
  if (NumberedName(base, "F_PLAY", '1', '8')) return kPlayerPicture;
  if (base == "F_PLAYN") return kPlayerNamePicture;
  if (base == "F_RSTAR" || base == "F_RSTARN") return kStarPicture;
  return std::nullopt;
}

std::string RatPaletteName(absl::string_view file_name) {
  const std::string base = BaseName(file_name);
  if (NumberedName(base, "CUT", '0', '5')) return absl::StrCat(base, ".ACT");
  return "F_PAL.RAW";
}

absl::StatusOr<image::RgbaPicture> ReadRawPicture(Bytes file, absl::string_view name,
                                                  std::optional<PictureSize> size) {
  absl::StatusOr<PictureSize> s = SizeFor(name, size);
  if (!s.ok()) return s.status();
  if (absl::Status c = CheckCount(name, "RAW (24-bit RGB)", *s, 3, file.size()); !c.ok()) {
    return c;
  }
  return image::RgbaFromRgb(s->width, s->height, file.data());
}

absl::StatusOr<palette::Palette> ReadRgbPalette(Bytes file, absl::string_view name) {
  if (file.size() != kRgbPaletteSize) {
    return ErrorIn(name, "", absl::StrCat("a RAT palette is 768 bytes (256 x R, G, B), the "
                                          "file is ", file.size()));
  }
  palette::Palette p;
  for (int i = 0; i < 256; ++i) {
    p.colors[i] = palette::Rgb{file[3 * i], file[3 * i + 1], file[3 * i + 2]};
  }
  return p;
}

absl::StatusOr<image::IndexedPicture> ReadRatPicture(Bytes file, absl::string_view name,
                                                     std::optional<PictureSize> size) {
  absl::StatusOr<PictureSize> s = SizeFor(name, size);
  if (!s.ok()) return s.status();
  if (absl::Status c = CheckCount(name, "RAT (8-bit indexed)", *s, 1, file.size()); !c.ok()) {
    return c;
  }
  image::IndexedPicture out(s->width, s->height, 0, 1, 0);
  out.index.assign(file.begin(), file.end());
  return out;
}

image::RgbaPicture RatToRgba(const image::IndexedPicture& picture,
                             const palette::Palette& palette) {
  image::RgbaPicture out(picture.width, picture.height);
  const size_t n = std::min(picture.pixels(), picture.index.size());
  for (size_t i = 0; i < n; ++i) {
    const palette::Rgb c = palette.colors[picture.index[i]];
    out.rgba[4 * i] = c.r;
    out.rgba[4 * i + 1] = c.g;
    out.rgba[4 * i + 2] = c.b;
    out.rgba[4 * i + 3] = 255;
  }
  return out;
}

}  // namespace kbot::gta
