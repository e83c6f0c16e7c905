// What every VFS shares: blobs, path normalisation and glob matching.
#include "contexts/vfs.h"

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace kbot::contexts {

Blob Blob::FromFile(FileBytes file) {
  auto owned = std::make_shared<FileBytes>(std::move(file));
  Blob blob;
  blob.bytes_ = owned->bytes();
  blob.owner_ = std::move(owned);
  return blob;
}

Blob Blob::FromBuffer(std::shared_ptr<const std::vector<uint8_t>> buffer) {
  Blob blob;
  if (buffer == nullptr) return blob;
  blob.bytes_ = Bytes(buffer->data(), buffer->size());
  blob.owner_ = std::move(buffer);
  return blob;
}

FileIdentity FileIdentity::Entry(absl::string_view entry) const {
  FileIdentity out = *this;
  if (!out.known()) return out;
  const absl::string_view nul("\0", 1);
  out.part = part.empty() ? std::string(entry) : absl::StrCat(part, nul, entry);
  return out;
}

namespace {

absl::Status BadPath(absl::string_view path, absl::string_view why) {
  // An empty path would make "": ... read as a missing name; NUL bytes are
  // escaped so that the message stays one printable line.
  std::string shown(path);
  if (path.empty()) shown = "\"\"";
  if (path.find('\0') != absl::string_view::npos) shown = absl::CEscape(path);
  return absl::InvalidArgumentError(absl::StrCat(shown, ": ", why));
}

bool IsSeparator(char c) { return c == '/' || c == '\\'; }

}  // namespace

absl::StatusOr<std::string> NormalizePath(absl::string_view path) {
  if (path.find('\0') != absl::string_view::npos) return BadPath(path, "contains a NUL byte");
  if (!path.empty() && IsSeparator(path[0])) {
    return BadPath(path, "an absolute path; give a path inside the context");
  }
  if (path.size() >= 2 && absl::ascii_isalpha(static_cast<unsigned char>(path[0])) &&
      path[1] == ':') {
    return BadPath(path, "a drive path; give a path inside the context");
  }
  std::string out;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = start;
    while (end < path.size() && !IsSeparator(path[end])) ++end;
    const absl::string_view part = path.substr(start, end - start);
    if (part == "..") return BadPath(path, "\"..\" would leave the context folder");
    if (!part.empty() && part != ".") {
      if (!out.empty()) out += '/';
      out.append(part.data(), part.size());
    }
    start = end + 1;
  }
  if (out.empty()) return BadPath(path, "an empty path");
  return out;
}

// ---------------------------------------------------------------------------
// GlobMatch: the pattern is compiled into tokens, then run as an NFA over the
// path: `live[i]` says "the tokens so far can match path[0, i)". Each token
// maps one set of positions to the next in one pass, so a match costs
// O(tokens * path length) whatever the pattern; no backtracking, so a hostile
// `*a*a*a*a*b` cannot blow up.

