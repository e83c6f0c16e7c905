#include "tools/sprite_list_tool.h"

#include <algorithm>

#include "tools/gta_sprites.h"

namespace kbot::tools {

const RequestTable<SpriteListRequest>& SpriteListTable() {
  static const RequestTable<SpriteListRequest> table = [] {
    using R = SpriteListRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The style (.G24/.GRY)")
        .Add("kind", &R::kind, KindParam())
        .Add("offset", &R::offset, {{"type", "integer"}, {"minimum", 0}, {"description", "Skip"}})
        .Add("limit", &R::limit, IntegerParam(1, 1000, "Per page (default 200)"));
    return t;
  }();
  return table;
}

const ResultTable<SpriteKindCount>& SpriteKindCount::Fields() {
  using S = SpriteKindCount;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("kind", &S::kind, StringSchema())
      .Add("first", &S::first, CountSchema(), false)
      .Add("count", &S::count, CountSchema(), false)
      .AddWhenSet("stored", &S::stored, CountSchema());
  return table;
}

const ResultTable<SpriteRow>& SpriteRow::Fields() {
  using S = SpriteRow;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("number", &S::number, CountSchema(), false)
      .Add("kind", &S::kind, StringSchema(), false)
      .Add("index", &S::index, CountSchema(), false)
      .Add("width", &S::width, CountSchema(), false)
      .Add("height", &S::height, CountSchema(), false)
      .Add("deltas", &S::deltas, CountSchema(), false)
      .AddWhenSet("palette", &S::palette, CountSchema())
      .Add("page", &S::page, CountSchema(), false)
      .Add("x", &S::x, CountSchema(), false)
      .Add("y", &S::y, CountSchema(), false)
      .AddWhenSet("problem", &S::problem, StringSchema());
  return table;
}

const ResultTable<SpriteListing>& SpriteListing::Fields() {
  using S = SpriteListing;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("total", &S::total, CountSchema())
      .Add("kinds", &S::kinds, {{"type", "array"}})
      .Add("offset", &S::offset, CountSchema(), false)
      .Add("next_offset", &S::next_offset, {{"type", {"integer", "null"}}})
      .Add("sprites", &S::sprites, {{"type", "array"}})
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

namespace {

SpriteRow RowOf(const gta::SpriteRecord& s, bool eight_bit) {
  SpriteRow r{s.number,   std::string(gta::SpriteKindName(s.kind)), s.number_in_kind, s.width,
              s.height,   int(s.deltas.size()), s.page(), s.page_x(), s.page_y(), {}, {}};
  if (!eight_bit) r.palette = s.palette;
  if (!s.problem.empty()) r.problem = s.problem;
  return r;
}

std::vector<SpriteKindCount> KindsOf(const gta::StyleSprites& sprites) {
  std::vector<SpriteKindCount> out;
  for (int k = 0; k < gta::kSpriteKindCount; ++k) {
    const gta::SpriteKind kind = gta::SpriteKind(k);
    if (sprites.CountOf(kind) == 0) continue;
    SpriteKindCount c{std::string(gta::SpriteKindName(kind)), sprites.FirstOf(kind),
                      sprites.CountOf(kind), {}};
    if (sprites.StoredOf(kind) < c.count) c.stored = sprites.StoredOf(kind);
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace

absl::StatusOr<SpriteListing> ListSprites(const Asset& asset, const SpriteListRequest& request) {
  std::optional<gta::SpriteKind> only;
  if (request.kind) {
    absl::StatusOr<gta::SpriteKind> k = KindNamed(asset, *request.kind);
    if (!k.ok()) return k.status();
    only = *k;
  }
  absl::StatusOr<StyleSpriteSet> set = ReadSpriteSet(asset);
  if (!set.ok()) return set.status();
  SpriteListing out;
  out.path = asset.path;
  out.total = int(set->sprites.sprites.size());
  out.kinds = KindsOf(set->sprites);
  out.offset = request.offset;
  std::vector<const gta::SpriteRecord*> matched;
  for (const gta::SpriteRecord& s : set->sprites.sprites) {
    if (!only || s.kind == *only) matched.push_back(&s);
  }
  const size_t limit = request.limit.value_or(matched.size());
  const size_t end = std::min(matched.size(), request.offset + std::min(limit, matched.size()));
  for (size_t i = request.offset; i < end; ++i) {
    out.sprites.push_back(RowOf(*matched[i], set->style.eight_bit()));
  }
  if (end < matched.size()) out.next_offset = end;
  out.warnings = set->warnings;
  return out;
}

Tool SpriteListTool() {
  return MakeContextTool<SpriteListRequest>(
      {"sprite_list", "List a GTA1 style's sprites",
       "A GTA1 style's sprites: each kind's count, then each sprite's size, deltas and place."},
      SpriteListTable(), SpriteListing::Fields().Schema(),
      [](const contexts::Context& context, const SpriteListRequest& request, const ToolCall&) {
        SpriteListRequest paged = request;
        if (!paged.limit) paged.limit = kSpritePage;
        return RunAssetTool(context, paged,
                            [&](const Asset& asset) { return ListSprites(asset, paged); });
      });
}

}  // namespace kbot::tools
