// The TA3D truecolor GAF (version 0x00010101): every frame's data is a u32
// byte count and a zlib stream of RGB (TransparencyIndex 0) or RGBA pixels.
// Fixtures are laid out byte by byte: the streams are stored deflate blocks
// built by hand (tests/support/gaf_bytes.h), so neither kbot's writer nor a
// compressor stands between the test and the layout. One fixture also goes
// through zlib's own compressor, as TA3D's files do.
#include <zlib.h>

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/gaf_writer.h"
#include "formats/gaf/render.h"
#include "formats/gaf/ta3d_frame.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/support/expect_picture.h"
#include "tests/support/gaf_bytes.h"

namespace kbot::gaf {
namespace {

using ::kbot::testing::AsBytes;
using ::kbot::testing::FixtureFrame;
using ::kbot::testing::FixtureSequence;
using ::kbot::testing::LayOutGaf;
using ::kbot::testing::StoredZlib;
using ::kbot::testing::Ta3dData;
using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

// A frame of a TA3D file: storage byte 1, as TA3D's writer stores it.
FixtureFrame Ta3dFrame(uint16_t w, uint16_t h, int16_t ox, int16_t oy, uint8_t transparency,
                       std::vector<uint8_t> data, uint32_t duration = 1) {
  FixtureFrame f;
  f.width = w;
  f.height = h;
  f.origin_x = ox;
  f.origin_y = oy;
  f.transparency = transparency;
  f.storage = 1;
  f.duration = duration;
  f.payload = std::move(data);
  return f;
}

// 2 x 2 RGB: (10,20,30) (40,50,60) / (70,80,90) (100,110,120).
const std::vector<uint8_t> kRgbPixels = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120};
// 3 x 1 RGBA: opaque red, half-transparent green, invisible blue.
const std::vector<uint8_t> kRgbaPixels = {255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0};

std::vector<uint8_t> OneFrameFile(const FixtureFrame& frame) {
  return LayOutGaf({FixtureSequence{"s", 1, 0, {frame}}}, kVersionTa3dTruecolor).bytes;
}

absl::StatusOr<FramePicture> RenderOnly(const std::vector<uint8_t>& bytes,
                                        Warnings* warnings = nullptr) {
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(bytes), "ui.gaf");
  if (!gaf.ok()) return gaf.status();
  return RenderFrame(AsBytes(bytes), gaf->sequences.at(0).frames.at(0).info, Transparency::Game(),
                     FrameLocation{"ui.gaf", 0, 0}, warnings);
}

TEST(Ta3dGaf, TheStoredZlibFixtureIsWhatZlibReads) {
  // The hand-made stream: 78 01, final stored block of 12 bytes (LEN 0c 00,
  // NLEN f3 ff), the pixels, then Adler-32 big-endian.
  const std::vector<uint8_t> stream = StoredZlib(kRgbPixels);
  ASSERT_EQ(stream.size(), 2u + 5 + 12 + 4);
  EXPECT_THAT(std::vector<uint8_t>(stream.begin(), stream.begin() + 7),
              ElementsAre(0x78, 0x01, 0x01, 0x0c, 0x00, 0xf3, 0xff));
  // Adler-32: a = 1 + 780 = 781 = 0x30d; b, the sum of the 12 running a's,
  // = 12 + (10 + 30 + 60 + ... + 780) = 12 + 3640 = 3652 = 0xe44.
  EXPECT_THAT(std::vector<uint8_t>(stream.end() - 4, stream.end()),
              ElementsAre(0x0e, 0x44, 0x03, 0x0d));
  std::vector<uint8_t> out(12);
  uLongf size = out.size();
  ASSERT_EQ(uncompress(out.data(), &size, stream.data(), stream.size()), Z_OK);
  EXPECT_EQ(out, kRgbPixels);
}

