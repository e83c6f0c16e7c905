#include "app/gta_commands.h"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "app/cli_support.h"
#include "app/file_command.h"
#include "app/gta_asset_commands.h"
#include "app/gta_mission_commands.h"
#include "app/gta_sprite_commands.h"
#include "app/table.h"
#include "app/workspace_support.h"
#include "contexts/file_io.h"
#include "formats/gta/fxt.h"
#include "tools/fxt_decode_tool.h"
#include "app/tool_options.h"
#include "tools/map_describe_tool.h"
#include "tools/map_render_tool.h"
#include "contexts/vfs.h"

namespace kbot::app {

namespace {

using tools::json;

// fxt_decode's parameters but limit are in `arguments` (app/tool_options.h).
// --limit is the command's own: it prints every record unless given, where
// the tool pages by 200 at most 1000.
struct FxtOptions : FileCommandOptions {
  std::optional<size_t> limit;
};

struct FxtBuildOptions {
  std::string text_file;
  std::string target;
  std::optional<std::string> cipher;  // "K,M"; checked by CipherOption at parse time
};

void PrintCell(const json& cell) {
  std::cout << "\ncell (" << cell["x"] << ", " << cell["y"] << ")";
  if (!cell["district"].is_null()) std::cout << " in " << cell["district"].get<std::string>();
  std::cout << ": " << cell["blocks"].size() << " block(s), ground "
            << (cell["ground_z"].is_null() ? std::string("none") : cell["ground_z"].dump()) << "\n";
  Table table({"z", "Type", "Lid", "Left", "Right", "Top", "Bottom", "Slope", "Rotation", "Flat"});
  for (const json& b : cell["blocks"]) {
    table.Add({b["z"].dump(), b["type"].get<std::string>(), b["lid"].dump(), b["left"].dump(),
               b["right"].dump(), b["top"].dump(), b["bottom"].dump(), b["slope"].dump(),
               b["rotation"].dump(), b["flat"].get<bool>() ? "yes" : "no"});
  }
  table.Print(std::cout);
}

// gta map's text of map_describe's JSON.
int PrintMap(const json& m) {
  std::cout << m["path"].get<std::string>() << ": GTA1 city map version " << m["version"]
            << ", style " << m["style"] << " (STYLE" << absl::StrFormat("%03d", m["style"].get<int>())
            << ".G24 or .GRY), sample "
            << m["sample"] << "\n"
            << m["blocks"] << " block descriptor(s), " << m["columns"] << " distinct column(s), "
            << m["objects"] << " object(s)\n";
  for (const json& w : m["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
  Table districts({"#", "District", "x", "y", "w", "h", "Sample"});
  for (const json& d : m["districts"]) {
    const std::string name = d["empty"].get<bool>() ? "(empty)" : d["name"].get<std::string>();
    districts.Add({d["index"].dump(), name, d["x"].dump(), d["y"].dump(), d["w"].dump(),
                   d["h"].dump(), d["sample"].dump()});
  }
  std::cout << "\n";
  districts.Print(std::cout);
  std::cout << "\nservices:";
  for (const char* category : {"police", "hospital", "fire", "unknown2", "unknown3", "unknown5"}) {
    const size_t n = m["services"][category].size();
    if (n > 0) std::cout << " " << category << " " << n;
  }
  std::cout << "\n";
  if (m.contains("cell")) PrintCell(m["cell"]);
  return kExitOk;
}

int RunMap(const FileCommandOptions& o) {
  return RunFileCommand(
      "gta map", tools::MapDescribeTable(), o,
      [&](const tools::MapDescribeRequest& request, const CommandAsset& opened) {
        if (absl::Status s = tools::CheckGtaCell(request.Cell()); !s.ok()) {
          return Usage("gta map", s);
        }
        return Report("gta map", tools::DescribeMap(opened.asset, request.Cell()), o.json,
                      PrintMap);
      });
}

// The context a map is drawn in: the named one, or for a plain file a
// folder context over the file's own folder (its style lies beside it).
struct MapPlace {
  std::shared_ptr<const contexts::Workspace> workspace;
  // On the heap, so `context` still points at it after the place is moved.
  std::shared_ptr<const contexts::Context> folder;
  const contexts::Context* context = nullptr;
  std::string path;
};

absl::StatusOr<MapPlace> PlaceOf(const std::string& file,
                                 const std::optional<std::string>& context) {
  MapPlace place;
  if (context) {
    absl::StatusOr<contexts::Workspace> ws = OpenWorkspace({});
    if (!ws.ok()) return ws.status();
    place.workspace = std::make_shared<const contexts::Workspace>(*std::move(ws));
    absl::StatusOr<const contexts::Context*> found = place.workspace->Find(*context);
    if (!found.ok()) return found.status();
    place.context = *found;
    place.path = file;
    return place;
  }
  const std::filesystem::path p(file);
  const std::string folder = p.parent_path().empty() ? "." : p.parent_path().string();
  absl::StatusOr<std::unique_ptr<contexts::Vfs>> vfs = contexts::MakeDirectoryVfs(folder);
  if (!vfs.ok()) return vfs.status();
  place.folder = std::make_shared<const contexts::Context>(
      contexts::Context{"file", contexts::Game::kGta, folder, false, *std::move(vfs)});
  place.context = place.folder.get();
  place.path = p.filename().string();
  return place;
}

int RunRender(const FileTargetOptions& o) {
  absl::StatusOr<tools::MapRenderRequest> request =
      tools::MapRenderTable().ParseChecked(*o.arguments);
  if (!request.ok()) return Usage("gta render", request.status());
  if (absl::Status s = tools::CheckGtaRequest(*request); !s.ok()) return Usage("gta render", s);
  absl::StatusOr<MapPlace> place = PlaceOf(o.file, o.context);
  if (!place.ok()) return Fail("gta render", place.status());
  request->path = place->path;
  absl::StatusOr<tools::MapRenderOutcome> rendered =
      tools::RenderMapAsset(*place->context, *request);
  if (!rendered.ok()) return Fail("gta render", rendered.status());
  if (absl::Status s = contexts::WriteFileAtomically(o.target, rendered->png); !s.ok()) {
    return Fail("gta render", s);
  }
  const json r = tools::MapRenderSummary::Fields().ToJson(rendered->summary);
  for (const json& w : r["warnings"]) std::cerr << "warning: " << w.get<std::string>() << "\n";
  if (o.json) {
    PrintJson(r);
    return kExitOk;
  }
  std::cout << "wrote " << o.target << ": " << r["width"] << "x" << r["height"] << ", cells "
            << r["x"] << ".." << r["x"].get<int>() + r["w"].get<int>() - 1 << " x " << r["y"]
            << ".." << r["y"].get<int>() + r["h"].get<int>() - 1 << " at " << r["pixels_per_cell"]
            << " px, style " << r["style"].get<std::string>() << ", " << r["bytes"] << " bytes\n";
  return kExitOk;
}

// The text form's first line when a file's cipher starts from other values
// than the documented k=0x64 m=0x63, so that building the text again
// enciphers it as the source was.
constexpr absl::string_view kCipherDirective = "#cipher ";

// A cipher starting value: decimal or 0x hex, 0 to 255.
std::optional<uint8_t> ParseCipherByte(absl::string_view text) {
  int base = 10;
  if (absl::ConsumePrefix(&text, "0x") || absl::ConsumePrefix(&text, "0X")) base = 16;
  unsigned value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value, base);
  if (text.empty() || error != std::errc() || stop != end || value > 255) return std::nullopt;
  return uint8_t(value);
}

// "K,M", as --cipher takes it.
std::optional<gta::FxtCipher> ParseCipherOption(absl::string_view text) {
  const std::vector<absl::string_view> parts = absl::StrSplit(text, ',');
  if (parts.size() != 2) return std::nullopt;
  const std::optional<uint8_t> k = ParseCipherByte(parts[0]), m = ParseCipherByte(parts[1]);
  if (!k || !m) return std::nullopt;
  return gta::FxtCipher{*k, *m};
}

// "#cipher k=K m=M", the line RunFxt writes (values in either base).
std::optional<gta::FxtCipher> ParseCipherDirective(absl::string_view line) {
  if (!absl::ConsumePrefix(&line, kCipherDirective)) return std::nullopt;
  const std::vector<absl::string_view> parts = absl::StrSplit(line, ' ');
  if (parts.size() != 2) return std::nullopt;
  absl::string_view k = parts[0], m = parts[1];
  if (!absl::ConsumePrefix(&k, "k=") || !absl::ConsumePrefix(&m, "m=")) return std::nullopt;
  return ParseCipherOption(absl::StrCat(k, ",", m));
}

// CLI11's check for --cipher: an empty string when valid, else why not.
std::string CipherOption(const std::string& value) {
  if (ParseCipherOption(value)) return "";
  return "--cipher takes K,M: the cipher's starting values, each 0-255, decimal or 0x hex "
         "(e.g. 0x64,0x63)";
}

// Prints the records as "[KEY]TEXT" lines: what `kbot gta fxt build` reads
// back, after a "#cipher" line when the file's cipher is not the documented
// one. Warnings and the paging hint go to stderr, so stdout stays that file.
int RunFxt(const FxtOptions& o) {
  absl::StatusOr<tools::FxtDecodeRequest> request =
      tools::FxtDecodeTable().ParseChecked(*o.arguments);
  if (!request.ok()) return Usage("gta fxt", request.status());
  request->limit = o.limit;
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gta fxt", opened.status());
  absl::StatusOr<tools::FxtDecodeResult> decoded = tools::DecodeFxt(opened->asset, *request);
  if (!decoded.ok()) return Fail("gta fxt", decoded.status());
  const json out = tools::FxtDecodeResult::Fields().ToJson(*decoded);
  if (o.json) {
    PrintJson(out);
    return kExitOk;
  }
  for (const json& w : out["warnings"]) std::cerr << "warning: " << w.get<std::string>() << "\n";
  const gta::FxtCipher cipher{out["cipher"]["k"].get<uint8_t>(),
                              out["cipher"]["m"].get<uint8_t>()};
  if (cipher != gta::FxtCipher{}) {
    std::cout << absl::StrFormat("%sk=0x%02x m=0x%02x\n", kCipherDirective, cipher.k, cipher.m);
  }
  for (const json& e : out["entries"]) {
    std::cout << "[" << e["key"].get<std::string>() << "]" << e["text"].get<std::string>() << "\n";
  }
  if (!out["next_offset"].is_null()) {
    std::cerr << out["entries"].size() << " of " << out["total"] << " record(s) (more: --offset "
              << out["next_offset"] << ")\n";
  }
  return kExitOk;
}

struct FxtText {
  std::vector<gta::FxtRecord> records;
  std::optional<gta::FxtCipher> cipher;  // from a "#cipher" line
};

// The text form: one "[KEY]TEXT" record a line (UTF-8; a trailing CR is
// dropped; empty lines are skipped), after an optional "#cipher k=K m=M"
// line. Anything else is an error naming the line, so a stray line never
// becomes a record silently.
absl::StatusOr<FxtText> ParseFxtText(std::istream& in, const std::string& name) {
  FxtText text;
  std::string line;
  const auto error = [&](int number, absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat(name, ": line ", number, ": ", what));
  };
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    if (absl::StartsWith(line, kCipherDirective)) {
      if (!text.records.empty() || text.cipher) {
        return error(number, "a #cipher line may only come first, before the records");
      }
      text.cipher = ParseCipherDirective(line);
      if (!text.cipher) return error(number, "expected #cipher k=K m=M, each 0-255");
      continue;
    }
    const size_t close = line.find(']');
    if (line[0] != '[' || close == std::string::npos) return error(number, "expected [KEY]TEXT");
    text.records.push_back({line.substr(1, close - 1), line.substr(close + 1)});
  }
  return text;
}

int RunFxtBuild(const FxtBuildOptions& o) {
  std::ifstream in(o.text_file, std::ios::binary);
  if (!in) {
    return Fail("gta fxt build", absl::NotFoundError(absl::StrCat(o.text_file, ": cannot open")));
  }
  absl::StatusOr<FxtText> text = ParseFxtText(in, o.text_file);
  if (!text.ok()) return Fail("gta fxt build", text.status());
  // --cipher, else the text's own #cipher line, else the documented pair.
  gta::FxtCipher cipher = text->cipher.value_or(gta::FxtCipher{});
  if (o.cipher) cipher = *ParseCipherOption(*o.cipher);  // checked when parsed
  absl::StatusOr<std::vector<uint8_t>> bytes = gta::WriteFxt(text->records, cipher);
  if (!bytes.ok()) {
    return Fail("gta fxt build",
                absl::Status(bytes.status().code(),
                             absl::StrCat(o.text_file, ": ", bytes.status().message())));
  }
  if (absl::Status s = contexts::WriteFileAtomically(o.target, *bytes); !s.ok()) {
    return Fail("gta fxt build", s);
  }
  std::cout << "wrote " << o.target << ": " << text->records.size() << " record(s), "
            << bytes->size() << " bytes\n";
  return kExitOk;
}

}  // namespace

