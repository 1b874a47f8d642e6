//===- FlushBatch.cpp - clflush loops to clflushopt + sfence --------------===//
//
// flushelim-batch (opt-in: -flushelim-batch-clflush, or
// -passes=flushelim-batch) turns a loop that does nothing but clflush
// consecutive cache lines into a clflushopt loop fenced by one sfence before it
// and one after it. clflush executes one line at a time, because each is
// ordered with every other clflush and every write; clflushopt lets the lines
// of a buffer be written back in parallel (4.1 vs 43.6 GB/s measured on a
// Skylake).
//
// Ordering, per the Intel SDM (vol. 2 CLFLUSH/CLFLUSHOPT, vol. 3
// section 8.2.2):
//  - clflush is ordered with writes, with other clflushes, with locked
//    read-modify-writes and with fences. The SDM orders reads with neither
//    instruction (lfence, mfence and locked instructions order them).
//  - clflushopt is ordered with fences, locked read-modify-writes and older
//    writes to the same line only; not with other clflushopts, clflushes, or
//    writes to other lines.
//  - sfence cannot pass earlier writes, clflushes or clflushopts; writes,
//    clflushes and clflushopts cannot pass an earlier sfence.
//
// Why the rewritten loop is equivalent for every observer outside it: the
// loop touches memory only through its flushes (step 2c below), so nothing
// in it, and no other thread or signal handler, can learn how far it got;
// only two facts about the flushes are observable: (a) none of them is
// performed before the writes and flushes that precede the loop, and (b) all
// of them are performed before the writes and flushes that follow it. The
// sfence in the preheader gives (a): it cannot pass the older writes and
// flushes, and no clflushopt can pass it. The sfence at the start of every
// exit block gives (b): it cannot pass any clflushopt of the loop, and no
// later write or flush can pass it. Locked instructions and other fences are
// ordered with clflushopt directly. The only order that is lost, flush k
// before flush k+1 inside the loop, had no write between them for anyone to
// order against (a cache may evict those lines in any order anyway). Reads
// are not ordered with either instruction, so nothing changes for them.
//
// Algorithm, per function:
//  1. Only in a module for x86 (its target triple): clflushopt and sfence
//     exist nowhere else, and the pass must put no x86 intrinsic into code
//     for another target. Find every llvm.x86.sse2.clflush call; group the
//     calls by the innermost loop holding them (calls outside loops are left
//     alone, silently).
//  2. For each such loop, check (first failure -> missed remark, no change):
//     a. the function's "target-features" enable +clflushopt (the last
//        +/-clflushopt entry decides, as in the subtarget);
//     b. the loop has no nested loop and at least one exit;
//     c. every instruction in the loop that may touch memory or have side
//        effects is one of those clflush calls (no load, store, fence,
//        atomic, volatile access, other call or inline asm);
//     d. each clflush address advances by a constant stride s per iteration
//        (FlushLoopBounds.h, the judge flushelim's loop ranges use: an affine
//        add-recurrence of this loop, or `p + zext(i)` of a narrow index its
//        exit test keeps from wrapping), 0 < |s| <= 64, so every line of the
//        swept range is flushed, and its block dominates every latch, so it
//        runs on every iteration ("a loop over consecutive lines"); a clflush
//        that flushelim narrowed (!hotlayout.narrowed) may skip the iterations
//        whose line an earlier loop flushed: the sweep is still whole.
//  3. For each accepted loop (a DEBUG_COUNTER can skip some for bisecting):
//     a. give it a preheader and dedicated exits if it lacks them (as
//        LoopSimplify would: at the end of clang -O2, SimplifyCFG has folded a
//        rotated loop's preheader and exit into the guard block, so most real
//        loops arrive without them); give up if the CFG cannot be split;
//     b. replace each clflush by llvm.x86.clflushopt on the same pointer;
//     c. insert llvm.x86.sse.sfence before the preheader's terminator and at
//        the first insertion point of every exit block.
//
// The pass is idempotent: a batched loop holds no clflush any more, so a
// second run (ThinLTO runs OptimizerLast twice) finds nothing.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/FlushBatch.h"
#include "hotlayout/FlushResults.h"

#include "hotlayout/FlushElimOptions.h"

#include "FlushLoopBounds.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsX86.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/DebugCounter.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <optional>

using namespace llvm;

#define DEBUG_TYPE "flushelim-batch"

STATISTIC(NumLoopsBatched, "Number of clflush loops batched");
STATISTIC(NumFlushesRewritten,
          "Number of clflush calls turned into clflushopt");
STATISTIC(NumFencesInserted, "Number of sfences placed around batched loops");
STATISTIC(NumLoopsRejected, "Number of clflush loops left unbatched");
STATISTIC(NumLoopsReshaped,
          "Number of batched loops given a preheader or dedicated exits");

