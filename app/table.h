// Plain-text tables for the human output of listing commands.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace kbot::app {

class Table {
 public:
  explicit Table(std::vector<std::string> headers) : headers_(std::move(headers)) {}
  void Add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  // Columns padded to their widest cell, two spaces apart, with a rule of
  // dashes under the headers.
  void Print(std::ostream& out) const;

 private:
  std::vector<std::string> headers_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace kbot::app
