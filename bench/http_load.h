// What the HTTP benchmarks (http_bench.cc, explorer_bench.cc) share: how
// long a time-bounded load runs, and the percentiles of its latencies.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace kbot::bench {

// KBOT_BENCH_HTTP_SECONDS (default 1): the wall seconds of a bounded load.
inline double HttpLoadSeconds() {
  const char* env = std::getenv("KBOT_BENCH_HTTP_SECONDS");
  const double s = env ? std::atof(env) : 1.0;
  return s > 0 ? s : 1.0;
}

// The p-quantile (0-1) of `v` (reordered); 0 when empty.
inline double Percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const size_t k = std::min(v.size() - 1, size_t(p * double(v.size())));
  std::nth_element(v.begin(), v.begin() + long(k), v.end());
  return v[k];
}

}  // namespace kbot::bench
