#include "hotlayout/Tool/Judge/HotLoopJudge.h"
#include "hotlayout/Tool/Bolt/BoltAddressTranslation.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <optional>
#include <string>

using namespace hotlayout;
using namespace llvm;

namespace {

DecodedInst other(uint64_t A, uint64_t Size) {
  return {A, Size, true, false, 0};
}
DecodedInst jcc(uint64_t A, uint64_t T) { return {A, 2, true, true, T}; }
DecodedInst jmp(uint64_t A, uint64_t T) { return {A, 2, false, true, T}; }
DecodedInst ret(uint64_t A) { return {A, 1, false, false, 0}; }

/// A function at Base: a loop [Base+4, Base+0x86) whose middle block
/// (0x60 bytes at +0xa) runs on 1% of the iterations.
///   +0     entry (4)
///   +4     loop head (4)
///   +8     jcc +0x6a          skips the cold block 99 times in 100
///   +a     cold block (0x60)
///   +6a    latch (4)
///   +6e    jcc +4             back edge
///   +70    ret
std::vector<DecodedInst> loopWithColdBlock(uint64_t Base) {
  return {other(Base, 4),
          other(Base + 4, 4),
          jcc(Base + 8, Base + 0x6a),
          other(Base + 0xa, 0x60),
          other(Base + 0x6a, 4),
          jcc(Base + 0x6e, Base + 4),
          ret(Base + 0x70)};
}

FunctionProfile loopProfile(uint64_t Entries, uint64_t Taken,
                            uint64_t ColdRuns) {
  FunctionProfile P;
  P.Entries = Entries;
  P.Branches = {{8, 0x6a, Taken + Entries - ColdRuns}, {0x6e, 4, Taken}};
  return P;
}

std::vector<JudgedHotLoop> measure(uint64_t Base, const FunctionProfile &P) {
  std::vector<DecodedInst> Insts = loopWithColdBlock(Base);
  std::vector<uint64_t> Exec = execCounts(Insts, Base, P);
  auto TakenOf = [&](size_t K) -> uint64_t {
    for (const ProfileBranch &B : P.Branches)
      if (B.From == Insts[K].Address - Base && B.To == Insts[K].Target - Base)
        return B.Count;
    return 0;
  };
  return measureLoops(
      "f", Base, Insts, [&](size_t K) { return Exec[K]; }, TakenOf, 64);
}

} // namespace

TEST(HotLoopJudge, ExecCountsFlowAndInferFallThrough) {
  std::vector<DecodedInst> Insts = loopWithColdBlock(0x1000);
  // 10 entries, 990 iterations back, the cold block runs 10 times.
  std::vector<uint64_t> Exec =
      execCounts(Insts, 0x1000, loopProfile(10, 990, 10));
  std::vector<uint64_t> Want = {10, 1000, 1000, 10, 1000, 1000, 10};
  EXPECT_EQ(Exec, Want);
}

TEST(HotLoopJudge, RecordedFallThroughIsNotCountedTwice) {
  std::vector<DecodedInst> Insts = loopWithColdBlock(0x1000);
  FunctionProfile P = loopProfile(10, 990, 10);
  P.Branches.push_back({8, 0xa, 10}); // instrumentation's fall-through
  EXPECT_EQ(execCounts(Insts, 0x1000, P)[3], 10u);
}

// BOLT records a fall-through from the last instruction of its block,
// whatever it is (here the cold block's last bytes, not a branch): it is
// already in the next instruction's count, and adding the straight-line
// flow again double-counted the latch (bzip2: a loop head at 54046 runs
// where callgrind counts 31760). Twin: without the record, the flow alone.
TEST(HotLoopJudge, RecordedFallThroughFromANonBranchIsNotCountedTwice) {
  std::vector<DecodedInst> Insts = loopWithColdBlock(0x1000);
  FunctionProfile P = loopProfile(10, 990, 10);
  EXPECT_EQ(execCounts(Insts, 0x1000, P)[4], 1000u);
  P.Branches.push_back({0xa, 0x6a, 10}); // cold block -> latch, recorded
  EXPECT_EQ(execCounts(Insts, 0x1000, P)[4], 1000u);
}

