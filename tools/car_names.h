// The names of a GTA1 style's cars, for car_list and car_describe: the text
// the key "car<model>" (decimal model id) gives in the game's texts
// (docs/formats/gta1.md, "Car info"). The texts are ENGLISH.FXT in the
// style's own folder, found whatever the case of its name (the game's names
// are upper case, copies often are not), or the file a request names.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/picture_export_tool.h"

namespace kbot::tools {

inline constexpr const char* kCarTextsName = "ENGLISH.FXT";

struct CarNames {
  // The texts the names come from; nullopt when none could be read.
  std::optional<std::string> texts;
  std::map<int, std::string> by_model;  // the first "car<model>" record of each model
  // Without texts: where they were looked for and why none were read.
  std::string why_none;

  std::optional<std::string> NameOf(int model) const;
  // One line saying where the names of `models` were looked for when any of
  // them has none; "" when all have one.
  std::string MissingNote(const std::vector<int>& models) const;
};

// The path of ENGLISH.FXT in the folder of `style_path` ('/' or '\').
std::string DefaultCarTexts(const std::string& style_path);

// The car names of the style at `style_path`, from `texts` when given, else
// from DefaultCarTexts, read with `read`. Missing or unreadable default texts
// are not an error (the names are null; why_none says where it looked); texts
// a request names that cannot be read, or are not an FXT, are, naming them.
absl::StatusOr<CarNames> ReadCarNames(const std::string& style_path,
                                      const std::optional<std::string>& texts,
                                      const ReadBytes& read);

}  // namespace kbot::tools
