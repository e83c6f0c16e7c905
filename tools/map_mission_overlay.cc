#include "tools/map_mission_overlay.h"

#include <algorithm>
#include <array>
#include <map>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "formats/gta/map_objects.h"
#include "formats/gta/mission.h"
#include "formats/gta/sprite_overlay.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"
#include "formats/image/digits.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

using Rgb = std::array<uint8_t, 3>;

// Types whose first value is a car model (the second an angle), and those
// whose first value is an object type (docs/formats/gta1_mission.md).
bool IsCarType(const std::string& t) {
  return t == "PARKED" || t == "PARKED_PIXELS" || t == "CAR" || t == "CARBOMB" ||
         t == "FUTURECAR";
}
bool IsObjectType(const std::string& t) { return t == "OBJECT" || t == "FUTURE"; }

// A marker's colour by what the object is, so a reader tells phones from
// triggers at a glance (docs/json.md, map_render).
Rgb MarkColour(const std::string& t) {
  if (t == "TELEPHONE" || t == "MPHONES" || t == "PHONE_TOGG") return {255, 220, 0};
  if (t == "PLAYER") return {40, 220, 60};
  if (t == "POWERUP") return {230, 60, 230};
  if (t == "TARGET" || t == "DUMMY") return {70, 140, 255};
  if (t.find("TRIG") != std::string::npos) return {235, 40, 40};
  return {255, 255, 255};
}

absl::StatusOr<gta::MissionFile> ReadMissions(const contexts::Context& context,
                                              const std::string& map_path, std::string& path) {
  const size_t slash = map_path.rfind('/');
  path = (slash == std::string::npos ? "" : map_path.substr(0, slash + 1)) + "MISSION.INI";
  absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(path);
  if (!file.ok()) {
    return absl::NotFoundError(absl::StrCat(map_path, ": no ", path, " beside the map to take ",
                                            "the mission from"));
  }
  path = file->stat.path;
  return gta::ReadMissionIni(file->blob.bytes(), path);
}

absl::StatusOr<const gta::Mission*> Find(const gta::MissionFile& file, const std::string& path,
                                         int number) {
  std::vector<int> numbers;
  for (const gta::Mission& m : file.missions) {
    if (m.number == number) return &m;
    if (numbers.size() < 20) numbers.push_back(m.number);
  }
  return absl::NotFoundError(absl::StrCat(path, " has no mission ", number, ": it has ",
                                          file.missions.size(), " (",
                                          absl::StrJoin(numbers, ", "),
                                          file.missions.size() > numbers.size() ? ", ..." : "",
                                          ")"));
}

// The sprite a car or object line is drawn with; NotFound for any other
// type, or one whose model or object type the style lacks.
absl::StatusOr<gta::PlacedSprite> SpriteOf(const gta::MissionObject& o,
                                           const gta::StyleSprites& sprites,
                                           const gta::StyleCars& cars) {
  const gta::WorldPixels at = gta::ObjectWorldPixels(o);
  gta::PlacedSprite p{int(at.x), int(at.y), int(at.z), 0, {}, 0,
                      absl::StrCat("mission object ", o.line_number, " (", o.type, ")")};
  if (o.params.size() < 2 || !(IsCarType(o.type) || IsObjectType(o.type))) {
    return absl::NotFoundError("no sprite");
  }
  p.rotation = o.params[1];
  if (IsCarType(o.type)) {
    const gta::CarInfo* car = cars.FindModel(o.params[0]);
    if (car == nullptr) return absl::NotFoundError(absl::StrCat("no car has model ", o.params[0]));
    absl::StatusOr<int> n = gta::CarSprite(*car, sprites);
    if (!n.ok()) return n.status();
    p.sprite = *n;
    return p;
  }
  if (o.params[0] < 0 || size_t(o.params[0]) >= cars.objects.size()) {
    return absl::NotFoundError(absl::StrCat("no object type ", o.params[0]));
  }
  absl::StatusOr<int> n = gta::ObjectSprite(cars.objects[o.params[0]], sprites);
  if (!n.ok()) return n.status();
  p.sprite = *n;
  return p;
}

void Put(image::RgbaPicture& pic, int x, int y, const Rgb& c) {
  if (x < 0 || y < 0 || x >= pic.width || y >= pic.height) return;
  uint8_t* p = pic.rgba.data() + 4 * (size_t(y) * pic.width + x);
  p[0] = c[0], p[1] = c[1], p[2] = c[2], p[3] = 255;
}

// A square of `colour` with a black rim centred at (cx, cy), and the line
// number in white on black to its right.
void DrawMark(image::RgbaPicture& pic, int cx, int cy, int side, const Rgb& colour, int line) {
  const int half = side / 2;
  for (int y = -half; y <= half; ++y) {
    for (int x = -half; x <= half; ++x) {
      const bool rim = std::abs(x) == half || std::abs(y) == half;
      Put(pic, cx + x, cy + y, rim ? Rgb{0, 0, 0} : colour);
    }
  }
  const int scale = side >= 12 ? 2 : 1;
  const int left = cx + half + 2, top = cy - image::kDigitHeight * scale / 2;
  const int width = image::NumberWidth(std::max(line, 0), scale);
  for (int y = top - 1; y <= top + image::kDigitHeight * scale; ++y) {
    for (int x = left - 1; x <= left + width; ++x) Put(pic, x, y, {0, 0, 0});
  }
  image::DrawNumber(std::max(line, 0), left, top, scale,
                    [&](int x, int y) { Put(pic, x, y, {255, 255, 255}); });
}

}  // namespace

