// Read3do on the fixture unit (tests/support/model3do_bytes.h, TurretUnit):
// a base box, a turret box 10 units above it, a flare point on the turret.
// Every value checked is the one laid into the bytes.
#include <gtest/gtest.h>

#include "formats/model3do/model3do.h"
#include "tests/support/model3do_bytes.h"

namespace kbot::model3do {
namespace {

using kbot::testing::LayOut3do;
using kbot::testing::Model3doLayout;
using kbot::testing::TurretUnit;

class Model3doRead : public ::testing::Test {
 protected:
  void SetUp() override {
    layout_ = LayOut3do(TurretUnit());
    absl::StatusOr<Model> read = Read3do(Bytes(layout_.bytes), "unit.3do");
    ASSERT_TRUE(read.ok()) << read.status();
    model_ = *std::move(read);
  }

  Model3doLayout layout_;
  Model model_;
};

TEST_F(Model3doRead, TreeInFileOrder) {
  ASSERT_EQ(model_.pieces.size(), 3u);
  EXPECT_TRUE(model_.warnings.empty()) << model_.warnings[0];
  EXPECT_EQ(model_.warnings_dropped, 0u);
  const std::vector<std::string> names = {"base", "turret", "flare"};
  const std::vector<int> parents = {-1, 0, 1};
  const std::vector<std::vector<int>> children = {{1}, {2}, {}};
  for (size_t i = 0; i < 3; ++i) {
    const Piece& p = model_.pieces[i];
    EXPECT_EQ(p.name, names[i]);
    EXPECT_EQ(p.parent, parents[i]);
    EXPECT_EQ(p.depth, int(i));
    EXPECT_EQ(p.children, children[i]);
    EXPECT_EQ(p.offset, layout_.pieces[i].header);
  }
  // Header, name, 8 vertices, 6 primitives, 6 x 4 indices and "tex1": 398 bytes.
  EXPECT_EQ(model_.pieces[1].offset, 398u);
  EXPECT_EQ(model_.pieces[2].offset, 793u);
}

TEST_F(Model3doRead, OffsetsInUnits) {
  const Piece& turret = model_.pieces[1];
  EXPECT_EQ(turret.fixed_x, 0);
  EXPECT_EQ(turret.fixed_y, 10 * 65536);
  EXPECT_EQ(turret.fixed_z, 0);
  EXPECT_EQ(turret.offset_from_parent, (Vec3{0, 10, 0}));
  EXPECT_EQ(model_.pieces[2].offset_from_parent, (Vec3{0, 2, 6}));
  EXPECT_EQ(model_.pieces[0].offset_from_parent, (Vec3{0, 0, 0}));
}

TEST_F(Model3doRead, Vertices) {
  const Piece& base = model_.pieces[0];
  ASSERT_EQ(base.vertices.size(), 8u);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(base.vertices[size_t(i)],
              (Vec3{i & 1 ? 8.0 : -8.0, i & 2 ? 8.0 : 0.0, i & 4 ? 8.0 : -8.0}))
        << "vertex " << i;
  }
  EXPECT_EQ(model_.pieces[1].vertices[7], (Vec3{4, 4, 4}));
  EXPECT_EQ(model_.pieces[2].vertices, (std::vector<Vec3>{{0, 0, 0}}));
}

TEST_F(Model3doRead, Primitives) {
  const Piece& base = model_.pieces[0];
  ASSERT_EQ(base.primitives.size(), 6u);
  EXPECT_EQ(base.selection_primitive, 0);
  const std::vector<std::vector<uint16_t>> faces = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                                                    {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  for (size_t i = 0; i < 6; ++i) {
    const Primitive& prim = base.primitives[i];
    EXPECT_EQ(prim.offset, layout_.pieces[0].primitives + i * 32);
    EXPECT_EQ(prim.colour, 10u + i);
    EXPECT_EQ(prim.indices, faces[i]);
    EXPECT_EQ(prim.texture, i == 3 ? "tex1" : "");
    EXPECT_TRUE(prim.indices_valid);
    EXPECT_TRUE(prim.drawable());
    EXPECT_FALSE(prim.is_marker());
  }
  EXPECT_EQ(model_.pieces[1].primitives[5].colour, 25u);
  EXPECT_EQ(model_.pieces[1].selection_primitive, -1);
}

TEST_F(Model3doRead, FlarePointIsAMarker) {
  const Piece& flare = model_.pieces[2];
  ASSERT_EQ(flare.primitives.size(), 1u);
  const Primitive& point = flare.primitives[0];
  EXPECT_EQ(point.indices, (std::vector<uint16_t>{0}));
  EXPECT_EQ(point.colour, 0u);
  EXPECT_TRUE(point.indices_valid);
  EXPECT_TRUE(point.is_marker());
  EXPECT_FALSE(point.drawable());
}

TEST_F(Model3doRead, PieceOrigins) {
  EXPECT_EQ(PieceOrigin(model_, 0), (Vec3{0, 0, 0}));
  EXPECT_EQ(PieceOrigin(model_, 1), (Vec3{0, 10, 0}));
  EXPECT_EQ(PieceOrigin(model_, 2), (Vec3{0, 12, 6}));
  EXPECT_EQ(PieceOrigin(model_, 7), (Vec3{0, 0, 0}));  // no such piece
}

TEST_F(Model3doRead, Boxes) {
  const Box turret = PieceBox(model_, 1);
  EXPECT_FALSE(turret.empty);
  EXPECT_EQ(turret.min, (Vec3{-4, 10, -4}));
  EXPECT_EQ(turret.max, (Vec3{4, 14, 4}));
  const Box flare = PieceBox(model_, 2);
  EXPECT_EQ(flare.min, (Vec3{0, 12, 6}));
  EXPECT_EQ(flare.max, (Vec3{0, 12, 6}));
  const Box all = ModelBox(model_);
  EXPECT_FALSE(all.empty);
  EXPECT_EQ(all.min, (Vec3{-8, 0, -8}));
  EXPECT_EQ(all.max, (Vec3{8, 14, 8}));
  EXPECT_TRUE(PieceBox(model_, -1).empty);
  EXPECT_TRUE(ModelBox(Model{}).empty);
}

TEST(Model3doBox, AddGrowsFromTheFirstPoint) {
  Box box;
  EXPECT_TRUE(box.empty);
  box.Add({1, -2, 3});
  EXPECT_FALSE(box.empty);
  EXPECT_EQ(box.min, (Vec3{1, -2, 3}));
  EXPECT_EQ(box.max, (Vec3{1, -2, 3}));
  box.Add({-1, 5, 3.5});
  EXPECT_EQ(box.min, (Vec3{-1, -2, 3}));
  EXPECT_EQ(box.max, (Vec3{1, 5, 3.5}));
}

TEST(Model3doReadRoots, SiblingsOfTheRootAreMoreRoots) {
  kbot::testing::PieceSpec a{.name = "a", .offset = kbot::testing::Units(1, 0, 0)};
  kbot::testing::PieceSpec b{.name = "b", .offset = kbot::testing::Units(0, 0, -3)};
  b.children = {kbot::testing::PieceSpec{.name = "c", .offset = kbot::testing::Units(0, 1, 0)}};
  const Model3doLayout layout = LayOut3do(std::vector<kbot::testing::PieceSpec>{a, b});
  absl::StatusOr<Model> model = Read3do(Bytes(layout.bytes), "two.3do");
  ASSERT_TRUE(model.ok()) << model.status();
  ASSERT_EQ(model->pieces.size(), 3u);
  EXPECT_EQ(model->pieces[1].name, "b");
  EXPECT_EQ(model->pieces[1].parent, -1);
  EXPECT_EQ(model->pieces[1].depth, 0);
  EXPECT_EQ(model->pieces[2].parent, 1);
  EXPECT_EQ(PieceOrigin(*model, 2), (Vec3{0, 1, -3}));
  EXPECT_TRUE(model->warnings.empty());
}

TEST(Model3doReadFixed, FractionsNegativesAndWholeWords) {
  kbot::testing::PieceSpec p{.name = "p", .offset = {-32768, 98304, -65536}};
  p.vertices = {{1, -1, 0x7fffffff}};
  p.primitives = {kbot::testing::PrimitiveSpec{.colour = 0x1234, .editor = {7, 8, 1}}};
  const Model3doLayout layout = LayOut3do(p);
  absl::StatusOr<Model> model = Read3do(Bytes(layout.bytes), "f.3do");
  ASSERT_TRUE(model.ok()) << model.status();
  EXPECT_EQ(model->pieces[0].offset_from_parent, (Vec3{-0.5, 1.5, -1}));
  EXPECT_EQ(model->pieces[0].primitives[0].colour, 0x1234u);  // all 32 bits
  EXPECT_EQ(model->pieces[0].primitives[0].last_word, 1u);
  EXPECT_EQ(model->pieces[0].vertices[0],
            (Vec3{1 / 65536.0, -1 / 65536.0, 2147483647 / 65536.0}));
}

}  // namespace
}  // namespace kbot::model3do