// What fell into the loop head: its 1000 runs less the 990 jumps back: the
// 10 entries, which fall from the entry block. Twin: the latch, reached by
// the jcc at +8 990 times, gets the cold block's 10 fall-throughs.
TEST(HotLoopJudge, FallInIsTheRunsNoBranchBrought) {
  std::vector<DecodedInst> Insts = loopWithColdBlock(0x1000);
  FunctionProfile P = loopProfile(10, 990, 10);
  std::vector<uint64_t> Exec = execCounts(Insts, 0x1000, P);
  EXPECT_EQ(fallInCount(Insts, 0x1000, P, Exec, 1), 10u);
  EXPECT_EQ(fallInCount(Insts, 0x1000, P, Exec, 4), 10u);
}

// BOLT's record of the fall-through itself (from the instruction right
// before) is no branch: it stays in the fall-in, as execCounts counts it
// once. Twin: the same count as a record from elsewhere (a jump from +0x70)
// is a branch, and the fall-in drops by it.
TEST(HotLoopJudge, RecordedFallThroughStaysInTheFallIn) {
  std::vector<DecodedInst> Insts = loopWithColdBlock(0x1000);
  FunctionProfile P = loopProfile(10, 990, 10);
  P.Branches.push_back({0, 4, 10}); // entry block -> head, recorded
  std::vector<uint64_t> Exec = execCounts(Insts, 0x1000, P);
  ASSERT_EQ(Exec[1], 1000u);
  EXPECT_EQ(fallInCount(Insts, 0x1000, P, Exec, 1), 10u);
  P.Branches.back().From = 0x70;
  EXPECT_EQ(fallInCount(Insts, 0x1000, P, Exec, 1), 0u);
}

// The function's first instruction is reached by its entries (calls), not
// by a fall: none fell in. Branches that say more than the count (a profile
// of other code) give 0, not a wrapped count.
TEST(HotLoopJudge, EntriesAreNoFallInAndFallInNeverWraps) {
  std::vector<DecodedInst> Insts = loopWithColdBlock(0x1000);
  FunctionProfile P = loopProfile(10, 990, 10);
  std::vector<uint64_t> Exec = execCounts(Insts, 0x1000, P);
  EXPECT_EQ(fallInCount(Insts, 0x1000, P, Exec, 0), 0u);
  Exec[1] = 5;
  EXPECT_EQ(fallInCount(Insts, 0x1000, P, Exec, 1), 0u);
}

// A backward branch is a loop only when its cycle closed in what ran: here
// the branch back to +4 was taken, but its cycle runs through the cold
// block, which never ran (as after llvm-bolt split a function and the path
// leaves through a fragment): no loop. Twin: the cold block runs once, the
// cycle closes, a loop.
TEST(HotLoopJudge, BackEdgeWhoseCycleNeverRanIsNoLoop) {
  //   +0  entry (4)
  //   +4  head (4)
  //   +8  jcc +0x10      taken unless the cold block runs
  //   +a  cold (4)       falls into +e
  //   +e  jcc +4         back edge (its count says 50): only through +a
  //   +10 ret
  std::vector<DecodedInst> Insts = {other(0x1000, 4),    other(0x1004, 4),
                                    jcc(0x1008, 0x1010), other(0x100a, 4),
                                    jcc(0x100e, 0x1004), ret(0x1010)};
  auto Judge = [&](uint64_t ColdRuns) {
    std::vector<uint64_t> Exec = {1, 1, 1, ColdRuns, ColdRuns, 1};
    std::vector<uint64_t> Taken = {0, 0, 1 - ColdRuns, 0, 50, 0};
    return measureLoops(
        "f", 0x1000, Insts, [&](size_t K) { return Exec[K]; },
        [&](size_t K) { return Taken[K]; }, 64);
  };
  EXPECT_TRUE(Judge(0).empty());
  EXPECT_EQ(Judge(1).size(), 1u);
}

