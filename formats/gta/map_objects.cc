#include "formats/gta/map_objects.h"

#include "absl/strings/str_cat.h"
#include "formats/common/byte_reader.h"

namespace kbot::gta {

std::vector<MapObject> DecodeMapObjects(const CityMap& map) {
  std::vector<MapObject> out;
  out.reserve(map.objects().size());
  for (const ObjectRecord& r : map.objects()) {
    MapObject o;
    o.index = int(out.size());
    o.x = LoadU16(&r[0]), o.y = LoadU16(&r[2]), o.z = LoadU16(&r[4]);
    o.type = r[6], o.remap = r[7];
    o.rotation = LoadU16(&r[8]), o.pitch = LoadU16(&r[10]), o.roll = LoadU16(&r[12]);
    out.push_back(o);
  }
  return out;
}

absl::StatusOr<int> CarSprite(const CarInfo& car, const StyleSprites& sprites) {
  absl::StatusOr<int> n = sprites.Number(CarSpriteKind(car.vtype), car.sprite);
  if (!n.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("car model ", int(car.model), ": ", n.status().message()));
  }
  return n;
}

absl::StatusOr<int> ObjectSprite(const ObjectInfo& object, const StyleSprites& sprites) {
  absl::StatusOr<int> n = sprites.Number(SpriteKind::kObject, object.sprite);
  if (!n.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("object type ", object.index, ": ", n.status().message()));
  }
  return n;
}

namespace {

// The placed sprite of one map object, or why it has none.
absl::StatusOr<PlacedSprite> Place(const MapObject& o, const StyleSprites& sprites,
                                   const StyleCars& cars) {
  PlacedSprite p{o.x, o.y, o.z, 0, {}, o.rotation, ""};
  if (o.is_car()) {
    p.what = absl::StrCat("object ", o.index, " (car model ", int(o.type), ")");
    const CarInfo* car = cars.FindModel(o.type);
    if (car == nullptr) {
      return absl::NotFoundError(absl::StrCat("no car record has model ", int(o.type)));
    }
    absl::StatusOr<int> n = CarSprite(*car, sprites);
    if (!n.ok()) return n.status();
    p.sprite = *n;
    p.remap = CarRemap(*car, o.car_remap());
    return p;
  }
  p.what = absl::StrCat("object ", o.index, " (type ", int(o.type), ")");
  if (o.type >= cars.objects.size()) {
    return absl::NotFoundError(absl::StrCat("type ", int(o.type), " is past the style's ",
                                            cars.objects.size(), " object types"));
  }
  absl::StatusOr<int> n = ObjectSprite(cars.objects[o.type], sprites);
  if (!n.ok()) return n.status();
  p.sprite = *n;
  return p;
}

}  // namespace

PlacedSprites PlaceMapObjects(const std::vector<MapObject>& objects, const StyleSprites& sprites,
                              const StyleCars& cars) {
  PlacedSprites out;
  for (const MapObject& o : objects) {
    absl::StatusOr<PlacedSprite> p = Place(o, sprites, cars);
    if (p.ok()) {
      out.sprites.push_back(*std::move(p));
    } else {
      out.warnings.push_back(absl::StrCat("object ", o.index, " at (", o.x, ", ", o.y, ", ", o.z,
                                          ") not drawn: ", p.status().message()));
    }
  }
  return out;
}

}  // namespace kbot::gta
