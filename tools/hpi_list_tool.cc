#include "tools/hpi_list_tool.h"

#include "formats/hpi/hpi.h"
#include "tools/file_kind.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

json HpiListOutput() {
  json entry = OutputSchema({{"path", {{"type", "string"}}},
                             {"size", CountSchema()},
                             {"compressed_size", CountSchema()},
                             // "unknown": a compression byte the format does not
                             // define; the entry is listed, reading it fails.
                             {"compression",
                              {{"type", "string"}, {"enum", {"none", "lz77", "zlib", "unknown"}}}}},
                            {"path", "size", "compressed_size", "compression"});
  return PagedOutputSchema({{"path", {{"type", "string"}}},
                            {"version", {{"type", "integer"}, {"enum", {1, 2}}}},
                            {"encrypted", {{"type", "boolean"}}}},
                           {"path", "version"}, std::move(entry));
}

// docs/formats/hpi.md numbers the versions 1 and 2; the header holds 0x10000
// and 0x20000 (OpenHpi refuses anything else).
int VersionNumber(uint32_t version) { return version == hpi::kVersion2 ? 2 : 1; }

json EntryJson(const hpi::HpiEntry& e) {
  return {{"path", e.path},
          {"size", e.size},
          {"compressed_size", e.compressed_size},
          {"compression", std::string(hpi::CompressionName(e.compression))}};
}

}  // namespace

const RequestTable<HpiListRequest>& HpiListTable() {
  static const RequestTable<HpiListRequest> table = [] {
    RequestTable<HpiListRequest> t;
    AddAssetParams(t, "The archive (.hpi, .ufo, .ccx, .gp3, .gp4, .swx)");
    AddPageParams(t, "units/*.fbi or **/*.gaf");
    return t;
  }();
  return table;
}

absl::StatusOr<json> HpiList(const Asset& asset, const PageRequest& request) {
  if (absl::Status s = RequireKind(asset, {FileKind::kHpi}); !s.ok()) return s;
  absl::StatusOr<hpi::HpiArchive> archive = hpi::OpenHpi(asset.bytes, asset.path);
  if (!archive.ok()) return archive.status();
  Pager pager(request);
  for (const hpi::HpiEntry& e : archive->entries) pager.Offer(e.path, [&] { return EntryJson(e); });
  json out = {{"path", asset.path},
              {"version", VersionNumber(archive->version)},
              {"encrypted", archive->key != 0}};
  out.update(std::move(pager).Fields());
  return out;
}

ToolResult RunHpiList(const contexts::Context& context, const HpiListRequest& request) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, request.path);
  if (!opened.ok()) return ErrorResult(opened.status());
  PageRequest page = request;
  page.limit = PageLimitOr(request, kDefaultPageLimit);
  absl::StatusOr<json> listed = HpiList(opened->asset, page);
  if (!listed.ok()) return ErrorResult(InContext(context, listed.status()));
  ToolResult result;
  result.structured = *std::move(listed);
  return result;
}

Tool HpiListTool() {
  return MakeContextTool<HpiListRequest>(
      {"hpi_list", "List the entries of an HPI archive",
       "The files inside an HPI-family archive of a context (TA's .hpi, .ufo, .ccx, .gp3, "
       ".gp4, .swx; TA: Kingdoms' version 2 alike): each entry's path as the archive spells "
       "it, its size, its stored size and its compression (none, lz77, zlib). Filter with a "
       "glob (pattern); pages like vfs_list: pass next_offset back as offset."},
      HpiListTable(), HpiListOutput(),
      [](const contexts::Context& context, const HpiListRequest& request, const ToolCall&) {
        return RunHpiList(context, request);
      });
}

}  // namespace kbot::tools
