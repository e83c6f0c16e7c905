#include "tools/mission_describe_tool.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/near_names.h"
#include "tools/mission_asset.h"
#include "tools/paging.h"

namespace kbot::tools {

const RequestTable<MissionDescribeRequest>& MissionDescribeTable() {
  static const RequestTable<MissionDescribeRequest> table = [] {
    using R = MissionDescribeRequest;
    RequestTable<R> t;
    // Terse: tools/list is paid for in every conversation. The page size
    // is in the tool's description; the bounds are checked here, not in the
    // schema.
    AddAssetParams(t, "The MISSION.INI")
        .Add("mission", &R::mission, {{"type", "integer"}, {"description", "[N]"}}, true)
        .Add("type", &R::type, StringParam("Object type"))
        .Add("offset", &R::offset, {{"type", "integer"}, {"description", "Skip"}})
        .Add("limit", &R::limit,
             {{"type", "integer"}, {"description", absl::StrCat("1-", kMaxPageLimit)}})
        .AddCheck([](const R& r) {
          if (r.offset && *r.offset < 0) {
            return absl::InvalidArgumentError(
                absl::StrCat("offset ", *r.offset, ": items to skip, 0 or more"));
          }
          if (r.limit && (*r.limit < 1 || *r.limit > int64_t{kMaxPageLimit})) {
            return absl::InvalidArgumentError(
                absl::StrCat("limit ", *r.limit, ": 1 to ", kMaxPageLimit, " a page"));
          }
          return absl::OkStatus();
        });
    return t;
  }();
  return table;
}

const ResultTable<MissionHeading>& MissionHeading::Fields() {
  using S = MissionHeading;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("number", &S::number, CountSchema())
      .Add("title", &S::title, StringSchema())
      .Add("number_field", &S::number_field, CountSchema())
      .Add("map", &S::map, StringSchema())
      .Add("style", &S::style, CountSchema())
      .Add("header_values", &S::header_values,
           {{"type", "array"}, {"items", IntegerSchema()}, {"minItems", 6}, {"maxItems", 6}})
      .Add("objects", &S::objects, CountSchema())
      .Add("commands", &S::commands, CountSchema())
      .Add("notes", &S::notes, CountSchema())
      .AddWhenSet("of_type", &S::of_type, CountSchema())
      .Add("file_line", &S::file_line, CountSchema());
  return table;
}

const ResultTable<MissionObjectRow>& MissionObjectRow::Fields() {
  using S = MissionObjectRow;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("line", &S::line, IntegerSchema())
      .Add("flag", &S::flag, IntegerSchema())
      .Add("x", &S::x, IntegerSchema())
      .Add("y", &S::y, IntegerSchema())
      .Add("z", &S::z, IntegerSchema())
      .Add("units", &S::units, {{"type", "string"}, {"enum", {"block", "pixel"}}})
      .AddWhenSet("units_unresolved", &S::units_unresolved, BooleanSchema())
      .Add("world", &S::world,
           {{"type", "array"}, {"items", IntegerSchema()}, {"minItems", 3}, {"maxItems", 3}})
      .Add("type", &S::type, StringSchema())
      .Add("params", &S::params, {{"type", "array"}, {"items", IntegerSchema()}})
      .Add("known_type", &S::known_type, BooleanSchema())
      .Add("file_line", &S::file_line, CountSchema());
  return table;
}

const ResultTable<MissionCommandRow>& MissionCommandRow::Fields() {
  using S = MissionCommandRow;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("label", &S::label, IntegerSchema())
      .Add("opcode", &S::opcode, StringSchema())
      .Add("args", &S::args,
           {{"type", "array"}, {"items", IntegerSchema()}, {"minItems", 5}, {"maxItems", 5}})
      .Add("known", &S::known, BooleanSchema())
      .Add("file_line", &S::file_line, CountSchema());
  return table;
}

const ResultTable<MissionNoteRow>& MissionNoteRow::Fields() {
  using S = MissionNoteRow;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("file_line", &S::file_line, CountSchema())
      .Add("text", &S::text, StringSchema())
      .Add("problem", &S::problem, StringSchema());
  return table;
}

const ResultTable<MissionDescription>& MissionDescription::Fields() {
  using S = MissionDescription;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("mission", &S::mission, ObjectSchema<MissionHeading>())
      .Add("objects", &S::objects, ArraySchema<MissionObjectRow>())
      .Add("commands", &S::commands, ArraySchema<MissionCommandRow>())
      .Add("notes", &S::notes, ArraySchema<MissionNoteRow>())
      .Add("next_offset", &S::next_offset, {{"type", {"integer", "null"}}});
  return table;
}

namespace {

MissionHeading HeadingOf(const gta::Mission& m) {
  MissionHeading h;
  h.number = m.number;
  h.title = m.title;
  h.number_field = m.number_field;
  h.map = m.map_file;
  h.style = m.style;
  h.header_values.assign(m.header_values.begin(), m.header_values.end());
  h.objects = m.objects.size();
  h.commands = m.commands.size();
  h.notes = m.notes.size();
  h.file_line = m.line;
  return h;
}

MissionObjectRow ObjectRowOf(const gta::MissionObject& o) {
  MissionObjectRow r;
  r.line = o.line_number;
  r.flag = o.flag;
  r.x = o.x, r.y = o.y, r.z = o.z;
  r.units = o.units == gta::CoordUnit::kPixels ? "pixel" : "block";
  if (const gta::MissionObjectType* t = gta::FindObjectType(o.type); t && t->units_unresolved) {
    r.units_unresolved = true;
  }
  const gta::WorldPixels w = gta::ObjectWorldPixels(o);
  r.world = {w.x, w.y, w.z};
  r.type = o.type;
  r.params = o.params;
  r.known_type = o.known_type;
  r.file_line = o.source_line;
  return r;
}

// The objects `type` selects (any case), or all of them. A type no object
// has is an error when it is none of the game's either: a misspelling.
absl::StatusOr<std::vector<const gta::MissionObject*>> ObjectsOfType(
    const gta::Mission& m, const std::optional<std::string>& type) {
  std::vector<const gta::MissionObject*> out;
  for (const gta::MissionObject& o : m.objects) {
    if (!type || absl::EqualsIgnoreCase(o.type, *type)) out.push_back(&o);
  }
  if (!type || !out.empty()) return out;
  std::vector<std::string> names;
  for (const gta::MissionObjectType& t : gta::MissionObjectTypes()) {
    if (absl::EqualsIgnoreCase(t.name, *type)) return out;
    names.emplace_back(t.name);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("type \"", *type, "\": no object of mission [", m.number,
                   "] has it, and it is none of the game's ", names.size(), " object types",
                   DidYouMean(NearNames(*type, names, 3), "\"")));
}

// Items [offset, offset + limit) of `all`, made rows by `row`; whether any
// are left after them.
template <class T, class Row, class Make>
bool TakePage(const std::vector<T>& all, size_t offset, size_t limit, std::vector<Row>& out,
              Make row) {
  if (offset >= all.size()) return false;
  const size_t end = offset + std::min(limit, all.size() - offset);
  for (size_t i = offset; i < end; ++i) out.push_back(row(all[i]));
  return end < all.size();
}

}  // namespace

absl::StatusOr<MissionDescription> DescribeMissionOf(const std::string& path,
                                                     const gta::MissionFile& file,
                                                     const MissionDescribeRequest& request) {
  absl::StatusOr<const gta::Mission*> found = FindMission(path, file, request.mission);
  if (!found.ok()) return found.status();
  const gta::Mission& m = **found;
  absl::StatusOr<std::vector<const gta::MissionObject*>> objects = ObjectsOfType(m, request.type);
  if (!objects.ok()) return objects.status();
  MissionDescription out;
  out.mission = HeadingOf(m);
  if (request.type) out.mission.of_type = objects->size();
  // Negative values are the table's to refuse; a direct caller's read as 0.
  const size_t offset = size_t(std::max<int64_t>(0, request.offset.value_or(0)));
  const size_t limit = request.limit ? size_t(std::max<int64_t>(0, *request.limit)) : SIZE_MAX;
  bool more = TakePage(*objects, offset, limit, out.objects,
                       [](const gta::MissionObject* o) { return ObjectRowOf(*o); });
  if (!request.type) {
    more |= TakePage(m.commands, offset, limit, out.commands, [](const gta::MissionCommand& c) {
      return MissionCommandRow{c.label, c.opcode, std::vector<int>(c.args.begin(), c.args.end()),
                               c.known_opcode, c.source_line};
    });
    more |= TakePage(m.notes, offset, limit, out.notes, [](const gta::MissionNote& n) {
      return MissionNoteRow{n.source_line, n.text, n.problem};
    });
  }
  if (more) out.next_offset = offset + limit;
  return out;
}

absl::StatusOr<MissionDescription> DescribeMission(const Asset& asset,
                                                   const MissionDescribeRequest& request) {
  absl::StatusOr<gta::MissionFile> file = ReadMissionAsset(asset);
  if (!file.ok()) return file.status();
  return DescribeMissionOf(asset.path, *file, request);
}

Tool MissionDescribeTool() {
  return MakeContextTool<MissionDescribeRequest>(
      {"mission_describe", "Describe a GTA1 mission",
       absl::StrCat("A GTA1 mission's objects, commands, notes; ", kDefaultPageLimit,
                    " a page")},
      MissionDescribeTable(), MissionDescription::Fields().Schema(),
      [](const contexts::Context& context, const MissionDescribeRequest& request,
         const ToolCall&) {
        MissionDescribeRequest paged = request;
        if (!paged.limit) paged.limit = kDefaultPageLimit;
        return RunParsedAssetTool(context, paged, MissionParser(),
                                  [&](const ParsedAsset<gta::MissionFile>& file) {
                                    return DescribeMissionOf(file.path, *file.value, paged);
                                  });
      });
}

}  // namespace kbot::tools
