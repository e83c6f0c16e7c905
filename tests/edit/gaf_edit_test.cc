// gaf_dump, gaf_build and gaf_roundtrip over fixtures laid out byte by byte.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "edit/gaf_build.h"
#include "edit/gaf_dump.h"
#include "edit/gaf_roundtrip.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/gaf_writer.h"
#include "formats/gaf/render.h"
#include "formats/image/png_encode.h"
#include "formats/palette/palette.h"
#include "tests/support/decode_image.h"
#include "tests/support/gaf_bytes.h"

namespace kbot::edit {
namespace {

namespace fs = std::filesystem;
using testing::Concat;
using testing::FixtureFrame;
using testing::FixtureSequence;
using testing::Literal;
using testing::Repeat;
using testing::Row;
using testing::Skip;

class GafEdit : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("kbot-edit-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  static std::string Read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  static void WriteFile(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
  }
  static void WriteFile(const fs::path& p, const std::vector<uint8_t>& bytes) {
    std::ofstream(p, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  }

  json Dump(const std::vector<uint8_t>& gaf, const std::string& folder = "dump") {
    DumpRequest req;
    req.target = (dir_ / folder).string();
    absl::StatusOr<json> out = GafDump(Asset{"t.gaf", gaf}, req);
    EXPECT_TRUE(out.ok()) << out.status();
    return out.ok() ? *out : json();
  }

  absl::StatusOr<BuiltGaf> Build(const std::string& target = "out.gaf",
                                 const std::string& folder = "dump") {
    BuildRequest req;
    req.dir = (dir_ / folder).string();
    req.target = target;
    return BuildGafBytes(req);
  }

  fs::path dir_;
};

// Every case of the GAF core in one file.
std::vector<uint8_t> CoreCases() {
  FixtureFrame rle{.width = 6, .height = 3, .origin_x = -2, .origin_y = 7, .transparency = 9,
                   .storage = 1, .blend = 3, .duration = 0};
  rle.payload = Concat({Row({Skip(1), Repeat(2, 9), Literal({0, 5, 6})}),   // key drawn, black
                        Row({Literal({1, 2})}),                             // short row
                        Row({Repeat(64, 4)})});                             // clipped run
  FixtureFrame raw{.width = 3, .height = 2, .origin_x = 1, .origin_y = 1, .transparency = 7,
                   .storage = 0, .duration = 0x00010005};
  raw.payload = {7, 1, 2, 3, 7, 0};
  FixtureFrame empty{.width = 0, .height = 5, .storage = 1, .duration = 2};
  FixtureFrame layer_a{.width = 2, .height = 1, .origin_x = 1, .transparency = 0, .storage = 0};
  layer_a.payload = {11, 12};
  FixtureFrame layer_b{.width = 1, .height = 1, .transparency = 0, .storage = 1, .blend = 1};
  layer_b.payload = Row({Literal({13})});
  FixtureFrame layered{.width = 3, .height = 2, .origin_x = 1, .origin_y = 0, .transparency = 2,
                       .layer_count = 2, .duration = 4};
  layered.layers = {layer_a, layer_b};
  FixtureFrame argb4444{.width = 2, .height = 1, .storage = 4, .duration = 3};
  argb4444.payload = {0x0f, 0xf0, 0x21, 0x84};
  FixtureFrame argb1555{.width = 2, .height = 1, .storage = 5, .duration = 3};
  argb1555.payload = {0xff, 0x7f, 0x21, 0x84};
  return testing::LayOutGaf({FixtureSequence{"Spin, \"quoted\"", 1, 0, {rle, raw, empty}},
                             FixtureSequence{"once", 0x0100, 77, {layered}},
                             FixtureSequence{"glow", 1, 0, {argb4444}},
                             FixtureSequence{"flag", 1, 0, {argb1555}}})
      .bytes;
}

TEST_F(GafEdit, RoundTripKeepsWhatTheGameReads) {
  const std::vector<uint8_t> gaf = CoreCases();
  const json report = GafRoundtripFile(Asset{"anims/t.gaf", gaf});
  EXPECT_TRUE(report["ok"].get<bool>()) << report.dump();
  EXPECT_EQ(report["sequences"], 4);
  EXPECT_EQ(report["frames"], 6);
  EXPECT_EQ(report["flattened"], 1);
}

TEST_F(GafEdit, DumpWritesTheLayout) {
  const json out = Dump(CoreCases());
  EXPECT_EQ(out["flattened"], 1);
  EXPECT_EQ(out["images"], 5);  // the empty frame has none
  const fs::path seq = dir_ / "dump" / out["sequences"][0]["folder"].get<std::string>();
  EXPECT_EQ(out["sequences"][0]["folder"], "Spin_ _quoted_");
  EXPECT_EQ(Read(seq / "sequence.csv"),
            "index,name,loop_flags,unknown4\n0,\"Spin, \"\"quoted\"\"\",1,0\n");
  EXPECT_EQ(Read(seq / "frames.csv"),
            "frame,width,height,origin_x,origin_y,transparency,duration_ticks,duration_sec,"
            "storage,blend\n"
            "0,6,3,-2,7,9,0,0.033,compressed,3\n"
            "1,3,2,1,1,7,65541,0.167,raw,0\n"
            "2,0,5,0,0,0,2,0.067,compressed,0\n");
  EXPECT_TRUE(fs::exists(seq / "0.png"));
  EXPECT_FALSE(fs::exists(seq / "2.png"));
  EXPECT_TRUE(fs::exists(seq / "animated.png"));
  // The image keeps every index; only the skipped pixel is transparent.
  const std::string image = Read(seq / "0.png");
  absl::StatusOr<testing::DecodedPng> png =
      testing::DecodePng(std::vector<uint8_t>(image.begin(), image.end()));
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->index[1], 9);
  EXPECT_EQ(png->alpha(1, 0), 255);
  EXPECT_EQ(png->index[3], 0);
  EXPECT_EQ(png->alpha(0, 0), 0);
}

TEST_F(GafEdit, AnEditedPixelSurvives) {
  const json out = Dump(CoreCases());
  const fs::path seq = dir_ / "dump" / out["sequences"][0]["folder"].get<std::string>();
  // Redraw frame 0 with pixel (5, 0) changed to index 200.
  const std::string bytes = Read(seq / "0.png");
  absl::StatusOr<testing::DecodedPng> png =
      testing::DecodePng(std::vector<uint8_t>(bytes.begin(), bytes.end()));
  ASSERT_TRUE(png.ok());
  image::IndexedPicture pic(6, 3, 0, 1, 9);
  pic.index = png->index;
  for (size_t i = 0; i < pic.opaque.size(); ++i) pic.opaque[i] = png->rgba[4 * i + 3] != 0;
  pic.index[5] = 200;
  absl::StatusOr<image::EncodedImage> edited =
      image::EncodeIndexedPng(pic, palette::TaPalette());
  ASSERT_TRUE(edited.ok());
  WriteFile(seq / "0.png", *edited);
  absl::StatusOr<BuiltGaf> built = Build();
  ASSERT_TRUE(built.ok()) << built.status();
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(built->bytes, "out.gaf");
  ASSERT_TRUE(gaf.ok()) << gaf.status();
  absl::StatusOr<gaf::FramePicture> frame =
      gaf::RenderFrame(built->bytes, gaf->sequences[0].frames[0].info, gaf::Transparency::Game(),
                       gaf::FrameLocation{"out.gaf"}, nullptr);
  ASSERT_TRUE(frame.ok());
  EXPECT_EQ(frame->indexed.index[5], 200);
  EXPECT_EQ(frame->indexed.index[1], 9);  // the drawn key pixel stays drawn
  EXPECT_EQ(frame->indexed.opaque[1], 1);
  EXPECT_EQ(gaf->sequences[0].name, "Spin, \"quoted\"");
}

// One sequence folder with frames.csv and an RGBA 0.png.
void WriteRgbaFolder(const fs::path& seq, const std::string& storage, uint8_t key,
                     const std::vector<uint8_t>& rgba, int w) {
  fs::create_directories(seq);
  std::ofstream(seq / "frames.csv")
      << "frame,width,height,origin_x,origin_y,transparency,duration_ticks,duration_sec,storage,"
         "blend\r\n0,"
      << w << ",1,0,0," << int(key) << ",1,0.033," << storage << ",0\r\n";
  image::RgbaPicture pic(w, 1);
  pic.rgba = rgba;
  absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(pic);
  ASSERT_TRUE(png.ok());
  std::ofstream(seq / "0.png", std::ios::binary)
      .write(reinterpret_cast<const char*>(png->data()), std::streamsize(png->size()));
}

TEST_F(GafEdit, RgbaImagesTakeTheNearestColourThatIsNotTheKey) {
  const auto& ta = palette::TaPalette().colors;
  // Pixel 0: exactly the key's colour (index 249, pure red): must become
  // another index. Pixel 1: exactly index 250. Pixel 2: alpha 0.
  WriteRgbaFolder(dir_ / "dump" / "s", "", 249,
                  {ta[249].r, ta[249].g, ta[249].b, 255, ta[250].r, ta[250].g, ta[250].b, 200,
                   1, 2, 3, 0},
                  3);
  absl::StatusOr<BuiltGaf> built = Build();
  ASSERT_TRUE(built.ok()) << built.status();
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(built->bytes, "out.gaf");
  ASSERT_TRUE(gaf.ok());
  const gaf::Sequence& seq = gaf->sequences.at(0);
  EXPECT_EQ(seq.name, "s");          // no sequence.csv: the folder name
  EXPECT_EQ(seq.loop_flags, 1);      // and the stock loop word
  absl::StatusOr<gaf::FramePicture> frame =
      gaf::RenderFrame(built->bytes, seq.frames[0].info, gaf::Transparency::Game(),
                       gaf::FrameLocation{"out.gaf"}, nullptr);
  ASSERT_TRUE(frame.ok());
  EXPECT_NE(frame->indexed.index[0], 249);
  EXPECT_EQ(frame->indexed.opaque[0], 1);
  EXPECT_EQ(frame->indexed.index[1], 250);
  EXPECT_EQ(frame->indexed.opaque[2], 0);
}

TEST_F(GafEdit, StorageDefaultsFollowTheTargetPath) {
  WriteRgbaFolder(dir_ / "dump" / "s", "", 0, {255, 255, 255, 255}, 1);
  for (const auto& [target, raw] : std::vector<std::pair<std::string, bool>>{
           {"out.gaf", false},
           {"data/Textures/Wood.GAF", true},
           {"anims\\VisMasks.gaf", true},
           {"anims/notvismasks.gaf", false},
           {"textures/sub/x.gaf", false}}) {
    absl::StatusOr<BuiltGaf> built = Build(target);
    ASSERT_TRUE(built.ok()) << built.status();
    absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(built->bytes, target);
    ASSERT_TRUE(gaf.ok());
    EXPECT_EQ(gaf->sequences[0].frames[0].info.storage() == gaf::Storage::kRaw, raw) << target;
  }
  BuildRequest req;
  req.dir = (dir_ / "dump").string();
  req.target = "textures/x.gaf";
  req.storage_override = gaf::Storage::kRunEncoded;
  absl::StatusOr<BuiltGaf> built = BuildGafBytes(req);
  ASSERT_TRUE(built.ok());
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(built->bytes, "x");
  EXPECT_EQ(gaf->sequences[0].frames[0].info.storage(), gaf::Storage::kRunEncoded);
}

TEST_F(GafEdit, SkippedAndBrokenFolders) {
  Dump(CoreCases());
  fs::create_directories(dir_ / "dump" / "notes");
  WriteFile(dir_ / "dump" / "notes" / "readme.txt", std::string("hello"));
  absl::StatusOr<BuiltGaf> built = Build();
  ASSERT_TRUE(built.ok()) << built.status();
  EXPECT_EQ(built->skipped, std::vector<std::string>{"notes"});
  ASSERT_EQ(built->warnings.size(), 1u);
  EXPECT_NE(built->warnings[0].find("notes: no sequence.csv or frames.csv; skipped"),
            std::string::npos);

  // A bad value names folder, file and line.
  const fs::path frames = dir_ / "dump" / "once" / "frames.csv";
  std::string text = Read(frames);
  text.replace(text.find("\n0,3,2"), 6, "\n0,3,x");
  WriteFile(frames, text);
  built = Build();
  ASSERT_FALSE(built.ok());
  EXPECT_EQ(built.status().message(),
            frames.string() + ": line 2: height \"x\" is not a whole number 0..65535");

  // A missing image.
  WriteFile(frames, Read(frames).replace(Read(frames).find("\n0,3,x"), 6, "\n0,3,2"));
  fs::remove(dir_ / "dump" / "once" / "0.png");
  built = Build();
  ASSERT_FALSE(built.ok());
  EXPECT_NE(built.status().message().find("once: frame 0 has no image"), std::string::npos)
      << built.status();
}

TEST_F(GafEdit, AFailedBuildLeavesTheTargetAsItWas) {
  Dump(CoreCases());
  const fs::path target = dir_ / "keep.gaf";
  WriteFile(target, std::string("old bytes"));
  fs::remove(dir_ / "dump" / "glow" / "0.png");
  BuildRequest req;
  req.dir = (dir_ / "dump").string();
  req.target = target.string();
  EXPECT_FALSE(GafBuild(req).ok());
  EXPECT_EQ(Read(target), "old bytes");
  size_t others = 0;
  for (const auto& e : fs::directory_iterator(dir_)) others += e.path().filename().string()[0] == '.';
  EXPECT_EQ(others, 0u);
}

TEST_F(GafEdit, QuotedCsvWithWindowsLineEndings) {
  WriteRgbaFolder(dir_ / "dump" / "folder", "compressed", 0, {255, 255, 255, 255}, 1);
  WriteFile(dir_ / "dump" / "folder" / "sequence.csv",
            std::string("index,name,loop_flags,unknown4\r\n0,\"a, \"\"b\"\"\",0,12\r\n"));
  absl::StatusOr<BuiltGaf> built = Build();
  ASSERT_TRUE(built.ok()) << built.status();
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(built->bytes, "out.gaf");
  ASSERT_TRUE(gaf.ok());
  EXPECT_EQ(gaf->sequences[0].name, "a, \"b\"");
  EXPECT_EQ(gaf->sequences[0].loop_flags, 0);
  EXPECT_EQ(gaf->sequences[0].unknown4, 12u);
}

TEST_F(GafEdit, TruecolorFramesComeBackToTheirExactPixels) {
  const std::vector<uint8_t> gaf = CoreCases();
  Dump(gaf);
  absl::StatusOr<BuiltGaf> built = Build();
  ASSERT_TRUE(built.ok()) << built.status();
  absl::StatusOr<gaf::Gaf> after = gaf::ReadGaf(built->bytes, "out.gaf");
  ASSERT_TRUE(after.ok());
  for (size_t s : {size_t{2}, size_t{3}}) {
    const gaf::FrameInfo& info = after->sequences[s].frames[0].info;
    ASSERT_TRUE(info.truecolor());
    const std::vector<uint8_t> stored(built->bytes.begin() + info.data_offset,
                                      built->bytes.begin() + info.data_offset + 4);
    EXPECT_EQ(stored, s == 2 ? std::vector<uint8_t>({0x0f, 0xf0, 0x21, 0x84})
                             : std::vector<uint8_t>({0xff, 0x7f, 0x21, 0x84}));
  }
}

TEST_F(GafEdit, RawStorageWarnsAboutDrawnKeyPixels) {
  const json out = Dump(CoreCases());
  const fs::path frames =
      dir_ / "dump" / out["sequences"][0]["folder"].get<std::string>() / "frames.csv";
  std::string text = Read(frames);
  text.replace(text.find("0.033,compressed"), 16, "0.033,raw");
  WriteFile(frames, text);
  absl::StatusOr<BuiltGaf> built = Build();
  ASSERT_TRUE(built.ok()) << built.status();
  ASSERT_EQ(built->warnings.size(), 1u);
  EXPECT_EQ(built->warnings[0],
            frames.string() + ": frame 0: 2 drawn pixel(s) use the key 9; a raw frame shows them "
                              "transparent");
}

// The writer's bytes for a small file, written out by hand from docs/formats/gaf.md.
TEST(GafWriterBytes, MatchBytesWrittenByHand) {
  gaf::FrameToWrite f;
  f.width = 3;
  f.height = 1;
  f.origin_x = 1;
  f.origin_y = -1;
  f.transparency = 9;
  f.storage_byte = 1;
  f.duration = 6;
  f.index = {9, 4, 4};
  f.opaque = {0, 1, 1};
  absl::StatusOr<std::vector<uint8_t>> bytes = gaf::WriteGaf({{"ab", 1, 0, {f}}});
  ASSERT_TRUE(bytes.ok());
  std::vector<uint8_t> expected = {
      0x00, 0x01, 0x01, 0x00,  1, 0, 0, 0,  0, 0, 0, 0,  // version, 1 sequence, 0
      16, 0, 0, 0,                                        // sequence at 16
      1, 0, 1, 0, 0, 0, 0, 0, 'a', 'b'};                  // 1 frame, loops, +4 0, name
  expected.resize(16 + 8 + 32, 0);
  const std::vector<uint8_t> rest = {
      64, 0, 0, 0, 6, 0, 0, 0,               // frame info at 64, duration 6
      3, 0, 1, 0, 1, 0, 0xff, 0xff,          // 3 x 1, origin (1, -1)
      9, 1, 0, 0, 0, 0, 0, 0,                // key 9, run-encoded, no layers, blend 0, +12
      88, 0, 0, 0, 0, 0, 0, 0,               // data at 88, +20
      3, 0, (1 << 1) | 1, (1 << 2) | 2, 4};  // lineLength 3: skip 1, repeat 2 x 4
  expected.insert(expected.end(), rest.begin(), rest.end());
  EXPECT_EQ(*bytes, expected);
}

}  // namespace
}  // namespace kbot::edit

namespace kbot::edit {
namespace {

TEST(SequenceFolderName, SafeOnEveryFileSystem) {
  std::vector<std::string> used;
  EXPECT_EQ(SequenceFolderName("cursormove", used), "cursormove");
  EXPECT_EQ(SequenceFolderName("CursorMove", used), "CursorMove_2");  // case-insensitive file systems
  EXPECT_EQ(SequenceFolderName("a/b\\c:d*e?f", used), "a_b_c_d_e_f");
  EXPECT_EQ(SequenceFolderName("CON", used), "CON_seq");
  EXPECT_EQ(SequenceFolderName("lpt1.txt", used), "lpt1.txt_seq");
  EXPECT_EQ(SequenceFolderName("", used), "_seq");
  EXPECT_EQ(SequenceFolderName("", used), "_seq_2");
  EXPECT_EQ(SequenceFolderName("trail. ", used), "trail._");
  EXPECT_EQ(SequenceFolderName(".hidden", used), "_hidden");
  EXPECT_EQ(SequenceFolderName("caf\xe9", used), "caf_");
}

}  // namespace
}  // namespace kbot::edit
