#include "tools/gaf_sequences.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <tuple>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/near_names.h"
#include "formats/gaf/gaf.h"

namespace kbot::tools {

namespace {

// One file's sequences, by what identifies its content. Process-wide: the
// contexts of one run share it; an edited file has another key.
using FileKey = std::tuple<std::string, std::string, uint64_t, int64_t>;  // context, path...

class SequenceCache {
 public:
  bool Find(const FileKey& key, std::vector<GafSequenceName>& out) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = files_.find(key);
    if (it == files_.end()) return false;
    out.insert(out.end(), it->second.begin(), it->second.end());
    return true;
  }
  void Put(const FileKey& key, std::vector<GafSequenceName> names) {
    std::lock_guard<std::mutex> lock(mu_);
    // Bounded: a run that sees more files than this starts over rather
    // than grow without end.
    if (files_.size() > 100000) files_.clear();
    files_[key] = std::move(names);
  }

 private:
  std::mutex mu_;
  std::map<FileKey, std::vector<GafSequenceName>> files_;
};

SequenceCache& Cache() {
  static SequenceCache* cache = new SequenceCache();
  return *cache;
}

std::vector<GafSequenceName> ReadNames(const contexts::Context& context, const std::string& path) {
  std::vector<GafSequenceName> out;
  absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(path);
  if (!file.ok()) return out;
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(file->bytes(), path);
  if (!gaf.ok()) return out;
  for (size_t i = 0; i < gaf->sequences.size(); ++i) {
    out.push_back({path, i, gaf->sequences[i].name, gaf->sequences[i].frame_count});
  }
  return out;
}

}  // namespace

bool IsGafPath(absl::string_view path) {
  return absl::EndsWithIgnoreCase(path, ".gaf") || absl::EndsWithIgnoreCase(path, ".taf");
}

absl::StatusOr<std::vector<GafSequenceName>> ContextSequences(const contexts::Context& context,
                                                              Progress& progress) {
  absl::StatusOr<std::vector<contexts::VfsEntry>> entries = context.vfs->List(progress);
  if (!entries.ok()) return entries.status();
  std::vector<const contexts::VfsEntry*> gafs;
  for (const contexts::VfsEntry& e : *entries) {
    if (IsGafPath(e.path)) gafs.push_back(&e);
  }
  std::vector<GafSequenceName> out;
  for (size_t i = 0; i < gafs.size(); ++i) {
    if (!progress.Report(i, gafs.size(), absl::StrCat("reading the sequences of ", gafs[i]->path))) {
      return absl::CancelledError();
    }
    absl::StatusOr<contexts::VfsStat> stat = context.vfs->Stat(gafs[i]->path);
    if (!stat.ok()) continue;
    const FileKey key{context.name, stat->path, stat->size, stat->modified_ns};
    if (Cache().Find(key, out)) continue;
    std::vector<GafSequenceName> names = ReadNames(context, gafs[i]->path);
    out.insert(out.end(), names.begin(), names.end());
    Cache().Put(key, std::move(names));
  }
  progress.Report(gafs.size(), gafs.size(), absl::StrCat("read ", gafs.size(), " GAF(s)"));
  return out;
}

absl::StatusOr<GafSequenceName> FindContextSequence(const contexts::Context& context,
                                                    const std::string& name, Progress& progress) {
  absl::StatusOr<std::vector<GafSequenceName>> all = ContextSequences(context, progress);
  if (!all.ok()) return all.status();
  std::vector<const GafSequenceName*> same;
  std::vector<std::string> names;
  for (const GafSequenceName& s : *all) {
    if (absl::EqualsIgnoreCase(s.name, name)) same.push_back(&s);
    if (std::find(names.begin(), names.end(), s.name) == names.end()) names.push_back(s.name);
  }
  if (same.size() == 1) return *same[0];
  if (same.empty()) {
    return absl::NotFoundError(absl::StrCat("no GAF of the context has a sequence \"", name,
                                            "\" (asset_find searches names)",
                                            DidYouMean(NearNames(name, names, 3), "\"")));
  }
  std::vector<std::string> files;
  for (const GafSequenceName* s : same) files.push_back(absl::StrCat(s->path, " #", s->index));
  return absl::InvalidArgumentError(
      absl::StrCat("sequence \"", name, "\" is in ", same.size(), " files: ",
                   absl::StrJoin(files, ", "), "; give path to choose one"));
}

}  // namespace kbot::tools
