#include "formats/common/byte_reader.h"

#include "absl/strings/str_format.h"

namespace kbot {

std::string Hex(uint64_t offset) { return absl::StrFormat("0x%x", offset); }

}  // namespace kbot
