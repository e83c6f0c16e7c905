// One piece's own records: its name, its vertices and its primitives (with
// their indices and texture names). Every array is checked against the file,
// and against the reading's budget, before anything is allocated for it; what
// is not there is warned and left empty, never an error (the piece itself was
// readable, so the model is).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "formats/common/byte_reader.h"
#include "formats/model3do/reader_internal.h"

namespace kbot::model3do::internal {

namespace {

uint32_t U32At(Bytes file, uint64_t at) {
  ByteReader r(file, size_t(at));
  uint32_t v = 0;
  r.U32(v);  // callers checked the bytes are there
  return v;
}

int32_t I32At(Bytes file, uint64_t at) { return static_cast<int32_t>(U32At(file, at)); }

double Units(int32_t fixed) { return fixed / kFixedOne; }

// A NUL-terminated name at `at` (at most kMaxNameBytes). `where` names the
// field ("piece 1 at 0x34: name"), `otherwise` what an unreadable one means.
std::string ReadName(Reading& reading, uint64_t at, const std::string& where,
                     absl::string_view otherwise) {
  const Bytes file = reading.file();
  if (at >= file.size()) {
    reading.Warn(absl::StrCat(where, " offset ", Hex(at), " is past the end of the file ",
                              reading.SizeNote(), ": ", otherwise));
    return "";
  }
  // Look one byte past the cap for the NUL: a name of exactly kMaxNameBytes is whole.
  const size_t left = file.size() - size_t(at);
  Bytes span;
  ByteReader(file, size_t(at)).Take(std::min(left, kMaxNameBytes + 1), span);
  const auto nul = std::find(span.begin(), span.end(), uint8_t(0));
  if (nul != span.end()) return std::string(span.begin(), nul);
  if (left <= kMaxNameBytes) {
    reading.Warn(absl::StrCat(where, " at ", Hex(at),
                              " has no NUL before the end of the file: read to the end"));
    return std::string(span.begin(), span.end());
  }
  reading.Warn(absl::StrCat(where, " at ", Hex(at), " is longer than ", kMaxNameBytes,
                            " bytes: cut at ", kMaxNameBytes));
  return std::string(span.begin(), span.begin() + kMaxNameBytes);
}

// `count` items of `size` bytes at `at`: whether they may be read, warning why
// not. `what` is "vertices", "primitives" or "vertex indices".
bool ArrayReadable(Reading& reading, const std::string& where, uint64_t at, uint64_t count,
                   uint64_t size, absl::string_view what) {
  const uint64_t bytes = count * size;  // count < 2^32, size <= 32: no overflow
  const std::string array =
      absl::StrCat(where, ": ", count, " ", what, " of ", size, " bytes at ", Hex(at));
  if (!reading.Fits(at, bytes)) {
    reading.Warn(absl::StrCat(array, " run past the end of the file ", reading.SizeNote(),
                              ": none are read"));
    return false;
  }
  if (!reading.Spend(bytes)) {
    reading.Warn(absl::StrCat(array, " would bring the model's arrays over ", kBudgetTimesFile,
                              " times the file's size (pieces sharing arrays): none are read"));
    return false;
  }
  return true;
}

void ReadVertices(Reading& reading, const std::string& label, const PieceHeader& h, Piece& p) {
  if (!ArrayReadable(reading, label, h.vertices, h.vertex_count, kVertexBytes, "vertices")) return;
  p.vertices.reserve(h.vertex_count);
  for (uint64_t i = 0; i < h.vertex_count; ++i) {
    const uint64_t at = h.vertices + i * kVertexBytes;
    const Bytes file = reading.file();
    p.vertices.push_back(
        {Units(I32At(file, at)), Units(I32At(file, at + 4)), Units(I32At(file, at + 8))});
  }
}

// The primitive's u16 vertex indices, each checked against the piece's
// vertices as read.
void ReadIndices(Reading& reading, const std::string& where, uint64_t at, uint32_t count,
                 size_t vertex_count, Primitive& prim) {
  if (count == 0) return;  // kept as it is: an empty primitive draws nothing
  if (!ArrayReadable(reading, where, at, count, 2, "vertex indices")) {
    prim.indices_valid = false;
    return;
  }
  ByteReader r(reading.file(), size_t(at));
  prim.indices.resize(count);
  for (uint16_t& index : prim.indices) r.U16(index);
  for (uint16_t index : prim.indices) {
    if (index >= vertex_count) {
      reading.Warn(absl::StrCat(where, ": vertex index ", index, " is past the piece's ",
                                vertex_count, " vertices"));
      prim.indices_valid = false;
      return;
    }
  }
}

Primitive ReadPrimitive(Reading& reading, const std::string& label, size_t i, uint64_t at,
                        size_t vertex_count) {
  const Bytes file = reading.file();
  const std::string where = absl::StrCat(label, ": primitive ", i);
  Primitive prim;
  prim.offset = at;
  prim.colour = U32At(file, at + kColourAt);
  prim.last_word = U32At(file, at + kLastWordAt);
  ReadIndices(reading, where, U32At(file, at + kIndicesAt), U32At(file, at + kIndexCountAt),
              vertex_count, prim);
  const uint32_t texture = U32At(file, at + kTextureAt);
  if (texture != 0) {
    prim.texture = ReadName(reading, texture, where + ": texture name", "drawn untextured");
  }
  return prim;
}

void ReadPrimitives(Reading& reading, const std::string& label, const PieceHeader& h, Piece& p) {
  if (h.selection != -1 && (h.selection < 0 || uint32_t(h.selection) >= h.primitive_count)) {
    reading.Warn(absl::StrCat(label, ": selection primitive ", h.selection,
                              " is not one of the piece's ", h.primitive_count, " primitives"));
  }
  if (!ArrayReadable(reading, label, h.primitives, h.primitive_count, kPrimitiveBytes,
                     "primitives")) {
    return;
  }
  p.primitives.reserve(h.primitive_count);
  for (size_t i = 0; i < h.primitive_count; ++i) {
    p.primitives.push_back(
        ReadPrimitive(reading, label, i, h.primitives + i * kPrimitiveBytes, p.vertices.size()));
  }
}

}  // namespace

bool ReadHeader(Bytes file, uint64_t at, PieceHeader& out) {
  if (at > file.size() || file.size() - at < kPieceHeaderBytes) return false;
  PieceHeader h;
  h.version = U32At(file, at + kVersionAt);
  h.vertex_count = U32At(file, at + kVertexCountAt);
  h.primitive_count = U32At(file, at + kPrimitiveCountAt);
  h.selection = I32At(file, at + kSelectionAt);
  h.x = I32At(file, at + kXAt);
  h.y = I32At(file, at + kYAt);
  h.z = I32At(file, at + kZAt);
  h.name = U32At(file, at + kNameAt);
  h.vertices = U32At(file, at + kVerticesAt);
  h.primitives = U32At(file, at + kPrimitivesAt);
  h.sibling = U32At(file, at + kSiblingAt);
  h.child = U32At(file, at + kChildAt);
  out = h;
  return true;
}

Piece ReadPiece(Reading& reading, uint64_t at, const PieceHeader& h, int index) {
  Piece p;
  p.offset = at;
  p.name = ReadName(reading, h.name, PieceLabel(index, at, nullptr) + ": name",
                    "the piece's name is empty");
  p.fixed_x = h.x;
  p.fixed_y = h.y;
  p.fixed_z = h.z;
  p.offset_from_parent = {Units(h.x), Units(h.y), Units(h.z)};
  p.selection_primitive = h.selection;
  const std::string label = PieceLabel(index, at, &p.name);
  ReadVertices(reading, label, h, p);
  ReadPrimitives(reading, label, h, p);
  return p;
}

}  // namespace kbot::model3do::internal
