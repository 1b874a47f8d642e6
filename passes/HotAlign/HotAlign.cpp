//===- HotAlign.cpp - Keep hot loops off cache-line boundaries ------------===//
//
// A tight loop that straddles a 64-byte line runs 1.4-1.8x slower on the
// machines we measured; LLVM aligns loop headers to 16 bytes and never looks
// at where the loop ends, so unrelated changes move hot loops onto slow
// offsets. hotalign runs after block placement and the pre-emit passes, when
// the layout is final, and aligns what the project's one hot-loop definition
// (hotlayout/Support/HotLoopRules.h) judges in the linked binary. For each
// function:
//  1. Does nothing at -O0 or on optnone functions (the legacy adapter's
//     skipFunction, which also answers -opt-bisect-limit). In a function
//     optimised for size (-Os/-Oz, or profile-guided size optimisation of a
//     cold function: shouldOptimizeForSize, the query MachineBlockPlacement
//     uses) it reports the loops it would have aligned and pads nothing.
//     For a target other than x86-64 and AArch64 (hotlayout/CodegenTargets.h)
//     it changes nothing and says so in one missed remark per module.
//     In a function a block order laid out, it drops the alignments
//     MachineBlockPlacement set for its own order that a fall-through from
//     within their loop now reaches (their padding would run on every
//     iteration) and, once step 3 has judged the loops, those inside a hot
//     loop's span (they lengthen the span hotalign places).
//  2. Finds the definition's loops in the layout (LayoutLoops.h): the direct
//     back jumps to one target that close a cycle; span from the target to
//     the last of them; count = their summed count; hot bytes = the span's
//     blocks that run on at least 1/8 of the iterations.
//  3. Decides hotness. A loop iterates when its back jumps run at least
//     twice per entry of the loop (control coming into its span from
//     outside it): a loop nested in a hot one that mostly runs once is
//     straight-line code of that loop, however often its function runs. With a
//     profile (instrumented or sample) an iterating loop is hot when its
//     back-edge count, times -hotalign-profile-slack, reaches the
//     -hotalign-hot-percentile threshold of the profile summary (99%, as the
//     definition's 99% of all iterating loops' counts: the summary is the whole
//     program's, so each translation unit approximates the program-wide cut),
//     or is within -hotalign-max-count-ratio of its largest count; without one,
//     when its back edges run -hotalign-static-ratio times per loop entry.
//     A loop LLVM peeled (llvm.loop.peeled.count) is judged by its count
//     alone: it keeps the whole loop's branch odds, but only the long trips
//     reach it.
//     With -hotalign-loop-profile (the binary's own counts, LoopProfile.h)
//     a function's loops take its counts and the judge's verdicts instead:
//     the compiler's counts are the IR profile's, spread by inlining and
//     peeling in ways the training run never saw.
//  4. Leaves a loop whose source asks for an alignment (llvm.loop.align,
//     from [[clang::code_align(N)]]) with that alignment.
//  5. Estimates the hot bytes (InstSizeEstimator: upper bounds per block).
//     Only tight loops (at most 256 hot bytes, the definition's
//     MaxTightHotBytes) are aligned: they are the ones that count.
//  6. Pads only before the span's first block: the padding runs when the
//     block laid out before it falls into it, which is outside the span, so
//     at most once per entry of the loop (entries by a jump run none), as
//     with MachineBlockPlacement's loop alignment and GCC's -falign-loops.
//     Inside a hot enclosing loop an entry is an iteration of that loop, so
//     a nested loop is aligned only when it iterates
//     -hotalign-min-nested-iterations (8) times per entry that falls into it.
//     Elsewhere a hot loop iterates at least twice per entry (step 3), so
//     its padding runs at most once per two iterations.
//  7. Line-start mode (-hotalign-line-start, the default): the first block
//     starts a line, `.p2align log2(line), , N`, padded only where the
//     estimated span would touch more lines than it needs; N = line-1
//     (whatever the estimate) where those nops cost little time and, with
//     a profile, the estimate cannot tell the loop's fewest lines or
//     another hot loop starts inside its span (lineStartPlan).
//     Max-skip mode (-hotalign-line-start=false): AlignmentPlan picks the
//     max-skip that pads exactly when the estimated hot bytes would touch
//     more lines than at their best start offset; the function and module
//     padding budgets are charged.
//  8. Aligns the entry of a hot function that fits in a line, on the
//     smallest power of two that holds it (a line at most): it cannot
//     cross a line, and shares its line with its neighbours.
//  9. (After 7 for every loop.) A loop step 6 refused still has its
//     place decided by the padding before the loop that holds it: in
//     line-start mode that loop starts K bytes after a line start, K the
//     smallest that puts it and its refused nested loops on their fewest
//     lines by the estimated layout, through a block of nops before it
//     that only falling into it runs: from where the code falls in to line
//     start + K, counted from the function's line-aligned symbol
//     (HotAlignNested.cpp). Where those nops would run too often, they go
//     before the latest earlier block that nothing falls into and that
//     falls through to the loop: there they never run.
// 10. (In step 3's place, for a loop the loop profile calls cold.) A warm
//     loop, iterating with at least -hotalign-warm-min-count back edges in
//     the binary but under its hot cut, may be hot on another input than
//     the training run's: it is aligned where its padding can never run
//     (after a block that cannot fall into it), by the max-skip of step
//     7's max-skip mode, outside the budgets: it costs bytes, not time.
// Loops left keep LLVM's own alignment; every decision has a remark
// (-Rpass, -Rpass-missed: why not; -Rpass-analysis: every loop's numbers).
//
// Like MachineBlockPlacement, the algorithm (class HotAlign) sees only the
// analyses it is handed; HotAlignLegacy, the registered legacy pass, fetches
// them (hotlayout/HotAlign.h says why there is no new-PM adapter yet). The
// class is declared in HotAlignImpl.h, its options in HotAlignOptions.h.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/HotAlign.h"
#include "hotlayout/CodegenTargets.h"
#include "hotlayout/Compat.h"
#include "hotlayout/Support/AlignmentPlan.h"
#include "hotlayout/Support/HotLoopRules.h"
#include "hotlayout/Support/OptionParsers.h"

#include "HotAlignImpl.h"
#include "HotAlignOptions.h"
#include "InstSizeEstimator.h"
#include "LayoutLoops.h"
#include "LoopProfile.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/CodeGen/MachineBlockFrequencyInfo.h"
#include "llvm/CodeGen/MachineBranchProbabilityInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineSizeOpts.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ProfileSummary.h"
#include "llvm/InitializePasses.h"
#include "llvm/ProfileData/ProfileCommon.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/DebugCounter.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Target/TargetMachine.h"

#include <cmath>
#include <functional>

using namespace llvm;
using namespace hotlayout;

