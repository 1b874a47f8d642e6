//===- HotLoopJudge.cpp - The one hot-loop definition ---------------------===//
//
// 1. execCounts(): per-instruction counts by flow through one function.
//    BOLT instrumentation records taken branches and most, not all,
//    fall-throughs (a jcc falling into a lone jmp may have none; a recorded
//    one comes from the last instruction of its block, whatever it is), and
//    perf2bolt records none: an unrecorded fall-through of a conditional
//    branch is its count less what it sent elsewhere. Calls are assumed to
//    return.
//    fallInCount() takes the branches back out of one instruction's count:
//    what fell into it.
// 2. measureLoops(): loops of one range, their hot bytes and lines. A
//    backward branch closes a cycle in what ran (closesCycleInWhatRan), as
//    the callgrind judge asks: after llvm-bolt splits a function, one may
//    close a cycle only through code that never runs.
// 3. markHotLoops(): HotLoopRules' markHotLoops (iterating, noise floor,
//    coverage cut) on the measured loops.
// 4. judgeHotLoops(): the profiled binary itself (offsets are the
//    profile's), or a BOLT output through BAT: an output instruction runs as
//    often as the input block BAT maps it to; an output branch is taken as
//    often as the input edge from its input branch to the input block its
//    target maps to (or, for a conditional branch BOLT inverted, the input
//    branch's count less the edge to the block its fall-through maps to).
//    A jump with no input instruction in BAT is one llvm-bolt added: when
//    it stands for an input jump (BOLT keeps unconditional jumps as CFG
//    edges: the one ending its input block, or the lone jump the branch
//    before it fell into), it has the count the profile recorded for that
//    jump; a former fall-through, or the second half of a condition whose
//    successors both moved, runs and is taken as often as control falls
//    into it from the instruction before: that one's count, less what it
//    took when it is conditional.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Judge/HotLoopJudge.h"
#include "hotlayout/Tool/Bolt/BoltAddressTranslation.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>

using namespace llvm;

