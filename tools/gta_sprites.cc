#include "tools/gta_sprites.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tools/file_kind.h"

namespace kbot::tools {

absl::StatusOr<StyleSpriteSet> ReadSpriteSet(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, {FileKind::kStyle}); !s.ok()) return s;
  absl::StatusOr<gta::Style> style = gta::ReadStyle(asset.bytes, asset.path);
  if (!style.ok()) return style.status();
  absl::StatusOr<gta::StyleSprites> sprites = gta::ReadStyleSprites(*style);
  if (!sprites.ok()) return sprites.status();
  StyleSpriteSet set{*std::move(style), *std::move(sprites), {}, {}};
  set.cars = gta::ReadStyleCars(set.style);
  for (const std::vector<std::string>* w :
       {&set.style.warnings, &set.sprites.warnings, &set.cars.warnings}) {
    set.warnings.insert(set.warnings.end(), w->begin(), w->end());
  }
  return set;
}

json KindParam() { return StringParam("Sprite kind: car, ped, object, bus... (sprite_list)"); }

absl::StatusOr<gta::SpriteKind> KindNamed(const Asset& asset, const std::string& name) {
  if (std::optional<gta::SpriteKind> kind = gta::SpriteKindFromName(name)) return *kind;
  std::vector<std::string> names;
  for (int k = 0; k < gta::kSpriteKindCount; ++k) {
    names.emplace_back(gta::SpriteKindName(gta::SpriteKind(k)));
  }
  return AssetError(asset, absl::StatusCode::kInvalidArgument,
                    absl::StrCat("no sprite kind \"", name, "\": the kinds are ",
                                 absl::StrJoin(names, ", ")));
}

bool IsVehicleKind(gta::SpriteKind kind) {
  using K = gta::SpriteKind;
  switch (kind) {
    case K::kBus: case K::kCar: case K::kBike: case K::kTank: case K::kBoat: case K::kTrain:
    case K::kTram:
      return true;
    default:
      return false;
  }
}

const gta::CarInfo* CarOfSprite(const StyleSpriteSet& set, const gta::SpriteRecord& sprite) {
  for (const gta::CarInfo& car : set.cars.cars) {
    if (gta::CarSpriteKind(car.vtype) == sprite.kind && car.sprite == sprite.number_in_kind) {
      return &car;
    }
  }
  return nullptr;
}

absl::StatusOr<gta::SpriteRemap> RemapFor(const StyleSpriteSet& set,
                                          const gta::SpriteRecord& sprite,
                                          std::optional<int> remap) {
  using Kind = gta::SpriteRemap::Kind;
  if (!remap) return gta::SpriteRemap{};
  const std::string name = absl::StrCat(gta::SpriteKindName(sprite.kind), " sprite ",
                                        sprite.number_in_kind);
  if (sprite.kind == gta::SpriteKind::kPed) return gta::SpriteRemap{Kind::kPed, 0, *remap};
  if (!IsVehicleKind(sprite.kind)) {
    return absl::InvalidArgumentError(absl::StrCat(
        name, " takes no remap: remaps are for vehicles (1-12) and pedestrians (0-63)"));
  }
  if (*remap > gta::kCarRemaps) {
    return absl::InvalidArgumentError(absl::StrCat(
        "remap ", *remap, ": a vehicle has remaps 1-", gta::kCarRemaps, " (0: its own palette)"));
  }
  const gta::CarInfo* car = CarOfSprite(set, sprite);
  if (car == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, " belongs to no car record, so it has no remaps"));
  }
  return gta::CarRemap(*car, *remap);
}

absl::StatusOr<const gta::SpriteRecord*> SpriteOf(const Asset& asset, const StyleSpriteSet& set,
                                                  gta::SpriteKind kind, int number) {
  absl::StatusOr<int> n = set.sprites.Number(kind, number);
  if (!n.ok()) {
    return AssetError(asset, absl::StatusCode::kOutOfRange, std::string(n.status().message()));
  }
  return &set.sprites.sprites[*n];
}

SpritePaletteUsed PaletteUsed(const gta::DrawnSprite& drawn) {
  SpritePaletteUsed used;
  if (drawn.clut >= 0) used.clut = drawn.clut;
  if (drawn.table >= 0) used.table = drawn.table;
  return used;
}

}  // namespace kbot::tools
