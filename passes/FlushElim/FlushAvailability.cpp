//===- FlushAvailability.cpp - Which flushes are already done -------------===//
//
// The analysis half of flushelim: for each cache-flush call, is an earlier
// flush of the same or a containing range available on every path to it? If
// only part of its range is, what is left to flush?
//
// Flush primitives carry only `nounwind`, so LLVM treats each as reading and
// writing all memory: -O2 keeps every duplicate, and a pointer reloaded after
// a flush is a new value to it. This analysis knows better: a flush writes
// nothing the program can see.
//
// Algorithm, per function (callees first, so call sites can use summaries):
//  1. Decode the flush calls (FlushKinds table). Give up past
//     -flushelim-max-sites; the function then keeps every flush.
//  2. Canonicalise each range into SCEVs. A load is replaced by a
//     representative load of the same canonical address whose clobbering
//     memory state (MemorySSA, skipping flushes and flush-neutral calls) is
//     the same, so `j->code` reloaded after a flush names the same range.
//  3. Build one fact per flush (and per callee-summary entry at each direct
//     call). A line flush in a loop whose pointer advances by at most a line
//     per iteration, on every iteration, in a loop that touches nothing else
//     of those lines, also gives a loop-range fact: "every line of
//     [first, last] is flushed", generated on the loop's exit edge; when a
//     guard branch skips the loop, a twin "... if the guard let the loop
//     run" holds on the skip edge too. Then the matrix of which fact covers
//     which (compatible kinds, FlushKinds.h, and SCEV-proved containment) and
//     which only overlaps.
//  4. Forward must-availability to a fixpoint over reachable blocks in RPO.
//     Transfer: an instruction kills a fact when it may write the range (or,
//     for cache-line flushes, read it), or is a fence, atomic, volatile access
//     or inline asm; entering a block that (re)defines one of a fact's range
//     operands kills it too (the same SSA name then holds a new value). Meet:
//     a fact survives a join when every incoming path has a fact covering it
//     (edge facts included).
//  5. One more walk records the decisions: redundant flushes with a kept
//     witness, kept near-duplicates with the blocker, and the summary of
//     facts that hold on every return and mention only arguments, globals and
//     constants. A flush with available facts over part of its range gets a
//     narrowing plan (RangeAlgebra's subtraction over SCEV bounds, pieces
//     and lines saved checked against the knobs), or the reason it has none.
//
// Where each part lives: this file decodes flush calls, walks the module
// callees first and prints the result; FlushRanges.cpp canonicalises ranges
// (step 2) and compares them; FlushSolver.cpp builds the facts, runs the
// dataflow and records the decisions (steps 1, 3, 4, 5); FlushLoopSummary.cpp
// turns loops of line flushes into range facts (step 3); FlushNarrowPlan.cpp
// plans narrowings (step 5). FlushSolver.h and FlushFacts.h are their
// internal interface.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/FlushAvailability.h"
#include "hotlayout/FlushElimOptions.h"

#include "FlushSolver.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemorySSA.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#define DEBUG_TYPE "flushelim"

