// Serving over HTTP until SIGINT or SIGTERM, for every program that does it
// (kbot mcp --http, kbot explore, the conformance fixture server). The
// signals are taken by a thread of their own (sigwait), so they must be
// blocked before any other thread starts (a server's workers among them):
// every thread inherits the mask of the thread that starts it.
#pragma once

#include <signal.h>

#include <functional>

namespace kbot::http {

// Blocks SIGINT and SIGTERM in the calling thread and returns them. Call it
// before starting any thread.
sigset_t BlockStopSignals();

// Runs `serve` on the calling thread until it returns; the first of
// `signals` to arrive calls `stop` (which must make `serve` return) from a
// thread of its own. That thread is joined before this returns.
void ServeUntilStopSignal(const sigset_t& signals, const std::function<void()>& serve,
                          const std::function<void()>& stop);

}  // namespace kbot::http
