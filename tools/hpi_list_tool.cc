#include "tools/hpi_list_tool.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/hpi/hpi.h"
#include "tools/file_kind.h"
#include "tools/parsed_asset.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

// docs/formats/hpi.md numbers the versions 1 and 2; the header holds 0x10000
// and 0x20000 (OpenHpi refuses anything else).
int VersionNumber(uint32_t version) { return version == hpi::kVersion2 ? 2 : 1; }

}  // namespace

const RequestTable<HpiListRequest>& HpiListTable() {
  static const RequestTable<HpiListRequest> table = [] {
    RequestTable<HpiListRequest> t;
    AddAssetParams(t, "The archive (.hpi, .ufo, .ccx, .gp3, .gp4, .swx)");
    AddPageParams(t, "units/*.fbi");
    return t;
  }();
  return table;
}

const ResultTable<HpiListEntry>& HpiListEntry::Fields() {
  using E = HpiListEntry;
  static const ResultTable<E> table = ResultTable<E>()
      .Add("path", &E::path, StringSchema())
      .Add("size", &E::size, CountSchema())
      .Add("compressed_size", &E::compressed_size, CountSchema())
      // "unknown": a compression byte the format does not define; the entry
      // is listed, reading it fails.
      .Add("compression", &E::compression,
           {{"type", "string"}, {"enum", {"none", "lz77", "zlib", "unknown"}}});
  return table;
}

const ResultTable<HpiListing>& HpiListing::Fields() {
  static const ResultTable<HpiListing> table = [] {
    ResultTable<HpiListing> t;
    t.Add("path", &HpiListing::path, StringSchema())
        .Add("version", &HpiListing::version, {{"type", "integer"}, {"enum", {1, 2}}})
        .Add("encrypted", &HpiListing::encrypted, BooleanSchema(), false);
    return AddPageFields<HpiListing, HpiListEntry>(t);
  }();
  return table;
}

namespace {

absl::StatusOr<hpi::HpiArchive> ReadHpiAsset(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, {FileKind::kHpi}); !s.ok()) return s;
  return hpi::OpenHpi(asset.bytes, asset.path);
}

// The directory holds ~100 bytes an entry, never the data.
size_t HpiDirectoryBytes(const hpi::HpiArchive& archive) {
  size_t bytes = sizeof(archive) + StringBytes(archive.name) + VectorBytes(archive.entries);
  for (const hpi::HpiEntry& e : archive.entries) bytes += StringBytes(e.path);
  return bytes;
}

// The directory of an unchanged archive, kept: opening one of 10,000 entries
// costs milliseconds.
const AssetParser<hpi::HpiArchive>& HpiDirectoryParser() {
  static const AssetParser<hpi::HpiArchive> parser{"hpi", ReadHpiAsset, HpiDirectoryBytes};
  return parser;
}

absl::StatusOr<HpiListing> HpiListingOf(const std::string& path,
                                        const hpi::HpiArchive& archive,
                                        const PageRequest& request, Progress& progress) {
  Pager<HpiListEntry> pager(request);
  const uint64_t total = archive.entries.size();
  uint64_t done = 0;
  for (const hpi::HpiEntry& e : archive.entries) {
    // Matching a glob is quick: every 256th entry is often enough to hear a stop.
    if (++done % 256 == 0 &&
        !progress.Report(done, total, absl::StrCat("listed ", done, " of ", total, " entries"))) {
      return absl::CancelledError("hpi_list: cancelled");
    }
    pager.Offer(e.path, [&] {
      return HpiListEntry{e.path, e.size, e.compressed_size,
                          std::string(hpi::CompressionName(e.compression))};
    });
  }
  if (!progress.Report(total, total, absl::StrCat("listed ", total, " entries"))) {
    return absl::CancelledError("hpi_list: cancelled");
  }
  HpiListing out;
  static_cast<Page<HpiListEntry>&>(out) = std::move(pager).Finish();
  out.path = path;
  out.version = VersionNumber(archive.version);
  out.encrypted = archive.key != 0;
  return out;
}

}  // namespace

absl::StatusOr<HpiListing> ListHpi(const Asset& asset, const PageRequest& request,
                                   Progress& progress) {
  absl::StatusOr<hpi::HpiArchive> archive = ReadHpiAsset(asset);
  if (!archive.ok()) return archive.status();
  return HpiListingOf(asset.path, *archive, request, progress);
}

absl::StatusOr<json> HpiList(const Asset& asset, const PageRequest& request) {
  return ResultJson(ListHpi(asset, request));
}

ToolResult RunHpiList(const contexts::Context& context, const HpiListRequest& request,
                      Progress& progress) {
  PageRequest page = request;
  page.limit = PageLimitOr(request, kDefaultPageLimit);
  return RunParsedAssetTool(context, request, HpiDirectoryParser(),
                            [&](const ParsedAsset<hpi::HpiArchive>& archive) {
                              return HpiListingOf(archive.path, *archive.value, page, progress);
                            });
}

Tool HpiListTool() {
  return MakeContextTool<HpiListRequest>(
      {"hpi_list", "List an HPI archive",
       "Lists an HPI-family archive's entries matching a glob: sizes, compression."},
      HpiListTable(), HpiListing::Fields().Schema(),
      [](const contexts::Context& context, const HpiListRequest& request, const ToolCall& call) {
        return RunHpiList(context, request, call.progress);
      });
}

}  // namespace kbot::tools
