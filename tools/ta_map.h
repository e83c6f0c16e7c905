// A Total Annihilation or TA: Kingdoms map in a context: its .tnt and the
// .ota beside it, found from any name a user gives it ("maps/lakes.tnt",
// "maps/lakes.ota", "maps/lakes", "lakes"), each read once through the
// context's parse cache while the file is unchanged (tools/parsed_asset.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "formats/tnt/ota.h"
#include "formats/tnt/tnt.h"

namespace kbot::tools {

// The map's files, in the context's own spelling.
struct TaMapNames {
  std::string tnt;
  std::optional<std::string> ota;  // none beside it
};

// Whether map_describe and map_render read `path` in `context` as a TA or
// TA: Kingdoms map: a .tnt or .ota is one, a .cmp is GTA1's, any other name
// is what the context's game has (a TA: Kingdoms mod may hold GTA1 files,
// as the built-in demo does).
bool IsTaMapPath(const contexts::Context& context, const std::string& path);

// The files `path` names: with a .tnt or .ota extension, that map; without
// one, NAME.tnt; a bare name with no folder is looked for under maps/ first.
// NotFound names what was tried and suggests near paths.
absl::StatusOr<TaMapNames> FindTaMap(const contexts::Context& context, const std::string& path);

struct OpenedTaMap {
  std::string path;  // the .tnt
  std::shared_ptr<const tnt::TntMap> map;
  std::optional<std::string> ota_path;
  std::shared_ptr<const tnt::Ota> ota;  // null when there is none or it cannot be read
  // About the OTA: "maps/lakes.ota: ..." when it could not be read (the map
  // still is), or "no maps/lakes.ota beside the map".
  std::vector<std::string> warnings;
};

// The map `path` names, read (an error only for the .tnt), and its OTA.
absl::StatusOr<OpenedTaMap> OpenTaMap(const contexts::Context& context, const std::string& path);

}  // namespace kbot::tools
