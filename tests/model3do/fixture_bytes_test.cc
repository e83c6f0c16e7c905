// The fixture builder (tests/support/model3do_bytes.h) checked byte by byte
// against the layout the spec gives, without the reader: what the reader's
// tests build is what they think it is.
#include <gtest/gtest.h>

#include "formats/common/byte_reader.h"
#include "tests/support/model3do_bytes.h"

namespace kbot::testing {
namespace {

uint32_t Word(const std::vector<uint8_t>& bytes, size_t at) { return LoadU32(bytes.data() + at); }

TEST(Model3doBytes, OnePieceByteByByte) {
  PieceSpec p{.name = "a", .offset = Units(1, -2, 3), .selection_primitive = 0};
  p.vertices = {{65536, 2, -3}};
  p.primitives = {PrimitiveSpec{.colour = 7, .indices = {0}, .texture = "t", .editor = {5, 6, 8}}};
  const Model3doLayout layout = LayOut3do(p);
  // header 0..52, "a\0" 52, vertex 54..66, primitive 66..98, index 98, "t\0" 100.
  ASSERT_EQ(layout.bytes.size(), 102u);
  const std::vector<uint32_t> header = {1, 1, 1, 0, 65536, uint32_t(-2 * 65536), 3 * 65536,
                                        52, 0, 54, 66, 0, 0};
  for (size_t i = 0; i < header.size(); ++i) {
    EXPECT_EQ(Word(layout.bytes, i * 4), header[i]) << "header word " << i;
  }
  EXPECT_EQ(layout.bytes[52], 'a');
  EXPECT_EQ(layout.bytes[53], 0);
  EXPECT_EQ(Word(layout.bytes, 54), 65536u);
  EXPECT_EQ(Word(layout.bytes, 58), 2u);
  EXPECT_EQ(Word(layout.bytes, 62), uint32_t(-3));
  const std::vector<uint32_t> primitive = {7, 1, 0, 98, 100, 5, 6, 8};
  for (size_t i = 0; i < primitive.size(); ++i) {
    EXPECT_EQ(Word(layout.bytes, 66 + i * 4), primitive[i]) << "primitive word " << i;
  }
  EXPECT_EQ(LoadU16(layout.bytes.data() + 98), 0);
  EXPECT_EQ(layout.bytes[100], 't');
  EXPECT_EQ(layout.bytes[101], 0);
  ASSERT_EQ(layout.pieces.size(), 1u);
  EXPECT_EQ(layout.pieces[0].name, 52u);
  EXPECT_EQ(layout.pieces[0].vertices, 54u);
  EXPECT_EQ(layout.pieces[0].primitives, 66u);
  EXPECT_EQ(layout.pieces[0].indices, (std::vector<size_t>{98}));
  EXPECT_EQ(layout.pieces[0].textures, (std::vector<size_t>{100}));
}

TEST(Model3doBytes, ChildrenAndSiblingsAreLinked) {
  const Model3doLayout layout = LayOut3do(TurretUnit());
  ASSERT_EQ(layout.bytes.size(), 897u);
  ASSERT_EQ(layout.pieces.size(), 3u);
  EXPECT_EQ(layout.pieces[1].header, 398u);
  EXPECT_EQ(layout.pieces[2].header, 793u);
  EXPECT_EQ(Word(layout.bytes, k3doChildAt), 398u);
  EXPECT_EQ(Word(layout.bytes, 398 + k3doChildAt), 793u);
  EXPECT_EQ(Word(layout.bytes, 793 + k3doChildAt), 0u);
  EXPECT_EQ(Word(layout.bytes, 398 + k3doYAt), 10u * 65536);
  EXPECT_EQ(layout.pieces[0].textures, (std::vector<size_t>{0, 0, 0, 377, 0, 0}));

  PieceSpec root{.name = "r"};
  root.children = {PieceSpec{.name = "x"}, PieceSpec{.name = "y"}, PieceSpec{.name = "z"}};
  const Model3doLayout three = LayOut3do(root);
  EXPECT_EQ(Word(three.bytes, k3doChildAt), three.pieces[1].header);
  EXPECT_EQ(Word(three.bytes, three.pieces[1].Field(k3doSiblingAt)), three.pieces[2].header);
  EXPECT_EQ(Word(three.bytes, three.pieces[2].Field(k3doSiblingAt)), three.pieces[3].header);
  EXPECT_EQ(Word(three.bytes, three.pieces[3].Field(k3doSiblingAt)), 0u);
}

TEST(Model3doBytes, PatchAndAppend) {
  Model3doLayout layout = LayOut3do(PieceSpec{.name = "p"});
  layout.PatchU32(k3doVersionAt, 0xdeadbeef);
  layout.PatchU16(k3doNameAt, 0x1234);
  EXPECT_EQ(Word(layout.bytes, 0), 0xdeadbeefu);
  EXPECT_EQ(Word(layout.bytes, k3doNameAt), 0x1234u);
  const size_t end = layout.bytes.size();
  EXPECT_EQ(layout.Append({1, 2}), end);
  EXPECT_EQ(layout.bytes.size(), end + 2);
}

}  // namespace
}  // namespace kbot::testing
