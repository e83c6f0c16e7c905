// FormatError (formats/common/format_error.h): the one message shape, the
// values kept in the status, and what the readers put in them for files
// built byte by byte.
#include "formats/common/format_error.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/cord.h"
#include "formats/gaf/frame_decode.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/run_decode.h"
#include "formats/gta/cmp.h"
#include "formats/gta/font.h"
#include "formats/hpi/hpi.h"
#include "gtest/gtest.h"
#include "tests/support/gaf_bytes.h"
#include "tests/support/gta_bytes.h"
#include "tests/support/hpi_bytes.h"

namespace kbot {
namespace {

FormatError Located() { return {"NYC.CMP", "nav record 4", 0x4012c, "truncated"}; }

// --- The message ------------------------------------------------------------

TEST(FormatError, MessageNamesTheFileTheStructureAndTheOffset) {
  EXPECT_EQ(FormatErrorMessage(Located()), "NYC.CMP: nav record 4 at 0x4012c: truncated");
}

TEST(FormatError, MessageLeavesOutWhatIsNotThere) {
  FormatError e = Located();
  e.offset.reset();
  EXPECT_EQ(FormatErrorMessage(e), "NYC.CMP: nav record 4: truncated");
  e.structure.clear();
  EXPECT_EQ(FormatErrorMessage(e), "NYC.CMP: truncated");
  e.offset = 0;
  EXPECT_EQ(FormatErrorMessage(e), "NYC.CMP: at 0x0: truncated");
  e = Located();
  e.file.clear();
  EXPECT_EQ(FormatErrorMessage(e), "nav record 4 at 0x4012c: truncated");
}

TEST(FormatError, DetailNamingTheOffsetIsNotRepeated) {
  const FormatError e{"t.gaf", "sequence 0 frame 0: row 1", 0x5c,
                      "literal chunk at 0x5c needs 5 byte(s)", true};
  EXPECT_EQ(FormatErrorMessage(e), "t.gaf: sequence 0 frame 0: row 1: literal chunk at 0x5c "
                                   "needs 5 byte(s)");
  FormatError no_structure = e;
  no_structure.structure.clear();
  EXPECT_EQ(FormatErrorMessage(no_structure), "t.gaf: literal chunk at 0x5c needs 5 byte(s)");
}

TEST(FormatError, ShorthandsMakeTheSameMessages) {
  EXPECT_EQ(ErrorAt("a.fon", "glyph 1 of 2", 9, "its width byte is past the end").message(),
            "a.fon: glyph 1 of 2 at 0x9: its width byte is past the end");
  EXPECT_EQ(ErrorNamingOffset("x.hpi", "f", 0x31, "100 stored bytes at 0x31 run past").message(),
            "x.hpi: f: 100 stored bytes at 0x31 run past");
  EXPECT_EQ(ErrorIn("t.csv", "line 3", "text after a closing quote").message(),
            "t.csv: line 3: text after a closing quote");
}

// --- The values -------------------------------------------------------------

TEST(FormatError, StatusIsInvalidArgumentWithTheMessage) {
  const absl::Status s = FormatErrorStatus(Located());
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "NYC.CMP: nav record 4 at 0x4012c: truncated");
  EXPECT_TRUE(s.GetPayload(kFormatErrorTypeUrl).has_value());
}

TEST(FormatError, ValuesRoundTrip) {
  const FormatError cases[] = {
      Located(),
      {"t.gaf", "sequence 0 frame 0", 0x5c, "chunk at 0x5c needs 5", true},
      {"t.csv", "line 3", std::nullopt, "text after a closing quote"},
      {"", "", 0, ""},
      {"", "", std::nullopt, ""},
      {"a:b,c", "3:x,", std::numeric_limits<uint64_t>::max(), std::string("nul\0here", 8)},
      {"12:", ",,,", 12, "1:a,"},
  };
  for (const FormatError& e : cases) {
    std::optional<FormatError> back = GetFormatError(FormatErrorStatus(e));
    ASSERT_TRUE(back.has_value()) << FormatErrorMessage(e);
    EXPECT_EQ(*back, e) << FormatErrorMessage(e);
  }
}

TEST(FormatError, ShorthandValues) {
  EXPECT_EQ(GetFormatError(ErrorAt("a", "b", 7, "c")), (FormatError{"a", "b", 7, "c", false}));
  EXPECT_EQ(GetFormatError(ErrorNamingOffset("a", "b", 7, "c at 0x7")),
            (FormatError{"a", "b", 7, "c at 0x7", true}));
  EXPECT_EQ(GetFormatError(ErrorIn("a", "b", "c")),
            (FormatError{"a", "b", std::nullopt, "c", false}));
}

TEST(FormatError, ValuesSurviveACopy) {
  absl::Status copy = FormatErrorStatus(Located());
  const absl::Status again = copy;
  EXPECT_EQ(GetFormatError(again), Located());
}

TEST(FormatError, OtherStatusesHaveNoValues) {
  EXPECT_FALSE(GetFormatError(absl::OkStatus()).has_value());
  EXPECT_FALSE(GetFormatError(absl::InvalidArgumentError("t.gaf: x")).has_value());
  absl::Status other_code(absl::StatusCode::kNotFound, "x");
  other_code.SetPayload(kFormatErrorTypeUrl,
                        absl::Cord(FormatErrorStatus(Located()).GetPayload(kFormatErrorTypeUrl)
                                       .value()));
  EXPECT_FALSE(GetFormatError(other_code).has_value());
}

TEST(FormatError, MalformedPayloadHasNoValues) {
  for (const char* payload : {"", "7:NYC.CMP,", "7:NYC.CMP,0:,0:,0:,0:,",
                              "1:a,1:b,2:xy,1:0,1:c,", "1:a,1:b,1:7,1:2,1:c,",
                              "1:a,1:b,1:7,1:0,1:c,extra", "9:a,1:b,1:7,1:0,1:c,",
                              "1:a;1:b,1:7,1:0,1:c,", "x:a,1:b,1:7,1:0,1:c,"}) {
    absl::Status s = absl::InvalidArgumentError("x");
    s.SetPayload(kFormatErrorTypeUrl, absl::Cord(payload));
    EXPECT_FALSE(GetFormatError(s).has_value()) << payload;
  }
  absl::Status good = absl::InvalidArgumentError("x");
  good.SetPayload(kFormatErrorTypeUrl, absl::Cord("1:a,1:b,1:7,1:0,1:c,"));
  EXPECT_EQ(GetFormatError(good), (FormatError{"a", "b", 7, "c"}));
}

// --- What the readers keep --------------------------------------------------

TEST(FormatErrorOfReaders, CityMapBlockIndex) {
  testing::CmpFile f;
  f.AddBlock(0, 0, 0, 0, 0, 0, 0);
  const uint32_t column = f.AddColumn(5, {1});  // one block: index 1 is past it
  f.SetCell(3, 4, column);
  const std::vector<uint8_t> bytes = f.Bytes();
  const absl::Status s = gta::ReadCityMap(bytes, "BAD.CMP").status();
  // The index is the word after the height: header, base, then the column.
  const uint64_t at = 28 + 0x40000 + column + 2;
  EXPECT_EQ(GetFormatError(s), (FormatError{"BAD.CMP", "cell (3, 4) z 5", at,
                                            "block index 1 is past the 1 blocks (column " +
                                                Hex(column) + ")"}));
  EXPECT_EQ(s.message(), "BAD.CMP: cell (3, 4) z 5 at " + Hex(at) +
                             ": block index 1 is past the 1 blocks (column " + Hex(column) + ")");
}

TEST(FormatErrorOfReaders, FontGlyph) {
  // 2 glyphs of height 3; glyph 1's width byte at 0x9 is the last byte.
  const std::vector<uint8_t> bytes = {2, 3, 2, 0, 1, 2, 3, 4, 5, 1};
  const absl::Status s = gta::ReadFont(bytes, "BAD.FON", gta::FontKind::kText).status();
  EXPECT_EQ(GetFormatError(s), (FormatError{"BAD.FON", "glyph 1 of 2", 9,
                                            "1 x 3 = 3 pixels from 0xa run past the end of the "
                                            "file at 0xa"}));
}

TEST(FormatErrorOfReaders, GafRowChunk) {
  // Row 0 of a 2 x 1 run-encoded frame: lineLength 2, a literal of 2 pixels
  // (mask 0x04) with 1 byte left in the row.
  testing::FixtureFrame frame{.width = 2, .height = 1, .storage = 1};
  frame.payload = {2, 0, 0x04, 7};
  const testing::FixtureLayout l =
      testing::LayOutGaf({testing::FixtureSequence{"s", 1, 0, {frame}}});
  absl::StatusOr<gaf::Gaf> g = gaf::ReadGaf(l.bytes, "t.gaf");
  ASSERT_TRUE(g.ok()) << g.status();
  const absl::Status s = gaf::DecodeRunEncodedFrame(l.bytes, g->sequences[0].frames[0].info,
                                                    gaf::FrameLocation{"t.gaf", 0, 0}, nullptr)
                             .status();
  const uint64_t chunk = l.data_offsets[0][0] + 2;
  EXPECT_EQ(GetFormatError(s),
            (FormatError{"t.gaf", "sequence 0 frame 0: row 0", chunk,
                         "literal chunk at " + Hex(chunk) +
                             " needs 2 byte(s), the row has 1 left of its lineLength 2",
                         true}));
  EXPECT_EQ(s.message(), "t.gaf: sequence 0 frame 0: row 0: literal chunk at " + Hex(chunk) +
                             " needs 2 byte(s), the row has 1 left of its lineLength 2");
}

TEST(FormatErrorOfReaders, HpiEntryPastTheEnd) {
  std::vector<uint8_t> bytes = testing::FlatHpiV1({{"f", testing::BytesOf("hello")}});
  absl::StatusOr<hpi::HpiArchive> whole = hpi::OpenHpi(bytes, "bad.hpi");
  ASSERT_TRUE(whole.ok()) << whole.status();
  const uint32_t data = whole->entries[0].data_offset;
  bytes.pop_back();
  const absl::Status s = hpi::OpenHpi(bytes, "bad.hpi").status();
  EXPECT_EQ(GetFormatError(s), (FormatError{"bad.hpi", "f", data,
                                            "5 stored bytes at " + Hex(data) +
                                                " run past the end of the file at " +
                                                Hex(bytes.size()),
                                            true}));
}

}  // namespace
}  // namespace kbot