namespace hotlayout {

AnalysisKey FlushAvailabilityAnalysis::Key;

/// The table row of what \p Call calls: a declared function by name, or an
/// inline-asm statement that is one AArch64 line operation (`dc cvau`,
/// `ic ivau`), which has no intrinsic.
static const FlushKind *flushKindOfCallee(const CallBase &Call) {
  if (auto *IA = dyn_cast<InlineAsm>(Call.getCalledOperand()))
    return IA->hasSideEffects() ? lookupAsmFlushKind(IA->getAsmString(),
                                                     IA->getConstraintString())
                                : nullptr;
  Function *Callee = Call.getCalledFunction();
  return Callee && Callee->isDeclaration() ? lookupFlushKind(Callee->getName())
                                           : nullptr;
}

std::optional<FlushSite> decodeFlushSite(CallBase &Call) {
  // Only plain calls whose result nobody reads can be erased or replaced:
  // an invoke is a terminator, and a used result (an odd user prototype)
  // would dangle.
  if (!isa<CallInst>(Call) || !Call.use_empty())
    return std::nullopt;
  const FlushKind *Kind = flushKindOfCallee(Call);
  if (!Kind)
    return std::nullopt;
  // A library name with another prototype is not the primitive (as in
  // LLVM's own library-function table): demand the exact parameter list.
  // An asm line operation's operand must be the pointer itself: an integer
  // address (uintptr_t) has no object for alias analysis to reason about.
  unsigned Needed = Kind->Shape == RangeShape::OneLine ? 1 : 2;
  Function *Callee = Call.getCalledFunction();
  FunctionType *FTy =
      Callee ? Callee->getFunctionType() : Call.getFunctionType();
  if (FTy->isVarArg() || FTy->getNumParams() != Needed ||
      Call.arg_size() != Needed || !FTy->getParamType(0)->isPointerTy())
    return std::nullopt;
  FlushSite Site;
  Site.Call = &Call;
  Site.Kind = Kind;
  Site.Begin = Call.getArgOperand(0);
  if (Needed == 2) {
    Site.EndOrLen = Call.getArgOperand(1);
    bool WantPointer = Kind->Shape == RangeShape::BeginEnd;
    if (Site.EndOrLen->getType()->isPointerTy() != WantPointer)
      return std::nullopt;
  }
  return Site;
}

StringRef describeKeptReason(KeptFlush::Reason Why) {
  switch (Why) {
  case KeptFlush::Written:
    return "memory in its range may be written in between";
  case KeptFlush::Read:
    return "the cache line may be read in between";
  case KeptFlush::Synchronises:
    return "a fence, atomic, volatile access or inline asm is in between";
  case KeptFlush::Redefined:
    return "its range operands are recomputed in between";
  case KeptFlush::NotAllPaths:
    return "not every path to it has flushed the range";
  case KeptFlush::MayClean:
    return "the data cache may be cleaned in between, after which the "
           "instruction cache may hold stale lines again";
  case KeptFlush::WeakerKind:
    return "its kind does not stand in for this one (a write-back leaves the "
           "line cached; clflushopt and clwb are not ordered with later "
           "stores as clflush is)";
  case KeptFlush::Unordered:
    return "it ran while a data-cache clean before it may not have completed "
           "(no dsb between them), so the instruction cache may hold stale "
           "lines again after the dsb";
  }
  llvm_unreachable("unknown reason");
}

std::string describeNotNarrowed(const PartiallyCoveredFlush &P) {
  std::string Text;
  raw_string_ostream OS(Text);
  switch (P.WhyNot) {
  case PartiallyCoveredFlush::Disabled:
    OS << "narrowing is off (-flushelim-narrow=false)";
    break;
  case PartiallyCoveredFlush::TooManyPieces:
    OS << "the rest is " << P.Detail << " pieces, more than "
       << opts::NarrowMaxPieces << " (-flushelim-narrow-max-pieces)";
    break;
  case PartiallyCoveredFlush::TooFewLines:
    OS << "it would save " << P.Detail << " whole lines at worst, fewer than "
       << opts::NarrowMinLines << " (-flushelim-narrow-min-lines)";
    break;
  case PartiallyCoveredFlush::NotExpressible:
    OS << "the bounds of the flushed part are not available at it";
    break;
  case PartiallyCoveredFlush::MayWrap:
    OS << "an unsigned length (its own or the earlier flush's) may be 2^63 "
          "or more";
    break;
  case PartiallyCoveredFlush::AlreadyNarrowed:
    OS << "it is what an earlier narrowing left";
    break;
  case PartiallyCoveredFlush::OneLine:
    OS << "the earlier flush is one line, and a loop skips only the lines "
          "an earlier loop flushed";
    break;
  }
  return Text;
}

StringRef unsummarisedCondition(UnsummarisedLoopFlush::Reason Why) {
  switch (Why) {
  case UnsummarisedLoopFlush::StrideTooLarge:
  case UnsummarisedLoopFlush::StrideNotConstant:
  case UnsummarisedLoopFlush::NotAffine:
    return "stride";
  case UnsummarisedLoopFlush::Shape:
  case UnsummarisedLoopFlush::TripCount:
    return "bounds";
  case UnsummarisedLoopFlush::NotEveryIteration:
  case UnsummarisedLoopFlush::BodyWrites:
  case UnsummarisedLoopFlush::BodyReads:
  case UnsummarisedLoopFlush::BodyMayClean:
    return "body";
  case UnsummarisedLoopFlush::BodySynchronises:
    return "fence";
  }
  llvm_unreachable("unknown reason");
}

std::string describeUnsummarised(const UnsummarisedLoopFlush &U,
                                 unsigned LineSize) {
  std::string Text;
  raw_string_ostream OS(Text);
  switch (U.Why) {
  case UnsummarisedLoopFlush::StrideTooLarge:
    OS << "its pointer advances " << U.Stride << " bytes per iteration, more "
       << "than the " << LineSize << "-byte line, so lines in between stay";
    if (U.Copies > 1)
      OS << " (the loop holds " << U.Copies << " such flushes, an unrolled "
         << "loop: their lines together are not summarised)";
    break;
  case UnsummarisedLoopFlush::StrideNotConstant:
    OS << "its pointer advances by a run-time amount per iteration (a line "
       << "size read from CTR_EL0, say), which another core's smaller lines "
       << "or a " << LineSize << "-byte line may not match";
    break;
  case UnsummarisedLoopFlush::NotAffine:
    OS << "its pointer does not advance by a constant amount per iteration";
    break;
  case UnsummarisedLoopFlush::Shape:
    OS << "it may leave elsewhere than at its latch";
    break;
  case UnsummarisedLoopFlush::TripCount:
    OS << "its trip count is unknown (ScalarEvolution has none, and its "
       << "latch test is not an induction variable moving towards a bound: "
       << "<, <=, > or >=)";
    break;
  case UnsummarisedLoopFlush::NotEveryIteration:
    OS << "it does not flush on every iteration";
    break;
  case UnsummarisedLoopFlush::BodyWrites:
    OS << "the loop may write the lines it flushes";
    break;
  case UnsummarisedLoopFlush::BodyReads:
    OS << "the loop may read the lines it flushes";
    break;
  case UnsummarisedLoopFlush::BodyMayClean:
    OS << "the loop may clean the data cache after invalidating a line";
    break;
  case UnsummarisedLoopFlush::BodySynchronises:
    OS << "a fence, atomic, volatile access or inline asm is in the loop";
    break;
  }
  return Text;
}

} // namespace hotlayout

