#include "hotlayout/Tool/LoopFinder.h"

#include "gtest/gtest.h"

#include <vector>

using namespace hotlayout;

namespace {

DecodedInst other(uint64_t A, uint64_t Size) {
  return {A, Size, true, false, 0};
}
DecodedInst jmp(uint64_t A, uint64_t T) { return {A, 2, false, true, T}; }
DecodedInst jmpIndirect(uint64_t A) {
  DecodedInst D{A, 3, false, false, 0};
  D.IsIndirectJump = true;
  return D;
}
DecodedInst ret(uint64_t A) { return {A, 1, false, false, 0}; }

/// A computed-goto dispatch at 0x10 and a handler jumping back to it:
///   +10  fetch (4)
///   +14  jmp *          to the handler, at run time
///   +17  handler (4)
///   +1b  jmp +10        back edge
TEST(LoopFinder, DispatchThroughIndirectJumpClosesCycle) {
  std::vector<DecodedInst> Insts = {other(0x10, 4), jmpIndirect(0x14),
                                    other(0x17, 4), jmp(0x1b, 0x10)};
  EXPECT_TRUE(closesCycle(Insts, {0x1b, 0x1d, 0x10}));
  EXPECT_EQ(backEdgesOf(Insts, 0).size(), 1u);
}

/// The twin: the block at the target returns, so the jump back to it
/// closes no cycle (a shared exit, not a loop).
TEST(LoopFinder, JumpBackToReturnClosesNoCycle) {
  std::vector<DecodedInst> Insts = {other(0x10, 4), ret(0x14), other(0x15, 4),
                                    jmp(0x19, 0x10)};
  EXPECT_FALSE(closesCycle(Insts, {0x19, 0x1b, 0x10}));
  EXPECT_TRUE(backEdgesOf(Insts, 0).empty());
}

} // namespace
