// Hostile files: a root that cannot be read (the only errors), and every
// other record made unreadable in turn (a warning, that part skipped, the
// rest read): counts and offsets past the end, a wrong version below the
// root, a chain deeper than kMaxDepth, more than kMaxPieces pieces, pieces
// sharing one array to make the reader allocate without bound.
// TurretUnit (tests/support/model3do_bytes.h) is 897 bytes: base at 0x0,
// turret at 0x18e, flare at 0x319.
#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"
#include "formats/common/byte_reader.h"
#include "formats/common/format_error.h"
#include "formats/model3do/model3do.h"
#include "tests/support/model3do_bytes.h"

namespace kbot::model3do {
namespace {

using kbot::testing::k3doChildAt;
using kbot::testing::k3doIndicesAt;
using kbot::testing::k3doNameAt;
using kbot::testing::k3doPrimitiveCountAt;
using kbot::testing::k3doTextureAt;
using kbot::testing::k3doVersionAt;
using kbot::testing::k3doVertexCountAt;
using kbot::testing::LayOut3do;
using kbot::testing::Model3doLayout;
using kbot::testing::PieceSpec;
using kbot::testing::TurretUnit;

Model ReadOrDie(const Model3doLayout& layout) {
  absl::StatusOr<Model> model = Read3do(Bytes(layout.bytes), "bad.3do");
  EXPECT_TRUE(model.ok()) << model.status();
  return model.ok() ? *std::move(model) : Model{};
}

TEST(Model3doHostile, TruncatedRootHeaderIsAnError) {
  std::vector<uint8_t> bytes = LayOut3do(TurretUnit()).bytes;
  bytes.resize(20);
  absl::StatusOr<Model> model = Read3do(Bytes(bytes), "short.3do");
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.status().message(),
            "short.3do: root piece at 0x0: the file is 20 bytes, too short for the 52-byte "
            "piece header");
  const std::optional<FormatError> error = GetFormatError(model.status());
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->offset, 0u);
  EXPECT_EQ(error->structure, "root piece");
  EXPECT_FALSE(Read3do(Bytes(), "empty.3do").ok());
  bytes.resize(51);
  EXPECT_FALSE(Read3do(Bytes(bytes), "51.3do").ok());
}

TEST(Model3doHostile, WrongRootVersionIsAnError) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  layout.PatchU32(k3doVersionAt, 2);
  absl::StatusOr<Model> model = Read3do(Bytes(layout.bytes), "v2.3do");
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.status().message(),
            "v2.3do: root piece at 0x0: version 2 is not a 3DO piece's (1): not a TA or TA: "
            "Kingdoms model");
}

TEST(Model3doHostile, WrongChildVersionSkipsThatSubtree) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  layout.PatchU32(layout.pieces[1].Field(k3doVersionAt), 7);
  const Model model = ReadOrDie(layout);
  ASSERT_EQ(model.pieces.size(), 1u);
  EXPECT_TRUE(model.pieces[0].children.empty());
  EXPECT_EQ(model.warnings, (std::vector<std::string>{
                                "piece 0 'base' at 0x0: child offset 0x18e: the piece there "
                                "has version 7, not 1: the piece's children are not read"}));
}

TEST(Model3doHostile, SiblingHeaderPastTheEnd) {
  PieceSpec root = TurretUnit();
  root.children.push_back(PieceSpec{.name = "arm", .offset = kbot::testing::Units(3, 0, 0)});
  Model3doLayout layout = LayOut3do(root);
  // The turret's sibling ("arm") moved to 8 bytes before the end.
  const uint32_t at = uint32_t(layout.bytes.size() - 8);
  layout.PatchU32(layout.pieces[1].Field(kbot::testing::k3doSiblingAt), at);
  const Model model = ReadOrDie(layout);
  ASSERT_EQ(model.pieces.size(), 3u);  // base, turret, flare
  EXPECT_EQ(model.warnings,
            (std::vector<std::string>{absl::StrCat(
                "piece 1 'turret' at 0x18e: sibling offset ", Hex(at),
                ": the 52-byte piece header there runs past the end of the file (",
                layout.bytes.size(),
                " bytes): that piece, its children and its later siblings are not read")}));
}

