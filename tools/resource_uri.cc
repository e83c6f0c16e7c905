#include "tools/resource_uri.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace kbot::tools {

namespace {

constexpr absl::string_view kScheme = "kbot://";

bool Unreserved(char c) {
  return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_' ||
         c == '~';
}

void Encode(absl::string_view text, bool keep_slash, std::string& out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (char c : text) {
    if (Unreserved(c) || (keep_slash && c == '/')) {
      out += c;
    } else {
      const auto b = static_cast<unsigned char>(c);
      out += '%';
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
  }
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

absl::StatusOr<std::string> Decode(absl::string_view text, absl::string_view uri) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    const bool two_more = i + 2 < text.size();
    const int hi = two_more ? HexValue(text[i + 1]) : -1;
    const int lo = two_more ? HexValue(text[i + 2]) : -1;
    if (hi < 0 || lo < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(uri, ": a '%' at ", i, " is not followed by two hex digits"));
    }
    out += char(hi * 16 + lo);
    i += 2;
  }
  return out;
}

}  // namespace

std::string MakeResourceUri(absl::string_view context, absl::string_view path,
                            const QueryParams& query) {
  std::string uri(kScheme);
  Encode(context, false, uri);
  uri += '/';
  Encode(path, true, uri);
  char separator = '?';
  for (const auto& [key, value] : query) {
    uri += separator;
    separator = '&';
    Encode(key, false, uri);
    uri += '=';
    Encode(value, false, uri);
  }
  return uri;
}

absl::StatusOr<ResourceUri> ParseResourceUri(absl::string_view uri) {
  if (!absl::StartsWith(uri, kScheme)) {
    return absl::InvalidArgumentError(absl::StrCat(uri, ": not a kbot:// URI"));
  }
  absl::string_view rest = uri.substr(kScheme.size());
  absl::string_view query_text;
  if (size_t q = rest.find('?'); q != absl::string_view::npos) {
    query_text = rest.substr(q + 1);
    rest = rest.substr(0, q);
  }
  if (size_t hash = query_text.find('#'); hash != absl::string_view::npos) {
    query_text = query_text.substr(0, hash);
  }
  const size_t slash = rest.find('/');
  if (slash == absl::string_view::npos || slash == 0 || slash + 1 == rest.size()) {
    return absl::InvalidArgumentError(absl::StrCat(uri, ": expected kbot://CONTEXT/PATH"));
  }
  ResourceUri out;
  absl::StatusOr<std::string> context = Decode(rest.substr(0, slash), uri);
  if (!context.ok()) return context.status();
  absl::StatusOr<std::string> path = Decode(rest.substr(slash + 1), uri);
  if (!path.ok()) return path.status();
  out.context = *std::move(context);
  out.path = *std::move(path);
  if (!query_text.empty()) {
    for (absl::string_view pair : absl::StrSplit(query_text, '&', absl::SkipEmpty())) {
      std::pair<absl::string_view, absl::string_view> kv =
          absl::StrSplit(pair, absl::MaxSplits('=', 1));
      absl::StatusOr<std::string> key = Decode(kv.first, uri);
      if (!key.ok()) return key.status();
      absl::StatusOr<std::string> value = Decode(kv.second, uri);
      if (!value.ok()) return value.status();
      out.query.emplace_back(*std::move(key), *std::move(value));
    }
  }
  return out;
}

std::string MimeTypeFor(absl::string_view path) {
  const size_t dot = path.rfind('.');
  const std::string ext =
      dot == absl::string_view::npos ? "" : absl::AsciiStrToLower(path.substr(dot + 1));
  if (ext == "png") return "image/png";
  if (ext == "gif") return "image/gif";
  if (ext == "pcx") return "image/x-pcx";
  if (ext == "gaf" || ext == "taf") return "application/x-gaf";
  if (ext == "txt" || ext == "tdf" || ext == "fbi" || ext == "gui" || ext == "ota") {
    return "text/plain";
  }
  if (ext == "json") return "application/json";
  return "application/octet-stream";
}

}  // namespace kbot::tools
