// kbot_bench: the Google benchmarks of gaf_bench.cc, png_bench.cc,
// writer_bench.cc, mcp_bench.cc, http_bench.cc, explorer_bench.cc,
// hpi_bench.cc, gta_bench.cc and gta_sprite_bench.cc (and the others
// bench/CMakeLists.txt adds), then a summary computed from the same run:
// decode throughput as a fraction of memcpy's, the PNG level / filter
// trade-off, MCP calls against a JSON round trip, HTTP calls per second
// against in-memory calls, the explorer's images over HTTP against rendering
// in process, the route's cheapest answer and one client, HPI
// extraction as a fraction of plain zlib inflate, and GTA1 map load, whole-map
// render and FXT decode each as a fraction of a memcpy of the same bytes,
// GTA1 sprites drawn into sheets against a memcpy of the sheets, and a map
// rendered with its objects against the same render without them.
//
// The console output is Google Benchmark's own; the summary follows it, and
// ends with "@result KEY VALUE" lines for bench/run.sh. With
// --benchmark_repetitions the summary uses the medians.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

struct Figure {
  double ns = 0;  // CPU time per iteration (robust to other processes sharing the machine)
  double real_ns = 0;  // wall time: for work that waits on other threads
  std::map<std::string, double> counters;
  bool from_median = false;
};

double ToNs(double t, benchmark::TimeUnit unit) {
  switch (unit) {
    case benchmark::kNanosecond: return t;
    case benchmark::kMicrosecond: return t * 1e3;
    case benchmark::kMillisecond: return t * 1e6;
    case benchmark::kSecond: return t * 1e9;
  }
  return t;
}

// Google Benchmark 1.7 says error_occurred, 1.8 says skipped.
template <typename Run>
auto Failed(const Run& r, int) -> decltype(bool(r.error_occurred)) {
  return r.error_occurred;
}
template <typename Run>
bool Failed(const Run& r, long) {
  return bool(r.skipped);
}

// The console reporter, keeping each benchmark's figure as it goes by.
class Collector : public benchmark::ConsoleReporter {
 public:
  using ConsoleReporter::ConsoleReporter;
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      if (Failed(r, 0)) continue;
      const bool median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
      if (r.run_type == Run::RT_Aggregate && !median) continue;
      Figure& f = figures_[r.run_name.str()];
      if (f.from_median && !median) continue;
      f.ns = ToNs(r.GetAdjustedCPUTime(), r.time_unit);
      f.real_ns = ToNs(r.GetAdjustedRealTime(), r.time_unit);
      f.from_median = median;
      f.counters.clear();
      for (const auto& [name, counter] : r.counters) f.counters[name] = counter.value;
    }
  }
  const Figure* Find(const std::string& name) const {
    auto it = figures_.find(name);
    return it == figures_.end() ? nullptr : &it->second;
  }

 private:
  std::map<std::string, Figure> figures_;
};

std::vector<std::string> results;
void Result(const std::string& key, double value) {
  char line[160];
  std::snprintf(line, sizeof line, "@result %s %.6g", key.c_str(), value);
  results.push_back(line);
}

void DecodeRatio(const Collector& c, const char* label, const char* decode, const char* copy,
                 const char* key, double target) {
  const Figure* d = c.Find(decode);
  const Figure* m = c.Find(copy);
  if (d == nullptr || m == nullptr) return;
  const double bytes = d->counters.count("out_MB") ? d->counters.at("out_MB") * 1e6 : 0;
  const double ratio = m->ns / d->ns;  // same bytes: throughput ratio = inverse time ratio
  std::printf("  %-22s decode %8.3f ms (%6.2f GB/s)   memcpy %8.3f ms (%6.2f GB/s)   "
              "ratio %.3f  (target >= %.2f: %s)\n",
              label, d->ns / 1e6, bytes / d->ns, m->ns / 1e6, bytes / m->ns, ratio, target,
              ratio >= target ? "met" : "MISSED");
  Result(std::string(key) + "_decode_ms", d->ns / 1e6);
  Result(std::string(key) + "_memcpy_ms", m->ns / 1e6);
  Result(std::string(key) + "_decode_gbps", bytes / d->ns);
  Result(std::string(key) + "_memcpy_gbps", bytes / m->ns);
  Result(std::string(key) + "_ratio", ratio);
  std::printf("  %-22s memcpy working set %.1f MB (source + destination)\n", "", 2 * bytes / 1e6);
}

