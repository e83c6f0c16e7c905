// The catalog's warnings about one definition (a weapon, a feature): those
// in its file from its section's '[' up to the next top-level section, so a
// describe says what the catalog found odd in the text it shows.
#pragma once

#include <string>
#include <vector>

#include "formats/tdf/tdf.h"
#include "tacatalog/catalog.h"

namespace kbot::tools {

// "weapons/weapons.tdf line 9: ARMCOM 'big' is not a number" for each of
// catalog.warnings in `file` within `section` (a top-level section of one of
// catalog.files; when it is none, only warnings on its own line).
std::vector<std::string> SectionWarnings(const tacatalog::Catalog& catalog,
                                         const tacatalog::FileRef& file,
                                         const tdf::TdfSection* section);

}  // namespace kbot::tools
