#include "tools/sprite_sheet_tool.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "formats/image/numbered_sheet.h"
#include "formats/image/sheet.h"
#include "formats/image/scale.h"
#include "tools/gta_sprites.h"

namespace kbot::tools {

const RequestTable<SpriteSheetRequest>& SpriteSheetTable() {
  static const RequestTable<SpriteSheetRequest> table = [] {
    using R = SpriteSheetRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The style (.G24/.GRY)")
        .Add("kind", &R::kind, KindParam(), true)
        .Add("remap", &R::remap,
             IntegerParam(0, kMaxRemapArgument, "Vehicles 1-12 (0 own), peds 0-63"))
        .Add("first", &R::first, {{"type", "integer"}, {"minimum", 0}, {"description", "In the kind"}})
        .Add("count", &R::count, IntegerParam(1, 1024, "Default: the rest, at most 100"))
        .Add("scale", &R::scale, IntegerParam(1, 8, "Default: up to 1024 px"));
    return t;
  }();
  return table;
}

const ResultTable<SpriteSheetSummary>& SpriteSheetSummary::Fields() {
  using S = SpriteSheetSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("kind", &S::kind, StringSchema())
      .Add("first", &S::first, CountSchema())
      .Add("count", &S::count, CountSchema())
      .Add("total", &S::total, CountSchema(), false)
      .Add("next_first", &S::next_first, {{"type", {"integer", "null"}}}, false)
      .AddWhenSet("remap", &S::remap, CountSchema())
      .Add("columns", &S::columns, CountSchema(), false)
      .Add("scale", &S::scale, CountSchema(), false)
      .Add("width", &S::width, CountSchema(), false)
      .Add("height", &S::height, CountSchema(), false)
      .Add("warnings", &S::warnings, StringArraySchema())
      .Add("bytes", &S::bytes, CountSchema(), false);
  return table;
}

namespace {

// How many sprites the sheet holds, or why none.
absl::StatusOr<int> SheetCount(const Asset& asset, const SpriteSheetRequest& r, int total) {
  if (r.first >= total || (r.count && r.first + *r.count > total)) {
    return AssetError(asset, absl::StatusCode::kOutOfRange,
                      absl::StrCat(r.kind, " sprites ", r.first, "..",
                                   r.first + r.count.value_or(1) - 1, ": the style has ", total,
                                   " ", r.kind, " sprite(s)"));
  }
  return r.count.value_or(std::min(total - r.first, kDefaultSheetSprites));
}

// A remap given for a kind that takes none is the caller's mistake; for a
// vehicle without a car record, only that sprite's (a warning).
absl::Status RemapAllowed(const Asset& asset, const SpriteSheetRequest& r,
                          gta::SpriteKind kind) {
  if (r.remap && kind != gta::SpriteKind::kPed && !IsVehicleKind(kind)) {
    return AssetError(asset, absl::StatusCode::kInvalidArgument,
                      absl::StrCat(r.kind, " sprites take no remap: remaps are for vehicles "
                                           "(1-12) and pedestrians (0-63)"));
  }
  if (r.remap && IsVehicleKind(kind) && *r.remap > gta::kCarRemaps) {
    return AssetError(asset, absl::StatusCode::kInvalidArgument,
                      absl::StrCat("remap ", *r.remap, ": a vehicle has remaps 1-",
                                   gta::kCarRemaps, " (0: its own palette)"));
  }
  return absl::OkStatus();
}

// One sprite drawn as asked, else in its own palette, else nothing: a
// warning says which.
std::optional<image::RgbaPicture> DrawOne(const StyleSpriteSet& set, const gta::SpriteRecord& s,
                                          std::optional<int> remap,
                                          std::vector<std::string>& warnings) {
  const std::string name = absl::StrCat(gta::SpriteKindName(s.kind), " ", s.number_in_kind);
  absl::StatusOr<gta::SpriteRemap> wanted = RemapFor(set, s, remap);
  if (!wanted.ok()) {
    warnings.push_back(absl::StrCat(name, " drawn in its own palette: ", wanted.status().message()));
    wanted = gta::SpriteRemap{};
  }
  absl::StatusOr<gta::DrawnSprite> d = gta::DrawSprite(set.style, s, *wanted, {});
  if (!d.ok()) {
    warnings.push_back(absl::StrCat(name, " not drawn: ", d.status().message()));
    return std::nullopt;
  }
  return std::move(d->picture);
}

}  // namespace

absl::StatusOr<SpriteSheetOutcome> DrawSpriteSheet(const Asset& asset,
                                                   const SpriteSheetRequest& request,
                                                   Progress& progress) {
  absl::StatusOr<gta::SpriteKind> named = KindNamed(asset, request.kind);
  if (!named.ok()) return named.status();
  const gta::SpriteKind kind = *named;
  if (absl::Status s = RemapAllowed(asset, request, kind); !s.ok()) return s;
  absl::StatusOr<StyleSpriteSet> set = ReadSpriteSet(asset);
  if (!set.ok()) return set.status();
  const int total = set->sprites.StoredOf(kind);
  absl::StatusOr<int> count = SheetCount(asset, request, total);
  if (!count.ok()) return count.status();
  SpriteSheetOutcome out;
  SpriteSheetSummary& s = out.summary;
  std::vector<std::optional<image::RgbaPicture>> drawn;
  int w = 1, h = 1;
  for (int i = 0; i < *count; ++i) {
    const gta::SpriteRecord& sprite = set->sprites.sprites[set->sprites.FirstOf(kind) + request.first + i];
    drawn.push_back(DrawOne(*set, sprite, request.remap, s.warnings));
    if (drawn.back()) w = std::max(w, drawn.back()->width), h = std::max(h, drawn.back()->height);
    if (!progress.Report(i + 1, *count)) return absl::CancelledError("the sheet was cancelled");
  }
  image::RgbaAnimation frames{w, h, {}, {}, false};
  for (const std::optional<image::RgbaPicture>& d : drawn) {
    frames.frames.push_back(d ? image::Centred(*d, w, h) : image::RgbaPicture(w, h));
    frames.ticks.push_back(1);
  }
  const int scale =
      request.scale.value_or(std::min(8, image::NumberedSheetScale(frames.frames.size(), w, h,
                                                                   kSheetFitSide, kSheetFitSide)));
  absl::StatusOr<image::RgbaPicture> sheet =
      image::MakeNumberedSheet(frames, scale, image::kMaxScaledPixels, request.first);
  if (!sheet.ok()) return AssetError(asset, sheet.status().code(), sheet.status().message());
  const image::NumberedSheetLayout layout =
      image::NumberedLayout(frames.frames.size(), w, h, scale);
  s.path = asset.path;
  s.kind = request.kind;
  s.first = request.first;
  s.count = *count;
  s.total = total;
  if (request.first + *count < total) s.next_first = request.first + *count;
  s.remap = request.remap;
  s.columns = layout.columns, s.scale = scale;
  s.width = sheet->width, s.height = sheet->height;
  s.warnings.insert(s.warnings.begin(), set->warnings.begin(), set->warnings.end());
  absl::StatusOr<EncodedPicture> image = EncodePicture(*std::move(sheet));
  if (!image.ok()) return image.status();
  out.image = *std::move(image);
  s.bytes = out.image.png.size();
  return out;
}

namespace {

const DrawingTool<SpriteSheetRequest, SpriteSheetSummary>& SpriteSheetPicture() {
  static const DrawingTool<SpriteSheetRequest, SpriteSheetSummary> tool{
      kSpriteSheetExport, SpriteSheetTable(),
      [](const contexts::Context&, const Asset& asset, const SpriteSheetRequest& request,
         Progress& progress) { return DrawSpriteSheet(asset, request, progress); },
      [](const SpriteSheetSummary& s) {
        return absl::StrCat(s.path, " ", s.kind, " sprites ", s.first, "..",
                            s.first + s.count - 1,
                            s.remap ? absl::StrCat(" (remap ", *s.remap, ")") : "");
      }};
  return tool;
}

}  // namespace

Tool SpriteSheetTool() {
  return SpriteSheetPicture().Make(
      {"sprite_sheet", "Draw a GTA1 style's sprites",
       "A numbered sheet of one kind's sprites of a GTA1 style, in a remap."});
}

}  // namespace kbot::tools
