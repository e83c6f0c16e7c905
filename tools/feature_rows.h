// The catalog's features as rows of a listing (tools/catalog_listing.h): the
// named fields feature_list shows and filters on.
//
//   id, description, world, category   the section name and its keys
//   metal, energy                      the keys read as numbers
//   object                             a 3DO under objects3d/, or null
//   filename, seqname                  a GAF under anims/ and its sequence, or
//   null file, source                       the file that won and where it came
//   from
// Any other name is a key of the feature's section, its text as in the file.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tacatalog/catalog.h"
#include "tools/catalog_listing.h"

namespace kbot::tools {

class FeatureRows : public RowSource {
 public:
  explicit FeatureRows(const tacatalog::Catalog& catalog) : catalog_(catalog) {}

  size_t size() const override { return catalog_.features.size(); }
  const char* Noun() const override { return "feature"; }
  bool MatchesText(size_t row, absl::string_view lowered) const override;
  const std::vector<std::string>& NamedFields() const override;
  bool AnyRowHasKey(absl::string_view key) const override;
  std::vector<std::string> AllKeys() const override;
  FieldValue Value(size_t row, absl::string_view name) const override;
  nlohmann::json FieldJson(size_t row, absl::string_view name) const override;

  // id, description, world, category, metal, energy.
  static const std::vector<std::string>& DefaultFields();

 private:
  const tacatalog::Catalog& catalog_;
};

// feature_list's own filters (ASCII case ignored, the whole value).
struct FeatureFilters {
  std::optional<std::string> world;     // "all worlds", "green planet" ...
  std::optional<std::string> category;  // "trees", "rocks", "corpses" ...
};

// The row filter of `filters`; InvalidArgument naming the values the
// features have when no feature has the world or category asked for.
absl::StatusOr<std::function<bool(size_t)>> FeatureFilter(const tacatalog::Catalog& catalog,
                                                          const FeatureFilters& filters);

}  // namespace kbot::tools
