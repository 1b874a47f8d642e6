#include "hotlayout/Tool/Lock/LockedCode.h"

#include "gtest/gtest.h"

#include <vector>

using namespace hotlayout;

namespace {

DecodedInst plain(uint64_t A, uint64_t Size) {
  return {A, Size, true, false, 0};
}
/// A direct jump of \p Size bytes to \p T; Form 7 stands for "jmp".
DecodedInst jmp(uint64_t A, uint64_t Size, uint64_t T) {
  DecodedInst D{A, Size, false, true, T};
  D.Form = 7;
  return D;
}

/// For comparisons where no branch leaves the function.
bool noTargetOutside(uint64_t, uint64_t) {
  ADD_FAILURE() << "no branch leaves the function";
  return false;
}

/// One function's input (at 0x1000) and output (at 0x400000) code, the
/// input's relocated fields, and what compareLockedCode finds of them.
struct Case {
  std::vector<uint8_t> In, Out;
  std::vector<RelocatedField> Fields;
  std::vector<DecodedInst> InInsts, OutInsts;

  CodeComparison compare(SameTargetFn SameTarget = noTargetOutside) const {
    return compareLockedCode({In, 0x1000, InInsts}, {Out, 0x400000, OutInsts},
                             Fields, SameTarget);
  }
};

/// The input function and its output:
///   +0  mov (3 bytes)
///   +3  call other: e8 + a 4-byte field a relocation patches
///   +8  ret
Case withCall() {
  return {{0x48, 0x89, 0xf9, 0xe8, 1, 2, 3, 4, 0xc3},
          {0x48, 0x89, 0xf9, 0xe8, 9, 9, 9, 9, 0xc3},
          {{0x1004, 4}},
          {plain(0x1000, 3), plain(0x1003, 5), plain(0x1008, 1)},
          {plain(0x400000, 3), plain(0x400003, 5), plain(0x400008, 1)}};
}

/// A moved function: the call's field differs (the relocation patched it
/// for the new address), nothing else; the code hash agrees.
TEST(LockedCode, RelocatedFieldMayDiffer) {
  Case C = withCall();
  EXPECT_TRUE(sameCodeHash(C.In, 0x1000, C.Out, C.Fields));
  CodeComparison R = C.compare();
  EXPECT_TRUE(R.kept());
  EXPECT_EQ(R.Reencoded, 0u);
  EXPECT_EQ(R.Appended, 0u);
}

/// The twin: one byte outside the field differs (the mov's register): a
/// change at offset 2, with the bytes from there.
TEST(LockedCode, ByteOutsideFieldIsAChange) {
  Case C = withCall();
  C.Out[2] = 0xfa;
  EXPECT_FALSE(sameCodeHash(C.In, 0x1000, C.Out, C.Fields));
  CodeComparison R = C.compare();
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Change->Offset, 2u);
  EXPECT_EQ(hexBytes(R.Change->In), "f9 e8 01 02 03 04 c3");
  EXPECT_EQ(hexBytes(R.Change->Out), "fa e8 09 09 09 09 c3");
}

/// llvm-bolt appended a jump (a conditional tail call's): accepted, and
/// counted.
TEST(LockedCode, AppendedJumpIsKept) {
  Case C = withCall();
  C.Out.insert(C.Out.end(), {0xe9, 0, 0, 0, 0});
  C.OutInsts.push_back(jmp(0x400009, 5, 0x500000));
  CodeComparison R = C.compare();
  EXPECT_TRUE(R.kept());
  EXPECT_EQ(R.Appended, 5u);
}

/// The twin: appended code that is no jump is a change where the input's
/// code ends.
TEST(LockedCode, AppendedCodeIsAChange) {
  Case C = withCall();
  C.Out.insert(C.Out.end(), {0x48, 0x89, 0xf9});
  C.OutInsts.push_back(plain(0x400009, 3));
  CodeComparison R = C.compare();
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Change->Offset, 9u);
  EXPECT_TRUE(R.Change->In.empty());
  EXPECT_EQ(hexBytes(R.Change->Out), "48 89 f9");
}

/// A 5-byte jump over a 2-byte instruction, emitted by llvm-bolt in 2
/// bytes: the same branch to the same instruction, the rest moved up.
///   input:  +0 jmp +7 (e9, 5 bytes)  +5 plain (2)  +7 ret
///   output: +0 jmp +4 (eb, 2 bytes)  +2 plain (2)  +4 ret
Case shortenedJump() {
  return {{0xe9, 2, 0, 0, 0, 0x31, 0xc0, 0xc3},
          {0xeb, 2, 0x31, 0xc0, 0xc3},
          {},
          {jmp(0x1000, 5, 0x1007), plain(0x1005, 2), plain(0x1007, 1)},
          {jmp(0x400000, 2, 0x400004), plain(0x400002, 2), plain(0x400004, 1)}};
}

