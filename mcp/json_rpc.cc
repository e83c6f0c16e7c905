#include "mcp/json_rpc.h"

#include "absl/strings/str_cat.h"

namespace kbot::mcp {

namespace {

Incoming Invalid(json id, int code, std::string message) {
  Incoming in;
  in.kind = Incoming::Kind::kInvalid;
  in.id = std::move(id);
  in.error = RpcError{code, std::move(message), nullptr};
  return in;
}

bool ValidId(const json& id) { return id.is_string() || id.is_number_integer(); }

// True when arrays and objects nest deeper than `limit` anywhere in `text`
// (brackets inside strings do not count). nlohmann::json copies and compares
// values recursively, so a hostile message nested a million levels deep
// would overflow the stack: it is refused before it is parsed.
bool NestsDeeperThan(absl::string_view text, int limit) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

}  // namespace

json ParseBounded(absl::string_view text) {
  if (NestsDeeperThan(text, kMaxNesting)) return json(json::value_t::discarded);
  return json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
}

Incoming ParseIncoming(absl::string_view line) {
  if (NestsDeeperThan(line, kMaxNesting)) {
    return Invalid(nullptr, kInvalidRequest,
                   absl::StrCat("the message nests deeper than ", kMaxNesting, " levels"));
  }
  json message = json::parse(line.begin(), line.end(), nullptr, /*allow_exceptions=*/false);
  if (message.is_discarded()) {
    return Invalid(nullptr, kParseError, "parse error: the line is not valid JSON");
  }
  if (message.is_array()) {
    return Invalid(nullptr, kInvalidRequest,
                   "batches are not supported (MCP 2025-11-25): send one message per line");
  }
  if (!message.is_object()) {
    return Invalid(nullptr, kInvalidRequest, "a message must be a JSON object");
  }
  json id = nullptr;
  if (auto it = message.find("id"); it != message.end() && ValidId(*it)) id = *it;
  auto version = message.find("jsonrpc");
  if (version == message.end() || *version != "2.0") {
    return Invalid(id, kInvalidRequest, "\"jsonrpc\" must be \"2.0\"");
  }
  auto method = message.find("method");
  if (method == message.end()) {
    if (message.contains("result") || message.contains("error")) {
      Incoming in;
      in.kind = Incoming::Kind::kResponse;
      in.id = id;
      if (auto error = message.find("error"); error != message.end()) {
        // Read defensively: a peer's malformed error still ends its request.
        in.failed = true;
        in.error = {kInternalError, "the client answered with an error", nullptr};
        if (error->is_object()) {
          if (auto code = error->find("code"); code != error->end() && code->is_number_integer()) {
            in.error.code = code->get<int>();
          }
          if (auto text = error->find("message"); text != error->end() && text->is_string()) {
            in.error.message = text->get<std::string>();
          }
          if (auto data = error->find("data"); data != error->end()) in.error.data = *data;
        }
      } else {
        in.result = std::move(message["result"]);
      }
      return in;
    }
    return Invalid(id, kInvalidRequest, "a request needs a \"method\"");
  }
  if (!method->is_string()) return Invalid(id, kInvalidRequest, "\"method\" must be a string");
  if (auto it = message.find("id"); it != message.end() && !ValidId(*it)) {
    return Invalid(nullptr, kInvalidRequest, "\"id\" must be a string or an integer");
  }
  Incoming in;
  in.kind = message.contains("id") ? Incoming::Kind::kRequest : Incoming::Kind::kNotification;
  in.id = id;
  in.method = method->get<std::string>();
  in.params = json::object();
  if (auto params = message.find("params"); params != message.end() && !params->is_null()) {
    if (!params->is_object()) {
      return Invalid(id, kInvalidParams, absl::StrCat(in.method, ": \"params\" must be an object"));
    }
    in.params = std::move(*params);
  }
  return in;
}

json MakeResult(const json& id, json result) {
  return json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

json MakeError(const json& id, const RpcError& error) {
  json e = {{"code", error.code}, {"message", error.message}};
  if (!error.data.is_null()) e["data"] = error.data;
  return json{{"jsonrpc", "2.0"}, {"id", id}, {"error", std::move(e)}};
}

json MakeNotification(absl::string_view method, json params) {
  return json{{"jsonrpc", "2.0"}, {"method", std::string(method)}, {"params", std::move(params)}};
}

namespace {

std::string Dump(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

bool IsRaw(const json& value) {
  return value.is_binary() && value.get_binary().has_subtype() &&
         value.get_binary().subtype() == kRawJsonSubtype;
}

// Whether `value` holds a RawJson value anywhere. Recursion is bounded: an
// incoming message nests at most kMaxNesting deep, and kbot builds the rest.
bool HoldsRaw(const json& value) {
  if (IsRaw(value)) return true;
  if (!value.is_structured()) return false;
  for (const json& item : value) {
    if (HoldsRaw(item)) return true;
  }
  return false;
}

// Writes `value` as dump() would, but for its RawJson values: the parts
// without one are dumped whole, the objects and arrays above one are written
// here with dump()'s compact separators and its key escaping.
void WriteSpliced(const json& value, std::string& out) {
  if (IsRaw(value)) {
    const json::binary_t& raw = value.get_binary();
    out.append(reinterpret_cast<const char*>(raw.data()), raw.size());
  } else if (!HoldsRaw(value)) {
    out += Dump(value);
  } else if (value.is_object()) {
    out += '{';
    bool first = true;
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (!first) out += ',';
      first = false;
      out += Dump(json(it.key()));
      out += ':';
      WriteSpliced(it.value(), out);
    }
    out += '}';
  } else {
    out += '[';
    bool first = true;
    for (const json& item : value) {
      if (!first) out += ',';
      first = false;
      WriteSpliced(item, out);
    }
    out += ']';
  }
}

}  // namespace

std::string Serialize(const json& message) {
  if (!HoldsRaw(message)) return Dump(message);
  std::string out;
  WriteSpliced(message, out);
  return out;
}

json RawJson(absl::string_view serialized) {
  return json::binary(json::binary_t::container_type(serialized.begin(), serialized.end()),
                      kRawJsonSubtype);
}

}  // namespace kbot::mcp
