// Total Annihilation and TA: Kingdoms unit models (objects3d/*.3do): a tree
// of pieces, each with its offset from its parent, its vertices and its
// primitives (polygons, and the points and lines that mark flares and fire
// points). The layout, field by field, and the rules for odd files:
// docs/formats/3do.md.
//
//   piece header (52 bytes, little-endian):
//     0x00 u32 version (1)          0x04 u32 vertex count    0x08 u32 primitive count
//     0x0C i32 selection primitive  0x10 i32 x, y, z offset from the parent (16.16)
//     0x1C u32 name offset          0x20 u32 0               0x24 u32 vertex offset
//     0x28 u32 primitive offset     0x2C u32 sibling offset  0x30 u32 child offset
//   vertex: i32 x, y, z (16.16), relative to the piece
//   primitive (32 bytes): u32 colour, u32 index count, u32 0, u32 index offset
//     (u16 vertex indices), u32 texture name offset (0 = none), 3 x u32 editor data
//
// Every offset and count is checked against the file before it is followed.
// The tree is capped (kMaxDepth levels, kMaxPieces pieces) and a sibling or
// child offset that leads back to a piece already read is a cycle: that link
// is not followed. What is odd but readable (a vertex index past the piece's
// vertices, a name past the end of the file, a cycle, a subtree that cannot
// be read) is a warning with its place; only a root piece that cannot be
// read at all is an error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"

namespace kbot::model3do {

inline constexpr size_t kPieceHeaderBytes = 52;
inline constexpr size_t kPrimitiveBytes = 32;
inline constexpr size_t kVertexBytes = 12;
inline constexpr int kMaxDepth = 256;
inline constexpr size_t kMaxPieces = 4096;
// A piece or texture name is read up to its NUL, at most this many bytes (a
// longer one is cut, with a warning).
inline constexpr size_t kMaxNameBytes = 64;
// 16.16 fixed point: a stored value / 65536 is in model units (the game's
// map pixels; a map cell is 16 units).
inline constexpr double kFixedOne = 65536.0;

struct Vec3 {
  double x = 0, y = 0, z = 0;
  friend bool operator==(const Vec3&, const Vec3&) = default;
};

struct Primitive {
  uint64_t offset = 0;   // of its 32-byte record in the file
  uint32_t colour = 0;   // as stored; the palette index is its low byte
  std::vector<uint16_t> indices;  // vertex indices, as stored
  std::string texture;   // "" = untextured
  // False when an index is past the piece's vertices (warned): the
  // primitive is listed but never drawn.
  bool indices_valid = true;
  // The record's last word (0x1C), as stored. Cavedog's editor data for most
  // readers; RWE and TA3D read it as "is coloured" (docs/formats/3do.md).
  uint32_t last_word = 0;

  // 1 or 2 indices: a point or line, a marker, not a surface.
  bool is_marker() const { return indices.size() < 3; }
  bool drawable() const { return indices.size() >= 3 && indices_valid; }
};

struct Piece {
  uint64_t offset = 0;   // of its 52-byte header
  std::string name;      // as stored, up to the NUL
  int parent = -1;       // index into Model::pieces; -1 for a root
  int depth = 0;         // 0 for a root
  std::vector<int> children;  // indices into Model::pieces, in file order
  int32_t fixed_x = 0, fixed_y = 0, fixed_z = 0;  // the offset from the parent, as stored
  Vec3 offset_from_parent;    // the same in model units
  std::vector<Vec3> vertices; // relative to the piece, model units
  std::vector<Primitive> primitives;
  int32_t selection_primitive = -1;  // as stored: an index into `primitives`, or -1
};

struct Model {
  // Depth first in file order: the root first, each piece before its
  // children, each child list in sibling order. The root's siblings, if any,
  // are more roots (parent -1).
  std::vector<Piece> pieces;
  // "piece 3 'turret' at 0x1f4: primitive 2: vertex index 9 is past the
  // piece's 8 vertices". At most kMaxWarnings, then the count of the rest.
  std::vector<std::string> warnings;
  size_t warnings_dropped = 0;
};
inline constexpr size_t kMaxWarnings = 100;

// The model `bytes` hold; `file` names it in errors and warnings. An error
// (FormatError, formats/common/format_error.h) only when the root piece's
// header is not there or its version is not 1.
absl::StatusOr<Model> Read3do(Bytes bytes, absl::string_view file);

// Where a piece's own origin is in the model: the sum of the offsets from
// the root down to it.
Vec3 PieceOrigin(const Model& model, int piece);

struct Box {
  Vec3 min, max;
  bool empty = true;
  void Add(const Vec3& p);
};
// A piece's vertices, placed in the model (PieceOrigin added).
Box PieceBox(const Model& model, int piece);
// Every vertex of every piece, placed.
Box ModelBox(const Model& model);

}  // namespace kbot::model3do
