#include "mcp/stdio_transport.h"

#include <unistd.h>

#include <cerrno>
#include <string>


namespace kbot::mcp {

namespace {

// Writes all of `data`; false once the reader has gone (the session then
// drops what it would have said).
bool WriteAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= size_t(n);
  }
  return true;
}

}  // namespace

void ServeStdio(Server& server, int in_fd, int out_fd, size_t max_line) {
  bool output_open = true;
  Session session(server, [&](const std::string& line) {
    if (!output_open) return;
    std::string framed = line;
    framed += '\n';
    output_open = WriteAll(out_fd, framed.data(), framed.size());
  });
  // Over stdio a client may read the last progress with the response and drop
  // it (mcp/session_progress.cc); a pong takes well under a millisecond, so
  // the timeout only matters for a client that never answers pings.
  session.ConfirmProgressBeforeResponse(kProgressReceiptTimeout);

  std::string line;
  bool oversized = false;  // skipping the rest of a line that is too long
  size_t oversized_bytes = 0;
  char buffer[64 * 1024];
  for (;;) {
    const ssize_t n = ::read(in_fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    size_t start = 0;
    for (size_t i = 0; i < size_t(n); ++i) {
      if (buffer[i] != '\n') continue;
      if (!oversized && line.size() + (i - start) > max_line) {
        oversized = true;
        oversized_bytes = line.size();
      }
      if (oversized) {
        oversized_bytes += i - start;
        session.ReportOversized(oversized_bytes, max_line);
        oversized = false;
      } else {
        line.append(buffer + start, i - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty()) session.Receive(line);
      }
      line.clear();
      start = i + 1;
    }
    const size_t rest = size_t(n) - start;
    if (oversized) {
      oversized_bytes += rest;
    } else if (line.size() + rest > max_line) {
      oversized = true;
      oversized_bytes = line.size() + rest;
      line.clear();
      line.shrink_to_fit();
    } else {
      line.append(buffer + start, rest);
    }
  }
  if (oversized) {
    session.ReportOversized(oversized_bytes, max_line);
  } else if (!line.empty()) {
    session.Receive(line);  // a last message without its newline
  }
  session.EndInput();  // no pong can come now
  session.WaitIdle();
}

}  // namespace kbot::mcp
