// TA unit models (3DO) built byte by byte from /work/shared/specs/ta-models.md
// and docs/formats/3do.md, without the reader: a tree of piece specs goes in,
// the file's bytes come out, every record at the offset its parent's fields
// name. The layout tells where each record went, so a test can patch a field
// to make a hostile file. Used by the reader's tests (tests/model3do), the
// renderer's (tests/model_render), the tool tests and the fuzz corpus writer
// (no dependency on kbot_model3do).
//
// Layout: pieces in depth-first pre-order, the first root at offset 0; each
// piece is its 52-byte header, its name (NUL-terminated), its vertices (12
// bytes each), its primitive records (32 bytes each), then, per primitive,
// its u16 indices and its texture name (NUL-terminated, when it has one),
// then its children, each with its subtree. A piece's child offset names its
// first child's header, each child's sibling offset the next child's; the
// roots are linked by sibling offsets the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kbot::testing {

// Where a piece header keeps each field.
inline constexpr size_t k3doVersionAt = 0x00, k3doVertexCountAt = 0x04,
                        k3doPrimitiveCountAt = 0x08, k3doSelectionAt = 0x0C, k3doXAt = 0x10,
                        k3doYAt = 0x14, k3doZAt = 0x18, k3doNameAt = 0x1C, k3doZeroAt = 0x20,
                        k3doVerticesAt = 0x24, k3doPrimitivesAt = 0x28, k3doSiblingAt = 0x2C,
                        k3doChildAt = 0x30;
// Where a primitive record keeps each field.
inline constexpr size_t k3doColourAt = 0x00, k3doIndexCountAt = 0x04, k3doIndicesAt = 0x0C,
                        k3doTextureAt = 0x10;

// x, y, z as stored: 16.16 fixed point (65536 = one model unit).
struct Fixed3 {
  int32_t x = 0, y = 0, z = 0;
};
// Whole model units -> 16.16.
Fixed3 Units(int x, int y, int z);

struct PrimitiveSpec {
  uint32_t colour = 0;
  std::vector<uint16_t> indices;
  std::string texture;  // "" = texture name offset 0
  // The three words the model editor keeps at 0x14..0x1F.
  uint32_t editor[3] = {0, 0, 0};
};

struct PieceSpec {
  std::string name;
  Fixed3 offset;  // from the parent
  std::vector<Fixed3> vertices;
  std::vector<PrimitiveSpec> primitives;
  int32_t selection_primitive = -1;
  uint32_t version = 1;
  std::vector<PieceSpec> children;
};

// Where one piece's records went (offsets in the file).
struct PieceLayout {
  size_t header = 0, name = 0, vertices = 0, primitives = 0;
  std::vector<size_t> indices;   // per primitive, its u16 indices
  std::vector<size_t> textures;  // per primitive, its texture name; 0 for none
  // A field of this piece's header (k3do*At) or of its primitive p's record.
  size_t Field(size_t at) const { return header + at; }
  size_t PrimitiveField(size_t p, size_t at) const { return primitives + p * 32 + at; }
};

struct Model3doLayout {
  std::vector<uint8_t> bytes;
  std::vector<PieceLayout> pieces;  // depth-first pre-order, as the reader lists them

  // Little-endian stores over the built bytes, to make a hostile file.
  void PatchU32(size_t at, uint32_t v);
  void PatchU16(size_t at, uint16_t v);
  // Appends bytes at the end (a record a patched offset can point at);
  // returns where they start.
  size_t Append(const std::vector<uint8_t>& extra);
};

// The first root and its siblings' subtrees; `roots` must not be empty.
Model3doLayout LayOut3do(const std::vector<PieceSpec>& roots);
Model3doLayout LayOut3do(const PieceSpec& root);

// A 52-byte piece header, fields in order (a record to Append).
std::vector<uint8_t> PieceHeaderBytes(uint32_t version, uint32_t vertex_count,
                                      uint32_t primitive_count, int32_t selection, Fixed3 offset,
                                      uint32_t name, uint32_t vertices, uint32_t primitives,
                                      uint32_t sibling, uint32_t child);

// The box of corners (x0..x1, y0..y1, z0..z1), whole units: vertex i has
// x = bit 0 ? x1 : x0, y = bit 1 ? y1 : y0, z = bit 2 ? z1 : z0.
std::vector<Fixed3> BoxVertices(int x0, int y0, int z0, int x1, int y1, int z1);
// Its six faces as quads over those vertices: -x, +x, -y, +y, -z, +z, in
// that order, each wound counter-clockwise seen from outside; colours
// `colour`, `colour` + 1, ... + 5.
std::vector<PrimitiveSpec> BoxFaces(uint32_t colour);

// The fixture unit (tests/model3do, tests/model_render):
//   "base": the box (-8, 0, -8)..(8, 8, 8), faces colours 10..15, face 3
//     (+y, the top) textured "tex1"; selection primitive 0;
//   "turret", child of base, at (0, 10, 0) from it: the box (-4, 0, -4)..
//     (4, 4, 4), colours 20..25, untextured;
//   "flare", child of turret, at (0, 2, 6) from it: one vertex (0, 0, 0) and a
//     one-index point primitive {0}, colour 0.
PieceSpec TurretUnit();

}  // namespace kbot::testing
