#include "hotlayout/Support/FlushKinds.h"

#include "gtest/gtest.h"

using namespace hotlayout;
using llvm::SmallVector;

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

TEST(FlushKinds, AsmLineOperationsInTheirSpellings) {
  const FlushKind *DC = lookupAsmFlushKind("dc cvau, $0", "r,~{memory}");
  ASSERT_NE(DC, nullptr);
  EXPECT_EQ(DC->Display, "dc cvau");
  EXPECT_EQ(DC->Shape, RangeShape::OneLine);
  EXPECT_EQ(DC->Domain, FlushDomain::DataCleanToPoU);
  const FlushKind *IC = lookupAsmFlushKind("ic ivau, $0", "r,~{memory}");
  ASSERT_NE(IC, nullptr);
  EXPECT_EQ(IC->Domain, FlushDomain::InstructionLineInvalidate);
  // Case, blanks and the operand's spellings (%0, %x0) do not matter.
  EXPECT_EQ(lookupAsmFlushKind("DC CVAU,${0}", "r,~{memory}"), DC);
  EXPECT_EQ(lookupAsmFlushKind("\tdc\tcvau , ${0:x} ", "r"), DC);
  EXPECT_EQ(lookupAsmFlushKind("Ic IvaU, $0", "r,~{memory},~{dirflag}"), IC);
  const FlushKind *CIV = lookupAsmFlushKind("dc civac, %x0", "r,~{memory}");
  EXPECT_EQ(CIV, nullptr) << "GCC's %x0 is $0 or ${0:x} in IR";
  CIV = lookupAsmFlushKind("dc civac, ${0:x}", "r,~{memory}");
  ASSERT_NE(CIV, nullptr);
  EXPECT_EQ(CIV->Display, "dc civac");
  EXPECT_EQ(CIV->Domain, FlushDomain::DataCleanInvalidateToPoC);
}

TEST(FlushKinds, AsmWithAnythingElseIsNoFlush) {
  for (const char *Asm :
       {"dc cvau, $0\n\tdsb ish", "dc cvau, $0; isb", "dc civac, $0, $0",
        "dc cvac, $0", "dc zva, $0", "ic iallu", "dc cvau, $1", "dc cvau $0",
        "dc cvau, $0, $0", "dc cvau, ${0:w}", "dc cvau, [$0]",
        "dc cvau, $0 // x", "cvau dc, $0", ""})
    EXPECT_EQ(lookupAsmFlushKind(Asm, "r,~{memory}"), nullptr) << Asm;
  for (const char *Cons : {"", "=r,r", "r,r", "r,~{memory},r", "m", "*m"})
    EXPECT_EQ(lookupAsmFlushKind("dc cvau, $0", Cons), nullptr) << Cons;
}

TEST(FlushKinds, AsmLoopsNameTheirOperation) {
  // A whole loop in one statement, as JITs and kernels write it.
  EXPECT_EQ(asmMentionsLineOperation("1:\n\tdc civac, $0\n\tadd $0, $0, "
                                     "#64\n\tcmp $0, $1\n\tb.lo 1b"),
            "dc civac");
  EXPECT_EQ(asmMentionsLineOperation("DC  CVAU,x0; dsb ish"), "dc cvau");
  EXPECT_EQ(asmMentionsLineOperation("ic ivau, ${0:x}"), "ic ivau");
  EXPECT_EQ(asmMentionsLineOperation("0: clflushopt ($0); add $$64, $0"),
            "clflushopt");
  EXPECT_EQ(asmMentionsLineOperation("clflush ($0)"), "clflush");
  for (const char *Asm :
       {"", "dsb ish", "dc zva, $0", "nop", "clflushx", "myclwb", "dcc vau"})
    EXPECT_EQ(asmMentionsLineOperation(Asm), "") << Asm;
}

