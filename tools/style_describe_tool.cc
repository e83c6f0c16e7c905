#include "tools/style_describe_tool.h"

#include "absl/status/status.h"
#include "formats/gta/style.h"
#include "tools/file_kind.h"
#include "tools/parsed_asset.h"

namespace kbot::tools {

namespace {

json HeaderJson(const gta::StyleHeader& h) {
  return {{"version", h.version},
          {"side_size", h.side_size},
          {"lid_size", h.lid_size},
          {"aux_size", h.aux_size},
          {"anim_size", h.anim_size},
          {"clut_size", h.clut_size},
          {"tile_clut_size", h.tile_clut_size},
          {"sprite_clut_size", h.sprite_clut_size},
          {"new_car_clut_size", h.new_car_clut_size},
          {"font_clut_size", h.font_clut_size},
          {"palette_index_size", h.palette_index_size},
          {"object_info_size", h.object_info_size},
          {"car_size", h.car_size},
          {"sprite_info_size", h.sprite_info_size},
          {"sprite_graphics_size", h.sprite_graphics_size},
          {"sprite_numbers_size", h.sprite_numbers_size}};
}

// An 8-bit style's thirteen words, in its own order.
json GryHeaderJson(const gta::StyleHeader& h) {
  return {{"version", h.version},
          {"side_size", h.side_size},
          {"lid_size", h.lid_size},
          {"aux_size", h.aux_size},
          {"anim_size", h.anim_size},
          {"palette_size", h.palette_size},
          {"remap_size", h.remap_size},
          {"remap_index_size", h.remap_index_size},
          {"object_info_size", h.object_info_size},
          {"car_size", h.car_size},
          {"sprite_info_size", h.sprite_info_size},
          {"sprite_graphics_size", h.sprite_graphics_size},
          {"sprite_numbers_size", h.sprite_numbers_size}};
}

const char* WhichName(uint8_t which) {
  return which == 0 ? "side" : which == 1 ? "lid" : "unknown";
}

}  // namespace

const RequestTable<StyleDescribeRequest>& StyleDescribeTable() {
  static const RequestTable<StyleDescribeRequest> table = [] {
    RequestTable<StyleDescribeRequest> t;
    AddAssetParams(t, "The .G24 or .GRY style");
    return t;
  }();
  return table;
}

const ResultTable<StyleSectionInfo>& StyleSectionInfo::Fields() {
  using S = StyleSectionInfo;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("name", &S::name, StringSchema())
      .Add("offset", &S::offset, CountSchema())
      .Add("size", &S::size, CountSchema())
      .Add("stored", &S::stored, CountSchema());
  return table;
}

const ResultTable<StyleTileCounts>& StyleTileCounts::Fields() {
  using S = StyleTileCounts;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("side", &S::side, CountSchema())
      .Add("lid", &S::lid, CountSchema())
      .Add("aux", &S::aux, CountSchema())
      .Add("total", &S::total, CountSchema(), false);
  return table;
}

const ResultTable<StyleAnimationInfo>& StyleAnimationInfo::Fields() {
  using S = StyleAnimationInfo;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("index", &S::index, CountSchema())
      .Add("block", &S::block, CountSchema())
      .Add("which", &S::which, {{"type", "string"}, {"enum", {"side", "lid", "unknown"}}})
      .Add("which_value", &S::which_value, CountSchema(), false)
      .Add("speed", &S::speed, CountSchema())
      .Add("frames", &S::frames, {{"type", "array"}, {"items", CountSchema()}});
  return table;
}

const ResultTable<StylePaletteIndex>& StylePaletteIndex::Fields() {
  using S = StylePaletteIndex;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("entries", &S::entries, CountSchema())
      .Add("tile_entries", &S::tile_entries, CountSchema(), false);
  return table;
}

const ResultTable<StyleDescription>& StyleDescription::Fields() {
  using S = StyleDescription;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("header", &S::header, {{"type", "object"}})
      .Add("sections", &S::sections, ArraySchema<StyleSectionInfo>())
      .Add("tiles", &S::tiles, ObjectSchema<StyleTileCounts>())
      .Add("animations", &S::animations, ArraySchema<StyleAnimationInfo>())
      .Add("depth", &S::depth, CountSchema(), false)
      .Add("cluts", &S::cluts, CountSchema())
      .Add("palette_index", &S::palette_index, ObjectSchema<StylePaletteIndex>())
      .AddWhenSet("remap_tables", &S::remap_tables, CountSchema())
      .Add("undocumented", &S::undocumented, {{"type", "object"}})
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

namespace {

absl::StatusOr<gta::Style> ReadStyleAsset(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, {FileKind::kStyle}); !s.ok()) return s;
  return gta::ReadStyle(asset.bytes, asset.path);
}

// The style an unchanged file holds, kept (about the file's size: the style
// copies out its sections).
const AssetParser<gta::Style>& StyleParser() {
  static const AssetParser<gta::Style> parser{"style", ReadStyleAsset, nullptr};
  return parser;
}

StyleDescription StyleDescriptionOf(const std::string& path, const gta::Style& style) {
  StyleDescription d;
  d.path = path;
  d.header = style.eight_bit() ? GryHeaderJson(style.header) : HeaderJson(style.header);
  d.depth = style.eight_bit() ? 8 : 24;
  for (const gta::StyleSection& s : style.sections) {
    d.sections.push_back({s.name, s.offset, s.size, s.stored});
  }
  d.tiles = {style.side_tiles, style.lid_tiles, style.aux_tiles, style.tile_count()};
  for (size_t i = 0; i < style.animations.size(); ++i) {
    const gta::StyleAnimation& a = style.animations[i];
    d.animations.push_back({i, a.block, WhichName(a.which), a.which, a.speed,
                            std::vector<int>(a.frames.begin(), a.frames.end())});
  }
  d.cluts = style.clut_count;
  if (style.eight_bit()) {
    d.remap_tables = style.remap_table_count();
  } else {
    d.palette_index = {style.palette_index.size(), 4 * style.tile_count()};
  }
  d.undocumented = {{"object_info", style.object_info.size()},
                    {"cars", style.cars.size()},
                    {"sprite_info", style.sprite_info.size()},
                    {"sprite_graphics", style.sprite_graphics.size()},
                    {"sprite_numbers", style.sprite_numbers.size()}};
  d.warnings = style.warnings;
  return d;
}

absl::StatusOr<StyleDescription> DescribeParsedStyle(const ParsedAsset<gta::Style>& style) {
  return StyleDescriptionOf(style.path, *style.value);
}

}  // namespace

absl::StatusOr<StyleDescription> DescribeStyle(const Asset& asset) {
  absl::StatusOr<gta::Style> style = ReadStyleAsset(asset);
  if (!style.ok()) return style.status();
  return StyleDescriptionOf(asset.path, *style);
}

ToolResult RunStyleDescribe(const contexts::Context& context,
                            const StyleDescribeRequest& request) {
  return RunParsedAssetTool(context, request, StyleParser(), DescribeParsedStyle);
}

Tool StyleDescribeTool() {
  return MakeContextTool<StyleDescribeRequest>(
      {"style_describe", "Describe a GTA1 style",
       "A GTA1 style (.G24/.GRY): sections, tile counts, palettes, animations."},
      StyleDescribeTable(), StyleDescription::Fields().Schema(),
      [](const contexts::Context& context, const StyleDescribeRequest& request, const ToolCall&) {
        return RunStyleDescribe(context, request);
      });
}

}  // namespace kbot::tools
