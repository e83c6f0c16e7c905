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

// A command over one tool: FILE and --context stand for the tool's path and
// context; its own parameters are in `arguments` (app/tool_options.h), turned
// into its request by its table.
struct ToolOptions {
  std::string file, target;
  std::optional<std::string> context;
  std::shared_ptr<tools::json> arguments = std::make_shared<tools::json>(tools::json::object());
  bool json = false;
};

int WritePng(const std::string& command, const std::string& target,
             const tools::EncodedPicture& image, const json& summary, bool as_json) {
  if (absl::Status s = contexts::WriteFileAtomically(target, image.png); !s.ok()) {
    return Fail(command, s);
  }
  if (as_json) {
    PrintJson(summary);
  } else {
    std::cout << "wrote " << target << ": " << summary["width"] << " x " << summary["height"]
              << ", " << image.png.size() << " bytes\n";
  }
  return kExitOk;
}

void PrintWarnings(const json& out) {
  for (const json& w : out["warnings"]) std::cerr << "warning: " << w.get<std::string>() << "\n";
}

int RunStyle(const ToolOptions& o) {
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gta style", opened.status());
  absl::StatusOr<tools::StyleDescription> out = tools::DescribeStyle(opened->asset);
  if (!out.ok()) return Fail("gta style", out.status());
  const json s = tools::StyleDescription::Fields().ToJson(*out);
  if (o.json) {
    PrintJson(s);
    return kExitOk;
  }
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

int RunTiles(const ToolOptions& o) {
  absl::StatusOr<tools::StyleTilesRequest> request =
      tools::StyleTilesTable().ParseChecked(*o.arguments);
  if (!request.ok()) return Usage("gta tiles", request.status());
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gta tiles", opened.status());
  absl::StatusOr<tools::StyleTilesOutcome> drawn = tools::DrawStyleTiles(opened->asset, *request);
  if (!drawn.ok()) return Fail("gta tiles", drawn.status());
  const json summary = tools::StyleTilesSummary::Fields().ToJson(drawn->summary);
  PrintWarnings(summary);
  return WritePng("gta tiles", o.target, drawn->image, summary, o.json);
}

int RunFont(const ToolOptions& o) {
  absl::StatusOr<tools::FontRenderRequest> request =
      tools::FontRenderTable().ParseChecked(*o.arguments);
  if (!request.ok()) return Usage("gta font", request.status());
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gta font", opened.status());
  absl::StatusOr<tools::FontRenderOutcome> drawn = tools::RenderFont(opened->asset, *request);
  if (!drawn.ok()) return Fail("gta font", drawn.status());
  const json summary = tools::FontRenderSummary::Fields().ToJson(drawn->summary);
  PrintWarnings(summary);
  for (const json& m : summary["missing"]) {
    std::cerr << "missing: position " << m["position"] << " code " << m["code"] << ": "
              << m["reason"].get<std::string>() << "\n";
  }
  return WritePng("gta font", o.target, drawn->image, summary, o.json);
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

int RunPicture(const ToolOptions& o) {
  absl::StatusOr<tools::PictureExportRequest> request =
      tools::PictureExportTable().ParseChecked(*o.arguments);
  if (!request.ok()) return Usage("gta picture", request.status());
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
  absl::StatusOr<tools::PictureExportOutcome> drawn =
      tools::ExportPicture(opened->asset, *request, read);
  if (!drawn.ok()) return Fail("gta picture", drawn.status());
  return WritePng("gta picture", o.target, drawn->image,
                  tools::PictureExportSummary::Fields().ToJson(drawn->summary), o.json);
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

int RunPlayer(const ToolOptions& o) {
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gta player", opened.status());
  absl::StatusOr<tools::PlayerDescription> out = tools::DescribePlayer(opened->asset);
  if (!out.ok()) return Fail("gta player", out.status());
  const json p = tools::PlayerDescription::Fields().ToJson(*out);
  if (o.json) {
    PrintJson(p);
    return kExitOk;
  }
  PrintPlayerHeader(p);
  PrintPlayerTables(p);
  return kExitOk;
}

// `name`: FILE (described by `file`), --context, --target when `target`,
// the tool's own parameters, --json; running `run`.
CLI::App* AddToolCommand(CLI::App* gta, int& exit_code, const char* name, const char* summary,
                         const char* file, const std::vector<tools::Param>& params,
                         const char* tool, bool target, int (*run)(const ToolOptions&)) {
  auto o = std::make_shared<ToolOptions>();
  CLI::App* c = gta->add_subcommand(name, summary);
  c->add_option("FILE", o->file, file)->required();
  if (target) c->add_option("--target", o->target, "PNG to write")->required();
  c->add_option("--context", o->context, "Read FILE from this context (kbot context list)");
  AddToolOptions(*c, params, o->arguments);
  c->add_flag("--json", o->json, absl::StrCat("Print the ", tool, " JSON"));
  c->callback([o, run, &exit_code] { exit_code = run(*o); });
  return c;
}

}  // namespace

void AddGtaAssetCommands(CLI::App* gta, int& exit_code) {
  AddToolCommand(gta, exit_code, "style",
                 "Describe a style (.G24): header, sections, tiles, animations",
                 "Style (e.g. STYLE001.G24)", tools::StyleDescribeTable().Params(),
                 "style_describe", false, RunStyle);
  AddToolCommand(gta, exit_code, "tiles", "Draw a style's tiles as a PNG sheet",
                 "Style (e.g. STYLE001.G24)", tools::StyleTilesTable().Params(), "style_tiles",
                 true, RunTiles);
  AddToolCommand(gta, exit_code, "font", "Draw text with a font (.FON) as a PNG",
                 "Font (e.g. FONT1A.FON)", tools::FontRenderTable().Params(), "font_render",
                 true, RunFont);
  AddToolCommand(gta, exit_code, "picture", "Export a frontend picture (.RAW, .RAT) as a PNG",
                 "Picture (e.g. F_UPPER.RAW, CUT1.RAT)", tools::PictureExportTable().Params(),
                 "picture_export", true, RunPicture);
  AddToolCommand(gta, exit_code, "player",
                 "Describe PLAYER_A.DAT: settings, high scores, players",
                 "Settings file (PLAYER_A.DAT)", tools::PlayerDescribeTable().Params(),
                 "player_describe", false, RunPlayer);
}

}  // namespace kbot::app