TEST(Ta3dGaf, ReadsTheVariantAndNamesEachFramesStorage) {
  FixtureFrame layered = Ta3dFrame(1, 1, 0, 0, 0, Ta3dData(StoredZlib({1, 2, 3})));
  layered.layer_count = 2;  // TA3D never follows a layer table in this variant
  const std::vector<uint8_t> bytes = LayOutGaf(
      {FixtureSequence{"icons", 1, 0,
                       {Ta3dFrame(2, 2, 0, 0, 0, Ta3dData(StoredZlib(kRgbPixels))),
                        Ta3dFrame(3, 1, 0, 0, 1, Ta3dData(StoredZlib(kRgbaPixels))), layered}}},
      kVersionTa3dTruecolor).bytes;
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(bytes), "ui.gaf");
  ASSERT_TRUE(gaf.ok()) << gaf.status();
  EXPECT_EQ(gaf->version, 0x00010101u);
  EXPECT_EQ(gaf->variant, Variant::kTa3dTruecolor);
  EXPECT_EQ(VariantName(gaf->variant), "ta3d-truecolor");
  const Sequence& seq = gaf->sequences.at(0);
  EXPECT_EQ(seq.frames[0].info.storage(), Storage::kZlibRgb);
  EXPECT_EQ(StorageName(seq.frames[0].info.storage()), "zlib-rgb");
  EXPECT_EQ(seq.frames[0].info.storage_byte, 1);
  EXPECT_EQ(seq.frames[1].info.storage(), Storage::kZlibRgba);
  EXPECT_EQ(StorageName(seq.frames[1].info.storage()), "zlib-rgba");
  EXPECT_TRUE(seq.frames[1].info.truecolor());
  EXPECT_FALSE(seq.frames[2].info.layered());
  EXPECT_EQ(seq.frames[2].info.layer_count, 2);  // kept as stored
  // No "unexpected version" warning; one for the ignored layer count.
  EXPECT_THAT(gaf->warnings,
              ElementsAre("sequence 0 frame 2: layer count 2 ignored: a TA3D truecolor frame is "
                          "one zlib image"));
}

TEST(Ta3dGaf, TheStandardVersionsAreNotTheVariant) {
  FixtureFrame raw;
  raw.width = raw.height = 1;
  raw.payload = {7};
  for (uint32_t version : {0x00010100u, 0u}) {
    absl::StatusOr<Gaf> gaf =
        ReadGaf(AsBytes(LayOutGaf({FixtureSequence{"s", 1, 0, {raw}}}, version).bytes), "a.gaf");
    ASSERT_TRUE(gaf.ok());
    EXPECT_EQ(gaf->variant, Variant::kStandard);
    EXPECT_EQ(gaf->sequences[0].frames[0].info.storage(), Storage::kRaw);
  }
}

TEST(Ta3dGaf, RgbFramesAreOpaqueRgba) {
  absl::StatusOr<FramePicture> pic =
      RenderOnly(OneFrameFile(Ta3dFrame(2, 2, 0, 0, 0, Ta3dData(StoredZlib(kRgbPixels)))));
  ASSERT_TRUE(pic.ok()) << pic.status();
  ASSERT_TRUE(pic->truecolor);
  EXPECT_EQ(pic->width(), 2);
  EXPECT_EQ(pic->height(), 2);
  EXPECT_THAT(pic->rgba.rgba, ElementsAre(10, 20, 30, 255, 40, 50, 60, 255,  //
                                          70, 80, 90, 255, 100, 110, 120, 255));
}

TEST(Ta3dGaf, RgbaFramesKeepTheirAlpha) {
  absl::StatusOr<FramePicture> pic =
      RenderOnly(OneFrameFile(Ta3dFrame(3, 1, 0, 0, 9, Ta3dData(StoredZlib(kRgbaPixels)))));
  ASSERT_TRUE(pic.ok()) << pic.status();
  EXPECT_EQ(pic->rgba.rgba, kRgbaPixels);
}

TEST(Ta3dGaf, StreamsOfZlibsOwnCompressorReadAsTa3dWritesThem) {
  // 40 x 30 RGBA, a gradient: what compress2 at level 9 (TA3D's writer) makes
  // of it is Huffman-coded (block type bits of the first byte after the
  // header not 00), not stored.
  std::vector<uint8_t> pixels;
  for (int y = 0; y < 30; ++y) {
    for (int x = 0; x < 40; ++x) {
      pixels.insert(pixels.end(), {uint8_t(x * 6), uint8_t(y * 8), uint8_t(x ^ y), 255});
    }
  }
  std::vector<uint8_t> stream(compressBound(pixels.size()));
  uLongf size = stream.size();
  ASSERT_EQ(compress2(stream.data(), &size, pixels.data(), pixels.size(), 9), Z_OK);
  stream.resize(size);
  ASSERT_LT(stream.size(), pixels.size());
  ASSERT_NE(stream[2] & 0x06, 0);
  absl::StatusOr<FramePicture> pic =
      RenderOnly(OneFrameFile(Ta3dFrame(40, 30, 0, 0, 1, Ta3dData(stream))));
  ASSERT_TRUE(pic.ok()) << pic.status();
  EXPECT_EQ(pic->rgba.rgba, pixels);
}

