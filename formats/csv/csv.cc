// RFC 4180 CSV: one pass over the text, one field at a time.
#include "formats/csv/csv.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"

namespace kbot::csv {
namespace {

constexpr absl::string_view kBom = "\xEF\xBB\xBF";

absl::Status LineError(absl::string_view name, size_t line, absl::string_view what) {
  return ErrorIn(name, absl::StrCat("line ", line), what);
}

bool IsLineEnd(char c) { return c == '\n' || c == '\r'; }

// Moves past the line end at `i` (LF, CRLF or a lone CR).
size_t SkipLineEnd(absl::string_view text, size_t i) {
  if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') return i + 2;
  return i + 1;
}

bool IsSpace(char c) { return c == ' ' || c == '\t'; }

// Spaces and tabs only: the padding people add to line columns up by hand.
absl::string_view TrimSpaces(absl::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

bool NeedsQuotes(absl::string_view f) {
  if (f.empty()) return false;
  return f.find_first_of(",\"\r\n") != absl::string_view::npos || IsSpace(f.front()) ||
         IsSpace(f.back()) || absl::StartsWith(f, kBom);
}

}  // namespace

absl::StatusOr<std::vector<Row>> Parse(absl::string_view text, absl::string_view name) {
  std::vector<Row> rows;
  const size_t n = text.size();
  size_t i = absl::StartsWith(text, kBom) ? kBom.size() : 0;
  size_t line = 1;
  while (i < n) {
    if (IsLineEnd(text[i])) {  // a blank line
      i = SkipLineEnd(text, i);
      ++line;
      continue;
    }
    Row row;
    row.line = line;
    for (;;) {  // one field per pass; the row ends at a line end or the end of text
      std::string field;
      if (i < n && text[i] == '"') {
        const size_t open_line = line;
        ++i;
        for (;;) {
          if (i == n) return LineError(name, open_line, "unterminated quoted field");
          // Copy the run up to the next quote or line end in one go.
          size_t stop = text.find_first_of("\"\r\n", i);
          if (stop == absl::string_view::npos) stop = n;
          field.append(text.data() + i, stop - i);
          i = stop;
          if (i == n) continue;
          if (text[i] == '"') {
            if (i + 1 < n && text[i + 1] == '"') {
              field.push_back('"');
              i += 2;
              continue;
            }
            ++i;
            break;
          }
          // A line end inside quotes is kept as written but still counted.
          const size_t end = SkipLineEnd(text, i);
          field.append(text.data() + i, end - i);
          i = end;
          ++line;
        }
        if (i < n && text[i] != ',' && !IsLineEnd(text[i])) {
          return LineError(name, line, "text after a closing quote");
        }
      } else {
        size_t stop = text.find_first_of(",\"\r\n", i);
        if (stop == absl::string_view::npos) stop = n;
        if (stop < n && text[stop] == '"') {
          return LineError(name, line, "quote inside an unquoted field");
        }
        field.assign(text.data() + i, stop - i);
        i = stop;
      }
      row.fields.push_back(std::move(field));
      if (i < n && text[i] == ',') {
        ++i;
        continue;
      }
      break;
    }
    if (i < n) {
      i = SkipLineEnd(text, i);
      ++line;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string FormatRow(const std::vector<std::string>& fields) {
  std::string out;
  if (fields.size() == 1 && fields[0].empty()) return "\"\"\n";
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out.push_back(',');
    const std::string& f = fields[i];
    if (!NeedsQuotes(f)) {
      out += f;
      continue;
    }
    out.push_back('"');
    for (char c : f) {
      if (c == '"') out.push_back('"');
      out.push_back(c);
    }
    out.push_back('"');
  }
  out.push_back('\n');
  return out;
}

absl::StatusOr<Table> Table::FromRows(std::vector<Row> rows, absl::string_view name) {
  if (rows.empty()) return ErrorIn(name, "", "no header row");
  Table table;
  const Row& header = rows[0];
  for (const std::string& raw : header.fields) {
    absl::string_view column = TrimSpaces(raw);
    if (!column.empty() && table.has_column(column)) {
      return LineError(name, header.line,
                       absl::StrCat("column \"", column, "\" appears twice"));
    }
    table.header_.emplace_back(column);
  }
  for (size_t r = 1; r < rows.size(); ++r) {
    if (rows[r].fields.size() > table.header_.size()) {
      return LineError(name, rows[r].line,
                       absl::StrCat(rows[r].fields.size(), " fields, the header has ",
                                    table.header_.size()));
    }
  }
  rows.erase(rows.begin());
  table.rows_ = std::move(rows);
  return table;
}

bool Table::has_column(absl::string_view column) const {
  if (column.empty()) return false;
  for (const std::string& h : header_) {
    if (absl::EqualsIgnoreCase(h, column)) return true;
  }
  return false;
}

absl::string_view Table::Get(size_t i, absl::string_view column) const {
  if (i >= rows_.size() || column.empty()) return {};
  const std::vector<std::string>& fields = rows_[i].fields;
  for (size_t c = 0; c < header_.size(); ++c) {
    if (!absl::EqualsIgnoreCase(header_[c], column)) continue;
    if (c < fields.size()) return fields[c];
    return {};
  }
  return {};
}

}  // namespace kbot::csv
