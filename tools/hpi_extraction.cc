#include "tools/hpi_extraction.h"

#include <atomic>
#include <mutex>
#include <unordered_map>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "contexts/vfs.h"
#include "formats/hpi/parallel_read.h"

namespace kbot::tools {

namespace {

// The observer behind one lock, counting the problems: the workers call it
// at once.
class Locked {
 public:
  explicit Locked(ExtractObserver& to) : to_(to) {}
  void Problem(const std::string& what) {
    std::lock_guard<std::mutex> lock(mu_);
    ++problems_;
    to_.Problem(what);
  }
  void Done(uint64_t bytes) {
    std::lock_guard<std::mutex> lock(mu_);
    to_.Done(bytes);
  }
  bool Stopped() {
    std::lock_guard<std::mutex> lock(mu_);
    return to_.Stopped();
  }
  size_t problems() {
    std::lock_guard<std::mutex> lock(mu_);
    return problems_;
  }

 private:
  ExtractObserver& to_;
  std::mutex mu_;
  size_t problems_ = 0;
};

// A name from the archive as one printable line, whatever bytes it holds.
std::string Shown(absl::string_view name) {
  for (char c : name) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return absl::CEscape(name);
  }
  return std::string(name);
}

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
                                         const std::vector<std::string>& globs, Locked& report) {
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
    if (!used[g]) report.Problem(absl::StrCat(archive.name, ": no entry matches \"", globs[g], "\""));
  }
  return out;
}

// An entry to write, and where under the target ('/'-separated).
struct Planned {
  const hpi::HpiEntry* entry;
  std::string relative;
};

// A selected entry whose name stays inside the target, split at '/'.
struct Safe {
  const hpi::HpiEntry* entry;
  std::vector<std::string> parts;
};

std::string Lower(absl::string_view s) { return absl::AsciiStrToLower(s); }

std::vector<Safe> SafeEntries(const hpi::HpiArchive& archive,
                              const std::vector<const hpi::HpiEntry*>& selected, Locked& report) {
  std::vector<Safe> safe;
  for (const hpi::HpiEntry* e : selected) {
    absl::StatusOr<std::string> normal = contexts::ConfinedFolder::Inside(e->path);
    if (!normal.ok()) {
      report.Problem(EntryProblem(
          archive.name, *e,
          absl::StrCat("unsafe name, not extracted: ", contexts::WhyUnsafe(e->path))));
      continue;
    }
    safe.push_back({e, absl::StrSplit(*normal, '/')});
  }
  return safe;
}

// Lower-cased folder path -> its spelling: the first entry under it spells it.
absl::flat_hash_map<std::string, std::string> FolderSpellings(const std::vector<Safe>& safe) {
  absl::flat_hash_map<std::string, std::string> folders;
  for (const Safe& s : safe) {
    std::string lower, spelt;
    for (size_t i = 0; i + 1 < s.parts.size(); ++i) {
      const std::string sep = i == 0 ? "" : "/";
      lower += sep + Lower(s.parts[i]);
      spelt = folders.try_emplace(lower, spelt + sep + s.parts[i]).first->second;
    }
  }
  return folders;
}

// Where each selected entry goes: the safe names, folder names spelt one way,
// and no two entries on one path ignoring case (hpi_extraction.h says who wins).
std::vector<Planned> Plan(const hpi::HpiArchive& archive,
                          const std::vector<const hpi::HpiEntry*>& selected, Locked& report) {
  const std::vector<Safe> safe = SafeEntries(archive, selected, report);
  const absl::flat_hash_map<std::string, std::string> folders = FolderSpellings(safe);
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
      report.Problem(EntryProblem(
          archive.name, *s.entry,
          absl::StrCat("conflict, not extracted: ", Shown(folder->second),
                       " is also a folder of other entries (paths ignore case)")));
      continue;
    }
    if (auto first = files.find(lower); first != files.end()) {
      report.Problem(EntryProblem(
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

}  // namespace

ExtractCounts ExtractHpi(const hpi::HpiArchive& archive, Bytes file,
                         const std::vector<std::string>& globs, contexts::ConfinedFolder& target,
                         int threads, ExtractObserver& observer) {
  Locked report(observer);
  ExtractCounts counts;
  const std::vector<const hpi::HpiEntry*> selected = Select(archive, globs, report);
  counts.selected = selected.size();
  const std::vector<Planned> plan = Plan(archive, selected, report);
  std::unordered_map<const hpi::HpiEntry*, const Planned*> planned;
  std::vector<const hpi::HpiEntry*> entries;
  uint64_t total_bytes = 0;
  for (const Planned& p : plan) {
    planned[p.entry] = &p;
    entries.push_back(p.entry);
    total_bytes += p.entry->size;
  }

  std::atomic<size_t> written{0}, done{0};
  std::atomic<uint64_t> written_bytes{0};
  observer.Start(entries.size(), total_bytes);
  hpi::ReadEntriesParallel(
      archive, file, entries, threads,
      [&](const hpi::HpiEntry& e, absl::StatusOr<Bytes> data) {
        // The sink runs on worker threads, where an escaping exception would
        // end the process.
        try {
          if (!data.ok()) {
            report.Problem(ReadProblem(archive.name, e, data.status()));
          } else if (absl::Status s = target.WriteFile(planned.at(&e)->relative, *data,
                                                       contexts::Flush::kNo);
                     !s.ok()) {
            report.Problem(EntryProblem(archive.name, e, s.message()));
          } else {
            ++written;
            written_bytes += data->size();
          }
        } catch (const std::exception& ex) {
          report.Problem(EntryProblem(archive.name, e, ex.what()));
        }
        ++done;
        report.Done(e.size);
        return !report.Stopped();
      });
  // One flush of the whole file system instead of one per file.
  if (written > 0) {
    if (absl::Status s = target.FlushAll(); !s.ok()) report.Problem(std::string(s.message()));
  }
  counts.written = written;
  counts.written_bytes = written_bytes;
  counts.problems = report.problems();
  counts.stopped = done < entries.size();
  return counts;
}

}  // namespace kbot::tools
