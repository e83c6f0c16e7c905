// The engine of `kbot hpi pack` (tools/hpi_packing.h), in process: the
// archive is the whole-in-memory writer's, byte for byte, at every thread
// count; and a file that is gone, replaced, shortened or grown between the
// listing and its turn stops the packing with an error naming it, leaving
// neither the archive nor a temporary file (nor touching an archive already
// at the target).
#include "tools/hpi_packing.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "formats/hpi/hpi_writer.h"
#include "tests/support/hpi_bytes.h"
#include "tests/support/kbot_process.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using testing::BytesOf;
using testing::KbotProcess;
using testing::MixedBytes;
using testing::ReadBytes;
using testing::WriteBytes;

// What is in `dir` besides the scratch folder's own config/.
std::set<std::string> Names(const fs::path& dir) {
  std::set<std::string> out;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    if (e.path().filename() != "config") out.insert(e.path().filename().string());
  }
  return out;
}

// The hand-made folder, as files for WriteHpi too.
std::vector<hpi::HpiFileToWrite> Tree() {
  return {{"Units/ArmCom.fbi", BytesOf("[UNITINFO]\r\n{\r\n}\r\n")},
          {"anims/sub/big.bin", MixedBytes(300000, 1)},
          {"anims/sub/chunk.bin", MixedBytes(65536, 2)},
          {"empty.txt", {}},
          {"a/b/c/d.txt", BytesOf("deep")},
          {"maps/one.tnt", MixedBytes(70001, 3)}};
}

void MakeTree(const fs::path& src) {
  for (const hpi::HpiFileToWrite& f : Tree()) WriteBytes(src / f.path, f.data);
}

TEST(HpiPackFolder, TheWholeInMemoryWritersBytesAtEveryThreadCount) {
  KbotProcess scratch;
  const fs::path src = scratch.dir() / "src";
  MakeTree(src);
  absl::StatusOr<tools::FolderToPack> folder =
      tools::ListFolderToPack(src.string(), (scratch.dir() / "p.hpi").string());
  ASSERT_TRUE(folder.ok()) << folder.status();
  EXPECT_EQ(folder->files.size(), 6u);
  EXPECT_EQ(folder->bytes, 300000u + 65536 + 70001 + 18 + 4);
  for (int version : {1, 2}) {
    for (hpi::Compression c :
         {hpi::Compression::kNone, hpi::Compression::kLz77, hpi::Compression::kZlib}) {
      absl::StatusOr<std::vector<uint8_t>> want = hpi::WriteHpi(Tree(), {version, c});
      ASSERT_TRUE(want.ok()) << want.status();
      for (int threads : {1, 2, 0}) {
        const fs::path target = scratch.dir() / "p.hpi";
        absl::StatusOr<uint64_t> size =
            tools::PackFolder(*folder, target.string(), {version, c, threads});
        ASSERT_TRUE(size.ok()) << size.status();
        EXPECT_EQ(*size, want->size());
        EXPECT_TRUE(ReadBytes(target) == *want)
            << "v" << version << " " << hpi::CompressionName(c) << " threads " << threads;
      }
    }
  }
  EXPECT_EQ(Names(scratch.dir()), (std::set<std::string>{"src", "p.hpi"}));
}

// Lists src, lets `change` alter it, packs with `threads` into out/p.hpi:
// the error, with the scratch folder's path shown as "SCRATCH"; out/ is
// checked to hold no archive and no temporary file.
std::string PackAfter(int threads, const std::function<void(const fs::path& src)>& change) {
  KbotProcess scratch;
  const fs::path src = scratch.dir() / "src";
  MakeTree(src);
  const fs::path target = scratch.dir() / "out" / "p.hpi";
  fs::create_directories(target.parent_path());
  absl::StatusOr<tools::FolderToPack> folder =
      tools::ListFolderToPack(src.string(), target.string());
  EXPECT_TRUE(folder.ok()) << folder.status();
  if (!folder.ok()) return "";
  change(src);
  absl::StatusOr<uint64_t> size =
      tools::PackFolder(*folder, target.string(), {1, hpi::Compression::kZlib, threads});
  EXPECT_FALSE(size.ok());
  EXPECT_TRUE(fs::is_empty(target.parent_path())) << "no archive, no temporary file";
  std::string message(size.status().message());
  const std::string dir = scratch.dir().string();
  if (message.rfind(dir, 0) == 0) message = "SCRATCH" + message.substr(dir.size());
  return message;
}