// Writing vs decoding the same frames: both count the index + opaque planes as
// their bytes, so the throughput ratio is the inverse time ratio.
void WriterRatio(const Collector& c, const char* label, const char* write, const char* decode,
                 const char* key) {
  const Figure* w = c.Find(write);
  const Figure* d = c.Find(decode);
  if (w == nullptr) return;
  const double bytes = w->counters.count("in_MB") ? w->counters.at("in_MB") * 1e6 : 0;
  const double file_mb = w->counters.count("file_MB") ? w->counters.at("file_MB") : 0;
  Result(std::string(key) + "_ms", w->ns / 1e6);
  if (w->counters.count("first_call_ms")) {
    Result(std::string(key) + "_first_call_ms", w->counters.at("first_call_ms"));
  }
  Result(std::string(key) + "_gbps", bytes / w->ns);
  if (d == nullptr) {
    std::printf("  %-32s write %8.3f ms (%6.2f GB/s), file %.2f MB\n", label, w->ns / 1e6,
                bytes / w->ns, file_mb);
    return;
  }
  const double ratio = d->ns / w->ns;
  std::printf("  %-32s write %8.3f ms (%6.2f GB/s)   decode %8.3f ms (%6.2f GB/s)   "
              "ratio %.3f   file %.2f MB   first call %.1f ms\n",
              label, w->ns / 1e6, bytes / w->ns, d->ns / 1e6, bytes / d->ns, ratio, file_mb,
              w->counters.count("first_call_ms") ? w->counters.at("first_call_ms") : 0.0);
  Result(std::string(key) + "_vs_decode_ratio", ratio);
}

// PNG export (png_bench.cc): for each picture, the reference encoder
// (libpng's defaults), kbot's old settings (libpng level 3, no filters) as
// the in-run baseline, and the encoder as it is, on all cores and on one.
// Ratios: size new / reference (target <= 1), time new / old (target <= 1;
// for the 2048 x 2048 map <= 0.2, i.e. 5x faster).
void PngSummary(const Collector& c) {
  const char* pictures[] = {"640 x 480 indexed scene", "2048 x 2048 RGBA map",
                            "1024 x 768 opaque RGBA"};
  const char* keys[] = {"scene", "map", "opaque"};
  bool header = false;
  for (int p = 0; p < 3; ++p) {
    const Figure* f[4] = {};
    for (int e = 0; e < 4; ++e) {
      f[e] = c.Find("BM_PngEncode/picture:" + std::to_string(p) + "/encoder:" +
                    std::to_string(e) + "/real_time");
    }
    if (f[0] == nullptr || f[1] == nullptr || f[2] == nullptr) continue;
    if (!header) {
      std::printf("\nPNG export (wall ms / bytes; reference = libpng defaults, old = libpng "
                  "level 3 no filter):\n");
      header = true;
    }
    auto bytes = [](const Figure* x) {
      return x->counters.count("bytes") ? x->counters.at("bytes") : 0.0;
    };
    const double target = p == 1 ? 0.2 : 1.0;
    const double size_ratio = bytes(f[2]) / bytes(f[0]), time_ratio = f[2]->real_ns / f[1]->real_ns;
    std::printf("  %-24s reference %8.2f ms %9.0f B   old %8.2f ms %9.0f B   new %8.2f ms %9.0f B"
                "   size new/ref %.3f (%s)   time new/old %.3f (<= %.1f: %s)",
                pictures[p], f[0]->real_ns / 1e6, bytes(f[0]), f[1]->real_ns / 1e6, bytes(f[1]),
                f[2]->real_ns / 1e6, bytes(f[2]), size_ratio, size_ratio <= 1 ? "met" : "MISSED",
                time_ratio, target, time_ratio <= target ? "met" : "MISSED");
    const std::string key = std::string("png_") + keys[p];
    Result(key + "_reference_ms", f[0]->real_ns / 1e6);
    Result(key + "_reference_bytes", bytes(f[0]));
    Result(key + "_old_ms", f[1]->real_ns / 1e6);
    Result(key + "_old_bytes", bytes(f[1]));
    Result(key + "_new_ms", f[2]->real_ns / 1e6);
    Result(key + "_new_bytes", bytes(f[2]));
    Result(key + "_size_vs_reference", size_ratio);
    Result(key + "_time_vs_old", time_ratio);
    if (f[3] != nullptr) {
      std::printf("   one thread %.2f ms (%.2fx)", f[3]->real_ns / 1e6,
                  f[3]->real_ns / f[2]->real_ns);
      Result(key + "_one_thread_ms", f[3]->real_ns / 1e6);
    }
    std::printf("\n");
  }
}

}  // namespace