#define DEBUG_TYPE "hotalign"

STATISTIC(NumLoopsAligned, "Number of hot loops aligned");
STATISTIC(NumLoopsLineStart, "Number of hot loops aligned to a line start");
STATISTIC(NumPaddingBudgeted, "Bytes of padding budgeted (sum of max-skips)");
STATISTIC(NumFunctionsAligned,
          "Number of small hot functions aligned so they cannot cross a line");
STATISTIC(NumLoopsCold, "Number of loops left as cold");
STATISTIC(
    NumFunctionsNeverRan,
    "Number of functions the profile says never ran (loops not looked at)");
STATISTIC(NumStaleAlignmentsDropped,
          "Number of block alignments a block order left on a fall-through");
STATISTIC(NumAlignmentsInHotSpansDropped,
          "Number of MachineBlockPlacement alignments dropped inside a hot "
          "loop's span in a block-ordered function");
STATISTIC(NumBlockOrderAlignmentsDropped,
          "Number of MachineBlockPlacement alignments dropped outside hot "
          "loops' spans in a profiled block-ordered function");
STATISTIC(NumWarmLoopsAligned,
          "Number of warm loops aligned where their padding never runs");
STATISTIC(NumWarmPadding, "Bytes of warm loops' max-skips");
STATISTIC(NumLoopsNotTight,
          "Number of hot loops left as not tight (too many hot bytes)");
STATISTIC(NumLoopsPaddingTooOften,
          "Number of hot loops left because their padding "
          "would run too often");
STATISTIC(NumLoopsLeft, "Number of hot loops left for another reason");
STATISTIC(NumLoopsPeeled, "Number of peeled loops judged by their count alone");
STATISTIC(NumLoopsCasesBefore,
          "Number of loops whose jump table's cases laid out before them run "
          "back to them (iterations, not entries)");
STATISTIC(NumLoopsIndirectNotFollowed,
          "Number of loops whose own indirect branch hotalign could not "
          "follow (its arrivals counted as entries)");
STATISTIC(NumFunctionsMeasured,
          "Number of functions whose loops the binary's counts decided");
STATISTIC(NumFunctionsMismatched,
          "Number of functions whose loop-profile counts did not fit the code");
STATISTIC(NumFunctionsOrderNotApplied,
          "Number of counted functions the block order did not lay out");

DEBUG_COUNTER(AlignCounter, "hotalign-loop",
              "Controls which hot loops hotalign aligns");

