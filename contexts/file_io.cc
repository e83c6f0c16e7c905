#include "contexts/file_io.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace kbot::contexts {

namespace {

absl::Status ErrnoError(const std::string& path, absl::string_view what, int err) {
  const std::string reason = std::strerror(err);
  if (err == ENOENT) return absl::NotFoundError(absl::StrCat(path, ": ", what, ": ", reason));
  return absl::InvalidArgumentError(absl::StrCat(path, ": ", what, ": ", reason));
}

// Closes a descriptor on every path out of a function.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

// Opens `path` for reading and sets `size`; anything but a regular file is an
// error. FileBytes and FileReader both start here.
absl::Status OpenRegularFile(const std::string& path, Fd& f, uint64_t& size) {
  f.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (f.fd < 0) return ErrnoError(path, "cannot open", errno);
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) return ErrnoError(path, "cannot stat", errno);
  if (!S_ISREG(st.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": not a regular file"));
  }
  size = uint64_t(st.st_size);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<FileBytes> FileBytes::Open(const std::string& path) {
  Fd f;
  uint64_t file_size = 0;
  if (absl::Status s = OpenRegularFile(path, f, file_size); !s.ok()) return s;
  const size_t size = size_t(file_size);
  if (size == 0) return FileBytes(nullptr, 0);
  if (size <= kReadBelow) {
    std::vector<uint8_t> owned(size);
    size_t done = 0;
    while (done < size) {
      const ssize_t n = ::pread(f.fd, owned.data() + done, size - done, off_t(done));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return ErrnoError(path, "cannot read", errno);
      if (n == 0) break;  // the file shrank while we read it
      done += size_t(n);
    }
    if (done == 0) return FileBytes(nullptr, 0);
    owned.resize(done);
    FileBytes read(owned.data(), owned.size());
    read.owned_ = std::move(owned);  // moving a vector keeps its buffer where it is
    return read;
  }
  void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, f.fd, 0);
  if (map == MAP_FAILED) return ErrnoError(path, "cannot map", errno);
  return FileBytes(static_cast<const uint8_t*>(map), size);
}

absl::StatusOr<FileReader> FileReader::Open(const std::string& path) {
  Fd f;
  uint64_t size = 0;
  if (absl::Status s = OpenRegularFile(path, f, size); !s.ok()) return s;
  FileReader reader(f.fd, size);
  f.fd = -1;  // the reader closes it
  return reader;
}

FileReader::FileReader(FileReader&& other) noexcept : fd_(other.fd_), size_(other.size_) {
  other.fd_ = -1;
}

FileReader& FileReader::operator=(FileReader&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    size_ = other.size_;
    other.fd_ = -1;
  }
  return *this;
}

FileReader::~FileReader() {
  if (fd_ >= 0) ::close(fd_);
}

