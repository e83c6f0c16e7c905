#include "mcp/extras.h"

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/strip.h"

namespace kbot::mcp {

namespace {

struct Token {
  std::string text;       // a literal, or a variable's name
  bool variable = false;
  bool reserved = false;  // {+name}
};

// The template as literals and variables; nullopt for an expression this
// matcher does not understand (an operator other than '+', a list, a
// modifier) or an unclosed brace.
std::optional<std::vector<Token>> Tokenize(absl::string_view t) {
  std::vector<Token> tokens;
  while (!t.empty()) {
    const size_t open = t.find('{');
    if (open != 0) {
      tokens.push_back({std::string(t.substr(0, open)), false, false});
      if (open == absl::string_view::npos) break;
      t.remove_prefix(open);
    }
    const size_t close = t.find('}');
    if (close == absl::string_view::npos) return std::nullopt;
    absl::string_view name = t.substr(1, close - 1);
    t.remove_prefix(close + 1);
    const bool reserved = absl::ConsumePrefix(&name, "+");
    if (name.empty()) return std::nullopt;
    for (char c : name) {
      if (!absl::ascii_isalnum(static_cast<unsigned char>(c)) && c != '_') return std::nullopt;
    }
    tokens.push_back({std::string(name), true, reserved});
  }
  return tokens;
}

// Percent-decodes `s`; nullopt for a malformed escape.
std::optional<std::string> Decode(absl::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size() || !absl::ascii_isxdigit(static_cast<unsigned char>(s[i + 1])) ||
        !absl::ascii_isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      return std::nullopt;
    }
    auto hex = [](char c) { return absl::ascii_isdigit(c) ? c - '0' : absl::ascii_tolower(c) - 'a' + 10; };
    out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
    i += 2;
  }
  return out;
}

bool MatchFrom(const std::vector<Token>& tokens, size_t ti, absl::string_view uri, size_t ui,
               json& variables) {
  if (ti == tokens.size()) return ui == uri.size();
  const Token& token = tokens[ti];
  if (!token.variable) {
    return absl::StartsWith(uri.substr(ui), token.text) &&
           MatchFrom(tokens, ti + 1, uri, ui + token.text.size(), variables);
  }
  // How far the value may reach: a simple value stops at '/', '?' or '#';
  // a reserved one at '?' or '#'.
  size_t limit = ui;
  while (limit < uri.size()) {
    const char c = uri[limit];
    if (c == '?' || c == '#' || (!token.reserved && c == '/')) break;
    ++limit;
  }
  // Longest first, backing off until the rest of the template matches.
  for (size_t end = limit; end > ui; --end) {
    std::optional<std::string> value = Decode(uri.substr(ui, end - ui));
    if (!value) continue;
    if (MatchFrom(tokens, ti + 1, uri, end, variables)) {
      variables[token.text] = *value;
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<json> MatchUriTemplate(absl::string_view uri_template, absl::string_view uri) {
  std::optional<std::vector<Token>> tokens = Tokenize(uri_template);
  if (!tokens) return std::nullopt;
  json variables = json::object();
  if (!MatchFrom(*tokens, 0, uri, 0, variables)) return std::nullopt;
  return variables;
}

json TextContents(const std::string& uri, const std::string& mime_type, const std::string& text) {
  return json{{"uri", uri}, {"mimeType", mime_type}, {"text", text}};
}

json BlobContents(const std::string& uri, const std::string& mime_type, absl::string_view bytes) {
  return json{{"uri", uri}, {"mimeType", mime_type}, {"blob", absl::Base64Escape(bytes)}};
}

}  // namespace kbot::mcp