const ResultTable<MissionMark>& MissionMark::Fields() {
  static const ResultTable<MissionMark> table = ResultTable<MissionMark>()
      .Add("line", &MissionMark::line, CountSchema())
      .Add("type", &MissionMark::type, StringSchema())
      .Add("x", &MissionMark::x, CountSchema())
      .Add("y", &MissionMark::y, CountSchema());
  return table;
}

const ResultTable<MissionOverlay>& MissionOverlay::Fields() {
  using S = MissionOverlay;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("number", &S::number, CountSchema())
      .Add("title", &S::title, StringSchema())
      .Add("file", &S::file, StringSchema())
      .Add("sprites", &S::sprites, CountSchema())
      .Add("markers", &S::markers, CountSchema())
      .Add("outside", &S::outside, CountSchema())
      .Add("marks", &S::marks, ArraySchema<MissionMark>());
  return table;
}

namespace {

struct Sorted {
  std::vector<gta::PlacedSprite> sprites;
  std::vector<const gta::MissionObject*> marks;
};

// Splits the mission's objects into sprites and markers, counting those with
// no place (0, 0, 0) or outside the picture as `outside`.
Sorted SortObjects(const gta::Mission& m, const gta::StyleSprites* sprites,
                   const gta::StyleCars& cars, const gta::MapRect& rect, int& outside) {
  Sorted out;
  const int64_t side = gta::kTileSide;
  for (const gta::MissionObject& o : m.objects) {
    const gta::WorldPixels at = gta::ObjectWorldPixels(o);
    if ((o.x == 0 && o.y == 0 && o.z == 0) || at.x < rect.x * side || at.y < rect.y * side ||
        at.x >= (rect.x + rect.w) * side || at.y >= (rect.y + rect.h) * side) {
      ++outside;
      continue;
    }
    absl::StatusOr<gta::PlacedSprite> p =
        sprites ? SpriteOf(o, *sprites, cars) : absl::NotFoundError("no sprites");
    if (p.ok()) {
      out.sprites.push_back(*std::move(p));
    } else {
      out.marks.push_back(&o);
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<MissionOverlay> DrawMission(const contexts::Context& context,
                                           const std::string& map_path, int number,
                                           const gta::Style& style, const gta::MapRect& rect,
                                           int pixels_per_cell, image::RgbaPicture& picture,
                                           Progress& progress, std::vector<std::string>& warnings) {
  MissionOverlay out;
  absl::StatusOr<gta::MissionFile> file = ReadMissions(context, map_path, out.file);
  if (!file.ok()) return file.status();
  absl::StatusOr<const gta::Mission*> mission = Find(*file, out.file, number);
  if (!mission.ok()) return mission.status();
  const gta::Mission& m = **mission;
  out.number = m.number;
  out.title = m.title;
  const std::string map_name = map_path.substr(map_path.rfind('/') + 1);
  if (!absl::EqualsIgnoreCase(m.map_file, map_name)) {
    warnings.push_back(absl::StrCat("mission ", number, " is set on ", m.map_file, ", not ",
                                    map_name, ": its objects are drawn on this map all the same"));
  }
  absl::StatusOr<gta::StyleSprites> sprites = gta::ReadStyleSprites(style);
  const gta::StyleCars cars = gta::ReadStyleCars(style);
  Sorted sorted = SortObjects(m, sprites.ok() ? &*sprites : nullptr, cars, rect, out.outside);
  if (sprites.ok()) {
    absl::StatusOr<gta::OverlayResult> drawn = gta::DrawSpritesOnMap(
        style, *sprites, sorted.sprites, rect, pixels_per_cell, picture, &progress);
    if (!drawn.ok()) return drawn.status();
    out.sprites = drawn->drawn;
    warnings.insert(warnings.end(), drawn->warnings.begin(), drawn->warnings.end());
  }
  const int side = std::clamp(pixels_per_cell / 2, 5, 15) | 1;  // odd: a centre pixel
  const double scale = double(pixels_per_cell) / gta::kTileSide;
  // Objects often share a block (a phone and the trigger that answers it):
  // each further marker at a place is drawn below the one before, so none
  // hides another; `marks` keeps the place itself.
  std::map<std::pair<int, int>, int> stacked;
  for (const gta::MissionObject* o : sorted.marks) {
    const gta::WorldPixels at = gta::ObjectWorldPixels(*o);
    const int x = int((at.x - rect.x * gta::kTileSide) * scale);
    const int y = int((at.y - rect.y * gta::kTileSide) * scale);
    const int below = stacked[{x, y}]++;
    DrawMark(picture, x, y + below * (side + 2), side, MarkColour(o->type), o->line_number);
    if (out.marks.size() < kMaxMissionMarks) out.marks.push_back({o->line_number, o->type, x, y});
  }
  out.markers = int(sorted.marks.size());
  return out;
}

}  // namespace kbot::tools
