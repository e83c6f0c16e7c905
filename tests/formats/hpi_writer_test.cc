#include "formats/hpi/hpi_writer.h"

#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "formats/hpi/hpi.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/support/hpi_bytes.h"

namespace kbot::hpi {
namespace {

using ::kbot::testing::ByteBuilder;
using ::kbot::testing::BytesOf;
using ::testing::HasSubstr;

TEST(HpiWriter, OneStoredFileVersion1ByteForByte) {
  absl::StatusOr<std::vector<uint8_t>> out =
      WriteHpi({{"a.txt", BytesOf("hi")}}, {1, Compression::kNone});
  ASSERT_TRUE(out.ok()) << out.status();
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(52).U32(0).U32(20);  // header, key 0, start 20
  b.U32(1).U32(28);                                           // 20: root record
  b.U32(37).U32(43).U8(0);                                    // 28: entry "a.txt", file
  b.Padded("a.txt", 6);                                       // 37
  b.U32(52).U32(2).U8(0);                                     // 43: at 52, 2 bytes, stored
  b.Append(BytesOf("hi"));                                    // 52
  EXPECT_EQ(*out, b.data);
}

std::vector<HpiFileToWrite> SampleFiles() {
  std::vector<uint8_t> big(200000);
  uint32_t x = 12345;
  for (size_t i = 0; i < big.size(); ++i) {
    x = x * 1103515245 + 12345;
    big[i] = (i / 1000) % 2 ? uint8_t(x >> 24) : uint8_t("pattern!"[i % 8]);
  }
  std::vector<uint8_t> window_edge(4096 * 3 + 17);
  for (size_t i = 0; i < window_edge.size(); ++i) window_edge[i] = uint8_t(i % 4093);
  return {
      {"units/ARMCOM.FBI", BytesOf("[UNITINFO]\r\n{\r\n\tUnitName=ARMCOM;\r\n}\r\n")},
      {"anims/big.gaf", big},
      {"empty.txt", {}},
      {"anims/deeper/edge.bin", window_edge},
      {"zz.txt", BytesOf(std::string(65536, 'z'))},
      {"readme", BytesOf("a")},
  };
}

class HpiRoundTrip : public ::testing::TestWithParam<std::tuple<int, Compression>> {};

TEST_P(HpiRoundTrip, WriterOutputReadsBack) {
  const auto [version, compression] = GetParam();
  const std::vector<HpiFileToWrite> files = SampleFiles();
  absl::StatusOr<std::vector<uint8_t>> out = WriteHpi(files, {version, compression});
  ASSERT_TRUE(out.ok()) << out.status();
  absl::StatusOr<HpiArchive> a = OpenHpi(*out, "rt.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->version, version == 1 ? kVersion1 : kVersion2);
  ASSERT_EQ(a->entries.size(), files.size());
  for (size_t i = 1; i < a->entries.size(); ++i) {
    EXPECT_LT(a->entries[i - 1].path, a->entries[i].path);  // all lower-case-equal here
  }
  for (const HpiFileToWrite& f : files) {
    const HpiEntry* e = a->Find(f.path);
    ASSERT_NE(e, nullptr) << f.path;
    EXPECT_EQ(e->path, f.path);
    EXPECT_EQ(e->size, f.data.size());
    EXPECT_EQ(e->compression, f.data.empty() ? Compression::kNone : compression) << f.path;
    absl::StatusOr<std::vector<uint8_t>> data = ReadEntry(*a, *out, *e);
    ASSERT_TRUE(data.ok()) << data.status();
    EXPECT_EQ(*data, f.data) << f.path;
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllVersionsAndCompressions, HpiRoundTrip,
    ::testing::Combine(::testing::Values(1, 2),
                       ::testing::Values(Compression::kNone, Compression::kLz77,
                                         Compression::kZlib)));

TEST(HpiReader, ConcurrentReadsOfOneArchive) {
  const std::vector<HpiFileToWrite> files = SampleFiles();
  absl::StatusOr<std::vector<uint8_t>> out = WriteHpi(files, {1, Compression::kLz77});
  ASSERT_TRUE(out.ok()) << out.status();
  absl::StatusOr<HpiArchive> a = OpenHpi(*out, "mt.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  std::vector<int> failures(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 5; ++round) {
        for (const HpiFileToWrite& f : files) {
          const HpiEntry* e = a->Find(f.path);
          absl::StatusOr<std::vector<uint8_t>> data = ReadEntry(*a, *out, *e);
          if (!data.ok() || *data != f.data) ++failures[t];
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(failures, std::vector<int>(4, 0));
}

TEST(HpiLz77Encoder, EndsWithTheTerminatorAndDecodes) {
  const std::vector<uint8_t> abc = BytesOf("abcabcabcabcabcabcabcX");
  const std::vector<uint8_t> code = EncodeLz77(abc);
  ASSERT_GE(code.size(), 2u);
  EXPECT_EQ(code[code.size() - 2], 0);
  EXPECT_EQ(code[code.size() - 1], 0);
  EXPECT_LT(code.size(), abc.size());
  absl::StatusOr<std::vector<uint8_t>> back = DecodeLz77(code, uint32_t(abc.size()), "t", 0);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, abc);
  // Empty input: one tag and the terminator.
  EXPECT_EQ(EncodeLz77({}), (std::vector<uint8_t>{0x01, 0x00, 0x00}));
}

TEST(HpiLz77Encoder, LongInputsAcrossTheWindowWrap) {
  std::vector<uint8_t> data(50000);
  uint32_t x = 7;
  for (size_t i = 0; i < data.size(); ++i) {
    x = x * 1664525 + 1013904223;
    data[i] = (i % 5000) < 2500 ? uint8_t((x >> 28) & 3) : uint8_t(i % 4095);
  }
  const std::vector<uint8_t> code = EncodeLz77(data);
  absl::StatusOr<std::vector<uint8_t>> back = DecodeLz77(code, uint32_t(data.size()), "t", 0);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, data);
}

TEST(HpiWriter, RefusesBadPaths) {
  EXPECT_THAT(WriteHpi({{"a/B", {}}, {"A/b", {}}}).status().message(), HasSubstr("twice"));
  EXPECT_THAT(WriteHpi({{"a", {}}, {"a/b", {}}}).status().message(), HasSubstr("also a file"));
  EXPECT_THAT(WriteHpi({{"a//b", {}}}).status().message(), HasSubstr("every component"));
  EXPECT_THAT(WriteHpi({{"a", {}}}, {3, Compression::kNone}).status().message(),
              HasSubstr("version 3"));
}

}  // namespace
}  // namespace kbot::hpi
