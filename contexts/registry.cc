// contexts.json and the per-game defaults.
#include "contexts/registry.h"

#include <cstdlib>
#include <filesystem>
#include <set>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "contexts/file_io.h"
#include "nlohmann/json.hpp"

namespace kbot::contexts {

namespace fs = std::filesystem;
using nlohmann::json;

absl::StatusOr<Game> ParseGame(absl::string_view text) {
  if (text == "ta") return Game::kTa;
  if (text == "takingdoms") return Game::kTaKingdoms;
  if (text == "gta") return Game::kGta;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown game \"", text, "\" (use ta, takingdoms or gta)"));
}

const char* GameName(Game game) {
  switch (game) {
    case Game::kTa: return "ta";
    case Game::kTaKingdoms: return "takingdoms";
    case Game::kGta: return "gta";
  }
  return "ta";
}

GameDefaults DefaultsFor(Game game) {
  switch (game) {
    case Game::kTa: return {"Total Annihilation", gaf::Transparency::Game()};
    // Kingdoms atlases often store a key no pixel uses (transparency.h).
    case Game::kTaKingdoms: return {"TA: Kingdoms", gaf::Transparency::Heuristic()};
    case Game::kGta: return {"Grand Theft Auto", gaf::Transparency::Game()};
  }
  return {"Total Annihilation", gaf::Transparency::Game()};
}

absl::Status ValidateContextName(absl::string_view name) {
  bool ok = !name.empty() && name.size() <= 64 && name[0] != '.';
  for (char c : name) {
    ok = ok &&
         (absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-');
  }
  if (ok) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("bad context name \"", name,
                   "\": use 1 to 64 letters, digits, '_', '.' or '-', not starting with '.'"));
}

// Links are not followed where that is not needed: the user's own spelling of
// the folder is kept. Only a ".." goes through the file system, because
// "link/.." is not the folder that holds "link".
absl::StatusOr<std::string> AbsolutePath(const std::string& dir) {
  std::error_code ec;
  fs::path p = fs::absolute(dir, ec);
  if (ec) return absl::InvalidArgumentError(absl::StrCat(dir, ": ", ec.message()));
  bool dotdot = false;
  for (const fs::path& part : p) dotdot = dotdot || part == "..";
  p = dotdot ? fs::weakly_canonical(p, ec) : p.lexically_normal();
  if (ec) return absl::InvalidArgumentError(absl::StrCat(dir, ": ", ec.message()));
  std::string out = p.string();
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

absl::StatusOr<std::string> AbsoluteFolder(const std::string& dir) {
  absl::StatusOr<std::string> out = AbsolutePath(dir);
  if (!out.ok()) return out.status();
  std::error_code ec;
  const fs::file_status st = fs::status(*out, ec);
  if (!fs::exists(st)) return absl::NotFoundError(absl::StrCat(dir, ": no such folder"));
  if (!fs::is_directory(st)) return absl::InvalidArgumentError(absl::StrCat(dir, ": not a folder"));
  return out;
}

absl::StatusOr<ContextSpec> ParseContextFlag(absl::string_view flag) {
  const auto bad = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("--context \"", flag, "\": ", why));
  };
  const size_t eq = flag.find('=');
  if (eq == absl::string_view::npos) return bad("expected NAME=GAME:DIR");
  // The first ':' after the '=': GAME never holds one, DIR may.
  const size_t colon = flag.find(':', eq + 1);
  if (colon == absl::string_view::npos) return bad("expected NAME=GAME:DIR");
  ContextSpec spec;
  spec.name = std::string(flag.substr(0, eq));
  if (absl::Status s = ValidateContextName(spec.name); !s.ok()) return bad(s.message());
  absl::StatusOr<Game> game = ParseGame(flag.substr(eq + 1, colon - eq - 1));
  if (!game.ok()) return bad(game.status().message());
  spec.game = *game;
  const std::string dir(flag.substr(colon + 1));
  if (dir.empty()) return bad("no folder after the ':'");
  // Whether DIR is a folder is the workspace's question: a context whose
  // folder is missing is served as unavailable, so a server still starts.
  absl::StatusOr<std::string> path = AbsolutePath(dir);
  if (!path.ok()) {
    return absl::Status(path.status().code(),
                        absl::StrCat("--context \"", flag, "\": ", path.status().message()));
  }
  spec.path = *std::move(path);
  return spec;
}