namespace hotlayout {
namespace hotalign {

/// The alignment a loop's source asks for (`llvm.loop.align`, which clang
/// emits for [[clang::code_align(N)]]), read as MachineBlockPlacement
/// reads it; nullopt when it asks for none.
std::optional<uint64_t> userLoopAlignment(const MachineLoop *L) {
  if (!L)
    return std::nullopt;
  MDNode *Align = findOptionMDForLoopID(L->getLoopID(), "llvm.loop.align");
  if (!Align || Align->getNumOperands() != 2)
    return std::nullopt;
  if (auto *N = mdconst::dyn_extract<ConstantInt>(Align->getOperand(1)))
    return N->getZExtValue();
  return std::nullopt;
}

/// Did LLVM's loop peeling take iterations off \p L (llvm.loop.peeled.count,
/// set by LoopPeel on the loop left after the peeled copies)?
bool wasPeeled(const MachineLoop *L) {
  return L && findOptionMDForLoopID(L->getLoopID(), "llvm.loop.peeled.count");
}

/// The innermost MachineLoop holding \p L's target and its last back jump.
const MachineLoop *machineLoopOf(const MachineLoopInfo &MLI,
                                 const LayoutLoop &L) {
  const MachineLoop *ML = MLI.getLoopFor(L.Target);
  while (ML && !ML->contains(L.LastJump->getParent()))
    ML = ML->getParentLoop();
  return ML;
}

/// Where remarks about \p F point: its MachineLoop's start, else the
/// target's first located instruction.
DebugLoc locationOf(const LoopFacts &F) {
  if (F.ML)
    if (DebugLoc DL = F.ML->getStartLoc())
      return DL;
  for (const MachineInstr &MI : *F.Loop->Target)
    if (MI.getDebugLoc())
      return MI.getDebugLoc();
  return DebugLoc();
}

/// "%bb.N", as -print-after and the assembly's .LBB<f>_N labels name it.
std::string blockName(const MachineBasicBlock &MBB) {
  return ("%bb." + Twine(MBB.getNumber())).str();
}

/// One decimal: remarks compare it with floors of whole iterations.
std::string perEntryText(double PerEntry) {
  std::string S;
  raw_string_ostream(S) << format("%.1f", PerEntry);
  return S;
}

/// \p PerEntry, which is under \p Limit, as perEntryText prints it unless
/// that rounds it up to the limit: then rounded down (1.99 iterations per
/// entry, under 2, is "1.9", not "2.0").
std::string belowLimitText(double PerEntry, double Limit) {
  double Tenths = std::round(PerEntry * 10) / 10;
  return perEntryText(Tenths < Limit ? Tenths : std::floor(PerEntry * 10) / 10);
}

/// Step 3.
LoopFacts HotAlign::facts(const LayoutLoop &L) const {
  LoopFacts F;
  F.Loop = &L;
  F.ML = machineLoopOf(MLI, L);
  F.PerEntry = L.perEntry();
  F.Measured = L.MeasuredHot.has_value();
  if (F.Measured)
    F.Count = L.Taken.getFrequency();
  else if (HasProfile)
    F.Count = MBFI().getProfileCountFromFreq(L.Taken).value_or(0);
  bool Iterates =
      loopIterates(L.Taken.getFrequency(), L.Entries.getFrequency());
  // A peeled loop keeps the branch odds of the whole loop, so its count per
  // entry is the whole loop's average; but only the trips longer than the
  // peeled copies reach it, and those are the ones that iterate (Lua's
  // luaH_newkey: 0.8 iterations per entry by the profile, 416 in the run).
  // Its count alone decides.
  if (!Iterates && !F.Measured && HasProfile && wasPeeled(F.ML)) {
    F.Peeled = Iterates = true;
    ++NumLoopsPeeled;
  }
  if (!Iterates) {
    F.Cold = ColdBy::FewIterations;
  } else if (F.Measured) {
    if (!*L.MeasuredHot) {
      F.Cold = ColdBy::InBinary;
      F.Warm = WarmMinCount && F.Count >= WarmMinCount;
    }
  } else if (HasProfile) {
    // When one loop is the whole profile the threshold is its own raw
    // count, which its derived count never reaches: hence the slack and
    // the dominant-loop rule.
    F.Dominant = MaxCountRatio && Mod.ProfileMaxCount &&
                 SaturatingMultiply(F.Count, uint64_t(MaxCountRatio)) >=
                     Mod.ProfileMaxCount;
    uint64_t Scaled = SaturatingMultiply(F.Count, uint64_t(ProfileSlack));
    if (!F.Count || (!F.Dominant && Scaled < Mod.HotThreshold))
      F.Cold = ColdBy::BelowThreshold;
  } else if (!UseStatic) {
    F.Cold = ColdBy::NoProfile;
  } else if (F.PerEntry < StaticRatio) {
    F.Cold = ColdBy::Static;
  }
  return F;
}

/// Steps 2 and 3's counts: \p MF's loops, counted by the loop profile where
/// it has counts for \p MF that fit its code, else by the compiler's
/// frequencies. With edges the loops are found and counted in this layout,
/// which a block order may have changed since the counts were recorded
/// (countLoopsWithEdges); without (an older file), the recorded loops'
/// counts replace the compiler's by target (applyMeasuredCounts).
std::vector<LayoutLoop> HotAlign::layoutLoops(const MachineFunction &MF) {
  const MeasuredFunction *M = nullptr;
  if (Mod.Measured) {
    Expected<const MeasuredFunction *> Found = Mod.Measured->find(MF.getName());
    // The build stops, as for a file that does not read at all.
    if (!Found)
      MF.getFunction().getContext().emitError("hotalign: " +
                                              toString(Found.takeError()));
    else
      M = *Found;
  }
  if (!M)
    return findLayoutLoops(MF, FrequencyCounts(MBFI));
  sayBlockOrderNotApplied(MF);
  uint64_t Threshold = Mod.Measured->hotThreshold();
  std::vector<LayoutLoop> Loops;
  ProfileMisfit Why;
  bool Fits = !M->EdgeCounts.empty() &&
              countLoopsWithEdges(MF, *M, Threshold, ProfileSlack, Loops, &Why);
  if (!Fits) {
    Loops = findLayoutLoops(MF, FrequencyCounts(MBFI));
    Fits = M->EdgeCounts.empty() &&
           applyMeasuredCounts(Loops, *M, Threshold, ProfileSlack, &Why);
  }
  if (Fits) {
    ++NumFunctionsMeasured;
    LLVM_DEBUG(dbgs() << "[hotalign] " << MF.getName()
                      << ": counts from the loop profile\n");
    return Loops;
  }
  ++NumFunctionsMismatched;
  // Which block tells them apart: a profile naming a block this build has
  // none of (one an earlier pass of the first build added?) reads
  // differently from a hot loop that moved.
  ORE.emit([&] {
    MachineOptimizationRemarkMissed R(DEBUG_TYPE, "LoopProfileMismatch",
                                      MF.getFunction().getSubprogram(),
                                      &MF.front());
    R << "the loop profile's counts of " << ore::NV("Function", MF.getName())
      << " do not fit its code (changed since the profiled build?): ";
    switch (Why.What) {
    case ProfileMisfit::Kind::NoBlockID:
      R << "its block " << ore::NV("Block", blockName(*Why.Block))
        << " has no address-map ID";
      break;
    case ProfileMisfit::Kind::UnknownBlock:
      R << "it has no address-map block " << ore::NV("BBID", Why.ID)
        << ", which the profile counts";
      break;
    case ProfileMisfit::Kind::HotLoopNotHere:
      R << "the profile's hot loop at address-map block "
        << ore::NV("BBID", Why.ID) << " starts no loop here";
      break;
    }
    R << "; the compiler's profile decides its loops";
    return R;
  });
  return Loops;
}

/// A function the loop profile counts, in a build with a block order
/// (-fbasic-block-sections=list=, `hotlayout loops --block-order` of the same
/// build), that BasicBlockSections left whole: the list does not name it (it
/// never ran, or loops left it out), or IR PGO found its source changed since
/// training (BasicBlockSections skips a function whose profile hash does not
/// match). It keeps the compiler's order: said. Only where hotalign runs
/// after BasicBlockSections (LLVM 21+); before it, no function has sections.
void HotAlign::sayBlockOrderNotApplied(const MachineFunction &MF) {
  if (!compat::LateMachinePassesSeeBlockSections ||
      MF.getTarget().getBBSectionsType() != BasicBlockSection::List ||
      MF.hasBBSections())
    return;
  ++NumFunctionsOrderNotApplied;
  ORE.emit([&] {
    return MachineOptimizationRemarkMissed(DEBUG_TYPE, "BlockOrderNotApplied",
                                           MF.getFunction().getSubprogram(),
                                           &MF.front())
           << "the block order does not lay out "
           << ore::NV("Function", MF.getName())
           << " (not listed, or its source changed since the profiled "
              "build): it keeps the compiler's order";
  });
}

/// Step 5: the hot bytes' intervals from the estimator's block sizes.
void HotAlign::measure(LoopFacts &F) const {
  const LayoutLoop &L = *F.Loop;
  auto [Sizes, Code] = this->Sizes->spanSizes(L.Span, L.LastJump);
  uint64_t Offset = 0;
  for (size_t N = 0; N < Sizes.size(); ++N) {
    if (L.Hot[N]) {
      F.Bytes.push_back({Offset, Offset + Sizes[N]});
      F.HotBytes += Code[N];
    }
    Offset += Sizes[N];
  }
  F.SpanBytes = Offset;
  F.Bytes = mergeIntervals(std::move(F.Bytes));
}

/// -Rpass-analysis: every loop of the layout with its numbers and verdict.
void HotAlign::analysis(const LoopFacts &F) {
  ORE.emit([&] {
    MachineOptimizationRemarkAnalysis R(DEBUG_TYPE, "Loop", locationOf(F),
                                        F.Loop->Target);
    R << "loop at " << ore::NV("Block", blockName(*F.Loop->Target));
    if (std::optional<UniqueBBID> ID = F.Loop->Target->getBBID())
      R << " (address-map block " << ore::NV("BBID", ID->BaseID) << ")";
    R << ": ";
    if (F.Measured)
      R << "back-edge count " << ore::NV("Count", F.Count)
        << " (the binary's), ";
    else if (HasProfile)
      R << "back-edge count " << ore::NV("Count", F.Count) << ", ";
    else
      R << "back edges ";
    R << ore::NV("PerEntry", perEntryText(F.PerEntry)) << " per loop entry";
    if (F.Loop->FallIn != BlockFrequency(0))
      R << ", " << ore::NV("PerFallIn", perEntryText(F.Loop->perFallIn()))
        << " per fall-through entry";
    if (F.Peeled)
      R << " (peeled: the whole loop's average, not counted)";
    R << "; " << ore::NV("HotBytes", F.HotBytes) << " hot bytes in a "
      << ore::NV("SpanBytes", F.SpanBytes)
      << "-byte span (estimated): " << ore::NV("Hot", F.hot() ? "hot" : "cold");
    return R;
  });
}

/// -Rpass-analysis: what of \p F's control flow through indirect branches
/// its count per entry rests on: its jump table's cases laid out before it
/// (iterations, not entries), and an indirect branch it cannot follow (its
/// arrivals there counted as entries: said, not guessed).
void HotAlign::indirectFlow(const LoopFacts &F) {
  const LayoutLoop &L = *F.Loop;
  auto About = [&](StringRef Name) {
    MachineOptimizationRemarkAnalysis R(DEBUG_TYPE, Name, locationOf(F),
                                        L.Target);
    R << "loop at " << ore::NV("Block", blockName(*L.Target)) << ": ";
    return R;
  };
  if (L.CaseArrivals != BlockFrequency(0)) {
    ++NumLoopsCasesBefore;
    ORE.emit([&] {
      MachineOptimizationRemarkAnalysis R = About("CasesBeforeLoop");
      R << "its jump table's cases laid out before it run straight back "
           "to it ";
      if (F.Measured)
        R << ore::NV("CaseArrivals", L.CaseArrivals.getFrequency())
          << " times (the binary's)";
      else
        R << ore::NV("PerEntry",
                     perEntryText(double(L.CaseArrivals.getFrequency()) /
                                  double(std::max<uint64_t>(
                                      L.Entries.getFrequency(), 1))))
          << " times per loop entry";
      R << ": iterations, not entries";
      return R;
    });
  }
  if (!L.Unfollowed)
    return;
  ++NumLoopsIndirectNotFollowed;
  ORE.emit([&] {
    MachineOptimizationRemarkAnalysis R = About("IndirectNotFollowed");
    R << "the indirect branch ending "
      << ore::NV("Dispatch", blockName(*L.Unfollowed))
      << (L.UnfollowedHasTable
              ? " runs, but no arrival of its jump table was counted"
              : " has no jump table (a computed goto)")
      << ": hotalign cannot tell whether its targets laid out before the "
         "loop come back to it, and counts their arrivals as entries (its "
         "iterations per entry may be more)";
    return R;
  });
}

void HotAlign::missed(
    const LoopFacts &F, StringRef Name,
    function_ref<void(MachineOptimizationRemarkMissed &)> Why) {
  ORE.emit([&] {
    MachineOptimizationRemarkMissed R(DEBUG_TYPE, Name, locationOf(F),
                                      F.Loop->Target);
    R << "loop at " << ore::NV("Block", blockName(*F.Loop->Target))
      << " not aligned: ";
    Why(R);
    return R;
  });
}

void HotAlign::missed(const LoopFacts &F, StringRef Name, StringRef Why) {
  missed(F, Name, [&](MachineOptimizationRemarkMissed &R) { R << Why; });
}

/// Is a loop whose span holds \p F's hot (step 6)?
bool HotAlign::hotAncestor(const LoopFacts &F,
                           const std::vector<LoopFacts> &All) const {
  for (int P = F.Loop->Parent; P >= 0; P = All[P].Loop->Parent)
    if (All[P].hot())
      return true;
  return false;
}

static bool paddingNeverRuns(MachineBasicBlock &Target);

/// Does the estimate know the fewest lines \p F's span can touch? The
/// estimated span is an upper bound; where its lower bound
/// (InstSizeEstimator::blockLowerBounds) fits fewer lines, the real span may
/// need fewer lines than the plan made for the estimate keeps room for: xz
/// 5.4.1's 64-byte loop, estimated a few bytes over a line, fitted two lines
/// wherever it fell and straddled one more than its one.
bool HotAlign::spanLinesKnown(const LoopFacts &F) const {
  uint64_t Lower = 0;
  for (uint64_t B : Sizes->blockLowerBounds(F.Loop->Span, F.Loop->LastJump))
    Lower += B;
  return minLinesFor(Lower, LineBytes) == minLinesFor(F.SpanBytes, LineBytes);
}

/// Does another hot loop start inside \p F's span? Its padding, step 7's
/// or step 9's (decided after \p F's plan), lands inside the span and
/// grows it past the estimate the plan's room came from: bzip2 1.0.8's
/// handle_compress, an 86-byte loop planned to fit two lines where it fell,
/// held the start that step 9 placed 24 bytes into a line for a loop laid
/// out around it; 32 bytes of nops made it 118 bytes across three lines.
bool HotAlign::spanHoldsHotLoop(const LoopFacts &F,
                                const std::vector<LoopFacts> &All) const {
  return llvm::any_of(All, [&](const LoopFacts &G) {
    return &G != &F && G.hot() &&
           llvm::is_contained(F.Loop->Span, G.Loop->Target);
  });
}

/// Step 7's line start, padded only where the loop's estimated span would
/// touch more lines than it needs: max-skip line-1 minus the span's room in
/// its fewest lines (the estimated span is an upper bound, and the assembler
/// sees the real start, so a start it leaves fits). The loop keeps its
/// fewest lines in every build, not its offset. A full line start keeps
/// both, and is kept where its nops cost little time (they never run, or
/// they are at most 1/-hotalign-line-start-nop-share of the loop's work per
/// entry that falls in: paddingCost) and
/// - without a profile: no lock keeps the loop's offset between builds, the
///   line start does (a static estimate's iterations, 31 per entry for a
///   trip count it cannot see, are a guess: the share is the nested-loop
///   floor's);
/// - with one, only where the estimate cannot tell the loop's fewest lines
///   (spanLinesKnown) or another hot loop's padding may grow its span
///   (spanHoldsHotLoop): the lock keeps the offset, and a line start where
///   the span fits anyway costs bytes, which are I1 lines (lzip 1.23's
///   locked functions held 886 bytes of hotalign's nops; its simulated
///   8 KiB I1 missed 4 % more than plain llvm-bolt's).
/// Where the nops cost more, the span's plan saves them: zopfli 1.0.3's
/// EncodeTree ran 4 nops per entry before a 34-byte loop of 4.7
/// iterations, 1.35 M nops that the span's 30 bytes of room made needless
/// half the time.
SpanPlan HotAlign::lineStartPlan(const LoopFacts &F,
                                 const std::vector<LoopFacts> &All) const {
  SpanPlan Plan = planLineStart(LineBytes, MaxPad);
  if (!LineStartOnlyWhenNeeded)
    return Plan;
  unsigned Share =
      HasProfile ? unsigned(LineStartNopShare) : unsigned(MinNestedIterations);
  bool NopsCheap = paddingNeverRuns(*F.Loop->Target) ||
                   paddingCost(*F.Loop, Plan.MaxSkip, Share).Cheap;
  if (NopsCheap &&
      (!HasProfile || !spanLinesKnown(F) || spanHoldsHotLoop(F, All)))
    return Plan;
  // The span's room counts its cold blocks as if hot. Where the hot bytes
  // alone fit fewer lines than the whole span (cold gaps), the span's plan
  // could leave them a line more than they need (zopfli's
  // ZopfliFindLongestMatch: 185 hot bytes, 3 lines at a line start, in a
  // 204-byte span); the line start stays there.
  if (minLinesFor(F.SpanBytes, LineBytes) >
      minLinesOverShifts(F.Bytes, LineBytes))
    return Plan;
  SpanPlan Needed = planSpanAlignment(F.SpanBytes, LineBytes, MaxPad);
  return Needed.MaxSkip < Plan.MaxSkip ? Needed : Plan;
}

bool HotAlign::alignLoop(const LoopFacts &F,
                         const std::vector<LoopFacts> &All) {
  const LayoutLoop &L = *F.Loop;
  switch (F.Cold) {
  case ColdBy::NotCold:
    break;
  case ColdBy::FewIterations:
    ++NumLoopsCold;
    missed(F, "Cold", [&](MachineOptimizationRemarkMissed &R) {
      R << "cold: iterates "
        << ore::NV("PerEntry",
                   belowLimitText(F.PerEntry, double(MinIterationsPerEntry)))
        << " times per loop entry (hot loops iterate at least "
        << ore::NV("MinIterations", unsigned(MinIterationsPerEntry)) << ")";
    });
    return false;
  case ColdBy::BelowThreshold:
    ++NumLoopsCold;
    missed(F, "Cold", [&](MachineOptimizationRemarkMissed &R) {
      R << "cold: back-edge count " << ore::NV("Count", F.Count) << " x "
        << ore::NV("Slack", unsigned(ProfileSlack))
        << " is below the profile's hot threshold "
        << ore::NV("Threshold", Mod.HotThreshold) << " (percentile "
        << ore::NV("Percentile", int(HotPercentile)) << ")";
    });
    return false;
  case ColdBy::Static:
    ++NumLoopsCold;
    missed(F, "Cold", [&](MachineOptimizationRemarkMissed &R) {
      R << "cold: back edges run "
        << ore::NV("PerEntry", belowLimitText(F.PerEntry, StaticRatio))
        << " times per loop entry (static estimate; hot from "
        << ore::NV("StaticRatio", perEntryText(StaticRatio)) << ")";
    });
    return false;
  case ColdBy::NoProfile:
    ++NumLoopsCold;
    missed(F, "NoProfile", "no profile and static estimates are off");
    return false;
  case ColdBy::InBinary: {
    StringRef NotWarm = F.Warm ? warmRefusal(F) : "";
    if (F.Warm && NotWarm.empty())
      return alignWarmLoop(F);
    ++NumLoopsCold;
    missed(F, "Cold", [&](MachineOptimizationRemarkMissed &R) {
      R << "cold in the binary: back-edge count " << ore::NV("Count", F.Count)
        << " is not among the loops that make up 99% of its back-edge counts "
           "(loop profile)";
      if (F.Warm)
        R << "; warm, but " << ore::NV("NotWarm", NotWarm);
    });
    return false;
  }
  }
  // Step 4: the source's own request wins over any estimate of ours.
  if (std::optional<uint64_t> UserAlign = userLoopAlignment(F.ML)) {
    ++NumLoopsLeft;
    missed(F, "UserAlignment", [&](MachineOptimizationRemarkMissed &R) {
      R << "its source asks for alignment "
        << ore::NV("UserAlignment", *UserAlign) << " (llvm.loop.align)";
    });
    return false;
  }
  // A loop we would align, in a function that wants no padding (asked
  // after hotness: a cold loop is reported as cold). Profile-guided size
  // optimisation calls a function cold when all its counts are under the
  // summary's cold threshold; when one loop is the whole profile that
  // threshold is the loop's own raw counter, which its derived count never
  // reaches (see facts): a dominant loop is not taken for cold.
  if (SizeAttribute || (!F.hotDespiteSizeProfile() &&
                        sizeByProfile(*F.Loop->Target->getParent()))) {
    ++NumLoopsLeft;
    missed(F, "SizeOptimised",
           SizeAttribute ? "function is optimised for size"
                         : "function is optimised for size (its profile says "
                           "cold)");
    return false;
  }
  // Step 5.
  if (F.HotBytes > MaxLoopBytes) {
    ++NumLoopsNotTight;
    missed(F, "NotTight", [&](MachineOptimizationRemarkMissed &R) {
      R << "not tight: " << ore::NV("HotBytes", F.HotBytes)
        << " hot bytes (estimated; tight loops have at most "
        << ore::NV("Limit", unsigned(MaxLoopBytes)) << ")";
    });
    return false;
  }
  // Step 6. Inside a hot loop (whose iterations are its entries) a loop
  // fallen into on most of them runs its padding on most of them.
  unsigned Floor = MinNestedIterations;
  if (paddingRunsTooOften(F, All)) {
    ++NumLoopsPaddingTooOften;
    RefusedNested.push_back(size_t(&F - All.data()));
    missed(F, "NestedFewIterations", [&](MachineOptimizationRemarkMissed &R) {
      R << "nested in a hot loop, it iterates "
        << ore::NV("PerFallIn", belowLimitText(L.perFallIn(), Floor))
        << " times per fall-through entry (at least "
        << ore::NV("MinIterations", Floor)
        << "): its padding would run too often";
    });
    return false;
  }
  // Step 7.
  SpanPlan Plan = LineStart ? lineStartPlan(F, All)
                            : planHotBytesAlignment(F.Bytes, LineBytes, MaxPad);
  if (Plan.MaxSkip == 0) {
    ++NumLoopsLeft;
    if (Plan.Capped)
      missed(F, "NoPadAllowed", "-hotalign-max-pad is 0");
    else if (Plan.LineStartNotBest)
      missed(F, "LineStartNotBest",
             "its hot bytes touch fewer lines at another offset than at a "
             "line start");
    else
      missed(F, "FitsAnywhere", "its size fits the fewest lines at any offset");
    return false;
  }
  // Line-start mode neither checks nor charges the budgets, so the entry
  // alignment of step 8 keeps the whole module budget.
  if (!LineStart &&
      (Plan.MaxSkip > FunctionBudgetLeft || Plan.MaxSkip > Mod.BudgetLeft)) {
    ++NumLoopsLeft;
    missed(F, "Budget", "padding budget exhausted");
    return false;
  }
  if (!DebugCounter::shouldExecute(AlignCounter))
    return false;
  if (LineStart) {
    ++NumLoopsLineStart;
  } else {
    FunctionBudgetLeft -= Plan.MaxSkip;
    Mod.BudgetLeft -= Plan.MaxSkip;
  }
  NumPaddingBudgeted += Plan.MaxSkip;
  ++NumLoopsAligned;
  L.Target->setAlignment(Align(LineBytes), Plan.MaxSkip);
  LLVM_DEBUG(dbgs() << "[hotalign] " << printMBBReference(*L.Target) << ": "
                    << F.HotBytes << " hot bytes, max-skip " << Plan.MaxSkip
                    << "\n");
  ORE.emit([&] {
    MachineOptimizationRemark R(DEBUG_TYPE, "LoopAligned", locationOf(F),
                                L.Target);
    R << "aligned hot loop at " << ore::NV("Block", blockName(*L.Target))
      << ": " << ore::NV("HotBytes", F.HotBytes) << " hot bytes, ";
    if (HasProfile)
      R << "back-edge count " << ore::NV("Count", F.Count);
    else
      R << "back edges " << ore::NV("PerEntry", perEntryText(F.PerEntry))
        << "x loop entry";
    R << ", alignment " << ore::NV("Alignment", unsigned(LineBytes))
      << ", max-skip " << ore::NV("MaxSkip", Plan.MaxSkip);
    if (LineStart)
      R << (Plan.MaxSkip + 1 < LineBytes && !Plan.Capped
                ? " (line start where its span needs one)"
                : " (line start)");
    if (Plan.Capped)
      R << " (capped by -hotalign-max-pad)";
    // A stale or mismatched profile leaves the function without counts:
    // say that the static estimate stood in for it.
    if (!HasProfile && PSI.hasProfileSummary())
      R << " (no profile data for this function: static estimate)";
    return R;
  });
  return true;
}

/// Step 10's condition: nothing falls into the padding before \p Target, so
/// it costs bytes and no time. Not so before a function's or section's
/// first block (that alignment places the function or section), nor after
/// a block that may fall through (canFallThrough: true when unsure).
static bool paddingNeverRuns(MachineBasicBlock &Target) {
  if (&Target == &Target.getParent()->front() || Target.isBeginSection())
    return false;
  return !std::prev(Target.getIterator())->canFallThrough();
}

/// Why step 10 leaves warm loop \p F (the remark's words), or empty.
StringRef HotAlign::warmRefusal(const LoopFacts &F) const {
  if (userLoopAlignment(F.ML))
    return "its source asks for an alignment (llvm.loop.align)";
  if (SizeAttribute)
    return "its function is optimised for size";
  if (F.HotBytes > MaxLoopBytes)
    return "not tight";
  if (!paddingNeverRuns(*F.Loop->Target))
    return "the block before it may fall into it: padding would run";
  if (!planHotBytesAlignment(F.Bytes, LineBytes, MaxPad).MaxSkip)
    return "its size fits its fewest lines at any offset";
  // Last: it needs the block frequencies.
  if (sizeByProfile(*F.Loop->Target->getParent()))
    return "its function is optimised for size";
  return "";
}

/// Step 10: a warm loop, one the binary counts as iterating (at least
/// -hotalign-warm-min-count back edges) but not among its hottest, may be
/// hot in production, on another input than the training run's. Where its
/// padding never runs (warmRefusal) it costs only bytes, so the loop gets
/// the max-skip that pads exactly when its estimated hot bytes would touch
/// one line more than they need (not a line start: bytes are what it
/// costs), outside the padding budgets, which weigh time.
bool HotAlign::alignWarmLoop(const LoopFacts &F) {
  if (!DebugCounter::shouldExecute(AlignCounter))
    return false;
  const LayoutLoop &L = *F.Loop;
  SpanPlan Plan = planHotBytesAlignment(F.Bytes, LineBytes, MaxPad);
  ++NumWarmLoopsAligned;
  NumWarmPadding += Plan.MaxSkip;
  L.Target->setAlignment(Align(LineBytes), Plan.MaxSkip);
  LLVM_DEBUG(dbgs() << "[hotalign] " << printMBBReference(*L.Target)
                    << ": warm, " << F.HotBytes << " hot bytes, max-skip "
                    << Plan.MaxSkip << "\n");
  ORE.emit([&] {
    return MachineOptimizationRemark(DEBUG_TYPE, "WarmLoopAligned",
                                     locationOf(F), L.Target)
           << "aligned warm loop at " << ore::NV("Block", blockName(*L.Target))
           << ": " << ore::NV("HotBytes", F.HotBytes)
           << " hot bytes, back-edge count " << ore::NV("Count", F.Count)
           << " (the binary's; under its hot cut), alignment "
           << ore::NV("Alignment", unsigned(LineBytes)) << ", max-skip "
           << ore::NV("MaxSkip", Plan.MaxSkip)
           << " (the block before it cannot fall into it: the padding never "
              "runs)";
  });
  return true;
}

/// Step 1's profile-guided size decision, the query MachineBlockPlacement
/// uses; asked once per function, and only where a loop or the entry would
/// be padded (it needs the block frequencies, which hotalign otherwise
/// leaves uncomputed where the loop profile counts the function). A
/// function with a loop the binary's counts call hot is not cold, as such a
/// loop outweighs the size decision (LoopFacts::hotDespiteSizeProfile): its
/// warm loops are then asked about without computing them (bzip2's
/// BZ2_decompress: 260 M instructions, 2.5 % of its file's compile, for
/// that one question).
bool HotAlign::sizeByProfile(const MachineFunction &MF) const {
  if (!SizeByProfile)
    SizeByProfile = !SizeAttribute && !HasMeasuredHotLoop &&
                    shouldOptimizeForSize(&MF, &PSI, &MBFI());
  return *SizeByProfile;
}

/// Step 8: a hot function that fits in a line starts where it cannot cross
/// one: on the smallest power of two that holds its (upper-bound) bytes, a
/// line at most. A 20-byte function at 32 touches one line as surely as at
/// a line start, and leaves the rest of its line to the functions beside it:
/// a line start for every small hot function gave each a line of its own
/// (cmark's build: a dozen 5-40-byte hot functions, one line each, where
/// llvm-bolt packs them into four; its fully associative 8 KiB I1 misses fell
/// 1.7 %). Function alignment has no max-skip, so the whole
/// alignment-minus-one is budgeted.
bool HotAlign::alignFunctionEntry(MachineFunction &MF) {
  if (!HasProfile || !MaxFunctionBytes ||
      !PSI.isFunctionEntryHot(&MF.getFunction()))
    return false;
  SmallVector<const MachineBasicBlock *, 8> All;
  for (const MachineBasicBlock &MBB : MF)
    All.push_back(&MBB);
  uint64_t Bytes = Sizes->spanSize(All);
  uint64_t Alignment =
      std::min<uint64_t>(LineBytes, PowerOf2Ceil(std::max<uint64_t>(Bytes, 1)));
  uint64_t Cost = Alignment - 1;
  if (Bytes > MaxFunctionBytes || Cost > Mod.BudgetLeft ||
      MF.getAlignment().value() >= Alignment || sizeByProfile(MF))
    return false;
  Mod.BudgetLeft -= Cost;
  NumPaddingBudgeted += Cost;
  ++NumFunctionsAligned;
  MF.setAlignment(Align(Alignment));
  ORE.emit([&] {
    return MachineOptimizationRemark(DEBUG_TYPE, "FunctionAligned",
                                     MF.getFunction().getSubprogram(),
                                     &MF.front())
           << "aligned hot function entry: " << ore::NV("Bytes", Bytes)
           << " bytes, alignment " << ore::NV("Alignment", unsigned(Alignment));
  });
  return true;
}

/// Step 6's rule: inside a hot loop (whose iterations are its entries),
/// padding before \p F would run on most of them unless \p F iterates
/// -hotalign-min-nested-iterations times per entry that falls into it.
bool HotAlign::paddingRunsTooOften(const LoopFacts &F,
                                   const std::vector<LoopFacts> &All) const {
  unsigned Floor = MinNestedIterations;
  return Floor && hotAncestor(F, All) && F.Loop->perFallIn() < double(Floor);
}

/// Step 1, in a function a block order laid out (-fbasic-block-sections=
/// list=, `hotlayout loops --block-order`): its blocks are no longer where
/// MachineBlockPlacement aligned them. MBP aligns a loop's block where its
/// own order makes the padding cheap (nothing hot falls into it); the
/// order moved blocks after it, so such padding may now sit inside a loop
/// and run on every iteration (zopfli 1.0.3's ZopfliFindLongestMatch: the
/// 16-byte alignment of a rotated loop's header, fallen into from the
/// loop's own top block, ran a 6-byte nop 1.4 M times). Every alignment
/// that a fall-through from within the block's own loop reaches is dropped,
/// but what the source asked for (llvm.loop.align): an entry into a loop
/// that falls into its aligned block runs the padding once per entry, as
/// MBP meant. hotalign then aligns what it aligns. True when one was.
bool HotAlign::dropStaleAlignments(MachineFunction &MF) {
  if (!compat::LateMachinePassesSeeBlockSections || !MF.hasBBSections())
    return false;
  bool Changed = false;
  for (MachineBasicBlock &MBB : MF) {
    MachineBasicBlock *Prev = MBB.getPrevNode();
    MachineLoop *L = MLI.getLoopFor(&MBB);
    if (!Prev || !L || !L->contains(Prev) || MBB.getAlignment() == Align(1) ||
        MBB.isBeginSection() || !fallsThrough(*Prev, MBB) ||
        userLoopAlignment(L))
      continue;
    LLVM_DEBUG(dbgs() << "[hotalign] " << MF.getName() << ": "
                      << printMBBReference(MBB) << " falls in from "
                      << printMBBReference(*Prev) << ": alignment "
                      << MBB.getAlignment().value() << " dropped\n");
    MBB.setAlignment(Align(1));
    ++NumStaleAlignmentsDropped;
    Changed = true;
  }
  return Changed;
}

/// Step 1's second half, once step 3 has judged the loops: in a
/// block-ordered function, MachineBlockPlacement's alignments were chosen
/// for MBP's own order. Inside the span of a hot loop they only lengthen the
/// span whose lines hotalign is placing, and may make a fit impossible (xz
/// 5.4.1's lzma_mf_bt4_skip: a 52-byte hot inner loop held a cold loop's
/// header, 16-byte aligned after a jump; whatever the start, that block's
/// padding pushed the loop across a line): dropped, fallen into or not.
/// With a profile, hotalign knows which loops are hot and aligns those, so
/// every other MBP alignment goes too: in a function that ran, its padding
/// only spreads the hot code over more lines (xz: 500 nop bytes in its hot
/// functions, and 8 KiB I1 misses 1.038x plain llvm-bolt's; without them
/// 350 and 0.989x, bench/results/2026-11-29-intel-xeon-block-alignments).
/// What the source asked for stays. llvm-bolt's own block order aligns no
/// block either (-align-blocks is off).
bool HotAlign::dropBlockOrderAlignments(MachineFunction &MF,
                                        const std::vector<LoopFacts> &All) {
  if (!compat::LateMachinePassesSeeBlockSections || !MF.hasBBSections())
    return false;
  SmallPtrSet<const MachineBasicBlock *, 16> InHotSpans;
  for (const LoopFacts &F : All)
    if (F.hot())
      InHotSpans.insert(std::next(F.Loop->Span.begin()), F.Loop->Span.end());
  bool DropAll = DropBlockAlignments && HasProfile;
  bool Changed = false;
  for (MachineBasicBlock &MBB : MF) {
    MachineLoop *L = MLI.getLoopFor(&MBB);
    bool InHotSpan = InHotSpans.count(&MBB);
    if (!(InHotSpan || DropAll) || MBB.getAlignment() == Align(1) ||
        MBB.isBeginSection() || (L && userLoopAlignment(L)))
      continue;
    LLVM_DEBUG(dbgs() << "[hotalign] " << MF.getName() << ": "
                      << printMBBReference(MBB)
                      << (InHotSpan ? " in a hot loop's span" : "")
                      << ": alignment " << MBB.getAlignment().value()
                      << " dropped\n");
    MBB.setAlignment(Align(1));
    ++(InHotSpan ? NumAlignmentsInHotSpansDropped
                 : NumBlockOrderAlignmentsDropped);
    Changed = true;
  }
  return Changed;
}

/// Step 1: the module's one remark that its target's code is left alone.
void HotAlign::sayUnsupported(const MachineFunction &MF) {
  if (Mod.SaidUnsupported)
    return;
  Mod.SaidUnsupported = true;
  ORE.emit([&] {
    return MachineOptimizationRemarkMissed(DEBUG_TYPE, "UnsupportedTarget",
                                           MF.getFunction().getSubprogram(),
                                           &MF.front())
           << "hotalign, hotalign-jt-base: code for "
           << ore::NV("Triple", MF.getTarget().getTargetTriple().str())
           << " left as LLVM emits it (they change code for "
           << supportedCodegenTargets() << " only)";
  });
}

/// True when the profile says \p MF never ran (entry count 0) and the loop
/// profile does not count it: none of its loops can be hot, nor its entry.
/// Its loops are not looked at, which spares their block frequencies, the
/// costliest part of hotalign where most of a file never ran: lz4 1.9.4's
/// lz4.c with the recipe's profile, 43 of its 50 functions and 80 % of its
/// IR, where computing their frequencies was 91 % of hotalign's
/// instructions (bench/compile-cost).
bool HotAlign::neverRan(const MachineFunction &MF) const {
  if (!HasProfile)
    return false;
  std::optional<Function::ProfileCount> Entry =
      MF.getFunction().getEntryCount();
  if (!Entry || Entry->getCount())
    return false;
  if (!Mod.Measured)
    return true;
  // A function the loop profile counts is judged by its counts (layoutLoops
  // reports a file it cannot read).
  Expected<const MeasuredFunction *> Found = Mod.Measured->find(MF.getName());
  if (!Found) {
    consumeError(Found.takeError());
    return false;
  }
  return !*Found;
}

bool HotAlign::run(MachineFunction &MF) {
  // Step 1. -O0 asks for no optimisation: not even a remark.
  if (!Enable || MF.getTarget().getOptLevel() == CodeGenOptLevel::None)
    return false;
  if (!isCodegenTargetSupported(MF.getTarget().getTargetTriple())) {
    sayUnsupported(MF);
    return false;
  }
  SizeAttribute = MF.getFunction().hasOptSize();
  SizeByProfile.reset();
  Sizes = &Mod.sizes(MF.getTarget());
  Sizes->forgetFunction();
  HasProfile = MF.getFunction().hasProfileData() && PSI.hasProfileSummary();
  FunctionBudgetLeft = FunctionBudget;

  bool Changed = dropStaleAlignments(MF);
  if (neverRan(MF)) {
    ++NumFunctionsNeverRan;
    // Said where it used to say why each loop was left (one remark a
    // function with loops, none for the many without).
    if (!MLI.empty())
      ORE.emit([&] {
        return MachineOptimizationRemarkMissed(DEBUG_TYPE, "NeverRan",
                                               MF.getFunction().getSubprogram(),
                                               &MF.front())
               << "cold: " << ore::NV("Function", MF.getName())
               << " never ran in the profile (entry count 0): its loops are "
                  "not looked at";
      });
    return Changed;
  }
  // Steps 2 and 3 for every loop first: step 6 asks about enclosing loops.
  std::vector<LayoutLoop> Loops = layoutLoops(MF);
  std::vector<LoopFacts> Facts;
  for (const LayoutLoop &L : Loops)
    Facts.push_back(facts(L));
  HasMeasuredHotLoop = llvm::any_of(
      Facts, [](const LoopFacts &F) { return F.Measured && F.hot(); });
  Changed |= dropBlockOrderAlignments(MF, Facts);
  // Inner loops before the loop that holds them (an outer span's estimate
  // then counts the padding its inner loops were given), otherwise in
  // layout order: a post-order walk of the nesting.
  std::vector<SmallVector<size_t, 2>> Children(Facts.size());
  SmallVector<size_t, 2> Roots;
  for (size_t N = 0; N < Facts.size(); ++N)
    (Loops[N].Parent < 0 ? Roots : Children[Loops[N].Parent]).push_back(N);
  std::function<void(size_t)> Visit = [&](size_t N) {
    for (size_t C : Children[N])
      Visit(C);
    LoopFacts &F = Facts[N];
    measure(F);
    LLVM_DEBUG(dbgs() << "[hotalign] loop at "
                      << printMBBReference(*F.Loop->Target) << ": "
                      << F.PerEntry << " per loop entry, " << F.HotBytes
                      << " hot bytes of " << F.SpanBytes << ", "
                      << (F.hot() ? "hot" : "cold") << "\n");
    analysis(F);
    indirectFlow(F);
    Changed |= alignLoop(F, Facts);
  };
  RefusedNested.clear();
  for (size_t R : Roots)
    Visit(R);
  if (LineStart)
    Changed |= placeRefusedNested(MF, Facts);
  if (!SizeAttribute)
    Changed |= alignFunctionEntry(MF);
  return Changed;
}

/// The legacy pass manager's hotalign: what codegen runs (see Compat.h).
class HotAlignLegacy : public MachineFunctionPass {
public:
  static char ID;
  HotAlignLegacy() : MachineFunctionPass(ID) {
    // Reached in every host that builds a codegen pipeline, even one that
    // never asks the plugin for its pass-plugin info (llc -load).
    compat::applyEnvironmentOptions();
    initializeHotAlignLegacyPass(*PassRegistry::getPassRegistry());
  }

