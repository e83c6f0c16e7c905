// Where bytes come from on disk, and how results go back to it.
#pragma once

#include <cstdint>
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

// Writes `bytes` to a temporary file beside `path` (".NAME.<hex>.tmp"), then
// renames it into place: a failure leaves any existing file untouched and no
// partial file (the temporary file is removed). The new file gets 0666 minus
// the umask, like any file. Safe to call from several threads at once, also
// for targets in one folder.
// `flush` also waits for the bytes to reach the disk before the rename, so a
// power cut cannot leave an empty file either; scratch files skip it.
enum class Flush { kYes, kNo };
absl::Status WriteFileAtomically(const std::string& path, Bytes bytes, Flush flush = Flush::kYes);

// Waits until everything written to the file system holding `path` is on the
// disk: one flush for a folder of many files written with Flush::kNo.
absl::Status FlushFileSystem(const std::string& path);

}  // namespace kbot::contexts
