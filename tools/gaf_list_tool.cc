#include "tools/gaf_list_tool.h"

#include <cmath>

#include "formats/image/animation.h"
#include "tools/parsed_asset.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

double Seconds(uint64_t ticks) {
  return std::round(double(ticks) * 1000.0 / image::kTicksPerSecond) / 1000.0;
}

// The memory a GAF's structure holds: headers only, a small share of the file.
size_t GafStructureBytes(const gaf::Gaf& gaf) {
  size_t bytes = sizeof(gaf) + VectorBytes(gaf.sequences) + VectorBytes(gaf.warnings);
  for (const std::string& w : gaf.warnings) bytes += StringBytes(w);
  for (const gaf::Sequence& seq : gaf.sequences) {
    bytes += StringBytes(seq.name) + VectorBytes(seq.frames);
    for (const gaf::Frame& f : seq.frames) bytes += VectorBytes(f.info.layers);
  }
  return bytes;
}

// The structure gaf_list answers from, kept while the file is unchanged.
const AssetParser<gaf::Gaf>& GafStructureParser() {
  static const AssetParser<gaf::Gaf> parser{"gaf", ReadGafAsset, GafStructureBytes};
  return parser;
}

absl::StatusOr<GafListing> ListParsedGaf(const ParsedAsset<gaf::Gaf>& gaf) {
  return GafListingOf(gaf.path, *gaf.value);
}

}  // namespace

GafListing GafListingOf(const std::string& path, const gaf::Gaf& gaf) {
  GafListing out;
  out.path = path;
  out.version = gaf.version;
  out.variant = std::string(gaf::VariantName(gaf.variant));
  out.warnings = gaf.warnings;
  for (size_t i = 0; i < gaf.sequences.size(); ++i) {
    const gaf::Sequence& seq = gaf.sequences[i];
    const uint64_t ticks = seq.total_ticks();
    out.sequences.push_back({i, seq.name, seq.frames.size(), seq.loops(), seq.loop_flags,
                             seq.unknown4, ticks, Seconds(ticks)});
  }
  return out;
}

const RequestTable<GafListRequest>& GafListTable() {
  static const RequestTable<GafListRequest> table = [] {
    RequestTable<GafListRequest> t;
    AddAssetParams(t, "The .gaf or .taf file");
    return t;
  }();
  return table;
}

const ResultTable<GafSequenceListing>& GafSequenceListing::Fields() {
  using S = GafSequenceListing;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("index", &S::index, IntegerSchema())
      .Add("name", &S::name, StringSchema())
      .Add("frames", &S::frames, IntegerSchema())
      .Add("loops", &S::loops, BooleanSchema())
      .Add("loop_flags", &S::loop_flags, IntegerSchema())
      .Add("unknown4", &S::unknown4, IntegerSchema())
      .Add("duration_ticks", &S::duration_ticks, IntegerSchema())
      .Add("duration_sec", &S::duration_sec, {{"type", "number"}});
  return table;
}

const ResultTable<GafListing>& GafListing::Fields() {
  using L = GafListing;
  static const ResultTable<L> table = ResultTable<L>()
      .Add("path", &L::path, StringSchema())
      .Add("version", &L::version, IntegerSchema())
      .Add("variant", &L::variant,
           {{"type", "string"}, {"enum", {"standard", "ta3d-truecolor"}}}, false)
      .Add("warnings", &L::warnings, StringArraySchema())
      .Add("sequences", &L::sequences, ArraySchema<GafSequenceListing>());
  return table;
}

absl::StatusOr<GafListing> ListGaf(const Asset& asset) {
  absl::StatusOr<gaf::Gaf> gaf = ReadGafAsset(asset);
  if (!gaf.ok()) return gaf.status();
  return GafListingOf(asset.path, *gaf);
}

absl::StatusOr<json> GafList(const Asset& asset) {
  return ResultJson(ListGaf(asset));
}

Tool GafListTool() {
  return MakeContextTool<GafListRequest>(
      {"gaf_list", "List a GAF's sequences",
       "Lists a GAF/TAF's sequences: names, frames, looping, durations."},
      GafListTable(), GafListing::Fields().Schema(),
      [](const contexts::Context& context, const GafListRequest& request, const ToolCall& call) {
        // The answer depends on the file alone.
        return RunKeptParsedAssetTool(context, request, call.limits, "gaf_list",
                                      GafStructureParser(), ListParsedGaf);
      });
}

}  // namespace kbot::tools