TEST(HotLoopJudge, ColdBytesInsideTheSpanAreNotCounted) {
  auto Loops = measure(0x1000, loopProfile(10, 990, 10));
  ASSERT_EQ(Loops.size(), 1u);
  const JudgedHotLoop &L = Loops[0];
  EXPECT_EQ(L.Start, 0x1004u);
  EXPECT_EQ(L.span(), 0x6cu);
  EXPECT_EQ(L.Taken, 990u);
  EXPECT_TRUE(L.Iterates);
  ASSERT_EQ(L.HotBytes.size(), 2u);
  EXPECT_EQ(L.HotBytes[0], (ByteInterval{0x1004, 0x100a}));
  EXPECT_EQ(L.HotBytes[1], (ByteInterval{0x106a, 0x1070}));
  EXPECT_EQ(L.hotByteCount(), 12u);
  EXPECT_FALSE(L.HotBytesUnknown);
  // Twin: the middle block runs on half of the iterations: hot bytes.
  auto Warm = measure(0x1000, loopProfile(10, 990, 500));
  ASSERT_EQ(Warm.size(), 1u);
  EXPECT_EQ(Warm[0].hotByteCount(), 0x6cu);
}

TEST(HotLoopJudge, LinesAreOfHotBytesWithMinOverShifts) {
  // At 0x1000 the hot pieces [4,10) and [0x6a,0x70) touch lines 0 and 1.
  auto Loops = measure(0x1000, loopProfile(10, 990, 10));
  EXPECT_EQ(Loops[0].Lines, 2u);
  EXPECT_EQ(Loops[0].MinLines, 2u) << "0x66 apart: never one line";
  EXPECT_FALSE(Loops[0].straddles());
  // 0x38 later the first piece crosses a line boundary: 3 lines, 1 extra.
  auto Moved = measure(0x1038, loopProfile(10, 990, 10));
  EXPECT_EQ(Moved[0].Lines, 3u);
  EXPECT_EQ(Moved[0].MinLines, 2u);
  EXPECT_EQ(Moved[0].extra(), 1u);
}

TEST(HotLoopJudge, LoopUnderTwoIterationsPerEntryDoesNotIterate) {
  auto Loops = measure(0x1000, loopProfile(600, 1000, 10));
  ASSERT_EQ(Loops.size(), 1u);
  EXPECT_FALSE(Loops[0].Iterates) << "1000 < 2 x 600 entries";
  markHotLoops(Loops, 100, 0.99);
  EXPECT_FALSE(Loops[0].Hot);
}

static JudgedHotLoop loopTaken(uint64_t Start, uint64_t Taken) {
  JudgedHotLoop L;
  L.Start = Start;
  L.Taken = Taken;
  L.Iterates = true;
  return L;
}

TEST(HotLoopJudge, CoverageCutKeepsTheLoopThatCrossesIt) {
  std::vector<JudgedHotLoop> Loops = {
      loopTaken(0x30, 10), loopTaken(0x10, 1000), loopTaken(0x20, 500)};
  markHotLoops(Loops, 1, 0.99);
  // 1000 + 500 crosses 99% of 1510; the loop taken 10 times is cut.
  EXPECT_FALSE(Loops[0].Hot);
  EXPECT_TRUE(Loops[1].Hot);
  EXPECT_TRUE(Loops[2].Hot);
  markHotLoops(Loops, 1, 0.5);
  EXPECT_TRUE(Loops[1].Hot) << "crosses 50% alone";
  EXPECT_FALSE(Loops[2].Hot);
  markHotLoops(Loops, 1, 1.0);
  EXPECT_TRUE(Loops[0].Hot);
}

TEST(HotLoopJudge, LoopsTiedWithTheLastChosenAreHot) {
  std::vector<JudgedHotLoop> Loops = {loopTaken(0x10, 1000),
                                      loopTaken(0x20, 10), loopTaken(0x30, 10)};
  markHotLoops(Loops, 1, 0.99);
  // 1000 + 10 crosses 99% of 1020; the other loop taken 10 times is as hot.
  EXPECT_TRUE(Loops[1].Hot);
  EXPECT_TRUE(Loops[2].Hot) << "tied with the last loop chosen";
  markHotLoops(Loops, 1, 0.9);
  EXPECT_FALSE(Loops[1].Hot) << "the twin: 1000 alone crosses 90%";
  EXPECT_FALSE(Loops[2].Hot);
}

