// contexts.json, --context flags, names, games and their defaults.
#include "contexts/registry.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>

#include "contexts/file_io.h"
#include "tests/contexts/test_dir.h"

namespace kbot::contexts {
namespace {

namespace fs = std::filesystem;

TEST(Game, NamesRoundTrip) {
  for (Game g : {Game::kTa, Game::kTaKingdoms, Game::kGta}) {
    absl::StatusOr<Game> back = ParseGame(GameName(g));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, g);
  }
  EXPECT_STREQ(GameName(Game::kTa), "ta");
  EXPECT_STREQ(GameName(Game::kTaKingdoms), "takingdoms");
  EXPECT_STREQ(GameName(Game::kGta), "gta");
  EXPECT_EQ(ParseGame("doom").status().message(),
            "unknown game \"doom\" (use ta, takingdoms or gta)");
  EXPECT_EQ(ParseGame("TA").status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_FALSE(ParseGame("").ok());
}

TEST(Game, Defaults) {
  EXPECT_STREQ(DefaultsFor(Game::kTa).title, "Total Annihilation");
  EXPECT_EQ(DefaultsFor(Game::kTa).transparency.Name(), "game");
  EXPECT_STREQ(DefaultsFor(Game::kTaKingdoms).title, "TA: Kingdoms");
  EXPECT_EQ(DefaultsFor(Game::kTaKingdoms).transparency.Name(), "heuristic");
  EXPECT_STREQ(DefaultsFor(Game::kGta).title, "Grand Theft Auto");
  EXPECT_EQ(DefaultsFor(Game::kGta).transparency.Name(), "game");
}

TEST(ContextName, Rules) {
  EXPECT_TRUE(ValidateContextName("ta-main_1.2").ok());
  EXPECT_TRUE(ValidateContextName(std::string(64, 'x')).ok());
  EXPECT_TRUE(ValidateContextName("a.").ok());
  EXPECT_FALSE(ValidateContextName(std::string(65, 'x')).ok());
  EXPECT_FALSE(ValidateContextName("").ok());
  EXPECT_FALSE(ValidateContextName(".hidden").ok());
  EXPECT_FALSE(ValidateContextName("a b").ok());
  EXPECT_FALSE(ValidateContextName("a/b").ok());
  EXPECT_FALSE(ValidateContextName("a=b").ok());
  EXPECT_FALSE(ValidateContextName("caf\xc3\xa9").ok());
  EXPECT_EQ(ValidateContextName("a b").message(),
            "bad context name \"a b\": use 1 to 64 letters, digits, '_', '.' or '-', not "
            "starting with '.'");
}

class ContextFlag : public testing::TempDirTest {};

TEST_F(ContextFlag, SplitsAtTheFirstEqualsThenTheFirstColon) {
  const fs::path data = dir_ / "with:colon=and";
  fs::create_directories(data);
  absl::StatusOr<ContextSpec> spec = ParseContextFlag("tak=takingdoms:" + data.string());
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->name, "tak");
  EXPECT_EQ(spec->game, Game::kTaKingdoms);
  EXPECT_EQ(spec->path, data.string());
}

TEST_F(ContextFlag, MakesTheFolderAbsolute) {
  fs::create_directories(dir_ / "data" / "sub");
  const fs::path before = fs::current_path();
  fs::current_path(dir_);
  absl::StatusOr<ContextSpec> rel = ParseContextFlag("g=gta:data/");
  absl::StatusOr<ContextSpec> dotted = ParseContextFlag("g=gta:./data/./sub/..");
  fs::current_path(before);
  ASSERT_TRUE(rel.ok()) << rel.status();
  EXPECT_EQ(rel->path, (dir_ / "data").string());
  EXPECT_EQ(rel->game, Game::kGta);
  ASSERT_TRUE(dotted.ok()) << dotted.status();
  EXPECT_EQ(dotted->path, fs::canonical(dir_ / "data").string());
}

TEST_F(ContextFlag, Errors) {
  const std::string file = Put("file.txt", "x").string();
  const std::string missing = (dir_ / "missing").string();
  auto why = [](absl::string_view flag) {
    return std::string(ParseContextFlag(flag).status().message());
  };
  EXPECT_EQ(why("noequals"), "--context \"noequals\": expected NAME=GAME:DIR");
  EXPECT_EQ(why("a=ta"), "--context \"a=ta\": expected NAME=GAME:DIR");
  EXPECT_EQ(why("a:b=ta"), "--context \"a:b=ta\": expected NAME=GAME:DIR");
  EXPECT_EQ(why("a=doom:/tmp"),
            "--context \"a=doom:/tmp\": unknown game \"doom\" (use ta, takingdoms or gta)");
  EXPECT_EQ(why("a b=ta:/tmp"),
            "--context \"a b=ta:/tmp\": bad context name \"a b\": use 1 to 64 letters, digits, "
            "'_', '.' or '-', not starting with '.'");
  EXPECT_EQ(why("=ta:/tmp").substr(0, 33), "--context \"=ta:/tmp\": bad context");
  EXPECT_EQ(why("a=ta:"), "--context \"a=ta:\": no folder after the ':'");
  // A folder that is not there (or not a folder) is the workspace's to
  // judge: it serves such a context as unavailable, with the reason.
  EXPECT_EQ(ParseContextFlag("a=ta:" + missing)->path, missing);
  EXPECT_EQ(ParseContextFlag("a=ta:" + file)->path, file);
}

// Sets (or, with nullopt, unsets) an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    Set(value);
  }
  ~ScopedEnv() { Set(old_); }

 private:
  void Set(const std::optional<std::string>& v) {
    if (v) {
      ::setenv(name_, v->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  const char* name_;
  std::optional<std::string> old_;
};

TEST(RegistryPath, KbotConfigDirThenXdgThenHome) {
  {
    ScopedEnv k("KBOT_CONFIG_DIR", "/k"), x("XDG_CONFIG_HOME", "/x"), h("HOME", "/h");
    EXPECT_EQ(*RegistryPath(), "/k/contexts.json");
  }
  {
    ScopedEnv k("KBOT_CONFIG_DIR", ""), x("XDG_CONFIG_HOME", "/x"), h("HOME", "/h");
    EXPECT_EQ(*RegistryPath(), "/x/kbot/contexts.json");
  }
  {
    ScopedEnv k("KBOT_CONFIG_DIR", std::nullopt), x("XDG_CONFIG_HOME", "relative"), h("HOME", "/h");
    EXPECT_EQ(*RegistryPath(), "/h/.config/kbot/contexts.json");
  }
  {
    ScopedEnv k("KBOT_CONFIG_DIR", std::nullopt), x("XDG_CONFIG_HOME", std::nullopt),
        h("HOME", std::nullopt);
    EXPECT_EQ(RegistryPath().status().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_EQ(RegistryPath().status().message(),
              "cannot place contexts.json: set KBOT_CONFIG_DIR, XDG_CONFIG_HOME or HOME");
  }
}

class Registry : public testing::TempDirTest {
 protected:
  // The error LoadRegistry gives for `text` as the file's content.
  std::string ErrorFor(const std::string& text) {
    const std::string file = Put("contexts.json", text).string();
    absl::StatusOr<std::vector<ContextSpec>> specs = LoadRegistry(file);
    if (specs.ok()) return "ok";
    EXPECT_EQ(specs.status().code(), absl::StatusCode::kInvalidArgument);
    const std::string message(specs.status().message());
    // Every message names the file first.
    if (message.rfind(file + ": ", 0) != 0) return "does not name the file: " + message;
    return message.substr(file.size() + 2);
  }
};

TEST_F(Registry, MissingFileIsEmpty) {
  absl::StatusOr<std::vector<ContextSpec>> specs = LoadRegistry((dir_ / "none.json").string());
  ASSERT_TRUE(specs.ok()) << specs.status();
  EXPECT_TRUE(specs->empty());
}

TEST_F(Registry, Loads) {
  const std::string file = Put("contexts.json", R"({"contexts": [
      {"name": "ta", "game": "ta", "path": "/games/ta"},
      {"name": "kingdoms", "game": "takingdoms", "path": "/games/tak", "note": "kept"},
      {"name": "gta1", "game": "gta", "path": "/games/gta"}]})")
                               .string();
  absl::StatusOr<std::vector<ContextSpec>> specs = LoadRegistry(file);
  ASSERT_TRUE(specs.ok()) << specs.status();
  ASSERT_EQ(specs->size(), 3u);
  EXPECT_EQ((*specs)[0].name, "ta");
  EXPECT_EQ((*specs)[0].game, Game::kTa);
  EXPECT_EQ((*specs)[0].path, "/games/ta");
  EXPECT_EQ((*specs)[1].name, "kingdoms");
  EXPECT_EQ((*specs)[1].game, Game::kTaKingdoms);
  EXPECT_EQ((*specs)[2].game, Game::kGta);
  EXPECT_EQ((*specs)[2].path, "/games/gta");
}

TEST_F(Registry, CorruptJson) {
  EXPECT_EQ(ErrorFor("{\"contexts\": [}"),
            "not valid JSON: parse error at line 1, column 15: syntax error while parsing value "
            "- unexpected '}'; expected '[', '{', or a literal");
  EXPECT_EQ(ErrorFor("").substr(0, 15), "not valid JSON:");
}

TEST_F(Registry, WrongShape) {
  const std::string shape = "expected {\"contexts\": [{\"name\", \"game\", \"path\"}, ...]}";
  EXPECT_EQ(ErrorFor("[]"), shape);
  EXPECT_EQ(ErrorFor("{}"), shape);
  EXPECT_EQ(ErrorFor(R"({"contexts": {}})"), shape);
  EXPECT_EQ(ErrorFor(R"({"contexts": [3]})"), "contexts[0]: not an object");
  EXPECT_EQ(ErrorFor(R"({"contexts": [{"game": "ta", "path": "/x"}]})"),
            "contexts[0]: no \"name\"");
  EXPECT_EQ(ErrorFor(R"({"contexts": [{"name": "a", "game": 1, "path": "/x"}]})"),
            "contexts[0]: \"game\" is not a string");
  EXPECT_EQ(ErrorFor(R"({"contexts": [{"name": "a", "game": "ta"}]})"), "contexts[0]: no \"path\"");
  EXPECT_EQ(ErrorFor(R"({"contexts": [{"name": "a", "game": "ta", "path": "rel/x"}]})"),
            "contexts[0]: \"path\" is not an absolute folder path: \"rel/x\"");
}

TEST_F(Registry, UnknownGame) {
  EXPECT_EQ(ErrorFor(R"({"contexts": [{"name": "a", "game": "ta", "path": "/x"},
                                      {"name": "b", "game": "doom", "path": "/x"}]})"),
            "contexts[1]: unknown game \"doom\" (use ta, takingdoms or gta)");
}

