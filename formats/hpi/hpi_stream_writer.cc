// PackHpi: the layout, the units of work, and the packer that reads, hands
// out, compresses and writes them (hpi_stream_writer.h says how).
#include "formats/hpi/hpi_stream_writer.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

#include "absl/strings/str_cat.h"
#include "formats/common/byte_writer.h"
#include "formats/hpi/writer_internal.h"

namespace kbot::hpi {
namespace {

using internal::Layout;

constexpr uint32_t kPieceSize = kChunkSize;  // stored bytes are copied in pieces of this size
constexpr int kSlotsPerWorker = 4;
// A unit's buffers bigger than this (a v2 file) are freed once it is written,
// not kept for the next unit.
constexpr size_t kKeepCapacity = 1 << 20;

enum class Work : uint8_t { kCopy, kChunk, kWhole };

struct Unit {
  size_t laid = 0;      // into Layout::order
  uint64_t offset = 0;  // in the file
  uint32_t length = 0;  // input bytes
  uint32_t chunk = 0;   // v1: the chunk's number in its file
  Work work = Work::kCopy;
  bool first = false, last = false;  // the file's first and last unit
};

std::vector<Unit> Units(const Layout& layout, const std::vector<HpiFileToPack>& files,
                        const HpiPackOptions& o) {
  std::vector<Unit> units;
  for (size_t l = 0; l < layout.order.size(); ++l) {
    const uint64_t size = files[layout.order[l].index].size;
    const bool stored = o.compression == Compression::kNone || size == 0;
    const Work work = stored ? Work::kCopy : (o.version == 1 ? Work::kChunk : Work::kWhole);
    const uint64_t step = work == Work::kWhole ? std::max<uint64_t>(size, 1) : kPieceSize;
    const size_t begin = units.size();
    uint32_t chunk = 0;
    for (uint64_t at = 0; at < size || at == 0; at += step, ++chunk) {
      units.push_back({l, at, uint32_t(std::min<uint64_t>(step, size - at)), chunk, work});
    }
    units[begin].first = true;
    units.back().last = true;
  }
  return units;
}

class Packer {
 public:
  Packer(const std::vector<HpiFileToPack>& files, const HpiPackOptions& o, Layout layout,
         HpiPackSource& source, HpiPackSink& sink)
      : files_(files), o_(o), layout_(std::move(layout)), source_(source), sink_(sink),
        units_(Units(layout_, files, o)) {}
  ~Packer() { StopWorkers(); }

  absl::StatusOr<uint64_t> Run(int threads);

 private:
  struct Slot {
    std::vector<uint8_t> in, out;
    absl::Status status;
    bool done = false;
  };

  Slot& SlotOf(size_t u) { return slots_[u % slots_.size()]; }
  const std::string& PathOf(const Unit& unit) const {
    return files_[layout_.order[unit.laid].index].path;
  }
  void StartWorkers(int threads);
  void StopWorkers();
  void WorkerLoop();
  absl::Status Encode(size_t u);
  absl::Status ReadUnit(size_t u);
  void Submit(size_t u);
  bool Done(size_t u);
  void WaitDone(size_t u);
  absl::Status WriteUnit(size_t u);
  absl::Status Append(Bytes bytes);

  const std::vector<HpiFileToPack>& files_;
  const HpiPackOptions o_;
  Layout layout_;
  HpiPackSource& source_;
  HpiPackSink& sink_;
  const std::vector<Unit> units_;
  std::vector<Slot> slots_;

  std::mutex mu_;
  std::condition_variable work_cv_, done_cv_;
  std::deque<size_t> queue_;  // units read, waiting for a worker
  bool stop_ = false;
  std::vector<std::thread> workers_;

  // The writing, on the calling thread.
  uint64_t at_ = 0;             // bytes appended so far
  uint64_t file_start_ = 0;     // where the file being written starts
  std::vector<uint8_t> table_;  // v1: its chunk sizes, written over their place at its end
};

void Packer::StartWorkers(int threads) {
  const bool compresses = std::any_of(units_.begin(), units_.end(),
                                      [](const Unit& u) { return u.work != Work::kCopy; });
  if (threads < 2 || !compresses) {
    slots_.resize(1);
    return;
  }
  // The slots first: the workers index them from the moment they run.
  slots_.resize(kSlotsPerWorker * size_t(threads));
  for (int t = 0; t < threads; ++t) {
    try {
      workers_.emplace_back([this] { WorkerLoop(); });
    } catch (const std::system_error&) {
      break;  // out of threads: the ones started share the work (none: this thread does it)
    }
  }
}

void Packer::StopWorkers() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
    queue_.clear();
  }
  work_cv_.notify_all();
  for (std::thread& w : workers_) w.join();
  workers_.clear();
}