DEBUG_COUNTER(BatchCounter, "flushelim-batch-transform",
              "Controls which clflush loops flushelim-batch rewrites");

static cl::opt<bool> FlushBatchClflush(
    "flushelim-batch-clflush",
    cl::desc("flushelim: turn loops of clflush over consecutive cache lines "
             "into clflushopt + sfence when the target has clflushopt "
             "(default: off)"),
    cl::init(false), cl::cat(hotlayout::flushElimOptionCategory()));

namespace {

/// A loop that passed every rule of step 2, with what step 3 rewrites.
struct BatchPlan {
  Loop *L;
  SmallVector<CallInst *, 2> Flushes;
  int64_t Stride; ///< Bytes per iteration of the first flush's address.
};

bool isClflush(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  return II && II->getIntrinsicID() == Intrinsic::x86_sse2_clflush;
}

/// Target features are applied in order, later entries overriding earlier
/// ones, so the last +/-clflushopt wins. A feature implied only by
/// "target-cpu" is not looked for: clang always spells the features out.
bool hasClflushopt(const Function &F) {
  Attribute A = F.getFnAttribute("target-features");
  if (!A.isStringAttribute())
    return false;
  SmallVector<StringRef, 16> Features;
  A.getValueAsString().split(Features, ',', /*MaxSplit=*/-1,
                             /*KeepEmpty=*/false);
  bool Has = false;
  for (StringRef Feature : Features) {
    Feature = Feature.trim();
    if (Feature == "+clflushopt")
      Has = true;
    else if (Feature == "-clflushopt")
      Has = false;
  }
  return Has;
}

class LoopChecker {
public:
  LoopChecker(Function &F, ScalarEvolution &SE, DominatorTree &DT, LoopInfo &LI,
              OptimizationRemarkEmitter &ORE)
      : F(F), SE(SE), DT(DT), LI(LI), ORE(ORE) {}

  /// Step 2: the plan for \p L, or nothing (after a missed remark).
  std::optional<BatchPlan> check(Loop &L, ArrayRef<CallInst *> Flushes);

private:
  OptimizationRemarkMissed missed(StringRef Name, const Loop &L,
                                  const Instruction *At) {
    if (At)
      return OptimizationRemarkMissed(DEBUG_TYPE, Name, At);
    return OptimizationRemarkMissed(DEBUG_TYPE, Name, L.getStartLoc(),
                                    L.getHeader());
  }
  std::nullopt_t reject(StringRef Why) {
    ++NumLoopsRejected;
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << F.getName()
                      << ": loop not batched: " << Why << "\n");
    return std::nullopt;
  }
  /// Rule 2c: why \p I may not share a loop with clflushopt, or "" if it may.
  StringRef blockerKind(const Instruction &I);

  Function &F;
  ScalarEvolution &SE;
  DominatorTree &DT;
  LoopInfo &LI;
  OptimizationRemarkEmitter &ORE;
};

StringRef LoopChecker::blockerKind(const Instruction &I) {
  if (isClflush(I) || I.isDebugOrPseudoInst())
    return "";
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    if (CB->isInlineAsm())
      return "inline asm";
    // Any other call may write memory (clflush would keep its writes in
    // order, clflushopt would not) or fence; even a call that provably
    // does neither is rare enough here not to be worth proving.
    return "a call";
  }
  // A write in the loop is ordered with the clflushes around it but not with
  // clflushopt of other lines. Fences and atomics order things clflushopt
  // does too, but they mark loops whose flush order someone relies on.
  if (isa<StoreInst>(I))
    return "a store";
  if (isa<FenceInst>(I))
    return "a fence";
  if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return "an atomic access";
  // Reads are ordered with neither instruction, so a load would be sound;
  // it is still refused to keep the rule "the loop only flushes", which is
  // the rule the equivalence argument in the banner is written for.
  if (isa<LoadInst>(I))
    return "a load";
  if (I.mayReadOrWriteMemory() || I.mayHaveSideEffects())
    return "a memory access";
  return "";
}

