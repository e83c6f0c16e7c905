#include "tools/gaf_info_tool.h"

#include "tools/parsed_asset.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

GafFrameHeader HeaderOf(const gaf::FrameInfo& info) {
  return {info.width,
          info.height,
          info.origin_x,
          info.origin_y,
          info.transparency,
          std::string(gaf::StorageName(info.storage())),
          info.storage_byte,
          info.layer_count,
          info.blend,
          info.unknown12,
          info.unknown20};
}

GafFrameReport FrameOf(size_t index, const gaf::Frame& frame) {
  GafFrameReport out;
  static_cast<GafFrameHeader&>(out) = HeaderOf(frame.info);
  out.index = index;
  out.duration = frame.duration;
  out.duration_ticks = frame.ticks();
  if (frame.info.layered()) {
    out.layer_frames.emplace();
    for (const gaf::FrameInfo& layer : frame.info.layers) {
      out.layer_frames->push_back(HeaderOf(layer));
    }
  }
  return out;
}

// The header's members, in the order the output schema lists them; `all`:
// every member the game reads is always there (a frame), else only the size
// (a layer).
template <class T>
ResultTable<T>& AddHeaderFields(ResultTable<T>& t, bool all) {
  using H = GafFrameHeader;
  return t.Add("width", &H::width, IntegerSchema())
      .Add("height", &H::height, IntegerSchema())
      .Add("origin_x", &H::origin_x, IntegerSchema(), all)
      .Add("origin_y", &H::origin_y, IntegerSchema(), all)
      .Add("transparency", &H::transparency, IntegerSchema(), all)
      .Add("storage", &H::storage, StringSchema(), all)
      .Add("storage_byte", &H::storage_byte, IntegerSchema(), false)
      .Add("layers", &H::layers, IntegerSchema(), all)
      .Add("blend", &H::blend, IntegerSchema(), all)
      .Add("unknown12", &H::unknown12, IntegerSchema(), false)
      .Add("unknown20", &H::unknown20, IntegerSchema(), false);
}

// About the memory a report holds: its frames, their layers and the texts.
size_t GafInfoReportBytes(const GafInfoReport& r) {
  size_t bytes = sizeof(r) + VectorBytes(r.sequences) + VectorBytes(r.warnings) +
                 VectorBytes(r.errors);
  for (const std::string& w : r.warnings) bytes += StringBytes(w);
  for (const std::string& e : r.errors) bytes += StringBytes(e);
  for (const GafSequenceReport& s : r.sequences) {
    bytes += StringBytes(s.name) + VectorBytes(s.frames);
    for (const GafFrameReport& f : s.frames) {
      if (f.layer_frames) bytes += VectorBytes(*f.layer_frames);
    }
  }
  return bytes;
}

// Decoding every frame is what gaf_info costs; the report of an unchanged
// file is kept, one per sequence argument (spelt as given).
AssetParser<GafInfoReport> GafInfoParser(const std::optional<std::string>& sequence,
                                         Progress& progress) {
  return {sequence ? "gaf_info sequence=" + *sequence : "gaf_info",
          [sequence, &progress](const Asset& asset) {
            return DescribeGaf(asset, sequence, progress);
          },
          GafInfoReportBytes};
}

absl::StatusOr<json> GafInfoJson(const ParsedAsset<GafInfoReport>& report) {
  return ResultJson(*report.value);
}

}  // namespace

const RequestTable<GafInfoRequest>& GafInfoTable() {
  static const RequestTable<GafInfoRequest> table = [] {
    RequestTable<GafInfoRequest> t;
    AddAssetParams(t, "The .gaf or .taf file")
        .Add("sequence", &GafInfoRequest::sequence, SequenceProperty());
    return t;
  }();
  return table;
}

const ResultTable<GafFrameHeader>& GafFrameHeader::Fields() {
  static const ResultTable<GafFrameHeader> table = [] {
    ResultTable<GafFrameHeader> t;
    AddHeaderFields(t, false);
    return t;
  }();
  return table;
}

