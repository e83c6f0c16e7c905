// Refusing a file of another kind by name. Every tool that reads a format
// checks the bytes first (formats/identify): a file that is plainly something
// else is an error saying what it is and which tool reads it, instead of what
// its own reader would make of the wrong bytes.
#pragma once

#include <initializer_list>

#include "absl/status/status.h"
#include "formats/identify/identify.h"
#include "tools/gaf_tools.h"

namespace kbot::tools {

using identify::FileKind;

// OK when `asset` is one of `reads` or of no kind kbot can tell; otherwise
// InvalidArgument: "GTADATA/DEMO.CMP is a GTA1 city map (version 331); use
// map_describe (kbot gta map)".
absl::Status RequireKind(const Asset& asset, std::initializer_list<FileKind> reads);

// The kinds each family of tools reads.
inline constexpr std::initializer_list<FileKind> kGafKinds = {FileKind::kGaf, FileKind::kTa3dGaf};
inline constexpr std::initializer_list<FileKind> kPaletteKinds = {FileKind::kPal, FileKind::kPcx};
// Headerless GTA1 pictures, palettes and settings, which only their size
// tells: a file of these kinds may have another one's size, or look like text,
// so their readers check the content themselves.
inline constexpr std::initializer_list<FileKind> kHeaderlessKinds = {
    FileKind::kRawPicture, FileKind::kRatPicture, FileKind::kRgbPalette, FileKind::kPal,
    FileKind::kPlayerFile, FileKind::kText};

}  // namespace kbot::tools
