#include "tests/golden/golden.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "absl/strings/str_format.h"

namespace kbot::testing {

namespace {

std::string GoldenPath(const std::string& name) {
  return std::string(KBOT_GOLDEN_DIR) + "/" + name + ".json";
}

}  // namespace

std::string Digest(const std::string& bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return absl::StrFormat("%016x", h);
}

std::string Digest(const std::vector<uint8_t>& bytes) {
  return Digest(std::string(bytes.begin(), bytes.end()));
}

std::string ReplaceAll(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

void ExpectGolden(const std::string& name, const json& cases) {
  const std::string path = GoldenPath(name);
  if (std::getenv("KBOT_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::trunc) << cases.dump(1) << "\n";
    return;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in.good()) << path << " is missing: run with KBOT_UPDATE_GOLDEN=1 to make it";
  std::stringstream text;
  text << in.rdbuf();
  const json expected = json::parse(text.str());
  ASSERT_EQ(expected.size(), cases.size()) << path << ": a case was added or removed";
  for (size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(expected[i]["request"], cases[i]["request"]) << path << " case " << i;
    EXPECT_EQ(expected[i]["response"], cases[i]["response"])
        << path << " case " << i << ": " << cases[i]["request"].dump() << "\nexpected "
        << expected[i]["response"].dump() << "\n  actual " << cases[i]["response"].dump();
  }
}

}  // namespace kbot::testing
