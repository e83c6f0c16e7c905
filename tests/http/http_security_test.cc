// The Host, Origin and token checks of the shared HTTP host, case by case.
#include "http/http_security.h"

#include <gtest/gtest.h>

namespace kbot::http {
namespace {

TEST(HttpSecurity, LoopbackHosts) {
  for (const char* h : {"localhost", "LOCALHOST", "127.0.0.1", "127.8.9.10", "::1"}) {
    EXPECT_TRUE(IsLoopbackHost(h)) << h;
  }
  for (const char* h : {"0.0.0.0", "10.0.0.1", "128.0.0.1", "localhost.evil.example", "", "::"}) {
    EXPECT_FALSE(IsLoopbackHost(h)) << h;
  }
}

TEST(HttpSecurity, HostHeaders) {
  for (const char* h : {"localhost:8808", "127.0.0.1", "127.0.0.1:1", "[::1]:9", "[::1]"}) {
    EXPECT_TRUE(IsLoopbackHostHeader(h)) << h;
  }
  for (const char* h : {"evil.example", "evil.example:8808", "", "[::1", "localhost.:80x"}) {
    EXPECT_FALSE(IsLoopbackHostHeader(h)) << h;
  }
}

TEST(HttpSecurity, Origins) {
  const OriginPolicy policy({"https://Tools.Example/"});
  EXPECT_TRUE(policy.Allows("", false)) << "no Origin: not a browser page";
  for (const char* o : {"http://localhost", "http://localhost:5173", "https://127.0.0.1:8443",
                        "http://[::1]:3000", "https://tools.example", "HTTPS://TOOLS.EXAMPLE"}) {
    EXPECT_TRUE(policy.Allows(o, true)) << o;
  }
  for (const char* o : {"null", "", "http://evil.example", "http://localhost.evil.example",
                        "file://", "ftp://localhost", "http://user@localhost",
                        "http://localhost/path", "https://tools.example:444"}) {
    EXPECT_FALSE(policy.Allows(o, true)) << o;
  }
}

TEST(HttpSecurity, BearerTokens) {
  EXPECT_TRUE(BearerMatches("Bearer abc", "abc"));
  EXPECT_TRUE(BearerMatches("bearer abc", "abc"));
  EXPECT_FALSE(BearerMatches("Bearer abd", "abc"));
  EXPECT_FALSE(BearerMatches("Bearer abcd", "abc"));
  EXPECT_FALSE(BearerMatches("Bearer ab", "abc"));
  EXPECT_FALSE(BearerMatches("Basic abc", "abc"));
  EXPECT_FALSE(BearerMatches("", "abc"));
  EXPECT_FALSE(BearerMatches("Bearer ", "")) << "an empty token never matches";
}

}  // namespace
}  // namespace kbot::http
