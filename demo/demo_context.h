// The built-in demo context: what a run with no context serves, made by the
// factory the app hands contexts::Workspace::Open, so that contexts/ links no
// format writer.
#pragma once

#include "absl/status/statusor.h"
#include "contexts/workspace.h"

namespace kbot::demo {

inline constexpr const char* kDemoContextName = "demo";

// The demo context (game takingdoms, so that the corner-guess default and the
// palette chain have something to show) over MakeDemoAssets().
absl::StatusOr<contexts::Context> MakeDemoContext();

}  // namespace kbot::demo