  StringRef getPassName() const override {
    return "hotlayout: align hot loops (hotalign)";
  }

  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineLoopInfoWrapperPass>();
    // No MachineBlockFrequencyInfo: by hotalign's place in codegen nothing
    // keeps the frequencies, and computing them again for every function
    // cost more than hotalign's own work (bzip2's decompress.c: 260 M of
    // 276 M instructions, with -use-iterative-bfi-inference). hotalign
    // computes them itself where it needs them (runOnMachineFunction).
    AU.addRequired<MachineBranchProbabilityInfoWrapperPass>();
    AU.addRequired<ProfileSummaryInfoWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  bool doInitialization(Module &M) override {
    State.reset(M);
    return false;
  }

  bool runOnMachineFunction(MachineFunction &MF) override {
    if (skipFunction(MF.getFunction()))
      return false;
    compat::installRemarkSink(MF.getFunction().getContext());
    // Computed on the first question, once per function. Not through
    // LazyMachineBlockFrequencyInfoPass: each of its getBFI() computes the
    // frequencies anew and frees those it handed out before, which the
    // remark emitter keeps when remarks carry hotness.
    const MachineLoopInfo &MLI =
        getAnalysis<MachineLoopInfoWrapperPass>().getLI();
    std::unique_ptr<MachineBlockFrequencyInfo> Frequencies;
    auto MBFI = [&]() -> const MachineBlockFrequencyInfo & {
      if (!Frequencies) {
        Frequencies = std::make_unique<MachineBlockFrequencyInfo>();
        Frequencies->calculate(
            MF,
            getAnalysis<MachineBranchProbabilityInfoWrapperPass>().getMBPI(),
            MLI);
      }
      return *Frequencies;
    };
    return HotAlign(
               MLI, MBFI, getAnalysis<ProfileSummaryInfoWrapperPass>().getPSI(),
               getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE(),
               State)
        .run(MF);
  }

private:
  ModuleState State;
};

char HotAlignLegacy::ID = 0;

} // namespace hotalign
} // namespace hotlayout

using namespace hotlayout::hotalign;

INITIALIZE_PASS_BEGIN(HotAlignLegacy, DEBUG_TYPE,
                      "hotlayout: align hot loops (hotalign)", false, false)
INITIALIZE_PASS_DEPENDENCY(MachineLoopInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineBranchProbabilityInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(ProfileSummaryInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_END(HotAlignLegacy, DEBUG_TYPE,
                    "hotlayout: align hot loops (hotalign)", false, false)

MachineFunctionPass *hotlayout::createHotAlignPass() {
  return new HotAlignLegacy();
}
