// libFuzzer target: any bytes through model3do::Read3do. It must return a
// model or an error for every input, never read past the bytes, never
// allocate more than the file (and the reader's array budget) justifies,
// never recurse; and when it returns a model, the tree is consistent: at most
// kMaxPieces pieces, parents before their children, depths under kMaxDepth,
// child lists matching parents, names within kMaxNameBytes, at most
// kMaxWarnings warnings, and a primitive marked valid only when every index
// is one of its piece's vertices. PieceOrigin and ModelBox run on it too.
#include <cstddef>
#include <cstdint>

#include "formats/model3do/model3do.h"

namespace {

using kbot::model3do::Model;
using kbot::model3do::Piece;
using kbot::model3do::Primitive;

void CheckPrimitive(const Piece& piece, const Primitive& prim) {
  if (prim.texture.size() > kbot::model3do::kMaxNameBytes) __builtin_trap();
  if (!prim.indices_valid) return;
  for (uint16_t index : prim.indices) {
    if (index >= piece.vertices.size()) __builtin_trap();
  }
}

void CheckPiece(const Model& model, size_t i) {
  const Piece& p = model.pieces[i];
  if (p.name.size() > kbot::model3do::kMaxNameBytes) __builtin_trap();
  if (p.depth < 0 || p.depth >= kbot::model3do::kMaxDepth) __builtin_trap();
  if (p.parent == -1) {
    if (p.depth != 0) __builtin_trap();
  } else {
    if (p.parent < 0 || size_t(p.parent) >= i) __builtin_trap();
    if (model.pieces[size_t(p.parent)].depth + 1 != p.depth) __builtin_trap();
  }
  for (int child : p.children) {
    if (child <= int(i) || size_t(child) >= model.pieces.size()) __builtin_trap();
    if (model.pieces[size_t(child)].parent != int(i)) __builtin_trap();
  }
  for (const Primitive& prim : p.primitives) CheckPrimitive(p, prim);
}

void Check(const Model& model) {
  if (model.pieces.empty() || model.pieces.size() > kbot::model3do::kMaxPieces) __builtin_trap();
  if (model.warnings.size() > kbot::model3do::kMaxWarnings) __builtin_trap();
  if (model.warnings_dropped > 0 && model.warnings.size() != kbot::model3do::kMaxWarnings) {
    __builtin_trap();
  }
  if (model.pieces[0].offset != 0 || model.pieces[0].parent != -1) __builtin_trap();
  for (size_t i = 0; i < model.pieces.size(); ++i) CheckPiece(model, i);
  const kbot::model3do::Box box = kbot::model3do::ModelBox(model);
  const kbot::model3do::Vec3 origin =
      kbot::model3do::PieceOrigin(model, int(model.pieces.size()) - 1);
  volatile double sink = box.min.x + box.max.y + origin.z;
  (void)sink;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  absl::StatusOr<Model> model = kbot::model3do::Read3do(kbot::Bytes(data, size), "fuzz.3do");
  if (model.ok()) Check(*model);
  return 0;
}
