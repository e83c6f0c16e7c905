#include "tools/car_describe_tool.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "formats/image/scale.h"
#include "tools/car_names.h"
#include "tools/gta_sprites.h"
#include "tools/sprite_export_tool.h"

namespace kbot::tools {

const RequestTable<CarDescribeRequest>& CarDescribeTable() {
  static const RequestTable<CarDescribeRequest> table = [] {
    using R = CarDescribeRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The style (.G24/.GRY)")
        .Add("model", &R::model, {{"type", "integer"}, {"description", "Model id (car_list)"}},
             true)
        .Add("remap", &R::remap, {{"type", "integer"}, {"description", "1-12"}})
        .Add("doors_open", &R::doors_open, BooleanParam("Draw door deltas"))
        .AddCheck([](const R& r) {
          if (r.model < 0 || r.model > 255) {
            return absl::InvalidArgumentError(
                absl::StrCat("model ", r.model, ": a model id is 0-255 (car_list names them)"));
          }
          if (r.remap && (*r.remap < 0 || *r.remap > gta::kCarRemaps)) {
            return absl::InvalidArgumentError(absl::StrCat("remap ", *r.remap,
                                                           ": a car has remaps 1-", gta::kCarRemaps,
                                                           " (0: its own palette)"));
          }
          return absl::OkStatus();
        });
    return t;
  }();
  return table;
}

const ResultTable<CarRemapRow>& CarRemapRow::Fields() {
  using S = CarRemapRow;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("remap", &S::remap, CountSchema())
      .Add("h", &S::h, IntegerSchema())
      .Add("l", &S::l, IntegerSchema())
      .Add("s", &S::s, IntegerSchema())
      .Add("remap8", &S::remap8, CountSchema());
  return table;
}

const ResultTable<CarDoorRow>& CarDoorRow::Fields() {
  using S = CarDoorRow;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("rpy", &S::rpy, IntegerSchema())
      .Add("rpx", &S::rpx, IntegerSchema())
      .Add("object", &S::object, IntegerSchema())
      .Add("delta", &S::delta, IntegerSchema());
  return table;
}

const ResultTable<CarPicture>& CarPicture::Fields() {
  using S = CarPicture;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("remap", &S::remap, {{"type", {"integer", "null"}}})
      .Add("doors_open", &S::doors_open, BooleanSchema())
      .AddWhenSet("clut", &S::clut, CountSchema())
      .AddWhenSet("table", &S::table, CountSchema())
      .Add("scale", &S::scale, CountSchema())
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("bytes", &S::bytes, CountSchema());
  return table;
}

const ResultTable<CarDescribeSummary>& CarDescribeSummary::Fields() {
  using S = CarDescribeSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("car", &S::car, {{"type", "object"}})
      .Add("picture", &S::picture, {{"type", "object"}})
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

namespace {

// A 16.16 fixed-point value as the shortest decimal (at most 5 places) that
// stores as the same integer: 85197 reads 1.3, not 1.3000030517578125, as
// the data's authors most likely wrote it (the integer goes in "raw"). Five
// places always find one: their step, 1e-5, is less than 1/65536.
double Fixed(int32_t raw) {
  const double exact = double(raw) / 65536.0;
  double scale = 1;
  for (int places = 0; places <= 5; ++places, scale *= 10) {
    const double v = std::round(exact * scale) / scale;
    if (std::llround(v * 65536.0) == raw) return v;
  }
  return exact;
}

// The nine 16.16 values into `car` as numbers, and as stored into car["raw"].
void AddFixedFields(const gta::CarInfo& c, json& car) {
  const std::pair<const char*, int32_t> fixed[] = {
      {"mass", c.rbp_mass},
      {"thrust", c.g1_thrust},
      {"tyre_adhesion_x", c.tyre_adhesion_x},
      {"tyre_adhesion_y", c.tyre_adhesion_y},
      {"handbrake_friction", c.handbrake_friction},
      {"footbrake_friction", c.footbrake_friction},
      {"front_brake_bias", c.front_brake_bias},
      {"back_end_slide", c.back_end_slide},
      {"handbrake_slide", c.handbrake_slide}};
  json raw = json::object();
  for (const auto& [name, value] : fixed) {
    car[name] = Fixed(value);
    raw[name] = value;
  }
  car["raw"] = std::move(raw);
}

std::vector<CarRemapRow> RemapRows(const gta::CarInfo& car) {
  std::vector<CarRemapRow> out;
  for (int i = 0; i < gta::kCarRemaps; ++i) {
    const gta::CarHls& hls = car.remap24[size_t(i)];
    out.push_back({i + 1, hls.h, hls.l, hls.s, car.remap8[size_t(i)]});
  }
  return out;
}

std::vector<CarDoorRow> DoorRows(const gta::CarInfo& car) {
  std::vector<CarDoorRow> out;
  for (const gta::CarDoor& d : car.doors) out.push_back({d.rpy, d.rpx, d.object, d.delta});
  return out;
}

// The record of `model`; NotFound naming the models the style has.
absl::StatusOr<const gta::CarInfo*> CarOfModel(const Asset& asset, const StyleSpriteSet& set,
                                               int model) {
  if (const gta::CarInfo* car = set.cars.FindModel(model)) return car;
  std::vector<int> models;
  for (const gta::CarInfo& c : set.cars.cars) models.push_back(c.model);
  return AssetError(asset, absl::StatusCode::kNotFound,
                    models.empty()
                        ? absl::StrCat("no car of model ", model, ": the style has no car records")
                        : absl::StrCat("no car of model ", model, ": the models are ",
                                       absl::StrJoin(models, ", ")));
}

// The car's sprite, checked drawable; errors name the model.
absl::StatusOr<const gta::SpriteRecord*> CarSprite(const Asset& asset, const StyleSpriteSet& set,
                                                   const gta::CarInfo& car) {
  const gta::SpriteKind kind = gta::CarSpriteKind(car.vtype);
  absl::StatusOr<int> n = set.sprites.Number(kind, car.sprite);
  if (!n.ok()) {
    return AssetError(asset, absl::StatusCode::kOutOfRange,
                      absl::StrCat("model ", car.model, "'s sprite: ", n.status().message()));
  }
  const gta::SpriteRecord& sprite = set.sprites.sprites[size_t(*n)];
  if (sprite.width == 0 || sprite.height == 0) {
    return AssetError(asset, absl::StatusCode::kFailedPrecondition,
                      absl::StrCat("model ", car.model, "'s sprite (", gta::SpriteKindName(kind),
                                   " ", car.sprite, ") is ", int(sprite.width), " x ",
                                   int(sprite.height), ": nothing to draw"));
  }
  return &sprite;
}

// The sprite drawn in the car's own remaps (not those of the first record
// sharing its sprite, as sprite_export's), doors open when asked, enlarged.
absl::StatusOr<EncodedPicture> DrawCar(const StyleSpriteSet& set, const gta::CarInfo& car,
                                       const gta::SpriteRecord& sprite,
                                       const CarDescribeRequest& request,
                                       SpritePaletteUsed& used) {
  gta::SpriteRemap remap;
  if (request.remap) remap = gta::CarRemap(car, *request.remap);
  std::vector<int> deltas;
  if (request.doors_open) {
    for (const gta::CarDoor& d : car.doors) deltas.push_back(d.delta);
  }
  absl::StatusOr<gta::DrawnSprite> drawn = gta::DrawSprite(set.style, sprite, remap, deltas);
  if (!drawn.ok()) return drawn.status();
  used = PaletteUsed(*drawn);
  absl::StatusOr<image::RgbaPicture> scaled =
      image::ScaleNearest(drawn->picture, FitSpriteScale(sprite.width, sprite.height));
  if (!scaled.ok()) return scaled.status();
  return EncodePicture(*std::move(scaled));
}

}  // namespace

json CarFieldsJson(const gta::CarInfo& c, std::optional<int> absolute_sprite) {
  const gta::SpriteKind kind = gta::CarSpriteKind(c.vtype);
  json car = {{"index", c.index}, {"offset", c.record_offset}, {"model", c.model},
              {"vtype", c.vtype}, {"type", std::string(gta::VehicleTypeName(c.vtype))},
              {"kind", std::string(gta::SpriteKindName(kind))}, {"sprite", c.sprite},
              {"number", absolute_sprite ? json(*absolute_sprite) : json(nullptr)},
              {"width", c.width}, {"height", c.height}, {"depth", c.depth},
              {"weight", c.weight}, {"max_speed", c.max_speed}, {"min_speed", c.min_speed},
              {"acceleration", c.acceleration}, {"braking", c.braking}, {"grip", c.grip},
              {"handling", c.handling}, {"turning", c.turning}, {"damageable", c.damageable},
              {"value", c.value}, {"cx", c.cx}, {"cy", c.cy}, {"moment", c.moment},
              {"turn_ratio", c.turn_ratio}, {"drive_wheel_offset", c.drive_wheel_offset},
              {"steering_wheel_offset", c.steering_wheel_offset},
              {"convertible", c.convertible}, {"engine", c.engine}, {"radio", c.radio},
              {"horn", c.horn}, {"sound_function", c.sound_function},
              {"fast_change", c.fast_change}};
  AddFixedFields(c, car);
  car["remaps"] = ResultJson(RemapRows(c));
  car["doors"] = ResultJson(DoorRows(c));
  return car;
}

absl::StatusOr<CarDescribeOutcome> DescribeCar(const Asset& asset,
                                               const CarDescribeRequest& request,
                                               const ReadBytes& read) {
  absl::StatusOr<StyleSpriteSet> set = ReadSpriteSet(asset);
  if (!set.ok()) return set.status();
  absl::StatusOr<const gta::CarInfo*> car = CarOfModel(asset, *set, request.model);
  if (!car.ok()) return car.status();
  absl::StatusOr<const gta::SpriteRecord*> sprite = CarSprite(asset, *set, **car);
  if (!sprite.ok()) return sprite.status();
  absl::StatusOr<CarNames> names = ReadCarNames(asset.path, std::nullopt, read);
  if (!names.ok()) return names.status();
  CarDescribeOutcome out;
  CarDescribeSummary& s = out.summary;
  CarPicture& p = s.picture;
  SpritePaletteUsed used;
  absl::StatusOr<EncodedPicture> image = DrawCar(*set, **car, **sprite, request, used);
  if (!image.ok()) return AssetError(asset, image.status().code(), image.status().message());
  p.clut = used.clut;
  p.table = used.table;
  out.image = *std::move(image);
  p.remap = request.remap;
  p.doors_open = request.doors_open;
  s.scale = p.scale = FitSpriteScale((*sprite)->width, (*sprite)->height);
  p.width = out.image.picture.width;
  p.height = out.image.picture.height;
  p.bytes = out.image.png.size();
  s.path = asset.path;
  s.car = CarFieldsJson(**car, (*sprite)->number);
  const std::optional<std::string> name = names->NameOf(request.model);
  s.car["name"] = name ? json(*name) : json(nullptr);
  s.warnings = set->warnings;
  if (std::string note = names->MissingNote({request.model}); !note.empty()) {
    s.warnings.push_back(std::move(note));
  }
  return out;
}

namespace {

const DrawingTool<CarDescribeRequest, CarDescribeSummary>& CarDescribePicture() {
  static const DrawingTool<CarDescribeRequest, CarDescribeSummary> tool{
      kCarExport, CarDescribeTable(),
      [](const contexts::Context& context, const Asset& asset, const CarDescribeRequest& request) {
        return DescribeCar(asset, request, ContextReader(context));
      },
      [](const CarDescribeSummary& s) {
        const CarPicture& p = s.picture;
        return absl::StrCat(s.path, " car model ", s.car.value("model", 0),
                            s.car.contains("name") && s.car["name"].is_string()
                                ? absl::StrCat(" (", s.car["name"].get<std::string>(), ")")
                                : "",
                            p.remap ? absl::StrCat(" in remap ", *p.remap) : "",
                            p.doors_open ? ", doors open" : "");
      }};
  return tool;
}

}  // namespace

Tool CarDescribeTool() {
  return CarDescribePicture().Make(
      {"car_describe", "Show a GTA1 car", "Every field of a GTA1 car, its sprite drawn."});
}

}  // namespace kbot::tools
