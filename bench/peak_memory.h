// The peak memory a benchmarked call adds, from the kernel's own counters
// (tnt_bench.cc, gta_sprite_bench.cc): reset the peak-RSS mark, run the call,
// read the mark again.
#pragma once

#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace kbot::bench {

// A "Key:   N kB" line of /proc/self/status, in kB; -1 when it cannot be read.
inline long StatusKb(const char* key) {
  FILE* f = std::fopen("/proc/self/status", "r");
  if (f == nullptr) return -1;
  char line[256];
  long kb = -1;
  while (std::fgets(line, sizeof line, f) != nullptr) {
    if (std::strncmp(line, key, std::strlen(key)) == 0) kb = std::atol(line + std::strlen(key));
  }
  std::fclose(f);
  return kb;
}

// Runs `work` once and returns the peak memory it added, in MB (-1: unknown).
template <typename Work>
double PeakMbOf(Work work) {
  malloc_trim(0);  // freed memory back to the system, so VmRSS is what is held
  FILE* f = std::fopen("/proc/self/clear_refs", "w");
  if (f == nullptr) return -1;
  std::fputs("5", f);  // reset the peak-RSS mark to the current RSS
  std::fclose(f);
  const long before = StatusKb("VmRSS:");
  work();
  const long peak = StatusKb("VmHWM:");
  return before < 0 || peak < 0 ? -1 : double(peak - before) * 1024 / 1e6;
}

}  // namespace kbot::bench
