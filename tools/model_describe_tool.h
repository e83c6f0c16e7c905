// The tool model_describe: a 3DO model's piece tree (each piece's parent,
// offset from it, vertex and primitive counts and bounding box), the
// textures it names (found or missing in the context), its selection
// primitive and its size; and, with the unit's script (given, or
// scripts/NAME.cob found beside it), the piece names one has and the other
// lacks (docs/json.md, section model_describe). `kbot 3do describe` prints
// the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct ModelDescribeRequest : AssetRequest {
  std::optional<std::string> script;  // default: scripts/NAME.cob when there is one
};
const RequestTable<ModelDescribeRequest>& ModelDescribeTable();

struct BoxItem {
  std::vector<double> min, max;  // x, y, z in model units
  static const ResultTable<BoxItem>& Fields();
};

struct ModelPieceItem {
  std::string name;
  std::optional<std::string> parent;  // null for a root
  int depth = 0;
  std::vector<double> offset;  // x, y, z from the parent, in units
  size_t vertices = 0, primitives = 0;
  size_t markers = 0;  // primitives of 1 or 2 vertices (flare and fire points)
  std::optional<BoxItem> box;  // its vertices placed in the model; null: none
  static const ResultTable<ModelPieceItem>& Fields();
};

struct ModelTextureItem {
  std::string name;
  size_t faces = 0;                 // primitives naming it
  std::optional<std::string> file;  // the GAF holding it; null: missing
  static const ResultTable<ModelTextureItem>& Fields();
};

struct ModelSelectionItem {
  std::string piece;
  int primitive = 0;
  static const ResultTable<ModelSelectionItem>& Fields();
};

struct ModelScriptItem {
  std::string path;
  std::vector<std::string> missing_pieces;  // named by the script, not in the model
  std::vector<std::string> unused_pieces;   // in the model, not named by the script
  static const ResultTable<ModelScriptItem>& Fields();
};

struct ModelDescription {
  std::string path;
  std::vector<ModelPieceItem> pieces;  // depth first, each before its children
  std::optional<BoxItem> box;          // the whole model
  std::vector<double> size;            // width (x), height (y), length (z)
  std::vector<ModelTextureItem> textures;
  std::optional<ModelSelectionItem> selection;
  std::optional<ModelScriptItem> script;
  std::vector<std::string> warnings;
  static const ResultTable<ModelDescription>& Fields();
};

absl::StatusOr<ModelDescription> DescribeModel(const contexts::Context& context,
                                               const ModelDescribeRequest& request);

Tool ModelDescribeTool();

}  // namespace kbot::tools
