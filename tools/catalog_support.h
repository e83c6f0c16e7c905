// What the catalog tools (unit_*, weapon_*, feature_*, side_list) share: the
// context's catalog (tacatalog/), and the items their results repeat: a file
// the catalog read, a key of a section, the catalog's warnings as text.
// docs/json.md describes each tool's answer.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "formats/tdf/tdf.h"
#include "nlohmann/json.hpp"
#include "tacatalog/catalog.h"
#include "tools/result_fields.h"

namespace kbot::tools {

// The catalog of `context`, built once and kept while its files are unchanged
// (tacatalog::CatalogOf). A gta context is refused: GTA1 has no units.
// Errors do not name the context (the tool adds it: InContext).
absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> ContextCatalog(
    const contexts::Context& context, Progress& progress);

// "ta" or "takingdoms": the game the catalog was read as.
std::string CatalogGame(const tacatalog::Catalog& catalog);

// A file the catalog read: its path in the context and where the bytes came
// from ("folder", "built-in", or an archive's name).
struct FileItem {
  std::string path;
  std::string source;
  static const ResultTable<FileItem>& Fields();
};
FileItem FileItemOf(const tacatalog::FileRef& file);
std::vector<FileItem> FileItemsOf(const std::vector<tacatalog::FileRef>& files);

// One entry of a definition: its key spelt as in the file, its value, its
// line. A key of a child section is "SECTION/key" ("DAMAGE/default").
struct KeyItem {
  std::string key;
  std::string value;
  uint32_t line = 0;
  static const ResultTable<KeyItem>& Fields();
};
// Every entry of `section` and of its children (depth first, each section's
// own entries first), file order, duplicates kept; none for nullptr.
std::vector<KeyItem> KeysOf(const tdf::TdfSection* section);

// "units/armcom.fbi line 12: ..." for each warning.
std::vector<std::string> WarningTexts(const std::vector<tacatalog::Warning>& warnings);

// The ids `wanted` may have meant among `ids` (spelling, and display names
// that equal it when `names` is given, each "ID (NAME)"), as an error's tail:
// "; did you mean ARMCOM or ARMCK?".
std::string SuggestIds(const std::string& wanted, const std::vector<std::string>& ids,
                       const std::vector<std::string>* names = nullptr);

// A number as JSON: whole values as integers (2500, not 2500.0), others as
// they are; null when absent.
nlohmann::json NumberJson(const std::optional<double>& value);

}  // namespace kbot::tools
