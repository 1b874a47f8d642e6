//===- LayoutLoops.cpp - The definition's loops in a laid-out function ----===//
//
// 1. Number the blocks in layout order.
// 2. Every direct branch of a block's terminators to a block at or before it
//    that runs is a back jump; group them by target.
// 3. Keep a target's jumps when the target reaches their block through
//    blocks that run (they close a cycle), as the judge does: both lie in
//    one strongly connected component of the blocks that run, found once
//    per function (a walk per target made hotalign grow with loops x
//    blocks: 80% of its time on Lua's luaV_execute).
// 4. Per loop: span, count, entries, hot blocks, how often the block before
//    it falls into it; then the nesting of spans. Entries leave out the
//    loop's own code, which includes the cases of its jump tables laid out
//    before its target that run straight to it (countSpanEntries); an
//    indirect branch it cannot follow there is recorded, not guessed at.
//
//===----------------------------------------------------------------------===//

#include "LayoutLoops.h"

#include "hotlayout/Support/HotLoopRules.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineBlockFrequencyInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineJumpTableInfo.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

using namespace llvm;

namespace hotlayout {

double LayoutLoop::perEntry() const {
  return double(Taken.getFrequency()) /
         double(std::max<uint64_t>(Entries.getFrequency(), 1));
}

double LayoutLoop::perFallIn() const {
  uint64_t E = FallIn.getFrequency();
  // A loop only ever entered by jumps never runs the padding.
  return E ? double(Taken.getFrequency()) / double(E) : HUGE_VAL;
}

LayoutCounts::~LayoutCounts() = default;

BlockFrequency FrequencyCounts::block(const MachineBasicBlock &MBB) const {
  return MBFI().getBlockFreq(&MBB);
}

// Every successor entry to \p To (a block may list one twice).
BlockFrequency FrequencyCounts::edge(const MachineBasicBlock &From,
                                     const MachineBasicBlock &To) const {
  BlockFrequency F(0);
  for (auto It = From.succ_begin(), E = From.succ_end(); It != E; ++It)
    if (*It == &To)
      F += MBFI().getBlockFreq(&From) * From.getSuccProbability(It);
  return F;
}

BlockFrequency FrequencyCounts::entry() const {
  return BlockFrequency(MBFI().getEntryFreq());
}

namespace {

/// \p Counts, each block and edge asked of it once: findLayoutLoops asks
/// the same edges again per loop and per case (Lua's luaV_execute: 72 k
/// edge counts, each a walk over a dispatch's hundred successors and a
/// frequency lookup, a third of hotalign's time there).
class MemoCounts final : public LayoutCounts {
public:
  explicit MemoCounts(const LayoutCounts &Counts) : Counts(Counts) {}
  BlockFrequency block(const MachineBasicBlock &MBB) const override {
    auto [It, New] = Blocks.try_emplace(&MBB);
    if (New)
      It->second = Counts.block(MBB);
    return It->second;
  }
  BlockFrequency edge(const MachineBasicBlock &From,
                      const MachineBasicBlock &To) const override {
    auto [It, New] = Edges.try_emplace({&From, &To});
    if (New)
      It->second = Counts.edge(From, To);
    return It->second;
  }
  BlockFrequency entry() const override { return Counts.entry(); }

private:
  const LayoutCounts &Counts;
  mutable DenseMap<const MachineBasicBlock *, BlockFrequency> Blocks;
  mutable DenseMap<
      std::pair<const MachineBasicBlock *, const MachineBasicBlock *>,
      BlockFrequency>
      Edges;
};

/// Does \p MBB end in an indirect branch (a jump table's, a computed
/// goto's)? Its arrival at a loop's target is no back jump: the judge
/// counts it as an entry.
bool endsIndirect(const MachineBasicBlock &MBB) {
  return llvm::any_of(MBB.terminators(), [](const MachineInstr &MI) {
    return MI.isIndirectBranch();
  });
}

/// No component: a block that does not run.
constexpr unsigned NoComponent = ~0u;

/// Step 3, once per function: the strongly connected components of the
/// blocks that run (frequency not 0; edges between them), by layout index
/// (Tarjan's algorithm, iterative). A back jump From -> Target whose edge
/// runs closes a cycle through blocks that run exactly when both lie in one
/// component: Target then reaches From through them.
std::vector<unsigned>
runningComponents(ArrayRef<const MachineBasicBlock *> Layout,
                  const DenseMap<const MachineBasicBlock *, unsigned> &Index,
                  const LayoutCounts &Counts) {
  const unsigned N = Layout.size();
  std::vector<unsigned> Component(N, NoComponent);
  std::vector<unsigned> Order(N, 0), Low(N, 0);
  std::vector<bool> Running(N), OnStack(N, false);
  for (unsigned I = 0; I < N; ++I)
    Running[I] = Counts.block(*Layout[I]) != BlockFrequency(0);
  SmallVector<unsigned, 64> Stack;
  // A frame of the depth-first walk: the block and its next successor.
  SmallVector<std::pair<unsigned, unsigned>, 64> Frames;
  unsigned Visited = 0, Components = 0;
  for (unsigned Root = 0; Root < N; ++Root) {
    if (!Running[Root] || Order[Root])
      continue;
    Frames.push_back({Root, 0});
    while (!Frames.empty()) {
      auto &[V, Next] = Frames.back();
      if (Next == 0) {
        Order[V] = Low[V] = ++Visited;
        Stack.push_back(V);
        OnStack[V] = true;
      }
      const MachineBasicBlock *MBB = Layout[V];
      if (Next < MBB->succ_size()) {
        unsigned W = Index.lookup(*(MBB->succ_begin() + Next++));
        if (!Running[W])
          continue;
        if (!Order[W])
          Frames.push_back({W, 0});
        else if (OnStack[W])
          Low[V] = std::min(Low[V], Order[W]);
        continue;
      }
      unsigned Done = V;
      Frames.pop_back();
      if (!Frames.empty())
        Low[Frames.back().first] =
            std::min(Low[Frames.back().first], Low[Done]);
      if (Low[Done] != Order[Done])
        continue;
      unsigned W;
      do {
        W = Stack.pop_back_val();
        OnStack[W] = false;
        Component[W] = Components;
      } while (W != Done);
      ++Components;
    }
  }
  return Component;
}

/// A dispatch's cases that a loop laid out after them may own
/// (countSpanEntries): the blocks only indirect branches reach, by layout
/// index, ascending; when the dispatch can be followed (Follows: through a
/// jump table whose arrivals were counted), only those it runs to.
struct DispatchCases {
  bool Follows = false;
  SmallVector<unsigned, 16> Cases;
};

/// What every loop of one function shares when its entries are counted:
/// the layout, its running components (step 3), and the blocks that end in
/// an indirect branch, with whether it goes through a jump table.
struct FunctionLayout {
  ArrayRef<const MachineBasicBlock *> Layout;
  const DenseMap<const MachineBasicBlock *, unsigned> &Index;
  ArrayRef<unsigned> Component;
  const LayoutCounts &Counts;
  /// Layout indices of the blocks that end in an indirect branch, each with
  /// whether its successors are one jump table's destinations.
  SmallVector<std::pair<unsigned, bool>, 8> Dispatches;
  /// By layout index: does the block end in an indirect branch?
  std::vector<bool> EndsIndirect;
  /// By layout index: can control reach an indirect branch that runs from
  /// here, along blocks that run (reachingAny; once per function, not per
  /// case: Lua's luaV_execute has hundreds of computed gotos).
  std::vector<bool> ReachesIndirect;
  /// What every loop of the function asks again of the same counts, asked
  /// once per function: Lua's luaV_execute, a hundred loops over the same
  /// eighty computed gotos of eighty cases each, asked it once per loop and
  /// case (94 k edge counts, then 800 k case lookups).
  /// Per block: onlyIndirectArrivals.
  using BlockFlags = DenseMap<const MachineBasicBlock *, bool>;
  mutable BlockFlags OnlyIndirect = BlockFlags();
  /// Per position in Dispatches: casesOf.
  mutable std::vector<std::optional<DispatchCases>> CasesOf =
      std::vector<std::optional<DispatchCases>>();
  /// By layout index: the layout indices of the predecessors whose edge to
  /// the block runs, and of the successors that run (runningPredecessors,
  /// runningSuccessors: for every walk).
  using Adjacency = std::vector<SmallVector<unsigned, 4>>;
  mutable Adjacency RunningPreds = Adjacency();
  mutable Adjacency RunningSuccs = Adjacency();
};

/// FL.RunningPreds, filled on the first walk backwards.
ArrayRef<SmallVector<unsigned, 4>>
runningPredecessors(const FunctionLayout &FL) {
  if (FL.RunningPreds.empty()) {
    FL.RunningPreds.resize(FL.Layout.size());
    for (unsigned N = 0; N < FL.Layout.size(); ++N)
      for (const MachineBasicBlock *Pred : FL.Layout[N]->predecessors())
        if (FL.Counts.edge(*Pred, *FL.Layout[N]) != BlockFrequency(0))
          FL.RunningPreds[N].push_back(FL.Index.lookup(Pred));
  }
  return FL.RunningPreds;
}

/// FL.RunningSuccs, filled on the first walk forwards.
ArrayRef<SmallVector<unsigned, 4>> runningSuccessors(const FunctionLayout &FL) {
  if (FL.RunningSuccs.empty()) {
    FL.RunningSuccs.resize(FL.Layout.size());
    for (unsigned N = 0; N < FL.Layout.size(); ++N)
      for (const MachineBasicBlock *Succ : FL.Layout[N]->successors())
        if (FL.Counts.block(*Succ) != BlockFrequency(0))
          FL.RunningSuccs[N].push_back(FL.Index.lookup(Succ));
  }
  return FL.RunningSuccs;
}

/// By layout index: the blocks the block at \p From reaches through blocks
/// that run laid out at or after \p Floor (itself included).
std::vector<bool> reachable(unsigned From, unsigned Floor,
                            const FunctionLayout &FL) {
  ArrayRef<SmallVector<unsigned, 4>> Succs = runningSuccessors(FL);
  std::vector<bool> Seen(FL.Layout.size(), false);
  SmallVector<unsigned, 32> Todo{From};
  Seen[From] = true;
  while (!Todo.empty())
    for (unsigned S : Succs[Todo.pop_back_val()])
      if (S >= Floor && !Seen[S]) {
        Seen[S] = true;
        Todo.push_back(S);
      }
  return Seen;
}

/// By layout index: the blocks from which control reaches one of \p To
/// along blocks that run (each of \p To included): a walk backwards.
std::vector<bool> reachingAny(ArrayRef<const MachineBasicBlock *> To,
                              const FunctionLayout &FL) {
  ArrayRef<SmallVector<unsigned, 4>> Preds = runningPredecessors(FL);
  std::vector<bool> Seen(FL.Layout.size(), false);
  SmallVector<unsigned, 32> Todo;
  for (const MachineBasicBlock *MBB : To)
    if (!Seen[FL.Index.lookup(MBB)]) {
      Seen[FL.Index.lookup(MBB)] = true;
      Todo.push_back(FL.Index.lookup(MBB));
    }
  while (!Todo.empty())
    for (unsigned P : Preds[Todo.pop_back_val()])
      if (!Seen[P]) {
        Seen[P] = true;
        Todo.push_back(P);
      }
  return Seen;
}

/// Does \p MBB's indirect branch go through one of its function's jump
/// tables (a lowered switch)? Its successors are then exactly one table's
/// destinations, wherever the table's address was computed (Machine LICM
/// hoists it out of the loop that dispatches). Any other indirect branch (a
/// computed goto) lists every block whose address its function takes: which
/// of them a given jump reaches, the code does not say.
bool dispatchesThroughJumpTable(const MachineBasicBlock &MBB) {
  const MachineJumpTableInfo *JTI = MBB.getParent()->getJumpTableInfo();
  if (!JTI || MBB.succ_empty())
    return false;
  SmallPtrSet<const MachineBasicBlock *, 16> Succs(MBB.succ_begin(),
                                                   MBB.succ_end());
  return llvm::any_of(JTI->getJumpTables(), [&](const auto &JT) {
    SmallPtrSet<const MachineBasicBlock *, 16> Dests(JT.MBBs.begin(),
                                                     JT.MBBs.end());
    return Dests.size() == Succs.size() &&
           llvm::all_of(Dests, [&](const MachineBasicBlock *D) {
             return Succs.count(D) != 0;
           });
  });
}

/// The blocks from \p Case, laid out before \p Head, that run straight to
/// it, as the judge walks a case of the loop's switch (straightRunTo): each
/// goes on to a block laid out after it and not after Head, and its other
/// ways out that run leave for good (a copy of the loop's exit test, as
/// tail duplication puts into a case). Empty when control can go elsewhere
/// on the way (back into an enclosing loop, which enters this one anew).
/// \p ReachesHead: by layout index, can control reach Head along blocks
/// that run (reachingAny). A way out that can reach Head again, or an
/// indirect branch (which may go anywhere), may come back.
SmallVector<const MachineBasicBlock *, 4>
straightRunTo(const MachineBasicBlock *Case, const MachineBasicBlock *Head,
              const FunctionLayout &FL, const std::vector<bool> &ReachesHead) {
  const unsigned Floor = FL.Index.lookup(Head);
  SmallVector<const MachineBasicBlock *, 4> Path;
  const MachineBasicBlock *MBB = Case;
  while (FL.Index.lookup(MBB) < Floor &&
         FL.Counts.block(*MBB) != BlockFrequency(0)) {
    unsigned At = FL.Index.lookup(MBB);
    if (FL.EndsIndirect[At])
      return {};
    Path.push_back(MBB);
    SmallVector<const MachineBasicBlock *, 2> Ran;
    for (const MachineBasicBlock *Succ : MBB->successors())
      if (!llvm::is_contained(Ran, Succ) &&
          FL.Counts.edge(*MBB, *Succ) != BlockFrequency(0))
        Ran.push_back(Succ);
    // Of two ways on, the judge takes the jump before the fall.
    const MachineBasicBlock *Next = nullptr;
    for (const MachineBasicBlock *Succ : Ran) {
      unsigned To = FL.Index.lookup(Succ);
      if (To > At && To <= Floor && (!Next || To != At + 1))
        Next = Succ;
    }
    if (!Next)
      return {};
    for (const MachineBasicBlock *Other : Ran) {
      unsigned O = FL.Index.lookup(Other);
      if (Other != Next && (ReachesHead[O] || FL.ReachesIndirect[O]))
        return {};
    }
    if (Next == Head)
      return Path;
    MBB = Next;
  }
  return {};
}

/// Is every run of \p MBB an arrival of an indirect branch (no fall, no
/// direct branch, no call into it)? Only then is it a case that its
/// switch alone reaches.
bool onlyIndirectArrivals(const MachineBasicBlock &MBB,
                          const FunctionLayout &FL) {
  return !MBB.isEntryBlock() &&
         llvm::all_of(MBB.predecessors(), [&](const MachineBasicBlock *Pred) {
           return FL.EndsIndirect[FL.Index.lookup(Pred)] ||
                  FL.Counts.edge(*Pred, MBB) == BlockFrequency(0);
         });
}

/// onlyIndirectArrivals(\p MBB), asked once per function.
bool onlyIndirectArrivalsOf(const MachineBasicBlock &MBB,
                            const FunctionLayout &FL) {
  auto [It, New] = FL.OnlyIndirect.try_emplace(&MBB, false);
  if (New)
    It->second = onlyIndirectArrivals(MBB, FL);
  return It->second;
}

/// Were \p Dispatch's arrivals counted? One that runs but whose arrivals
/// were not (a loop profile without them) says nothing of where it went
/// either.
bool dispatchCounted(const MachineBasicBlock &Dispatch,
                     const FunctionLayout &FL) {
  return llvm::any_of(Dispatch.successors(), [&](const MachineBasicBlock *S) {
    return FL.Counts.edge(Dispatch, *S) != BlockFrequency(0);
  });
}

/// The \p D th dispatch's cases (DispatchCases), found once per function.
const DispatchCases &casesOf(size_t D, const FunctionLayout &FL) {
  if (FL.CasesOf.empty())
    FL.CasesOf.resize(FL.Dispatches.size());
  std::optional<DispatchCases> &Out = FL.CasesOf[D];
  if (Out)
    return *Out;
  auto [At, ThroughTable] = FL.Dispatches[D];
  const MachineBasicBlock &Dispatch = *FL.Layout[At];
  Out.emplace();
  Out->Follows = ThroughTable && dispatchCounted(Dispatch, FL);
  for (const MachineBasicBlock *Case : Dispatch.successors())
    if ((!Out->Follows ||
         FL.Counts.edge(Dispatch, *Case) != BlockFrequency(0)) &&
        onlyIndirectArrivalsOf(*Case, FL))
      Out->Cases.push_back(FL.Index.lookup(Case));
  llvm::sort(Out->Cases);
  Out->Cases.erase(llvm::unique(Out->Cases), Out->Cases.end());
  return *Out;
}

/// How often control comes into the loop whose span is layout positions
/// [\p First, \p Last] of \p FL's layout from outside it, as the judge
/// counts it (HotLoopJudge.h, loopEntries), and what of the loop's own
/// control flow hotalign could not follow (\p L's Unfollowed). Entries are
/// edges into the span from blocks that are not the loop's own, and the
/// function's entry when the span holds it. The loop's own blocks are
/// those its target reaches through blocks that run, laid out at or after
/// it (an inner loop or a cold block placed after the span that jumps back
/// continues the loop), and the cases of its own jump tables laid out
/// before it that run straight to its target (straightRunTo): their fall
/// or jump to the target is the next iteration, not an entry (RandomX's
/// executeSuperscalar, where a block order put seven of its switch's cases
/// and their shared copy of the loop test before the dispatch: 45.9 M of
/// its 46 M arrivals). At the target every other arrival but a direct back
/// jump enters; further in, a branch or fall from code not the loop's own.
void countSpanEntries(LayoutLoop &L, const FunctionLayout &FL, unsigned First,
                      unsigned Last) {
  const MachineBasicBlock *Head = FL.Layout[First];
  std::vector<bool> Reach;
  auto IsOwnAfter = [&](const MachineBasicBlock *MBB) {
    if (Reach.empty())
      Reach = reachable(First, First, FL);
    return Reach[FL.Index.lookup(MBB)];
  };
  // The loop's jump tables' cases laid out before it. A dispatch that can
  // reach a case running to the target lies in the target's component
  // (the case then closes a cycle through it): only those are walked.
  SmallPtrSet<const MachineBasicBlock *, 8> Cases;
  std::vector<bool> ReachesHead;
  unsigned HeadComponent = FL.Component[First];
  for (size_t D = 0; D < FL.Dispatches.size(); ++D) {
    auto [At, ThroughTable] = FL.Dispatches[D];
    if (At < First ||
        (HeadComponent != NoComponent && FL.Component[At] != HeadComponent))
      continue;
    const MachineBasicBlock *Dispatch = FL.Layout[At];
    const DispatchCases &Own = casesOf(D, FL);
    bool Follows = Own.Follows;
    // One branch that cannot be followed is named; the rest change nothing.
    if (!Follows && L.Unfollowed)
      continue;
    for (unsigned C : Own.Cases) {
      if (C >= First)
        break;
      const MachineBasicBlock *Case = FL.Layout[C];
      if (Cases.count(Case))
        continue;
      if (ReachesHead.empty())
        ReachesHead = reachingAny({Head}, FL);
      SmallVector<const MachineBasicBlock *, 4> Path =
          straightRunTo(Case, Head, FL, ReachesHead);
      if (Path.empty() || !IsOwnAfter(Dispatch))
        continue;
      if (!Follows) {
        // Its arrivals stay entries, as before: said, not guessed.
        if (!L.Unfollowed) {
          L.Unfollowed = Dispatch;
          L.UnfollowedHasTable = ThroughTable;
        }
        continue;
      }
      Cases.insert(Path.begin(), Path.end());
    }
  }
  auto IsOwn = [&](const MachineBasicBlock *MBB) {
    return FL.Index.lookup(MBB) < First ? Cases.count(MBB) != 0
                                        : IsOwnAfter(MBB);
  };
  BlockFrequency In(0);
  for (unsigned N = First; N <= Last; ++N) {
    const MachineBasicBlock *MBB = FL.Layout[N];
    if (MBB->isEntryBlock())
      In += FL.Counts.entry();
    for (const MachineBasicBlock *Pred : MBB->predecessors()) {
      unsigned P = FL.Index.lookup(Pred);
      bool InSpan = P >= First && P <= Last;
      bool Enters =
          N == First ? (!InSpan || FL.EndsIndirect[P]) && Cases.count(Pred) == 0
                     : !InSpan && !IsOwn(Pred);
      if (!Enters)
        continue;
      In += FL.Counts.edge(*Pred, *MBB);
    }
  }
  // An indirect branch from code not the loop's own lands on one of its
  // cases: the first dispatch, entering the loop.
  for (const MachineBasicBlock *Case : Cases)
    for (const MachineBasicBlock *Pred : Case->predecessors()) {
      unsigned P = FL.Index.lookup(Pred);
      if (FL.EndsIndirect[P] && !(P >= First && P <= Last) && !IsOwn(Pred))
        In += FL.Counts.edge(*Pred, *Case);
    }
  for (const MachineBasicBlock *Case : Cases)
    L.CaseArrivals += FL.Counts.edge(*Case, *Head);
  L.Entries = In;
}

/// One back jump: its block, and the last terminator of it that jumps back.
struct BackJump {
  const MachineBasicBlock *From;
  const MachineInstr *Branch;
};

/// Step 2: the direct branches of \p MBB's terminators and their targets
/// (the last branch to each target).
SmallVector<std::pair<MachineBasicBlock *, const MachineInstr *>, 2>
directTargets(const MachineBasicBlock &MBB) {
  SmallVector<std::pair<MachineBasicBlock *, const MachineInstr *>, 2> Out;
  for (const MachineInstr &MI : MBB.terminators()) {
    if (!MI.isBranch() || MI.isIndirectBranch())
      continue;
    for (const MachineOperand &MO : MI.operands()) {
      if (!MO.isMBB() || !MBB.isSuccessor(MO.getMBB()))
        continue;
      auto *Found = llvm::find_if(
          Out, [&](const auto &P) { return P.first == MO.getMBB(); });
      if (Found != Out.end())
        Found->second = &MI;
      else
        Out.push_back({MO.getMBB(), &MI});
    }
  }
  return Out;
}

} // namespace

bool fallsThrough(const MachineBasicBlock &Prev,
                  const MachineBasicBlock &Next) {
  if (!Prev.isSuccessor(&Next))
    return false;
  for (const MachineInstr &MI : Prev.terminators())
    if (MI.isBranch())
      for (const MachineOperand &MO : MI.operands())
        if (MO.isMBB() && MO.getMBB() == &Next)
          return false;
  return true;
}

std::vector<LayoutLoop> findLayoutLoops(const MachineFunction &MF,
                                        const LayoutCounts &Asked) {
  const MemoCounts Counts(Asked);
  // Step 1.
  DenseMap<const MachineBasicBlock *, unsigned> Index;
  SmallVector<const MachineBasicBlock *, 64> Layout;
  for (const MachineBasicBlock &MBB : MF) {
    Index[&MBB] = Layout.size();
    Layout.push_back(&MBB);
  }
  // Step 2, in layout order of the jumps, so each target's last jump comes
  // last.
  MapVector<MachineBasicBlock *, SmallVector<BackJump, 2>> ByTarget;
  for (const MachineBasicBlock *MBB : Layout)
    for (auto [To, Branch] : directTargets(*MBB))
      if (Index.lookup(To) <= Index.lookup(MBB) &&
          Counts.edge(*MBB, *To) != BlockFrequency(0))
        ByTarget[To].push_back({MBB, Branch});

  std::vector<LayoutLoop> Loops;
  std::vector<unsigned> Component;
  if (!ByTarget.empty())
    Component = runningComponents(Layout, Index, Counts);
  FunctionLayout FL{Layout, Index, Component, Counts, {}, {}, {}};
  if (!ByTarget.empty()) {
    SmallVector<const MachineBasicBlock *, 8> Running;
    FL.EndsIndirect.resize(Layout.size());
    for (unsigned N = 0; N < Layout.size(); ++N)
      if ((FL.EndsIndirect[N] = endsIndirect(*Layout[N]))) {
        FL.Dispatches.push_back({N, dispatchesThroughJumpTable(*Layout[N])});
        if (Counts.block(*Layout[N]) != BlockFrequency(0))
          Running.push_back(Layout[N]);
      }
    if (!FL.Dispatches.empty())
      FL.ReachesIndirect = reachingAny(Running, FL);
  }
  for (auto &[Target, Jumps] : ByTarget) {
    // Step 3. A jump's edge runs, so its block does; a target that does
    // not run (frequencies that do not add up) is walked from, as before.
    unsigned TargetComponent = Component[Index.lookup(Target)];
    std::vector<bool> Reach;
    if (TargetComponent == NoComponent)
      Reach = reachable(Index.lookup(Target), 0, FL);
    auto ClosesCycle = [&](const MachineBasicBlock *From) {
      return TargetComponent == NoComponent
                 ? bool(Reach[Index.lookup(From)])
                 : Component[Index.lookup(From)] == TargetComponent;
    };
    LayoutLoop L;
    L.Target = Target;
    unsigned Last = 0;
    for (const BackJump &J : Jumps) {
      if (!ClosesCycle(J.From))
        continue;
      L.Taken += Counts.edge(*J.From, *Target);
      if (Index.lookup(J.From) >= Last) {
        Last = Index.lookup(J.From);
        L.LastJump = J.Branch;
      }
    }
    if (!L.LastJump)
      continue;
    // Step 4.
    unsigned First = Index.lookup(Target);
    for (unsigned N = First; N <= Last; ++N) {
      const MachineBasicBlock *MBB = Layout[N];
      L.Span.push_back(MBB);
      L.Hot.push_back(
          isHotByte(Counts.block(*MBB).getFrequency(), L.Taken.getFrequency()));
    }
    countSpanEntries(L, FL, First, Last);
    if (First > 0 && fallsThrough(*Layout[First - 1], *Target))
      L.FallIn = Counts.edge(*Layout[First - 1], *Target);
    Loops.push_back(std::move(L));
  }
  // Outer spans first: by first block, then the longer span.
  llvm::sort(Loops, [&](const LayoutLoop &A, const LayoutLoop &B) {
    unsigned AF = Index.lookup(A.Target), BF = Index.lookup(B.Target);
    if (AF != BF)
      return AF < BF;
    return A.Span.size() > B.Span.size();
  });
  for (size_t C = 0; C < Loops.size(); ++C) {
    unsigned CF = Index.lookup(Loops[C].Target);
    unsigned CL = CF + Loops[C].Span.size() - 1;
    // The innermost holder starts last among those before C.
    for (size_t P = C; P-- > 0;) {
      unsigned PF = Index.lookup(Loops[P].Target);
      unsigned PL = PF + Loops[P].Span.size() - 1;
      if (PF <= CF && CL <= PL) {
        Loops[C].Parent = int(P);
        break;
      }
    }
  }
  return Loops;
}

} // namespace hotlayout
