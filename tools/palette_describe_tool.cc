#include "tools/palette_describe_tool.h"

#include <map>
#include <tuple>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "formats/identify/identify.h"
#include "formats/image/picture.h"
#include "formats/image/png_encode.h"
#include "tools/file_kind.h"
#include "tools/image_result.h"
#include "tools/parsed_asset.h"
#include "tools/picture_delivery.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

constexpr const char* kSwatchExport = "swatch";

// The 20 colours Windows keeps at both ends of a 256-colour display's
// palette, with the names its documentation gives them
// (docs/formats/palettes.md, "TA's reserved indices").
struct StaticColor {
  int index;
  palette::Rgb color;
  const char* name;
};
constexpr StaticColor kWindowsStatic[] = {
    {0, {0, 0, 0}, "black"},          {1, {128, 0, 0}, "dark red"},
    {2, {0, 128, 0}, "dark green"},   {3, {128, 128, 0}, "dark yellow"},
    {4, {0, 0, 128}, "dark blue"},    {5, {128, 0, 128}, "dark magenta"},
    {6, {0, 128, 128}, "dark cyan"},  {7, {192, 192, 192}, "light grey"},
    {8, {192, 220, 192}, "money green"}, {9, {166, 202, 240}, "sky blue"},
    {246, {255, 251, 240}, "cream"},  {247, {160, 160, 164}, "light grey"},
    {248, {128, 128, 128}, "medium grey"}, {249, {255, 0, 0}, "red"},
    {250, {0, 255, 0}, "green"},      {251, {255, 255, 0}, "yellow"},
    {252, {0, 0, 255}, "blue"},       {253, {255, 0, 255}, "magenta"},
    {254, {0, 255, 255}, "cyan"},     {255, {255, 255, 255}, "white"},
};

// What TA does with a reserved index, where docs/formats/palettes.md and
// docs/formats/gaf.md can say.
const char* TaNote(int index) {
  switch (index) {
    case 0: return "black in TA too; some TA frames store 0 as their transparency key";
    case 7: return "TA has (128, 128, 128) here, where Windows has light grey (192, 192, 192)";
    case 9:
      return "TA has (84, 84, 252) here, where Windows has sky blue (166, 202, 240); most TA "
             "frames store 9 as their transparency key";
    default: return "";
  }
}

std::string HexColor(const palette::Rgb& c) {
  return absl::StrFormat("#%02x%02x%02x", c.r, c.g, c.b);
}

std::vector<PaletteDuplicate> DuplicatesOf(const palette::Palette& pal, size_t& distinct) {
  std::map<std::tuple<int, int, int>, std::vector<int>> at;
  std::vector<std::tuple<int, int, int>> order;  // by first index
  for (int i = 0; i < 256; ++i) {
    const palette::Rgb& c = pal.colors[i];
    std::vector<int>& indices = at[{c.r, c.g, c.b}];
    if (indices.empty()) order.push_back({c.r, c.g, c.b});
    indices.push_back(i);
  }
  distinct = order.size();
  std::vector<PaletteDuplicate> out;
  for (const auto& key : order) {
    const std::vector<int>& indices = at[key];
    if (indices.size() < 2) continue;
    const auto [r, g, b] = key;
    out.push_back({HexColor({uint8_t(r), uint8_t(g), uint8_t(b)}), indices});
  }
  return out;
}

std::vector<PaletteReserved> ReservedOf(const palette::Palette& pal) {
  std::vector<PaletteReserved> out;
  for (const StaticColor& s : kWindowsStatic) {
    const palette::Rgb& mine = pal.colors[s.index];
    const palette::Rgb& ta = palette::TaPalette().colors[s.index];
    out.push_back({s.index, HexColor(mine), "windows-static", s.name, HexColor(s.color),
                   HexColor(ta), mine == s.color, mine == ta, TaNote(s.index)});
  }
  return out;
}

