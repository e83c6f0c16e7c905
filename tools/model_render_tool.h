// The tool model_render: a 3DO model drawn in software (formats/model3do/
// render.h) with the context's textures (tools/model_textures.h) in one
// player's team colour, from the game's view or any yaw and pitch, as a PNG;
// or a turntable of N yaw steps as an APNG or GIF; or a wireframe
// (docs/json.md, section model_render). `kbot 3do render` writes the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "formats/image/picture.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

// The ?export= value of model_render's kbot:// links.
inline constexpr const char* kModelRenderExport = "model";

inline constexpr int kModelRenderSide = 256;  // the default width and height

struct ModelRenderRequest : AssetRequest {
  // Unset members take their defaults, so a link (kbot://...?export=model)
  // carries only what was asked.
  std::optional<int> yaw, pitch;  // degrees; default: the game's view
  std::optional<int> width, height;  // default 256 each
  std::optional<int> player;         // team colour, 0..9; default 0
  std::optional<std::vector<std::string>> hide;  // piece names not drawn
  std::optional<std::vector<std::string>> only;  // when given: only these pieces drawn
  std::optional<bool> wireframe;
  std::optional<int> turntable;   // yaw steps of a full turn
  std::optional<std::string> format;  // png (still), apng or gif (turntable)
  std::optional<std::string> target;
};
const RequestTable<ModelRenderRequest>& ModelRenderTable();

struct ModelRenderSummary {
  std::string path;
  std::string format;  // png, apng, gif
  int width = 0, height = 0;
  int frames = 1;
  double scale = 0;  // pixels per model unit
  int faces = 0;     // drawn (the first frame's)
  size_t bytes = 0;
  std::vector<std::string> missing_textures;
  std::vector<std::string> warnings;
  static const ResultTable<ModelRenderSummary>& Fields();
};

struct ModelRenderOutcome {
  ModelRenderSummary summary;
  std::vector<uint8_t> bytes;  // the encoded picture
  std::string mime_type;
  image::RgbaPicture first;  // the first frame, for a preview
};

absl::StatusOr<ModelRenderOutcome> RenderModelFile(const contexts::Context& context,
                                                   const ModelRenderRequest& request,
                                                   Progress& progress);

Tool ModelRenderTool();

}  // namespace kbot::tools
