// ReadEntriesParallel: a shared atomic cursor over the entry list, the calling
// thread plus (threads - 1) helpers pulling from it.
#include "formats/hpi/parallel_read.h"

#include <algorithm>
#include <atomic>
#include <system_error>
#include <thread>
#include <utility>

namespace kbot::hpi {

void ReadEntriesParallel(const HpiArchive& archive, Bytes file,
                         const std::vector<const HpiEntry*>& entries, int threads,
                         const EntrySink& sink) {
  if (entries.empty()) return;
  size_t n = threads > 0 ? size_t(threads) : size_t(std::thread::hardware_concurrency());
  n = std::clamp<size_t>(n, 1, entries.size());  // hardware_concurrency() may say 0

  std::atomic<size_t> next{0};
  std::atomic<bool> stop{false};
  auto work = [&] {
    EntryBuffer buffer;
    // `stop` is checked before taking an index, so once a sink says false no
    // new read begins; reads already under way are still delivered, as the
    // header promises (a caller collecting errors sees every one it caused).
    while (!stop.load(std::memory_order_relaxed)) {
      const size_t i = next.fetch_add(1, std::memory_order_relaxed);
      if (i >= entries.size()) return;
      const HpiEntry& entry = *entries[i];
      if (!sink(entry, ReadEntryInto(archive, file, entry, buffer))) {
        stop.store(true, std::memory_order_relaxed);
      }
    }
  };

  std::vector<std::thread> helpers;
  helpers.reserve(n - 1);
  for (size_t t = 1; t < n; ++t) {
    try {
      helpers.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // out of threads: the ones running (and this one) share the rest
    }
  }
  work();
  for (std::thread& h : helpers) h.join();
}

}  // namespace kbot::hpi