namespace hotlayout {

Error JudgeOptions::validate() const {
  if (LineSize == 0 || !isPowerOf2_32(LineSize))
    return makeError("--line-size=" + Twine(LineSize) +
                     " is not a power of two; use 64 (I-cache lines) or 32 "
                     "(decoded-uop windows)");
  if (!(HotCoverage > 0 && HotCoverage <= 1)) {
    std::string Shown;
    raw_string_ostream(Shown) << format("%g", HotCoverage);
    return makeError("--hot-coverage=" + Shown +
                     " is not a fraction in (0, 1]; use 0.99");
  }
  return Error::success();
}

uint64_t JudgedHotLoop::hotByteCount() const {
  uint64_t N = 0;
  for (const ByteInterval &I : HotBytes)
    N += I.size();
  return N;
}

size_t HotLoopReport::hotCount() const {
  return count_if(Loops, [](const JudgedHotLoop &L) { return L.Hot; });
}

size_t HotLoopReport::tightCount() const {
  return count_if(Loops,
                  [](const JudgedHotLoop &L) { return L.Hot && L.tight(); });
}

size_t HotLoopReport::straddling() const {
  return count_if(
      Loops, [](const JudgedHotLoop &L) { return L.Hot && L.straddles(); });
}

double HotLoopReport::weightedExtra() const {
  double Weighted = 0, Taken = 0;
  for (const JudgedHotLoop &L : Loops)
    if (L.Hot && L.tight()) {
      Weighted += double(L.Taken) * double(L.extra());
      Taken += double(L.Taken);
    }
  return Taken > 0 ? Weighted / Taken : 0;
}

static bool isConditional(const DecodedInst &I) {
  return I.IsBranch && I.FallsThrough;
}

std::vector<uint64_t> execCounts(ArrayRef<DecodedInst> Insts,
                                 uint64_t FunctionAddress,
                                 const FunctionProfile &Profile) {
  DenseMap<uint64_t, uint64_t> Into, Out;
  std::map<std::pair<uint64_t, uint64_t>, uint64_t> Edges;
  Into[0] += Profile.Entries;
  for (const ProfileBranch &B : Profile.Branches) {
    Into[B.To] += B.Count;
    Out[B.From] += B.Count;
    Edges[{B.From, B.To}] += B.Count;
  }
  std::vector<uint64_t> Exec(Insts.size());
  for (size_t K = 0; K < Insts.size(); ++K) {
    uint64_t Offset = Insts[K].Address - FunctionAddress;
    uint64_t FallThrough = 0;
    if (K > 0 && Insts[K - 1].Address + Insts[K - 1].Size == Insts[K].Address) {
      const DecodedInst &Prev = Insts[K - 1];
      uint64_t PrevOffset = Prev.Address - FunctionAddress;
      // A recorded fall-through is already in Into[Offset]: BOLT records
      // one from the last instruction of a block, whatever it is (a nop of
      // the compiler's alignment padding too).
      bool Recorded = Edges.count({PrevOffset, Offset});
      if (!Recorded && isConditional(Prev))
        FallThrough = Exec[K - 1] - std::min(Exec[K - 1], Out[PrevOffset]);
      else if (!Recorded && Prev.FallsThrough)
        FallThrough = Exec[K - 1];
    }
    Exec[K] = FallThrough + Into.lookup(Offset);
  }
  return Exec;
}

uint64_t fallInCount(ArrayRef<DecodedInst> Insts, uint64_t FunctionAddress,
                     const FunctionProfile &Profile, ArrayRef<uint64_t> Exec,
                     size_t K) {
  uint64_t Offset = Insts[K].Address - FunctionAddress;
  // The instruction before, when control can fall from it: a record from
  // it is the fall-through (execCounts' "Recorded"), not a branch.
  std::optional<uint64_t> Before;
  if (K > 0 && Insts[K - 1].Address + Insts[K - 1].Size == Insts[K].Address)
    Before = Insts[K - 1].Address - FunctionAddress;
  uint64_t Branched = Offset == 0 ? Profile.Entries : 0;
  for (const ProfileBranch &B : Profile.Branches)
    if (B.To == Offset && (!Before || B.From != *Before))
      Branched += B.Count;
  return Exec[K] - std::min(Exec[K], Branched);
}

// A binary search: a map of every instruction, built per function, cost
// more than all the lookups.
std::optional<size_t> instructionAt(ArrayRef<DecodedInst> Insts,
                                    uint64_t Address) {
  auto It = llvm::partition_point(
      Insts, [&](const DecodedInst &D) { return D.Address < Address; });
  if (It == Insts.end() || It->Address != Address)
    return std::nullopt;
  return size_t(It - Insts.begin());
}

static bool closesCycleInWhatRan(ArrayRef<DecodedInst> Insts, size_t Target,
                                 ArrayRef<size_t> Sources,
                                 ArrayRef<uint64_t> Run,
                                 ArrayRef<uint64_t> Taken);

/// The code from \p Target (below \p Floor) that leads straight to
/// \p Floor: fall-throughs and forward jumps that ran, and conditional
/// branches whose other way leaves for good (never reaches Floor, nor an
/// indirect jump, again: a copy of the loop's exit test, as a compiler
/// duplicates the latch into a case). Empty when control can go elsewhere
/// on the way (a case that leaves the loop through an enclosing loop's
/// code, which enters it anew).
static SmallVector<size_t, 8> straightRunTo(ArrayRef<DecodedInst> Insts,
                                            size_t Target, size_t Floor,
                                            ArrayRef<uint64_t> Run,
                                            ArrayRef<uint64_t> Taken) {
  SmallVector<size_t, 8> Path;
  auto Leads = [&](std::optional<size_t> N, size_t I) {
    return N && *N > I && *N <= Floor;
  };
  for (size_t I = Target; I < Floor && Run[I];) {
    Path.push_back(I);
    const DecodedInst &D = Insts[I];
    std::optional<size_t> Jump, Fall;
    if (D.IsBranch && Taken[I])
      Jump = instructionAt(Insts, D.Target);
    if (!D.IsIndirectJump && D.FallsThrough &&
        (!isConditional(D) || Run[I] > Taken[I]) && I + 1 < Insts.size() &&
        D.Address + D.Size == Insts[I + 1].Address)
      Fall = I + 1;
    std::optional<size_t> Next = Leads(Jump, I) ? Jump : Fall;
    std::optional<size_t> Other = Next == Jump ? Fall : Jump;
    if (D.IsIndirectJump || !Leads(Next, I) ||
        (Other && closesCycleInWhatRan(Insts, *Other, {Floor}, Run, Taken)))
      return {};
    if (*Next == Floor)
      return Path;
    I = *Next;
  }
  return {};
}

/// The instructions control reaches from \p Head along what ran: those
/// that ran (\p Run), branches taken (\p Taken), fall-throughs that
/// happened (a conditional branch's when it ran more often than it was
/// taken) and the recorded arrivals of indirect jumps (\p Indirect), never
/// below index \p Floor. Below the floor, a case of the loop's own switch
/// is reached too: an indirect jump's target that only indirect jumps reach
/// (every run of it one of theirs, not code also fallen or branched into)
/// and that runs straight to the floor (straightRunTo). Without a record of
/// where an indirect jump went, it is reached but not followed.
static std::vector<bool>
reachedInWhatRan(ArrayRef<DecodedInst> Insts, size_t Head,
                 ArrayRef<uint64_t> Run, ArrayRef<uint64_t> Taken,
                 size_t Floor = 0, ArrayRef<IndirectEdge> Indirect = {}) {
  DenseMap<size_t, uint64_t> IndirectArrivals;
  DenseMap<size_t, SmallVector<size_t, 8>> TargetsOf;
  for (const IndirectEdge &E : Indirect) {
    IndirectArrivals[E.To] += E.Count;
    if (E.Count)
      TargetsOf[E.From].push_back(E.To);
  }
  std::vector<bool> Seen(Insts.size());
  SmallVector<size_t, 64> Work = {Head};
  Seen[Head] = true;
  auto Visit = [&](std::optional<size_t> I) {
    if (!I || *I < Floor || *I >= Insts.size() || Seen[*I] || !Run[*I])
      return;
    Seen[*I] = true;
    Work.push_back(*I);
  };
  while (!Work.empty()) {
    size_t I = Work.pop_back_val();
    const DecodedInst &D = Insts[I];
    if (D.IsBranch && Taken[I])
      Visit(instructionAt(Insts, D.Target));
    if (D.FallsThrough && (!isConditional(D) || Run[I] > Taken[I]) &&
        I + 1 < Insts.size() && D.Address + D.Size == Insts[I + 1].Address)
      Visit(I + 1);
    if (!D.IsIndirectJump)
      continue;
    for (size_t To : TargetsOf.lookup(I)) {
      if (To >= Floor) {
        Visit(To);
        continue;
      }
      if (To >= Insts.size() || IndirectArrivals.lookup(To) < Run[To])
        continue;
      // Its code leads only back to the floor, which is reached already.
      for (size_t K : straightRunTo(Insts, To, Floor, Run, Taken))
        Seen[K] = true;
    }
  }
  return Seen;
}

uint64_t loopEntries(ArrayRef<DecodedInst> Insts, uint64_t Start, uint64_t End,
                     ArrayRef<uint64_t> Run, ArrayRef<uint64_t> Taken,
                     ArrayRef<IndirectEdge> Indirect) {
  std::optional<size_t> Head = instructionAt(Insts, Start);
  if (!Head)
    return 0;
  // The loop's own code: what its start reaches without going below it,
  // and the cases of its own indirect jumps laid out before it.
  std::vector<bool> InLoop =
      reachedInWhatRan(Insts, *Head, Run, Taken, *Head, Indirect);
  uint64_t BackIntoHead = 0, FromOutside = 0;
  for (size_t K = 0; K < Insts.size(); ++K) {
    const DecodedInst &D = Insts[K];
    if (!D.IsBranch || !Taken[K])
      continue;
    bool Inside = D.Address >= Start && D.Address < End;
    // Own code before the head is a case of the loop's dispatch: its jump
    // to the head is the next iteration.
    bool Case = InLoop[K] && D.Address < Start;
    if ((Inside || Case) && D.Target == Start)
      BackIntoHead += Taken[K];
    else if (!Inside && !InLoop[K] && D.Target > Start && D.Target < End)
      FromOutside += Taken[K];
  }
  // An indirect jump from outside enters where it lands in the loop's own
  // code: in the span after the head, or on a case before it.
  for (const IndirectEdge &E : Indirect) {
    const DecodedInst &From = Insts[E.From], &To = Insts[E.To];
    bool FromInside = From.Address >= Start && From.Address < End;
    bool IntoLoop = To.Address < Start ? bool(InLoop[E.To])
                                       : To.Address > Start && To.Address < End;
    if (!FromInside && !InLoop[E.From] && IntoLoop)
      FromOutside += E.Count;
  }
  // Such a case laid out right before the head falls into it.
  if (size_t P = *Head - 1; *Head > 0 && InLoop[P] && Insts[P].FallsThrough &&
                            Insts[P].Address + Insts[P].Size == Start)
    BackIntoHead +=
        isConditional(Insts[P]) ? Run[P] - std::min(Run[P], Taken[P]) : Run[P];
  return Run[*Head] - std::min(Run[*Head], BackIntoHead) + FromOutside;
}

/// True when control entering instruction \p Target can reach one of the
/// instructions \p Sources again along what ran (reachedInWhatRan). The
/// independent judge asks the same of callgrind's counts: after llvm-bolt
/// splits a function, a backward jump can close a cycle only through code
/// that never runs, and is then no loop. An indirect jump may go anywhere:
/// cannot tell, so reaching one closes the cycle.
static bool closesCycleInWhatRan(ArrayRef<DecodedInst> Insts, size_t Target,
                                 ArrayRef<size_t> Sources,
                                 ArrayRef<uint64_t> Run,
                                 ArrayRef<uint64_t> Taken) {
  std::vector<bool> Seen = reachedInWhatRan(Insts, Target, Run, Taken);
  if (llvm::any_of(Sources, [&](size_t S) { return Seen[S]; }))
    return true;
  for (size_t I = 0; I < Insts.size(); ++I)
    if (Seen[I] && Insts[I].IsIndirectJump)
      return true;
  return false;
}

std::vector<JudgedHotLoop>
measureLoops(StringRef Function, uint64_t FunctionAddress,
             ArrayRef<DecodedInst> Insts, function_ref<uint64_t(size_t)> ExecOf,
             function_ref<uint64_t(size_t)> TakenOf, unsigned LineSize,
             ArrayRef<IndirectEdge> Indirect) {
  std::vector<JudgedHotLoop> Out;
  std::vector<Loop> Loops = formLoops(backEdgesOf(Insts, FunctionAddress));
  if (Loops.empty())
    return Out;
  // Every instruction's count and every branch's, once: the cycle test
  // walks the whole function for each loop.
  std::vector<uint64_t> Run(Insts.size()), Taken(Insts.size());
  for (size_t K = 0; K < Insts.size(); ++K) {
    Run[K] = ExecOf(K);
    if (Insts[K].IsBranch)
      Taken[K] = TakenOf(K);
  }
  for (const Loop &L : Loops) {
    JudgedHotLoop J;
    J.Function = Function.str();
    J.FunctionAddress = FunctionAddress;
    J.Start = L.Start;
    J.Branches = L.Branches;
    J.Innermost = L.Innermost;
    // The span ends at the last back edge that ran, as the independent
    // judge's does: one that never ran fetches nothing.
    J.End = L.Start;
    SmallVector<size_t, 2> Ran;
    for (uint64_t B : L.Branches) {
      std::optional<size_t> K = instructionAt(Insts, B);
      if (!K || !Taken[*K])
        continue;
      J.Taken += Taken[*K];
      J.End = std::max(J.End, B + Insts[*K].Size);
      Ran.push_back(*K);
    }
    std::optional<size_t> Head = instructionAt(Insts, L.Start);
    if (J.Taken == 0 ||
        (Head && !closesCycleInWhatRan(Insts, *Head, Ran, Run, Taken)))
      continue;
    J.Entries = loopEntries(Insts, J.Start, J.End, Run, Taken, Indirect);
    J.Iterates = loopIterates(J.Taken, J.Entries);
    std::vector<ByteInterval> Bytes;
    for (size_t K = 0; K < Insts.size(); ++K)
      if (Insts[K].Address >= J.Start && Insts[K].Address < J.End &&
          isHotByte(Run[K], J.Taken))
        Bytes.push_back({Insts[K].Address, Insts[K].Address + Insts[K].Size});
    J.HotBytes = mergeIntervals(std::move(Bytes));
    if (J.HotBytes.empty()) {
      // Counts that contradict the branch's own (a profile of other code):
      // judge what is certainly fetched, the whole span.
      J.HotBytesUnknown = true;
      J.HotBytes = {{J.Start, J.End}};
    }
    J.Lines = linesTouchedAt(J.HotBytes, 0, LineSize);
    J.MinLines = minLinesOverShifts(J.HotBytes, LineSize);
    Out.push_back(std::move(J));
  }
  return Out;
}

void markHotLoops(std::vector<JudgedHotLoop> &Loops, uint64_t MinCount,
                  double HotCoverage) {
  std::vector<LoopTaken> Counts;
  Counts.reserve(Loops.size());
  for (const JudgedHotLoop &L : Loops)
    Counts.push_back({L.Taken, L.Iterates});
  std::vector<bool> Hot =
      hotlayout::markHotLoops(Counts, MinCount, HotCoverage);
  for (size_t K = 0; K < Loops.size(); ++K)
    Loops[K].Hot = Hot[K];
}

/// The taken count of each profiled branch of one function.
using EdgeCounts = std::map<std::pair<uint64_t, uint64_t>, uint64_t>;

static EdgeCounts edgeCounts(const FunctionProfile &P) {
  EdgeCounts E;
  for (const ProfileBranch &B : P.Branches)
    E[{B.From, B.To}] += B.Count;
  return E;
}

/// Judges the binary the profile was recorded on.
static void judgeProfiledBinary(const LoopFinder &Finder,
                                ArrayRef<CodeRange> Ranges,
                                const BranchProfile &Profile,
                                const JudgeOptions &Options, HotLoopReport &R) {
  for (const CodeRange &Range : Ranges) {
    const FunctionProfile *P = Profile.functionProfile(Range);
    if (!P || P->Branches.empty())
      continue;
    std::vector<DecodedInst> Insts = Finder.decode(Range);
    std::vector<uint64_t> Exec = execCounts(Insts, Range.Address, *P);
    EdgeCounts Edges = edgeCounts(*P);
    auto TakenOf = [&](size_t K) {
      auto It = Edges.find(
          {Insts[K].Address - Range.Address, Insts[K].Target - Range.Address});
      return It == Edges.end() ? uint64_t(0) : It->second;
    };
    std::vector<IndirectEdge> Indirect;
    for (const ProfileBranch &B : P->Branches) {
      std::optional<size_t> From = instructionAt(Insts, Range.Address + B.From);
      std::optional<size_t> To = instructionAt(Insts, Range.Address + B.To);
      if (From && To && Insts[*From].IsIndirectJump)
        Indirect.push_back({*From, *To, B.Count});
    }
    auto Loops = measureLoops(
        Range.Name, Range.Address, Insts, [&](size_t K) { return Exec[K]; },
        TakenOf, Options.LineSize, Indirect);
    llvm::append_range(R.Loops, std::move(Loops));
  }
}

namespace {
/// One input function, decoded and counted, for BAT lookups by input offset.
struct InputFunction {
  const FunctionProfile *Profile = nullptr;
  std::vector<DecodedInst> Insts; ///< In address order (decode()'s).
  std::vector<uint64_t> Exec;
  std::map<uint64_t, std::map<uint64_t, uint64_t>> OutEdges; ///< From -> To.
  uint64_t Address = 0;

