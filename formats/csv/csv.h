// CSV as `kbot gaf dump` writes it and `kbot gaf build` reads it (RFC 4180):
// comma-separated fields, a field quoted with '"' when it holds a comma, a
// quote, CR or LF, a quote inside a quoted field doubled. Lines end in LF or
// CRLF (files edited on Windows); a UTF-8 byte-order mark at the start is
// ignored; blank lines are skipped.
//
// Line ends: LF, CRLF, and a lone CR (old Mac editors) each end a line, so
// Row::line counts them all; inside quotes they are kept as written. A blank
// line is one with no characters at all: a line holding only spaces is a row
// with one field of spaces.
//
// Trimming: Parse and Table::Get return fields exactly as written (quotes
// removed, doubled quotes undone, nothing trimmed), because a field's spaces
// may matter and only the caller knows; callers that want trimmed values
// trim. Only header names are trimmed of surrounding spaces and tabs, and
// columns are matched case-insensitively, so " Frame ,x" has a "frame" column.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace kbot::csv {

struct Row {
  size_t line = 0;  // 1-based line where the row starts, for error messages
  std::vector<std::string> fields;
};

// Errors name `name` and the line: an unterminated quoted field, a quote in
// the middle of an unquoted field, text after a closing quote.
absl::StatusOr<std::vector<Row>> Parse(absl::string_view text, absl::string_view name);

// One line, LF-terminated, quoting only the fields that need it: those with a
// comma, quote, CR or LF, a leading or trailing space or tab (so editors that
// trim unquoted fields keep them), a leading byte-order mark, and a lone empty
// field (else the line would be blank and skipped). Parse(FormatRow(f)) gives
// back f for any non-empty f.
std::string FormatRow(const std::vector<std::string>& fields);

// A table: a header row and data rows looked up by column name.
class Table {
 public:
  // The first row is the header. Errors: no header, a duplicate column name,
  // a data row with more fields than the header (fewer are empty fields).
  // Empty header names (a trailing comma) are allowed, never duplicates, and
  // never match a lookup.
  static absl::StatusOr<Table> FromRows(std::vector<Row> rows, absl::string_view name);

  bool has_column(absl::string_view column) const;
  size_t size() const { return rows_.size(); }
  const Row& row(size_t i) const { return rows_[i]; }
  // The field of data row `i` in `column`; empty when the column is absent or
  // the row is short (or `i` is out of range).
  absl::string_view Get(size_t i, absl::string_view column) const;

 private:
  std::vector<std::string> header_;
  std::vector<Row> rows_;
};

}  // namespace kbot::csv
