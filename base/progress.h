// How long work reports how far it got, and learns that it should stop.
// formats/ and contexts/ call it from their loops; mcp/ turns the reports into
// notifications/progress and a notifications/cancelled into a stop.
#pragma once

#include <cstdint>

namespace kbot {

class Progress {
 public:
  virtual ~Progress() = default;
  // `done` of `total` units (total 0: not known yet). Returns false when the
  // work should stop: the caller then returns absl::CancelledError.
  virtual bool Report(uint64_t done, uint64_t total) = 0;
};

// One stage of a longer job: the stage's `done` is reported as
// `offset + done` of the job's `total`, so the job's progress only grows.
class StageProgress final : public Progress {
 public:
  StageProgress(Progress& job, uint64_t offset, uint64_t total)
      : job_(job), offset_(offset), total_(total) {}
  bool Report(uint64_t done, uint64_t) override { return job_.Report(offset_ + done, total_); }

 private:
  Progress& job_;
  uint64_t offset_, total_;
};

// Reports nowhere and never stops.
inline Progress& NoProgress() {
  struct Null final : Progress {
    bool Report(uint64_t, uint64_t) override { return true; }
  };
  static Null null;
  return null;
}

}  // namespace kbot