  /// The instruction at input offset \p Offset.
  std::optional<size_t> indexAt(uint64_t Offset) const {
    return instructionAt(Insts, Address + Offset);
  }

  uint64_t execAt(uint64_t Offset) const {
    std::optional<size_t> K = indexAt(Offset);
    return K ? Exec[*K] : 0;
  }

  /// Where the input branch at \p From went, with its unrecorded
  /// conditional fall-through inferred.
  std::map<uint64_t, uint64_t> successors(uint64_t From) const {
    std::map<uint64_t, uint64_t> S;
    if (auto It = OutEdges.find(From); It != OutEdges.end())
      S = It->second;
    std::optional<size_t> K = indexAt(From);
    if (!K)
      return S;
    const DecodedInst &D = Insts[*K];
    uint64_t FallThrough = From + D.Size;
    if (isConditional(D) && !S.count(FallThrough)) {
      uint64_t Sent = 0;
      for (const auto &E : S)
        Sent += E.second;
      S[FallThrough] = Exec[*K] - std::min(Exec[*K], Sent);
    }
    return S;
  }
};
} // namespace

/// The input function named like \p Hot, decoded and counted; false when
/// the profile or the profiled binary has no such unique function.
static bool loadInputFunction(const LoopFinder &Finder,
                              const StringMap<const CodeRange *> &InputByName,
                              const BranchProfile &Profile,
                              const CodeRange &Hot, InputFunction &F) {
  // A local function whose name others share is found by its place in the
  // symbol table, which llvm-bolt keeps (CodeRange::LocalKey).
  auto It = InputByName.find(Hot.matchName());
  if (It == InputByName.end() || !It->second)
    return false;
  const CodeRange &In = *It->second;
  F.Profile = Profile.functionProfile(In);
  if (!F.Profile)
    return false;
  F.Address = In.Address;
  F.Insts = Finder.decode(In);
  F.Exec = execCounts(F.Insts, In.Address, *F.Profile);
  for (const ProfileBranch &B : F.Profile->Branches)
    F.OutEdges[B.From][B.To] += B.Count;
  return true;
}

/// Times the output branch \p I of \p Frag is taken (see the file comment);
/// nullopt for a jump llvm-bolt added (it has no input instruction: a
/// former fall-through, or the second half of a condition whose both
/// successors moved away), whose count is what falls into it.
static std::optional<uint64_t> outputTaken(const DecodedInst &I,
                                           const BATFragment &Frag,
                                           const InputFunction &F) {
  uint64_t Offset = I.Address - Frag.Address;
  std::optional<uint64_t> Src = Frag.branchAt(Offset);
  // A branch that starts its block has no branch entry of its own.
  if (!Src)
    Src = Frag.blockStartingAt(Offset);
  if (!Src || !F.indexAt(*Src))
    return std::nullopt;
  std::optional<uint64_t> TargetBlock =
      Frag.blockStartingAt(I.Target - Frag.Address);
  if (!TargetBlock)
    return 0;
  std::map<uint64_t, uint64_t> S = F.successors(*Src);
  if (auto It = S.find(*TargetBlock); It != S.end())
    return It->second;
  if (isConditional(I)) {
    // Inverted: taken whenever the input did not go to the fall-through.
    std::optional<uint64_t> FallBlock =
        Frag.blockStartingAt(I.Address + I.Size - Frag.Address);
    if (FallBlock)
      if (auto It = S.find(*FallBlock); It != S.end())
        return F.execAt(*Src) - std::min(F.execAt(*Src), It->second);
    return 0;
  }
  if (std::optional<uint64_t> Block = Frag.blockAt(Offset))
    return F.execAt(*Block);
  return 0;
}

namespace {
/// Execution and taken counts of one output fragment's instructions, from
/// the input function's counts through BAT.
class OutputCounts {
public:
  OutputCounts(ArrayRef<DecodedInst> Insts, const BATFragment &Frag,
               const InputFunction &F)
      : Insts(Insts), Frag(Frag), F(F) {}