// Calls per second through the in-memory MCP session, each as a multiple of
// the bare JSON parse + serialize of one call (the same-run baseline).
void McpSummary(const Collector& c) {
  const Figure* base = c.Find("BM_JsonRoundTrip");
  if (base == nullptr) return;
  std::printf("\nMCP request handling in memory (one session; x = time / JSON round trip):\n");
  std::printf("  %-28s %10.2f us  %10.0f calls/s\n", "JSON parse + serialize",
              base->real_ns / 1e3, 1e9 / base->real_ns);
  const char* rows[][3] = {{"BM_SessionPing/real_time", "ping", "mcp_ping"},
                           {"BM_SessionGafList/real_time", "tools/call gaf_list", "mcp_gaf_list"},
                           {"BM_SessionGafExportPng/real_time", "tools/call gaf_export 4x png",
                            "mcp_gaf_export_png"}};
  for (const auto& row : rows) {
    const Figure* f = c.Find(row[0]);
    if (f == nullptr) continue;
    std::printf("  %-28s %10.2f us  %10.0f calls/s  %6.1f x\n", row[1], f->real_ns / 1e3,
                1e9 / f->real_ns, f->real_ns / base->real_ns);
    Result(std::string(row[2]) + "_us", f->real_ns / 1e3);
    Result(std::string(row[2]) + "_vs_json", f->real_ns / base->real_ns);
  }
}

// MCP over Streamable HTTP on loopback (http_bench.cc): gaf_list from 1, 4
// and 16 sessions at once, against the same call through an in-memory
// session (BM_SessionGafList, one caller): calls per second, the ratio of
// the two, and the latency a client sees (p50, p99).
void HttpSummary(const Collector& c) {
  const Figure* memory = c.Find("BM_SessionGafList/real_time");
  bool any = false;
  auto counter = [](const Figure& f, const char* name) {
    return f.counters.count(name) ? f.counters.at(name) : 0.0;
  };
  for (const char* sessions : {"1", "4", "16"}) {
    const Figure* f = c.Find(std::string("BM_HttpGafList/sessions:") + sessions +
                             "/iterations:1/manual_time");
    if (f == nullptr) continue;
    if (!any) {
      std::printf("\nMCP over Streamable HTTP on loopback (tools/call gaf_list; ratio = HTTP "
                  "calls/s over in-memory calls/s of one session%s):\n",
                  memory ? "" : ", not measured");
      any = true;
    }
    const double rate = counter(*f, "calls_per_s");
    const double in_memory = memory ? 1e9 / memory->real_ns : 0;
    std::printf("  %2s session(s): %8.0f calls/s  p50 %7.1f us  p99 %7.1f us  ratio %.3f  "
                "(%0.f errors)\n",
                sessions, rate, counter(*f, "p50_us"), counter(*f, "p99_us"),
                in_memory > 0 ? rate / in_memory : 0.0, counter(*f, "errors"));
    const std::string key = std::string("http_gaf_list_") + sessions;
    Result(key + "_calls_per_s", rate);
    Result(key + "_p50_us", counter(*f, "p50_us"));
    Result(key + "_p99_us", counter(*f, "p99_us"));
    Result(key + "_errors", counter(*f, "errors"));
    if (in_memory > 0) Result(key + "_vs_memory", rate / in_memory);
  }
  if (const Figure* ping = c.Find("BM_HttpPing/sessions:1/iterations:1/manual_time")) {
    std::printf("  ping, 1 session: %8.0f calls/s  p50 %7.1f us  p99 %7.1f us\n",
                counter(*ping, "calls_per_s"), counter(*ping, "p50_us"), counter(*ping, "p99_us"));
    Result("http_ping_calls_per_s", counter(*ping, "calls_per_s"));
    Result("http_ping_p99_us", counter(*ping, "p99_us"));
  }
  if (memory != nullptr) Result("http_baseline_memory_calls_per_s", 1e9 / memory->real_ns);
}

