#include "tools/side_list_tool.h"

#include <algorithm>

#include "tacatalog/catalog.h"
#include "tools/tool_support.h"

namespace kbot::tools {

const RequestTable<SideListRequest>& SideListTable() {
  static const RequestTable<SideListRequest> table = [] {
    RequestTable<SideListRequest> t;
    return AddContextParam(t);
  }();
  return table;
}

const ResultTable<SideItem>& SideItem::Fields() {
  static const ResultTable<SideItem> table =
      ResultTable<SideItem>()
          .Add("name", &SideItem::name, StringSchema())
          .Add("prefix", &SideItem::prefix, StringSchema())
          .Add("commander", &SideItem::commander, StringSchema())
          .Add("units", &SideItem::units, CountSchema())
          .Add("file", &SideItem::file, {{"type", {"object", "null"}}})
          .Add("line", &SideItem::line, {{"type", {"integer", "null"}}});
  return table;
}

const ResultTable<SideListResult>& SideListResult::Fields() {
  using S = SideListResult;
  static const ResultTable<S> table = ResultTable<S>()
                                          .Add("context", &S::context, StringSchema())
                                          .Add("game", &S::game, StringSchema())
                                          .Add("sides", &S::sides, ArraySchema<SideItem>())
                                          .Add("units", &S::units, CountSchema())
                                          .Add("without_side", &S::without_side, CountSchema());
  return table;
}

absl::StatusOr<SideListResult> ListSides(const contexts::Context& context, Progress& progress) {
  absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> catalog =
      ContextCatalog(context, progress);
  if (!catalog.ok()) return catalog.status();
  SideListResult out;
  out.context = context.name;
  out.game = CatalogGame(**catalog);
  out.units = (*catalog)->units.size();
  size_t sided = 0;
  for (const tacatalog::Side& s : (*catalog)->sides) {
    SideItem item{s.name, s.prefix, s.commander, s.units.size(), std::nullopt, std::nullopt};
    if (s.file) {
      item.file = FileItemOf(*s.file);
      item.line = s.line;
    }
    sided += s.units.size();
    out.sides.push_back(std::move(item));
  }
  out.without_side = out.units - std::min(sided, out.units);
  return out;
}

Tool SideListTool() {
  return MakeContextTool<SideListRequest>(
      {"side_list", "List sides",
       "TA/TA:K sides: name, prefix, commander, unit count; TA from "
       "sidedata.tdf, TA:K its fixed "
       "table."},
      SideListTable(), SideListResult::Fields().Schema(),
      [](const contexts::Context& context, const SideListRequest&, const ToolCall& call) {
        return ResultInContext(context, ListSides(context, call.progress));
      });
}

}  // namespace kbot::tools