std::optional<BatchPlan> LoopChecker::check(Loop &L,
                                            ArrayRef<CallInst *> Flushes) {
  // 2a.
  if (!hasClflushopt(F)) {
    ORE.emit([&] {
      return missed("NoClflushopt", L, Flushes.front())
             << "clflush loop not batched: the function's target-features "
                "lack +clflushopt";
    });
    return reject("no +clflushopt");
  }

  // 2b. A nested loop's blocks are part of this loop: its flushes would be
  // fenced per outer iteration only, and its body is not checked here.
  if (!L.isInnermost()) {
    ORE.emit([&] {
      return missed("NestedLoop", L, Flushes.front())
             << "clflush loop not batched: it contains a nested loop";
    });
    return reject("nested loop");
  }
  SmallVector<BasicBlock *, 4> Exits;
  L.getExitBlocks(Exits);
  if (Exits.empty()) {
    ORE.emit([&] {
      return missed("NoExit", L, Flushes.front())
             << "clflush loop not batched: it has no exit to put the "
                "closing sfence in";
    });
    return reject("no exit");
  }

  // 2c.
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      StringRef Kind = blockerKind(I);
      if (Kind.empty())
        continue;
      ORE.emit([&] {
        auto R =
            missed(isa<CallBase>(I) ? "OtherCall" : "OtherMemoryAccess", L, &I);
        R << "clflush loop not batched: the loop also contains "
          << ore::NV("Blocker", Kind);
        if (const auto *CB = dyn_cast<CallBase>(&I))
          if (const Function *Callee = CB->getCalledFunction())
            R << " to " << ore::NV("Callee", Callee);
        R << ", which clflush orders and clflushopt would not";
        return R;
      });
      return reject(Kind);
    }

  // 2d.
  SmallVector<BasicBlock *, 2> Latches;
  L.getLoopLatches(Latches);
  BatchPlan Plan{&L, {}, 0};
  for (CallInst *Flush : Flushes) {
    // The stride as flushelim's loop ranges see it (FlushLoopBounds.h): the
    // pointer's recurrence, or `p + zext(i)` widened where the exit test
    // keeps the narrow index from wrapping. The trip count is not needed.
    hotlayout::SweepResult Sweep =
        hotlayout::analyseSweep(*Flush, Flush->getArgOperand(0), SE, LI);
    std::optional<int64_t> Step;
    if (Sweep.Sweep)
      Step = Sweep.Sweep->Stride;
    else if (Sweep.Failure &&
             Sweep.Failure->Why == hotlayout::UnsummarisedLoopFlush::TripCount)
      Step = Sweep.Failure->Stride;
    if (!Step) {
      ORE.emit([&] {
        return missed("NotAffine", L, Flush)
               << "clflush loop not batched: the flushed address does not "
                  "advance by a constant stride each iteration";
      });
      return reject("address not an affine add-recurrence");
    }
    int64_t Stride = *Step;
    // 0 < |s| <= 64: a larger stride skips lines and is not the "flush this
    // buffer" pattern the option is for. (Soundness does not depend on it.)
    if (Stride == 0 || Stride < -64 || Stride > 64) {
      ORE.emit([&] {
        return missed("StrideNotConsecutive", L, Flush)
               << "clflush loop not batched: address stride "
               << ore::NV("Stride", Stride)
               << " bytes does not flush consecutive lines (needs "
                  "0 < |stride| <= 64)";
      });
      return reject("stride not consecutive lines");
    }
    // A flush skipped on some iterations leaves lines unflushed: not a
    // sweep over consecutive lines. Unless flushelim narrowed it: it skips
    // exactly the lines an earlier flush loop flushed, and the sweep is
    // whole.
    bool Narrowed = Flush->getMetadata(hotlayout::NarrowedFlushMetadata);
    for (BasicBlock *Latch : Latches)
      if (!Narrowed && !DT.dominates(Flush->getParent(), Latch)) {
        ORE.emit([&] {
          return missed("ConditionalFlush", L, Flush)
                 << "clflush loop not batched: a clflush does not run on "
                    "every iteration";
        });
        return reject("conditional flush");
      }
    if (Plan.Flushes.empty())
      Plan.Stride = Stride;
    Plan.Flushes.push_back(Flush);
  }
  return Plan;
}

/// Step 3a: LoopSimplify's preheader and dedicated exits, only as far as the
/// CFG allows (an indirectbr edge cannot be split).
bool formPreheaderAndExits(Loop &L, DominatorTree &DT, LoopInfo &LI,
                           bool &Changed) {
  if (!L.getLoopPreheader() &&
      InsertPreheaderForLoop(&L, &DT, &LI, /*MSSAU=*/nullptr,
                             /*PreserveLCSSA=*/false))
    Changed = true;
  if (!L.hasDedicatedExits() &&
      formDedicatedExitBlocks(&L, &DT, &LI, /*MSSAU=*/nullptr,
                              /*PreserveLCSSA=*/false))
    Changed = true;
  return L.getLoopPreheader() && L.hasDedicatedExits();
}

} // namespace

