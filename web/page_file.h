// A file compiled into the binary by embed_pages.cmake: the explorer's pages
// (web/pages.h) and the MCP Apps views (web/app_views.h).
#pragma once

#include <cstddef>
#include <vector>

namespace kbot::web {

struct PageFile {
  const char* name;  // relative to the folder it was embedded from, '/'-separated
  const char* data;
  size_t size;
};

}  // namespace kbot::web
