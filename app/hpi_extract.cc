#include "app/hpi_extract.h"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <set>
#include <unordered_map>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "app/cli_support.h"
#include "app/workspace_support.h"
#include "contexts/file_io.h"
#include "contexts/vfs.h"
#include "formats/hpi/hpi.h"
#include "formats/hpi/parallel_read.h"
#include "tools/file_kind.h"

namespace kbot::app {

namespace {

namespace fs = std::filesystem;

constexpr const char* kCommand = "hpi extract";

// A name from the archive as one printable line, whatever bytes it holds.
std::string Shown(absl::string_view name) {
  for (char c : name) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return absl::CEscape(name);
  }
  return std::string(name);
}

std::string HumanBytes(uint64_t n) {
  if (n < 1024) return absl::StrCat(n, " B");
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  double v = double(n);
  int unit = -1;
  do {
    v /= 1024;
    ++unit;
  } while (v >= 1024 && unit < 3);
  return absl::StrFormat("%.1f %s", v, kUnits[unit]);
}

// Error lines and the progress line, written from the worker threads: one
// lock keeps each line whole, and an error line first clears the progress
// line it would otherwise run into.
class Reporter {
 public:
  explicit Reporter(bool progress) : progress_(progress) {}

  void Start(size_t entries, uint64_t bytes) {
    std::lock_guard<std::mutex> lock(mu_);
    total_entries_ = entries;
    total_bytes_ = bytes;
    Draw(true);
  }

  // "kbot: hpi extract: <what>"; the run then ends with status 1.
  void Problem(const std::string& what) {
    std::lock_guard<std::mutex> lock(mu_);
    ClearLine();
    std::cerr << "kbot: " << kCommand << ": " << what << "\n";
    ++problems_;
    Draw(true);
  }

  // One entry finished, written or not.
  void Done(uint64_t bytes) {
    std::lock_guard<std::mutex> lock(mu_);
    ++done_entries_;
    done_bytes_ += bytes;
    Draw(done_entries_ == total_entries_);
  }

  void Finish() {
    std::lock_guard<std::mutex> lock(mu_);
    ClearLine();
    std::cerr << std::flush;
  }

  size_t problems() const {
    std::lock_guard<std::mutex> lock(mu_);
    return problems_;
  }

 private:
  using Clock = std::chrono::steady_clock;

  void ClearLine() {
    if (drawn_) std::cerr << "\r\033[K";
    drawn_ = false;
  }

  // At most ten redraws a second: a terminal repainting per entry would cost
  // more than extracting a small one.
  void Draw(bool force) {
    if (!progress_ || total_entries_ == 0) return;
    const Clock::time_point now = Clock::now();
    if (!force && now - last_draw_ < std::chrono::milliseconds(100)) return;
    last_draw_ = now;
    std::cerr << "\r[" << done_entries_ << "/" << total_entries_ << "] "
              << HumanBytes(done_bytes_) << " of " << HumanBytes(total_bytes_) << "\033[K"
              << std::flush;
    drawn_ = true;
  }