const ResultTable<GafFrameReport>& GafFrameReport::Fields() {
  using F = GafFrameReport;
  static const ResultTable<F> table = [] {
    ResultTable<F> t;
    t.Add("index", &F::index, IntegerSchema());
    AddHeaderFields(t, true)
        .Add("duration", &F::duration, IntegerSchema())
        .Add("duration_ticks", &F::duration_ticks, IntegerSchema())
        .AddWhenSet("layer_frames", &F::layer_frames, ArraySchema<GafFrameHeader>());
    return t;
  }();
  return table;
}

const ResultTable<GafSequenceReport>& GafSequenceReport::Fields() {
  using S = GafSequenceReport;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("index", &S::index, IntegerSchema())
      .Add("name", &S::name, StringSchema())
      .Add("loop_flags", &S::loop_flags, IntegerSchema())
      .Add("unknown4", &S::unknown4, IntegerSchema())
      .Add("loops", &S::loops, BooleanSchema(), false)
      .Add("frames", &S::frames, ArraySchema<GafFrameReport>());
  return table;
}

const ResultTable<GafInfoReport>& GafInfoReport::Fields() {
  using R = GafInfoReport;
  static const ResultTable<R> table = ResultTable<R>()
      .Add("path", &R::path, StringSchema())
      .Add("version", &R::version, IntegerSchema(), false)
      .Add("variant", &R::variant,
           {{"type", "string"}, {"enum", {"standard", "ta3d-truecolor"}}}, false)
      .Add("warnings", &R::warnings, StringArraySchema())
      .Add("errors", &R::errors, StringArraySchema(), false)
      .Add("sequences", &R::sequences, ArraySchema<GafSequenceReport>());
  return table;
}

absl::StatusOr<GafInfoReport> DescribeGaf(const Asset& asset,
                                          const std::optional<std::string>& sequence,
                                          Progress& progress) {
  absl::StatusOr<gaf::Gaf> gaf = ReadGafAsset(asset);
  if (!gaf.ok()) return gaf.status();
  size_t first = 0, last = gaf->sequences.size();
  if (sequence) {
    absl::StatusOr<size_t> s = SelectSequence(*gaf, asset, sequence);
    if (!s.ok()) return s.status();
    first = *s;
    last = *s + 1;
  }
  DecodeReport report;
  report.warnings = gaf->warnings;
  if (!DecodeFrames(asset, *gaf, first, last, report, progress)) {
    return absl::CancelledError("gaf_info: cancelled");
  }
  GafInfoReport out;
  out.path = asset.path;
  out.version = gaf->version;
  out.variant = std::string(gaf::VariantName(gaf->variant));
  out.warnings = std::move(report.warnings);
  out.errors = std::move(report.errors);
  for (size_t s = first; s < last; ++s) {
    const gaf::Sequence& seq = gaf->sequences[s];
    GafSequenceReport& r = out.sequences.emplace_back();
    r.index = s;
    r.name = seq.name;
    r.loop_flags = seq.loop_flags;
    r.unknown4 = seq.unknown4;
    r.loops = seq.loops();
    for (size_t f = 0; f < seq.frames.size(); ++f) r.frames.push_back(FrameOf(f, seq.frames[f]));
  }
  return out;
}

absl::StatusOr<json> GafInfo(const Asset& asset, const std::optional<std::string>& sequence) {
  return ResultJson(DescribeGaf(asset, sequence));
}

Tool GafInfoTool() {
  return MakeContextTool<GafInfoRequest>(
      {"gaf_info", "Describe a GAF's frames",
       "Every frame of a GAF/TAF (or one sequence) decoded: sizes, origins, storage, layers, "
       "warnings."},
      GafInfoTable(), GafInfoReport::Fields().Schema(),
      [](const contexts::Context& context, const GafInfoRequest& request, const ToolCall& call) {
        // The parse's name holds the one argument that shapes the answer.
        const AssetParser<GafInfoReport> parser = GafInfoParser(request.sequence, call.progress);
        return RunKeptParsedAssetTool(context, request, call.limits, parser.how, parser,
                                      GafInfoJson);
      });
}

}  // namespace kbot::tools
