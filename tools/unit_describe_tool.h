// The tool unit_describe: one unit of a TA or TA: Kingdoms context's catalog
// (tacatalog/) with every key of its [UNITINFO], its weapons resolved to
// their definitions (range, reload, damage by target), what it builds and
// what builds it (and where each pairing was read), its linked assets (model,
// script, build picture: found or missing), the file that won and those it
// overrode, and its warnings (docs/json.md, section unit_describe). The build
// picture comes back as an image (tools/build_picture.h). `kbot unit describe`
// prints the same.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "nlohmann/json.hpp"
#include "tacatalog/catalog.h"
#include "tools/catalog_support.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct UnitDescribeRequest : ContextRequest {
  std::string unit;     // its id, ASCII case ignored
  bool picture = true;  // the build picture as an image, and the model render's link
};
const RequestTable<UnitDescribeRequest>& UnitDescribeTable();

// A weapon's damage to one target (a unit id; TA: Kingdoms also a category).
struct DamageItem {
  std::string target;
  nlohmann::json damage;  // a number, whole ones as integers
  static const ResultTable<DamageItem>& Fields();
};

// A weapon as a unit's slot names it, resolved to its definition.
struct UnitWeaponItem {
  int slot = 0;
  std::string id;
  bool found = false;  // a definition has the id
  std::optional<std::string> name;
  std::optional<FileItem> file;
  std::optional<uint32_t> line;
  // range, reloadtime, weaponvelocity, areaofeffect, energypershot,
  // metalpershot, as numbers (null: absent or not a number)
  nlohmann::json stats = nlohmann::json::object();
  nlohmann::json default_damage;  // [DAMAGE] default: a number or null
  std::vector<DamageItem> damage;
  static const ResultTable<UnitWeaponItem>& Fields();
};

// One build-menu pairing seen from one side: the other unit, its name, and
// where the pairing was read.
struct BuildItem {
  std::string unit;
  std::string name;
  std::string via;  // sidedata | gui | download | canbuild
  FileItem file;
  uint32_t line = 0;
  std::optional<int> menu, button;
  static const ResultTable<BuildItem>& Fields();
};

struct AssetItem {
  std::string kind;  // model | script | picture
  std::string path;  // as the game looks it up
  std::optional<std::string> found;  // the context's spelling; null: missing
  static const ResultTable<AssetItem>& Fields();
};

// The build picture's part of the answer.
struct PictureItem {
  std::string path;
  std::string format;  // png (a PCX drawn) | jpeg (the file's own bytes)
  int width = 0, height = 0;            // as returned
  int file_width = 0, file_height = 0;  // the file's
  int scale = 1;
  std::string delivery;  // inline | resource_link
  std::optional<std::string> resource_uri;
  static const ResultTable<PictureItem>& Fields();
};

struct UnitDescription {
  std::string context, game;
  std::string id, name, side, description, tedclass;
  std::vector<std::string> categories;
  // build_cost_metal and build_cost_energy (TA) or build_cost (TA: Kingdoms),
  // build_time, worker_time, health, speed: numbers, null when absent
  nlohmann::json stats = nlohmann::json::object();
  FileItem file;
  uint32_t line = 0;
  std::vector<FileItem> overrides;
  std::vector<KeyItem> keys;  // every key of [UNITINFO], file order
  std::vector<UnitWeaponItem> weapons;
  std::vector<BuildItem> builds, built_by;
  std::vector<AssetItem> assets;
  std::vector<std::string> warnings;
  std::optional<PictureItem> picture;  // set when the picture is returned
  // Beside the picture: a kbot:// link that draws the unit's model
  // (model_render's export), when the model was found.
  std::optional<std::string> model_render;
  static const ResultTable<UnitDescription>& Fields();
};

// `unit` of `catalog` described (no picture).
UnitDescription DescribeUnit(const tacatalog::Catalog& catalog, const tacatalog::Unit& unit);

// The unit `id` of `context`'s catalog; NotFound with the nearest ids (and
// units whose display name it is) when there is none.
absl::StatusOr<UnitDescription> DescribeUnitIn(const contexts::Context& context,
                                               const std::string& id, Progress& progress);

Tool UnitDescribeTool();

}  // namespace kbot::tools
