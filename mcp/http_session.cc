#include "mcp/http_session.h"

#include <utility>

namespace kbot::mcp {

HttpSession::HttpSession(Server& server, std::string id) : id_(std::move(id)) {
  Touch();
  session_ = std::make_unique<Session>(
      server, Session::RoutedSink([this](const std::string& line, const Route& route) {
        Deliver(line, route);
      }));
}

HttpSession::~HttpSession() {
  End();
  session_.reset();  // waits for the cancelled requests to stop
}

std::shared_ptr<MessageStream> HttpSession::OpenRequest(const json& id) {
  std::lock_guard<std::mutex> lock(mu_);
  if (ended_) return nullptr;
  auto [it, added] = requests_.emplace(id.dump(), nullptr);
  if (!added) return nullptr;
  it->second = std::make_shared<MessageStream>();
  return it->second;
}

std::shared_ptr<MessageStream> HttpSession::OpenStandalone() {
  std::shared_ptr<MessageStream> before;
  std::shared_ptr<MessageStream> opened = std::make_shared<MessageStream>();
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (ended_) return nullptr;
    before = std::exchange(standalone_, opened);
  }
  if (before) before->Close();
  return opened;
}

void HttpSession::Receive(const Incoming& in) {
  if (ended()) return;
  Touch();
  session_->Receive(in);
}

void HttpSession::End() {
  std::map<std::string, std::shared_ptr<MessageStream>> requests;
  std::shared_ptr<MessageStream> standalone;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ended_ = true;
    requests.swap(requests_);
    standalone.swap(standalone_);
  }
  if (session_) session_->CancelAll();
  for (auto& [id, stream] : requests) stream->Close();
  if (standalone) standalone->Close();
}

bool HttpSession::ended() const {
  std::lock_guard<std::mutex> lock(mu_);
  return ended_;
}

void HttpSession::Touch() {
  last_used_ = std::chrono::steady_clock::now().time_since_epoch().count();
}

std::chrono::steady_clock::time_point HttpSession::last_used() const {
  return std::chrono::steady_clock::time_point(std::chrono::steady_clock::duration(last_used_.load()));
}

bool HttpSession::busy() const {
  std::lock_guard<std::mutex> lock(mu_);
  return !requests_.empty();
}

void HttpSession::Deliver(const std::string& line, const Route& route) {
  std::shared_ptr<MessageStream> stream;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (route.request_id.is_null()) {
      stream = standalone_;
    } else if (auto it = requests_.find(route.request_id.dump()); it != requests_.end()) {
      stream = it->second;
      if (route.response) requests_.erase(it);
    }
  }
  // No stream: the session ended, or nobody listens for messages about no
  // request. The message is dropped, as MCP allows.
  if (stream) stream->Push(line, route.response);
}

}  // namespace kbot::mcp
