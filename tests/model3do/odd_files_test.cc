// Files that are odd but readable: links that loop, vertex indices past the
// piece's vertices, empty primitives, names that are long, unterminated or
// not printable. Each reads, with exact warnings. The fixture is TurretUnit
// (tests/support/model3do_bytes.h): base at 0x0, turret at 0x18e (398),
// flare at 0x319 (793); 897 bytes.
#include <gtest/gtest.h>

#include "formats/model3do/model3do.h"
#include "tests/support/model3do_bytes.h"

namespace kbot::model3do {
namespace {

using kbot::testing::k3doChildAt;
using kbot::testing::k3doIndicesAt;
using kbot::testing::k3doSelectionAt;
using kbot::testing::k3doSiblingAt;
using kbot::testing::k3doTextureAt;
using kbot::testing::LayOut3do;
using kbot::testing::Model3doLayout;
using kbot::testing::TurretUnit;

Model ReadOrDie(const Model3doLayout& layout) {
  absl::StatusOr<Model> model = Read3do(Bytes(layout.bytes), "odd.3do");
  EXPECT_TRUE(model.ok()) << model.status();
  return model.ok() ? *std::move(model) : Model{};
}

TEST(Model3doOddFiles, CyclesAreNotFollowedAndBadIndicesAreWarned) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  const auto& base = layout.pieces[0];
  const auto& turret = layout.pieces[1];
  const auto& flare = layout.pieces[2];
  layout.PatchU32(flare.Field(k3doChildAt), uint32_t(turret.header));    // back up the chain
  layout.PatchU32(turret.Field(k3doSiblingAt), uint32_t(flare.header));  // to a piece read
  layout.PatchU16(base.indices[2] + 2, 9);  // primitive 2's second index
  const Model model = ReadOrDie(layout);
  ASSERT_EQ(model.pieces.size(), 3u);
  EXPECT_EQ(model.pieces[2].parent, 1);
  EXPECT_TRUE(model.pieces[2].children.empty());
  EXPECT_EQ(model.pieces[1].children, (std::vector<int>{2}));
  EXPECT_EQ(model.warnings,
            (std::vector<std::string>{
                "piece 0 'base' at 0x0: primitive 2: vertex index 9 is past the piece's 8 "
                "vertices",
                "piece 2 'flare' at 0x319: child offset 0x18e leads to piece 1 'turret' at "
                "0x18e, already read: a cycle, not followed",
                "piece 1 'turret' at 0x18e: sibling offset 0x319 leads to piece 2 'flare' at "
                "0x319, already read: a cycle, not followed"}));
  const Primitive& bad = model.pieces[0].primitives[2];
  EXPECT_EQ(bad.indices, (std::vector<uint16_t>{0, 9, 5, 4}));  // kept as stored
  EXPECT_FALSE(bad.indices_valid);
  EXPECT_FALSE(bad.drawable());
  EXPECT_TRUE(model.pieces[0].primitives[3].drawable());
}

TEST(Model3doOddFiles, APieceThatIsItsOwnChild) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  layout.PatchU32(layout.pieces[1].Field(k3doChildAt), uint32_t(layout.pieces[1].header));
  const Model model = ReadOrDie(layout);
  ASSERT_EQ(model.pieces.size(), 2u);
  EXPECT_EQ(model.warnings,
            (std::vector<std::string>{"piece 1 'turret' at 0x18e: child offset 0x18e leads to "
                                      "piece 1 'turret' at 0x18e, already read: a cycle, not "
                                      "followed"}));
}

TEST(Model3doOddFiles, SelectionPrimitivePastThePrimitives) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  layout.PatchU32(layout.pieces[0].Field(k3doSelectionAt), 9);
  const Model model = ReadOrDie(layout);
  EXPECT_EQ(model.pieces[0].selection_primitive, 9);
  EXPECT_EQ(model.warnings, (std::vector<std::string>{
                                "piece 0 'base' at 0x0: selection primitive 9 is not one of "
                                "the piece's 6 primitives"}));
}

