#include "tools/model_describe_tool.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "base/progress.h"
#include "formats/model3do/model3do.h"
#include "tools/model_textures.h"
#include "tools/tool_support.h"
#include "tools/unit_files.h"

namespace kbot::tools {

namespace {

using model3do::Model;
using model3do::Piece;

json NumberTriple() {
  return {{"type", "array"}, {"items", {{"type", "number"}}}, {"minItems", 3}, {"maxItems", 3}};
}

std::vector<double> Triple(const model3do::Vec3& v) { return {v.x, v.y, v.z}; }

std::optional<BoxItem> BoxOf(const model3do::Box& box) {
  if (box.empty) return std::nullopt;
  return BoxItem{Triple(box.min), Triple(box.max)};
}

ModelPieceItem PieceItemOf(const Model& model, int i) {
  const Piece& p = model.pieces[size_t(i)];
  ModelPieceItem out;
  out.name = p.name;
  if (p.parent >= 0) out.parent = model.pieces[size_t(p.parent)].name;
  out.depth = p.depth;
  out.offset = Triple(p.offset_from_parent);
  out.vertices = p.vertices.size();
  out.primitives = p.primitives.size();
  out.markers = size_t(std::count_if(p.primitives.begin(), p.primitives.end(),
                                     [](const model3do::Primitive& q) { return q.is_marker(); }));
  out.box = BoxOf(model3do::PieceBox(model, i));
  return out;
}

// Every texture name the faces use (case as first written), with its count.
std::vector<ModelTextureItem> TexturesOf(const Model& model, const ModelTextures& found) {
  std::map<std::string, ModelTextureItem> by_key;
  for (const Piece& p : model.pieces) {
    for (const model3do::Primitive& q : p.primitives) {
      if (q.texture.empty()) continue;
      ModelTextureItem& item = by_key[absl::AsciiStrToLower(q.texture)];
      if (item.faces++ == 0) {
        item.name = q.texture;
        item.file = found.FileOf(q.texture);
      }
    }
  }
  std::vector<ModelTextureItem> out;
  for (auto& [key, item] : by_key) out.push_back(std::move(item));
  return out;
}

// The first piece whose selection primitive is one of its own.
std::optional<ModelSelectionItem> SelectionOf(const Model& model) {
  for (const Piece& p : model.pieces) {
    if (p.selection_primitive >= 0 && size_t(p.selection_primitive) < p.primitives.size()) {
      return ModelSelectionItem{p.name, p.selection_primitive};
    }
  }
  return std::nullopt;
}

// The names of `names` not in `others`, case ignored, in their order, once each.
std::vector<std::string> Lacking(const std::vector<std::string>& names,
                                 const std::vector<std::string>& others) {
  std::set<std::string> have, seen;
  for (const std::string& n : others) have.insert(absl::AsciiStrToLower(n));
  std::vector<std::string> out;
  for (const std::string& n : names) {
    const std::string key = absl::AsciiStrToLower(n);
    if (!have.count(key) && seen.insert(key).second) out.push_back(n);
  }
  return out;
}

// The script's piece names against the model's; a script that cannot be
// read is a warning (the model is still described).
std::optional<ModelScriptItem> ScriptCheck(const contexts::Context& context, const Model& model,
                                           const std::string& model_path,
                                           const ModelDescribeRequest& request,
                                           std::vector<std::string>& warnings) {
  std::optional<std::string> path = request.script;
  if (!path) path = CompanionFile(context, model_path, kScriptFiles);
  if (!path) return std::nullopt;
  absl::StatusOr<ParsedAsset<cob::Cob>> script = OpenScript(context, *path);
  if (!script.ok()) {
    warnings.push_back(absl::StrCat("script not compared: ", script.status().message()));
    return std::nullopt;
  }
  std::vector<std::string> model_pieces;
  for (const Piece& p : model.pieces) model_pieces.push_back(p.name);
  return ModelScriptItem{script->path, Lacking(script->value->pieces, model_pieces),
                         Lacking(model_pieces, script->value->pieces)};
}

}  // namespace

const RequestTable<ModelDescribeRequest>& ModelDescribeTable() {
  static const RequestTable<ModelDescribeRequest> table = [] {
    RequestTable<ModelDescribeRequest> t;
    AddAssetParams(t, "3DO, or unit name").Add("script", &ModelDescribeRequest::script,
                                               PathProperty("COB to compare pieces with"));
    return t;
  }();
  return table;
}

const ResultTable<BoxItem>& BoxItem::Fields() {
  static const ResultTable<BoxItem> table = ResultTable<BoxItem>()
      .Add("min", &BoxItem::min, NumberTriple())
      .Add("max", &BoxItem::max, NumberTriple());
  return table;
}

const ResultTable<ModelPieceItem>& ModelPieceItem::Fields() {
  using S = ModelPieceItem;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("name", &S::name, StringSchema())
      .Add("parent", &S::parent, NullableString())
      .Add("depth", &S::depth, CountSchema())
      .Add("offset", &S::offset, NumberTriple())
      .Add("vertices", &S::vertices, CountSchema())
      .Add("primitives", &S::primitives, CountSchema())
      .Add("markers", &S::markers, CountSchema())
      .Add("box", &S::box, {{"anyOf", {ObjectSchema<BoxItem>(), {{"type", "null"}}}}});
  return table;
}

const ResultTable<ModelTextureItem>& ModelTextureItem::Fields() {
  using S = ModelTextureItem;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("name", &S::name, StringSchema())
      .Add("faces", &S::faces, CountSchema())
      .Add("file", &S::file, NullableString());
  return table;
}

const ResultTable<ModelSelectionItem>& ModelSelectionItem::Fields() {
  using S = ModelSelectionItem;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("piece", &S::piece, StringSchema())
      .Add("primitive", &S::primitive, CountSchema());
  return table;
}

const ResultTable<ModelScriptItem>& ModelScriptItem::Fields() {
  using S = ModelScriptItem;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("missing_pieces", &S::missing_pieces, StringArraySchema())
      .Add("unused_pieces", &S::unused_pieces, StringArraySchema());
  return table;
}

const ResultTable<ModelDescription>& ModelDescription::Fields() {
  using S = ModelDescription;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("pieces", &S::pieces, ArraySchema<ModelPieceItem>())
      .Add("box", &S::box, {{"anyOf", {ObjectSchema<BoxItem>(), {{"type", "null"}}}}})
      .Add("size", &S::size, NumberTriple())
      .Add("textures", &S::textures, ArraySchema<ModelTextureItem>())
      .Add("selection", &S::selection,
           {{"anyOf", {ObjectSchema<ModelSelectionItem>(), {{"type", "null"}}}}})
      .Add("script", &S::script, {{"anyOf", {ObjectSchema<ModelScriptItem>(), {{"type", "null"}}}}})
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

absl::StatusOr<ModelDescription> DescribeModel(const contexts::Context& context,
                                               const ModelDescribeRequest& request) {
  absl::StatusOr<ParsedAsset<Model>> opened = OpenModel(context, request.path);
  if (!opened.ok()) return opened.status();
  const Model& model = *opened->value;
  absl::StatusOr<ModelTextures> textures = ModelTextures::Of(context, opened->path, 0, NoProgress());
  if (!textures.ok()) return InContext(context, textures.status());
  ModelDescription out;
  out.path = opened->path;
  for (int i = 0; i < int(model.pieces.size()); ++i) out.pieces.push_back(PieceItemOf(model, i));
  const model3do::Box box = model3do::ModelBox(model);
  out.box = BoxOf(box);
  out.size = box.empty ? std::vector<double>{0, 0, 0}
                       : std::vector<double>{box.max.x - box.min.x, box.max.y - box.min.y,
                                             box.max.z - box.min.z};
  out.textures = TexturesOf(model, *textures);
  out.selection = SelectionOf(model);
  out.warnings = model.warnings;
  if (model.warnings_dropped > 0) {
    out.warnings.push_back(absl::StrCat("and ", model.warnings_dropped, " more warnings"));
  }
  out.script = ScriptCheck(context, model, out.path, request, out.warnings);
  return out;
}

Tool ModelDescribeTool() {
  return MakeContextTool<ModelDescribeRequest>(
      {"model_describe", "A unit model's pieces",
       "A 3DO model's piece tree, sizes, textures, and pieces its script (COB) lacks or adds."},
      ModelDescribeTable(), ModelDescription::Fields().Schema(),
      [](const contexts::Context& context, const ModelDescribeRequest& request, const ToolCall&) {
        return StructuredResult(DescribeModel(context, request));
      });
}

}  // namespace kbot::tools
