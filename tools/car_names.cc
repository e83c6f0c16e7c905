#include "tools/car_names.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "formats/gta/fxt.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {

// The model a key "car<digits>" names (any case); nullopt for another key.
std::optional<int> ModelOfKey(absl::string_view key) {
  if (key.size() < 4 || key.size() > 6 || !absl::StartsWithIgnoreCase(key, "car")) {
    return std::nullopt;
  }
  key.remove_prefix(3);
  for (char c : key) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return std::nullopt;
  }
  int model = 0;
  if (!absl::SimpleAtoi(key, &model)) return std::nullopt;
  return model;
}

// The texts at `path` read as an FXT; the error names the path.
absl::StatusOr<gta::Fxt> ReadTexts(const std::string& path, const ReadBytes& read) {
  absl::StatusOr<contexts::Blob> blob = read(path);
  if (!blob.ok()) return blob.status();
  const Asset asset{path, blob->bytes()};
  if (absl::Status s = RequireKind(asset, {FileKind::kFxt}); !s.ok()) return s;
  return gta::ReadFxt(asset.bytes, path);
}

}  // namespace

std::optional<std::string> CarNames::NameOf(int model) const {
  auto it = by_model.find(model);
  if (it == by_model.end()) return std::nullopt;
  return it->second;
}

std::string CarNames::MissingNote(const std::vector<int>& models) const {
  std::vector<int> missing;
  for (int m : models) {
    if (!NameOf(m)) missing.push_back(m);
  }
  if (missing.empty()) return "";
  if (!texts) return absl::StrCat("no car names: ", why_none);
  return absl::StrCat("no name for model", missing.size() == 1 ? " " : "s ",
                      absl::StrJoin(missing, ", "), ": ", *texts, " has no key car<model>");
}

std::string DefaultCarTexts(const std::string& style_path) {
  const size_t slash = style_path.find_last_of("/\\");
  return absl::StrCat(slash == std::string::npos ? "" : style_path.substr(0, slash + 1),
                      kCarTextsName);
}

absl::StatusOr<CarNames> ReadCarNames(const std::string& style_path,
                                      const std::optional<std::string>& texts,
                                      const ReadBytes& read) {
  CarNames out;
  const std::string path = texts.value_or(DefaultCarTexts(style_path));
  absl::StatusOr<gta::Fxt> fxt = ReadTexts(path, read);
  if (!fxt.ok()) {
    if (texts) {
      return absl::Status(fxt.status().code(),
                          absl::StrCat("texts ", path, ": ", fxt.status().message()));
    }
    out.why_none = absl::StrCat("looked for ", path, " (any case) beside the style: ",
                                fxt.status().message());
    return out;
  }
  out.texts = path;
  for (const gta::FxtRecord& r : fxt->records) {
    if (std::optional<int> model = ModelOfKey(r.key)) out.by_model.emplace(*model, r.text);
  }
  return out;
}

}  // namespace kbot::tools
