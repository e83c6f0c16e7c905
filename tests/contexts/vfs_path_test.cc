// NormalizePath, GlobMatch and Blob: what every VFS shares.
#include <gtest/gtest.h>

#include <chrono>

#include "contexts/vfs.h"
#include "tests/contexts/test_dir.h"

namespace kbot::contexts {
namespace {

std::string Normal(absl::string_view path) {
  absl::StatusOr<std::string> n = NormalizePath(path);
  return n.ok() ? *n : "error: " + std::string(n.status().message());
}

TEST(NormalizePath, SeparatorsAndDotsGo) {
  EXPECT_EQ(Normal("anims\\demo.gaf"), "anims/demo.gaf");
  EXPECT_EQ(Normal("./anims//./demo.gaf/"), "anims/demo.gaf");
  EXPECT_EQ(Normal("anims\\\\Sub\\.\\x.TAF"), "anims/Sub/x.TAF");
  EXPECT_EQ(Normal("a/.../b"), "a/.../b");  // "..." is a name, not ".."
  EXPECT_EQ(Normal("a..b/c"), "a..b/c");
  EXPECT_EQ(Normal("xy:z"), "xy:z");  // one letter then a colon is a drive; this is not
}

TEST(NormalizePath, RefusesWhatLeavesTheRoot) {
  EXPECT_EQ(Normal("../x"), "error: ../x: \"..\" would leave the context folder");
  EXPECT_EQ(Normal("a/../../x"), "error: a/../../x: \"..\" would leave the context folder");
  EXPECT_EQ(Normal("a/.."), "error: a/..: \"..\" would leave the context folder");
  EXPECT_EQ(Normal("a\\..\\b"), "error: a\\..\\b: \"..\" would leave the context folder");
  EXPECT_EQ(Normal("/etc/passwd"),
            "error: /etc/passwd: an absolute path; give a path inside the context");
  EXPECT_EQ(Normal("\\etc\\passwd"),
            "error: \\etc\\passwd: an absolute path; give a path inside the context");
  EXPECT_EQ(Normal("C:/x"), "error: C:/x: a drive path; give a path inside the context");
  EXPECT_EQ(Normal("c:x"), "error: c:x: a drive path; give a path inside the context");
  EXPECT_EQ(Normal(absl::string_view("a\0b", 3)), "error: a\\000b: contains a NUL byte");
  EXPECT_EQ(Normal(""), "error: \"\": an empty path");
  EXPECT_EQ(Normal("./"), "error: ./: an empty path");
  EXPECT_EQ(NormalizePath("../x").status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(GlobMatch, StarsStayInAComponentDoubleStarsCross) {
  EXPECT_TRUE(GlobMatch("", "anything/at/all"));
  EXPECT_TRUE(GlobMatch("*.gaf", "demo.gaf"));
  EXPECT_FALSE(GlobMatch("*.gaf", "anims/demo.gaf"));
  EXPECT_FALSE(GlobMatch("*", "a/b"));
  EXPECT_TRUE(GlobMatch("x*", "x"));
  EXPECT_FALSE(GlobMatch("*x*", "abc"));
  EXPECT_TRUE(GlobMatch("anims/*.gaf", "anims/demo.gaf"));
  EXPECT_FALSE(GlobMatch("anims/*.gaf", "anims/sub/demo.gaf"));
  EXPECT_TRUE(GlobMatch("**", "a/b/c"));
  EXPECT_TRUE(GlobMatch("**/x.gaf", "x.gaf"));
  EXPECT_TRUE(GlobMatch("**/x.gaf", "a/b/x.gaf"));
  EXPECT_FALSE(GlobMatch("**/x.gaf", "a/bx.gaf"));
  EXPECT_TRUE(GlobMatch("anims/**", "anims/a/b.gaf"));
  EXPECT_TRUE(GlobMatch("anims/**", "anims/b.gaf"));
  EXPECT_FALSE(GlobMatch("anims/**", "other/a.gaf"));
  EXPECT_FALSE(GlobMatch("anims/**", "animsx/a.gaf"));
  EXPECT_TRUE(GlobMatch("a/**/b", "a/b"));
  EXPECT_TRUE(GlobMatch("a/**/b", "a/x/y/b"));
  EXPECT_FALSE(GlobMatch("a/**/b", "a/xb"));
  EXPECT_TRUE(GlobMatch("a**b", "a/x/b"));  // ** inside a component spans too
  EXPECT_TRUE(GlobMatch("?.gaf", "a.gaf"));
  EXPECT_FALSE(GlobMatch("a?b", "a/b"));
  EXPECT_FALSE(GlobMatch("?", ""));
}

TEST(GlobMatch, IgnoresCaseAndSeparatorSpelling) {
  EXPECT_TRUE(GlobMatch("ANIMS/*.GAF", "anims/Demo.gaf"));
  EXPECT_TRUE(GlobMatch("anims\\*.gaf", "anims/demo.gaf"));
  EXPECT_TRUE(GlobMatch("anims//*.gaf", "anims/demo.gaf"));
  EXPECT_TRUE(GlobMatch("anims/demo.gaf", "ANIMS\\DEMO.GAF"));
  EXPECT_TRUE(GlobMatch("**\\x.gaf", "a/x.gaf"));
}

TEST(GlobMatch, Classes) {
  EXPECT_TRUE(GlobMatch("[a-c]*.gaf", "Big.gaf"));
  EXPECT_FALSE(GlobMatch("[a-c]*.gaf", "dig.gaf"));
  EXPECT_TRUE(GlobMatch("[A-Z]", "q"));
  EXPECT_TRUE(GlobMatch("[xyz].pal", "Y.pal"));
  EXPECT_FALSE(GlobMatch("[!a]x", "ax"));
  EXPECT_FALSE(GlobMatch("[!a]x", "Ax"));
  EXPECT_TRUE(GlobMatch("[!a]x", "bx"));
  EXPECT_TRUE(GlobMatch("[^a]x", "bx"));
  EXPECT_FALSE(GlobMatch("a[!b]c", "a/c"));  // never a separator
  EXPECT_TRUE(GlobMatch("[]]x", "]x"));
  EXPECT_TRUE(GlobMatch("[ab", "[ab"));  // unterminated: a literal '['
  EXPECT_FALSE(GlobMatch("[ab", "a"));
}

TEST(GlobMatch, HostilePatternsRunInLinearTime) {
  const std::string path(20000, 'a');
  const std::string deep = [] {
    std::string s;
    for (int i = 0; i < 5000; ++i) s += "a/";
    return s + "c";
  }();
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(GlobMatch("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b", path));
  EXPECT_FALSE(GlobMatch("**a**a**a**a**a**a**a**a**a**a**b", deep));
  EXPECT_FALSE(GlobMatch("**/a/**/a/**/a/**/a/**/a/**/b", deep));
  EXPECT_TRUE(GlobMatch("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*", path));
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();
  EXPECT_LT(ms, 2000);  // exponential backtracking would take longer than the universe's age
}

TEST(Blob, BufferIsSharedAndOutlivesItsSource) {
  EXPECT_TRUE(Blob().bytes().empty());
  EXPECT_TRUE(Blob::FromBuffer(nullptr).bytes().empty());
  auto buffer = std::make_shared<const std::vector<uint8_t>>(std::vector<uint8_t>{1, 2, 3});
  const uint8_t* data = buffer->data();
  Blob copy;
  {
    Blob blob = Blob::FromBuffer(std::move(buffer));
    copy = blob;
  }
  EXPECT_EQ(copy.bytes().data(), data);  // no copy of the bytes
  EXPECT_EQ(std::vector<uint8_t>(copy.bytes().begin(), copy.bytes().end()),
            (std::vector<uint8_t>{1, 2, 3}));
}

class BlobFile : public testing::TempDirTest {};

TEST_F(BlobFile, MappedFileLivesAsLongAsACopy) {
  const auto p = Put("f.bin", "hello");
  Blob copy;
  {
    absl::StatusOr<FileBytes> file = FileBytes::Open(p.string());
    ASSERT_TRUE(file.ok()) << file.status();
    Blob blob = Blob::FromFile(*std::move(file));
    copy = blob;
  }
  EXPECT_EQ(testing::Text(copy.bytes()), "hello");
}

}  // namespace
}  // namespace kbot::contexts
