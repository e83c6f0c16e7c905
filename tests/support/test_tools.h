// Small MCP tools for tests of the server core and its transports: each does
// one thing a test needs (echo, slow with progress, fail, log).
#pragma once

#include <atomic>
#include <vector>

#include "mcp/tool.h"
#include "nlohmann/json.hpp"

namespace kbot::testing {

// Returns its text, `times` times over.
mcp::Tool Echo();
// Reports progress 1..steps (default 100000), a millisecond apart, until
// cancelled; then stores the step it stopped at in `*stopped_at`. Sets
// `*started` (when given) as it begins.
mcp::Tool Slow(std::atomic<int>* stopped_at, std::atomic<bool>* started = nullptr);
// Always fails with a message naming a file and a row.
mcp::Tool Fail();
// Logs at debug, info and warning.
mcp::Tool Chatty();

// echo, slow, fail, chatty.
std::vector<mcp::Tool> TestTools(std::atomic<int>* stopped_at = nullptr,
                                 std::atomic<bool>* started = nullptr);

}  // namespace kbot::testing
