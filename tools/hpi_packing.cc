#include "tools/hpi_packing.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "contexts/confined_folder.h"
#include "contexts/file_io.h"

namespace kbot::tools {

namespace {

namespace fs = std::filesystem;

absl::Status Add(const fs::path& path, const fs::path& relative, FolderToPack& out) {
  std::error_code e;
  const uint64_t size = fs::file_size(path, e);  // follows a link
  if (e) return absl::InvalidArgumentError(absl::StrCat(path.string(), ": ", e.message()));
  out.files.push_back({relative.generic_string(), size});
  out.bytes += size;
  return absl::OkStatus();
}

// The files of the folder, one at a time, in the order the writer asks:
// each opened at its first read and closed once read to its listed size.
class FolderSource final : public hpi::HpiPackSource {
 public:
  FolderSource(const FolderToPack& folder, const std::function<bool()>& stop)
      : folder_(folder), stop_(stop) {}
  ~FolderSource() override { Close(); }

  absl::Status Read(size_t index, uint64_t offset, std::span<uint8_t> out) override {
    if (stop_ && stop_()) {
      failed_ = true;
      return absl::CancelledError("interrupted; nothing written");
    }
    if (absl::Status s = Open(index); !s.ok()) return s;
    size_t done = 0;
    while (done < out.size()) {
      const ssize_t n = ::pread(fd_, out.data() + done, out.size() - done, off_t(offset + done));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return Fail(index, absl::StrCat("cannot read: ", std::strerror(errno)));
      if (n == 0) {
        return Fail(index, absl::StrCat("ends after ", offset + done, " of its ",
                                        folder_.files[index].size,
                                        " bytes: it changed while it was packed"));
      }
      done += size_t(n);
    }
    return absl::OkStatus();
  }

  // Still there (an empty file is never read), and no longer than listed.
  absl::Status Finished(size_t index) override {
    if (absl::Status s = Open(index); !s.ok()) return s;
    uint8_t extra;
    ssize_t n;
    do {
      n = ::pread(fd_, &extra, 1, off_t(folder_.files[index].size));
    } while (n < 0 && errno == EINTR);
    if (n < 0) return Fail(index, absl::StrCat("cannot read: ", std::strerror(errno)));
    if (n > 0) {
      return Fail(index, absl::StrCat("has grown past its ", folder_.files[index].size,
                                      " bytes: it changed while it was packed"));
    }
    Close();
    return absl::OkStatus();
  }

  bool failed() const { return failed_; }

 private:
  std::string PathOf(size_t index) const {
    return (fs::path(folder_.dir) / folder_.files[index].path).string();
  }

  absl::Status Fail(size_t index, absl::string_view why) {
    failed_ = true;
    return absl::InvalidArgumentError(absl::StrCat(PathOf(index), ": ", why));
  }

  absl::Status Open(size_t index) {
    if (fd_ >= 0 && index == index_) return absl::OkStatus();
    Close();
    fd_ = ::open(PathOf(index).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
      const int err = errno;
      return Fail(index, absl::StrCat("cannot open: ", std::strerror(err),
                                      err == ENOENT ? " (gone since the folder was listed)" : ""));
    }
    index_ = index;
    struct stat st {};
    if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
      Close();
      return Fail(index, "is no longer a regular file");
    }
    return absl::OkStatus();
  }

  void Close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  const FolderToPack& folder_;
  const std::function<bool()>& stop_;
  int fd_ = -1;
  size_t index_ = 0;
  bool failed_ = false;
};

class FileSink final : public hpi::HpiPackSink {
 public:
  explicit FileSink(contexts::AtomicFileWriter& out) : out_(out) {}
  absl::Status Append(Bytes bytes) override { return Check(out_.Append(bytes)); }
  absl::Status WriteAt(uint64_t offset, Bytes bytes) override {
    return Check(out_.WriteAt(offset, bytes));
  }
  bool failed() const { return failed_; }

 private:
  absl::Status Check(absl::Status s) {
    failed_ = failed_ || !s.ok();
    return s;
  }
  contexts::AtomicFileWriter& out_;
  bool failed_ = false;
};

}  // namespace

absl::StatusOr<FolderToPack> ListFolderToPack(const std::string& dir, const std::string& target) {
  std::error_code ec;
  const fs::path real_root = fs::canonical(dir, ec);
  if (ec || !fs::is_directory(real_root, ec)) {
    return absl::InvalidArgumentError(absl::StrCat(dir, ": not a folder"));
  }
  const fs::path real_target = fs::weakly_canonical(target, ec);
  FolderToPack out;
  out.dir = dir;
  fs::recursive_directory_iterator it(dir, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::path& path = it->path();
    const fs::path relative = path.lexically_relative(dir);
    std::error_code e;
    if (it->is_symlink(e)) {
      const fs::path real = fs::canonical(path, e);
      if (e || !contexts::PathInside(real, real_root)) {
        out.skipped.push_back(absl::StrCat(path.string(), ": a link that leads out of ", dir));
        continue;
      }
      if (!fs::is_regular_file(real, e)) {
        if (fs::is_directory(real, e)) {
          out.skipped.push_back(absl::StrCat(path.string(), ": links to folders are not followed"));
        }
        continue;
      }
      if (real == real_target) continue;
      if (absl::Status s = Add(path, relative, out); !s.ok()) return s;
      continue;
    }
    if (it->is_directory(e)) continue;
    if (!it->is_regular_file(e)) {
      out.skipped.push_back(absl::StrCat(path.string(), ": not a regular file"));
      continue;
    }
    if (fs::weakly_canonical(path, e) == real_target) continue;
    if (absl::Status s = Add(path, relative, out); !s.ok()) return s;
  }
  if (ec) return absl::InvalidArgumentError(absl::StrCat(dir, ": cannot list: ", ec.message()));
  std::sort(out.files.begin(), out.files.end(),
            [](const hpi::HpiFileToPack& a, const hpi::HpiFileToPack& b) {
              return a.path < b.path;
            });
  return out;
}

absl::StatusOr<uint64_t> PackFolder(const FolderToPack& folder, const std::string& target,
                                    const hpi::HpiPackOptions& options,
                                    const std::function<bool()>& stop) {
  absl::StatusOr<std::unique_ptr<contexts::AtomicFileWriter>> out =
      contexts::AtomicFileWriter::Create(target);
  if (!out.ok()) return out.status();
  FolderSource source(folder, stop);
  FileSink sink(**out);
  absl::StatusOr<uint64_t> size = hpi::PackHpi(folder.files, options, source, sink);
  if (!size.ok()) {
    // The source and the sink name their file; the writer's own errors (a
    // path the archive cannot hold, 4 GiB) are about the folder. Either way
    // *out's destructor removes the temporary file.
    if (source.failed() || sink.failed()) return size.status();
    return absl::Status(size.status().code(),
                        absl::StrCat(folder.dir, ": ", size.status().message()));
  }
  if (absl::Status s = (*out)->Commit(); !s.ok()) return s;
  return *size;
}

}  // namespace kbot::tools
