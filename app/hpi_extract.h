// `kbot hpi extract ARCHIVE [GLOB...] --target DIR`.
//
// Extracts what tools/hpi_extraction.h says, with its guarantees: nothing
// outside DIR, whole files only, case conflicts and corrupt entries reported
// ("kbot: hpi extract: ARCHIVE: ENTRY: why") while the rest comes out.
// Exit status 1 when anything was reported, else 0. Progress goes to stderr
// when it is a terminal.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace kbot::app {

struct HpiExtractOptions {
  std::string archive;
  std::optional<std::string> context;  // ARCHIVE is a path inside this context
  std::vector<std::string> globs;      // none: every entry
  std::string target;
  int threads = 0;                     // 0: every core
};

int RunHpiExtract(const HpiExtractOptions& options);

}  // namespace kbot::app
