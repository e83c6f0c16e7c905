#include "tools/catalog_support.h"

#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/near_names.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

void AddKeys(const tdf::TdfSection& section, const std::string& prefix, std::vector<KeyItem>& out) {
  for (const tdf::TdfEntry& e : section.entries) {
    out.push_back({prefix + e.key, e.value, e.at.line});
  }
  for (const tdf::TdfSection& child : section.sections) {
    AddKeys(child, absl::StrCat(prefix, child.name, "/"), out);
  }
}

}  // namespace

absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> ContextCatalog(
    const contexts::Context& context, Progress& progress) {
  if (context.game == contexts::Game::kGta) {
    return absl::FailedPreconditionError(
        "a gta context has no units: units, weapons, features and sides are read in ta and "
        "takingdoms contexts (context_list shows each context's game)");
  }
  return tacatalog::CatalogOf(context, progress);
}

std::string CatalogGame(const tacatalog::Catalog& catalog) {
  return contexts::GameName(catalog.game);
}

const ResultTable<FileItem>& FileItem::Fields() {
  static const ResultTable<FileItem> table = ResultTable<FileItem>()
      .Add("path", &FileItem::path, StringSchema())
      .Add("source", &FileItem::source, StringSchema());
  return table;
}

FileItem FileItemOf(const tacatalog::FileRef& file) { return {file.path, file.source}; }

std::vector<FileItem> FileItemsOf(const std::vector<tacatalog::FileRef>& files) {
  std::vector<FileItem> out;
  out.reserve(files.size());
  for (const tacatalog::FileRef& f : files) out.push_back(FileItemOf(f));
  return out;
}

const ResultTable<KeyItem>& KeyItem::Fields() {
  static const ResultTable<KeyItem> table = ResultTable<KeyItem>()
      .Add("key", &KeyItem::key, StringSchema())
      .Add("value", &KeyItem::value, StringSchema())
      .Add("line", &KeyItem::line, CountSchema());
  return table;
}

std::vector<KeyItem> KeysOf(const tdf::TdfSection* section) {
  std::vector<KeyItem> out;
  if (section != nullptr) AddKeys(*section, "", out);
  return out;
}

std::vector<std::string> WarningTexts(const std::vector<tacatalog::Warning>& warnings) {
  std::vector<std::string> out;
  out.reserve(warnings.size());
  for (const tacatalog::Warning& w : warnings) out.push_back(tacatalog::WarningText(w));
  return out;
}

std::string SuggestIds(const std::string& wanted, const std::vector<std::string>& ids,
                       const std::vector<std::string>* names) {
  std::vector<std::string> near;
  if (names != nullptr) {
    // An assistant often has the display name ("Commander"), not the id.
    for (size_t i = 0; i < ids.size() && i < names->size() && near.size() < 5; ++i) {
      if (absl::EqualsIgnoreCase((*names)[i], wanted)) {
        near.push_back(absl::StrCat(ids[i], " (", (*names)[i], ")"));
      }
    }
  }
  if (near.empty()) near = NearNames(wanted, ids, 3);
  return DidYouMean(near);
}

nlohmann::json NumberJson(const std::optional<double>& value) {
  if (!value) return nullptr;
  const double v = *value;
  if (std::floor(v) == v && std::fabs(v) < 9.0e15) return static_cast<int64_t>(v);
  return v;
}

}  // namespace kbot::tools