// The web explorer's image routes (explorer_bench.cc), each against a
// baseline from the same run: a cold image (rendered at the request) against
// the same rendering in process, a cached image against the cheapest answer
// the route gives (its 400 for /png/), and 8 concurrent clients' requests
// per second on the cached apng against one client's.
void ExplorerSummary(const Collector& c) {
  auto real_us = [&c](const std::string& name) {
    const Figure* f = c.Find(name + "/real_time");
    return f == nullptr ? 0.0 : f->real_ns / 1e3;
  };
  auto counter = [](const Figure& f, const char* name) {
    return f.counters.count(name) ? f.counters.at(name) : 0.0;
  };
  // Failed requests and answers not from the path meant (a hit when cold, a
  // miss when cached): nonzero makes the figure beside it meaningless.
  auto problems = [&](const std::string& name) {
    const Figure* f = c.Find(name + "/real_time");
    return f == nullptr ? 0.0 : counter(*f, "errors") + counter(*f, "wrong_cache");
  };
  const double floor_us = real_us("BM_ExplorerTransportFloor");
  bool any = false;
  for (const char* kind : {"png", "apng"}) {
    const double cold = real_us(std::string("BM_ExplorerFirstImageCold/") + kind);
    const double direct = real_us(std::string("BM_ExplorerDirectRender/") + kind);
    const double cached = real_us(std::string("BM_ExplorerFirstImageCached/") + kind);
    const double bad = problems(std::string("BM_ExplorerFirstImageCold/") + kind) +
                       problems(std::string("BM_ExplorerFirstImageCached/") + kind);
    if (cold == 0 && cached == 0) continue;
    if (!any) {
      std::printf("\nWeb explorer images over HTTP on loopback (demo.gaf spinner, scale 4; one "
                  "keep-alive client; wall time per request):\n");
      any = true;
    }
    const std::string key = std::string("explorer_") + kind;
    if (cold > 0 && direct > 0) {
      std::printf("  %-5s cold   %8.1f us   direct render (no HTTP) %8.1f us   ratio %.2f\n",
                  kind, cold, direct, cold / direct);
      Result(key + "_cold_us", cold);
      Result(key + "_direct_us", direct);
      Result(key + "_cold_vs_direct", cold / direct);
    }
    if (cached > 0 && floor_us > 0) {
      std::printf("  %-5s cached %8.1f us   transport floor (GET /png/) %8.1f us   ratio %.2f"
                  "   cold / cached %.2f\n",
                  kind, cached, floor_us, cached / floor_us, cold > 0 ? cold / cached : 0.0);
      Result(key + "_cached_us", cached);
      Result(key + "_cached_vs_floor", cached / floor_us);
      if (cold > 0) Result(key + "_cold_vs_cached", cold / cached);
    }
    if (bad > 0) std::printf("  %-5s %.0f failed or wrongly cached answers\n", kind, bad);
    Result(key + "_errors", bad);
  }
  if (floor_us > 0) Result("explorer_floor_us", floor_us);

  double one_client = 0;
  for (const char* clients : {"1", "8"}) {
    const Figure* f = c.Find(std::string("BM_ExplorerCachedConcurrent/clients:") + clients +
                             "/iterations:1/manual_time");
    if (f == nullptr) continue;
    const double rate = counter(*f, "requests_per_s");
    if (std::string(clients) == "1") one_client = rate;
    std::printf("  cached apng, %s client(s): %8.0f requests/s  p50 %7.1f us  p99 %7.1f us  "
                "(%.0f errors, %.0f not hits)",
                clients, rate, counter(*f, "p50_us"), counter(*f, "p99_us"),
                counter(*f, "errors"), counter(*f, "wrong_cache"));
    const std::string key = std::string("explorer_cached_") + clients;
    Result(key + "_requests_per_s", rate);
    Result(key + "_p50_us", counter(*f, "p50_us"));
    Result(key + "_p99_us", counter(*f, "p99_us"));
    Result(key + "_errors", counter(*f, "errors") + counter(*f, "wrong_cache"));
    if (std::string(clients) == "8" && one_client > 0) {
      std::printf("  ratio 8 / 1 client: %.2f", rate / one_client);
      Result("explorer_cached_8_vs_1", rate / one_client);
    }
    std::printf("\n");
  }
}