TEST(Model3doHostile, ChildOffsetFarPastTheEnd) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  layout.PatchU32(layout.pieces[0].Field(k3doChildAt), 0xfffffff0);
  const Model model = ReadOrDie(layout);
  ASSERT_EQ(model.pieces.size(), 1u);
  EXPECT_EQ(model.warnings, (std::vector<std::string>{
                                "piece 0 'base' at 0x0: child offset 0xfffffff0: the 52-byte "
                                "piece header there runs past the end of the file (897 bytes): "
                                "the piece's children are not read"}));
}

TEST(Model3doHostile, HugeVertexCountReadsNoVertices) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  layout.PatchU32(layout.pieces[0].Field(k3doVertexCountAt), 0xffffffff);
  const Model model = ReadOrDie(layout);
  ASSERT_EQ(model.pieces.size(), 3u);
  EXPECT_TRUE(model.pieces[0].vertices.empty());
  ASSERT_EQ(model.warnings.size(), 7u);
  EXPECT_EQ(model.warnings[0],
            "piece 0 'base' at 0x0: 4294967295 vertices of 12 bytes at 0x39 run past the end of "
            "the file (897 bytes): none are read");
  EXPECT_EQ(model.warnings[1],
            "piece 0 'base' at 0x0: primitive 0: vertex index 0 is past the piece's 0 vertices");
  for (const Primitive& prim : model.pieces[0].primitives) EXPECT_FALSE(prim.indices_valid);
  EXPECT_EQ(model.pieces[1].vertices.size(), 8u);  // the rest of the model is whole
}

TEST(Model3doHostile, HugePrimitiveCountReadsNoPrimitives) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  layout.PatchU32(layout.pieces[1].Field(k3doPrimitiveCountAt), 0x10000000);
  const Model model = ReadOrDie(layout);
  EXPECT_TRUE(model.pieces[1].primitives.empty());
  EXPECT_EQ(model.warnings, (std::vector<std::string>{
                                "piece 1 'turret' at 0x18e: 268435456 primitives of 32 bytes "
                                "at 0x229 run past the end of the file (897 bytes): none are "
                                "read"}));
}

TEST(Model3doHostile, NameOffsetPastTheEnd) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  layout.PatchU32(layout.pieces[1].Field(k3doNameAt), 0x10000);
  const Model model = ReadOrDie(layout);
  EXPECT_EQ(model.pieces[1].name, "");
  EXPECT_EQ(model.warnings, (std::vector<std::string>{
                                "piece 1 at 0x18e: name offset 0x10000 is past the end of the "
                                "file (897 bytes): the piece's name is empty"}));
}

TEST(Model3doHostile, IndexOffsetPastTheEnd) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  layout.PatchU32(layout.pieces[0].PrimitiveField(1, k3doIndicesAt), 0xfffffff0);
  const Model model = ReadOrDie(layout);
  const Primitive& prim = model.pieces[0].primitives[1];
  EXPECT_TRUE(prim.indices.empty());
  EXPECT_FALSE(prim.indices_valid);
  EXPECT_FALSE(prim.drawable());
  EXPECT_EQ(model.warnings, (std::vector<std::string>{
                                "piece 0 'base' at 0x0: primitive 1: 4 vertex indices of 2 "
                                "bytes at 0xfffffff0 run past the end of the file (897 "
                                "bytes): none are read"}));
}

TEST(Model3doHostile, IndexCountPastTheEnd) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  layout.PatchU32(layout.pieces[2].PrimitiveField(0, kbot::testing::k3doIndexCountAt),
                  0xffffffff);
  const Model model = ReadOrDie(layout);
  EXPECT_TRUE(model.pieces[2].primitives[0].indices.empty());
  EXPECT_EQ(model.warnings, (std::vector<std::string>{
                                "piece 2 'flare' at 0x319: primitive 0: 4294967295 vertex "
                                "indices of 2 bytes at 0x37f run past the end of the file (897 "
                                "bytes): none are read"}));
}

