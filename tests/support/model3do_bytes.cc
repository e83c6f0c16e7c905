#include "tests/support/model3do_bytes.h"

#include <algorithm>

namespace kbot::testing {

namespace {

constexpr size_t kHeaderBytes = 52, kPrimitiveBytes = 32;

void PutU16(std::vector<uint8_t>& out, size_t at, uint16_t v) {
  out[at] = uint8_t(v);
  out[at + 1] = uint8_t(v >> 8);
}

void PutU32(std::vector<uint8_t>& out, size_t at, uint32_t v) {
  PutU16(out, at, uint16_t(v));
  PutU16(out, at + 2, uint16_t(v >> 16));
}

void AppendU16(std::vector<uint8_t>& out, uint16_t v) {
  out.push_back(uint8_t(v));
  out.push_back(uint8_t(v >> 8));
}

void AppendU32(std::vector<uint8_t>& out, uint32_t v) {
  AppendU16(out, uint16_t(v));
  AppendU16(out, uint16_t(v >> 16));
}

size_t AppendName(std::vector<uint8_t>& out, const std::string& name) {
  const size_t at = out.size();
  out.insert(out.end(), name.begin(), name.end());
  out.push_back(0);
  return at;
}

// The primitive records (their offsets still 0), then each one's indices and
// texture name, patched into its record.
void AppendPrimitives(std::vector<uint8_t>& out, const PieceSpec& spec, PieceLayout& layout) {
  layout.primitives = out.size();
  for (const PrimitiveSpec& p : spec.primitives) {
    AppendU32(out, p.colour);
    AppendU32(out, uint32_t(p.indices.size()));
    AppendU32(out, 0);
    AppendU32(out, 0);  // index offset, below
    AppendU32(out, 0);  // texture name offset, below
    for (uint32_t word : p.editor) AppendU32(out, word);
  }
  for (size_t i = 0; i < spec.primitives.size(); ++i) {
    const PrimitiveSpec& p = spec.primitives[i];
    const size_t record = layout.primitives + i * kPrimitiveBytes;
    layout.indices.push_back(out.size());
    PutU32(out, record + k3doIndicesAt, uint32_t(out.size()));
    for (uint16_t index : p.indices) AppendU16(out, index);
    size_t texture = 0;
    if (!p.texture.empty()) {
      texture = AppendName(out, p.texture);
      PutU32(out, record + k3doTextureAt, uint32_t(texture));
    }
    layout.textures.push_back(texture);
  }
}

// One piece and its subtree; returns where its header went. The sibling
// offset is left 0 for the caller to link.
size_t AppendPiece(const PieceSpec& spec, Model3doLayout& model) {
  std::vector<uint8_t>& out = model.bytes;
  const size_t index = model.pieces.size();
  model.pieces.emplace_back();
  PieceLayout layout;
  layout.header = out.size();
  out.resize(out.size() + kHeaderBytes, 0);
  layout.name = AppendName(out, spec.name);
  layout.vertices = out.size();
  for (const Fixed3& v : spec.vertices) {
    AppendU32(out, uint32_t(v.x));
    AppendU32(out, uint32_t(v.y));
    AppendU32(out, uint32_t(v.z));
  }
  AppendPrimitives(out, spec, layout);
  const std::vector<uint8_t> header = PieceHeaderBytes(
      spec.version, uint32_t(spec.vertices.size()), uint32_t(spec.primitives.size()),
      spec.selection_primitive, spec.offset, uint32_t(layout.name), uint32_t(layout.vertices),
      uint32_t(layout.primitives), 0, 0);
  std::copy(header.begin(), header.end(), out.begin() + ptrdiff_t(layout.header));
  model.pieces[index] = layout;
  size_t previous = 0;
  for (size_t c = 0; c < spec.children.size(); ++c) {
    const size_t child = AppendPiece(spec.children[c], model);
    if (c == 0) {
      PutU32(out, layout.header + k3doChildAt, uint32_t(child));
    } else {
      PutU32(out, previous + k3doSiblingAt, uint32_t(child));
    }
    previous = child;
  }
  return layout.header;
}

}  // namespace

Fixed3 Units(int x, int y, int z) {
  return {int32_t(x * 65536), int32_t(y * 65536), int32_t(z * 65536)};
}

void Model3doLayout::PatchU32(size_t at, uint32_t v) { PutU32(bytes, at, v); }
void Model3doLayout::PatchU16(size_t at, uint16_t v) { PutU16(bytes, at, v); }

size_t Model3doLayout::Append(const std::vector<uint8_t>& extra) {
  const size_t at = bytes.size();
  bytes.insert(bytes.end(), extra.begin(), extra.end());
  return at;
}

std::vector<uint8_t> PieceHeaderBytes(uint32_t version, uint32_t vertex_count,
                                      uint32_t primitive_count, int32_t selection, Fixed3 offset,
                                      uint32_t name, uint32_t vertices, uint32_t primitives,
                                      uint32_t sibling, uint32_t child) {
  std::vector<uint8_t> out;
  for (uint32_t word : {version, vertex_count, primitive_count, uint32_t(selection),
                        uint32_t(offset.x), uint32_t(offset.y), uint32_t(offset.z), name,
                        uint32_t(0), vertices, primitives, sibling, child}) {
    AppendU32(out, word);
  }
  return out;
}

Model3doLayout LayOut3do(const std::vector<PieceSpec>& roots) {
  Model3doLayout model;
  size_t previous = 0;
  for (size_t r = 0; r < roots.size(); ++r) {
    const size_t root = AppendPiece(roots[r], model);
    if (r > 0) PutU32(model.bytes, previous + k3doSiblingAt, uint32_t(root));
    previous = root;
  }
  return model;
}

Model3doLayout LayOut3do(const PieceSpec& root) { return LayOut3do(std::vector<PieceSpec>{root}); }

std::vector<Fixed3> BoxVertices(int x0, int y0, int z0, int x1, int y1, int z1) {
  std::vector<Fixed3> out;
  for (int i = 0; i < 8; ++i) {
    out.push_back(Units(i & 1 ? x1 : x0, i & 2 ? y1 : y0, i & 4 ? z1 : z0));
  }
  return out;
}

std::vector<PrimitiveSpec> BoxFaces(uint32_t colour) {
  const std::vector<std::vector<uint16_t>> faces = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                                                    {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  std::vector<PrimitiveSpec> out;
  for (size_t i = 0; i < faces.size(); ++i) {
    PrimitiveSpec p;
    p.colour = colour + uint32_t(i);
    p.indices = faces[i];
    out.push_back(p);
  }
  return out;
}

PieceSpec TurretUnit() {
  PieceSpec flare{.name = "flare", .offset = Units(0, 2, 6)};
  flare.vertices = {Units(0, 0, 0)};
  flare.primitives = {PrimitiveSpec{.colour = 0, .indices = {0}}};
  PieceSpec turret{.name = "turret", .offset = Units(0, 10, 0)};
  turret.vertices = BoxVertices(-4, 0, -4, 4, 4, 4);
  turret.primitives = BoxFaces(20);
  turret.children = {flare};
  PieceSpec base{.name = "base"};
  base.vertices = BoxVertices(-8, 0, -8, 8, 8, 8);
  base.primitives = BoxFaces(10);
  base.primitives[3].texture = "tex1";
  base.selection_primitive = 0;
  base.children = {turret};
  return base;
}

}  // namespace kbot::testing