namespace {

double HpiMbps(const Figure& f, bool wall) {
  const double mb = f.counters.count("out_MB") ? f.counters.at("out_MB") : 0;
  return mb / ((wall ? f.real_ns : f.ns) / 1e9);
}

double HpiCounter(const Figure* f, const char* name) {
  return f != nullptr && f->counters.count(name) ? f->counters.at(name) : 0.0;
}

// Extraction against inflate, one thread and all cores, for one version.
void HpiExtractLines(const Collector& c, int version) {
  for (bool all : {false, true}) {
    const std::string args = "/version:" + std::to_string(version) +
                             (all ? "/threads:0/real_time" : "/threads:1");
    const Figure* ex = c.Find("BM_HpiExtract" + args);
    const Figure* inf = c.Find("BM_HpiInflateOnly" + args);
    if (ex == nullptr || inf == nullptr) continue;
    const int workers = int(HpiCounter(ex, "workers"));
    const std::string label = all ? "all cores (" + std::to_string(workers) + ")" : "1 thread";
    const double e = HpiMbps(*ex, all), i = HpiMbps(*inf, all);
    std::printf("  v%d, %-14s extract %7.1f MB/s   inflate %7.1f MB/s   ratio %.3f  (%s)\n",
                version, label.c_str(), e, i, e / i, e / i >= 0.8 ? "met" : "MISSED");
    const std::string key = "hpi_v" + std::to_string(version) + (all ? "_all" : "_1t");
    Result(key + "_extract_mbps", e);
    Result(key + "_inflate_mbps", i);
    Result(key + "_ratio", e / i);
  }
  const Figure* one = c.Find("BM_HpiExtract/version:" + std::to_string(version) + "/threads:1");
  const Figure* all =
      c.Find("BM_HpiExtract/version:" + std::to_string(version) + "/threads:0/real_time");
  if (one != nullptr && all != nullptr) {
    const double speedup = HpiMbps(*all, true) / HpiMbps(*one, false);
    std::printf("  v%d, all cores / 1 thread: %.2fx\n", version, speedup);
    Result("hpi_v" + std::to_string(version) + "_all_vs_1t", speedup);
  }
}

void HpiLz77Lines(const Collector& c) {
  const char* contents[][2] = {{"0", "GAF-like pixel rows"}, {"1", "TDF/FBI-like text"}};
  for (const auto& [arg, label] : contents) {
    const Figure* f = c.Find(std::string("BM_HpiLz77Decode/content:") + arg);
    if (f == nullptr) continue;
    std::printf("  LZ77 decode, %-20s %7.1f MB/s  (64 KiB chunks, %.1fx compressed)\n", label,
                HpiMbps(*f, false), HpiCounter(f, "ratio"));
    Result(std::string("hpi_lz77_") + (arg[0] == '0' ? "gaf" : "text") + "_mbps",
           HpiMbps(*f, false));
  }
}

// Opening a 10,000-entry archive and finding one file; what the open archive
// keeps, against its directory's size and with large files.
void HpiOpenLine(const Collector& c, int version) {
  const std::string v = std::to_string(version);
  const Figure* tiny = c.Find("BM_HpiOpenFind/version:" + v + "/big:0");
  const Figure* big = c.Find("BM_HpiOpenFind/version:" + v + "/big:1");
  if (tiny == nullptr) return;
  const double retained = HpiCounter(tiny, "retained_bytes");
  const double dir = HpiCounter(tiny, "dir_bytes");
  std::printf("  v%s open + find, 10,000 entries: %.2f ms (target < 50: %s); open archive holds "
              "%.0f bytes (%.0f per entry, %.2fx the %.0f-byte directory)",
              v.c_str(), tiny->ns / 1e6, tiny->ns / 1e6 < 50 ? "met" : "MISSED", retained,
              HpiCounter(tiny, "retained_per_entry"), retained / std::max(1.0, dir), dir);
  Result("hpi_v" + v + "_open_find_ms", tiny->ns / 1e6);
  Result("hpi_v" + v + "_dir_bytes", dir);
  Result("hpi_v" + v + "_retained_tiny_bytes", retained);
  if (big != nullptr) {
    const double ratio = HpiCounter(big, "retained_bytes") / std::max(1.0, retained);
    std::printf("; with 16 KiB files (%.0f MB): %.2f ms, %.0f bytes (%.3fx)",
                HpiCounter(big, "file_MB"), big->ns / 1e6, HpiCounter(big, "retained_bytes"),
                ratio);
    Result("hpi_v" + v + "_open_find_big_ms", big->ns / 1e6);
    Result("hpi_v" + v + "_retained_big_bytes", HpiCounter(big, "retained_bytes"));
    Result("hpi_v" + v + "_retained_big_vs_tiny", ratio);
  }
  std::printf("\n");
}

}  // namespace

// HPI (hpi_bench.cc): extraction against plain zlib inflate of the same
// payloads at the same thread count, the ratio being extract MB/s / inflate
// MB/s (target >= 0.8). One thread runs on the calling thread and is compared
// in CPU time; all cores in wall time (the only time that sees the helpers).
void HpiSummary(const Collector& c) {
  const Figure* any = c.Find("BM_HpiExtract/version:1/threads:1");
  const Figure* lz = c.Find("BM_HpiLz77Decode/content:0");
  const Figure* open = c.Find("BM_HpiOpenFind/version:1/big:0");
  if (any == nullptr && lz == nullptr && open == nullptr) return;
  std::printf("\nHPI archives (extraction of every entry, ~100 MB of zlib, vs zlib uncompress() "
              "of the same payloads at the same thread count; ratio = extract / inflate, target "
              ">= 0.80):\n");
  for (int version : {1, 2}) HpiExtractLines(c, version);
  HpiLz77Lines(c);
  for (int version : {1, 2}) HpiOpenLine(c, version);
}

