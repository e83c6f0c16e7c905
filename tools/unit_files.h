// A unit's model (objects3d/NAME.3do) and script (scripts/NAME.cob) in a
// context, found from any name a user gives them ("objects3d/armcom.3do",
// "armcom.3do", "armcom"), each read once through the context's parse cache
// while the file is unchanged (tools/parsed_asset.h).
#pragma once

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "formats/cob/cob.h"
#include "formats/model3do/model3do.h"
#include "tools/parsed_asset.h"

namespace kbot::tools {

// Where a kind of unit file lives: its folder and extension.
struct UnitFileKind {
  const char* folder;     // "objects3d"
  const char* extension;  // ".3do"
};
inline constexpr UnitFileKind kModelFiles{"objects3d", ".3do"};
inline constexpr UnitFileKind kScriptFiles{"scripts", ".cob"};

// The context's spelling of the file `path` names: the path as given when it
// is a file; else, with the extension added when it has none, under the
// kind's folder first (a bare name), then as given. NotFound names what
// was tried and suggests near paths.
absl::StatusOr<std::string> FindUnitFile(const contexts::Context& context,
                                         const std::string& path, const UnitFileKind& kind);

// The same file of the other kind for the same unit, when the context has
// it: scripts/ARMCOM.cob for objects3d/armcom.3do. Matched by base name.
std::optional<std::string> CompanionFile(const contexts::Context& context,
                                         const std::string& path, const UnitFileKind& other);

// The model or script `path` names, read (a file of another kind is refused
// by name).
absl::StatusOr<ParsedAsset<model3do::Model>> OpenModel(const contexts::Context& context,
                                                       const std::string& path);
absl::StatusOr<ParsedAsset<cob::Cob>> OpenScript(const contexts::Context& context,
                                                 const std::string& path);

}  // namespace kbot::tools