void Packer::WorkerLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    work_cv_.wait(lock, [this] { return stop_ || !queue_.empty(); });
    if (stop_) return;
    const size_t u = queue_.front();
    queue_.pop_front();
    lock.unlock();
    absl::Status status = Encode(u);
    lock.lock();
    SlotOf(u).status = std::move(status);
    SlotOf(u).done = true;
    done_cv_.notify_one();
  }
}

// On a worker thread (or the calling thread when there is none); the slot is
// this unit's alone until it is marked done.
absl::Status Packer::Encode(size_t u) {
  Slot& slot = SlotOf(u);
  try {
    absl::Status s = internal::EncodeSqshInto(slot.in, o_.compression, slot.out);
    if (!s.ok()) return absl::Status(s.code(), absl::StrCat(PathOf(units_[u]), ": ", s.message()));
    return absl::OkStatus();
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        absl::StrCat(PathOf(units_[u]), ": out of memory while compressing"));
  }
}

absl::Status Packer::ReadUnit(size_t u) {
  const Unit& unit = units_[u];
  const size_t index = layout_.order[unit.laid].index;
  Slot& slot = SlotOf(u);
  slot.in.resize(unit.length);
  if (unit.length > 0) {
    if (absl::Status s = source_.Read(index, unit.offset, slot.in); !s.ok()) return s;
  }
  if (unit.last) return source_.Finished(index);
  return absl::OkStatus();
}

void Packer::Submit(size_t u) {
  Slot& slot = SlotOf(u);
  if (units_[u].work == Work::kCopy || workers_.empty()) {
    absl::Status status = units_[u].work == Work::kCopy ? absl::OkStatus() : Encode(u);
    std::lock_guard<std::mutex> lock(mu_);
    slot.status = std::move(status);
    slot.done = true;
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.push_back(u);
  }
  work_cv_.notify_one();
}

bool Packer::Done(size_t u) {
  std::lock_guard<std::mutex> lock(mu_);
  return SlotOf(u).done;
}

void Packer::WaitDone(size_t u) {
  std::unique_lock<std::mutex> lock(mu_);
  done_cv_.wait(lock, [&] { return SlotOf(u).done; });
}

absl::Status Packer::Append(Bytes bytes) {
  if (at_ + bytes.size() > internal::kMaxArchiveBytes) {
    return absl::InvalidArgumentError("the archive would exceed 4 GiB");
  }
  if (absl::Status s = sink_.Append(bytes); !s.ok()) return s;
  at_ += bytes.size();
  return absl::OkStatus();
}

// Appends a finished unit; a file's first unit sets its place in the
// directory (and, v1 compressed, leaves room for its chunk-size table), its
// last unit fills in what only its end tells.
absl::Status Packer::WriteUnit(size_t u) {
  const Unit& unit = units_[u];
  Slot& slot = SlotOf(u);
  if (!slot.status.ok()) return slot.status;
  const size_t record = layout_.order[unit.laid].record;
  if (unit.first) {
    file_start_ = at_;
    if (o_.version == 1) internal::SetV1Data(layout_.head, record, uint32_t(at_));
    if (unit.work == Work::kChunk) {
      const uint64_t size = files_[layout_.order[unit.laid].index].size;
      table_.assign((size + kChunkSize - 1) / kChunkSize * 4, 0);
      if (absl::Status s = Append(table_); !s.ok()) return s;
    }
  }
  const Bytes bytes = unit.work == Work::kCopy ? Bytes(slot.in) : Bytes(slot.out);
  if (absl::Status s = Append(bytes); !s.ok()) return s;
  if (unit.work == Work::kChunk) PatchU32(table_, 4 * size_t(unit.chunk), uint32_t(bytes.size()));
  if (unit.last) {
    if (unit.work == Work::kChunk) {
      if (absl::Status s = sink_.WriteAt(file_start_, table_); !s.ok()) return s;
    }
    if (o_.version == 2) {
      const uint32_t compressed = unit.work == Work::kWhole ? uint32_t(bytes.size()) : 0;
      internal::SetV2Data(layout_.head, record, uint32_t(file_start_), compressed);
    }
  }
  for (std::vector<uint8_t>* b : {&slot.in, &slot.out}) {
    if (b->capacity() > kKeepCapacity) std::vector<uint8_t>().swap(*b);
  }
  std::lock_guard<std::mutex> lock(mu_);
  slot.done = false;
  return absl::OkStatus();
}

