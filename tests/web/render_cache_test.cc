// RenderCache: LRU by bytes, stats, staleness, ETags.
#include "web/render_cache.h"

#include <gtest/gtest.h>

#include <memory>

namespace kbot::web {
namespace {

std::shared_ptr<const CachedImage> Image(size_t bytes, char fill = 'x') {
  auto image = std::make_shared<CachedImage>();
  image->bytes.assign(bytes, fill);
  image->mime_type = "image/png";
  image->etag = EtagOf(image->bytes);
  return image;
}

TEST(RenderCache, CountsHitsAndMisses) {
  RenderCache cache(100);
  EXPECT_EQ(cache.Get("a"), nullptr);
  cache.Put("a", Image(10));
  ASSERT_NE(cache.Get("a"), nullptr);
  EXPECT_EQ(cache.Get("a")->bytes.size(), 10u);
  const RenderCacheStats s = cache.stats();
  EXPECT_EQ(s.hits, 2u);
  EXPECT_EQ(s.misses, 1u);
  EXPECT_EQ(s.entries, 1u);
  EXPECT_EQ(s.bytes, 10u);
}

TEST(RenderCache, EvictsTheLeastRecentlyUsedToStayWithinItsBytes) {
  RenderCache cache(100);
  cache.Put("a", Image(40));
  cache.Put("b", Image(40));
  ASSERT_NE(cache.Get("a"), nullptr);  // b is now the least recent
  cache.Put("c", Image(40));
  EXPECT_NE(cache.Get("a"), nullptr);
  EXPECT_EQ(cache.Get("b"), nullptr);
  EXPECT_NE(cache.Get("c"), nullptr);
  EXPECT_EQ(cache.stats().evictions, 1u);
  EXPECT_EQ(cache.stats().bytes, 80u);
}

TEST(RenderCache, DoesNotKeepAnImageLargerThanItsBound) {
  RenderCache cache(100);
  cache.Put("a", Image(50));
  cache.Put("big", Image(101));
  EXPECT_EQ(cache.Get("big"), nullptr);
  EXPECT_NE(cache.Get("a"), nullptr);
}

TEST(RenderCache, ReplacingAKeyKeepsTheByteCountRight) {
  RenderCache cache(100);
  cache.Put("a", Image(50));
  cache.Put("a", Image(30));
  EXPECT_EQ(cache.stats().bytes, 30u);
  EXPECT_EQ(cache.stats().entries, 1u);
}

TEST(RenderCache, AStaleEntryIsAMissAndIsDropped) {
  RenderCache cache(100);
  cache.Put("a", Image(10));
  EXPECT_EQ(cache.Get("a", [](const CachedImage&) { return false; }), nullptr);
  EXPECT_EQ(cache.stats().misses, 1u);
  EXPECT_EQ(cache.stats().entries, 0u);
  EXPECT_EQ(cache.Get("a", [](const CachedImage&) { return true; }), nullptr);
}

TEST(RenderCache, EtagsAreQuotedAndDifferWithTheBytes) {
  const std::string a = EtagOf("abc"), b = EtagOf("abd");
  EXPECT_EQ(a.front(), '"');
  EXPECT_EQ(a.back(), '"');
  EXPECT_NE(a, b);
  EXPECT_EQ(a, EtagOf("abc"));
}

}  // namespace
}  // namespace kbot::web
