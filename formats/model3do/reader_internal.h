// What the tree walk (model3do.cc) and the piece reader (piece_reader.cc)
// share: the reading state, with its warnings and its allocation budget, and
// the piece header as stored. Not part of the API.
#pragma once

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "formats/model3do/model3do.h"

namespace kbot::model3do::internal {

// Where a piece header keeps each field (docs/formats/3do.md, "Piece header").
inline constexpr size_t kVersionAt = 0x00, kVertexCountAt = 0x04, kPrimitiveCountAt = 0x08,
                        kSelectionAt = 0x0C, kXAt = 0x10, kYAt = 0x14, kZAt = 0x18,
                        kNameAt = 0x1C, kVerticesAt = 0x24, kPrimitivesAt = 0x28,
                        kSiblingAt = 0x2C, kChildAt = 0x30;
// And a primitive record.
inline constexpr size_t kColourAt = 0x00, kIndexCountAt = 0x04, kIndicesAt = 0x0C,
                        kTextureAt = 0x10, kLastWordAt = 0x1C;
inline constexpr uint32_t kPieceVersion = 1;

struct PieceHeader {
  uint32_t version = 0, vertex_count = 0, primitive_count = 0;
  int32_t selection = -1;
  int32_t x = 0, y = 0, z = 0;
  uint32_t name = 0, vertices = 0, primitives = 0, sibling = 0, child = 0;
};

// The header at `at`; false (and `out` untouched) when its 52 bytes are not
// all in the file.
bool ReadHeader(Bytes file, uint64_t at, PieceHeader& out);

class Reading {
 public:
  Reading(Bytes file, Model& model);

  Bytes file() const { return file_; }
  Model& model() { return model_; }
  // Appends a warning, or counts it once kMaxWarnings are kept.
  void Warn(std::string text);
  // Whether `bytes` bytes from `at` are all in the file (64-bit arithmetic).
  bool Fits(uint64_t at, uint64_t bytes) const;
  // Takes `bytes` from the budget for arrays; false, taking nothing, when
  // that would go over. The budget is a few times the file's size: arrays
  // laid out once each always fit, while a hostile file whose pieces all
  // point at one big array cannot make the reader allocate without bound.
  bool Spend(uint64_t bytes);
  // "(N bytes)", for details about the end of the file.
  std::string SizeNote() const;

 private:
  Bytes file_;
  Model& model_;
  uint64_t budget_;
};

// How many times the file's size the arrays may add up to.
inline constexpr uint64_t kBudgetTimesFile = 4;

// "piece 3 'turret' at 0x1f4", or "piece 3 at 0x1f4" before the name is known;
// bytes outside printable ASCII in the name are written \xNN.
std::string PieceLabel(int index, uint64_t at, const std::string* name);
std::string PieceLabel(const Model& model, int index);
std::string Printable(absl::string_view text);

// The piece whose header is `header`, at `at`, as piece `index`: name,
// offset, vertices and primitives (parent, depth and children are the
// walk's). What cannot be read is warned and left empty.
Piece ReadPiece(Reading& reading, uint64_t at, const PieceHeader& header, int index);

}  // namespace kbot::model3do::internal