  /// How often instruction \p K runs: as often as the input block BAT maps
  /// it to; a jump llvm-bolt added runs whenever it is taken.
  uint64_t exec(size_t K) const {
    if (isAddedJump(K))
      return addedJumpTaken(K);
    std::optional<uint64_t> Block =
        Frag.blockAt(Insts[K].Address - Frag.Address);
    return Block ? F.execAt(*Block) : 0;
  }

  /// How often branch \p K is taken.
  uint64_t taken(size_t K) const {
    if (std::optional<uint64_t> T = outputTaken(Insts[K], Frag, F))
      return *T;
    return addedJumpTaken(K);
  }

  /// Where the fragment's indirect jumps went: the recorded targets of the
  /// input jump each stands for, at the output blocks BAT maps them to in
  /// this fragment (a target moved to another fragment is outside every
  /// loop of this one).
  std::vector<IndirectEdge> indirectEdges() const {
    std::vector<IndirectEdge> Edges;
    std::map<uint64_t, size_t> OutputBlock; // Input offset -> output index.
    for (size_t J = 0; J < Insts.size(); ++J)
      if (std::optional<uint64_t> B =
              Frag.blockStartingAt(Insts[J].Address - Frag.Address))
        OutputBlock.try_emplace(*B, J);
    for (size_t K = 0; K < Insts.size(); ++K) {
      if (!Insts[K].IsIndirectJump)
        continue;
      std::optional<uint64_t> Src = inputIndirectJump(K);
      auto Out = Src ? F.OutEdges.find(*Src) : F.OutEdges.end();
      if (Out == F.OutEdges.end())
        continue;
      for (const auto &[To, Count] : Out->second)
        if (auto It = OutputBlock.find(To); It != OutputBlock.end())
          Edges.push_back({K, It->second, Count});
    }
    return Edges;
  }

private:
  /// The input offset of the indirect jump output instruction \p K stands
  /// for: the one ending the input block BAT maps it to.
  std::optional<uint64_t> inputIndirectJump(size_t K) const {
    uint64_t Offset = Insts[K].Address - Frag.Address;
    std::optional<uint64_t> Src = Frag.branchAt(Offset);
    if (!Src)
      Src = Frag.blockAt(Offset);
    std::optional<size_t> I = Src ? F.indexAt(*Src) : std::nullopt;
    for (size_t J = I.value_or(F.Insts.size()); J < F.Insts.size(); ++J) {
      const DecodedInst &D = F.Insts[J];
      if (D.IsIndirectJump)
        return D.Address - F.Address;
      if (D.IsBranch || !D.FallsThrough)
        break;
    }
    return std::nullopt;
  }

