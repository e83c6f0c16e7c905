// contexts::FileReader: a file read by pieces at any offset, never mapped.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "contexts/file_io.h"
#include "tests/contexts/test_dir.h"

namespace kbot::contexts {
namespace {

namespace fs = std::filesystem;

using FileReaderTest = testing::TempDirTest;

TEST_F(FileReaderTest, ReadsExactlyThePiecesAskedFor) {
  std::vector<uint8_t> bytes(300000);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = uint8_t(i * 7 + i / 256);
  const fs::path path = dir_ / "big.bin";
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  absl::StatusOr<FileReader> file = FileReader::Open(path.string());
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ(file->size(), bytes.size());
  for (size_t at : {size_t{0}, size_t{4095}, size_t{123457}, bytes.size() - 24}) {
    std::vector<uint8_t> piece(24);
    ASSERT_TRUE(file->ReadAt(at, piece)) << at;
    EXPECT_EQ(piece, std::vector<uint8_t>(bytes.begin() + long(at), bytes.begin() + long(at + 24)));
  }
  std::vector<uint8_t> none;
  EXPECT_TRUE(file->ReadAt(bytes.size(), none));  // nothing, at the very end
  std::vector<uint8_t> past(25);
  EXPECT_FALSE(file->ReadAt(bytes.size() - 24, past));  // one byte past the end
  EXPECT_FALSE(file->ReadAt(bytes.size() + 1, none));
  EXPECT_FALSE(file->ReadAt(~uint64_t{0}, past));

  // Moved, the reader keeps the file; the moved-from one is closed.
  FileReader moved = *std::move(file);
  std::vector<uint8_t> first(4);
  ASSERT_TRUE(moved.ReadAt(0, first));
  EXPECT_EQ(first[1], bytes[1]);
}

TEST_F(FileReaderTest, RefusesWhatIsNotARegularFile) {
  absl::StatusOr<FileReader> missing = FileReader::Open((dir_ / "nope").string());
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(missing.status().message().find("nope: cannot open"), absl::string_view::npos);
  absl::StatusOr<FileReader> folder = FileReader::Open(dir_.string());
  ASSERT_FALSE(folder.ok());
  EXPECT_NE(folder.status().message().find("not a regular file"), absl::string_view::npos);
}

}  // namespace
}  // namespace kbot::contexts
