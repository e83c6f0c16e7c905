#include "tools/feature_describe_tool.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "tools/section_warnings.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

using tacatalog::Catalog;
using tacatalog::Feature;

// The path the game looks the feature's picture up by, before its spelling
// in the context is known.
FeatureDrawsItem DrawsOf(const Feature& f) {
  FeatureDrawsItem out;
  if (!f.object.empty()) {
    out.kind = "3do";
    out.path = absl::StrCat("objects3d/", f.object, ".3do");
  } else if (!f.filename.empty()) {
    out.kind = "gaf";
    out.path = absl::StrCat("anims/", f.filename, ".gaf");
    if (!f.seqname.empty()) out.sequence = f.seqname;
  }
  return out;
}

// `draws.found`: the context's own spelling of draws.path (ASCII case
// ignored, as the VFS looks paths up), null when the context has no such file.
absl::Status FindDrawn(const contexts::Context& context, Progress& progress,
                       FeatureDrawsItem& draws) {
  if (!draws.path) return absl::OkStatus();
  absl::StatusOr<std::vector<contexts::VfsEntry>> entries = context.vfs->List(progress);
  if (!entries.ok()) return entries.status();
  for (const contexts::VfsEntry& e : *entries) {
    if (absl::EqualsIgnoreCase(e.path, *draws.path)) {
      draws.found = e.path;
      break;
    }
  }
  return absl::OkStatus();
}

std::vector<FeatureUnitItem> CorpseOf(const Catalog& catalog, const Feature& f) {
  std::vector<FeatureUnitItem> out;
  for (const tacatalog::Unit& u : catalog.units) {
    std::optional<absl::string_view> corpse = u.Value("Corpse");
    if (corpse && absl::EqualsIgnoreCase(*corpse, f.id)) out.push_back({u.id, u.name});
  }
  return out;
}

FeatureDescription DescribeFeatureAt(const Catalog& catalog, const Feature& f) {
  FeatureDescription out;
  out.game = CatalogGame(catalog);
  out.id = f.id;
  out.description = f.description;
  out.world = f.world;
  out.category = f.category;
  out.metal = NumberJson(f.metal);
  out.energy = NumberJson(f.energy);
  out.draws = DrawsOf(f);
  out.corpse_of = CorpseOf(catalog, f);
  out.file = FileItemOf(f.file);
  out.line = f.line;
  out.overrides = FileItemsOf(f.overrides);
  out.keys = KeysOf(f.section);
  out.warnings = SectionWarnings(catalog, f.file, f.section);
  return out;
}

absl::Status NoSuchFeature(const Catalog& catalog, const std::string& id) {
  std::vector<std::string> ids, descriptions;
  for (const Feature& f : catalog.features) {
    ids.push_back(f.id);
    descriptions.push_back(f.description);
  }
  return absl::NotFoundError(absl::StrCat("no feature \"", id, "\" among ", ids.size(),
                                          " feature(s)", SuggestIds(id, ids, &descriptions),
                                          " (feature_list finds features by description)"));
}

json NullableNumber() { return {{"type", {"number", "null"}}}; }

}  // namespace

const RequestTable<FeatureDescribeRequest>& FeatureDescribeTable() {
  static const RequestTable<FeatureDescribeRequest> table = [] {
    using R = FeatureDescribeRequest;
    RequestTable<R> t;
    AddContextParam(t).Add("feature", &R::feature, StringParam("Feature id, e.g. Tree1"), true);
    return t;
  }();
  return table;
}

const ResultTable<FeatureDrawsItem>& FeatureDrawsItem::Fields() {
  using S = FeatureDrawsItem;
  static const ResultTable<S> table =
      ResultTable<S>()
          .Add("kind", &S::kind, {{"type", {"string", "null"}}, {"enum", {"gaf", "3do", nullptr}}})
          .Add("path", &S::path, NullableString())
          .Add("sequence", &S::sequence, NullableString())
          .Add("found", &S::found, NullableString());
  return table;
}

const ResultTable<FeatureUnitItem>& FeatureUnitItem::Fields() {
  static const ResultTable<FeatureUnitItem> table =
      ResultTable<FeatureUnitItem>()
          .Add("id", &FeatureUnitItem::id, StringSchema())
          .Add("name", &FeatureUnitItem::name, StringSchema());
  return table;
}

const ResultTable<FeatureDescription>& FeatureDescription::Fields() {
  using S = FeatureDescription;
  static const ResultTable<S> table =
      ResultTable<S>()
          .Add("context", &S::context, StringSchema())
          .Add("game", &S::game, StringSchema())
          .Add("id", &S::id, StringSchema())
          .Add("description", &S::description, StringSchema())
          .Add("world", &S::world, StringSchema())
          .Add("category", &S::category, StringSchema())
          .Add("metal", &S::metal, NullableNumber())
          .Add("energy", &S::energy, NullableNumber())
          .Add("draws", &S::draws, ObjectSchema<FeatureDrawsItem>())
          .Add("corpse_of", &S::corpse_of, ArraySchema<FeatureUnitItem>())
          .Add("file", &S::file, ObjectSchema<FileItem>())
          .Add("line", &S::line, CountSchema())
          .Add("overrides", &S::overrides, ArraySchema<FileItem>())
          .Add("keys", &S::keys, ArraySchema<KeyItem>())
          .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

absl::StatusOr<FeatureDescription> DescribeFeatureIn(const contexts::Context& context,
                                                     const std::string& id, Progress& progress) {
  absl::StatusOr<std::shared_ptr<const Catalog>> catalog = ContextCatalog(context, progress);
  if (!catalog.ok()) return catalog.status();
  const Feature* feature = (*catalog)->FindFeature(id);
  if (feature == nullptr) return NoSuchFeature(**catalog, id);
  FeatureDescription out = DescribeFeatureAt(**catalog, *feature);
  if (absl::Status s = FindDrawn(context, progress, out.draws); !s.ok()) return s;
  out.context = context.name;
  return out;
}

Tool FeatureDescribeTool() {
  return MakeContextTool<FeatureDescribeRequest>(
      {"feature_describe", "Describe a feature",
       "One TA/TA:K feature: every key, what draws it (found or missing), units leaving it, "
       "files."},
      FeatureDescribeTable(), FeatureDescription::Fields().Schema(),
      [](const contexts::Context& context, const FeatureDescribeRequest& request,
         const ToolCall& call) {
        return ResultInContext(context, DescribeFeatureIn(context, request.feature, call.progress));
      });
}

}  // namespace kbot::tools
