// The tool car_describe: one car record of a GTA1 style whole (every field,
// its 12 remaps, its doors), named from the game's texts, with its sprite
// drawn in a remap and, if asked, with its doors open (docs/json.md, section
// car_describe; the record: docs/formats/gta1.md, "Car info").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gta/style_cars.h"
#include "tools/image_result.h"
#include "tools/params.h"
#include "tools/picture_export_tool.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

// The names come from ENGLISH.FXT beside the style (car_list takes other
// texts; tools/list has no room for the argument twice).
struct CarDescribeRequest : AssetRequest {
  int model = 0;               // the model id (not the record's index)
  std::optional<int> remap;    // 0 (own palette) or 1-12; unset: own palette
  bool doors_open = false;     // each door's delta drawn over the sprite
};
// model and remap are bounded by the table's checks, not the schema (the
// bytes of tools/list): a model outside 0-255, a remap outside 0-12 (0 is
// the own palette, as leaving it out).
const RequestTable<CarDescribeRequest>& CarDescribeTable();
inline constexpr const char* kCarExport = "car";

struct CarRemapRow {
  int remap = 0;  // 1..12
  int h = 0, l = 0, s = 0;  // the 24-bit styles' hue, lightness, saturation shift
  int remap8 = 0;           // the 8-bit styles' remap table
  static const ResultTable<CarRemapRow>& Fields();
};

struct CarDoorRow {
  int rpy = 0, rpx = 0;  // from the car's centre, pixels (y first, as stored)
  int object = 0;
  int delta = 0;  // the sprite delta drawing it open
  static const ResultTable<CarDoorRow>& Fields();
};

// Every field of the record by the names of gta::CarInfo (rbp_mass as
// "mass", g1_thrust as "thrust"), with the vehicle type's name ("type"), the
// sprite's kind ("kind"), its number in the kind ("sprite") and absolute
// ("number", null when the kind has no such sprite), the 12 remaps
// ("remaps": CarRemapRow) and the doors ("doors": CarDoorRow). The 16.16
// values are the shortest decimals that store as the same integer (x 65536,
// rounded); "raw" holds the stored integers.
json CarFieldsJson(const gta::CarInfo& car, std::optional<int> absolute_sprite);

// How the picture was drawn.
struct CarPicture {
  std::optional<int> remap;  // as asked; null: the car's own palette
  bool doors_open = false;
  std::optional<int> clut, table;  // the CLUT (G24) or remap table (8-bit) used
  int scale = 1;               // FitSpriteScale
  int width = 0, height = 0;   // the PNG's
  size_t bytes = 0;            // the PNG's
  static const ResultTable<CarPicture>& Fields();
};

struct CarDescribeSummary {
  std::string path;
  json car = json::object();  // CarFieldsJson, and "name" (null without a text)
  CarPicture picture;
  std::vector<std::string> warnings;  // the style's, then a note on a missing name
  int scale = 1;  // picture.scale, for the caption (tools/image_result.h: ScaleOf)
  static const ResultTable<CarDescribeSummary>& Fields();
};

using CarDescribeOutcome = PictureOutcome<CarDescribeSummary>;

// The car of `request.model` in the style `asset` (refusing a file of
// another kind by name), named from the texts `read` finds beside it
// (tools/car_names.h), and its sprite drawn. Errors name the path: a model
// the style has no record of (listing the models it has), a sprite past its
// kind or with nothing to draw, a remap outside 0-12, a door delta the
// sprite does not have. (The first record of a model is the one described.)
absl::StatusOr<CarDescribeOutcome> DescribeCar(const Asset& asset,
                                               const CarDescribeRequest& request,
                                               const ReadBytes& read);

Tool CarDescribeTool();

}  // namespace kbot::tools
