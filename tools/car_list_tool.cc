#include "tools/car_list_tool.h"

#include "tools/car_names.h"
#include "tools/gta_sprites.h"

namespace kbot::tools {

json CarTextsParam() { return StringParam("FXT for names (default ENGLISH.FXT beside it)"); }

const RequestTable<CarListRequest>& CarListTable() {
  static const RequestTable<CarListRequest> table = [] {
    using R = CarListRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The style (.G24/.GRY)").Add("texts", &R::texts, CarTextsParam());
    return t;
  }();
  return table;
}

const ResultTable<CarRow>& CarRow::Fields() {
  using S = CarRow;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("index", &S::index, CountSchema())
      .Add("model", &S::model, CountSchema())
      .Add("name", &S::name, NullableString())
      .Add("vtype", &S::vtype, CountSchema())
      .Add("type", &S::type, StringSchema())
      .Add("kind", &S::kind, StringSchema())
      .Add("sprite", &S::sprite, IntegerSchema())
      .Add("number", &S::number, {{"type", {"integer", "null"}}})
      .Add("width", &S::width, IntegerSchema())
      .Add("height", &S::height, IntegerSchema())
      .Add("depth", &S::depth, IntegerSchema())
      .Add("doors", &S::doors, CountSchema())
      .Add("value", &S::value, {{"type", "array"}})
      .Add("max_speed", &S::max_speed, IntegerSchema())
      .Add("weight", &S::weight, IntegerSchema());
  return table;
}

const ResultTable<CarListing>& CarListing::Fields() {
  using S = CarListing;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("texts", &S::texts, NullableString())
      .Add("cars", &S::cars, {{"type", "array"}})
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

namespace {

CarRow RowOf(const StyleSpriteSet& set, const gta::CarInfo& car, const CarNames& names) {
  const gta::SpriteKind kind = gta::CarSpriteKind(car.vtype);
  CarRow r;
  r.index = car.index;
  r.model = car.model;
  r.name = names.NameOf(car.model);
  r.vtype = car.vtype;
  r.type = std::string(gta::VehicleTypeName(car.vtype));
  r.kind = std::string(gta::SpriteKindName(kind));
  r.sprite = car.sprite;
  if (absl::StatusOr<int> n = set.sprites.Number(kind, car.sprite); n.ok()) r.number = *n;
  r.width = car.width, r.height = car.height, r.depth = car.depth;
  r.doors = int(car.doors.size());
  for (size_t i = 0; i < r.value.size(); ++i) r.value[i] = car.value[i];
  r.max_speed = car.max_speed;
  r.weight = car.weight;
  return r;
}

}  // namespace

absl::StatusOr<CarListing> ListCars(const Asset& asset, const CarListRequest& request,
                                    const ReadBytes& read) {
  absl::StatusOr<StyleSpriteSet> set = ReadSpriteSet(asset);
  if (!set.ok()) return set.status();
  absl::StatusOr<CarNames> names = ReadCarNames(asset.path, request.texts, read);
  if (!names.ok()) return names.status();
  CarListing out;
  out.path = asset.path;
  out.texts = names->texts;
  std::vector<int> models;
  for (const gta::CarInfo& car : set->cars.cars) {
    out.cars.push_back(RowOf(*set, car, *names));
    models.push_back(car.model);
  }
  out.warnings = set->warnings;
  if (std::string note = names->MissingNote(models); !note.empty()) {
    out.warnings.push_back(std::move(note));
  }
  return out;
}

Tool CarListTool() {
  return MakeContextTool<CarListRequest>(
      {"car_list", "List a GTA1 style's cars",
       "A GTA1 style's car records: model, name, type, sprite, size, doors, value, speed."},
      CarListTable(), CarListing::Fields().Schema(),
      [](const contexts::Context& context, const CarListRequest& request, const ToolCall&) {
        return RunAssetTool(context, request, [&](const Asset& asset) {
          return ListCars(asset, request, ContextReader(context));
        });
      });
}

}  // namespace kbot::tools