// Colour i fills cell (i % 16, i / 16), each cell kSwatchSide / 16 pixels.
absl::StatusOr<std::vector<uint8_t>> Swatch(const palette::Palette& pal) {
  constexpr int cell = kSwatchSide / kSwatchCells;
  image::RgbaPicture picture(kSwatchSide, kSwatchSide);
  for (int y = 0; y < kSwatchSide; ++y) {
    for (int x = 0; x < kSwatchSide; ++x) {
      const palette::Rgb& c = pal.colors[(y / cell) * kSwatchCells + x / cell];
      uint8_t* p = &picture.rgba[(size_t(y) * kSwatchSide + x) * 4];
      p[0] = c.r;
      p[1] = c.g;
      p[2] = c.b;
      p[3] = 255;
    }
  }
  return image::EncodeRgbaPng(picture);
}

// The palette `asset` holds and its format: a PAL by its kind or size, a PCX
// only of version 5, the one version with a 256-colour trailer.
absl::StatusOr<palette::Palette> ReadPalette(const Asset& asset, std::string& format) {
  const identify::FileKind kind = identify::IdentifyFile(asset.bytes).kind;
  if (kind == FileKind::kPcx) {
    format = "pcx";
    if (asset.bytes[1] != 5) {
      return AssetError(asset, absl::StatusCode::kInvalidArgument,
                        absl::StrCat("a version ", int(asset.bytes[1]), " PCX has no 256-colour "
                                     "palette (only version 5 carries one)"));
    }
    return palette::ParsePcxPalette(asset.bytes, asset.path);
  }
  format = asset.bytes.size() == palette::kPalSize ? "pal" : "pcx";
  return palette::ParsePalette(asset.bytes, asset.path);
}

}  // namespace

const RequestTable<PaletteDescribeRequest>& PaletteDescribeTable() {
  static const RequestTable<PaletteDescribeRequest> table = [] {
    RequestTable<PaletteDescribeRequest> t;
    AddAssetParams(t, "A PAL (1024 bytes) or a 256-colour PCX");
    return t;
  }();
  return table;
}

const ResultTable<PaletteColor>& PaletteColor::Fields() {
  using C = PaletteColor;
  static const ResultTable<C> table = ResultTable<C>()
      .Add("index", &C::index, CountSchema())
      .Add("r", &C::r, CountSchema())
      .Add("g", &C::g, CountSchema())
      .Add("b", &C::b, CountSchema())
      .Add("hex", &C::hex, StringSchema());
  return table;
}

const ResultTable<PaletteDuplicate>& PaletteDuplicate::Fields() {
  using D = PaletteDuplicate;
  static const ResultTable<D> table = ResultTable<D>()
      .Add("hex", &D::hex, StringSchema())
      .Add("indices", &D::indices, {{"type", "array"}, {"items", CountSchema()}});
  return table;
}

const ResultTable<PaletteReserved>& PaletteReserved::Fields() {
  using R = PaletteReserved;
  static const ResultTable<R> table = ResultTable<R>()
      .Add("index", &R::index, CountSchema())
      .Add("hex", &R::hex, StringSchema())
      .Add("role", &R::role, {{"enum", {"windows-static"}}})
      .Add("name", &R::name, StringSchema())
      .Add("windows", &R::windows, StringSchema())
      .Add("ta", &R::ta, StringSchema())
      .Add("matches_windows", &R::matches_windows, BooleanSchema())
      .Add("matches_ta", &R::matches_ta, BooleanSchema())
      .Add("note", &R::note, StringSchema());
  return table;
}

const ResultTable<PaletteSwatch>& PaletteSwatch::Fields() {
  using S = PaletteSwatch;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("cell", &S::cell, CountSchema())
      .Add("bytes", &S::bytes, CountSchema());
  return table;
}

const ResultTable<PaletteDescription>& PaletteDescription::Fields() {
  using D = PaletteDescription;
  static const ResultTable<D> table = ResultTable<D>()
      .Add("path", &D::path, StringSchema())
      .Add("format", &D::format, {{"enum", {"pal", "pcx"}}})
      .Add("colors", &D::colors, ArraySchema<PaletteColor>())
      .Add("distinct", &D::distinct, CountSchema())
      .Add("duplicates", &D::duplicates, ArraySchema<PaletteDuplicate>())
      .Add("reserved", &D::reserved, ArraySchema<PaletteReserved>())
      .Add("swatch", &D::swatch, ObjectSchema<PaletteSwatch>());
  return table;
}

