// The explorer's test fixture: the demo assets written to a scratch folder
// served as two contexts ("ta" and "tak", TA: Kingdoms), an HttpHost on a
// free loopback port with the Explorer mounted, and a cpp-httplib client.
#pragma once

#include <httplib.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "demo/demo_assets.h"
#include "contexts/workspace.h"
#include "web/explorer.h"

namespace kbot::web {

namespace fs = std::filesystem;
using nlohmann::json;

inline void WriteFile(const fs::path& path, const std::vector<uint8_t>& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

inline std::vector<uint8_t> ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline std::span<const uint8_t> Span(const std::string& body) {
  return {reinterpret_cast<const uint8_t*>(body.data()), body.size()};
}

// Moves the file's modification time on, as an editor saving it would.
inline void Touch(const fs::path& path, int seconds) {
  fs::last_write_time(path, fs::last_write_time(path) + std::chrono::seconds(seconds));
}

class ExplorerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/kbot_web_test_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    root_ = pattern;
    absl::StatusOr<std::vector<demo::DemoAsset>> assets = demo::MakeDemoAssets();
    ASSERT_TRUE(assets.ok()) << assets.status();
    for (const demo::DemoAsset& a : *assets) WriteFile(root_ / a.path, a.bytes);
    fs::create_directories(root_.parent_path() / (root_.filename().string() + "_outside"));
    WriteFile(root_.parent_path() / (root_.filename().string() + "_outside") / "secret.gaf",
              ReadFile(root_ / "anims/demo.gaf"));
    absl::StatusOr<contexts::Workspace> ws = contexts::Workspace::Open(
        {{"ta", contexts::Game::kTa, root_.string()},
         {"tak", contexts::Game::kTaKingdoms, root_.string()}});
    ASSERT_TRUE(ws.ok()) << ws.status();
    workspace_ = std::make_unique<contexts::Workspace>(*std::move(ws));
  }

  void Start(http::HttpOptions options = {}, size_t cache_bytes = size_t{64} << 20,
             ExplorerOptions eo = {}) {
    options.port = 0;
    absl::StatusOr<std::unique_ptr<http::HttpHost>> host = http::HttpHost::Bind(std::move(options));
    ASSERT_TRUE(host.ok()) << host.status();
    host_ = *std::move(host);
    eo.cache_bytes = cache_bytes;
    explorer_ = web::Explorer::Mount(*host_, *workspace_, eo);
    serving_ = std::thread([this] { host_->Serve(); });
  }

  void TearDown() override {
    if (host_) host_->Stop();
    if (serving_.joinable()) serving_.join();
    explorer_.reset();
    host_.reset();
    std::error_code ec;
    fs::remove_all(root_, ec);
    fs::remove_all(root_.parent_path() / (root_.filename().string() + "_outside"), ec);
  }

  httplib::Client Client() {
    httplib::Client c("127.0.0.1", host_->port());
    c.set_read_timeout(20, 0);
    return c;
  }

  httplib::Result Get(const std::string& target, const httplib::Headers& headers = {}) {
    return Client().Get(target.c_str(), headers);
  }

  // A refusal: the status and {"error": "...words..."}.
  static void ExpectError(const httplib::Result& r, int status, const std::string& words) {
    ASSERT_TRUE(r) << httplib::to_string(r.error());
    EXPECT_EQ(r->status, status) << r->body;
    EXPECT_EQ(r->get_header_value("Content-Type"), "application/json");
    const json body = json::parse(r->body, nullptr, false);
    ASSERT_TRUE(body.is_object() && body.contains("error") && body["error"].is_string())
        << r->body;
    EXPECT_NE(body["error"].get<std::string>().find(words), std::string::npos) << r->body;
  }

  RenderCacheStats Stats() { return explorer_->cache().stats(); }

  fs::path root_;
  std::unique_ptr<contexts::Workspace> workspace_;
  std::unique_ptr<http::HttpHost> host_;
  std::unique_ptr<web::Explorer> explorer_;
  std::thread serving_;
};

}  // namespace kbot::web
