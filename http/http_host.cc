#include "http/http_host.h"

#include <httplib.h>

#include <algorithm>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace kbot::http {

absl::Status ParseHttpAddress(absl::string_view address, HttpOptions& options) {
  std::string host = "127.0.0.1";
  absl::string_view port_text = address;
  if (const size_t colon = address.rfind(':'); colon != absl::string_view::npos) {
    host = std::string(address.substr(0, colon));
    port_text = address.substr(colon + 1);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
      host = host.substr(1, host.size() - 2);
    }
  }
  int port = 0;
  if (host.empty() || !absl::SimpleAtoi(port_text, &port) || port < 0 || port > 65535) {
    return absl::InvalidArgumentError(
        absl::StrCat("--http ", address, ": expected HOST:PORT (e.g. 127.0.0.1:8808) or PORT"));
  }
  options.host = host;
  options.port = port;
  return absl::OkStatus();
}

HttpHost::HttpHost(HttpOptions options)
    : options_(std::move(options)),
      origins_(options_.allowed_origins),
      loopback_(IsLoopbackHost(options_.host)),
      http_(std::make_unique<httplib::Server>()) {}

HttpHost::~HttpHost() { Stop(); }

absl::StatusOr<std::unique_ptr<HttpHost>> HttpHost::Bind(HttpOptions options) {
  if (!IsLoopbackHost(options.host) && options.token.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat(options.host, " is reachable from other machines: give --token so that "
                                   "every request must carry it (Authorization: Bearer)"));
  }
  std::unique_ptr<HttpHost> h(new HttpHost(std::move(options)));
  httplib::Server& http = *h->http_;
  const int threads = std::max(4, h->options_.threads);
  http.new_task_queue = [threads] { return new httplib::ThreadPool(size_t(threads)); };
  http.set_payload_max_length(h->options_.max_body_bytes);
  http.set_keep_alive_max_count(1000);
  // A response goes out as headers then body, two writes: with Nagle's
  // algorithm the second waits for the client's delayed ACK (~40 ms a call).
  http.set_tcp_nodelay(true);
  // httplib's default sets SO_REUSEPORT, with which a second server binds a
  // port already being served and the kernel splits the connections between
  // them. SO_REUSEADDR alone still allows a restart while old connections
  // linger in TIME_WAIT, and a busy port is an error.
  http.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
  });
  // Refusals httplib makes itself (413 for a large body, 404 for another
  // path) get a body that says why, like kbot's own.
  HttpHost* self = h.get();
  http.set_error_handler([self](const httplib::Request& q, httplib::Response& r) {
    if (!r.body.empty()) return;
    if (r.status == 413) {
      self->WriteRefusal(q, r, 413,
                         absl::StrCat("the request body is over the ",
                                      self->options_.max_body_bytes, "-byte limit"));
    } else if (r.status == 404) {
      self->WriteRefusal(q, r, 404,
                         absl::StrCat(q.path, ": not found; ", absl::StrJoin(self->hints_, "; ")));
    } else {
      self->WriteRefusal(q, r, r.status, absl::StrCat("HTTP ", r.status));
    }
  });
  if (h->options_.port == 0) {
    h->port_ = http.bind_to_any_port(h->options_.host);
  } else {
    h->port_ = http.bind_to_port(h->options_.host, h->options_.port) ? h->options_.port : -1;
  }
  if (h->port_ <= 0) {
    return absl::UnavailableError(absl::StrCat("cannot listen on ", h->options_.host, ":",
                                               h->options_.port, " (in use, or not this machine's)"));
  }
  return h;
}

std::string HttpHost::base_url() const {
  const bool v6 = absl::StrContains(options_.host, ':');
  return absl::StrCat("http://", v6 ? "[" : "", options_.host, v6 ? "]" : "", ":", port_);
}

std::optional<HttpRefusal> HttpHost::Check(const httplib::Request& req) const {
  if (loopback_ && !IsLoopbackHostHeader(req.get_header_value("Host"))) {
    return HttpRefusal{403,
                       absl::StrCat("Host \"", req.get_header_value("Host"),
                                    "\" is not this machine's loopback address (DNS rebinding "
                                    "protection)"),
                       false};
  }
  if (!origins_.Allows(req.get_header_value("Origin"), req.has_header("Origin"))) {
    return HttpRefusal{403,
                       absl::StrCat("Origin \"", req.get_header_value("Origin"),
                                    "\" is not allowed (--allow-origin adds one)"),
                       false};
  }
  if (!options_.token.empty() &&
      !BearerMatches(req.get_header_value("Authorization"), options_.token)) {
    return HttpRefusal{401,
                       req.has_header("Authorization")
                           ? "the bearer token is wrong"
                           : "this server needs Authorization: Bearer TOKEN",
                       true};
  }
  return std::nullopt;
}

void HttpHost::AddPathHint(std::string hint) { hints_.push_back(std::move(hint)); }

void HttpHost::SetRefusalWriter(std::string prefix, RefusalWriter writer) {
  writers_.emplace_back(std::move(prefix), std::move(writer));
}

void HttpHost::WriteRefusal(const httplib::Request& req, httplib::Response& res, int status,
                            const std::string& message) const {
  const RefusalWriter* best = nullptr;
  size_t best_length = 0;
  for (const auto& [prefix, writer] : writers_) {
    if (absl::StartsWith(req.path, prefix) && (best == nullptr || prefix.size() > best_length)) {
      best = &writer;
      best_length = prefix.size();
    }
  }
  if (best != nullptr) {
    (*best)(req, res, status, message);
  } else {
    res.status = status;
    res.set_content(message, "text/plain");
  }
}

void HttpHost::Serve() {
  if (stopping_) return;
  http_->listen_after_bind();
}

void HttpHost::Stop() {
  // Once: cpp-httplib asserts on a second stop() that comes before its
  // listening loop has ended (HttpTransport stops the host, then stops it
  // again as it is destroyed).
  if (stopping_.exchange(true)) return;
  http_->stop();
}

}  // namespace kbot::http