  bool isAddedJump(size_t K) const {
    return Insts[K].IsBranch && !isConditional(Insts[K]) &&
           !outputTaken(Insts[K], Frag, F);
  }

  /// A jump llvm-bolt added stands for an input edge: llvm-bolt keeps
  /// unconditional jumps as edges of its CFG, not as instructions, so BAT
  /// has no entry for them. It is the jump that ends the input block the
  /// added one ends, the lone jump the conditional branch before it fell
  /// into, or that branch's fall-through itself (its condition reversed):
  /// the count the profile recorded for that edge. Else control falls into
  /// it as often as the instruction before runs and does not branch.
  uint64_t addedJumpTaken(size_t K) const {
    std::optional<uint64_t> Target =
        Frag.blockStartingAt(Insts[K].Target - Frag.Address);
    if (Target) {
      std::optional<uint64_t> Block =
          Frag.blockAt(Insts[K].Address - Frag.Address);
      if (Block)
        if (std::optional<uint64_t> N = inputJumpCount(*Block, *Target))
          return *N;
      if (std::optional<uint64_t> Src = inputConditionalBefore(K)) {
        // The input branch's fall-through edge, recorded by the profile
        // (instrumentation records most of them) or inferred.
        uint64_t FallIn = *Src + F.Insts[*F.indexAt(*Src)].Size;
        if (FallIn == *Target)
          return F.successors(*Src)[FallIn];
        if (std::optional<uint64_t> N = inputJumpCount(FallIn, *Target))
          return *N;
      }
    }
    return fallsInto(K);
  }