absl::StatusOr<std::string> RegistryPath() {
  // An empty variable counts as unset, as the XDG spec says; so does a
  // relative XDG_CONFIG_HOME.
  auto env = [](const char* name) -> std::string {
    const char* v = std::getenv(name);
    return v == nullptr ? "" : v;
  };
  if (const std::string dir = env("KBOT_CONFIG_DIR"); !dir.empty()) {
    return (fs::path(dir) / "contexts.json").string();
  }
  if (const std::string xdg = env("XDG_CONFIG_HOME"); !xdg.empty() && xdg[0] == '/') {
    return (fs::path(xdg) / "kbot" / "contexts.json").string();
  }
  if (const std::string home = env("HOME"); !home.empty()) {
    return (fs::path(home) / ".config" / "kbot" / "contexts.json").string();
  }
  return absl::FailedPreconditionError(
      "cannot place contexts.json: set KBOT_CONFIG_DIR, XDG_CONFIG_HOME or HOME");
}

namespace {

// One entry of the "contexts" array, checked field by field.
absl::StatusOr<ContextSpec> ParseEntry(const json& e) {
  if (!e.is_object()) return absl::InvalidArgumentError("not an object");
  ContextSpec spec;
  for (const char* key : {"name", "game", "path"}) {
    auto it = e.find(key);
    if (it == e.end()) return absl::InvalidArgumentError(absl::StrCat("no \"", key, "\""));
    if (!it->is_string()) {
      return absl::InvalidArgumentError(absl::StrCat("\"", key, "\" is not a string"));
    }
  }
  spec.name = e["name"].get<std::string>();
  if (absl::Status s = ValidateContextName(spec.name); !s.ok()) return s;
  absl::StatusOr<Game> game = ParseGame(e["game"].get<std::string>());
  if (!game.ok()) return game.status();
  spec.game = *game;
  spec.path = e["path"].get<std::string>();
  if (spec.path.empty() || spec.path[0] != '/') {
    return absl::InvalidArgumentError(
        absl::StrCat("\"path\" is not an absolute folder path: \"", spec.path, "\""));
  }
  return spec;
}

}  // namespace

absl::StatusOr<std::vector<ContextSpec>> LoadRegistry(const std::string& file) {
  absl::StatusOr<FileBytes> bytes = FileBytes::Open(file);
  if (absl::IsNotFound(bytes.status())) return std::vector<ContextSpec>{};
  // FileBytes names the file: "<file>: cannot open: Permission denied",
  // "<file>: not a regular file".
  if (!bytes.ok()) return absl::InvalidArgumentError(bytes.status().message());
  const auto bad = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat(file, ": ", why));
  };
  json doc;
  try {
    doc = json::parse(bytes->bytes().begin(), bytes->bytes().end());
  } catch (const json::exception& e) {
    // "[json.exception.parse_error.101] parse error at line 1, ...": the
    // bracketed id means nothing to the reader.
    std::string why = e.what();
    if (const size_t close = why.find("] "); why[0] == '[' && close != std::string::npos) {
      why = why.substr(close + 2);
    }
    return bad(absl::StrCat("not valid JSON: ", why));
  }
  if (!doc.is_object() || !doc.contains("contexts") || !doc["contexts"].is_array()) {
    return bad("expected {\"contexts\": [{\"name\", \"game\", \"path\"}, ...]}");
  }
  std::vector<ContextSpec> specs;
  std::set<std::string> names;
  const json& list = doc["contexts"];
  for (size_t i = 0; i < list.size(); ++i) {
    absl::StatusOr<ContextSpec> spec = ParseEntry(list[i]);
    if (!spec.ok()) return bad(absl::StrCat("contexts[", i, "]: ", spec.status().message()));
    if (!names.insert(spec->name).second) {
      return bad(absl::StrCat("contexts[", i, "]: the name \"", spec->name, "\" is used twice"));
    }
    specs.push_back(*std::move(spec));
  }
  return specs;
}

absl::Status SaveRegistry(const std::string& file, const std::vector<ContextSpec>& contexts) {
  // Ordered: a person reading the file sees each name first.
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const ContextSpec& c : contexts) {
    list.push_back({{"name", c.name}, {"game", GameName(c.game)}, {"path", c.path}});
  }
  std::string text;
  try {
    text = nlohmann::ordered_json{{"contexts", list}}.dump(2) + "\n";
  } catch (const json::exception&) {
    // JSON text is UTF-8; a folder name in another encoding cannot be stored.
    return absl::InvalidArgumentError(
        absl::StrCat(file, ": cannot store a folder path that is not valid UTF-8"));
  }
  const fs::path parent = fs::path(file).parent_path();
  if (!parent.empty()) {
    std::error_code ec;
    fs::create_directories(parent, ec);
    if (ec) {
      return absl::InvalidArgumentError(
          absl::StrCat(parent.string(), ": cannot create the config folder: ", ec.message()));
    }
  }
  return WriteFileAtomically(file,
                             Bytes(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
}

}  // namespace kbot::contexts
