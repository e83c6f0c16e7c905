// RAW and RAT: GTA1's frontend pictures (F_UPPER.RAW, CUT0.RAT, ...). Layout:
// docs/formats/gta1.md, "Frontend pictures (.RAW, .RAT)".
//
//   RAW   headerless 24-bit pixels, R, G, B, row-major, top-down:
//         exactly width x height x 3 bytes.
//   RAT   the same pictures as 8-bit palette indices: exactly width x height
//         bytes, with a separate 768-byte R, G, B palette (8 bits a channel):
//         F_PAL.RAW, or CUTn.ACT for the cut CUTn (see RatPaletteName). It is
//         the DOS 8-bit path; the Windows exe never reads these palettes.
//
//   The files carry no size: the loader passes it. By base name
//   (case-insensitive, any folder and extension dropped):
//     640 x 168   F_UPPER, F_LOGO0 .. F_LOGO7
//     640 x 312   F_LOWER0, F_LOWER1
//     640 x 480   CUT0 .. CUT5
//     102 x 141   F_PLAY1 .. F_PLAY8
//     180 x 50    F_PLAYN
//      64 x 59    F_RSTAR, F_RSTARN
//   Any other name needs the size given. A byte count that does not match
//   the size is an error naming both.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"
#include "formats/image/picture.h"
#include "formats/palette/palette.h"

namespace kbot::gta {

struct PictureSize {
  int width = 0;
  int height = 0;
  friend bool operator==(const PictureSize&, const PictureSize&) = default;
};

// F_PAL.RAW and CUTn.ACT: 256 x R, G, B.
inline constexpr size_t kRgbPaletteSize = 768;

// The sizes the game loads its frontend pictures with.
inline constexpr PictureSize kUpperPicture{640, 168};   // F_UPPER, F_LOGO0..7
inline constexpr PictureSize kLowerPicture{640, 312};   // F_LOWER0/1
inline constexpr PictureSize kCutPicture{640, 480};     // CUT0..5
inline constexpr PictureSize kPlayerPicture{102, 141};  // F_PLAY1..8
inline constexpr PictureSize kPlayerNamePicture{180, 50};  // F_PLAYN
inline constexpr PictureSize kStarPicture{64, 59};      // F_RSTAR, F_RSTARN
inline constexpr std::array<PictureSize, 6> kFrontendPictureSizes = {
    kCutPicture, kLowerPicture, kUpperPicture, kPlayerPicture, kPlayerNamePicture, kStarPicture};

// The size the game loads a picture with, from its file name; nullopt for a
// name not in the list.
std::optional<PictureSize> KnownPictureSize(absl::string_view file_name);

// The palette a RAT picture uses: "CUTn.ACT" for CUTn, else "F_PAL.RAW".
std::string RatPaletteName(absl::string_view file_name);

// A RAW picture as RGBA (alpha 255 everywhere). `size` nullopt: by name.
absl::StatusOr<image::RgbaPicture> ReadRawPicture(Bytes file, absl::string_view name,
                                                  std::optional<PictureSize> size = std::nullopt);

// A 768-byte R, G, B palette file (F_PAL.RAW, CUTn.ACT); any other size is
// an error naming the file.
absl::StatusOr<palette::Palette> ReadRgbPalette(Bytes file, absl::string_view name);

// A RAT picture as indices (every pixel opaque; key 0, which is drawn).
absl::StatusOr<image::IndexedPicture> ReadRatPicture(
    Bytes file, absl::string_view name, std::optional<PictureSize> size = std::nullopt);

// A RAT picture through its palette, as RGBA (alpha 255 everywhere).
image::RgbaPicture RatToRgba(const image::IndexedPicture& picture,
                             const palette::Palette& palette);

}  // namespace kbot::gta
