// The palette resolver: which palette an asset is drawn with, read through a
// context's VFS along the chain of chain.h.
//
// A file the chain names that does not exist is simply not a candidate. A
// file that exists but is not a usable palette (palette::ParsePalette fails,
// or it cannot be read) is never skipped silently: Candidates lists it as
// unusable with the reason, Resolve adds a warning and goes on. The override
// is the exception: the caller asked for it, so when it is missing or
// unusable Resolve fails.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "contexts/registry.h"
#include "contexts/vfs.h"
#include "formats/palette/palette.h"
#include "palettepick/chain.h"

namespace kbot::palettepick {

// A palette the chain found.
struct Candidate {
  Source source = Source::kEmbedded;
  // The VFS's own spelling of the file; as looked up when it could not be
  // read (an override that is missing); none for embedded.
  std::optional<std::string> path;
  bool usable = false;
  std::string problem;       // why not usable; it names the file
  palette::Palette palette;  // the colours, when usable
};

// Every palette the chain finds for `asset_path`, in priority order,
// unusable ones included (flagged), always ending with embedded. A given
// override is always listed first, unusable when missing. palettes/palette.pcx
// is listed only when palettes/palette.pal gave no usable palette, as that is
// the only time the chain reads it. Errors only for an `asset_path` that is
// not a valid context path.
absl::StatusOr<std::vector<Candidate>> Candidates(const contexts::Vfs& vfs, contexts::Game game,
                                                  absl::string_view asset_path,
                                                  const std::optional<std::string>& override_path);

// The palette an asset is drawn with.
struct Resolved {
  Source source = Source::kEmbedded;
  std::optional<std::string> path;  // the VFS's own spelling; none for embedded
  palette::Palette palette;
};

// The first usable candidate. It reads and parses only up to that one (it
// runs on every export). Each unusable candidate passed over adds one line to
// `warnings`, naming the source, the file and why. InvalidArgument when the
// override is missing or unusable, or `asset_path` is not a valid context
// path.
absl::StatusOr<Resolved> Resolve(const contexts::Vfs& vfs, contexts::Game game,
                                 absl::string_view asset_path,
                                 const std::optional<std::string>& override_path,
                                 std::vector<std::string>& warnings);

}  // namespace kbot::palettepick
