#include "app/hpi_extract.h"

#include <unistd.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <mutex>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "app/cli_support.h"
#include "app/workspace_support.h"
#include "contexts/confined_folder.h"
#include "formats/hpi/hpi.h"
#include "tools/file_kind.h"
#include "tools/hpi_extraction.h"

namespace kbot::app {

namespace {

constexpr const char* kCommand = "hpi extract";

std::string HumanBytes(uint64_t n) {
  if (n < 1024) return absl::StrCat(n, " B");
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  double v = double(n);
  int unit = -1;
  do {
    v /= 1024;
    ++unit;
  } while (v >= 1024 && unit < 3);
  return absl::StrFormat("%.1f %s", v, kUnits[unit]);
}

// Error lines and the progress line, written from the worker threads: one
// lock keeps each line whole, and an error line first clears the progress
// line it would otherwise run into.
class Reporter final : public tools::ExtractObserver {
 public:
  explicit Reporter(bool progress) : progress_(progress) {}

  void Start(size_t entries, uint64_t bytes) override {
    std::lock_guard<std::mutex> lock(mu_);
    total_entries_ = entries;
    total_bytes_ = bytes;
    Draw(true);
  }

  // "kbot: hpi extract: <what>"; the run then ends with status 1.
  void Problem(const std::string& what) override {
    std::lock_guard<std::mutex> lock(mu_);
    ClearLine();
    std::cerr << "kbot: " << kCommand << ": " << what << "\n";
    Draw(true);
  }

  // One entry finished, written or not.
  void Done(uint64_t bytes) override {
    std::lock_guard<std::mutex> lock(mu_);
    ++done_entries_;
    done_bytes_ += bytes;
    Draw(done_entries_ == total_entries_);
  }

  void Finish() {
    std::lock_guard<std::mutex> lock(mu_);
    ClearLine();
    std::cerr << std::flush;
  }

 private:
  using Clock = std::chrono::steady_clock;

  void ClearLine() {
    if (drawn_) std::cerr << "\r\033[K";
    drawn_ = false;
  }

  // At most ten redraws a second: a terminal repainting per entry would cost
  // more than extracting a small one.
  void Draw(bool force) {
    if (!progress_ || total_entries_ == 0) return;
    const Clock::time_point now = Clock::now();
    if (!force && now - last_draw_ < std::chrono::milliseconds(100)) return;
    last_draw_ = now;
    std::cerr << "\r[" << done_entries_ << "/" << total_entries_ << "] "
              << HumanBytes(done_bytes_) << " of " << HumanBytes(total_bytes_) << "\033[K"
              << std::flush;
    drawn_ = true;
  }

  const bool progress_;
  std::mutex mu_;
  size_t total_entries_ = 0, done_entries_ = 0;
  uint64_t total_bytes_ = 0, done_bytes_ = 0;
  bool drawn_ = false;
  Clock::time_point last_draw_;
};

}  // namespace

int RunHpiExtract(const HpiExtractOptions& o) {
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.archive, o.context);
  if (!opened.ok()) return Fail(kCommand, opened.status());
  if (absl::Status s = tools::RequireKind(opened->asset, {tools::FileKind::kHpi}); !s.ok()) {
    return Fail(kCommand, s);
  }
  absl::StatusOr<hpi::HpiArchive> archive =
      hpi::OpenHpi(opened->asset.bytes, opened->asset.path);
  if (!archive.ok()) return Fail(kCommand, archive.status());
  absl::StatusOr<std::unique_ptr<contexts::ConfinedFolder>> target =
      contexts::ConfinedFolder::Open(o.target);
  if (!target.ok()) return Fail(kCommand, target.status());

  Reporter reporter(::isatty(STDERR_FILENO) != 0);
  const tools::ExtractCounts counts =
      tools::ExtractHpi(*archive, opened->asset.bytes, o.globs, **target, o.threads, reporter);
  reporter.Finish();
  std::cout << "extracted " << counts.written << " of " << archive->entries.size()
            << " entr" << (archive->entries.size() == 1 ? "y" : "ies") << " from "
            << archive->name << " to " << o.target << " (" << counts.written_bytes
            << " bytes)\n";
  return counts.problems == 0 ? kExitOk : kExitFailed;
}

}  // namespace kbot::app
