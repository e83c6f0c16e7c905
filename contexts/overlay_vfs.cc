#include "contexts/overlay_vfs.h"

#include <algorithm>
#include <optional>
#include <type_traits>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace kbot::contexts {

namespace {

class OverlayVfs final : public Vfs {
 public:
  explicit OverlayVfs(std::vector<std::shared_ptr<const Vfs>> layers)
      : layers_(std::move(layers)) {}

  absl::StatusOr<VfsFile> Read(absl::string_view path) const override {
    return FirstAnswer(path, [](const Vfs& layer, absl::string_view p) { return layer.Read(p); });
  }

  absl::StatusOr<VfsStat> Stat(absl::string_view path) const override {
    return FirstAnswer(path, [](const Vfs& layer, absl::string_view p) { return layer.Stat(p); });
  }

  absl::StatusOr<std::vector<VfsEntry>> List(Progress& progress) const override;

  std::vector<VfsSource> Sources() const override {
    std::vector<VfsSource> out;
    for (const auto& layer : layers_) {
      for (VfsSource& s : layer->Sources()) out.push_back(std::move(s));
    }
    return out;
  }

 private:
  template <typename Lookup>
  using Answer = std::invoke_result_t<Lookup, const Vfs&, absl::string_view>;

  template <typename Lookup>
  Answer<Lookup> FirstAnswer(absl::string_view path, Lookup lookup) const {
    // A path no layer could accept gets one answer, not one per layer.
    absl::StatusOr<std::string> norm = NormalizePath(path);
    if (!norm.ok()) return norm.status();
    absl::Status folder;
    for (const auto& layer : layers_) {
      auto answer = lookup(*layer, path);
      if (answer.ok()) return answer;
      if (absl::IsFailedPrecondition(answer.status())) {
        if (folder.ok()) folder = answer.status();
      } else if (!absl::IsNotFound(answer.status())) {
        return answer;
      }
    }
    if (std::optional<Answer<Lookup>> entry = ArchiveEntry(*norm, lookup)) return *entry;
    if (!folder.ok()) return folder;
    return absl::NotFoundError(absl::StrCat(path, ": no such file"));
  }

  // "demo.ufo/anims/cursors.gaf": that entry of the archive layer named by
  // the first component, even where an upper layer hides it (docs/design.md,
  // archive entry paths). Nothing when no archive layer has that name.
  template <typename Lookup>
  std::optional<Answer<Lookup>> ArchiveEntry(const std::string& norm, Lookup lookup) const {
    const size_t slash = norm.find('/');
    if (slash == std::string::npos) return std::nullopt;
    const absl::string_view archive = absl::string_view(norm).substr(0, slash);
    for (const auto& layer : layers_) {
      const std::vector<VfsSource> sources = layer->Sources();
      if (sources.size() != 1 || sources[0].kind != "archive" ||
          !absl::EqualsIgnoreCase(sources[0].name, archive)) {
        continue;
      }
      auto answer = lookup(*layer, absl::string_view(norm).substr(slash + 1));
      if (absl::IsNotFound(answer.status())) return std::nullopt;  // named as given
      if (answer.ok()) Prefix(*answer, sources[0].name);
      return answer;
    }
    return std::nullopt;
  }

  // The entry's own name, under its archive's: a cache keyed by the path
  // must not take it for the copy that hides it.
  static void Prefix(VfsStat& stat, absl::string_view archive) {
    stat.path = absl::StrCat(archive, "/", stat.path);
  }
  static void Prefix(VfsFile& file, absl::string_view archive) { Prefix(file.stat, archive); }

  std::vector<std::shared_ptr<const Vfs>> layers_;
};

absl::StatusOr<std::vector<VfsEntry>> OverlayVfs::List(Progress& progress) const {
  struct Keyed {
    std::string key;  // the lower-cased path: the listing order and the identity
    size_t layer;
    VfsEntry entry;
  };
  std::vector<Keyed> all;
  for (size_t i = 0; i < layers_.size(); ++i) {
    // Each layer counts from 0: offset so that the whole listing's count grows.
    StageProgress layer(progress, all.size(), 0);
    absl::StatusOr<std::vector<VfsEntry>> entries = layers_[i]->List(layer);
    if (!entries.ok()) return entries.status();
    for (VfsEntry& e : *entries) all.push_back({absl::AsciiStrToLower(e.path), i, std::move(e)});
  }
  // Stable: among copies of one path, the upper layer's come first.
  std::stable_sort(all.begin(), all.end(),
                   [](const Keyed& a, const Keyed& b) { return a.key < b.key; });
  std::vector<VfsEntry> out;
  out.reserve(all.size());
  for (size_t i = 0; i < all.size();) {
    size_t end = i;
    while (end < all.size() && all[end].key == all[i].key) ++end;
    // Every copy from the winning layer stays (a folder may hold names that
    // differ only in case); the lower layers' copies are hidden by the first.
    const size_t first = out.size();
    for (size_t j = i; j < end; ++j) {
      if (all[j].layer == all[i].layer) {
        out.push_back(std::move(all[j].entry));
      } else if (std::vector<std::string>& hides = out[first].hides;
                 hides.empty() || hides.back() != all[j].entry.source) {
        hides.push_back(std::move(all[j].entry.source));
      }
    }
    i = end;
  }
  return out;
}

}  // namespace

std::unique_ptr<Vfs> MakeOverlayVfs(std::vector<std::shared_ptr<const Vfs>> layers) {
  return std::make_unique<OverlayVfs>(std::move(layers));
}

}  // namespace kbot::contexts