TEST(LockedCode, JumpReencodedShorterIsKept) {
  Case S = shortenedJump();
  EXPECT_FALSE(sameCodeHash(S.In, 0x1000, S.Out, {}));
  CodeComparison R = S.compare();
  EXPECT_TRUE(R.kept());
  EXPECT_EQ(R.Reencoded, 1u);
}

/// The twin: the shorter jump goes elsewhere (to the xor, not the ret): a
/// change at the jump.
TEST(LockedCode, JumpReencodedElsewhereIsAChange) {
  Case S = shortenedJump();
  S.Out[1] = 0;
  S.OutInsts[0].Target = 0x400002;
  CodeComparison R = S.compare();
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Change->Offset, 0u);
}

/// Another branch of the same width (another Form: a `je` for a `jmp`) is
/// a change even to the right target.
TEST(LockedCode, OtherBranchIsAChange) {
  Case S = shortenedJump();
  S.OutInsts[0].Form = 8;
  CodeComparison R = S.compare();
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Change->Offset, 0u);
}

/// A tail call (`jmp f`, 5 bytes and a relocated field) emitted in 2 bytes
/// to f, which llvm-bolt put right after the function: kept when f is the
/// same function (the callback says so), a change when not.
///   input:  +0 xor (2)  +2 jmp f (e9, f at 0x2000)
///   output: +0 xor (2)  +2 jmp f (eb, f at 0x400004)
Case tailCall() {
  return {{0x31, 0xc0, 0xe9, 1, 2, 3, 4},
          {0x31, 0xc0, 0xeb, 0},
          {{0x1003, 4}},
          {plain(0x1000, 2), jmp(0x1002, 5, 0x2000)},
          {plain(0x400000, 2), jmp(0x400002, 2, 0x400004)}};
}

/// tailCall() compared with f (input 0x2000) the function at \p FOut.
CodeComparison tailCallWithFAt(uint64_t FOut) {
  return tailCall().compare([&](uint64_t InTarget, uint64_t OutTarget) {
    return InTarget == 0x2000 && OutTarget == FOut;
  });
}

TEST(LockedCode, TailCallReencodedToSameFunctionIsKept) {
  CodeComparison R = tailCallWithFAt(0x400004);
  EXPECT_TRUE(R.kept());
  EXPECT_EQ(R.Reencoded, 1u);
}

TEST(LockedCode, TailCallReencodedToOtherFunctionIsAChange) {
  CodeComparison R = tailCallWithFAt(0x400040);
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Change->Offset, 2u);
}

/// A call of the function itself with no relocation (the assembler
/// resolved a static function's recursion) after a jump llvm-bolt emitted
/// 3 bytes shorter: another displacement to the same start, kept.
///   input:  +0 jmp +a (e9, 5)  +5 call +0 (e8 f6 ff ff ff)  +a ret
///   output: +0 jmp +7 (eb, 2)  +2 call +0 (e8 f9 ff ff ff)  +7 ret
/// A direct call of \p T; Form 9 stands for "call".
DecodedInst call(uint64_t A, uint64_t T) {
  DecodedInst D{A, 5, true, false, 0};
  D.IsCall = true;
  D.CallTarget = T;
  D.Form = 9;
  return D;
}

Case recursion() {
  return {{0xe9, 5, 0, 0, 0, 0xe8, 0xf6, 0xff, 0xff, 0xff, 0xc3},
          {0xeb, 5, 0xe8, 0xf9, 0xff, 0xff, 0xff, 0xc3},
          {},
          {jmp(0x1000, 5, 0x100a), call(0x1005, 0x1000), plain(0x100a, 1)},
          {jmp(0x400000, 2, 0x400007), call(0x400002, 0x400000),
           plain(0x400007, 1)}};
}

TEST(LockedCode, RecursiveCallAfterShorterJumpIsKept) {
  CodeComparison R = recursion().compare();
  EXPECT_TRUE(R.kept());
  EXPECT_EQ(R.Reencoded, 1u);
}

/// The twin: the call now goes two bytes into the function: a change at
/// the call.
TEST(LockedCode, CallElsewhereIsAChange) {
  Case X = recursion();
  X.Out[3] = 0xfb;
  X.OutInsts[1].CallTarget = 0x400002;
  CodeComparison R = X.compare();
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Change->Offset, 5u);
}

