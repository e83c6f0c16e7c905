#include "formats/image/transparent_slot.h"

#include <gtest/gtest.h>

#include <vector>

#include "tests/support/decode_image.h"

namespace kbot::image {
namespace {

using testing::PictureFromCells;

// Every index but `skip` drawn once, plus `extra` transparent pixels.
IndexedPicture AllDrawnBut(int skip, int transparent, uint8_t key) {
  std::vector<int> cells;
  for (int i = 0; i < 256; ++i) {
    if (i != skip) cells.push_back(i);
  }
  for (int i = 0; i < transparent; ++i) cells.push_back(-1);
  const int width = 16;
  const int height = int((cells.size() + width - 1) / width);
  while (cells.size() < size_t(width * height)) cells.push_back(0);  // more drawn 0s
  return PictureFromCells(width, height, key, cells);
}

TEST(ChooseTransparentSlot, KeyNotDrawnIsTheSlot) {
  const IndexedPicture p = PictureFromCells(2, 2, 9, {1, -1, 2, -1});
  const SlotChoice c = ChooseTransparentSlot(std::span(&p, 1));
  EXPECT_TRUE(c.any_transparent);
  EXPECT_EQ(c.slot, 9);
  EXPECT_FALSE(c.needs_rgba());
}

TEST(ChooseTransparentSlot, DrawnKeyGivesWayToLowestFreeIndex) {
  // Key 0 is drawn (black), as are 1 and 2: 3 is the lowest index nobody draws.
  const IndexedPicture p = PictureFromCells(3, 2, 0, {0, 1, 2, -1, -1, 0});
  const SlotChoice c = ChooseTransparentSlot(std::span(&p, 1));
  EXPECT_TRUE(c.any_transparent);
  EXPECT_EQ(c.slot, 3);
}

TEST(ChooseTransparentSlot, TransparentPixelsDoNotCountAsDrawn) {
  // The transparent pixel stores index 4; that must not rule 4 out.
  IndexedPicture p = PictureFromCells(2, 1, 4, {7, -1});
  p.index[1] = 4;
  EXPECT_EQ(ChooseTransparentSlot(std::span(&p, 1)).slot, 4);
}

TEST(ChooseTransparentSlot, AnotherFramesKeyBeatsTheLowestFreeIndex) {
  // Frame 1 draws frame 0's key 7; frame 1's own key 9 is free.
  const std::vector<IndexedPicture> frames = {PictureFromCells(2, 1, 7, {1, -1}),
                                              PictureFromCells(2, 1, 9, {7, -1})};
  const SlotChoice c = ChooseTransparentSlot(frames);
  EXPECT_EQ(c.slot, 9);
}

TEST(ChooseTransparentSlot, FirstFramesKeyComesFirst) {
  const std::vector<IndexedPicture> frames = {PictureFromCells(2, 1, 7, {1, -1}),
                                              PictureFromCells(2, 1, 3, {2, -1})};
  EXPECT_EQ(ChooseTransparentSlot(frames).slot, 7);
}

TEST(ChooseTransparentSlot, EveryKeyDrawnFallsBackToLowestFree) {
  const std::vector<IndexedPicture> frames = {PictureFromCells(3, 1, 0, {0, 1, -1}),
                                              PictureFromCells(3, 1, 1, {0, 2, -1})};
  EXPECT_EQ(ChooseTransparentSlot(frames).slot, 3);
}

TEST(ChooseTransparentSlot, AllDrawnAndTransparentNeedsRgba) {
  const IndexedPicture p = AllDrawnBut(-1, 1, 0);
  const SlotChoice c = ChooseTransparentSlot(std::span(&p, 1));
  EXPECT_TRUE(c.any_transparent);
  EXPECT_EQ(c.slot, -1);
  EXPECT_TRUE(c.needs_rgba());
}

TEST(ChooseTransparentSlot, OneFreeIndexIsEnough) {
  const IndexedPicture p = AllDrawnBut(200, 1, 0);
  EXPECT_EQ(ChooseTransparentSlot(std::span(&p, 1)).slot, 200);
}

TEST(ChooseTransparentSlot, AllDrawnWithoutTransparencyNeedsNothing) {
  const IndexedPicture p = AllDrawnBut(-1, 0, 0);
  const SlotChoice c = ChooseTransparentSlot(std::span(&p, 1));
  EXPECT_FALSE(c.any_transparent);
  EXPECT_EQ(c.slot, -1);
  EXPECT_FALSE(c.needs_rgba());
}

TEST(ChooseTransparentSlot, NoTransparencyKeepsAFreeKey) {
  const IndexedPicture p = PictureFromCells(2, 1, 5, {1, 2});
  const SlotChoice c = ChooseTransparentSlot(std::span(&p, 1));
  EXPECT_FALSE(c.any_transparent);
  EXPECT_EQ(c.slot, 5);
}

TEST(ChooseTransparentSlot, NoTransparencyAndDrawnKeyHasNoSlot) {
  const IndexedPicture p = PictureFromCells(2, 1, 5, {5, 2});
  EXPECT_EQ(ChooseTransparentSlot(std::span(&p, 1)).slot, -1);
}

TEST(ChooseTransparentSlot, NoPictures) {
  const SlotChoice c = ChooseTransparentSlot({});
  EXPECT_FALSE(c.any_transparent);
  EXPECT_EQ(c.slot, -1);
}

TEST(ApplySlot, TransparentPixelsTakeTheSlotDrawnOnesKeepTheirIndex) {
  IndexedPicture p = PictureFromCells(4, 1, 0, {0, -1, 3, -1});
  p.index[3] = 77;  // whatever a transparent pixel stores is replaced
  std::vector<uint8_t> out;
  ApplySlot(p, 3, out);
  EXPECT_EQ(out, (std::vector<uint8_t>{0, 3, 3, 3}));
}

TEST(ApplySlot, NoSlotCopiesIndices) {
  IndexedPicture p = PictureFromCells(3, 1, 9, {1, -1, 2});
  std::vector<uint8_t> out = {42};
  ApplySlot(p, -1, out);
  EXPECT_EQ(out, (std::vector<uint8_t>{1, 9, 2}));
}

}  // namespace
}  // namespace kbot::image
