// Where bytes come from on disk, and how results go back to it.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"

namespace kbot::contexts {

// A read-only view of a whole file. Large files are memory-mapped, so reading
// only the headers of a 12 MB atlas touches only their pages; small ones are
// read into memory, because unmapping costs every thread of the server a TLB
// flush (40% of a gaf_list on a folder context, measured by bench/mcp).
class FileBytes {
 public:
  static constexpr size_t kReadBelow = 256 << 10;  // bytes
  static absl::StatusOr<FileBytes> Open(const std::string& path);

  FileBytes(FileBytes&& other) noexcept;
  FileBytes& operator=(FileBytes&& other) noexcept;
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;
  ~FileBytes();

  Bytes bytes() const { return Bytes(data_, size_); }

 private:
  FileBytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  std::vector<uint8_t> owned_;  // the bytes of a small file; empty: data_ is a mapping
};

// A file read by pieces at any offset (pread), never mapped nor held whole:
// for a reader that needs a few headers spread over a large file. A mapping
// would not do there: a touched page comes into the process with the page
// cache's whole folio around it (64 KB to 2 MB on Linux 6.x, whatever
// madvise says), so headers a few KB apart page in the entire file.
class FileReader {
 public:
  static absl::StatusOr<FileReader> Open(const std::string& path);

  FileReader(FileReader&& other) noexcept;
  FileReader& operator=(FileReader&& other) noexcept;
  FileReader(const FileReader&) = delete;
  FileReader& operator=(const FileReader&) = delete;
  ~FileReader();

  uint64_t size() const { return size_; }
  // Reads [offset, offset + out.size()): false when that is not all inside
  // the file (as it was opened) or the read fails.
  bool ReadAt(uint64_t offset, std::span<uint8_t> out) const;

 private:
  FileReader(int fd, uint64_t size) : fd_(fd), size_(size) {}
  int fd_ = -1;
  uint64_t size_ = 0;
};

// Writes `bytes` to a temporary file beside `path` (".NAME.<hex>.tmp"), then
// renames it into place: a failure leaves any existing file untouched and no
// partial file (the temporary file is removed). The new file gets 0666 minus
// the umask, like any file. Safe to call from several threads at once, also
// for targets in one folder.
// `flush` also waits for the bytes to reach the disk before the rename, so a
// power cut cannot leave an empty file either; scratch files skip it.
enum class Flush { kYes, kNo };
absl::Status WriteFileAtomically(const std::string& path, Bytes bytes, Flush flush = Flush::kYes);

// A file written in pieces, for a writer that never holds it whole (kbot hpi
// pack): the bytes go to a temporary file beside `path`, made as
// WriteFileAtomically makes it, and Commit renames it into place. Until Commit
// succeeds nothing is at `path` that was not there before; a failed Commit,
// or destroying the writer without one, removes the temporary file. Errors
// name `path`. One thread at a time.
class AtomicFileWriter {
 public:
  static absl::StatusOr<std::unique_ptr<AtomicFileWriter>> Create(const std::string& path);
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

  // Appends after everything appended so far.
  absl::Status Append(Bytes bytes);
  // Writes over bytes already appended, from `offset` on.
  absl::Status WriteAt(uint64_t offset, Bytes bytes);
  // Flushes (with Flush::kYes, to the disk), closes and renames into place.
  absl::Status Commit(Flush flush = Flush::kYes);
  const std::string& temporary_path() const { return temp_; }

 private:
  AtomicFileWriter(std::string path, std::string temp, int fd)
      : path_(std::move(path)), temp_(std::move(temp)), fd_(fd) {}
  absl::Status Failed(const char* what, int err);  // removes the temporary file

  std::string path_, temp_;
  int fd_ = -1;
  uint64_t size_ = 0;
  bool done_ = false;  // committed, or failed and removed
};

// Waits until everything written to the file system holding `path` is on the
// disk: one flush for a folder of many files written with Flush::kNo.
absl::Status FlushFileSystem(const std::string& path);

}  // namespace kbot::contexts
