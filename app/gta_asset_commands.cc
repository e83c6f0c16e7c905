#include "app/gta_asset_commands.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "app/cli_support.h"
#include "app/drawing_output.h"
#include "app/file_command.h"
#include "app/table.h"
#include "app/workspace_support.h"
#include "contexts/file_io.h"
#include "app/tool_options.h"
#include "tools/font_render_tool.h"
#include "tools/picture_export_tool.h"
#include "tools/player_describe_tool.h"
#include "tools/style_describe_tool.h"
#include "tools/style_tiles_tool.h"

namespace kbot::app {

namespace {

using tools::json;
namespace fs = std::filesystem;

// gta style's text of style_describe's JSON.
int PrintStyle(const json& s) {
  // An 8-bit style colours through remap tables where a G24 has CLUTs.
  const std::string colours =
      s.contains("remap_tables")
          ? absl::StrCat("8-bit: one palette, ", s["remap_tables"].dump(), " remap table(s)")
          : absl::StrCat(s["cluts"].dump(), " CLUT(s); ", s["palette_index"]["entries"].dump(),
                         " palette index entries");
  std::cout << s["path"].get<std::string>() << ": GTA1 style version " << s["header"]["version"]
            << "\n"
            << s["tiles"]["side"] << " side, " << s["tiles"]["lid"] << " lid, " << s["tiles"]["aux"]
            << " aux tile(s); " << colours << "; " << s["animations"].size()
            << " animation(s)\n";
  for (const json& w : s["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
  Table sections({"Section", "Offset", "Size", "Stored"});
  for (const json& sec : s["sections"]) {
    sections.Add({sec["name"].get<std::string>(),
                  absl::StrCat("0x", absl::Hex(sec["offset"].get<uint64_t>())), sec["size"].dump(),
                  sec["stored"].dump()});
  }
  std::cout << "\n";
  sections.Print(std::cout);
  if (!s["animations"].empty()) {
    Table anims({"#", "Block", "Which", "Speed", "Frames (aux)"});
    for (const json& a : s["animations"]) {
      std::string frames;
      for (const json& f : a["frames"]) {
        absl::StrAppend(&frames, frames.empty() ? "" : " ", f.dump());
      }
      anims.Add({a["index"].dump(), a["block"].dump(), a["which"].get<std::string>(),
                 a["speed"].dump(), frames});
    }
    std::cout << "\n";
    anims.Print(std::cout);
  }
  return kExitOk;
}

int RunStyle(const FileTargetOptions& o) {
  return RunFileCommand("gta style", tools::StyleDescribeTable(), o,
                        [&](const tools::StyleDescribeRequest&, const CommandAsset& opened) {
                          return Report("gta style", tools::DescribeStyle(opened.asset), o.json,
                                        PrintStyle);
                        });
}

int RunTiles(const FileTargetOptions& o) {
  return RunFileCommand(
      "gta tiles", tools::StyleTilesTable(), o,
      [&](const tools::StyleTilesRequest& request, const CommandAsset& opened) {
        return WriteDrawing("gta tiles", o, tools::DrawStyleTiles(opened.asset, request));
      });
}

// One line for the characters not drawn, however many: each byte's reason
// is in --json's `missing`.
void PrintMissingGlyphs(const json& summary) {
  const std::string missing = summary.value("missing_summary", "");
  if (!missing.empty()) std::cerr << "missing: " << missing << "\n";
}

int RunFont(const FileTargetOptions& o) {
  return RunFileCommand(
      "gta font", tools::FontRenderTable(), o,
      [&](const tools::FontRenderRequest& request, const CommandAsset& opened) {
        return WriteDrawing("gta font", o, tools::RenderFont(opened.asset, request),
                            PrintMissingGlyphs);
      });
}

// Which palette a PCX was drawn with, on stderr beside its warnings.
void PrintPictureSource(const json& summary) {
  const json& source = summary["palette_source"];
  if (source.is_null()) return;
  std::cerr << "palette: " << source.get<std::string>();
  if (!summary["palette"].is_null()) std::cerr << " " << summary["palette"].get<std::string>();
  std::cerr << "\n";
}

int RunPicture(const FileTargetOptions& o) { return RunPictureCommand("gta picture", o, false); }

// A nullable player_describe value as text: a file of a non-standard size
// can leave a field unknown.
std::string OrUnknown(const json& v, const char* unknown = "unknown") {
  if (v.is_null()) return unknown;
  return v.is_string() ? v.get<std::string>() : v.dump();
}

void PrintPlayerHeader(const json& p) {
  std::cout << p["path"].get<std::string>() << ": GTA1 settings, " << p["size"] << " bytes, "
            << p["layout"].get<std::string>() << " layout\n"
            << "settings " << p["settings"].get<std::string>() << ", language override "
            << p["language_override"] << ", current player " << OrUnknown(p["current_player"])
            << ", network name "
            << (p["network_name"].is_null()
                    ? "unknown"
                    : absl::StrCat("\"", p["network_name"].get<std::string>(), "\""))
            << "\n";
  if (!p["packed"].is_null()) {
    std::string line;
    for (const char* key : tools::kPackedSettingKeys) {
      absl::StrAppend(&line, line.empty() ? "" : ", ", key, " ",
                      p["packed"]["settings"][key].dump());
    }
    std::cout << "packed settings: " << line << "\n";
  }
  for (const json& w : p["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
}

void PrintPlayerTables(const json& p) {
  Table scores({"Level", "Rank", "Score", "Name"});
  for (const json& level : p["high_scores"]) {
    for (const json& s : level["scores"]) {
      scores.Add({level["level"].dump(), s["rank"].dump(), OrUnknown(s["score"], "?"),
                  OrUnknown(s["name"], "?")});
    }
  }
  std::cout << "\n";
  scores.Print(std::cout);
  const bool packed = !p["packed"].is_null();
  Table players(packed ? std::vector<std::string>{"#", "Player", "Level scores"}
                       : std::vector<std::string>{"#", "Player"});
  for (const json& r : p["players"]) {
    std::vector<std::string> row = {r["index"].dump(), OrUnknown(r["name"], "(none)")};
    if (packed) {
      // A record cut by the end of the file has no packed fields.
      const json& extra = p["packed"]["players"][r["index"].get<size_t>()];
      std::string levels;
      if (!extra.is_null()) {
        for (const json& v : extra["level_scores"]) {
          absl::StrAppend(&levels, levels.empty() ? "" : " ", OrUnknown(v, "?"));
        }
      }
      row.push_back(extra.is_null() ? "?" : levels);
    }
    players.Add(std::move(row));
  }
  std::cout << "\n";
  players.Print(std::cout);
  if (!p.contains("strings")) return;
  Table strings({"Offset", "String"});
  for (const json& s : p["strings"]) {
    strings.Add({absl::StrCat("0x", absl::Hex(s["offset"].get<uint64_t>())),
                 s["text"].get<std::string>()});
  }
  std::cout << "\nstrings (NUL-terminated, 3+ printable characters):\n";
  strings.Print(std::cout);
}

int RunPlayer(const FileTargetOptions& o) {
  return RunFileCommand("gta player", tools::PlayerDescribeTable(), o,
                        [&](const tools::PlayerDescribeRequest&, const CommandAsset& opened) {
                          return Report("gta player", tools::DescribePlayer(opened.asset), o.json,
                                        [](const json& p) {
                                          PrintPlayerHeader(p);
                                          PrintPlayerTables(p);
                                          return kExitOk;
                                        });
                        });
}

}  // namespace

absl::StatusOr<contexts::Blob> ReadDiskFile(const std::string& path) {
  fs::path p(path);
  std::error_code ec;
  if (!fs::exists(p, ec)) {
    const fs::path folder = p.has_parent_path() ? p.parent_path() : fs::path(".");
    const std::string want = absl::AsciiStrToLower(p.filename().string());
    for (const fs::directory_entry& e : fs::directory_iterator(folder, ec)) {
      if (absl::AsciiStrToLower(e.path().filename().string()) == want) {
        p = p.has_parent_path() ? folder / e.path().filename() : e.path().filename();
        break;
      }
    }
  }
  absl::StatusOr<contexts::FileBytes> bytes = contexts::FileBytes::Open(p.string());
  if (!bytes.ok()) return bytes.status();
  return contexts::Blob::FromFile(*std::move(bytes));
}

// How a picture's palette is read: beside it on disk, or in its context.
tools::ReadBytes FileReader(const CommandAsset& opened) {
  if (!opened.context) return ReadDiskFile;
  return tools::ContextReader(*opened.context);
}

int RunPictureCommand(const std::string& command, const FileTargetOptions& o, bool pcx_only) {
  return RunFileCommand(
      command, tools::PictureExportTable(), o,
      [&](const tools::PictureExportRequest& request, const CommandAsset& opened) {
        const auto draw = pcx_only ? tools::ExportPcxPicture : tools::ExportPicture;
        return WriteDrawing(command, o,
                            draw(opened.asset, request, FileReader(opened), opened.context),
                            PrintPictureSource);
      });
}

void AddGtaAssetCommands(CLI::App* gta, int& exit_code) {
  AddToolCommand(gta, exit_code, "style",
                 "Describe a style (.G24/.GRY): header, sections, tiles, animations",
                 "Style (e.g. STYLE001.G24)", tools::StyleDescribeTable().Params(),
                 "style_describe", false, RunStyle);
  AddToolCommand(gta, exit_code, "tiles", "Draw a style's tiles as a PNG sheet",
                 "Style (e.g. STYLE001.G24)", tools::StyleTilesTable().Params(), "style_tiles",
                 true, RunTiles);
  AddToolCommand(gta, exit_code, "font", "Draw text with a font (.FON) as a PNG",
                 "Font (e.g. FONT1A.FON)", tools::FontRenderTable().Params(), "font_render",
                 true, RunFont);
  AddToolCommand(gta, exit_code, "picture", "Export a frontend picture (.RAW, .RAT) as a PNG",
                 "Picture (e.g. F_UPPER.RAW, CUT1.RAT; a .PCX too: kbot pcx export)",
                 tools::PictureExportTable().Params(),
                 "picture_export", true, RunPicture);
  AddToolCommand(gta, exit_code, "player",
                 "Describe PLAYER_A.DAT: settings, high scores, players",
                 "Settings file (PLAYER_A.DAT)", tools::PlayerDescribeTable().Params(),
                 "player_describe", false, RunPlayer);
}

}  // namespace kbot::app
