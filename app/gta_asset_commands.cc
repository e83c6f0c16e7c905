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
#include "app/table.h"
#include "app/workspace_support.h"
#include "contexts/file_io.h"
#include "tools/font_handlers.h"
#include "tools/picture_handlers.h"
#include "tools/player_handlers.h"
#include "tools/style_handlers.h"

namespace kbot::app {

namespace {

using tools::json;
namespace fs = std::filesystem;

struct StyleOptions {
  std::string file;
  std::optional<std::string> context;
  bool json = false;
};

struct TilesOptions {
  std::string file, target;
  std::string kind = "lid";
  int first = 0;
  std::optional<int> count, remap;
  std::optional<std::string> direction;
  int columns = 8, scale = 1;
  std::optional<std::string> context;
  bool json = false;
};

struct FontOptions {
  std::string file, text, target;
  std::string kind = "text";
  int scale = 1;
  std::optional<int> space_width;
  std::optional<std::string> context;
  bool json = false;
};

struct PictureOptions {
  std::string file, target;
  std::optional<int> width, height;
  std::optional<std::string> palette, context;
  bool json = false;
};

struct PlayerOptions {
  std::string file;
  std::optional<std::string> context;
  bool json = false;
};

int Usage(const std::string& why, const char* command) {
  std::cerr << "kbot: usage: " << why << " (see kbot gta " << command << " --help)\n";
  return kExitUsage;
}

int WritePng(const std::string& command, const std::string& target, const tools::ToolImage& image,
             bool json) {
  if (absl::Status s = contexts::WriteFileAtomically(target, image.png); !s.ok()) {
    return Fail(command, s);
  }
  if (json) {
    PrintJson(image.structured);
  } else {
    std::cout << "wrote " << target << ": " << image.structured["width"] << " x "
              << image.structured["height"] << ", " << image.png.size() << " bytes\n";
  }
  return kExitOk;
}

void PrintWarnings(const json& out) {
  for (const json& w : out["warnings"]) std::cerr << "warning: " << w.get<std::string>() << "\n";
}

int RunStyle(const StyleOptions& o) {
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gta style", opened.status());
  absl::StatusOr<json> out = tools::StyleDescribe(opened->asset);
  if (!out.ok()) return Fail("gta style", out.status());
  if (o.json) {
    PrintJson(*out);
    return kExitOk;
  }
  const json& s = *out;
  std::cout << s["path"].get<std::string>() << ": GTA1 style version " << s["header"]["version"]
            << "\n"
            << s["tiles"]["side"] << " side, " << s["tiles"]["lid"] << " lid, " << s["tiles"]["aux"]
            << " aux tile(s); " << s["cluts"] << " CLUT(s); " << s["palette_index"]["entries"]
            << " palette index entries; " << s["animations"].size() << " animation(s)\n";
  for (const json& w : s["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
  Table sections({"Section", "Offset", "Size", "Stored"});
  for (const json& sec : s["sections"]) {
    sections.Add({sec["name"].get<std::string>(), absl::StrCat("0x", absl::Hex(sec["offset"].get<uint64_t>())),
                  sec["size"].dump(), sec["stored"].dump()});
  }
  std::cout << "\n";
  sections.Print(std::cout);
  if (!s["animations"].empty()) {
    Table anims({"#", "Block", "Which", "Speed", "Frames (aux)"});
    for (const json& a : s["animations"]) {
      std::string frames;
      for (const json& f : a["frames"]) absl::StrAppend(&frames, frames.empty() ? "" : " ", f.dump());
      anims.Add({a["index"].dump(), a["block"].dump(), a["which"].get<std::string>(),
                 a["speed"].dump(), frames});
    }
    std::cout << "\n";
    anims.Print(std::cout);
  }
  return kExitOk;
}

int RunTiles(const TilesOptions& o) {
  if (o.kind == "side" && o.remap) return Usage("side tiles take --direction, not --remap", "tiles");
  if (o.kind != "side" && o.direction) return Usage("--direction is for --kind side", "tiles");
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gta tiles", opened.status());
  tools::TilesRequest request;
  request.kind = o.kind;
  request.first = o.first;
  request.count = o.count;
  request.remap = o.remap;
  request.direction = o.direction;
  request.columns = o.columns;
  request.scale = o.scale;
  absl::StatusOr<tools::ToolImage> image = tools::StyleTiles(opened->asset, request);
  if (!image.ok()) return Fail("gta tiles", image.status());
  PrintWarnings(image->structured);
  return WritePng("gta tiles", o.target, *image, o.json);
}

int RunFont(const FontOptions& o) {
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gta font", opened.status());
  tools::FontRequest request{o.text, o.kind, o.scale, o.space_width};
  absl::StatusOr<tools::ToolImage> image = tools::FontRender(opened->asset, request);
  if (!image.ok()) return Fail("gta font", image.status());
  PrintWarnings(image->structured);
  for (const json& m : image->structured["missing"]) {
    std::cerr << "missing: position " << m["position"] << " code " << m["code"] << ": "
              << m["reason"].get<std::string>() << "\n";
  }
  return WritePng("gta font", o.target, *image, o.json);
}

// A file beside a plain FILE on disk, matched case-insensitively in its
// folder when the exact spelling is not there (the game's names are upper
// case, copies often are not).
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

int RunPicture(const PictureOptions& o) {
  if (o.width.has_value() != o.height.has_value()) {
    return Usage("give both --width and --height, or neither", "picture");
  }
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gta picture", opened.status());
  tools::ReadBytes read = ReadDiskFile;
  if (opened->context) {
    const contexts::Context* context = opened->context;
    read = [context](const std::string& path) -> absl::StatusOr<contexts::Blob> {
      absl::StatusOr<contexts::VfsFile> file = context->vfs->Read(path);
      if (!file.ok()) return file.status();
      return file->blob;
    };
  }
  tools::PictureRequest request{o.width, o.height, o.palette};
  absl::StatusOr<tools::ToolImage> image = tools::PictureExport(opened->asset, request, read);
  if (!image.ok()) return Fail("gta picture", image.status());
  return WritePng("gta picture", o.target, *image, o.json);
}

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

int RunPlayer(const PlayerOptions& o) {
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gta player", opened.status());
  absl::StatusOr<json> out = tools::PlayerDescribe(opened->asset);
  if (!out.ok()) return Fail("gta player", out.status());
  if (o.json) {
    PrintJson(*out);
    return kExitOk;
  }
  PrintPlayerHeader(*out);
  PrintPlayerTables(*out);
  return kExitOk;
}

}  // namespace

void AddGtaAssetCommands(CLI::App* gta, int& exit_code) {
  const char* kContextHelp = "Read FILE from this context (kbot context list)";

  auto style = std::make_shared<StyleOptions>();
  CLI::App* s = gta->add_subcommand("style", "Describe a style (.G24): header, sections, tiles, animations");
  s->add_option("FILE", style->file, "Style (e.g. STYLE001.G24)")->required();
  s->add_option("--context", style->context, kContextHelp);
  s->add_flag("--json", style->json, "Print the style_describe JSON");
  s->callback([style, &exit_code] { exit_code = RunStyle(*style); });

  auto tiles = std::make_shared<TilesOptions>();
  CLI::App* t = gta->add_subcommand("tiles", "Draw a style's tiles as a PNG sheet");
  t->add_option("FILE", tiles->file, "Style (e.g. STYLE001.G24)")->required();
  t->add_option("--target", tiles->target, "PNG to write")->required();
  t->add_option("--kind", tiles->kind, "side, lid (default) or aux")
      ->check(CLI::IsMember({"side", "lid", "aux"}));
  t->add_option("--first", tiles->first, "First tile (default 0)")->check(CLI::NonNegativeNumber);
  t->add_option("--count", tiles->count, "How many (default the rest, at most 64)")
      ->check(CLI::Range(1, 400));
  t->add_option("--remap", tiles->remap, "Lid/aux palette remap 0-3")->check(CLI::Range(0, 3));
  t->add_option("--direction", tiles->direction, "Side tiles: top (default), bottom, left, right")
      ->check(CLI::IsMember({"top", "bottom", "left", "right"}));
  t->add_option("--columns", tiles->columns, "Tiles a row (default 8)")->check(CLI::Range(1, 64));
  t->add_option("--scale", tiles->scale, "Pixels per texel, 1-4")->check(CLI::Range(1, 4));
  t->add_option("--context", tiles->context, kContextHelp);
  t->add_flag("--json", tiles->json, "Print the style_tiles JSON");
  t->callback([tiles, &exit_code] { exit_code = RunTiles(*tiles); });

  auto font = std::make_shared<FontOptions>();
  CLI::App* f = gta->add_subcommand("font", "Draw text with a font (.FON) as a PNG");
  f->add_option("FILE", font->file, "Font (e.g. FONT1A.FON)")->required();
  f->add_option("--text", font->text, "The text to draw")->required();
  f->add_option("--target", font->target, "PNG to write")->required();
  f->add_option("--kind", font->kind, "text (first code 0x21, default), icon (1) or digit (0)")
      ->check(CLI::IsMember({"text", "icon", "digit"}));
  f->add_option("--scale", font->scale, "Pixels per font pixel, 1-8")->check(CLI::Range(1, 8));
  f->add_option("--space-width", font->space_width, "Advance of a space (default half the height)")
      ->check(CLI::Range(0, 255));
  f->add_option("--context", font->context, kContextHelp);
  f->add_flag("--json", font->json, "Print the font_render JSON");
  f->callback([font, &exit_code] { exit_code = RunFont(*font); });

  auto picture = std::make_shared<PictureOptions>();
  CLI::App* p = gta->add_subcommand("picture", "Export a frontend picture (.RAW, .RAT) as a PNG");
  p->add_option("FILE", picture->file, "Picture (e.g. F_UPPER.RAW, CUT1.RAT)")->required();
  p->add_option("--target", picture->target, "PNG to write")->required();
  p->add_option("--width", picture->width, "Width, for a name the game's list does not know")
      ->check(CLI::Range(1, 4096));
  p->add_option("--height", picture->height, "Height, with --width")->check(CLI::Range(1, 4096));
  p->add_option("--palette", picture->palette,
                "RAT: its 768-byte palette (default CUTn.ACT or F_PAL.RAW beside it)");
  p->add_option("--context", picture->context, kContextHelp);
  p->add_flag("--json", picture->json, "Print the picture_export JSON");
  p->callback([picture, &exit_code] { exit_code = RunPicture(*picture); });

  auto player = std::make_shared<PlayerOptions>();
  CLI::App* pl = gta->add_subcommand("player", "Describe PLAYER_A.DAT: settings, high scores, players");
  pl->add_option("FILE", player->file, "Settings file (PLAYER_A.DAT)")->required();
  pl->add_option("--context", player->context, kContextHelp);
  pl->add_flag("--json", player->json, "Print the player_describe JSON");
  pl->callback([player, &exit_code] { exit_code = RunPlayer(*player); });
}

}  // namespace kbot::app