absl::StatusOr<PaletteDescribeOutcome> DescribePalette(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, kPaletteKinds); !s.ok()) return s;
  PaletteDescribeOutcome out;
  PaletteDescription& d = out.description;
  absl::StatusOr<palette::Palette> pal = ReadPalette(asset, d.format);
  if (!pal.ok()) return pal.status();
  d.path = asset.path;
  for (int i = 0; i < 256; ++i) {
    const palette::Rgb& c = pal->colors[i];
    d.colors.push_back({i, c.r, c.g, c.b, HexColor(c)});
  }
  d.duplicates = DuplicatesOf(*pal, d.distinct);
  d.reserved = ReservedOf(*pal);
  absl::StatusOr<std::vector<uint8_t>> png = Swatch(*pal);
  if (!png.ok()) return png.status();
  out.png = *std::move(png);
  d.swatch = {kSwatchSide, kSwatchSide, kSwatchSide / kSwatchCells, out.png.size()};
  return out;
}

namespace {

size_t PaletteOutcomeBytes(const PaletteDescribeOutcome& out) {
  const PaletteDescription& d = out.description;
  return sizeof(out) + VectorBytes(out.png) + VectorBytes(d.colors) +
         VectorBytes(d.duplicates) + VectorBytes(d.reserved);
}

// The description and swatch of an unchanged file, kept: the swatch's PNG
// costs more than reading the 1 KB it comes from.
const AssetParser<PaletteDescribeOutcome>& PaletteOutcomeParser() {
  static const AssetParser<PaletteDescribeOutcome> parser{"palette_describe", DescribePalette,
                                                          PaletteOutcomeBytes};
  return parser;
}

absl::StatusOr<PaletteDescribeOutcome> DescribeInContext(const contexts::Context& context,
                                                         const PaletteDescribeRequest& request) {
  return WithParsedAsset(context, request.path, PaletteOutcomeParser(),
                         [](const ParsedAsset<PaletteDescribeOutcome>& parsed) {
                           return absl::StatusOr<PaletteDescribeOutcome>(*parsed.value);
                         });
}

}  // namespace

ToolResult RunPaletteDescribe(const contexts::Context& context,
                              const PaletteDescribeRequest& request, const Limits& limits) {
  absl::StatusOr<PaletteDescribeOutcome> described = DescribeInContext(context, request);
  if (!described.ok()) return ErrorResult(described.status());
  PaletteDescribeRequest resolved = request;
  resolved.path = described->description.path;
  // A 128 x 128 swatch is far under any inline limit; the link is there for
  // a limit set lower than that, and for resources/read and /render/.
  return DeliverPicture(
      PaletteDescription::Fields().ToJson(described->description),
      {described->png, "image/png", kSwatchSide, kSwatchSide,
       absl::StrCat(resolved.path, " colour swatch (16 x 16 cells)"), "", "png"},
      limits,
      [&] {
        return PictureLink{PictureUri(context, kSwatchExport, PaletteDescribeTable(), resolved),
                           absl::StrCat(resolved.path, " (palette swatch)"), "swatch"};
      },
      [] { return std::optional<PicturePreview>(); });
}

Tool PaletteDescribeTool() {
  Tool tool = MakeContextTool<PaletteDescribeRequest>(
      {"palette_describe", "Describe a palette",
       "A PAL or PCX palette's 256 colours, with a 16 x 16 swatch picture."},
      PaletteDescribeTable(), PictureToolOutput(PaletteDescription::Fields().Schema()),
      [](const contexts::Context& context, const PaletteDescribeRequest& request,
         const ToolCall& call) { return RunPaletteDescribe(context, request, call.limits); });
  tool.picture = MakePngExport(kSwatchExport, PaletteDescribeTable(), DescribeInContext);
  return tool;
}

}  // namespace kbot::tools