  const bool progress_;
  mutable std::mutex mu_;
  size_t problems_ = 0;
  size_t total_entries_ = 0, done_entries_ = 0;
  uint64_t total_bytes_ = 0, done_bytes_ = 0;
  bool drawn_ = false;
  Clock::time_point last_draw_;
};

std::string EntryProblem(const std::string& archive, const hpi::HpiEntry& e,
                         absl::string_view why) {
  return absl::StrCat(archive, ": ", Shown(e.path), ": ", why);
}

// ReadEntry's messages already begin "ARCHIVE: ENTRY: "; anything else gets it.
std::string ReadProblem(const std::string& archive, const hpi::HpiEntry& e,
                        const absl::Status& status) {
  absl::string_view why = status.message();
  absl::ConsumePrefix(&why, absl::StrCat(archive, ": ", e.path, ": "));
  return EntryProblem(archive, e, why);
}

// The entries any glob selects (every entry without globs), in the archive's
// order. A glob that selects nothing is reported.
std::vector<const hpi::HpiEntry*> Select(const hpi::HpiArchive& archive,
                                         const std::vector<std::string>& globs,
                                         Reporter& reporter) {
  std::vector<const hpi::HpiEntry*> out;
  std::vector<bool> used(globs.size(), false);
  for (const hpi::HpiEntry& e : archive.entries) {
    bool selected = globs.empty();
    for (size_t g = 0; g < globs.size(); ++g) {
      if (contexts::GlobMatch(globs[g], e.path)) used[g] = selected = true;
    }
    if (selected) out.push_back(&e);
  }
  for (size_t g = 0; g < globs.size(); ++g) {
    if (!used[g]) {
      reporter.Problem(absl::StrCat(archive.name, ": no entry matches \"", globs[g], "\""));
    }
  }
  return out;
}

// Why NormalizePath refused `name`, in extraction's words (its own message
// speaks of a context folder).
std::string UnsafeWhy(absl::string_view name) {
  if (absl::StrContains(name, '\0')) return "a NUL byte in the name";
  if (!name.empty() && (name[0] == '/' || name[0] == '\\')) return "an absolute path";
  if (name.size() >= 2 && absl::ascii_isalpha(static_cast<unsigned char>(name[0])) &&
      name[1] == ':') {
    return "a drive path";
  }
  for (absl::string_view part : absl::StrSplit(name, absl::ByAnyChar("/\\"))) {
    if (part == "..") return "\"..\" would leave the target folder";
  }
  return "an empty name";
}

// An entry to write, and where under the target ('/'-separated).
struct Planned {
  const hpi::HpiEntry* entry;
  std::string relative;
};

std::string Lower(absl::string_view s) { return absl::AsciiStrToLower(s); }

// Where each selected entry goes: the safe names (normalised), folder names
// spelt as the first entry under them spells them, and no two entries on one
// path ignoring case (hpi_extract.h says why and who wins).
std::vector<Planned> Plan(const hpi::HpiArchive& archive,
                          const std::vector<const hpi::HpiEntry*>& selected, Reporter& reporter) {
  struct Safe {
    const hpi::HpiEntry* entry;
    std::vector<std::string> parts;
  };
  std::vector<Safe> safe;
  for (const hpi::HpiEntry* e : selected) {
    absl::StatusOr<std::string> normal = contexts::NormalizePath(e->path);
    if (!normal.ok()) {
      reporter.Problem(EntryProblem(archive.name, *e, absl::StrCat("unsafe name, not extracted: ",
                                                                   UnsafeWhy(e->path))));
      continue;
    }
    safe.push_back({e, absl::StrSplit(*normal, '/')});
  }

  absl::flat_hash_map<std::string, std::string> folders;  // lower-cased -> spelling
  for (const Safe& s : safe) {
    std::string lower, spelt;
    for (size_t i = 0; i + 1 < s.parts.size(); ++i) {
      const std::string sep = i == 0 ? "" : "/";
      lower += sep + Lower(s.parts[i]);
      spelt = folders.try_emplace(lower, spelt + sep + s.parts[i]).first->second;
    }
  }

  std::unordered_map<std::string, const Planned*> files;  // lower-cased -> the first
  std::vector<Planned> out;
  out.reserve(safe.size());  // `files` points into it
  for (const Safe& s : safe) {
    std::string parent_lower;
    for (size_t i = 0; i + 1 < s.parts.size(); ++i) {
      parent_lower += (i == 0 ? "" : "/") + Lower(s.parts[i]);
    }
    const std::string& name = s.parts.back();
    const std::string lower = parent_lower.empty() ? Lower(name) : parent_lower + "/" + Lower(name);
    if (auto folder = folders.find(lower); folder != folders.end()) {
      reporter.Problem(EntryProblem(
          archive.name, *s.entry,
          absl::StrCat("conflict, not extracted: ", Shown(folder->second),
                       " is also a folder of other entries (paths ignore case)")));
      continue;
    }
    if (auto first = files.find(lower); first != files.end()) {
      reporter.Problem(EntryProblem(
          archive.name, *s.entry,
          absl::StrCat("conflict, not extracted: entry \"", Shown(first->second->entry->path),
                       "\" is written to the same file, ", Shown(first->second->relative),
                       " (paths ignore case)")));
      continue;
    }
    out.push_back({s.entry, parent_lower.empty() ? name : folders.at(parent_lower) + "/" + name});
    files[lower] = &out.back();
  }
  return out;
}

absl::Status PathError(const fs::path& path, absl::string_view what, int err) {
  return absl::InvalidArgumentError(
      absl::StrCat(path.string(), ": ", what, ": ", std::strerror(err)));
}

// Creates the folders entries go into, one component at a time, and refuses a
// component that is already there as anything but a folder inside the target
// (a file, or a link that leads out of it). The workers share one: a lock,
// and each folder is checked once.
class FolderMaker {
 public:
  FolderMaker(fs::path root, fs::path real_root)
      : root_(std::move(root)), real_root_(std::move(real_root)) {}

  absl::Status Make(absl::string_view folder) {
    if (folder.empty()) return absl::OkStatus();
    std::lock_guard<std::mutex> lock(mu_);
    std::string rel;
    for (absl::string_view part : absl::StrSplit(folder, '/')) {
      if (!rel.empty()) rel += '/';
      rel.append(part.data(), part.size());
      if (made_.count(rel)) continue;
      if (absl::Status s = MakeOne(root_ / rel); !s.ok()) return s;
      made_.insert(rel);
    }
    return absl::OkStatus();
  }

