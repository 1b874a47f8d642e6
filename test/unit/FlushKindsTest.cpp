#include "hotlayout/Support/FlushKinds.h"

#include "gtest/gtest.h"

using namespace hotlayout;

static const FlushKind &kind(const char *Name) {
  const FlushKind *K = lookupFlushKind(Name);
  EXPECT_NE(K, nullptr) << Name;
  return *K;
}

TEST(FlushKinds, TableHasEveryPrimitive) {
  for (const char *Name :
       {"llvm.clear_cache", "__clear_cache", "sys_icache_invalidate",
        "llvm.x86.sse2.clflush", "llvm.x86.clflushopt", "llvm.x86.clwb"})
    EXPECT_NE(lookupFlushKind(Name), nullptr) << Name;
  EXPECT_EQ(lookupFlushKind("memcpy"), nullptr);
}

TEST(FlushKinds, DomainsNeverCoverEachOther) {
  EXPECT_FALSE(
      flushKindCovers(kind("llvm.clear_cache"), kind("llvm.x86.sse2.clflush")));
  EXPECT_FALSE(
      flushKindCovers(kind("llvm.x86.sse2.clflush"), kind("__clear_cache")));
  EXPECT_TRUE(flushKindCovers(kind("llvm.clear_cache"), kind("__clear_cache")));
}

TEST(FlushKinds, WriteBackDoesNotCoverEvict) {
  EXPECT_FALSE(
      flushKindCovers(kind("llvm.x86.clwb"), kind("llvm.x86.clflushopt")));
  EXPECT_TRUE(
      flushKindCovers(kind("llvm.x86.clflushopt"), kind("llvm.x86.clwb")));
}

TEST(FlushKinds, WeakDoesNotCoverOrdered) {
  EXPECT_FALSE(flushKindCovers(kind("llvm.x86.clflushopt"),
                               kind("llvm.x86.sse2.clflush")));
  EXPECT_TRUE(flushKindCovers(kind("llvm.x86.sse2.clflush"),
                              kind("llvm.x86.clflushopt")));
}

TEST(FlushKinds, NeutralCallees) {
  EXPECT_TRUE(isFlushNeutralCallee("mprotect"));
  EXPECT_TRUE(isFlushNeutralCallee("pthread_jit_write_protect_np"));
  EXPECT_TRUE(isFlushNeutralCallee("__clear_cache"));
  EXPECT_FALSE(isFlushNeutralCallee("memcpy"));
  EXPECT_FALSE(isFlushNeutralCallee("mmap")) << "MAP_FIXED replaces memory";
}
