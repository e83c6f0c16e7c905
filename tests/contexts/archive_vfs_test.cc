// An HPI archive served as a VFS: the archive is laid out byte by byte from
// docs/formats/hpi.md ("Version 1 (Total Annihilation)"), then looked up like a folder.
#include <gtest/gtest.h>

#include <algorithm>

#include "absl/strings/match.h"

#include "contexts/archive_vfs.h"
#include "formats/common/byte_writer.h"
#include "formats/hpi/hpi_writer.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/hpi_bytes.h"

namespace kbot::contexts {
namespace {

void PutText(std::vector<uint8_t>& out, const std::string& s) {
  out.insert(out.end(), s.begin(), s.end());
  out.push_back(0);
}

// Version 1, not encrypted: the root holds folder "ANIMS", which holds the
// stored file "X.GAF" with the bytes "hello".
std::vector<uint8_t> HandBuiltArchive() {
  std::vector<uint8_t> a;
  AppendU32(a, 0x49504148);  // "HAPI"
  AppendU32(a, 0x00010000);
  AppendU32(a, 75);          // DirectorySize: the directory ends at 75
  AppendU32(a, 0);           // HeaderKey 0: not encrypted
  AppendU32(a, 20);          // Start: the root record
  AppendU32(a, 1);           // 20: root record, one entry at 28
  AppendU32(a, 28);
  AppendU32(a, 37);          // 28: entry: name at 37, data at 43, a folder
  AppendU32(a, 43);
  a.push_back(1);
  PutText(a, "ANIMS");    // 37
  AppendU32(a, 1);           // 43: folder record, one entry at 51
  AppendU32(a, 51);
  AppendU32(a, 60);          // 51: entry: name at 60, data at 66, a file
  AppendU32(a, 66);
  a.push_back(0);
  PutText(a, "X.GAF");    // 60
  AppendU32(a, 75);          // 66: file record: data at 75, 5 bytes, stored
  AppendU32(a, 5);
  a.push_back(0);
  for (char c : std::string("hello")) a.push_back(uint8_t(c));  // 75
  EXPECT_EQ(a.size(), 80u);
  return a;
}

Blob BlobOf(std::vector<uint8_t> bytes) {
  return Blob::FromBuffer(std::make_shared<const std::vector<uint8_t>>(std::move(bytes)));
}

std::unique_ptr<Vfs> Open(std::vector<uint8_t> bytes, const std::string& name = "pack.hpi") {
  absl::StatusOr<std::unique_ptr<Vfs>> vfs =
      MakeArchiveVfs(BlobOf(std::move(bytes)), VfsStat{name, 80, 1234567});
  EXPECT_TRUE(vfs.ok()) << vfs.status();
  return vfs.ok() ? *std::move(vfs) : nullptr;
}

std::string ReadText(const Vfs& vfs, absl::string_view path) {
  absl::StatusOr<VfsFile> file = vfs.Read(path);
  if (!file.ok()) return "error: " + std::string(file.status().message());
  return kbot::testing::Text(file->bytes());
}

TEST(ArchiveVfs, ReadsEntriesIgnoringCaseAndSeparators) {
  std::unique_ptr<Vfs> vfs = Open(HandBuiltArchive());
  ASSERT_NE(vfs, nullptr);
  EXPECT_EQ(ReadText(*vfs, "ANIMS/X.GAF"), "hello");
  EXPECT_EQ(ReadText(*vfs, "anims/x.gaf"), "hello");
  EXPECT_EQ(ReadText(*vfs, "./Anims\\\\X.gaf"), "hello");
  absl::StatusOr<VfsFile> file = vfs->Read("anims/x.gaf");
  ASSERT_TRUE(file.ok());
  // The archive's spelling, and the archive's time: an edited archive is an
  // edited entry for every cache keyed by the stat.
  EXPECT_EQ(file->stat.path, "ANIMS/X.GAF");
  EXPECT_EQ(file->stat.size, 5u);
  EXPECT_EQ(file->stat.modified_ns, 1234567);
  absl::StatusOr<VfsStat> stat = vfs->Stat("anims/X.gaf");
  ASSERT_TRUE(stat.ok());
  EXPECT_EQ(stat->path, "ANIMS/X.GAF");
}

TEST(ArchiveVfs, RefusesFoldersMissingFilesAndEscapes) {
  std::unique_ptr<Vfs> vfs = Open(HandBuiltArchive());
  ASSERT_NE(vfs, nullptr);
  EXPECT_EQ(ReadText(*vfs, "anims"), "error: anims: is a folder");
  EXPECT_EQ(vfs->Stat("anims").status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(ReadText(*vfs, "anims/y.gaf"), "error: anims/y.gaf: no such file");
  EXPECT_EQ(vfs->Read("anim").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(ReadText(*vfs, "../anims/x.gaf"),
            "error: ../anims/x.gaf: \"..\" would leave the context folder");
}

TEST(ArchiveVfs, ListsEntriesWithTheArchiveAsSource) {
  std::unique_ptr<Vfs> vfs = Open(HandBuiltArchive(), "TOTALA1.HPI");
  ASSERT_NE(vfs, nullptr);
  absl::StatusOr<std::vector<VfsEntry>> list = vfs->List();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 1u);
  EXPECT_EQ((*list)[0].path, "ANIMS/X.GAF");
  EXPECT_EQ((*list)[0].size, 5u);
  EXPECT_EQ((*list)[0].source, "TOTALA1.HPI");
  EXPECT_TRUE((*list)[0].hides.empty());
  std::vector<VfsSource> sources = vfs->Sources();
  ASSERT_EQ(sources.size(), 1u);
  EXPECT_EQ(sources[0].name, "TOTALA1.HPI");
  EXPECT_EQ(sources[0].kind, "archive");
  EXPECT_EQ(sources[0].version, 0x00010000u);
  EXPECT_EQ(sources[0].files, 1u);
  EXPECT_EQ(sources[0].problem, "");
}

TEST(ArchiveVfs, AnUnreadableArchiveIsAnErrorNamingIt) {
  std::vector<uint8_t> bytes = HandBuiltArchive();
  bytes[0] = 'X';
  absl::StatusOr<std::unique_ptr<Vfs>> vfs =
      MakeArchiveVfs(BlobOf(bytes), VfsStat{"units.ufo", 80, 0});
  ASSERT_FALSE(vfs.ok());
  EXPECT_TRUE(absl::StartsWith(vfs.status().message(), "units.ufo: ")) << vfs.status();
}

TEST(ArchiveVfs, LeavesOutEntriesWhoseNamesCannotBeAskedFor) {
  absl::StatusOr<std::vector<uint8_t>> bytes =
      hpi::WriteHpi({{"ok/a.txt", {'a'}}, {"../evil.txt", {'e'}}, {"c:/x.txt", {'x'}}});
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  std::unique_ptr<Vfs> vfs = Open(*bytes);
  ASSERT_NE(vfs, nullptr);
  absl::StatusOr<std::vector<VfsEntry>> list = vfs->List();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 1u);
  EXPECT_EQ((*list)[0].path, "ok/a.txt");
  EXPECT_EQ(ReadText(*vfs, "ok/a.txt"), "a");
  EXPECT_EQ(vfs->Read("evil.txt").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(vfs->Sources()[0].files, 1u);
  EXPECT_EQ(vfs->Sources()[0].problem,
            "2 entries left out: their names would leave the folder or cannot be spelled as a "
            "path");
}

TEST(ArchiveVfs, ACorruptEntryFailsAloneNamingArchiveAndEntry) {
  std::vector<uint8_t> big(3000);
  for (size_t i = 0; i < big.size(); ++i) big[i] = uint8_t(i * 7 / 5);
  absl::StatusOr<std::vector<uint8_t>> bytes = hpi::WriteHpi(
      {{"a.bin", big}, {"b.bin", big}}, {1, hpi::Compression::kZlib});
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  absl::StatusOr<hpi::HpiArchive> dir = hpi::OpenHpi(*bytes, "x");
  ASSERT_TRUE(dir.ok());
  // One chunk: its u32 size, then the 19-byte SQSH header, then the payload.
  (*bytes)[dir->Find("a.bin")->data_offset + 4 + 19 + 3] ^= 0x55;
  std::unique_ptr<Vfs> vfs = Open(*bytes);
  ASSERT_NE(vfs, nullptr);
  absl::StatusOr<VfsFile> bad = vfs->Read("A.BIN");
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(absl::StartsWith(bad.status().message(), "pack.hpi: a.bin: ")) << bad.status();
  EXPECT_NE(bad.status().message().find("checksum"), absl::string_view::npos) << bad.status();
  absl::StatusOr<VfsFile> good = vfs->Read("b.bin");
  ASSERT_TRUE(good.ok()) << good.status();
  EXPECT_TRUE(std::equal(good->bytes().begin(), good->bytes().end(), big.begin(), big.end()));
}

TEST(ArchiveVfs, KnowsTheArchiveFamilyByExtension) {
  for (const char* name : {"totala1.hpi", "CCDATA.CCX", "rev31.GP3", "x.gp4", "unit.ufo",
                           "tak.swx", "dir/a.Hpi"}) {
    EXPECT_TRUE(IsArchiveName(name)) << name;
  }
  for (const char* name : {"hpi", ".hpi", "a.hpi.bak", "a.zip", "a.gaf", ""}) {
    EXPECT_FALSE(IsArchiveName(name)) << name;
  }
}

}  // namespace
}  // namespace kbot::contexts