namespace {

enum class TokenKind {
  kChar,        // one character (compared lower-cased)
  kSeparator,   // '/' or '\' in the pattern: one '/'
  kAnyChar,     // ?: one character other than '/'
  kClass,       // [...]: one character other than '/' in (or not in) the class
  kStar,        // *: any run of characters other than '/'
  kStarStar,    // ** inside a component: any run of characters
  kAnyFolders,  // **/ as whole components: nothing, or any run ending in '/'
};

struct Token {
  TokenKind kind;
  char c = 0;
  bool negated = false;
  std::vector<std::pair<char, char>> ranges;  // for kClass, as written
};

char Lower(char c) { return absl::ascii_tolower(static_cast<unsigned char>(c)); }
char Upper(char c) { return absl::ascii_toupper(static_cast<unsigned char>(c)); }

bool InClass(const Token& t, char c) {
  bool in = false;
  for (const auto& [lo, hi] : t.ranges) {
    // Case-insensitive: the character matches when either of its cases does.
    for (char v : {c, Lower(c), Upper(c)}) {
      if (lo <= v && v <= hi) in = true;
    }
  }
  return in != t.negated;
}

// Parses "[...]" at pattern[i] (pattern[i] == '['). Returns false for an
// unterminated class, which then stands for a literal '['.
bool ParseClass(absl::string_view pattern, size_t& i, Token& t) {
  size_t j = i + 1;
  t.kind = TokenKind::kClass;
  if (j < pattern.size() && (pattern[j] == '!' || pattern[j] == '^')) {
    t.negated = true;
    ++j;
  }
  bool first = true;  // a ']' right after '[' or '[!' is a member
  for (; j < pattern.size(); ++j) {
    const char c = pattern[j];
    if (c == ']' && !first) {
      i = j;
      return true;
    }
    first = false;
    if (j + 2 < pattern.size() && pattern[j + 1] == '-' && pattern[j + 2] != ']') {
      t.ranges.emplace_back(c, pattern[j + 2]);
      j += 2;
    } else {
      t.ranges.emplace_back(c, c);
    }
  }
  return false;
}

std::vector<Token> Compile(absl::string_view pattern) {
  std::vector<Token> tokens;
  for (size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (IsSeparator(c)) {
      // "a//b" is "a/b", as in a path.
      if (tokens.empty() || tokens.back().kind != TokenKind::kSeparator) {
        tokens.push_back({TokenKind::kSeparator});
      }
    } else if (c == '*') {
      size_t j = i;
      while (j < pattern.size() && pattern[j] == '*') ++j;
      if (j - i == 1) {
        tokens.push_back({TokenKind::kStar});
      } else {
        const bool starts_component = i == 0 || IsSeparator(pattern[i - 1]);
        if (starts_component && j < pattern.size() && IsSeparator(pattern[j])) {
          tokens.push_back({TokenKind::kAnyFolders});
          while (j < pattern.size() && IsSeparator(pattern[j])) ++j;  // the "/" is part of it
        } else {
          tokens.push_back({TokenKind::kStarStar});
        }
      }
      i = j - 1;
    } else if (c == '?') {
      tokens.push_back({TokenKind::kAnyChar});
    } else if (c == '[') {
      Token t{TokenKind::kClass};
      size_t end = i;
      if (ParseClass(pattern, end, t)) {
        tokens.push_back(std::move(t));
        i = end;
      } else {
        tokens.push_back({TokenKind::kChar, '['});
      }
    } else {
      tokens.push_back({TokenKind::kChar, Lower(c)});
    }
  }
  return tokens;
}

}  // namespace

bool GlobMatch(absl::string_view pattern, absl::string_view path_in) {
  if (pattern.empty()) return true;
  std::string path(path_in);
  for (char& c : path) c = c == '\\' ? '/' : Lower(c);
  const std::vector<Token> tokens = Compile(pattern);

  const size_t n = path.size();
  std::vector<char> live(n + 1, 0), next(n + 1, 0);
  live[0] = 1;
  for (const Token& t : tokens) {
    std::fill(next.begin(), next.end(), 0);
    bool any = false;
    switch (t.kind) {
      case TokenKind::kChar:
      case TokenKind::kSeparator:
      case TokenKind::kAnyChar:
      case TokenKind::kClass:
        for (size_t i = 0; i < n; ++i) {
          if (!live[i]) continue;
          const char c = path[i];
          bool ok = false;
          if (t.kind == TokenKind::kChar) ok = c == t.c;
          if (t.kind == TokenKind::kSeparator) ok = c == '/';
          if (t.kind == TokenKind::kAnyChar) ok = c != '/';
          if (t.kind == TokenKind::kClass) ok = c != '/' && InClass(t, c);
          if (ok) next[i + 1] = 1;
        }
        break;
      case TokenKind::kStar: {
        bool active = false;  // some live start with no '/' since
        for (size_t i = 0; i <= n; ++i) {
          if (live[i]) active = true;
          next[i] = active;
          if (i < n && path[i] == '/') active = false;
        }
        break;
      }
      case TokenKind::kStarStar: {
        bool active = false;
        for (size_t i = 0; i <= n; ++i) {
          if (live[i]) active = true;
          next[i] = active;
        }
        break;
      }
      case TokenKind::kAnyFolders: {
        bool active = false;  // some live start before i
        for (size_t i = 0; i <= n; ++i) {
          // Nothing at all, or a run from a live start that ends just after a '/'.
          next[i] = live[i] || (active && i > 0 && path[i - 1] == '/');
          if (live[i]) active = true;
        }
        break;
      }
    }
    for (char v : next) any = any || v;
    if (!any) return false;
    live.swap(next);
  }
  return live[n] != 0;
}

}  // namespace kbot::contexts
