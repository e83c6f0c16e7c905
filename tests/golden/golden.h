// Golden outputs: what kbot answered before a refactoring, kept so that the
// refactoring provably changes none of it. Each golden is a JSON array of
// {"request": ..., "response": ...} cases under tests/golden/; a test builds
// the same cases again and compares them one by one.
//
// KBOT_UPDATE_GOLDEN=1 rewrites the files instead of comparing: do that only
// for a change an issue asks for, and say so in the commit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace kbot::testing {

using nlohmann::json;

// FNV-1a 64 of `bytes`, as 16 hex digits: image bytes are kept as a digest.
std::string Digest(const std::string& bytes);
std::string Digest(const std::vector<uint8_t>& bytes);

// `text` with every occurrence of `from` replaced by `to` (scratch folder
// paths differ from run to run).
std::string ReplaceAll(std::string text, const std::string& from, const std::string& to);

// Compares `cases` with tests/golden/NAME.json (or rewrites it under
// KBOT_UPDATE_GOLDEN), one EXPECT per case, naming the case's request.
void ExpectGolden(const std::string& name, const json& cases);

}  // namespace kbot::testing