namespace hotlayout {

bool isFlushBatchEnabled() { return FlushBatchClflush; }

PreservedAnalyses FlushBatchPass::run(Function &F,
                                      FunctionAnalysisManager &FAM) {
  // Step 1. Cheap scan first: most functions have no clflush at all, and
  // then no analysis is computed.
  if (!Triple(F.getParent()->getTargetTriple()).isX86())
    return PreservedAnalyses::all();
  SmallVector<CallInst *, 8> AllFlushes;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isClflush(I))
        if (auto *CI = dyn_cast<CallInst>(&I))
          AllFlushes.push_back(CI);
  if (AllFlushes.empty())
    return PreservedAnalyses::all();

  auto &LI = FAM.getResult<LoopAnalysis>(F);
  MapVector<Loop *, SmallVector<CallInst *, 2>> ByLoop;
  for (CallInst *CI : AllFlushes)
    if (Loop *L = LI.getLoopFor(CI->getParent()))
      ByLoop[L].push_back(CI);
  if (ByLoop.empty())
    return PreservedAnalyses::all();

  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);

  // Step 2 for every loop before any change, so that SCEV answers come from
  // one unchanged function.
  LoopChecker Checker(F, SE, DT, LI, ORE);
  SmallVector<BatchPlan, 2> Plans;
  for (auto &[L, Flushes] : ByLoop)
    if (std::optional<BatchPlan> Plan = Checker.check(*L, Flushes))
      Plans.push_back(std::move(*Plan));

  // Step 3.
  bool Changed = false, CFGChanged = false;
  for (BatchPlan &Plan : Plans) {
    Loop &L = *Plan.L;
    if (!DebugCounter::shouldExecute(BatchCounter)) {
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << F.getName() << ": loop at "
                        << L.getHeader()->getName()
                        << " skipped by debug counter\n");
      continue;
    }
    bool Reshaped = false;
    if (!formPreheaderAndExits(L, DT, LI, Reshaped)) {
      CFGChanged |= Reshaped;
      Changed |= Reshaped;
      ++NumLoopsRejected;
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NoPreheaderOrExits",
                                        L.getStartLoc(), L.getHeader())
               << "clflush loop not batched: it cannot be given a preheader "
                  "and dedicated exits for the sfences";
      });
      LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << F.getName()
                        << ": loop not batched: cannot split its edges\n");
      continue;
    }
    if (Reshaped) {
      CFGChanged = true;
      ++NumLoopsReshaped;
    }

    for (CallInst *Flush : Plan.Flushes) {
      IRBuilder<> B(Flush);
      Value *Ptr = Flush->getArgOperand(0);
      CallInst *Opt =
          B.CreateIntrinsic(Intrinsic::x86_clflushopt, ArrayRef<Type *>(),
                            ArrayRef<Value *>(Ptr));
      Opt->setDebugLoc(Flush->getDebugLoc());
      // flushelim must not narrow what it narrowed before (ThinLTO runs both
      // passes twice).
      if (MDNode *MD = Flush->getMetadata(hotlayout::NarrowedFlushMetadata))
        Opt->setMetadata(hotlayout::NarrowedFlushMetadata, MD);
      Flush->eraseFromParent();
      ++NumFlushesRewritten;
    }

    // Before: orders every older write and flush before the first
    // clflushopt. After: orders every clflushopt before anything younger.
    unsigned Fences = 0;
    IRBuilder<> B(L.getLoopPreheader()->getTerminator());
    B.CreateIntrinsic(Intrinsic::x86_sse_sfence, ArrayRef<Type *>(),
                      ArrayRef<Value *>());
    ++Fences;
    SmallVector<BasicBlock *, 4> Exits;
    L.getUniqueExitBlocks(Exits);
    for (BasicBlock *Exit : Exits) {
      B.SetInsertPoint(Exit, Exit->getFirstInsertionPt());
      B.CreateIntrinsic(Intrinsic::x86_sse_sfence, ArrayRef<Type *>(),
                        ArrayRef<Value *>());
      ++Fences;
    }
    NumFencesInserted += Fences;
    ++NumLoopsBatched;
    Changed = true;

    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << F.getName() << ": batched "
                      << Plan.Flushes.size() << " clflush in loop at "
                      << L.getHeader()->getName() << ", stride " << Plan.Stride
                      << ", " << Fences << " sfences\n");
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "Batched", L.getStartLoc(),
                                L.getHeader())
             << "batched " << ore::NV("Flushes", Plan.Flushes.size())
             << " clflush into clflushopt (address stride "
             << ore::NV("Stride", Plan.Stride) << " bytes) with "
             << ore::NV("Fences", Fences) << " sfences around the loop";
    });
  }

  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  // Splitting edges keeps the dominator tree and loop info up to date.
  PA.preserve<DominatorTreeAnalysis>();
  PA.preserve<LoopAnalysis>();
  if (!CFGChanged)
    PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace hotlayout
