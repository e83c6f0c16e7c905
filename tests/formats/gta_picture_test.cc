// RAW / RAT frontend pictures: sizes by name from docs/formats/gta1.md,
// and pixels built byte by byte.
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "formats/gta/picture.h"

namespace kbot::gta {
namespace {

TEST(GtaPicture, SizesByName) {
  const std::pair<const char*, PictureSize> known[] = {
      {"F_UPPER.RAW", {640, 168}},     {"f_logo0.raw", {640, 168}},
      {"GTADATA/F_LOGO7.RAT", {640, 168}}, {"F_LOWER0.RAW", {640, 312}},
      {"F_LOWER1.RAT", {640, 312}},    {"Cut0.Raw", {640, 480}},
      {"C:\\GTA\\CUT5.RAT", {640, 480}}, {"F_PLAY1.RAW", {102, 141}},
      {"F_PLAY8.RAW", {102, 141}},     {"F_PLAYN.RAW", {180, 50}},
      {"F_RSTAR.RAW", {64, 59}},       {"f_rstarn.rat", {64, 59}},
      {"F_UPPER", {640, 168}},
  };
  for (const auto& [name, size] : known) {
    std::optional<PictureSize> s = KnownPictureSize(name);
    ASSERT_TRUE(s.has_value()) << name;
    EXPECT_EQ(*s, size) << name;
  }
  for (const char* name : {"F_LOGO8.RAW", "F_LOWER2.RAW", "CUT6.RAW", "F_PLAY0.RAW",
                           "F_PLAY9.RAW", "F_PAL.RAW", "F_UPPERX.RAW", "CUT10.RAW", "", "CUT"}) {
    EXPECT_FALSE(KnownPictureSize(name).has_value()) << name;
  }
  EXPECT_EQ(RatPaletteName("cut3.rat"), "CUT3.ACT");
  EXPECT_EQ(RatPaletteName("F_UPPER.RAT"), "F_PAL.RAW");
}

TEST(GtaPicture, ReadsRawByNameAndBySize) {
  // F_RSTAR: 64 x 59 x 3 = 11,328 bytes; pixel (0, 0) = 1, 2, 3, pixel
  // (63, 58) at (58 * 64 + 63) * 3 = 11,325.
  std::vector<uint8_t> bytes(64 * 59 * 3, 0);
  bytes[0] = 1, bytes[1] = 2, bytes[2] = 3;
  bytes[11325] = 0xaa, bytes[11326] = 0xbb, bytes[11327] = 0xcc;
  absl::StatusOr<image::RgbaPicture> p = ReadRawPicture(bytes, "F_RSTAR.RAW");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->width, 64);
  EXPECT_EQ(p->height, 59);
  EXPECT_EQ(std::vector<uint8_t>(p->rgba.begin(), p->rgba.begin() + 4),
            (std::vector<uint8_t>{1, 2, 3, 255}));
  const size_t last = (58 * 64 + 63) * 4;
  EXPECT_EQ(std::vector<uint8_t>(p->rgba.begin() + last, p->rgba.begin() + last + 4),
            (std::vector<uint8_t>{0xaa, 0xbb, 0xcc, 255}));

  // Explicit: 2 x 1.
  p = ReadRawPicture(std::vector<uint8_t>{9, 8, 7, 6, 5, 4}, "ANY.RAW", PictureSize{2, 1});
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->rgba, (std::vector<uint8_t>{9, 8, 7, 255, 6, 5, 4, 255}));
}

TEST(GtaPicture, ReadsRatWithItsPalette) {
  // F_PLAYN: 180 x 50 = 9,000 indices.
  std::vector<uint8_t> bytes(180 * 50, 0);
  bytes[1] = 2;
  bytes[8999] = 255;
  absl::StatusOr<image::IndexedPicture> p = ReadRatPicture(bytes, "F_PLAYN.RAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->width, 180);
  EXPECT_EQ(p->height, 50);
  EXPECT_EQ(p->index[1], 2);
  EXPECT_EQ(p->index[8999], 255);
  EXPECT_EQ(p->opaque, std::vector<uint8_t>(9000, 1));

  std::vector<uint8_t> pal(768, 0);
  pal[6] = 0x11, pal[7] = 0x22, pal[8] = 0x33;        // colour 2
  pal[765] = 0xf0, pal[766] = 0xf1, pal[767] = 0xf2;  // colour 255
  absl::StatusOr<palette::Palette> palette = ReadRgbPalette(pal, "F_PAL.RAW");
  ASSERT_TRUE(palette.ok());
  EXPECT_EQ(palette->colors[2], (palette::Rgb{0x11, 0x22, 0x33}));
  image::RgbaPicture rgba = RatToRgba(*p, *palette);
  EXPECT_EQ(std::vector<uint8_t>(rgba.rgba.begin(), rgba.rgba.begin() + 8),
            (std::vector<uint8_t>{0, 0, 0, 255, 0x11, 0x22, 0x33, 255}));
  EXPECT_EQ(std::vector<uint8_t>(rgba.rgba.end() - 4, rgba.rgba.end()),
            (std::vector<uint8_t>{0xf0, 0xf1, 0xf2, 255}));

  p = ReadRatPicture(std::vector<uint8_t>{1, 2, 3, 4, 5, 6}, "X.RAT", PictureSize{3, 2});
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->index, (std::vector<uint8_t>{1, 2, 3, 4, 5, 6}));
}

TEST(GtaPicture, WrongSizesAreErrors) {
  absl::StatusOr<image::RgbaPicture> raw =
      ReadRawPicture(std::vector<uint8_t>(64 * 59 * 3 - 1), "F_RSTAR.RAW");
  ASSERT_FALSE(raw.ok());
  EXPECT_EQ(raw.status().message(),
            "F_RSTAR.RAW: a 64 x 59 RAW (24-bit RGB) picture is 11328 bytes (3 a pixel), the "
            "file is 11327");
  // A RAT's size is not a RAW's.
  raw = ReadRawPicture(std::vector<uint8_t>(64 * 59), "F_RSTAR.RAW");
  EXPECT_FALSE(raw.ok());
  absl::StatusOr<image::IndexedPicture> rat =
      ReadRatPicture(std::vector<uint8_t>(640 * 480 + 1), "CUT2.RAT");
  ASSERT_FALSE(rat.ok());
  EXPECT_TRUE(absl::StrContains(rat.status().message(), "is 307200 bytes (1 a pixel), the file "
                                                        "is 307201"))
      << rat.status();
  // Unknown name, no size.
  rat = ReadRatPicture(std::vector<uint8_t>(4), "MYSTERY.RAT");
  ASSERT_FALSE(rat.ok());
  EXPECT_TRUE(absl::StrContains(rat.status().message(), "give it")) << rat.status();
  // Nonsense explicit sizes.
  EXPECT_FALSE(ReadRatPicture({}, "X.RAT", PictureSize{0, 5}).ok());
  EXPECT_FALSE(ReadRawPicture({}, "X.RAW", PictureSize{-1, -1}).ok());
  EXPECT_FALSE(ReadRgbPalette(std::vector<uint8_t>(767), "CUT0.ACT").ok());
}

}  // namespace
}  // namespace kbot::gta