TEST(HotLoopJudge, MinCountAndIteratingBothRequired) {
  std::vector<JudgedHotLoop> Loops = {loopTaken(0x10, 50),
                                      loopTaken(0x20, 500)};
  Loops[1].Iterates = false;
  markHotLoops(Loops, 100, 1.0);
  EXPECT_FALSE(Loops[0].Hot) << "under --min-count";
  EXPECT_FALSE(Loops[1].Hot) << "does not iterate";
}

TEST(HotLoopJudge, WeightedExtraIsCountWeighted) {
  HotLoopReport R;
  R.Loops = {loopTaken(0x10, 300), loopTaken(0x20, 100)};
  R.Loops[0].Hot = R.Loops[1].Hot = true;
  R.Loops[0].Lines = 2;
  R.Loops[0].MinLines = 1;
  R.Loops[1].Lines = R.Loops[1].MinLines = 1;
  EXPECT_DOUBLE_EQ(R.weightedExtra(), 0.75);
  EXPECT_EQ(R.straddling(), 1u);
}

TEST(HotLoopJudge, OnlyTightLoopsCountAsStraddling) {
  HotLoopReport R;
  R.Loops = {loopTaken(0x10, 300), loopTaken(0x1000, 100)};
  R.Loops[0].Hot = R.Loops[1].Hot = true;
  R.Loops[0].HotBytes = {{0x10, 0x10 + 257}}; // One byte over tight.
  R.Loops[0].Lines = 6;
  R.Loops[0].MinLines = 5;
  R.Loops[1].HotBytes = {{0x1000, 0x1000 + 256}};
  R.Loops[1].Lines = 5;
  R.Loops[1].MinLines = 4;
  EXPECT_FALSE(R.Loops[0].tight());
  EXPECT_FALSE(R.Loops[0].straddles()) << "not tight: listed, not counted";
  EXPECT_TRUE(R.Loops[1].straddles());
  EXPECT_EQ(R.tightCount(), 1u);
  EXPECT_EQ(R.straddling(), 1u);
  EXPECT_DOUBLE_EQ(R.weightedExtra(), 1.0) << "over the tight loop alone";
}

/// One entry of a test BAT note: output offset delta from the previous
/// entry, input offset, branch or block start.
struct NoteEntry {
  uint64_t OutputDelta;
  uint64_t Input;
  bool IsBranch;
};

/// A BAT note with one hot fragment at 0x1000 holding \p Entries; by
/// default blocks at output 0 (input 0) and 0x10 (input 0x20), a branch at
/// output 0x14 (input 0x24).
static std::string batNote(ArrayRef<NoteEntry> Entries = {{0, 0, false},
                                                          {0x10, 0x20, false},
                                                          {4, 0x24, true}}) {
  std::string Desc;
  raw_string_ostream D(Desc);
  auto U64 = [&](uint64_t V) {
    for (int I = 0; I < 8; ++I)
      D << char((V >> (8 * I)) & 0xff);
  };
  encodeULEB128(1, D);      // hot fragments
  encodeULEB128(0x1000, D); // address delta
  U64(0x1234);              // function hash
  encodeULEB128(2, D);      // input blocks
  encodeULEB128(0, D);      // secondary entry points
  encodeULEB128(Entries.size(), D);
  encodeULEB128(0, D); // EqualElems
  int64_t Input = 0;   // Each entry's input is a delta from the last one.
  for (const NoteEntry &E : Entries) {
    encodeULEB128(E.OutputDelta, D);
    int64_t Next = int64_t(E.Input << 1 | (E.IsBranch ? 1 : 0));
    encodeSLEB128(Next - Input, D);
    Input = Next;
    if (!E.IsBranch) {
      U64(0xaa);           // block hash
      encodeULEB128(1, D); // block index delta
    }
  }
  encodeULEB128(0, D); // cold fragments
  D.flush();
  std::string Note;
  raw_string_ostream N(Note);
  auto U32 = [&](uint32_t V) {
    for (int I = 0; I < 4; ++I)
      N << char((V >> (8 * I)) & 0xff);
  };
  U32(5);
  U32(Desc.size());
  U32(1);
  N << StringRef("BOLT\0\0\0\0", 8) << Desc;
  N.flush();
  return Note;
}