// maps/one.tnt comes after a/ and anims/ in the data (folders by name, then
// the root's files): the archive is well under way when it is missed.
TEST(HpiPackFolder, AFileGoneSinceTheListing) {
  for (int threads : {1, 2}) {
    EXPECT_EQ(PackAfter(threads, [](const fs::path& src) { fs::remove(src / "maps/one.tnt"); }),
              "SCRATCH/src/maps/one.tnt: cannot open: No such file or directory (gone since the "
              "folder was listed)")
        << threads;
    // An empty file is never read, but it is missed all the same.
    EXPECT_EQ(PackAfter(threads, [](const fs::path& src) { fs::remove(src / "empty.txt"); }),
              "SCRATCH/src/empty.txt: cannot open: No such file or directory (gone since the "
              "folder was listed)")
        << threads;
  }
}

TEST(HpiPackFolder, AFileThatCannotBeRead) {
  for (int threads : {1, 2}) {
    // Replaced by a folder: opening it works, reading it does not (whoever
    // runs the test: file modes do not stop root).
    EXPECT_EQ(PackAfter(threads,
                        [](const fs::path& src) {
                          fs::remove(src / "anims/sub/chunk.bin");
                          fs::create_directory(src / "anims/sub/chunk.bin");
                        }),
              "SCRATCH/src/anims/sub/chunk.bin: is no longer a regular file")
        << threads;
  }
}

TEST(HpiPackFolder, AFileThatChangedSize) {
  for (int threads : {1, 2}) {
    EXPECT_EQ(PackAfter(threads,
                        [](const fs::path& src) {
                          fs::resize_file(src / "anims/sub/big.bin", 200000);
                        }),
              "SCRATCH/src/anims/sub/big.bin: ends after 200000 of its 300000 bytes: it changed "
              "while it was packed")
        << threads;
    EXPECT_EQ(PackAfter(threads,
                        [](const fs::path& src) {
                          std::ofstream(src / "Units/ArmCom.fbi", std::ios::app) << "more";
                        }),
              "SCRATCH/src/Units/ArmCom.fbi: has grown past its 18 bytes: it changed while it "
              "was packed")
        << threads;
  }
}

TEST(HpiPackFolder, StoppedPartWayLeavesNothing) {
  for (int threads : {1, 2}) {
    int reads = 0;
    KbotProcess scratch;
    const fs::path src = scratch.dir() / "src";
    MakeTree(src);
    const fs::path target = scratch.dir() / "out" / "p.hpi";
    fs::create_directories(target.parent_path());
    absl::StatusOr<tools::FolderToPack> folder =
        tools::ListFolderToPack(src.string(), target.string());
    ASSERT_TRUE(folder.ok()) << folder.status();
    absl::StatusOr<uint64_t> size = tools::PackFolder(
        *folder, target.string(), {1, hpi::Compression::kZlib, threads},
        [&] { return ++reads > 3; });  // as Ctrl-C would, during the fourth read
    EXPECT_EQ(size.status(), absl::CancelledError("interrupted; nothing written"));
    EXPECT_EQ(reads, 4);
    EXPECT_TRUE(fs::is_empty(target.parent_path()));
  }
}

TEST(HpiPackFolder, AFailureLeavesTheArchiveAlreadyThere) {
  KbotProcess scratch;
  const fs::path src = scratch.dir() / "src";
  MakeTree(src);
  const fs::path target = scratch.dir() / "p.hpi";
  WriteBytes(target, BytesOf("the old archive"));
  absl::StatusOr<tools::FolderToPack> folder =
      tools::ListFolderToPack(src.string(), target.string());
  ASSERT_TRUE(folder.ok()) << folder.status();
  fs::remove(src / "a/b/c/d.txt");
  EXPECT_FALSE(tools::PackFolder(*folder, target.string(), {1, hpi::Compression::kZlib, 2}).ok());
  EXPECT_EQ(ReadBytes(target), BytesOf("the old archive"));
  EXPECT_EQ(Names(scratch.dir()), (std::set<std::string>{"src", "p.hpi"}));
}

}  // namespace
}  // namespace kbot
