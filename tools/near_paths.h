// The way forward from "no such file": the paths of a context the caller may
// have meant, for an error an assistant can act on without a listing.
#pragma once

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "contexts/vfs.h"

namespace kbot::tools {

// Up to `most` paths of `vfs` near `wanted`, best first: the same file name
// in another folder, then file names a few edits away (base/near_names.h),
// those in the folder asked for first. A copy that an upper layer hides is
// offered by its archive path ("demo.ufo/anims/cursors.gaf") when `wanted`
// names that archive. Nothing when the listing fails.
std::vector<std::string> NearPaths(const contexts::Vfs& vfs, absl::string_view wanted,
                                   size_t most = 3);

// `status` (a NotFound for `wanted`) with "; did you mean A or B?" added when
// NearPaths finds any; any other status as it is.
absl::Status WithNearPaths(const contexts::Vfs& vfs, absl::string_view wanted,
                           const absl::Status& status);

}  // namespace kbot::tools