  /// The recorded count of the input's unconditional jump to \p Target
  /// that ends the straight-line code from input offset \p From, if that
  /// code ends in one.
  std::optional<uint64_t> inputJumpCount(uint64_t From, uint64_t Target) const {
    std::optional<size_t> I = F.indexAt(From);
    for (size_t J = I.value_or(F.Insts.size()); J < F.Insts.size(); ++J) {
      const DecodedInst &D = F.Insts[J];
      if (D.IsBranch && !D.FallsThrough && D.Target - F.Address == Target) {
        auto Edges = F.OutEdges.find(D.Address - F.Address);
        if (Edges == F.OutEdges.end())
          return 0;
        auto It = Edges->second.find(Target);
        return It == Edges->second.end() ? 0 : It->second;
      }
      if (D.IsBranch || !D.FallsThrough)
        break;
    }
    return std::nullopt;
  }

  /// The input offset of the conditional branch output instruction \p K - 1
  /// stands for, when it is one.
  std::optional<uint64_t> inputConditionalBefore(size_t K) const {
    if (K == 0 || !isConditional(Insts[K - 1]))
      return std::nullopt;
    uint64_t Offset = Insts[K - 1].Address - Frag.Address;
    std::optional<uint64_t> Src = Frag.branchAt(Offset);
    if (!Src)
      Src = Frag.blockStartingAt(Offset);
    if (!Src || !F.indexAt(*Src))
      return std::nullopt;
    return Src;
  }