TEST(BoltAddressTranslation, ParsesBlocksAndBranches) {
  std::string Note = batNote();
  auto BAT = BoltAddressTranslation::parse(arrayRefFromStringRef(Note), "x");
  ASSERT_TRUE(bool(BAT)) << toString(BAT.takeError());
  ASSERT_EQ(BAT->fragments().size(), 1u);
  const BATFragment &F = BAT->fragments()[0];
  EXPECT_EQ(F.Address, 0x1000u);
  EXPECT_FALSE(F.Cold);
  EXPECT_EQ(F.blockAt(0x8), std::optional<uint64_t>(0));
  EXPECT_EQ(F.blockAt(0x14), std::optional<uint64_t>(0x20));
  EXPECT_EQ(F.blockStartingAt(0x10), std::optional<uint64_t>(0x20));
  EXPECT_EQ(F.blockStartingAt(0x14), std::nullopt);
  EXPECT_EQ(F.branchAt(0x14), std::optional<uint64_t>(0x24));
}

TEST(BoltAddressTranslation, EntriesAtOneOffsetAnswerInNoteOrder) {
  // Two blocks and two branches share output 0x10 (BOLT emits an empty
  // block so): a block lookup inside the block takes the later block, one
  // at its start the earlier block, as a scan of the note's entries did.
  std::string Note = batNote({{0, 0, false},
                              {0x10, 0x20, false},
                              {0, 0x30, false},
                              {0, 0x34, true},
                              {0, 0x38, true},
                              {8, 0x40, false}});
  auto BAT = BoltAddressTranslation::parse(arrayRefFromStringRef(Note), "x");
  ASSERT_TRUE(bool(BAT)) << toString(BAT.takeError());
  const BATFragment &F = BAT->fragments()[0];
  EXPECT_EQ(F.blockAt(0xf), std::optional<uint64_t>(0));
  EXPECT_EQ(F.blockAt(0x10), std::optional<uint64_t>(0x30));
  EXPECT_EQ(F.blockAt(0x17), std::optional<uint64_t>(0x30));
  EXPECT_EQ(F.blockAt(0x100), std::optional<uint64_t>(0x40));
  EXPECT_EQ(F.blockStartingAt(0x10), std::optional<uint64_t>(0x20));
  EXPECT_EQ(F.blockStartingAt(0x18), std::optional<uint64_t>(0x40));
  EXPECT_EQ(F.branchAt(0x10), std::optional<uint64_t>(0x34));
  EXPECT_EQ(F.branchAt(0x18), std::nullopt);
}

TEST(BoltAddressTranslation, NoBlockBeforeTheFirstBlockEntry) {
  // A branch entry first: nothing before the block at 0x8 has a block.
  std::string Note = batNote({{4, 0x4, true}, {4, 0x8, false}});
  auto BAT = BoltAddressTranslation::parse(arrayRefFromStringRef(Note), "x");
  ASSERT_TRUE(bool(BAT)) << toString(BAT.takeError());
  const BATFragment &F = BAT->fragments()[0];
  EXPECT_EQ(F.blockAt(0x7), std::nullopt);
  EXPECT_EQ(F.blockAt(0x8), std::optional<uint64_t>(0x8));
  EXPECT_EQ(F.branchAt(0x4), std::optional<uint64_t>(0x4));
}

TEST(BoltAddressTranslation, TruncatedNoteIsAnError) {
  std::string Note = batNote();
  Note.resize(Note.size() - 3);
  auto BAT =
      BoltAddressTranslation::parse(arrayRefFromStringRef(Note), "x.bolt");
  ASSERT_FALSE(bool(BAT));
  EXPECT_NE(toString(BAT.takeError()).find("x.bolt"), std::string::npos);
}

