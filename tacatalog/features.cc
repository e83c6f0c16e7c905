// Features: each top-level section of features/**/*.tdf (ta-maps.md).
#include <algorithm>
#include <numeric>

#include "absl/strings/str_cat.h"
#include "tacatalog/internal.h"

namespace kbot::tacatalog::internal {

namespace {

Feature MakeFeature(const tdf::TdfSection& s, const SourceFile& file,
                    std::vector<Warning>& problems) {
  Feature f;
  f.id = s.name;
  f.file = RefOf(file);
  f.line = s.at.line;
  f.section = &s;
  for (const std::string& hidden : file.hides) f.overrides.push_back({file.path, hidden});
  f.world = ValueOr(s, "world");
  f.description = ValueOr(s, "description");
  f.category = ValueOr(s, "category");
  f.object = ValueOr(s, "object");
  f.filename = ValueOr(s, "filename");
  f.seqname = ValueOr(s, "seqname");
  f.metal = NumberOf(s.Find("metal"), file.path, problems);
  f.energy = NumberOf(s.Find("energy"), file.path, problems);
  return f;
}

}  // namespace

void AddFeatures(Build& build, const Listing& listing) {
  Catalog& catalog = build.catalog;
  std::vector<size_t> order(listing.features.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return Precedes(listing.features[a], listing.features[b]);
  });
  for (size_t i : order) {
    const SourceFile& file = listing.features[i];
    const tdf::TdfFile* parsed = build.Read(file);
    if (parsed == nullptr) continue;
    for (const tdf::TdfSection& s : parsed->sections) {
      auto [it, fresh] = catalog.feature_index.emplace(Lower(s.name), catalog.features.size());
      if (!fresh) {
        Feature& winner = catalog.features[it->second];
        winner.overrides.push_back(RefOf(file));
        build.Warn({file.path, s.at.line,
                    absl::StrCat("feature ", s.name, " is defined again; ", winner.file.path,
                                 " line ", winner.line, " takes precedence")});
        continue;
      }
      std::vector<Warning> problems;
      catalog.features.push_back(MakeFeature(s, file, problems));
      for (Warning& w : problems) build.Warn(std::move(w));
    }
  }
  SortById(catalog.features, catalog.feature_index);
}

}  // namespace kbot::tacatalog::internal