namespace {

// GTA1 (gta_bench.cc): each figure against a memcpy of the same bytes in the
// same run (ratio = throughput / memcpy throughput = memcpy time / time, as
// both count the same bytes). The map load and the FXT decode read their
// file's bytes; the render writes 2048 x 2048 RGBA.
double CounterOf(const Figure& f, const char* name) {
  return f.counters.count(name) ? f.counters.at(name) : 0;
}
double BytesOf(const Figure& f) { return CounterOf(f, "bytes"); }

// "LABEL  X ms (Y MB/s)  memcpy ... ratio R", and the Result lines KEY_*.
void GtaVsMemcpy(const Figure& f, const Figure& copy, const char* label, const std::string& key) {
  const double bytes = BytesOf(f);
  const double mbps = bytes / f.ns * 1e3, memcpy_mbps = bytes / copy.ns * 1e3;
  std::printf("  %-28s %9.3f ms (%8.1f MB/s)   memcpy %8.3f ms (%8.1f MB/s)   ratio %.4f\n",
              label, f.ns / 1e6, mbps, copy.ns / 1e6, memcpy_mbps, copy.ns / f.ns);
  Result(key + "_ms", f.ns / 1e6);
  Result(key + "_mbps", mbps);
  Result(key + "_memcpy_ms", copy.ns / 1e6);
  Result(key + "_memcpy_mbps", memcpy_mbps);
  Result(key + "_ratio", copy.ns / f.ns);
  Result(key + "_bytes", bytes);
}

void GtaSummary(const Collector& c) {
  const Figure* load = c.Find("BM_GtaLoadMap");
  const Figure* load_copy = c.Find("BM_GtaCmpMemcpy");
  const Figure* render = c.Find("BM_GtaRenderWholeMap");
  const Figure* render_copy = c.Find("BM_GtaRenderMemcpyBaseline");
  const Figure* fxt = c.Find("BM_GtaFxtDecode");
  const Figure* decrypt = c.Find("BM_GtaFxtDecrypt");
  const Figure* fxt_copy = c.Find("BM_GtaFxtMemcpy");
  if (load == nullptr && render == nullptr && fxt == nullptr) return;
  std::printf("\nGTA1 (each vs a memcpy of the same bytes; ratio = throughput / memcpy's):\n");
  if (load != nullptr && load_copy != nullptr) {
    GtaVsMemcpy(*load, *load_copy, "CMP load (ReadCityMap)", "gta_cmp_load");
  }
  if (render != nullptr && render_copy != nullptr) {
    GtaVsMemcpy(*render, *render_copy, "whole-map render, 8 px/cell", "gta_render");
    const double mpix = BytesOf(*render) / 4 / 1e6;
    std::printf("  %-28s %9.1f Mpixel/s (2048 x 2048), %.0f cell warnings\n", "",
                mpix / (render->ns / 1e9), CounterOf(*render, "warnings"));
    Result("gta_render_mpixps", mpix / (render->ns / 1e9));
  }
  if (fxt != nullptr && fxt_copy != nullptr) {
    GtaVsMemcpy(*fxt, *fxt_copy, "FXT decode (ReadFxt)", "gta_fxt");
    const double records = CounterOf(*fxt, "records");
    std::printf("  %-28s %.0f records, %.0f bytes; %.1f us per 1,000 records\n", "", records,
                BytesOf(*fxt), fxt->ns / 1e3 / std::max(1.0, records / 1e3));
    Result("gta_fxt_records", records);
  }
  const Figure* derived = c.Find("BM_GtaFxtDecodeDerived");
  if (fxt != nullptr && derived != nullptr) {
    std::printf("  %-28s %9.3f ms   %.3f x the documented pair's decode\n",
                "FXT, other starting values", derived->ns / 1e6, derived->ns / fxt->ns);
    Result("gta_fxt_derived_ratio", derived->ns / fxt->ns);
  }
  if (fxt != nullptr && decrypt != nullptr) {
    const double mbps = BytesOf(*decrypt) / decrypt->ns * 1e3;
    std::printf("  %-28s %9.3f ms (%8.1f MB/s)   %.1f%% of the decode's time\n",
                "  of which DecryptFxt", decrypt->ns / 1e6, mbps, 100 * decrypt->ns / fxt->ns);
    Result("gta_fxt_decrypt_ms", decrypt->ns / 1e6);
    Result("gta_fxt_decrypt_mbps", mbps);
    Result("gta_fxt_decrypt_share", decrypt->ns / fxt->ns);
  }
}

// ", peak X MB" and its Result, when the benchmark measured one (peak_MB:
// Linux only).
void GtaPeak(const Figure& f, const char* key) {
  const double peak = CounterOf(f, "peak_MB");
  if (peak <= 0) return;
  std::printf(", peak %.1f MB", peak);
  Result(key, peak);
}

// GTA1 sprites (gta_sprite_bench.cc): every sprite drawn into numbered
// sheets, against a memcpy of the sheets' RGBA (ratio = memcpy time / draw
// time), and through the sprite_sheet tool against the sheets alone.
void GtaSpriteSheetLines(const Collector& c) {
  const Figure* sheets = c.Find("BM_GtaSpriteSheets");
  const Figure* copy = c.Find("BM_GtaSpriteSheetsMemcpy");
  const Figure* tool = c.Find("BM_GtaSpriteSheetsTool");
  const Figure* read = c.Find("BM_GtaReadSpritesAndCars");
  if (sheets != nullptr) {
    const double sprites = CounterOf(*sheets, "sprites"), ms = sheets->ns / 1e6;
    std::printf("  %-34s %9.3f ms (%7.1f sprites/ms, %.0f sheets, %.1f MB RGBA)",
                "all sprites into sheets", ms, sprites / ms, CounterOf(*sheets, "sheets"),
                CounterOf(*sheets, "sheet_MB"));
    GtaPeak(*sheets, "gta_sprite_sheets_peak_mb");
    Result("gta_sprite_sheets_ms", ms);
    Result("gta_sprite_sheets_sprites", sprites);
    Result("gta_sprite_sheets_per_ms", sprites / ms);
    if (copy != nullptr) {
      std::printf("   memcpy %8.3f ms   ratio %.3f", copy->ns / 1e6, copy->ns / sheets->ns);
      Result("gta_sprite_sheets_memcpy_ms", copy->ns / 1e6);
      Result("gta_sprite_sheets_ratio", copy->ns / sheets->ns);
    }
    std::printf("\n");
  }
  if (tool != nullptr) {
    std::printf("  %-34s %9.3f ms (%.2f MB of PNG)", "  through sprite_sheet (+ PNG)",
                tool->ns / 1e6, CounterOf(*tool, "png_MB"));
    GtaPeak(*tool, "gta_sprite_sheets_tool_peak_mb");
    Result("gta_sprite_sheets_tool_ms", tool->ns / 1e6);
    if (sheets != nullptr) {
      std::printf("   %.2fx the sheets alone", tool->ns / sheets->ns);
      Result("gta_sprite_sheets_tool_vs_sheets", tool->ns / sheets->ns);
    }
    std::printf("\n");
  }
  if (read != nullptr) {
    std::printf("  %-34s %9.1f us (%.0f sprites, %.0f car records, %.0f object types)\n",
                "ReadStyleSprites + ReadStyleCars", read->ns / 1e3, CounterOf(*read, "sprites"),
                CounterOf(*read, "cars"), CounterOf(*read, "object_types"));
    Result("gta_read_sprites_cars_us", read->ns / 1e3);
  }
}

// A map render with its objects against the same render without them, from
// the medians of both (gta_sprite_bench.cc's own vs_plain_* counters compare
// single runs): time and peak memory added.
void GtaObjectsLine(const Collector& c, const char* scale, const char* label, const char* key) {
  const Figure* plain = c.Find("BM_GtaMapRender/objects:0/scale:" + std::string(scale));
  const Figure* objects = c.Find("BM_GtaMapRender/objects:1/scale:" + std::string(scale));
  if (plain == nullptr || objects == nullptr) return;
  const double time = objects->ns / plain->ns;
  const double plain_peak = CounterOf(*plain, "peak_MB"), peak = CounterOf(*objects, "peak_MB");
  std::printf("  %-34s plain %7.2f ms, peak %5.1f MB   objects %7.2f ms, peak %5.1f MB "
              "(%.0f drawn of %.0f near)   time %.2fx",
              label, plain->ns / 1e6, plain_peak, objects->ns / 1e6, peak,
              CounterOf(*objects, "objects_drawn"), CounterOf(*objects, "objects_near"), time);
  const std::string k = std::string("gta_objects_") + key;
  Result(k + "_plain_ms", plain->ns / 1e6);
  Result(k + "_ms", objects->ns / 1e6);
  Result(k + "_drawn", CounterOf(*objects, "objects_drawn"));
  Result(k + "_time_ratio", time);
  if (plain_peak > 0 && peak > 0) {  // no peak_MB counters off Linux
    std::printf("   peak %.3fx", peak / plain_peak);
    Result(k + "_plain_peak_mb", plain_peak);
    Result(k + "_peak_mb", peak);
    Result(k + "_peak_ratio", peak / plain_peak);
  }
  std::printf("\n");
}

void GtaSpriteSummary(const Collector& c) {
  auto pair = [&c](const std::string& scale) {  // GtaObjectsLine prints only with both
    return c.Find("BM_GtaMapRender/objects:0/scale:" + scale) != nullptr &&
           c.Find("BM_GtaMapRender/objects:1/scale:" + scale) != nullptr;
  };
  if (c.Find("BM_GtaSpriteSheets") == nullptr && c.Find("BM_GtaSpriteSheetsTool") == nullptr &&
      c.Find("BM_GtaReadSpritesAndCars") == nullptr && !pair("8") && !pair("32")) {
    return;
  }
  std::printf("\nGTA1 sprites and map objects (CPU time; sheets vs a memcpy of their RGBA, "
              "objects vs the same render without them; peak = memory one call adds):\n");
  GtaSpriteSheetLines(c);
  GtaObjectsLine(c, "8", "whole map, 8 px/cell (2048 x 2048)", "whole");
  GtaObjectsLine(c, "32", "64 x 64 cells at 32 px/cell", "region");
}

// TA3D truecolor frames against plain zlib, and the file-kind check every
// tool runs against the structure read it precedes.
void Ta3dSummary(const Collector& c) {
  const Figure* decode = c.Find("BM_Ta3dDecode");
  const Figure* rgb = c.Find("BM_Ta3dDecodeRgb");
  const Figure* inflate = c.Find("BM_Ta3dInflateOnly");
  const Figure* id_gaf = c.Find("BM_IdentifyGaf");
  const Figure* id_unknown = c.Find("BM_IdentifyUnknown");
  const Figure* read = c.Find("BM_ReadGafTa3d");
  if (decode != nullptr && inflate != nullptr) {
    std::printf("\nTA3D truecolor GAF, 8 RGBA 640 x 480 frames (ratio = throughput / zlib "
                "uncompress's):\n");
    std::printf("  %-28s %9.3f ms   uncompress %9.3f ms   ratio %.3f\n", "decode (RenderFrame)",
                decode->ns / 1e6, inflate->ns / 1e6, inflate->ns / decode->ns);
    Result("ta3d_decode_ms", decode->ns / 1e6);
    Result("ta3d_inflate_ms", inflate->ns / 1e6);
    Result("ta3d_decode_ratio", inflate->ns / decode->ns);
    if (rgb != nullptr) {
      std::printf("  %-28s %9.3f ms   ratio %.3f\n", "decode, RGB frames", rgb->ns / 1e6,
                  inflate->ns / rgb->ns);
      Result("ta3d_decode_rgb_ratio", inflate->ns / rgb->ns);
    }
  }
  if (id_gaf != nullptr && read != nullptr) {
    std::printf("  %-28s %9.3f us   %.1f%% of ReadGaf's %.3f us\n", "IdentifyFile (a GAF)",
                id_gaf->ns / 1e3, 100 * id_gaf->ns / read->ns, read->ns / 1e3);
    Result("identify_gaf_share", id_gaf->ns / read->ns);
  }
  if (id_unknown != nullptr) {
    std::printf("  %-28s %9.3f us (every check runs)\n", "IdentifyFile (1 MB unknown)",
                id_unknown->ns / 1e3);
    Result("identify_unknown_us", id_unknown->ns / 1e3);
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  Collector collector(isatty(STDOUT_FILENO) ? benchmark::ConsoleReporter::OO_ColorTabular
                                            : benchmark::ConsoleReporter::OO_Tabular);
  benchmark::RunSpecifiedBenchmarks(&collector);
  benchmark::Shutdown();

  std::printf("\nDecode + render of every frame (game mode) vs memcpy of the same output bytes "
              "(index + opaque planes):\n");
  DecodeRatio(collector, "atlas (raw)", "BM_DecodeRenderAtlas", "BM_MemcpyAtlasOutput", "atlas",
              0.5);
  DecodeRatio(collector, "effects (run-encoded)", "BM_DecodeRenderEffects",
              "BM_MemcpyEffectsOutput", "effects", 0.15);
  if (const Figure* r = collector.Find("BM_ReadGafAtlas")) {
    std::printf("  ReadGaf atlas (headers only): %.3f ms\n", r->ns / 1e6);
    Result("readgaf_atlas_ms", r->ns / 1e6);
  }
  std::printf("\nWriteGaf from planes in memory vs decode + render of the same frames "
              "(throughput over the index + opaque planes; ratio = write / decode):\n");
  WriterRatio(collector, "writer encode / decode (effects)", "BM_EncodeEffects",
              "BM_DecodeRenderEffects", "encode_effects");
  WriterRatio(collector, "writer raw / decode (atlas)", "BM_WriteAtlasRaw",
              "BM_DecodeRenderAtlas", "write_atlas_raw");
  if (collector.Find("BM_PcxDecode8") != nullptr || collector.Find("BM_PcxDecode24") != nullptr) {
    std::printf("\nPCX decode of 640 x 480 (pcx_bench.cc) vs memcpy of the same output bytes "
                "(8-bit: index + opaque planes; 24-bit: RGBA):\n");
    DecodeRatio(collector, "PCX 8-bit", "BM_PcxDecode8", "BM_PcxMemcpy8Output", "pcx8",
                0.15);
    DecodeRatio(collector, "PCX 24-bit", "BM_PcxDecode24", "BM_PcxMemcpy24Output",
                "pcx24", 0.15);
  }
  PngSummary(collector);
  McpSummary(collector);
  HttpSummary(collector);
  ExplorerSummary(collector);
  HpiSummary(collector);
  GtaSummary(collector);
  GtaSpriteSummary(collector);
  Ta3dSummary(collector);
  std::printf("\n");
  for (const std::string& line : results) std::printf("%s\n", line.c_str());
  return 0;
}
