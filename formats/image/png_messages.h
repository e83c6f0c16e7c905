// What libpng says while kbot reads or writes a PNG. libpng reports an error
// by calling a handler that must not return (it longjmps), and warns through
// another; kbot keeps both instead of printing them, since stderr carries
// kbot's own diagnostics and a warning often names the cause of the error that
// follows ("Image width exceeds user limit" before "Invalid IHDR data").
#pragma once

#include <png.h>

#include <cstdio>

namespace kbot::image {

// Trivially destructible: it lives in the frame that calls setjmp.
struct PngMessages {
  char error[200] = {};
  char warning[200] = {};  // the first one only
};

// Handlers for png_create_{read,write}_struct with a PngMessages* as the error
// pointer.
inline void OnPngError(png_structp png, png_const_charp message) {
  auto* messages = static_cast<PngMessages*>(png_get_error_ptr(png));
  std::snprintf(messages->error, sizeof messages->error, "%s", message);
  png_longjmp(png, 1);
}

inline void OnPngWarning(png_structp png, png_const_charp message) {
  auto* messages = static_cast<PngMessages*>(png_get_error_ptr(png));
  if (messages->warning[0] == 0) {
    std::snprintf(messages->warning, sizeof messages->warning, "%s", message);
  }
}

}  // namespace kbot::image