TEST(Model3doHostile, TextureNameOffsetPastTheEnd) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  layout.PatchU32(layout.pieces[0].PrimitiveField(3, k3doTextureAt), 900);
  const Model model = ReadOrDie(layout);
  EXPECT_EQ(model.pieces[0].primitives[3].texture, "");
  EXPECT_EQ(model.warnings, (std::vector<std::string>{
                                "piece 0 'base' at 0x0: primitive 3: texture name offset 0x384 "
                                "is past the end of the file (897 bytes): drawn untextured"}));
}

// 300 pieces, each the only child of the one before.
PieceSpec Chain(int n) {
  PieceSpec tail{.name = absl::StrCat("p", n - 1), .offset = kbot::testing::Units(0, 1, 0)};
  for (int i = n - 2; i >= 0; --i) {
    PieceSpec up{.name = absl::StrCat("p", i), .offset = kbot::testing::Units(0, i ? 1 : 0, 0)};
    up.children.push_back(std::move(tail));
    tail = std::move(up);
  }
  return tail;
}

TEST(Model3doHostile, DepthIsCapped) {
  const Model3doLayout layout = LayOut3do(Chain(300));
  ASSERT_EQ(layout.pieces.size(), 300u);
  const Model model = ReadOrDie(layout);
  ASSERT_EQ(model.pieces.size(), size_t(kMaxDepth));
  EXPECT_EQ(model.pieces.back().name, "p255");
  EXPECT_EQ(model.pieces.back().depth, kMaxDepth - 1);
  EXPECT_EQ(PieceOrigin(model, kMaxDepth - 1), (Vec3{0, 255, 0}));
  EXPECT_EQ(model.warnings,
            (std::vector<std::string>{absl::StrCat(
                "piece 255 'p255' at ", Hex(layout.pieces[255].header), ": child offset ",
                Hex(layout.pieces[256].header),
                ": deeper than 256 levels: the piece's children are not read")}));
}

TEST(Model3doHostile, PieceCountIsCapped) {
  PieceSpec root{.name = "root"};
  for (int i = 1; i <= 4100; ++i) root.children.push_back({.name = absl::StrCat("c", i)});
  const Model3doLayout layout = LayOut3do(root);
  const Model model = ReadOrDie(layout);
  ASSERT_EQ(model.pieces.size(), kMaxPieces);
  EXPECT_EQ(model.pieces[0].children.size(), kMaxPieces - 1);
  EXPECT_EQ(model.warnings,
            (std::vector<std::string>{absl::StrCat(
                "piece 4095 'c4095' at ", Hex(layout.pieces[4095].header), ": sibling offset ",
                Hex(layout.pieces[4096].header),
                ": the model has more than 4096 pieces: the rest are not read")}));
}

// Ten roots whose vertex arrays are all one array of 1000 vertices: read
// once each they would be 10 times the file; the budget (4 times the file)
// stops the fifth.
TEST(Model3doHostile, PiecesSharingOneArrayCannotAllocateWithoutBound) {
  Model3doLayout layout;
  const uint32_t name = 10 * 52, vertices = name + 2, count = 1000;
  for (uint32_t i = 0; i < 10; ++i) {
    layout.Append(kbot::testing::PieceHeaderBytes(1, count, 0, -1, {}, name, vertices, 0,
                                                  i < 9 ? (i + 1) * 52 : 0, 0));
  }
  layout.Append({'x', 0});
  layout.Append(std::vector<uint8_t>(count * 12, 0));
  const Model model = ReadOrDie(layout);
  ASSERT_EQ(model.pieces.size(), 10u);
  for (size_t i = 0; i < 10; ++i) {
    EXPECT_EQ(model.pieces[i].vertices.size(), i < 4 ? count : 0u) << "piece " << i;
  }
  ASSERT_EQ(model.warnings.size(), 6u);
  EXPECT_EQ(model.warnings[0],
            "piece 4 'x' at 0xd0: 1000 vertices of 12 bytes at 0x20a would bring the model's "
            "arrays over 4 times the file's size (pieces sharing arrays): none are read");
}

}  // namespace
}  // namespace kbot::model3do