TEST(Ta3dGaf, ASequenceIsAnRgbaAnimationAlignedOnOrigins) {
  const std::vector<uint8_t> bytes =
      LayOutGaf({FixtureSequence{
                    "build", 1, 0,
                    {Ta3dFrame(2, 2, 1, 1, 0, Ta3dData(StoredZlib(kRgbPixels)), 3),
                     Ta3dFrame(3, 1, 0, 0, 1, Ta3dData(StoredZlib(kRgbaPixels)), 0x10002)}}},
                kVersionTa3dTruecolor).bytes;
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(bytes), "ui.gaf");
  ASSERT_TRUE(gaf.ok()) << gaf.status();
  Warnings warnings;
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(bytes), *gaf, 0, Transparency::Game(), "ui.gaf", &warnings);
  ASSERT_TRUE(anim.ok()) << anim.status();
  ASSERT_TRUE(anim->truecolor);
  // Frame 0 covers (-1..1, -1..1), frame 1 (0..3, 0..1): the canvas is 4 x 2.
  EXPECT_EQ(anim->width(), 4);
  EXPECT_EQ(anim->height(), 2);
  EXPECT_EQ(anim->origin_x, 1);
  EXPECT_EQ(anim->origin_y, 1);
  EXPECT_THAT(anim->rgba.ticks, ElementsAre(3, 2));
  // Frame 1 sits at (1, 1): its red pixel is canvas pixel (1, 1).
  const std::vector<uint8_t>& f1 = anim->rgba.frames[1].rgba;
  EXPECT_THAT(std::vector<uint8_t>(f1.begin() + 4 * 5, f1.begin() + 4 * 8),
              ElementsAreArray(kRgbaPixels));
  EXPECT_THAT(std::vector<uint8_t>(f1.begin(), f1.begin() + 4), ElementsAre(0, 0, 0, 0));
  EXPECT_TRUE(warnings.empty());
}

// Every hostile form is an error naming the file, the frame and what is wrong.
std::string ErrorOf(const FixtureFrame& frame) {
  absl::StatusOr<FramePicture> pic = RenderOnly(OneFrameFile(frame));
  EXPECT_FALSE(pic.ok());
  return pic.ok() ? "" : std::string(pic.status().message());
}

TEST(Ta3dGaf, AStreamThatInflatesPastTheFrameIsRefused) {
  std::vector<uint8_t> five_pixels = kRgbPixels;
  five_pixels.insert(five_pixels.end(), {1, 2, 3});
  EXPECT_THAT(ErrorOf(Ta3dFrame(2, 2, 0, 0, 0, Ta3dData(StoredZlib(five_pixels)))),
              HasSubstr("ui.gaf: sequence 0 frame 0: the zlib stream at 0x"));
  EXPECT_THAT(ErrorOf(Ta3dFrame(2, 2, 0, 0, 0, Ta3dData(StoredZlib(five_pixels)))),
              HasSubstr("(26 bytes) inflates past 2 x 2 x 3 = 12 bytes"));
}

TEST(Ta3dGaf, AStreamThatInflatesShortIsRefused) {
  const std::vector<uint8_t> three(kRgbPixels.begin(), kRgbPixels.begin() + 9);
  EXPECT_THAT(ErrorOf(Ta3dFrame(2, 2, 0, 0, 0, Ta3dData(StoredZlib(three)))),
              HasSubstr("inflates to 9 bytes, not 2 x 2 x 3 = 12 bytes"));
}

TEST(Ta3dGaf, ATruncatedStreamIsRefused) {
  std::vector<uint8_t> stream = StoredZlib(kRgbPixels);
  stream.resize(stream.size() - 8);  // cut inside the pixels
  EXPECT_THAT(ErrorOf(Ta3dFrame(2, 2, 0, 0, 0, Ta3dData(stream))),
              HasSubstr("is cut short: it ends after inflating 8 of 2 x 2 x 3 = 12 bytes"));
}

TEST(Ta3dGaf, CorruptZlibDataIsRefused) {
  std::vector<uint8_t> stream = StoredZlib(kRgbPixels);
  stream[stream.size() - 1] ^= 0xff;  // the Adler-32
  EXPECT_THAT(ErrorOf(Ta3dFrame(2, 2, 0, 0, 0, Ta3dData(stream))),
              HasSubstr("is not valid zlib data after 12 bytes: incorrect data check"));
  stream = StoredZlib(kRgbPixels);
  stream[0] = 0x77;  // not deflate
  EXPECT_THAT(ErrorOf(Ta3dFrame(2, 2, 0, 0, 0, Ta3dData(stream))),
              HasSubstr("is not valid zlib data after 0 bytes"));
}

TEST(Ta3dGaf, AByteCountPastTheFileIsRefused) {
  std::vector<uint8_t> data = Ta3dData(StoredZlib(kRgbPixels));
  data[0] = 200;  // 200 bytes claimed, 23 there
  EXPECT_THAT(ErrorOf(Ta3dFrame(2, 2, 0, 0, 0, data)),
              HasSubstr("the zlib stream of 200 bytes at 0x"));
  EXPECT_THAT(ErrorOf(Ta3dFrame(2, 2, 0, 0, 0, data)),
              HasSubstr("runs past the end of the file (23 bytes left)"));
  EXPECT_THAT(ErrorOf(Ta3dFrame(2, 2, 0, 0, 0, {1, 0})),
              HasSubstr("the zlib byte count at 0x"));
}