using namespace hotlayout;
using namespace hotlayout::availability;

namespace {

/// Inline asm that names a line operation but is no flush site.
void collectOpaqueAsm(Function &F, FlushAvailability &Result) {
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallBase>(&I);
    auto *IA = Call ? dyn_cast<InlineAsm>(Call->getCalledOperand()) : nullptr;
    if (!IA || decodeFlushSite(*Call))
      continue;
    if (const FlushKind *K =
            lookupAsmFlushKind(IA->getAsmString(), IA->getConstraintString())) {
      Result.OpaqueAsm.push_back({Call, K->Display, /*IntegerOperand=*/true});
      continue;
    }
    StringRef Op = asmMentionsLineOperation(IA->getAsmString());
    if (!Op.empty())
      Result.OpaqueAsm.push_back({Call, Op});
  }
}

bool hasFlushCall(Function &F) {
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (decodeFlushSite(*Call))
        return true;
  return false;
}

/// Visits defined functions callees-first so each caller sees its callees'
/// summaries; recursion (a callee already on the stack) gets no summary.
class ModuleFlushAnalysis {
public:
  ModuleFlushAnalysis(FunctionAnalysisManager &FAM,
                      FlushAvailabilityAnalysis::Result &Results)
      : FAM(FAM), Results(Results) {}

  void visit(Function &F, unsigned Depth) {
    if (F.isDeclaration() || Results.count(&F) || !OnStack.insert(&F).second)
      return;
    if (opts::UseSummaries && Depth < MaxCallDepth)
      for (Instruction &I : instructions(F))
        if (auto *Call = dyn_cast<CallBase>(&I))
          if (Function *Callee = Call->getCalledFunction())
            visit(*Callee, Depth + 1);
    OnStack.erase(&F);
    if (Results.count(&F))
      return;
    Results[&F] = analyse(F);
    if (!F.hasOptNone())
      collectOpaqueAsm(F, Results[&F]);
    if (!Results[&F].Summary.FlushedOnReturn.empty())
      Summaries[&F] = Results[&F].Summary;
  }

private:
  static constexpr unsigned MaxCallDepth = 64;

  FlushAvailability analyse(Function &F) {
    // Decisions and summaries are only ever about a function's own flush
    // calls: without one, skip building MemorySSA, SCEV and the dominator
    // tree (most functions of a module).
    if (F.hasOptNone() || !hasFlushCall(F))
      return {};
    AnalysisContext Ctx{F,
                        FAM.getResult<AAManager>(F),
                        FAM.getResult<MemorySSAAnalysis>(F).getMSSA(),
                        FAM.getResult<ScalarEvolutionAnalysis>(F),
                        FAM.getResult<DominatorTreeAnalysis>(F),
                        FAM.getResult<LoopAnalysis>(F),
                        Summaries,
                        FAM};
    return FlushAvailabilitySolver(Ctx).solve();
  }

  FunctionAnalysisManager &FAM;
  FlushAvailabilityAnalysis::Result &Results;
  FlushSummaryMap Summaries;
  SmallPtrSet<const Function *, 8> OnStack;
};

} // namespace

FlushAvailabilityAnalysis::Result
FlushAvailabilityAnalysis::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  Result Results;
  ModuleFlushAnalysis Walk(FAM, Results);
  for (Function &F : M)
    Walk.visit(F, 0);
  return Results;
}

