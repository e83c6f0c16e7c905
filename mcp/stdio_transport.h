// MCP over stdio: one JSON-RPC message per line on the input, one per line on
// the output, nothing else on the output.
#pragma once

#include <chrono>
#include <cstddef>

#include "mcp/server.h"

namespace kbot::mcp {

// A line longer than this is answered with -32600 and skipped, never held in
// memory whole: no kbot request needs more than a few kilobytes.
inline constexpr size_t kMaxLineBytes = 4 << 20;

// How long a response waits for the pong that confirms its progress was seen
// (Session::ConfirmProgressBeforeResponse): far above a loaded machine's
// round trip, short enough that a client that never answers pings is served
// nearly as fast.
inline constexpr std::chrono::milliseconds kProgressReceiptTimeout{250};

// Serves one session until `in_fd` ends, then waits for the requests still
// running and returns. Responses are written to `out_fd` one whole line per
// write.
void ServeStdio(Server& server, int in_fd, int out_fd, size_t max_line = kMaxLineBytes);

}  // namespace kbot::mcp