TEST(Ta3dGaf, AFrameItsStreamCannotHoldIsRefusedBeforeAllocating) {
  // 8000 x 8000 RGBA is 256 MB; 23 bytes of zlib inflate to at most 23 KB.
  EXPECT_THAT(ErrorOf(Ta3dFrame(8000, 8000, 0, 0, 1, Ta3dData(StoredZlib(kRgbPixels)))),
              HasSubstr("a zlib stream of 23 bytes cannot inflate to 8000 x 8000 x 4 = "
                        "256000000 bytes (zlib expands at most 1032 times)"));
}

TEST(Ta3dGaf, BytesAfterTheStreamAreAWarning) {
  std::vector<uint8_t> stream = StoredZlib(kRgbPixels);
  stream.insert(stream.end(), {0, 0, 0});
  Warnings warnings;
  absl::StatusOr<FramePicture> pic =
      RenderOnly(OneFrameFile(Ta3dFrame(2, 2, 0, 0, 0, Ta3dData(stream))), &warnings);
  ASSERT_TRUE(pic.ok()) << pic.status();
  EXPECT_THAT(warnings, ElementsAre("ui.gaf: sequence 0 frame 0: 3 byte(s) after the end of the "
                                    "zlib stream, inside its count; ignored"));
}

TEST(Ta3dGaf, TheWriterLaysOutWhatTheReaderReads) {
  FrameToWrite rgb;
  rgb.width = 2, rgb.height = 2, rgb.transparency = 0, rgb.duration = 4;
  for (size_t i = 0; i < kRgbPixels.size(); i += 3) {
    rgb.rgba.insert(rgb.rgba.end(), {kRgbPixels[i], kRgbPixels[i + 1], kRgbPixels[i + 2], 255});
  }
  FrameToWrite rgba;
  rgba.width = 3, rgba.height = 1, rgba.transparency = 1, rgba.origin_x = -2;
  rgba.rgba = kRgbaPixels;
  absl::StatusOr<std::vector<uint8_t>> bytes =
      WriteGaf({SequenceToWrite{"icons", 1, 0, {rgb, rgba}}}, Variant::kTa3dTruecolor);
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  EXPECT_THAT(std::vector<uint8_t>(bytes->begin(), bytes->begin() + 4),
              ElementsAre(0x01, 0x01, 0x01, 0x00));
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(*bytes), "w.gaf");
  ASSERT_TRUE(gaf.ok()) << gaf.status();
  const FrameInfo& a = gaf->sequences[0].frames[0].info;
  const FrameInfo& b = gaf->sequences[0].frames[1].info;
  EXPECT_EQ(a.storage(), Storage::kZlibRgb);
  EXPECT_EQ(a.storage_byte, 1);
  EXPECT_EQ(b.storage(), Storage::kZlibRgba);
  EXPECT_EQ(b.origin_x, -2);
  // The RGB frame's stream holds 3 bytes a pixel.
  const uint32_t count = LoadU32(bytes->data() + a.data_offset);
  std::vector<uint8_t> raw(12);
  uLongf size = raw.size();
  ASSERT_EQ(uncompress(raw.data(), &size, bytes->data() + a.data_offset + 4, count), Z_OK);
  EXPECT_EQ(raw, kRgbPixels);
  absl::StatusOr<FramePicture> pic =
      RenderFrame(AsBytes(*bytes), b, Transparency::Game(), FrameLocation{"w.gaf", 0, 1}, nullptr);
  ASSERT_TRUE(pic.ok()) << pic.status();
  EXPECT_EQ(pic->rgba.rgba, kRgbaPixels);
}

TEST(Ta3dGaf, TheWriterRefusesWhatTheVariantCannotHold) {
  FrameToWrite rgb;
  rgb.width = 3, rgb.height = 1, rgb.transparency = 0;
  rgb.rgba = kRgbaPixels;  // not all opaque
  absl::StatusOr<std::vector<uint8_t>> bytes =
      WriteGaf({SequenceToWrite{"s", 1, 0, {rgb}}}, Variant::kTa3dTruecolor);
  ASSERT_FALSE(bytes.ok());
  EXPECT_THAT(bytes.status().message(),
              HasSubstr("sequence 0 frame 0: pixel (1, 0) is not opaque, but transparency 0 "
                        "makes the frame RGB"));
  FrameToWrite paletted;
  paletted.width = paletted.height = 1;
  paletted.index = {1};
  paletted.opaque = {1};
  bytes = WriteGaf({SequenceToWrite{"s", 1, 0, {paletted}}}, Variant::kTa3dTruecolor);
  ASSERT_FALSE(bytes.ok());
  EXPECT_THAT(bytes.status().message(), HasSubstr("holds only RGB(A) frames"));
}

}  // namespace
}  // namespace kbot::gaf