//===----------------------------------------------------------------------===//
// print<flushelim>
//===----------------------------------------------------------------------===//

const FlushSite *FlushAvailability::siteOf(const CallBase *Call) const {
  auto It = find_if(Sites, [&](const FlushSite &S) { return S.Call == Call; });
  return It == Sites.end() ? nullptr : &*It;
}

RedundantFlush *FlushAvailability::redundancyOf(const CallBase *Call) {
  auto It = find_if(Redundant,
                    [&](const RedundantFlush &R) { return R.Elided == Call; });
  return It == Redundant.end() ? nullptr : &*It;
}

const NarrowedFlush *
FlushAvailability::narrowingOf(const CallBase *Call) const {
  auto It = find_if(Narrowed,
                    [&](const NarrowedFlush &N) { return N.Later == Call; });
  return It == Narrowed.end() ? nullptr : &*It;
}

static void printSiteRef(raw_ostream &OS, const FlushAvailability &A,
                         const CallBase *Call) {
  if (const FlushSite *Site = A.siteOf(Call)) {
    OS << "#" << (Site - A.Sites.begin());
    return;
  }
  OS << "@" << Call->getFunction()->getName() << ":" << *Call;
}

void FlushAvailability::print(raw_ostream &OS, const Function &F) const {
  OS << "flushelim: function '" << F.getName() << "'"
     << (GaveUp ? " (gave up: over the work bound)" : "") << "\n";
  for (unsigned I = 0; I < Sites.size(); ++I)
    OS << "  site #" << I << ": " << Sites[I].Kind->Display << " "
       << *Sites[I].Call << "\n";
  for (const RedundantFlush &R : Redundant) {
    OS << "  redundant: ";
    printSiteRef(OS, *this, R.Elided);
    OS << " covered by ";
    printSiteRef(OS, *this, R.Witness);
    OS << "\n";
  }
  for (const KeptFlush &K : Kept) {
    OS << "  kept: ";
    printSiteRef(OS, *this, K.Kept);
    OS << (K.Partly ? " despite part by " : " despite ");
    printSiteRef(OS, *this, K.Earlier);
    OS << ": " << describeKeptReason(K.Why) << "\n";
  }
  for (const PartiallyCoveredFlush &P : Partial) {
    OS << "  partial: ";
    printSiteRef(OS, *this, P.Later);
    OS << " after ";
    printSiteRef(OS, *this, P.Earlier);
    OS << ": not narrowed: " << describeNotNarrowed(P) << "\n";
  }
  for (const auto &[Call, Begin, End] : LoopRanges) {
    OS << "  loop range: ";
    printSiteRef(OS, *this, Call);
    OS << " flushes every line of [" << *Begin << ", " << *End << ")\n";
  }
  for (const UnsummarisedLoopFlush &U : Unsummarised) {
    OS << "  loop not a range: ";
    printSiteRef(OS, *this, U.Call);
    OS << " (" << unsummarisedCondition(U.Why)
       << "): " << describeUnsummarised(U, opts::LineSize) << "\n";
  }
  for (const NarrowedFlush &N : Narrowed) {
    OS << "  narrowed: ";
    printSiteRef(OS, *this, N.Later);
    OS << " by";
    for (const CallBase *W : N.Witnesses) {
      OS << " ";
      printSiteRef(OS, *this, W);
    }
    if (N.PerLine) {
      OS << ": skips the lines it covers\n";
      continue;
    }
    OS << ": " << N.Pieces.size() << " pieces";
    if (N.RuntimeGuard)
      OS << ", run-time guard";
    if (N.LinesSaved)
      OS << ", saves " << *N.LinesSaved << " lines";
    OS << "\n";
  }
  for (const OpaqueAsmFlush &O : OpaqueAsm)
    OS << "  opaque asm (" << O.Operation
       << (O.IntegerOperand ? ", integer operand" : ", other instructions")
       << "):" << *O.Call << "\n";
  for (const FlushSite &S : Summary.FlushedOnReturn) {
    OS << "  summary: flushed on every return: ";
    printSiteRef(OS, *this, S.Call);
    OS << "\n";
  }
}

PreservedAnalyses
FlushAvailabilityPrinterPass::run(Module &M, ModuleAnalysisManager &MAM) {
  auto &Results = MAM.getResult<FlushAvailabilityAnalysis>(M);
  for (Function &F : M) {
    auto It = Results.find(&F);
    if (It != Results.end() &&
        (!It->second.Sites.empty() || !It->second.OpaqueAsm.empty()))
      It->second.print(OS, F);
  }
  return PreservedAnalyses::all();
}
