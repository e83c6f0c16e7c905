// How long work reports how far it got, and learns that it should stop.
// formats/ and contexts/ call it from their loops; mcp/ turns the reports into
// notifications/progress and a notifications/cancelled into a stop.
#pragma once

#include <cstdint>
#include <string_view>

namespace kbot {

class Progress {
 public:
  virtual ~Progress() = default;
  // `done` of `total` units (total 0: not known yet). Returns false when the
  // work should stop: the caller then returns absl::CancelledError. Loops call
  // it at least every few milliseconds of work, so that a stop is prompt; the
  // receiver decides how many reports are worth passing on.
  virtual bool Report(uint64_t done, uint64_t total) = 0;
  // The same with a few words on the step ("row 12 of 256"), which an MCP
  // client may show beside its bar. One that shows no words drops them.
  virtual bool Report(uint64_t done, uint64_t total, std::string_view message) {
    (void)message;
    return Report(done, total);
  }
};

// One stage of a longer job: the stage's `done` is reported as
// `offset + done` of the job's `total`, so the job's progress only grows.
class StageProgress final : public Progress {
 public:
  StageProgress(Progress& job, uint64_t offset, uint64_t total)
      : job_(job), offset_(offset), total_(total) {}
  bool Report(uint64_t done, uint64_t) override { return job_.Report(offset_ + done, total_); }
  bool Report(uint64_t done, uint64_t, std::string_view message) override {
    return job_.Report(offset_ + done, total_, message);
  }

 private:
  Progress& job_;
  uint64_t offset_, total_;
};

// A stage counted in its own units (an encoder's rows) that is `span` units
// of a job of `total`, starting at `offset`: the stage's `done` of its own
// total is reported as offset + span * done / its total.
class ScaledStage final : public Progress {
 public:
  ScaledStage(Progress& job, uint64_t offset, uint64_t span, uint64_t total)
      : job_(job), offset_(offset), span_(span), total_(total) {}
  bool Report(uint64_t done, uint64_t total) override { return Report(done, total, {}); }
  bool Report(uint64_t done, uint64_t total, std::string_view message) override {
    const uint64_t part = total == 0 ? 0 : span_ * (done < total ? done : total) / total;
    return job_.Report(offset_ + part, total_, message);
  }

 private:
  Progress& job_;
  uint64_t offset_, span_, total_;
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
