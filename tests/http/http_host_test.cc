// The shared HTTP host on its own: binding refuses a port being served, and
// --http's address forms parse.
#include "http/http_host.h"

#include <gtest/gtest.h>

namespace kbot::http {
namespace {

// A second server on a port being served is an error, not a silent sharer
// of its connections (httplib's default SO_REUSEPORT allowed that).
TEST(HttpHostBind, APortBeingServedIsUnavailable) {
  HttpOptions options;
  options.port = 0;
  absl::StatusOr<std::unique_ptr<HttpHost>> first = HttpHost::Bind(options);
  ASSERT_TRUE(first.ok()) << first.status();
  options.port = (*first)->port();
  absl::StatusOr<std::unique_ptr<HttpHost>> second = HttpHost::Bind(options);
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_NE(second.status().message().find("in use"), absl::string_view::npos);
}

TEST(HttpAddress, ParsesHostPortForms) {
  HttpOptions o;
  ASSERT_TRUE(ParseHttpAddress("127.0.0.1:9000", o).ok());
  EXPECT_EQ(o.host, "127.0.0.1");
  EXPECT_EQ(o.port, 9000);
  ASSERT_TRUE(ParseHttpAddress("[::1]:0", o).ok());
  EXPECT_EQ(o.host, "::1");
  EXPECT_EQ(o.port, 0);
  ASSERT_TRUE(ParseHttpAddress("8808", o).ok());
  EXPECT_EQ(o.host, "127.0.0.1");
  EXPECT_EQ(o.port, 8808);
  EXPECT_FALSE(ParseHttpAddress("localhost:http", o).ok());
  EXPECT_FALSE(ParseHttpAddress(":80", o).ok());
  EXPECT_FALSE(ParseHttpAddress("127.0.0.1:70000", o).ok());
}

}  // namespace
}  // namespace kbot::http