TEST(FlushKinds, AsmLineDomainsStayApart) {
  const FlushKind &DC = *lookupAsmFlushKind("dc cvau, $0", "r");
  const FlushKind &IC = *lookupAsmFlushKind("ic ivau, $0", "r");
  EXPECT_TRUE(flushKindCovers(DC, DC));
  EXPECT_TRUE(flushKindCovers(IC, IC));
  EXPECT_FALSE(flushKindCovers(DC, IC)) << "a clean invalidates no I-line";
  EXPECT_FALSE(flushKindCovers(IC, DC)) << "an invalidation cleans nothing";
  EXPECT_FALSE(flushKindCovers(kind("llvm.x86.sse2.clflush"), DC));
  EXPECT_FALSE(flushKindCovers(DC, kind("__clear_cache")));
  EXPECT_FALSE(flushKindCovers(IC, kind("__clear_cache")))
      << "__clear_cache needs both, with barriers";
  EXPECT_TRUE(isLineDomain(DC.Domain));
  EXPECT_TRUE(isLineDomain(IC.Domain));
  EXPECT_FALSE(isLineDomain(kind("__clear_cache").Domain));
  EXPECT_EQ(lookupFlushKind("dc cvau"), nullptr) << "not a callee name";
  const FlushKind &CIV = *lookupAsmFlushKind("dc civac, $0", "r");
  EXPECT_TRUE(flushKindCovers(CIV, CIV));
  EXPECT_FALSE(flushKindCovers(CIV, DC)) << "not asked: kept apart";
  EXPECT_FALSE(flushKindCovers(DC, CIV)) << "a clean leaves the line cached";
  EXPECT_FALSE(flushKindCovers(CIV, IC));
  EXPECT_TRUE(isLineDomain(CIV.Domain));
  EXPECT_TRUE(cleansDataCacheLine(CIV.Domain));
  EXPECT_TRUE(cleansDataCacheLine(DC.Domain));
  EXPECT_FALSE(cleansDataCacheLine(IC.Domain));
}

TEST(FlushKinds, MaintenanceBarriers) {
  EXPECT_TRUE(isAsmMaintenanceBarrier("dsb ish", "~{memory}"));
  EXPECT_TRUE(isAsmMaintenanceBarrier("DSB  ISH", ""));
  EXPECT_TRUE(isAsmMaintenanceBarrier("isb", "~{memory}"));
  EXPECT_TRUE(isAsmMaintenanceBarrier("dsb ish\n\tisb\n", "~{memory}"));
  for (const char *Asm : {"dsb ish\n\tnop", "dmb ish", "dsb ishst", "dsb",
                          "isb; nop", "mrs $0, ctr_el0", "", "\n"})
    EXPECT_FALSE(isAsmMaintenanceBarrier(Asm, "~{memory}")) << Asm;
  EXPECT_FALSE(isAsmMaintenanceBarrier("dsb ish", "r,~{memory}"));
  EXPECT_FALSE(isAsmMaintenanceBarrier("isb", "=r"));
}

// __clear_cache's order is checked on the barriers of each statement, in
// program order: "dsb ish; isb" in one statement is a dsb, then an isb.
TEST(FlushKinds, MaintenanceBarriersInOrder) {
  SmallVector<AsmBarrier, 2> Barriers;
  ASSERT_TRUE(asmMaintenanceBarriers("dsb ish\n\tisb", "~{memory}", Barriers));
  EXPECT_EQ(Barriers,
            (SmallVector<AsmBarrier, 2>{AsmBarrier::Dsb, AsmBarrier::Isb}));
  ASSERT_TRUE(asmMaintenanceBarriers("isb sy\ndsb sy", "", Barriers));
  EXPECT_EQ(Barriers,
            (SmallVector<AsmBarrier, 2>{AsmBarrier::Isb, AsmBarrier::Dsb}));
  // A statement that is no barrier sequence leaves none behind.
  EXPECT_FALSE(asmMaintenanceBarriers("dsb ish\n\tnop", "~{memory}", Barriers));
  EXPECT_TRUE(Barriers.empty());
  EXPECT_FALSE(asmMaintenanceBarriers("dsb ish", "r", Barriers));
  EXPECT_TRUE(Barriers.empty());
}