TEST(HotLoopJudge, RecursiveCallsEnterTheLoopJumpsBackDoNot) {
  // +0 head, +4 call to itself, +9 jcc back to +0 (a loop, not an entry).
  DecodedInst Call = other(0x1004, 5);
  Call.IsCall = true;
  std::vector<DecodedInst> Insts = {other(0x1000, 4), Call, jcc(0x1009, 0x1000),
                                    ret(0x100b)};
  // 3 calls from elsewhere, 100 recursive ones, 50 jumps back.
  std::vector<uint64_t> Run = {153, 153, 153, 103}, Taken = {0, 0, 50, 0};
  EXPECT_EQ(loopEntries(Insts, 0x1000, 0x100b, Run, Taken), 103u);
}

TEST(HotLoopJudge, RotatedLoopIsEnteredAtItsTest) {
  // +0 jmp +6 (the entry), +2 body, +6 jcc +2 (back edge), +8 ret: the body
  // only ever runs from the back edge; the loop is entered 10 times.
  std::vector<DecodedInst> Insts = {jmp(0x1000, 0x1006), other(0x1002, 4),
                                    jcc(0x1006, 0x1002), ret(0x1008)};
  std::vector<uint64_t> Run = {10, 90, 100, 10}, Taken = {10, 0, 90, 0};
  EXPECT_EQ(loopEntries(Insts, 0x1002, 0x1008, Run, Taken), 10u);
}

DecodedInst indirectJump(uint64_t A) {
  DecodedInst D = {A, 2, false, false, 0};
  D.IsIndirectJump = true;
  return D;
}

/// A rotated switch loop whose case A the compiler laid out before the
/// head, 10 calls of 40 iterations:
///   +0  jmp +a       the entry dispatches the first op
///   +2  case A (4)   falls into the head
///   +6  jcc +12      head: the loop's test (exits)
///   +8  load (2)
///   +a  jmp *        dispatch: to A 300 times, to B 100 times
///   +c  case B (4)
///   +10 jmp +6       back edge
///   +12 ret
std::vector<DecodedInst> switchWithCaseBeforeHead() {
  return {jmp(0x1000, 0x100a), other(0x1002, 4),     jcc(0x1006, 0x1012),
          other(0x1008, 2),    indirectJump(0x100a), other(0x100c, 4),
          jmp(0x1010, 0x1006), ret(0x1012)};
}

TEST(HotLoopJudge, CaseBeforeTheHeadComesBackNotIn) {
  std::vector<DecodedInst> Insts = switchWithCaseBeforeHead();
  std::vector<uint64_t> Run = {10, 300, 400, 390, 400, 100, 100, 10},
                        Taken = {10, 0, 10, 0, 0, 0, 100, 0};
  std::vector<IndirectEdge> Indirect = {{4, 1, 300}, {4, 5, 100}};
  // Without the dispatch's record every fall from case A is an entry.
  EXPECT_EQ(loopEntries(Insts, 0x1006, 0x1012, Run, Taken), 310u);
  // With it: the entry's jump to the dispatch, once per call.
  EXPECT_EQ(loopEntries(Insts, 0x1006, 0x1012, Run, Taken, Indirect), 10u);
}

TEST(HotLoopJudge, IndirectJumpFromOutsideEntersWhereItLands) {
  // RandomX's shape: the entry dispatches the first op through a jump of its
  // own (+0, to A 5 times, to B 5 times): those are the loop's entries.
  std::vector<DecodedInst> Insts = switchWithCaseBeforeHead();
  Insts[0] = indirectJump(0x1000);
  std::vector<uint64_t> Run = {10, 300, 400, 390, 390, 100, 100, 10},
                        Taken = {0, 0, 10, 0, 0, 0, 100, 0};
  std::vector<IndirectEdge> Indirect = {
      {0, 1, 5}, {0, 5, 5}, {4, 1, 295}, {4, 5, 95}};
  EXPECT_EQ(loopEntries(Insts, 0x1006, 0x1012, Run, Taken, Indirect), 10u);
}

TEST(HotLoopJudge, CodeBeforeTheHeadNotOnlyDispatchedToEnters) {
  // Twin: case A's code also runs 100 times from elsewhere (the enclosing
  // loop's, say): its falls into the head enter the loop.
  std::vector<DecodedInst> Insts = switchWithCaseBeforeHead();
  std::vector<uint64_t> Run = {10, 300, 400, 390, 400, 100, 100, 10},
                        Taken = {10, 0, 10, 0, 0, 0, 100, 0};
  std::vector<IndirectEdge> Indirect = {{4, 1, 200}, {4, 5, 100}};
  EXPECT_EQ(loopEntries(Insts, 0x1006, 0x1012, Run, Taken, Indirect), 310u);
}