/// Nops llvm-bolt erased (hotalign's padding after a jmp): the code after
/// them is the change, at the first nop.
///   input:  +0 jmp +4 (2)  +2 nop nop  +4 ret
///   output: +0 jmp +2 (2)  +2 ret
TEST(LockedCode, ErasedNopsAreAChange) {
  Case C = {{0xeb, 2, 0x90, 0x90, 0xc3},
            {0xeb, 0, 0xc3},
            {},
            {jmp(0x1000, 2, 0x1004), plain(0x1002, 1), plain(0x1003, 1),
             plain(0x1004, 1)},
            {jmp(0x400000, 2, 0x400002), plain(0x400002, 1)}};
  CodeComparison R = C.compare();
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Change->Offset, 2u);
  EXPECT_EQ(hexBytes(R.Change->In), "90 90 c3");
  EXPECT_EQ(hexBytes(R.Change->Out), "c3");
}

/// A jump to the next instruction (clang's `eb 00` after an empty landing
/// pad) that llvm-bolt emitted in no bytes: in its CFG it is the
/// fall-through. The same code; the `je` to it now reaches the ret.
///   input:  +0 je +4 (2)  +2 xor (2)  +4 jmp +6 (eb 00)  +6 ret
///   output: +0 je +4 (2)  +2 xor (2)  +4 ret
DecodedInst je(uint64_t A, uint64_t T) {
  DecodedInst D{A, 2, true, true, T};
  D.Form = 8;
  return D;
}

Case droppedJump() {
  return {{0x74, 2, 0x31, 0xc0, 0xeb, 0, 0xc3},
          {0x74, 2, 0x31, 0xc0, 0xc3},
          {},
          {je(0x1000, 0x1004), plain(0x1002, 2), jmp(0x1004, 2, 0x1006),
           plain(0x1006, 1)},
          {je(0x400000, 0x400004), plain(0x400002, 2), plain(0x400004, 1)}};
}

TEST(LockedCode, JumpToNextDroppedIsKept) {
  Case D = droppedJump();
  EXPECT_FALSE(sameCodeHash(D.In, 0x1000, D.Out, {}));
  CodeComparison R = D.compare();
  EXPECT_TRUE(R.kept());
  EXPECT_EQ(R.Dropped, 1u);
  EXPECT_EQ(R.Reencoded, 0u);
}

/// A conditional branch to the next instruction (`75 00`), which llvm-bolt
/// drops too (its block's two successors are one): kept, the same code.
TEST(LockedCode, ConditionalBranchToNextDroppedIsKept) {
  Case D = droppedJump();
  D.In[4] = 0x75;
  D.InInsts[2] = je(0x1004, 0x1006);
  CodeComparison R = D.compare();
  EXPECT_TRUE(R.kept());
  EXPECT_EQ(R.Dropped, 1u);
}

/// The twin: the dropped jump went over a byte (an int3 before the ret),
/// so dropping it runs that byte: a change at the jump.
///   input:  +0 je +4  +2 xor  +4 jmp +7 (eb 01)  +6 int3  +7 ret
TEST(LockedCode, JumpOverCodeDroppedIsAChange) {
  Case D = droppedJump();
  D.In = {0x74, 2, 0x31, 0xc0, 0xeb, 1, 0xcc, 0xc3};
  D.InInsts = {je(0x1000, 0x1004), plain(0x1002, 2), jmp(0x1004, 2, 0x1007),
               plain(0x1006, 1), plain(0x1007, 1)};
  D.Out = {0x74, 2, 0x31, 0xc0, 0xcc, 0xc3};
  D.OutInsts = {je(0x400000, 0x400004), plain(0x400002, 2), plain(0x400004, 1),
                plain(0x400005, 1)};
  CodeComparison R = D.compare();
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Change->Offset, 4u);
  EXPECT_EQ(R.Dropped, 0u);
}

/// A conditional branch over the jump right after it, as clang leaves one
/// now and then (SQLite's btreeOverwriteContent: `je +5; jmp T`), that
/// llvm-bolt emits as one branch on the opposite condition to T (its CFG's
/// block with two successors, the taken one next in the layout).
///   input:  +0 jne +4 (75 02)  +2 jmp +7 (eb 03)  +4 xor  +6 ret  +7 ret
///   output: +0 je +5 (74 03)   +2 xor  +4 ret  +5 ret
/// Forms: 10 stands for "jne", 11 for "je".
DecodedInst jcc(uint64_t A, uint64_t T, uint64_t Form, uint64_t Inverted) {
  DecodedInst D{A, 2, true, true, T};
  D.Form = Form;
  D.InvertedForm = Inverted;
  return D;
}

