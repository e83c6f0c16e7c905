// The kbot commands as goldens: exit code, what each printed (its --json
// output parsed), and the digest of every file it wrote, on the demo files
// written to disk and on the built-in demo context.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "tests/golden/golden.h"
#include "tests/support/kbot_process.h"

namespace kbot::testing {
namespace {

namespace fs = std::filesystem;

struct Command {
  std::string args;
  std::string wrote;  // a file or folder the command writes ("" none)
};

const std::vector<Command>& Commands() {
  static const std::vector<Command> commands = {
      {"gaf list demo/anims/demo.gaf --json", ""},
      {"gaf list demo/anims/demo.gaf", ""},
      {"gaf list anims/cursors.gaf --context demo --json", ""},
      {"gaf list demo/palettes/palette.pal", ""},
      {"gaf list missing.gaf", ""},
      {"gaf list", ""},
      {"gaf info demo/anims/demo.gaf --sequence Explosion --json", ""},
      {"gaf info demo/anims/demo.gaf --sequence 1", ""},
      {"gaf export demo/anims/demo.gaf --sequence spinner --format apng --target out/spinner.png",
       "out/spinner.png"},
      {"gaf export demo/anims/demo.gaf --sequence spinner --format gif --target out/spinner.gif",
       "out/spinner.gif"},
      {"gaf export demo/anims/glow.taf --format sheet --scale 2 --target out/glow.png", "out/glow.png"},
      {"gaf export units/verflag.gaf --context demo --format png --target out/verflag.png",
       "out/verflag.png"},
      {"gaf export demo/anims/demo.gaf --scale 9 --target out/x.png", ""},
      {"gaf check demo --json", ""},
      {"gaf check demo", ""},
      {"gaf dump demo/anims/demo.gaf --target out/dump", "out/dump"},
      {"gaf build out/dump --target out/rebuilt.gaf", "out/rebuilt.gaf"},
      {"gaf roundtrip demo --json", ""},
      {"gta map demo/GTADATA/DEMO.CMP --json", ""},
      {"gta map demo/GTADATA/DEMO.CMP --x 7 --y 7", ""},
      {"gta map demo/GTADATA/DEMO.CMP --x 7", ""},
      {"gta render demo/GTADATA/DEMO.CMP --w 16 --h 16 --scale 4 --target out/town.png --json",
       "out/town.png"},
      {"gta render GTADATA/DEMO.CMP --context demo --x 250 --w 16 --target out/no.png", ""},
      {"tnt describe demo/maps/lakes.tnt", ""},
      {"tnt describe lakes --context demo --x 16 --y 8 --json", ""},
      {"tnt render demo/maps/lakes.tnt --overlays starts,features --scale 8 --target out/lakes.png "
       "--json",
       "out/lakes.png"},
      {"tnt render lakes --context demo --x 15 --w 4 --target out/no.png", ""},
      {"tnt minimap lakes --context demo --target out/minimap.png --json", "out/minimap.png"},
      {"tnt heightmap demo/maps/lakes.tnt --target out/heights.png --json", "out/heights.png"},
      {"tnt list --context demo", ""},
      {"tnt describe demo/GTADATA/ENGLISH.FXT", ""},
      {"3do describe demo/objects3d/ARAKNIGHT.3do", ""},
      {"3do describe araknight --context demo --json", ""},
      {"3do render demo/objects3d/ARAKNIGHT.3do --yaw 30 --width 96 --height 96 "
       "--target out/knight.png --json",
       "out/knight.png"},
      {"3do render araknight --context demo --turntable 4 --format gif --width 48 --height 48 "
       "--target out/knight.gif",
       "out/knight.gif"},
      {"3do render araknight --context demo --hide cape --target out/no.png", ""},
      {"3do describe demo/maps/lakes.tnt", ""},
      {"cob describe demo/scripts/ARAKNIGHT.cob", ""},
      {"cob disassemble araknight --context demo --script Killed", ""},
      {"cob decompile demo/scripts/ARAKNIGHT.cob", ""},
      {"cob decompile araknight --context demo --script Fire --json", ""},
      {"gta style demo/GTADATA/STYLE001.G24 --json", ""},
      {"gta style demo/GTADATA/STYLE001.G24", ""},
      {"gta tiles demo/GTADATA/STYLE001.G24 --kind side --direction left --first 0 --count 2 "
       "--target out/tiles.png --json",
       "out/tiles.png"},
      {"gta fxt demo/GTADATA/ENGLISH.FXT --json", ""},
      {"gta fxt demo/GTADATA/ENGLISH.FXT", ""},
      {"gta fxt build out/english.txt --target out/rebuilt.fxt", "out/rebuilt.fxt"},
      {"gta font demo/GTADATA/DEMO.FON --text 'LIBERTY CITY' --scale 2 --target out/font.png --json",
       "out/font.png"},
      {"gta picture demo/GTADATA/DEMO.CMP --target out/p.png", ""},
      {"gta player demo/GTADATA/ENGLISH.FXT", ""},
      {"pcx export anims/atlas.pcx --context demo --target out/atlas.png --json", "out/atlas.png"},
      {"pcx export demo/anims/demo.gaf --target out/x.png", ""},
      {"tdf demo/palettes/palette.pal", ""},
      {"hpi list demo/demo.ufo --json", ""},
      {"hpi list demo/demo.ufo", ""},
      {"hpi extract demo/demo.ufo '**/*.gaf' --target out/ufo", "out/ufo"},
      {"hpi pack out/ufo --target out/repacked.hpi --compression lz77", "out/repacked.hpi"},
      {"context list --json", ""},
      {"context list", ""},
      {"vfs list 'anims/*' --json", ""},
      {"vfs list --limit 3", ""},
      {"palette candidates units/verflag.gaf --json", ""},
      {"palette candidates units/verflag.gaf", ""},
      {"palette describe demo/palettes/palette.pal --json", ""},
      {"palette describe palettes/veruna.pcx --context demo --swatch out/veruna.png",
       "out/veruna.png"},
      {"palette describe demo/anims/demo.gaf", ""},
      {"vfs list --pattern 'units/*.gaf' --offset 1 --limit 1", ""},
      {"hpi list demo/demo.ufo --pattern '**/*.gaf' --limit 1 --json", ""},
      {"nonsense", ""},
  };
  return commands;
}

// The digests of what a command wrote: one file, or every file of a folder
// by its path inside it.
json Written(const fs::path& dir, const std::string& wrote) {
  if (wrote.empty()) return nullptr;
  const fs::path path = dir / wrote;
  if (!fs::exists(path)) return "missing";
  if (!fs::is_directory(path)) return Digest(ReadFile(path));
  json files = json::object();
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(path)) {
    if (e.is_regular_file()) files[fs::relative(e.path(), path).string()] = Digest(ReadFile(e.path()));
  }
  return files;
}

json Printed(const std::string& args, const std::string& text, const std::string& dir) {
  const std::string plain = ReplaceAll(text, dir, "$DIR");
  if (args.find("--json") == std::string::npos) return plain;
  const json parsed = json::parse(plain, nullptr, false);
  return parsed.is_discarded() ? json(plain) : parsed;
}

TEST(CliGolden, CommandsOnTheDemoData) {
  KbotProcess kbot;
  ASSERT_EQ(kbot.Run("demo --target demo").status, 0);
  fs::create_directories(kbot.dir() / "out");
  // The FXT text form, for `gta fxt build`.
  const KbotRun fxt = kbot.Run("gta fxt demo/GTADATA/ENGLISH.FXT");
  ASSERT_EQ(fxt.status, 0);
  std::ofstream(kbot.dir() / "out/english.txt", std::ios::binary) << fxt.out;
  json cases = json::array();
  for (const Command& c : Commands()) {
    const KbotRun run = kbot.Run(c.args);
    const std::string dir = kbot.dir().string();
    cases.push_back({{"request", c.args},
                     {"response",
                      {{"status", run.status},
                       {"stdout", Printed(c.args, run.out, dir)},
                       {"stderr", ReplaceAll(run.err, dir, "$DIR")},
                       {"wrote", Written(kbot.dir(), c.wrote)}}}});
  }
  ExpectGolden("cli", cases);
}

}  // namespace
}  // namespace kbot::testing