TEST(HotLoopJudge, CaseWithACopyOfTheExitTestComesBack) {
  // RandomX's executeSuperscalar: case A ends in its own copy of the loop's
  // test (+2 jcc +6, else +4 ret), whose other way leaves for good.
  std::vector<DecodedInst> Insts = {jmp(0x1000, 0x100a),  jcc(0x1002, 0x1006),
                                    ret(0x1004),          other(0x1005, 1),
                                    jcc(0x1006, 0x1012),  other(0x1008, 2),
                                    indirectJump(0x100a), other(0x100c, 4),
                                    jmp(0x1010, 0x1006),  ret(0x1012)};
  std::vector<uint64_t> Run = {10, 300, 10, 0, 390, 390, 400, 100, 100, 0},
                        Taken = {10, 290, 0, 0, 0, 0, 0, 0, 100, 0};
  std::vector<IndirectEdge> Indirect = {{6, 1, 300}, {6, 7, 100}};
  EXPECT_EQ(loopEntries(Insts, 0x1006, 0x1012, Run, Taken), 300u);
  EXPECT_EQ(loopEntries(Insts, 0x1006, 0x1012, Run, Taken, Indirect), 10u);
}

TEST(HotLoopJudge, CaseThatMayGoElsewhereEnters) {
  // Twin: case A's branch goes back to the entry 100 times (to code that
  // dispatches again, as an enclosing loop would): not the loop's straight
  // way back, so its falls into the head still enter, as does that code's
  // jump to the dispatch.
  std::vector<DecodedInst> Insts = {
      jmp(0x1000, 0x100a), jcc(0x1002, 0x1000), other(0x1004, 2),
      jcc(0x1006, 0x1012), other(0x1008, 2),    indirectJump(0x100a),
      other(0x100c, 4),    jmp(0x1010, 0x1006), ret(0x1012)};
  std::vector<uint64_t> Run = {110, 300, 200, 300, 290, 400, 100, 100, 10},
                        Taken = {110, 100, 0, 10, 0, 0, 0, 100, 0};
  std::vector<IndirectEdge> Indirect = {{5, 1, 300}, {5, 6, 100}};
  EXPECT_EQ(loopEntries(Insts, 0x1006, 0x1012, Run, Taken, Indirect), 310u);
}

/// The inner loop of a loop nest, taken \p InnerTaken times over 100
/// iterations of the outer loop in one call of the function.
///   +0 entry, +4 outer head, +8 inner head, +c jcc +8, +e jcc +4, +10 ret
std::optional<JudgedHotLoop> innerLoop(uint64_t InnerTaken) {
  std::vector<DecodedInst> Insts = {other(0x1000, 4),    other(0x1004, 4),
                                    other(0x1008, 4),    jcc(0x100c, 0x1008),
                                    jcc(0x100e, 0x1004), ret(0x1010)};
  std::vector<uint64_t> Run = {1,   100, 100 + InnerTaken, 100 + InnerTaken,
                               100, 1};
  std::vector<uint64_t> Taken = {0, 0, 0, InnerTaken, 99, 0};
  for (JudgedHotLoop &L : measureLoops(
           "f", 0x1000, Insts, [&](size_t K) { return Run[K]; },
           [&](size_t K) { return Taken[K]; }, 64))
    if (L.Start == 0x1008)
      return L;
  return std::nullopt;
}

TEST(HotLoopJudge, NestedLoopThatMostlyRunsOnceDoesNotIterate) {
  // 50 iterations in one call of its function, but 0.5 per entry.
  std::optional<JudgedHotLoop> L = innerLoop(50);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Entries, 100u);
  EXPECT_FALSE(L->Iterates);
}

TEST(HotLoopJudge, NestedLoopThatIteratesPerEntryIterates) {
  std::optional<JudgedHotLoop> L = innerLoop(300);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Entries, 100u);
  EXPECT_TRUE(L->Iterates);
}
