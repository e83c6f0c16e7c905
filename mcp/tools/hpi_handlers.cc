#include "mcp/tools/hpi_handlers.h"

#include "absl/strings/str_cat.h"
#include "contexts/vfs.h"
#include "formats/hpi/hpi.h"
#include "mcp/tools/tool_support.h"

namespace kbot::tools {

namespace {

using mcp::ToolCall;
using mcp::ToolResult;

// vfs_list's paging, so that a client pages both the same way.
constexpr int kDefaultLimit = 200;
constexpr int kMaxLimit = 1000;

json IntegerSchema() { return {{"type", "integer"}, {"minimum", 0}}; }

json HpiListInput() {
  return InputSchema(
      {{"context", ContextProperty()},
       {"path", PathProperty("The archive (.hpi, .ufo, .ccx, .gp3, .gp4, .swx)")},
       {"pattern",
        {{"type", "string"},
         {"description",
          "A glob over the entries' paths, case-insensitive: * and ? within a folder, ** across "
          "(e.g. units/*.fbi or **/*.gaf; default **)"}}},
       {"offset", {{"type", "integer"}, {"minimum", 0}}},
       {"limit",
        {{"type", "integer"},
         {"minimum", 1},
         {"maximum", kMaxLimit},
         {"description", absl::StrCat("Entries per page (default ", kDefaultLimit, ")")}}}},
      {"path"});
}

json HpiListOutput() {
  json entry = OutputSchema({{"path", {{"type", "string"}}},
                             {"size", IntegerSchema()},
                             {"compressed_size", IntegerSchema()},
                             // "unknown": a compression byte the format does not
                             // define; the entry is listed, reading it fails.
                             {"compression",
                              {{"type", "string"}, {"enum", {"none", "lz77", "zlib", "unknown"}}}}},
                            {"path", "size", "compressed_size", "compression"});
  return OutputSchema({{"path", {{"type", "string"}}},
                       {"version", {{"type", "integer"}, {"enum", {1, 2}}}},
                       {"encrypted", {{"type", "boolean"}}},
                       {"pattern", {{"type", "string"}}},
                       {"total", IntegerSchema()},
                       {"offset", IntegerSchema()},
                       {"next_offset", {{"type", {"integer", "null"}}}},
                       {"entries", {{"type", "array"}, {"items", entry}}}},
                      {"path", "version", "pattern", "total", "offset", "next_offset", "entries"});
}

// CONTRACT.md numbers the versions 1 and 2; the header holds 0x10000 and
// 0x20000 (OpenHpi refuses anything else).
int VersionNumber(uint32_t version) { return version == hpi::kVersion2 ? 2 : 1; }

json EntryJson(const hpi::HpiEntry& e) {
  return {{"path", e.path},
          {"size", e.size},
          {"compressed_size", e.compressed_size},
          {"compression", std::string(hpi::CompressionName(e.compression))}};
}

ToolResult RunHpiListTool(const ToolCall& call) {
  absl::StatusOr<const contexts::Context*> context =
      call.workspace.Find(ContextArgument(call.arguments));
  if (!context.ok()) return ErrorResult(context.status());
  return RunHpiList(**context, call.arguments);
}

}  // namespace

absl::StatusOr<json> HpiList(const Asset& asset, const HpiListRequest& request) {
  absl::StatusOr<hpi::HpiArchive> archive = hpi::OpenHpi(asset.bytes, asset.path);
  if (!archive.ok()) return archive.status();
  json page = json::array();
  size_t total = 0;
  for (const hpi::HpiEntry& e : archive->entries) {
    if (!contexts::GlobMatch(request.pattern, e.path)) continue;
    if (total >= request.offset && (!request.limit || page.size() < *request.limit)) {
      page.push_back(EntryJson(e));
    }
    ++total;
  }
  const size_t next = request.offset + page.size();
  return json{{"path", asset.path},
              {"version", VersionNumber(archive->version)},
              {"encrypted", archive->key != 0},
              {"pattern", request.pattern},
              {"total", total},
              {"offset", request.offset},
              {"next_offset", next < total ? json(next) : json(nullptr)},
              {"entries", std::move(page)}};
}

ToolResult RunHpiList(const contexts::Context& context, const json& arguments) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return ErrorResult(opened.status());
  HpiListRequest request;
  request.pattern = arguments.value("pattern", request.pattern);
  request.offset = arguments.value("offset", size_t{0});
  request.limit = arguments.value("limit", size_t(kDefaultLimit));
  absl::StatusOr<json> listed = HpiList(opened->asset, request);
  if (!listed.ok()) return ErrorResult(InContext(context, listed.status()));
  ToolResult result;
  result.structured = *std::move(listed);
  return result;
}

mcp::Tool HpiListTool() {
  return {"hpi_list",
          "List the entries of an HPI archive",
          "The files inside an HPI-family archive of a context (TA's .hpi, .ufo, .ccx, .gp3, "
          ".gp4, .swx; TA: Kingdoms' version 2 alike): each entry's path as the archive spells "
          "it, its size, its stored size and its compression (none, lz77, zlib). Filter with a "
          "glob (pattern); pages like vfs_list: pass next_offset back as offset.",
          HpiListInput(),
          HpiListOutput(),
          {},
          RunHpiListTool};
}

}  // namespace kbot::tools