Case invertedOverJump() {
  return {{0x75, 2, 0xeb, 3, 0x31, 0xc0, 0xc3, 0xc3},
          {0x74, 3, 0x31, 0xc0, 0xc3, 0xc3},
          {},
          {jcc(0x1000, 0x1004, 10, 11), jmp(0x1002, 2, 0x1007),
           plain(0x1004, 2), plain(0x1006, 1), plain(0x1007, 1)},
          {jcc(0x400000, 0x400005, 11, 10), plain(0x400002, 2),
           plain(0x400004, 1), plain(0x400005, 1)}};
}

TEST(LockedCode, BranchOverJumpInvertedIsKept) {
  Case V = invertedOverJump();
  CodeComparison R = V.compare();
  EXPECT_TRUE(R.kept());
  EXPECT_EQ(R.Inverted, 1u);
  EXPECT_EQ(R.Dropped, 0u);
}

/// The twin: the output's branch has the input's condition (jne to where
/// the jump went): not the same code; the change is where the jump was.
TEST(LockedCode, BranchOverJumpNotInvertedIsAChange) {
  Case V = invertedOverJump();
  V.Out[0] = 0x75;
  V.OutInsts[0] = jcc(0x400000, 0x400005, 10, 11);
  CodeComparison R = V.compare();
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Change->Offset, 2u);
  EXPECT_EQ(R.Inverted, 0u);
}

/// The twin: the output's inverted branch goes elsewhere (to the first ret,
/// not the second, where the jump went): a change at the jump.
TEST(LockedCode, BranchOverJumpInvertedElsewhereIsAChange) {
  Case V = invertedOverJump();
  V.Out[1] = 2;
  V.OutInsts[0].Target = 0x400004;
  CodeComparison R = V.compare();
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Change->Offset, 2u);
}

/// The twin: another branch of the input goes to the jump (the last
/// instruction, `je` back to +2), which the output no longer has: a change.
TEST(LockedCode, BranchOverJumpOthersReachIsAChange) {
  Case V = invertedOverJump();
  V.In.back() = 0x74;
  V.In.push_back(0xf9);
  V.InInsts.back() = jcc(0x1007, 0x1002, 11, 10);
  V.Out.back() = 0x74;
  V.Out.push_back(0xfb);
  V.OutInsts.back() = jcc(0x400005, 0x400002, 11, 10);
  CodeComparison R = V.compare();
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Inverted, 0u);
}

/// An instruction whose RIP-relative operand has no relocation (the
/// assembler resolved it: nettle 3.8.1's SHA-NI SHA-256 loads a mask kept
/// in .text before the function); llvm-bolt, moving the function, aims it at
/// the same bytes, which stay where they were.
///   +0 movdqa -0x3a(%rip), %xmm5 (to 0xfce)  +8 ret
/// Form 11 stands for that movdqa.
DecodedInst load(uint64_t A, uint64_t T) {
  DecodedInst D{A, 8, true, false, 0};
  D.MemTarget = T;
  D.Form = 11;
  return D;
}

CodeComparison ripLoadTo(uint64_t OutTarget) {
  uint32_t Disp = uint32_t(OutTarget - 0x400008);
  Case C{{0x66, 0x0f, 0x6f, 0x2d, 0xc6, 0xff, 0xff, 0xff, 0xc3},
         {0x66, 0x0f, 0x6f, 0x2d, uint8_t(Disp), uint8_t(Disp >> 8),
          uint8_t(Disp >> 16), uint8_t(Disp >> 24), 0xc3},
         {},
         {load(0x1000, 0xfce), plain(0x1008, 1)},
         {load(0x400000, OutTarget), plain(0x400008, 1)}};
  // No function starts there: only the same address is the same place.
  return C.compare([](uint64_t, uint64_t) { return false; });
}

TEST(LockedCode, UnrelocatedRIPReferenceToSameBytesIsKept) {
  CodeComparison R = ripLoadTo(0xfce);
  EXPECT_TRUE(R.kept());
  EXPECT_EQ(R.Reaimed, 1u);
  EXPECT_EQ(R.Reencoded, 0u);
}

TEST(LockedCode, UnrelocatedRIPReferenceElsewhereIsAChange) {
  CodeComparison R = ripLoadTo(0xfd0);
  ASSERT_FALSE(R.kept());
  EXPECT_EQ(R.Change->Offset, 0u);
}

} // namespace