 private:
  absl::Status MakeOne(const fs::path& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) {
      if (errno != ENOENT) return PathError(path, "cannot look at it", errno);
      if (::mkdir(path.c_str(), 0777) == 0) return absl::OkStatus();
      // Another process made it meanwhile: look again.
      if (errno != EEXIST || ::lstat(path.c_str(), &st) != 0) {
        return PathError(path, "cannot create the folder", errno);
      }
    }
    if (S_ISDIR(st.st_mode)) return absl::OkStatus();
    if (!S_ISLNK(st.st_mode)) {
      return absl::InvalidArgumentError(
          absl::StrCat(path.string(), ": is there and is not a folder"));
    }
    std::error_code ec;
    const fs::path real = fs::canonical(path, ec);
    if (ec || !fs::is_directory(real, ec) || !PathInside(real, real_root_)) {
      return absl::InvalidArgumentError(absl::StrCat(
          path.string(), ": a link that does not lead to a folder inside the target"));
    }
    return absl::OkStatus();
  }

  const fs::path root_, real_root_;
  std::mutex mu_;
  std::set<std::string> made_;
};

absl::Status WriteEntry(const fs::path& root, const Planned& p, const std::vector<uint8_t>& data,
                        FolderMaker& folders) {
  const size_t slash = p.relative.rfind('/');
  if (slash != std::string::npos) {
    if (absl::Status s = folders.Make(absl::string_view(p.relative).substr(0, slash)); !s.ok()) {
      return s;
    }
  }
  // One flush of the whole file system at the end instead of one per file.
  return contexts::WriteFileAtomically((root / p.relative).string(), data, contexts::Flush::kNo);
}

// The target folder, made when missing, and where it really is (links
// resolved) to check folder links against.
absl::StatusOr<fs::path> PrepareTarget(const std::string& target) {
  std::error_code ec;
  fs::create_directories(target, ec);
  if (!ec && !fs::is_directory(target, ec)) ec = std::make_error_code(std::errc::not_a_directory);
  if (ec) {
    return absl::InvalidArgumentError(
        absl::StrCat(target, ": cannot use it as the target folder: ", ec.message()));
  }
  fs::path real = fs::canonical(target, ec);
  if (ec) return absl::InvalidArgumentError(absl::StrCat(target, ": ", ec.message()));
  return real;
}

}  // namespace

int RunHpiExtract(const HpiExtractOptions& o) {
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.archive, o.context);
  if (!opened.ok()) return Fail(kCommand, opened.status());
  if (absl::Status s = tools::RequireKind(opened->asset, {tools::FileKind::kHpi}); !s.ok()) {
    return Fail(kCommand, s);
  }
  absl::StatusOr<hpi::HpiArchive> archive =
      hpi::OpenHpi(opened->asset.bytes, opened->asset.path);
  if (!archive.ok()) return Fail(kCommand, archive.status());
  absl::StatusOr<fs::path> real_root = PrepareTarget(o.target);
  if (!real_root.ok()) return Fail(kCommand, real_root.status());

  Reporter reporter(::isatty(STDERR_FILENO) != 0);
  const std::vector<Planned> plan = Plan(*archive, Select(*archive, o.globs, reporter), reporter);
  std::unordered_map<const hpi::HpiEntry*, const Planned*> planned;
  std::vector<const hpi::HpiEntry*> entries;
  uint64_t total_bytes = 0;
  for (const Planned& p : plan) {
    planned[p.entry] = &p;
    entries.push_back(p.entry);
    total_bytes += p.entry->size;
  }

  const fs::path root(o.target);
  FolderMaker folders(root, *real_root);
  std::atomic<size_t> written{0};
  std::atomic<uint64_t> written_bytes{0};
  reporter.Start(entries.size(), total_bytes);
  hpi::ReadEntriesParallel(
      *archive, opened->asset.bytes, entries, o.threads,
      [&](const hpi::HpiEntry& e, absl::StatusOr<std::vector<uint8_t>> data) {
        // The sink runs on worker threads, where an escaping exception would
        // end the process.
        try {
          if (!data.ok()) {
            reporter.Problem(ReadProblem(archive->name, e, data.status()));
          } else if (absl::Status s = WriteEntry(root, *planned.at(&e), *data, folders);
                     !s.ok()) {
            reporter.Problem(EntryProblem(archive->name, e, s.message()));
          } else {
            ++written;
            written_bytes += data->size();
          }
        } catch (const std::exception& ex) {
          reporter.Problem(EntryProblem(archive->name, e, ex.what()));
        }
        reporter.Done(e.size);
        return true;
      });
  reporter.Finish();
  if (written > 0) {
    if (absl::Status s = contexts::FlushFileSystem(real_root->string()); !s.ok()) {
      reporter.Problem(std::string(s.message()));
    }
  }
  std::cout << "extracted " << written << " of " << archive->entries.size()
            << " entr" << (archive->entries.size() == 1 ? "y" : "ies") << " from "
            << archive->name << " to " << o.target << " (" << written_bytes << " bytes)\n";
  return reporter.problems() == 0 ? kExitOk : kExitFailed;
}

bool PathInside(const std::filesystem::path& real, const std::filesystem::path& real_root) {
  const std::filesystem::path rel = real.lexically_relative(real_root);
  return !rel.empty() && *rel.begin() != "..";
}

}  // namespace kbot::app