  /// How often control falls from the instruction before \p K into it.
  uint64_t fallsInto(size_t K) const {
    if (K == 0 || Insts[K - 1].Address + Insts[K - 1].Size != Insts[K].Address)
      return exec(K == 0 ? K : K - 1);
    const DecodedInst &P = Insts[K - 1];
    if (!P.FallsThrough)
      return 0;
    uint64_t Runs = exec(K - 1);
    return isConditional(P) ? Runs - std::min(Runs, taken(K - 1)) : Runs;
  }

  ArrayRef<DecodedInst> Insts;
  const BATFragment &Frag;
  const InputFunction &F;
};
} // namespace

/// Judges a BOLT output through its BAT.
static Error judgeThroughBAT(const LoopFinder &Finder,
                             ArrayRef<CodeRange> Ranges,
                             const BoltAddressTranslation &BAT,
                             const BranchProfile &Profile,
                             const JudgeOptions &Options, HotLoopReport &R) {
  RangeSource InSource;
  auto InputRanges = Options.ProfiledBinary->codeRanges(InSource);
  if (!InputRanges)
    return InputRanges.takeError();
  // Names that several input functions share cannot be told apart by name;
  // same-named local functions still can, by LocalKey.
  StringMap<const CodeRange *> InputByName;
  for (const CodeRange &In : *InputRanges) {
    auto Add = [&](StringRef Name) {
      auto [It, New] = InputByName.try_emplace(Name, &In);
      if (!New && It->second != &In)
        It->second = nullptr;
    };
    Add(In.Name);
    for (const std::string &A : In.Aliases)
      Add(A);
    if (!In.LocalKey.empty())
      Add(In.LocalKey);
  }
  DenseMap<uint64_t, const CodeRange *> OutputAt;
  for (const CodeRange &Out : Ranges)
    OutputAt[Out.Address] = &Out;

  std::map<uint64_t, InputFunction> Loaded; // By hot fragment address.
  for (const BATFragment &Frag : BAT.fragments()) {
    const CodeRange *Out = OutputAt.lookup(Frag.Address);
    const CodeRange *Hot = OutputAt.lookup(Frag.HotAddress);
    if (!Out || !Hot)
      continue;
    auto [It, New] = Loaded.try_emplace(Frag.HotAddress);
    if (New &&
        !loadInputFunction(Finder, InputByName, Profile, *Hot, It->second))
      ++R.UnmatchedFunctions;
    const InputFunction &F = It->second;
    if (!F.Profile || F.Profile->Branches.empty())
      continue;
    std::vector<DecodedInst> Insts = Finder.decode(*Out);
    OutputCounts Counts(Insts, Frag, F);
    auto Loops = measureLoops(
        Out->Name, Out->Address, Insts,
        [&](size_t K) { return Counts.exec(K); },
        [&](size_t K) { return Counts.taken(K); }, Options.LineSize,
        Counts.indirectEdges());
    llvm::append_range(R.Loops, std::move(Loops));
  }
  return Error::success();
}

Expected<HotLoopReport> judgeHotLoops(const BinaryFile &File,
                                      const BranchProfile &Profile,
                                      const JudgeOptions &Options) {
  if (Error E = Options.validate())
    return std::move(E);
  HotLoopReport R;
  R.LineSize = Options.LineSize;
  RangeSource Source;
  auto Ranges = File.codeRanges(Source);
  if (!Ranges)
    return Ranges.takeError();
  auto Finder = LoopFinder::create(File.triple());
  if (!Finder)
    return fileError(File.path(),
                     "cannot be disassembled: " + toString(Finder.takeError()));
  if (!File.isBOLTRewritten()) {
    judgeProfiledBinary(**Finder, *Ranges, Profile, Options, R);
  } else {
    auto BAT = BoltAddressTranslation::read(File);
    if (!BAT)
      return BAT.takeError();
    if (!*BAT)
      return fileError(File.path(),
                       "was rewritten by llvm-bolt without -enable-bat: the "
                       "profile's offsets cannot be mapped to its code; "
                       "rerun llvm-bolt with -enable-bat");
    if (!Options.ProfiledBinary)
      return fileError(File.path(),
                       "was rewritten by llvm-bolt: name the binary the "
                       "profile was recorded on (llvm-bolt's input) to map "
                       "it through BAT");
    if (Error E =
            judgeThroughBAT(**Finder, *Ranges, **BAT, Profile, Options, R))
      return std::move(E);
    R.Source = CountSource::BAT;
  }
  llvm::sort(R.Loops, [](const JudgedHotLoop &A, const JudgedHotLoop &B) {
    return A.Start < B.Start;
  });
  markHotLoops(R.Loops, Options.MinCount, Options.HotCoverage);
  return R;
}

} // namespace hotlayout
