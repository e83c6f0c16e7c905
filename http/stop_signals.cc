#include "http/stop_signals.h"

#include <pthread.h>

#include <thread>

namespace kbot::http {

sigset_t BlockStopSignals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  return signals;
}

void ServeUntilStopSignal(const sigset_t& signals, const std::function<void()>& serve,
                          const std::function<void()>& stop) {
  std::thread stopper([&signals, &stop] {
    int signal = 0;
    sigwait(&signals, &signal);
    stop();
  });
  serve();
  // Serving ended: a signal stopped it, or listening failed. Either way the
  // stopper is woken (the signal is blocked, so sigwait takes it) and joined.
  pthread_kill(stopper.native_handle(), SIGTERM);
  stopper.join();
}

}  // namespace kbot::http
