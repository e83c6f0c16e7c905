#include "tools/unit_describe_tool.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "formats/tdf/tdf.h"
#include "tools/build_picture.h"
#include "tools/model_render_tool.h"
#include "tools/picture_delivery.h"
#include "tools/picture_export_tool.h"
#include "tools/resource_uri.h"
#include "tools/tool_support.h"
#include "tools/unit_rows.h"

namespace kbot::tools {

namespace {

using tacatalog::Catalog;
using tacatalog::Unit;

json NumbersSchema() { return {{"type", "object"}}; }

std::optional<int> Known(int n) { return n < 0 ? std::nullopt : std::optional<int>(n); }

// The keys of a weapon's section read as numbers.
json WeaponStats(const tdf::TdfSection* section) {
  json out = json::object();
  for (const char* key : {"range", "reloadtime", "weaponvelocity", "areaofeffect",
                          "energypershot", "metalpershot"}) {
    std::optional<absl::string_view> v =
        section != nullptr ? section->Value(key) : std::nullopt;
    out[key] = NumberJson(v ? tdf::ParseTdfNumber(*v) : std::nullopt);
  }
  return out;
}

UnitWeaponItem WeaponItem(const Catalog& catalog, const tacatalog::WeaponSlot& slot) {
  UnitWeaponItem item;
  item.slot = slot.slot;
  item.id = slot.id;
  item.found = slot.weapon >= 0;
  item.stats = WeaponStats(nullptr);
  item.default_damage = nullptr;
  if (!item.found) return item;
  const tacatalog::Weapon& w = catalog.weapons[slot.weapon];
  item.id = w.id;
  item.name = w.name;
  item.file = FileItemOf(w.file);
  item.line = w.line;
  item.stats = WeaponStats(w.section);
  item.default_damage = NumberJson(w.default_damage);
  for (const auto& [target, damage] : w.damage) item.damage.push_back({target, NumberJson(damage)});
  return item;
}

// Each pairing seen from `unit`: the other end is the builder or the unit built.
std::vector<BuildItem> BuildItems(const Catalog& catalog,
                                  const std::vector<const tacatalog::BuildOption*>& options,
                                  bool builds) {
  std::vector<BuildItem> out;
  for (const tacatalog::BuildOption* o : options) {
    BuildItem item;
    item.unit = builds ? o->unit : o->builder;
    const Unit* other = catalog.FindUnit(item.unit);
    if (other != nullptr) item.name = other->name;
    item.via = tacatalog::ViaName(o->via);
    item.file = FileItemOf(o->file);
    item.line = o->line;
    item.menu = Known(o->menu);
    item.button = Known(o->button);
    out.push_back(std::move(item));
  }
  return out;
}

json UnitStats(const Catalog& catalog, const Unit& u) {
  json out = json::object();
  if (catalog.game == contexts::Game::kTaKingdoms) {
    out["build_cost"] = NumberJson(u.build_cost);
  } else {
    out["build_cost_metal"] = NumberJson(u.build_cost_metal);
    out["build_cost_energy"] = NumberJson(u.build_cost_energy);
  }
  out["build_time"] = NumberJson(u.build_time);
  out["worker_time"] = NumberJson(u.worker_time);
  out["health"] = NumberJson(u.health);
  out["speed"] = NumberJson(u.speed);
  return out;
}

// The unit's build picture added to `result` (its JSON already in
// structured): the image inline, or a link and a preview; a picture that
// cannot be read is a warning, not a failure of the description.
void AddPicture(const contexts::Context& context, const std::string& path, const Limits& limits,
                ToolResult& result) {
  absl::StatusOr<BuildPicture> picture = ReadBuildPicture(context, path);
  json& structured = result.structured;
  if (!picture.ok()) {
    structured["warnings"].push_back(
        absl::StrCat("build picture: ", picture.status().message()));
    return;
  }
  const bool png = picture->mime_type == "image/png";
  const std::string unit = structured["id"].get<std::string>();
  ToolResult delivered = DeliverPicture(
      json::object(),
      {picture->bytes, picture->mime_type, picture->width, picture->height,
       absl::StrCat(unit, "'s build picture ", path),
       picture->scale > 1 ? absl::StrCat("at scale ", picture->scale) : "", png ? "png" : "jpeg"},
      limits,
      [&] {
        PictureExportRequest request;
        request.context = context.name;
        request.path = path;
        // A JPEG is read as it is; a PCX is drawn again by picture_export.
        return PictureLink{
            png ? PictureUri(context, kPictureExportExport, PictureExportTable(), request)
                : MakeResourceUri(context.name, path),
            absl::StrCat(path, " (build picture)"), "build picture"};
      },
      [] { return std::nullopt; });
  PictureItem item{path, png ? "png" : "jpeg", picture->width, picture->height,
                   picture->file_width, picture->file_height, picture->scale,
                   delivered.structured["delivery"].get<std::string>(), std::nullopt};
  if (delivered.structured["resource_uri"].is_string()) {
    item.resource_uri = delivered.structured["resource_uri"].get<std::string>();
  }
  structured["picture"] = ResultJson(item);
  for (const std::string& w : picture->warnings) {
    structured["warnings"].push_back(absl::StrCat("build picture: ", w));
  }
  for (json& block : delivered.content) result.content.push_back(std::move(block));
}

// Next to the build picture, the model render on offer: a resource_link the
// client reads when it wants to see the model (drawing it costs a render;
// the link costs a line).
void OfferModel(const contexts::Context& context, const std::string& model, ToolResult& result) {
  ModelRenderRequest request;
  request.path = model;
  const std::string uri = PictureUri(context, kModelRenderExport, ModelRenderTable(), request);
  result.structured["model_render"] = uri;
  result.content.push_back({{"type", "resource_link"},
                            {"uri", uri},
                            {"name", absl::StrCat(model, " (model)")},
                            {"mimeType", "image/png"},
                            {"description", "the unit's model drawn from the game's view "
                                            "(model_render takes yaw, pitch, player, size)"}});
}

ToolResult RunUnitDescribe(const contexts::Context& context, const UnitDescribeRequest& request,
                           const ToolCall& call) {
  absl::StatusOr<UnitDescription> out = DescribeUnitIn(context, request.unit, call.progress);
  if (!out.ok()) return ErrorResult(InContext(context, out.status()));
  std::optional<std::string> picture, model;
  for (const AssetItem& a : out->assets) {
    if (a.kind == "picture" && a.found) picture = a.found;
    if (a.kind == "model" && a.found) model = a.found;
  }
  ToolResult result;
  result.structured = ResultJson(*out);
  if (request.picture && picture) AddPicture(context, *picture, call.limits, result);
  if (request.picture && model) OfferModel(context, *model, result);
  return result;
}

}  // namespace

const RequestTable<UnitDescribeRequest>& UnitDescribeTable() {
  static const RequestTable<UnitDescribeRequest> table = [] {
    using R = UnitDescribeRequest;
    RequestTable<R> t;
    AddContextParam(t)
        .Add("unit", &R::unit, StringParam("Unit id, e.g. ARMCOM"), true)
        .Add("picture", &R::picture, BooleanParam("Build picture and model link"));
    return t;
  }();
  return table;
}

const ResultTable<DamageItem>& DamageItem::Fields() {
  static const ResultTable<DamageItem> table = ResultTable<DamageItem>()
      .Add("target", &DamageItem::target, StringSchema())
      .Add("damage", &DamageItem::damage, {{"type", "number"}});
  return table;
}

const ResultTable<UnitWeaponItem>& UnitWeaponItem::Fields() {
  using S = UnitWeaponItem;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("slot", &S::slot, IntegerSchema())
      .Add("id", &S::id, StringSchema())
      .Add("found", &S::found, BooleanSchema())
      .Add("name", &S::name, NullableString())
      .Add("file", &S::file, {{"type", {"object", "null"}}})
      .Add("line", &S::line, {{"type", {"integer", "null"}}})
      .Add("stats", &S::stats, NumbersSchema())
      .Add("default_damage", &S::default_damage, {{"type", {"number", "null"}}})
      .Add("damage", &S::damage, ArraySchema<DamageItem>());
  return table;
}

const ResultTable<BuildItem>& BuildItem::Fields() {
  using S = BuildItem;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("unit", &S::unit, StringSchema())
      .Add("name", &S::name, StringSchema())
      .Add("via", &S::via,
           {{"type", "string"}, {"enum", {"sidedata", "gui", "download", "canbuild"}}})
      .Add("file", &S::file, ObjectSchema<FileItem>())
      .Add("line", &S::line, CountSchema())
      .Add("menu", &S::menu, {{"type", {"integer", "null"}}})
      .Add("button", &S::button, {{"type", {"integer", "null"}}});
  return table;
}

const ResultTable<AssetItem>& AssetItem::Fields() {
  static const ResultTable<AssetItem> table = ResultTable<AssetItem>()
      .Add("kind", &AssetItem::kind, StringSchema())
      .Add("path", &AssetItem::path, StringSchema())
      .Add("found", &AssetItem::found, NullableString());
  return table;
}

const ResultTable<PictureItem>& PictureItem::Fields() {
  using S = PictureItem;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("format", &S::format, StringSchema())
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("file_width", &S::file_width, CountSchema())
      .Add("file_height", &S::file_height, CountSchema())
      .Add("scale", &S::scale, CountSchema())
      .Add("delivery", &S::delivery, StringSchema())
      .Add("resource_uri", &S::resource_uri, NullableString());
  return table;
}

const ResultTable<UnitDescription>& UnitDescription::Fields() {
  using S = UnitDescription;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("context", &S::context, StringSchema())
      .Add("game", &S::game, StringSchema())
      .Add("id", &S::id, StringSchema())
      .Add("name", &S::name, StringSchema())
      .Add("side", &S::side, StringSchema())
      .Add("description", &S::description, StringSchema())
      .Add("tedclass", &S::tedclass, StringSchema())
      .Add("categories", &S::categories, StringArraySchema())
      .Add("stats", &S::stats, NumbersSchema())
      .Add("file", &S::file, ObjectSchema<FileItem>())
      .Add("line", &S::line, CountSchema())
      .Add("overrides", &S::overrides, ArraySchema<FileItem>())
      .Add("keys", &S::keys, ArraySchema<KeyItem>())
      .Add("weapons", &S::weapons, ArraySchema<UnitWeaponItem>())
      .Add("builds", &S::builds, ArraySchema<BuildItem>())
      .Add("built_by", &S::built_by, ArraySchema<BuildItem>())
      .Add("assets", &S::assets, ArraySchema<AssetItem>())
      .Add("warnings", &S::warnings, StringArraySchema())
      .AddWhenSet("picture", &S::picture, ObjectSchema<PictureItem>())
      .AddWhenSet("model_render", &S::model_render, StringSchema());
  return table;
}

UnitDescription DescribeUnit(const Catalog& catalog, const Unit& u) {
  UnitDescription out;
  out.game = CatalogGame(catalog);
  out.id = u.id;
  out.name = u.name;
  const UnitRows rows(catalog);
  out.side = rows.SideOf(catalog.unit_index.at(absl::AsciiStrToLower(u.id)));
  out.description = u.description;
  out.tedclass = u.tedclass;
  out.categories = u.categories;
  out.stats = UnitStats(catalog, u);
  out.file = FileItemOf(u.file);
  out.line = u.line;
  out.overrides = FileItemsOf(u.overrides);
  out.keys = KeysOf(u.info);
  for (const tacatalog::WeaponSlot& slot : u.weapons) {
    out.weapons.push_back(WeaponItem(catalog, slot));
  }
  out.builds = BuildItems(catalog, catalog.Builds(u.id), true);
  out.built_by = BuildItems(catalog, catalog.BuiltBy(u.id), false);
  for (const tacatalog::AssetLink& a : u.assets) {
    out.assets.push_back({a.kind, a.path,
                          a.present() ? std::optional<std::string>(a.found) : std::nullopt});
  }
  out.warnings = WarningTexts(u.warnings);
  return out;
}

absl::StatusOr<UnitDescription> DescribeUnitIn(const contexts::Context& context,
                                               const std::string& id, Progress& progress) {
  absl::StatusOr<std::shared_ptr<const Catalog>> catalog = ContextCatalog(context, progress);
  if (!catalog.ok()) return catalog.status();
  const Unit* unit = (*catalog)->FindUnit(id);
  if (unit == nullptr) {
    std::vector<std::string> ids, names;
    for (const Unit& u : (*catalog)->units) {
      ids.push_back(u.id);
      names.push_back(u.name);
    }
    return absl::NotFoundError(absl::StrCat("no unit \"", id, "\" among ", ids.size(),
                                            " unit(s)", SuggestIds(id, ids, &names),
                                            " (unit_list finds units by name or description)"));
  }
  UnitDescription out = DescribeUnit(**catalog, *unit);
  out.context = context.name;
  return out;
}

Tool UnitDescribeTool() {
  return MakeContextTool<UnitDescribeRequest>(
      {"unit_describe", "Describe a unit",
       "One TA/TA:K unit: every key, weapons resolved, builds and built by, assets, files; its "
       "build picture."},
      UnitDescribeTable(), UnitDescription::Fields().Schema(), RunUnitDescribe);
}

}  // namespace kbot::tools
