//===- FlushSolver.h - flushelim's availability solver ----------*- C++ -*-===//
//
// Internal to passes/FlushElim: the per-function solver of the availability
// analysis (FlushAvailability.h). Its members live in four files, one per
// part of the algorithm:
//  - FlushSolver.cpp: facts of flush sites and callee summaries, the cover
//    matrix, the kill rules, the fixpoint and the decisions (steps 1, 3, 4,
//    5 of FlushAvailability.cpp's summary);
//  - FlushLoopSummary.cpp: loops of line flushes as range flushes, and
//    AArch64's __clear_cache sequence done by hand (step 3);
//  - FlushNarrowPlan.cpp: narrowing plans (step 5);
//  - FlushRanges.cpp (through FlushFacts.h): canonical ranges (step 2).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHELIM_FLUSHSOLVER_H
#define HOTLAYOUT_FLUSHELIM_FLUSHSOLVER_H

#include "FlushFacts.h"
#include "FlushLoopBounds.h"

#include "hotlayout/Support/FlushKinds.h"
#include "hotlayout/Support/RangeAlgebra.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"

#include <optional>
#include <vector>

namespace llvm {
class DominatorTree;
class Function;
class Loop;
class LoopInfo;
} // namespace llvm

namespace hotlayout {
namespace availability {

using llvm::AAResults;
using llvm::DominatorTree;
using llvm::Function;
using llvm::FunctionAnalysisManager;
using llvm::Loop;
using llvm::LoopInfo;

struct AnalysisContext {
  Function &F;
  AAResults &AA;
  MemorySSA &MSSA;
  ScalarEvolution &SE;
  DominatorTree &DT;
  LoopInfo &LI;
  const FlushSummaryMap &Summaries;
  FunctionAnalysisManager &FAM;
};

class FlushAvailabilitySolver {
public:
  FlushAvailabilitySolver(AnalysisContext &Ctx)
      : Ctx(Ctx), DL(Ctx.F.getParent()->getDataLayout()), BAA(Ctx.AA),
        Canon(Ctx.SE, Ctx.MSSA, BAA) {}

  FlushAvailability solve();

private:
  using FactSet = llvm::BitVector;
  using Edge = std::pair<const BasicBlock *, const BasicBlock *>;

  void collectSites(FlushAvailability &Result);
  void addSiteFact(const FlushSite &Site, int Index);
  void addSummaryFacts(CallBase &Call);
  bool addFact(Fact F, Instruction *GenPoint);
  void buildCoverMatrix();

  // Loops of line flushes (step 3).
  const SweepResult &sweepOf(const FlushSite &Site);
  Fact::TestOffsets testOffsetsOf(const LoopSweep &Sweep);
  void addLoopFacts(const FlushSite &Site, const LoopSweep &Sweep,
                    FlushAvailability &Result);
  bool addEdgeFact(Fact F, ArrayRef<Edge> Edges);
  /// A block control enters a loop from, and the block it enters.
  struct WayIn {
    BasicBlock *From;
    const BasicBlock *Into;
  };
  bool waysInto(const Loop &X, const Loop &L, SmallVectorImpl<WayIn> &Ways,
                unsigned Depth) const;
  /// How many earlier loops in a row waysInto looks through.
  static constexpr unsigned MaxEarlierLoops = 4;
  void addSequenceFacts();
  bool loopHasDsb(const Loop &L) const;
  void genSequenceSteps(const Instruction &I, FactSet &State) const;
  void keepSequenceLoops(FlushAvailability &Result) const;
  std::optional<UnsummarisedLoopFlush>
  loopBodyBlocker(const Loop &L, const Fact &F, const FlushSite &Site);
  bool condHoldsAt(Value *Cond, bool Want, const Instruction *At) const;
  bool conditionAllows(const Fact &G, const Fact &S) const;

  FactSet meetPredecessors(const BasicBlock *BB);
  /// The kill reason of \p I for fact \p FI, or none when it survives.
  std::optional<KeptFlush::Reason> killReason(Instruction &I, unsigned FI);
  bool issuedWhileCleanMayBePending(const Fact &F);
  std::optional<KeptFlush::Reason> computeKillReason(Instruction &I,
                                                     const Fact &F);
  std::optional<KeptFlush::Reason> rangeKillReason(Instruction &I,
                                                   const Fact &F);
  std::optional<KeptFlush::Reason> lineKillReason(Instruction &I,
                                                  const Fact &F);
  bool provablyOutsideLines(const MemoryLocation &Acc, const Fact &F);

