// A fixed set of worker threads that run posted jobs in order of arrival:
// requests run here, off the thread that reads messages, so a ping or a
// cancellation is answered while a long export runs.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace kbot::mcp {

class WorkQueue {
 public:
  explicit WorkQueue(int threads);
  ~WorkQueue();  // finishes the queued jobs, then joins
  WorkQueue(const WorkQueue&) = delete;
  WorkQueue& operator=(const WorkQueue&) = delete;

  void Post(std::function<void()> job);

 private:
  void Run();

  std::mutex mu_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace kbot::mcp