TEST(Model3doOddFiles, EmptyPrimitiveIsKeptQuietly) {
  kbot::testing::PieceSpec p{.name = "p"};
  p.vertices = kbot::testing::BoxVertices(0, 0, 0, 1, 1, 1);
  p.primitives = {kbot::testing::PrimitiveSpec{.colour = 3}, {.colour = 4, .indices = {0, 1}}};
  Model3doLayout layout = LayOut3do(p);
  // An empty primitive's index offset is never followed, wherever it points.
  layout.PatchU32(layout.pieces[0].PrimitiveField(0, k3doIndicesAt), 0xffffffff);
  const Model model = ReadOrDie(layout);
  EXPECT_TRUE(model.warnings.empty());
  ASSERT_EQ(model.pieces[0].primitives.size(), 2u);
  EXPECT_TRUE(model.pieces[0].primitives[0].indices.empty());
  EXPECT_TRUE(model.pieces[0].primitives[0].indices_valid);
  EXPECT_FALSE(model.pieces[0].primitives[0].drawable());
  EXPECT_TRUE(model.pieces[0].primitives[1].is_marker());  // a line
}

TEST(Model3doOddFiles, LongNameIsCutAt64) {
  kbot::testing::PieceSpec p{.name = std::string(70, 'a')};
  kbot::testing::PieceSpec exact{.name = std::string(64, 'b')};
  p.children = {exact};
  const Model model = ReadOrDie(LayOut3do(p));
  EXPECT_EQ(model.pieces[0].name, std::string(64, 'a'));
  EXPECT_EQ(model.pieces[1].name, std::string(64, 'b'));  // 64 bytes and a NUL: whole
  EXPECT_EQ(model.warnings, (std::vector<std::string>{
                                "piece 0 at 0x0: name at 0x34 is longer than 64 bytes: cut at "
                                "64"}));
}

TEST(Model3doOddFiles, TextureNameRunningToTheEnd) {
  Model3doLayout layout = LayOut3do(TurretUnit());
  const size_t at = layout.Append({'a', 'b', 'c'});  // no NUL
  layout.PatchU32(layout.pieces[0].PrimitiveField(3, k3doTextureAt), uint32_t(at));
  const Model model = ReadOrDie(layout);
  EXPECT_EQ(model.pieces[0].primitives[3].texture, "abc");
  EXPECT_EQ(model.warnings, (std::vector<std::string>{
                                "piece 0 'base' at 0x0: primitive 3: texture name at 0x381 has "
                                "no NUL before the end of the file: read to the end"}));
}

TEST(Model3doOddFiles, UnprintableNameIsKeptAndEscapedInWarnings) {
  kbot::testing::PieceSpec p = TurretUnit();
  p.children[0].name = std::string("tur\x01r'et\xe9", 9);  // 9 bytes: the turret stays at 0x18e
  Model3doLayout layout = LayOut3do(p);
  layout.PatchU16(layout.pieces[1].indices[0], 8);
  const Model model = ReadOrDie(layout);
  EXPECT_EQ(model.pieces[1].name, std::string("tur\x01r'et\xe9", 9));
  EXPECT_EQ(model.warnings, (std::vector<std::string>{
                                "piece 1 'tur\\x01r\\x27et\\xe9' at 0x18e: primitive 0: vertex "
                                "index 8 is past the piece's 8 vertices"}));
}

TEST(Model3doOddFiles, WarningsAreCappedAndTheRestCounted) {
  kbot::testing::PieceSpec p{.name = "p"};
  p.vertices = {kbot::testing::Units(0, 0, 0)};
  for (int i = 0; i < 130; ++i) p.primitives.push_back({.colour = 1, .indices = {0, 1, 2}});
  const Model model = ReadOrDie(LayOut3do(p));
  EXPECT_EQ(model.pieces[0].primitives.size(), 130u);
  ASSERT_EQ(model.warnings.size(), kMaxWarnings);
  EXPECT_EQ(model.warnings_dropped, 30u);
  EXPECT_EQ(model.warnings[99],
            "piece 0 'p' at 0x0: primitive 99: vertex index 1 is past the piece's 1 vertices");
}

}  // namespace
}  // namespace kbot::model3do
