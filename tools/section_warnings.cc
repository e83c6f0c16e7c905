#include "tools/section_warnings.h"

#include <cstdint>
#include <limits>

namespace kbot::tools {

namespace {

// The line after the last one `section` spans: the next top-level section's
// '[' in its file, the end of the file for the last one.
uint32_t SectionEnd(const tacatalog::Catalog& catalog, const tdf::TdfSection& section) {
  for (const std::shared_ptr<const tdf::TdfFile>& file : catalog.files) {
    const std::vector<tdf::TdfSection>& sections = file->sections;
    for (size_t i = 0; i < sections.size(); ++i) {
      if (&sections[i] != &section) continue;
      return i + 1 < sections.size() ? sections[i + 1].at.line
                                     : std::numeric_limits<uint32_t>::max();
    }
  }
  return section.at.line + 1;
}

}  // namespace

std::vector<std::string> SectionWarnings(const tacatalog::Catalog& catalog,
                                         const tacatalog::FileRef& file,
                                         const tdf::TdfSection* section) {
  std::vector<std::string> out;
  if (section == nullptr) return out;
  const uint32_t begin = section->at.line, end = SectionEnd(catalog, *section);
  for (const tacatalog::Warning& w : catalog.warnings) {
    if (w.file == file.path && w.line >= begin && w.line < end) {
      out.push_back(tacatalog::WarningText(w));
    }
  }
  return out;
}

}  // namespace kbot::tools
