// What every kbot subcommand shares: exit codes, error lines, JSON output and
// reading a plain file as an asset.
#pragma once

#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "contexts/file_io.h"
#include "tools/gaf_tools.h"

namespace kbot::app {

// docs/json.md: 0 success, 1 the work failed, 2 a usage error.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

// Prints "kbot: <command>: <why>" to stderr and returns kExitFailed.
int Fail(const std::string& command, const absl::Status& status);

// Prints "kbot: usage: <why> (see kbot <command> --help)" to stderr and
// returns kExitUsage: for a request its tool's checks refused.
int Usage(const std::string& command, const absl::Status& status);

void PrintJson(const tools::json& value);

// A plain file opened for reading, reported under the path the user gave.
struct OpenedAsset {
  contexts::FileBytes file;
  tools::Asset asset;
};
absl::StatusOr<OpenedAsset> OpenAsset(const std::string& path);

// The palette a command draws with: the `--palette` file (a PAL or a PCX), or
// the embedded TA palette.
absl::StatusOr<tools::PaletteChoice> LoadPalette(const std::optional<std::string>& path);

// A path a command could not read at all, and why.
struct Unreadable {
  std::string path;
  std::string why;
};

// Each file named, and every .gaf/.taf under each folder named, in a stable
// order. A folder that cannot be listed goes to `unlistable`; each command
// reports it in its own shape.
std::vector<std::string> CollectGafFiles(const std::vector<std::string>& paths,
                                         std::vector<Unreadable>& unlistable);

}  // namespace kbot::app
