#include "hotlayout/Tool/Binary/LoopFinder.h"

#include "llvm/TargetParser/Triple.h"

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

/// A loop whose cycle leaves its span: an inner loop's exit jumps back to
/// its outer loop's latch, which lies before it (clang's layout of a chain
/// walk, luaS_resize):
///   +10  outer body (4)
///   +14  jcc +1a        into the inner loop
///   +16  latch (2)
///   +18  jcc +10        outer back edge
///   +1a  inner body (4)
///   +1e  jcc +1a        inner back edge
///   +20  jmp +16        back to the latch: closes a cycle through +10
TEST(LoopFinder, CycleThroughCodeBeforeTheTargetIsALoop) {
  auto Jcc = [](uint64_t A, uint64_t T) -> DecodedInst {
    return {A, 2, true, true, T};
  };
  std::vector<DecodedInst> Insts = {
      other(0x10, 4), Jcc(0x14, 0x1a), other(0x16, 2), Jcc(0x18, 0x10),
      other(0x1a, 4), Jcc(0x1e, 0x1a), jmp(0x20, 0x16)};
  EXPECT_TRUE(closesCycle(Insts, {0x20, 0x22, 0x16}));
  EXPECT_EQ(backEdgesOf(Insts, 0).size(), 3u);
}

/// The two targets' machine code, decoded as hotlayout decodes it.
std::vector<DecodedInst> decoded(const char *Triple,
                                 std::vector<uint8_t> Bytes) {
  initializeMachineCode();
  auto LF = LoopFinder::create(llvm::Triple(Triple));
  if (!LF) {
    ADD_FAILURE() << llvm::toString(LF.takeError());
    return {};
  }
  CodeRange Range;
  Range.Address = 0x1000;
  Range.Bytes = Bytes;
  return (*LF)->decode(Range);
}

/// x86's Jcc carries its condition as an operand: jne's inverted form is
/// je's form, in any width (LockedCode: a branch over a jump that
/// llvm-bolt emits as one inverted branch).
///   +0 jne +4 (75 02)  +2 je (74 10)  +4 je (0f 84, rel32)  +a jmp (eb 00)
///   +c jb (72 00)
TEST(LoopFinder, X86ConditionInvertedForm) {
  std::vector<DecodedInst> D =
      decoded("x86_64-unknown-linux-gnu",
              {0x75, 2, 0x74, 0x10, 0x0f, 0x84, 0, 1, 0, 0, 0xeb, 0, 0x72, 0});
  ASSERT_EQ(D.size(), 5u);
  EXPECT_NE(D[0].Form, D[1].Form);
  EXPECT_EQ(D[0].InvertedForm, D[1].Form);
  EXPECT_EQ(D[1].InvertedForm, D[0].Form);
  EXPECT_EQ(D[2].Form, D[1].Form);
  EXPECT_EQ(D[2].InvertedForm, D[0].Form);
  // Twins: an unconditional jump has none; jb's inverse is jae, not je.
  EXPECT_EQ(D[3].InvertedForm, 0u);
  EXPECT_NE(D[4].InvertedForm, 0u);
  EXPECT_NE(D[4].InvertedForm, D[1].Form);
}

/// AArch64's B.cond likewise; TBZ carries a bit number where B.cond has its
/// condition, and TBZ's inverse is another opcode (TBNZ): none.
///   +0 b.eq +8  +4 b.ne +8  +8 tbz w0, #0, +8
TEST(LoopFinder, AArch64ConditionInvertedForm) {
  std::vector<DecodedInst> D =
      decoded("aarch64-unknown-linux-gnu",
              {0x40, 0, 0, 0x54, 0x41, 0, 0, 0x54, 0x40, 0, 0, 0x36});
  ASSERT_EQ(D.size(), 3u);
  EXPECT_EQ(D[0].InvertedForm, D[1].Form);
  EXPECT_EQ(D[1].InvertedForm, D[0].Form);
  EXPECT_TRUE(D[2].IsBranch);
  EXPECT_EQ(D[2].InvertedForm, 0u);
}

/// x86's RIP-relative memory operand: the address it refers to, and a Form
/// without the displacement (LockedCode: a reference the assembler
/// resolved, which llvm-bolt aims again from the function's new address).
///   +0 movdqa -0x3a(%rip), %xmm5   +8 movdqa 0x100(%rip), %xmm5
///   +10 movdqa -0x3a(%rip), %xmm6  +18 movdqa (%rax), %xmm5
TEST(LoopFinder, X86RIPRelativeMemoryTarget) {
  std::vector<DecodedInst> D =
      decoded("x86_64-unknown-linux-gnu",
              {0x66, 0x0f, 0x6f, 0x2d, 0xc6, 0xff, 0xff, 0xff, 0x66, 0x0f,
               0x6f, 0x2d, 0x00, 0x01, 0x00, 0x00, 0x66, 0x0f, 0x6f, 0x35,
               0xc6, 0xff, 0xff, 0xff, 0x66, 0x0f, 0x6f, 0x28});
  ASSERT_EQ(D.size(), 4u);
  EXPECT_EQ(D[0].MemTarget, 0x1008u - 0x3a);
  EXPECT_EQ(D[1].MemTarget, 0x1010u + 0x100);
  EXPECT_NE(D[0].Form, 0u);
  EXPECT_EQ(D[0].Form, D[1].Form);
  // Twins: another register is another instruction; no RIP, no target.
  EXPECT_NE(D[2].Form, D[0].Form);
  EXPECT_EQ(D[3].MemTarget, 0u);
  EXPECT_EQ(D[3].Form, 0u);
}

/// A reference into an instruction of the range (data kept in the code)
/// is found; one to an instruction's start, or out of the range, is not.
///   +10 lea (7, to T)  +17 ret  +18 movabs (10: data decoded as code)
TEST(LoopFinder, ReferenceIntoInstruction) {
  auto Insts = [](uint64_t T) {
    DecodedInst Lea = other(0x10, 7);
    Lea.MemTarget = T;
    return std::vector<DecodedInst>{Lea, ret(0x17), other(0x18, 10)};
  };
  EXPECT_EQ(referenceIntoInstruction(Insts(0x1a), 0x10, 0x22), 0x1au);
  EXPECT_EQ(referenceIntoInstruction(Insts(0x18), 0x10, 0x22), std::nullopt);
  EXPECT_EQ(referenceIntoInstruction(Insts(0x40), 0x10, 0x22), std::nullopt);
}

} // namespace
