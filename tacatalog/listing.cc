// The files a catalog reads, found in the context's listing, each statted
// for its identity; and reading one through the parse cache.
#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "tacatalog/internal.h"

namespace kbot::tacatalog::internal {

namespace {

// Two 64-bit lanes (FNV-1a and a multiply-xorshift) over the same bytes: a
// fingerprint only compared within one process, where 128 bits make an
// accidental match of two different listings negligible.
struct Fingerprint {
  uint64_t a = 0xcbf29ce484222325ull, b = 0x9e3779b97f4a7c15ull;
  void Add(absl::string_view text) {
    for (unsigned char c : text) {
      a = (a ^ c) * 0x100000001b3ull;
      b = (b + c) * 0xff51afd7ed558ccdull;
      b ^= b >> 29;
    }
    Add(uint64_t(text.size()));  // keeps "ab"+"c" apart from "a"+"bc"
  }
  void Add(uint64_t n) {
    for (int i = 0; i < 8; ++i) {
      const unsigned char c = static_cast<unsigned char>(n >> (8 * i));
      a = (a ^ c) * 0x100000001b3ull;
      b = (b + c) * 0xff51afd7ed558ccdull;
      b ^= b >> 29;
    }
  }
};

bool OneLevel(absl::string_view lower, absl::string_view folder, absl::string_view ext) {
  if (!absl::StartsWith(lower, folder) || !absl::EndsWith(lower, ext)) return false;
  return lower.substr(folder.size()).find('/') == absl::string_view::npos;
}

// Which list of `listing` a lower-cased path belongs to; null for none.
std::vector<SourceFile>* ListFor(Listing& listing, absl::string_view lower, contexts::Game game) {
  const bool tak = game == contexts::Game::kTaKingdoms;
  if (OneLevel(lower, "units/", ".fbi")) return &listing.units;
  if (!tak && OneLevel(lower, "weapons/", ".tdf")) return &listing.weapons;
  if (absl::StartsWith(lower, "features/") && absl::EndsWith(lower, ".tdf")) {
    return &listing.features;
  }
  if (lower == "gamedata/sidedata.tdf") return &listing.sidedata;
  if (OneLevel(lower, "download/", ".tdf")) return &listing.download;
  if (!tak && OneLevel(lower, "guis/", ".gui")) return &listing.guis;
  if (tak && absl::StartsWith(lower, "canbuild/") && absl::EndsWith(lower, ".tdf") &&
      std::count(lower.begin(), lower.end(), '/') == 2) {
    return &listing.canbuild;
  }
  return nullptr;
}

bool IsAsset(absl::string_view lower) {
  return absl::StartsWith(lower, "objects3d/") || absl::StartsWith(lower, "scripts/") ||
         absl::StartsWith(lower, "unitpics/") || absl::StartsWith(lower, "anims/buildpic/");
}

// Stats `file` for its identity and adds it to the fingerprint; false (and a
// warning) when the stat fails.
bool Identify(const contexts::Vfs& vfs, SourceFile& file, Listing& listing, Fingerprint& print) {
  absl::StatusOr<contexts::VfsStat> stat = vfs.Stat(file.path);
  if (!stat.ok()) {
    listing.warnings.push_back({file.path, 0, std::string(stat.status().message())});
    return false;
  }
  file.identity = std::move(stat->identity);
  const contexts::FileIdentity& id = file.identity;
  if (!id.known()) listing.identities_known = false;
  listing.newest_ns = std::max(listing.newest_ns, id.modified_ns);
  for (absl::string_view text : {absl::string_view(file.path), absl::string_view(file.source),
                                 absl::string_view(id.file), absl::string_view(id.part)}) {
    print.Add(text);
  }
  for (uint64_t n : {id.device, id.inode, id.size, uint64_t(id.modified_ns)}) print.Add(n);
  return true;
}

}  // namespace

std::string Lower(absl::string_view text) { return absl::AsciiStrToLower(text); }

std::string Stem(absl::string_view path) {
  const size_t slash = path.rfind('/');
  absl::string_view name = slash == absl::string_view::npos ? path : path.substr(slash + 1);
  const size_t dot = name.rfind('.');
  return Lower(dot == absl::string_view::npos ? name : name.substr(0, dot));
}

bool Precedes(const SourceFile& a, const SourceFile& b) {
  return a.rank != b.rank ? a.rank < b.rank : a.order < b.order;
}

FileRef RefOf(const SourceFile& file) { return {file.path, file.source}; }

absl::StatusOr<Listing> ListCatalogFiles(const contexts::Vfs& vfs, contexts::Game game,
                                         const Limits& limits, Progress& progress) {
  absl::StatusOr<std::vector<contexts::VfsEntry>> entries = vfs.List(progress);
  if (!entries.ok()) return entries.status();
  absl::flat_hash_map<std::string, size_t> ranks;
  const std::vector<contexts::VfsSource> sources = vfs.Sources();
  for (size_t i = 0; i < sources.size(); ++i) ranks.emplace(sources[i].name, i);
  Listing listing;
  Fingerprint print;
  size_t taken = 0, left_out = 0;
  for (size_t i = 0; i < entries->size(); ++i) {
    contexts::VfsEntry& entry = (*entries)[i];
    const std::string lower = Lower(entry.path);
    if (IsAsset(lower)) {
      print.Add(entry.path);
      print.Add(entry.source);
      listing.assets.emplace(lower, std::move(entry.path));
      continue;
    }
    std::vector<SourceFile>* list = ListFor(listing, lower, game);
    if (list == nullptr) continue;
    if (taken == limits.max_files) {
      ++left_out;
      continue;
    }
    if (++taken % 256 == 0 && !progress.Report(taken, 0, absl::StrCat("statted ", taken,
                                                                      " files"))) {
      return absl::CancelledError("catalog: cancelled while looking at the files");
    }
    auto rank = ranks.find(entry.source);
    SourceFile file{std::move(entry.path), std::move(entry.source), std::move(entry.hides),
                    rank == ranks.end() ? sources.size() : rank->second, i, {}};
    if (Identify(vfs, file, listing, print)) list->push_back(std::move(file));
  }
  if (left_out > 0) {
    listing.warnings.push_back({"", 0, absl::StrCat("the catalog reads at most ", limits.max_files,
                                                    " files; ", left_out, " were left out")});
  }
  listing.fingerprint[0] = print.a;
  listing.fingerprint[1] = print.b;
  return listing;
}

std::shared_ptr<const tdf::TdfFile> ReadTdfFile(const contexts::Vfs& vfs,
                                                contexts::ParseCache* cache,
                                                const SourceFile& file,
                                                std::vector<Warning>& warnings) {
  using contexts::ParseCache;
  const ParseCache::Key key{file.identity, file.path, ParseCache::KindOf<tdf::TdfFile>("tdf")};
  if (cache != nullptr) {
    if (std::optional<ParseCache::Value> hit = cache->Find(key)) {
      if (hit->status.ok()) return std::static_pointer_cast<const tdf::TdfFile>(hit->value);
      warnings.push_back({file.path, 0, std::string(hit->status.message())});
      return nullptr;
    }
  }
  absl::StatusOr<contexts::VfsFile> read = vfs.Read(file.path);
  if (!read.ok()) {
    warnings.push_back({file.path, 0, std::string(read.status().message())});
    return nullptr;
  }
  absl::StatusOr<tdf::TdfFile> parsed = tdf::ParseTdf(read->bytes(), file.path);
  ParseCache::Value value;
  size_t bytes = 0;
  std::shared_ptr<const tdf::TdfFile> out;
  if (parsed.ok()) {
    out = std::make_shared<const tdf::TdfFile>(*std::move(parsed));
    value.value = out;
    bytes = TdfBytes(*out);
  } else {
    value.status = parsed.status();
    bytes = parsed.status().message().size();
    warnings.push_back({file.path, 0, std::string(parsed.status().message())});
  }
  // Kept under the identity of the bytes read (a file replaced since the
  // listing's stat is kept as what it now is).
  if (cache != nullptr) cache->Put({read->stat.identity, file.path, key.kind}, value, bytes);
  return out;
}

}  // namespace kbot::tacatalog::internal
