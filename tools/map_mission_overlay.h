// map_render's mission overlay: one mission of the MISSION.INI beside a GTA1
// map, drawn over a render (docs/json.md, section map_render). Its cars and
// objects are drawn with their sprites, like the map's own (tools/
// map_objects_overlay.h); every other object (phones, triggers, the player,
// targets, power-ups...) is a marker coloured by what it is, with its line
// number beside it, which mission_describe lists.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "formats/gta/cmp.h"
#include "formats/gta/map_render.h"
#include "formats/gta/style.h"
#include "formats/image/picture.h"
#include "tools/result_fields.h"

namespace kbot::tools {

// One marker: the object's line number and type, and where its centre is in
// the picture (pixels).
struct MissionMark {
  int line = 0;
  std::string type;
  int x = 0, y = 0;
  static const ResultTable<MissionMark>& Fields();
};

struct MissionOverlay {
  int number = 0;
  std::string title, file;
  int sprites = 0;  // cars and objects drawn with their sprites
  int markers = 0;  // the other objects, marked
  int outside = 0;  // objects outside the picture, or unplaced (0, 0, 0)
  std::vector<MissionMark> marks;  // the first kMaxMissionMarks markers, in file order
  static const ResultTable<MissionOverlay>& Fields();
};
inline constexpr size_t kMaxMissionMarks = 200;

// Draws mission `number` of the MISSION.INI in the folder of `map_path`
// over `picture` (a render of `rect` at `pixels_per_cell`). Errors: no
// MISSION.INI there, one that does not read, no such mission (naming those
// there are). A mission set on another map is drawn, with a warning.
absl::StatusOr<MissionOverlay> DrawMission(const contexts::Context& context,
                                           const std::string& map_path, int number,
                                           const gta::Style& style, const gta::MapRect& rect,
                                           int pixels_per_cell, image::RgbaPicture& picture,
                                           Progress& progress, std::vector<std::string>& warnings);

}  // namespace kbot::tools