TEST_F(Registry, BadName) {
  EXPECT_EQ(ErrorFor(R"({"contexts": [{"name": "../x", "game": "ta", "path": "/x"}]})"),
            "contexts[0]: bad context name \"../x\": use 1 to 64 letters, digits, '_', '.' or "
            "'-', not starting with '.'");
}

TEST_F(Registry, DuplicateName) {
  EXPECT_EQ(ErrorFor(R"({"contexts": [{"name": "a", "game": "ta", "path": "/x"},
                                      {"name": "a", "game": "gta", "path": "/y"}]})"),
            "contexts[1]: the name \"a\" is used twice");
}

TEST_F(Registry, AFolderAtThePath) {
  fs::create_directories(dir_ / "contexts.json");
  absl::StatusOr<std::vector<ContextSpec>> specs = LoadRegistry((dir_ / "contexts.json").string());
  EXPECT_EQ(specs.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(specs.status().message(), (dir_ / "contexts.json").string() + ": not a regular file");
}

TEST_F(Registry, UnreadableFile) {
  const std::string file = Put("contexts.json", R"({"contexts": []})").string();
  fs::permissions(file, fs::perms::none);
  const int result = testing::WithPermissionsEnforced([&] {
    absl::StatusOr<std::vector<ContextSpec>> specs = LoadRegistry(file);
    if (specs.ok()) return 1;
    if (specs.status().message() != file + ": cannot open: Permission denied") return 2;
    return 0;
  });
  if (result == 77) GTEST_SKIP() << "cannot drop root privileges here";
  EXPECT_EQ(result, 0);
}

TEST_F(Registry, SavesAtomicallyCreatingTheFolder) {
  const std::string file = (dir_ / "config" / "kbot" / "contexts.json").string();
  const std::vector<ContextSpec> specs = {{"ta", Game::kTa, "/games/ta"},
                                          {"tak", Game::kTaKingdoms, "/games/t a k"}};
  ASSERT_TRUE(SaveRegistry(file, specs).ok());
  absl::StatusOr<FileBytes> bytes = FileBytes::Open(file);
  ASSERT_TRUE(bytes.ok());
  EXPECT_EQ(testing::Text(bytes->bytes()),
            "{\n"
            "  \"contexts\": [\n"
            "    {\n"
            "      \"name\": \"ta\",\n"
            "      \"game\": \"ta\",\n"
            "      \"path\": \"/games/ta\"\n"
            "    },\n"
            "    {\n"
            "      \"name\": \"tak\",\n"
            "      \"game\": \"takingdoms\",\n"
            "      \"path\": \"/games/t a k\"\n"
            "    }\n"
            "  ]\n"
            "}\n");
  absl::StatusOr<std::vector<ContextSpec>> back = LoadRegistry(file);
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->size(), 2u);
  EXPECT_EQ((*back)[1].name, "tak");
  EXPECT_EQ((*back)[1].game, Game::kTaKingdoms);
  EXPECT_EQ((*back)[1].path, "/games/t a k");
  // Saving again replaces the file and leaves nothing beside it.
  ASSERT_TRUE(SaveRegistry(file, {}).ok());
  EXPECT_EQ(LoadRegistry(file)->size(), 0u);
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir_ / "config" / "kbot")) {
    names.push_back(e.path().filename().string());
  }
  EXPECT_EQ(names, std::vector<std::string>{"contexts.json"});
}

TEST_F(Registry, SaveFailsWhenTheFolderCannotBeMade) {
  const std::string blocker = Put("cfg", "a file").string();
  absl::Status s = SaveRegistry(blocker + "/kbot/contexts.json", {});
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(std::string(s.message()).rfind(blocker + "/kbot: cannot create the config folder: ", 0),
            0u)
      << s.message();
  EXPECT_EQ(testing::Text(FileBytes::Open(blocker)->bytes()), "a file");
}

}  // namespace
}  // namespace kbot::contexts
