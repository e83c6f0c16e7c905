// Where pieces sit in the model: each piece's origin is the sum of the
// offsets from the root down to it (pieces never turn at rest), and boxes
// are taken over vertices placed at their piece's origin.
#include <algorithm>

#include "formats/model3do/model3do.h"

namespace kbot::model3do {

namespace {

Vec3 Plus(const Vec3& a, const Vec3& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }

bool Valid(const Model& model, int piece) {
  return piece >= 0 && size_t(piece) < model.pieces.size();
}

}  // namespace

Vec3 PieceOrigin(const Model& model, int piece) {
  Vec3 origin;
  // A parent always comes before its child (pre-order), so the walk up ends;
  // the step count guards a hand-built Model that breaks that.
  for (size_t steps = 0; Valid(model, piece) && steps <= model.pieces.size(); ++steps) {
    const Piece& p = model.pieces[size_t(piece)];
    origin = Plus(origin, p.offset_from_parent);
    piece = p.parent;
  }
  return origin;
}

void Box::Add(const Vec3& p) {
  if (empty) {
    min = max = p;
    empty = false;
    return;
  }
  min = {std::min(min.x, p.x), std::min(min.y, p.y), std::min(min.z, p.z)};
  max = {std::max(max.x, p.x), std::max(max.y, p.y), std::max(max.z, p.z)};
}

Box PieceBox(const Model& model, int piece) {
  Box box;
  if (!Valid(model, piece)) return box;
  const Vec3 origin = PieceOrigin(model, piece);
  for (const Vec3& v : model.pieces[size_t(piece)].vertices) box.Add(Plus(origin, v));
  return box;
}

Box ModelBox(const Model& model) {
  Box box;
  for (size_t i = 0; i < model.pieces.size(); ++i) {
    const Box piece = PieceBox(model, int(i));
    if (piece.empty) continue;
    box.Add(piece.min);
    box.Add(piece.max);
  }
  return box;
}

}  // namespace kbot::model3do
