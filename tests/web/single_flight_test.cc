// SingleFlight: concurrent calls for one key share one run of the work;
// other keys, and calls after a run ends, run their own.
#include "web/single_flight.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <vector>

namespace kbot::web {
namespace {

TEST(SingleFlight, ConcurrentCallsForAKeyShareOneRun) {
  SingleFlight<int> flight;
  std::atomic<int> runs{0};
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  const auto work = [&] {
    ++runs;
    released.wait();  // holds the run open until the others have joined
    return 42;
  };
  std::vector<std::future<std::pair<int, bool>>> calls;
  calls.push_back(std::async(std::launch::async, [&] {
    bool joined = true;
    const int v = flight.Do("a", work, &joined);
    return std::make_pair(v, joined);
  }));
  while (runs.load() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  for (int i = 0; i < 3; ++i) {
    calls.push_back(std::async(std::launch::async, [&] {
      bool joined = false;
      const int v = flight.Do("a", work, &joined);
      return std::make_pair(v, joined);
    }));
  }
  while (flight.Waiters("a") < 3) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  release.set_value();
  int joined = 0;
  for (auto& c : calls) {
    const auto [value, was_joined] = c.get();
    EXPECT_EQ(value, 42);
    joined += was_joined ? 1 : 0;
  }
  EXPECT_EQ(runs.load(), 1);
  EXPECT_EQ(joined, 3);
  EXPECT_EQ(flight.Waiters("a"), 0);
}

TEST(SingleFlight, OtherKeysAndLaterCallsRunTheirOwn) {
  SingleFlight<int> flight;
  int runs = 0;
  EXPECT_EQ(flight.Do("a", [&] { return ++runs; }), 1);
  EXPECT_EQ(flight.Do("a", [&] { return ++runs; }), 2);  // the first run had ended
  EXPECT_EQ(flight.Do("b", [&] { return ++runs; }), 3);
}

}  // namespace
}  // namespace kbot::web