  struct Observer;
  void transferBlock(const BasicBlock *BB, FactSet &State, Observer *Obs);
  bool runToFixpoint(ArrayRef<const BasicBlock *> RPO);
  void recordDecisions(ArrayRef<const BasicBlock *> RPO,
                       FlushAvailability &Result);
  int pickWitness(const FactSet &State, unsigned SiteFact,
                  const FlushAvailability &Result) const;
  bool reachesWithoutRedefinition(const Fact &Earlier,
                                  const Instruction &To) const;

  // Narrowing (step 5).
  void planNarrowing(unsigned SiteFact, const FactSet &State,
                     FlushAvailability &Result);
  void planRangeNarrowing(unsigned SiteFact, ArrayRef<unsigned> Covers,
                          FlushAvailability &Result);
  bool mayHaveRun(const Fact &G, const Instruction &At) const;
  void planLineSkipping(unsigned SiteFact, ArrayRef<unsigned> Covers,
                        FlushAvailability &Result);
  /// A cover's bounds at a flush: SCEVs, and existing values when there are.
  struct CoverBounds {
    CanonRange Range;
    Value *BeginValue = nullptr, *EndValue = nullptr;
    /// Values that exist only if the (conditional) loop ran.
    SmallVector<Value *, 2> Routed;
  };
  std::optional<CoverBounds> expressibleAt(const Fact &G,
                                           const Instruction &At) const;
  bool expandableAt(const SCEV *S, const Instruction &At,
                    const Fact *IfRan = nullptr,
                    SmallVectorImpl<Value *> *Routed = nullptr) const;
  const SCEV *coveredBytes(const NarrowedFlush &N,
                           ArrayRef<const SCEV *> Canonical,
                           ProvenLessEqual LE) const;

  /// The most covers one narrowing subtracts.
  static constexpr unsigned MaxCovers = 4;

  AnalysisContext &Ctx;
  const llvm::DataLayout &DL;
  BatchAAResults BAA;
  RangeCanonicalizer Canon;

  std::vector<Fact> Facts;
  DenseMap<const Instruction *, SmallVector<unsigned, 1>> GenAt;
  /// Facts that hold on an edge: a loop range on its exit edge, its "if the
  /// loop ran" twin also on the guard's skip edge.
  DenseMap<Edge, SmallVector<unsigned, 2>> GenOnEdge;
  DenseMap<const BasicBlock *, SmallVector<unsigned, 2>> RedefinedAt;
  /// Plain (unconditional) loop-range facts, for the sequence steps.
  SmallVector<unsigned, 4> PlainLoopFacts;
  /// Sequence steps generated at a barrier when their Base fact holds right
  /// before it: SeqCleaned and SeqFenced at a `dsb`, Sequence at an `isb`.
  SmallVector<unsigned, 2> AtDsb, AtIsb;
  /// An `ic ivau` loop range's fact -> the SeqInvalidated facts generated
  /// with it on its exit edges when their Base holds at the latch's end.
  DenseMap<unsigned, SmallVector<unsigned, 1>> AfterLoop;
  /// The barriers of each barrier asm statement, in order.
  DenseMap<const Instruction *, SmallVector<AsmBarrier, 2>> BarriersAt;
  DenseMap<const Instruction *, unsigned> SiteFactOf;
  /// sweepOf's answers, per line flush.
  DenseMap<const CallBase *, SweepResult> Sweeps;
  std::vector<FactSet> CoveredBy;    ///< CoveredBy[f]: facts that cover f.
  std::vector<FactSet> OverlappedBy; ///< Share bytes with f, not covering.
  /// Same domain, shares bytes with site fact f, but of a kind that does
  /// not cover f's (remarks only).
  std::vector<FactSet> WeakerBy;
  DenseMap<const BasicBlock *, FactSet> Out; ///< Absent: not yet reached.
  DenseMap<std::pair<const Instruction *, unsigned>, int8_t> KillCache;
  /// issuedWhileCleanMayBePending's answers, per `ic ivau` call.
  DenseMap<const Instruction *, bool> PendingCleanCache;
  unsigned Queries = 0;
  bool OverBudget = false;
};

} // namespace availability
} // namespace hotlayout

#endif // HOTLAYOUT_FLUSHELIM_FLUSHSOLVER_H