bool FileReader::ReadAt(uint64_t offset, std::span<uint8_t> out) const {
  if (offset > size_ || out.size() > size_ - offset) return false;
  size_t done = 0;
  while (done < out.size()) {
    const ssize_t n = ::pread(fd_, out.data() + done, out.size() - done, off_t(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // an error, or the file shrank since it was opened
    done += size_t(n);
  }
  return true;
}

FileBytes::FileBytes(FileBytes&& other) noexcept
    : data_(other.data_), size_(other.size_), owned_(std::move(other.owned_)) {
  other.data_ = nullptr;
  other.size_ = 0;
}

FileBytes& FileBytes::operator=(FileBytes&& other) noexcept {
  if (this != &other) {
    if (data_ != nullptr && owned_.empty()) ::munmap(const_cast<uint8_t*>(data_), size_);
    data_ = other.data_;
    size_ = other.size_;
    owned_ = std::move(other.owned_);
    other.data_ = nullptr;
    other.size_ = 0;
  }
  return *this;
}

FileBytes::~FileBytes() {
  if (data_ != nullptr && owned_.empty()) ::munmap(const_cast<uint8_t*>(data_), size_);
}

namespace {

// At most this many bytes of the target's name go into the temporary name, so
// that a target whose name is near NAME_MAX (255) still gets a temporary file.
constexpr size_t kTempNameStem = 128;

// Creates a new, empty file beside `target` under a name no other writer
// uses, with mode 0666 so that the kernel applies the umask as for any file.
// (mkstemp creates 0600, and reading the umask to widen that means setting it
// for the whole process, which races with other threads creating files.)
absl::StatusOr<int> CreateTempBeside(const std::filesystem::path& target, std::string& temp) {
  static std::atomic<uint64_t> counter{0};
  const std::filesystem::path dir =
      target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  const std::string stem = target.filename().string().substr(0, kTempNameStem);
  for (int attempt = 0; attempt < 100; ++attempt) {
    const uint64_t unique =
        (uint64_t(::getpid()) << 32) ^ (counter.fetch_add(1) * 0x9E3779B97F4A7C15ull) ^
        uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
    temp = (dir / absl::StrCat(".", stem, ".", absl::Hex(unique), ".tmp")).string();
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return fd;
    if (errno != EEXIST) break;
  }
  return ErrnoError(target.string(), "cannot create a file beside it", errno);
}

}  // namespace

absl::Status WriteFileAtomically(const std::string& path, Bytes bytes, Flush flush) {
  std::string temp;
  absl::StatusOr<int> created = CreateTempBeside(std::filesystem::path(path), temp);
  if (!created.ok()) return created.status();
  Fd f{*created};
  auto fail = [&](absl::string_view what) {
    const int err = errno;
    ::unlink(temp.c_str());
    return ErrnoError(path, what, err);
  };
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(f.fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail("cannot write");
    }
    done += size_t(n);
  }
  if (flush == Flush::kYes && ::fsync(f.fd) != 0) return fail("cannot flush");
  // close() can report a failed write-back (NFS, a full disk): check it
  // rather than renaming a file that is not whole.
  const int fd = f.fd;
  f.fd = -1;
  if (::close(fd) != 0) return fail("cannot write");
  if (::rename(temp.c_str(), path.c_str()) != 0) return fail("cannot rename into place");
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<AtomicFileWriter>> AtomicFileWriter::Create(
    const std::string& path) {
  std::string temp;
  absl::StatusOr<int> created = CreateTempBeside(std::filesystem::path(path), temp);
  if (!created.ok()) return created.status();
  return std::unique_ptr<AtomicFileWriter>(new AtomicFileWriter(path, std::move(temp), *created));
}

AtomicFileWriter::~AtomicFileWriter() {
  if (fd_ >= 0) ::close(fd_);
  if (!done_) ::unlink(temp_.c_str());
}

absl::Status AtomicFileWriter::Failed(const char* what, int err) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(temp_.c_str());
  done_ = true;
  return ErrnoError(path_, what, err);
}

absl::Status AtomicFileWriter::WriteAt(uint64_t offset, Bytes bytes) {
  if (done_) return absl::FailedPreconditionError(absl::StrCat(path_, ": already closed"));
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n =
        ::pwrite(fd_, bytes.data() + done, bytes.size() - done, off_t(offset + done));
    if (n < 0) {
      if (errno == EINTR) continue;
      return Failed("cannot write", errno);
    }
    done += size_t(n);
  }
  return absl::OkStatus();
}

absl::Status AtomicFileWriter::Append(Bytes bytes) {
  if (absl::Status s = WriteAt(size_, bytes); !s.ok()) return s;
  size_ += bytes.size();
  return absl::OkStatus();
}

absl::Status AtomicFileWriter::Commit(Flush flush) {
  if (done_) return absl::FailedPreconditionError(absl::StrCat(path_, ": already closed"));
  if (flush == Flush::kYes && ::fsync(fd_) != 0) return Failed("cannot flush", errno);
  // close() can report a failed write-back: checked, as WriteFileAtomically does.
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) return Failed("cannot write", errno);
  if (::rename(temp_.c_str(), path_.c_str()) != 0) return Failed("cannot rename into place", errno);
  done_ = true;
  return absl::OkStatus();
}

absl::Status FlushFileSystem(const std::string& path) {
  Fd f{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (f.fd < 0) return ErrnoError(path, "cannot open", errno);
  if (::syncfs(f.fd) != 0) return ErrnoError(path, "cannot flush", errno);
  return absl::OkStatus();
}

}  // namespace kbot::contexts
