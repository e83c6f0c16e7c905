#include "tools/file_kind.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace kbot::tools {

namespace {

// What reads a file of `kind`: the MCP tool, then the command.
absl::string_view WhatReads(FileKind kind) {
  switch (kind) {
    case FileKind::kGaf:
    case FileKind::kTa3dGaf: return "use gaf_list (kbot gaf list)";
    case FileKind::kHpi: return "use hpi_list (kbot hpi list)";
    case FileKind::kCityMap: return "use map_describe (kbot gta map)";
    case FileKind::kStyle: return "use style_describe (kbot gta style)";
    case FileKind::kFxt: return "use fxt_decode (kbot gta fxt)";
    case FileKind::kFont: return "use font_render (kbot gta font)";
    case FileKind::kRawPicture:
    case FileKind::kRatPicture: return "use picture_export (kbot gta picture)";
    case FileKind::kPlayerFile: return "use player_describe (kbot gta player)";
    case FileKind::kMission: return "use mission_list or mission_describe (kbot gta mission)";
    case FileKind::kPal:
      return "give it as the palette argument of gaf_export (kbot gaf export --palette)";
    case FileKind::kPcx:
      return "use picture_export (kbot pcx export), or give it as the palette argument of "
             "gaf_export (kbot gaf export --palette)";
    case FileKind::kRgbPalette:
      return "give it as the palette argument of picture_export for a RAT picture";
    case FileKind::kSavedGame: return "kbot does not read saved games";
    case FileKind::kTnt: return "use map_describe or map_render (kbot tnt describe)";
    case FileKind::kModel3do: return "use model_describe or model_render (kbot 3do describe)";
    case FileKind::kCob: return "use script_describe or script_disassemble (kbot cob describe)";
    case FileKind::kText:
      return "if it is in TDF syntax (FBI, TDF, OTA, GUI), use tdf_parse (kbot tdf)";
    default: return "kbot does not read it";
  }
}

}  // namespace

absl::Status RequireKind(const Asset& asset, std::initializer_list<FileKind> reads) {
  const identify::FileIdentity id = identify::IdentifyFile(asset.bytes);
  if (id.kind == FileKind::kUnknown ||
      std::find(reads.begin(), reads.end(), id.kind) != reads.end()) {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(
      absl::StrCat(asset.path, " is ", id.what, "; ", WhatReads(id.kind)));
}

}  // namespace kbot::tools
