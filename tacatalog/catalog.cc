// The catalog's lookups and texts.
#include "tacatalog/catalog.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace kbot::tacatalog {

namespace {

template <class T>
const T* FindIn(const std::vector<T>& items, const absl::flat_hash_map<std::string, size_t>& index,
                absl::string_view id) {
  auto it = index.find(absl::AsciiStrToLower(id));
  return it == index.end() ? nullptr : &items[it->second];
}

std::vector<const BuildOption*> OptionsIn(
    const std::vector<BuildOption>& options,
    const absl::flat_hash_map<std::string, std::vector<size_t>>& index, absl::string_view id) {
  std::vector<const BuildOption*> out;
  auto it = index.find(absl::AsciiStrToLower(id));
  if (it == index.end()) return out;
  out.reserve(it->second.size());
  for (size_t i : it->second) out.push_back(&options[i]);
  return out;
}

}  // namespace

std::string WarningText(const Warning& warning) {
  if (warning.file.empty()) return warning.message;
  if (warning.line == 0) return absl::StrCat(warning.file, ": ", warning.message);
  return absl::StrCat(warning.file, " line ", warning.line, ": ", warning.message);
}

const char* ViaName(BuildOption::Via via) {
  switch (via) {
    case BuildOption::Via::kSidedata: return "sidedata";
    case BuildOption::Via::kGui: return "gui";
    case BuildOption::Via::kDownload: return "download";
    case BuildOption::Via::kCanbuild: return "canbuild";
  }
  return "download";
}

std::optional<absl::string_view> Unit::Value(absl::string_view key) const {
  if (info == nullptr) return std::nullopt;
  return info->Value(key);
}

const Unit* Catalog::FindUnit(absl::string_view id) const { return FindIn(units, unit_index, id); }

const Weapon* Catalog::FindWeapon(absl::string_view id) const {
  return FindIn(weapons, weapon_index, id);
}

const Feature* Catalog::FindFeature(absl::string_view id) const {
  return FindIn(features, feature_index, id);
}

const Side* Catalog::FindSide(absl::string_view name) const {
  for (const Side& side : sides) {
    if (absl::EqualsIgnoreCase(side.name, name)) return &side;
  }
  return nullptr;
}

std::vector<const BuildOption*> Catalog::Builds(absl::string_view builder) const {
  return OptionsIn(build_options, builds_index, builder);
}

std::vector<const BuildOption*> Catalog::BuiltBy(absl::string_view unit) const {
  return OptionsIn(build_options, built_by_index, unit);
}

}  // namespace kbot::tacatalog