void AddGtaCommands(CLI::App& app, int& exit_code) {
  CLI::App* gta = app.add_subcommand(
      "gta", "GTA1 data (maps, styles, sprites, cars, missions, texts, fonts, pictures)");
  gta->require_subcommand(1);
  AddGtaAssetCommands(gta, exit_code);
  AddGtaSpriteCommands(gta, exit_code);
  AddGtaMissionCommands(gta, exit_code);

  auto map = std::make_shared<FileCommandOptions>();
  CLI::App* m = gta->add_subcommand("map", "Describe a city map (.CMP), and one cell with --x --y");
  AddFileCommandOptions(*m, *map, "FILE", "City map (e.g. NYC.CMP)",
                        tools::MapDescribeTable().Params(), "Print the map_describe JSON");
  m->callback([map, &exit_code] { exit_code = RunMap(*map); });

  auto render = std::make_shared<FileTargetOptions>();
  CLI::App* r = gta->add_subcommand("render", "Draw a city map (or a rectangle of it) from above");
  r->add_option("--target", render->target, "PNG to write")->required();
  AddFileCommandOptions(*r, *render, "FILE", "City map (e.g. NYC.CMP)",
                        tools::MapRenderTable().Params(), "Print the map_render JSON");
  // --objects: the same as --overlays objects, as the docs spell it.
  r->add_flag_callback(
      "--objects", [render] { (*render->arguments)["overlays"].push_back("objects"); },
      "Draw the map's parked cars and objects with their sprites (--overlays objects)");
  r->callback([render, &exit_code] { exit_code = RunRender(*render); });

  auto fxt = std::make_shared<FxtOptions>();
  CLI::App* f = gta->add_subcommand("fxt", "The texts of an FXT file, or (fxt build) write one");
  f->add_option("FILE", fxt->file, "FXT file (e.g. ENGLISH.FXT)");
  f->add_option("--context", fxt->context, "Read FILE from this context (kbot context list)");
  AddToolOptions(*f, tools::FxtDecodeTable().Params(), fxt->arguments,
                 {"context", "path", "limit"});
  f->add_option("--limit", fxt->limit, "Show at most this many")->check(CLI::PositiveNumber);
  f->add_flag("--json", fxt->json, "Print the fxt_decode JSON");
  f->require_subcommand(0, 1);

  auto build = std::make_shared<FxtBuildOptions>();
  CLI::App* b = f->add_subcommand("build", "Write an FXT file from [KEY]TEXT lines");
  b->add_option("TEXTFILE", build->text_file,
                "UTF-8 text, one [KEY]TEXT record a line (after a #cipher line, if any)")
      ->required();
  b->add_option("--target", build->target, "FXT file to write")->required();
  b->add_option("--cipher", build->cipher,
                "The cipher's starting values K,M, each 0-255, decimal or 0x hex (default: the "
                "TEXTFILE's #cipher line, else 0x64,0x63 as in the 2002 release)")
      ->check(CLI::Validator(CipherOption, "K,M"));
  b->callback([build, &exit_code] { exit_code = RunFxtBuild(*build); });

  f->callback([fxt, b, &exit_code] {
    if (b->parsed()) return;
    if (fxt->file.empty()) throw CLI::RequiredError("FILE");
    exit_code = RunFxt(*fxt);
  });
}

}  // namespace kbot::app