absl::StatusOr<uint64_t> Packer::Run(int threads) {
  // The head goes out now with the data's places still 0, and again at the end.
  if (absl::Status s = Append(layout_.head); !s.ok()) return s;
  StartWorkers(threads);
  const uint64_t budget = kPackBytesInFlightPerThread * std::max<size_t>(1, workers_.size());
  size_t next_read = 0, next_write = 0;
  uint64_t in_flight = 0;  // input bytes of the units read and not yet written
  while (next_write < units_.size()) {
    if (next_write < next_read && Done(next_write)) {
      if (absl::Status s = WriteUnit(next_write); !s.ok()) return s;
      in_flight -= units_[next_write++].length;
      continue;
    }
    if (next_read < units_.size() && next_read - next_write < slots_.size() &&
        (next_read == next_write || in_flight + units_[next_read].length <= budget)) {
      if (absl::Status s = ReadUnit(next_read); !s.ok()) return s;
      in_flight += units_[next_read].length;
      Submit(next_read++);
      continue;
    }
    WaitDone(next_write);
  }
  StopWorkers();
  if (absl::Status s = sink_.WriteAt(0, layout_.head); !s.ok()) return s;
  return at_;
}

class MemorySource final : public HpiPackSource {
 public:
  explicit MemorySource(const std::vector<HpiFileToWrite>& files) : files_(files) {}
  absl::Status Read(size_t index, uint64_t offset, std::span<uint8_t> out) override {
    std::memcpy(out.data(), files_[index].data.data() + offset, out.size());
    return absl::OkStatus();
  }

 private:
  const std::vector<HpiFileToWrite>& files_;
};

class MemorySink final : public HpiPackSink {
 public:
  absl::Status Append(Bytes bytes) override {
    out.insert(out.end(), bytes.begin(), bytes.end());
    return absl::OkStatus();
  }
  absl::Status WriteAt(uint64_t offset, Bytes bytes) override {
    std::copy(bytes.begin(), bytes.end(), out.begin() + offset);
    return absl::OkStatus();
  }
  std::vector<uint8_t> out;
};

}  // namespace

absl::StatusOr<uint64_t> PackHpi(const std::vector<HpiFileToPack>& files,
                                 const HpiPackOptions& options, HpiPackSource& source,
                                 HpiPackSink& sink) {
  if (options.threads < 0 || options.threads > kMaxPackThreads) {
    return absl::InvalidArgumentError(absl::StrCat(
        "thread count ", options.threads, " is not 0 (every core) or 1..", kMaxPackThreads));
  }
  std::vector<internal::FileToLay> lay;
  lay.reserve(files.size());
  for (const HpiFileToPack& f : files) lay.push_back({&f.path, f.size});
  absl::StatusOr<Layout> layout = internal::LayOut(lay, options.version, options.compression);
  if (!layout.ok()) return layout.status();
  const int threads = options.threads > 0
                          ? options.threads
                          : int(std::max(1u, std::thread::hardware_concurrency()));
  Packer packer(files, options, *std::move(layout), source, sink);
  return packer.Run(std::min(threads, kMaxPackThreads));
}

absl::StatusOr<std::vector<uint8_t>> PackHpiInMemory(const std::vector<HpiFileToWrite>& files,
                                                     const HpiPackOptions& options) {
  std::vector<HpiFileToPack> list;
  list.reserve(files.size());
  for (const HpiFileToWrite& f : files) list.push_back({f.path, f.data.size()});
  MemorySource source(files);
  MemorySink sink;
  absl::StatusOr<uint64_t> size = PackHpi(list, options, source, sink);
  if (!size.ok()) return size.status();
  return std::move(sink.out);
}

}  // namespace kbot::hpi
