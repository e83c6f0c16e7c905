#include "tools/tool.h"

#include <iostream>
#include <mutex>

namespace kbot::tools {

Logger& StderrLogger() {
  struct Stderr final : Logger {
    std::mutex mu;
    void Log(LogLevel level, absl::string_view, const std::string& message) override {
      if (level < LogLevel::kWarning) return;
      std::lock_guard<std::mutex> lock(mu);
      std::cerr << "kbot: " << (level == LogLevel::kWarning ? "warning" : "error") << ": "
                << message << "\n";
    }
  };
  static Stderr logger;
  return logger;
}

Logger& QuietLogger() {
  struct Quiet final : Logger {
    void Log(LogLevel, absl::string_view, const std::string&) override {}
  };
  static Quiet logger;
  return logger;
}

}  // namespace kbot::tools
