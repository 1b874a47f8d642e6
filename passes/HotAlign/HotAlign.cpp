//===- HotAlign.cpp - Keep hot loops off cache-line boundaries ------------===//
//
// A tight loop that straddles a 64-byte line runs 1.4-1.8x slower on the
// machines we measured; LLVM aligns loop headers to 16 bytes and never looks
// at where the loop ends, so unrelated changes move hot loops onto slow
// offsets. hotalign runs after block placement and the pre-emit passes, when
// the layout is final, and for each function:
//  1. Does nothing at -O0 or on optnone functions (the legacy adapter's
//     skipFunction, which also answers -opt-bisect-limit). In a function
//     optimised for size (-Os/-Oz, or profile-guided size optimisation of a
//     cold function: shouldOptimizeForSize, the query MachineBlockPlacement
//     uses) it reports the loops it would have aligned and pads nothing.
//  2. Leaves a loop whose source asks for an alignment (llvm.loop.align,
//     from [[clang::code_align(N)]]) with that alignment.
//  3. Decides hotness: with a profile (instrumented or sample), a loop is hot
//     when its header count (with -hotalign-profile-slack) reaches the
//     -hotalign-hot-percentile threshold of the profile summary, or is within
//     -hotalign-max-count-ratio of its largest count (derived loop counts
//     fall under the raw counts the plain "hot" cutoff is made of);
//     without one, when the header's static frequency is at least
//     -hotalign-static-ratio times the function entry's.
//  4. For each hot innermost loop, takes the span that executes hot: the
//     layout-contiguous run of loop blocks from the loop's top block up to
//     its last hot block. Loops whose hot blocks are not contiguous are left.
//  5. Estimates the span's bytes (InstSizeEstimator: an upper bound) and asks
//     AlignmentPlan for the max-skip that makes the assembler pad exactly when
//     the span would touch more lines than its size needs. The padding goes
//     before the top block, i.e. outside the loop's executed path.
//  6. Charges the max-skip to the function and module budgets, sets
//     `.p2align log2(line), , K` on the top block and reports a remark.
//  7. Aligns the entry of a hot function that fits in a line.
// Loops that are cold, too large or over budget keep LLVM's own alignment.
//
// -hotalign-line-start (off by default) trades bytes for certainty: steps
// 1-4 stay (hotness rules and -hotalign-hot-percentile, size-optimised
// functions, llvm.loop.align, the contiguous span), but every hot loop,
// outer loops too, is aligned to a line start with max-skip line - 1
// (still capped by -hotalign-max-pad), whatever its estimated size; the
// size limit and the padding budgets do not apply to it. On the aligned-lock
// programs the estimate-driven max-skip missed straddles that the line start
// removes (README, hotalign section).
//
// Like MachineBlockPlacement, the algorithm (class HotAlign) sees only the
// analyses it is handed; HotAlignLegacy, the registered legacy pass, fetches
// them (hotlayout/HotAlign.h says why there is no new-PM adapter yet).
//
//===----------------------------------------------------------------------===//

#include "hotlayout/HotAlign.h"
#include "hotlayout/Compat.h"
#include "hotlayout/Support/AlignmentPlan.h"
#include "hotlayout/Support/OptionParsers.h"

#include "InstSizeEstimator.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/CodeGen/MachineBlockFrequencyInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineSizeOpts.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ProfileSummary.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/DebugCounter.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;
using namespace hotlayout;

#define DEBUG_TYPE "hotalign"

STATISTIC(NumLoopsAligned, "Number of hot loops given a max-skip alignment");
STATISTIC(NumPaddingBudgeted, "Bytes of padding budgeted (sum of max-skips)");
STATISTIC(NumFunctionsAligned, "Number of hot functions aligned to a line");
STATISTIC(NumLoopsLeft, "Number of hot loops left with LLVM's alignment");
STATISTIC(NumLoopsLineStart,
          "Number of hot loops aligned to a line start (-hotalign-line-start)");

DEBUG_COUNTER(AlignCounter, "hotalign-loop",
              "Controls which hot loops hotalign aligns");

static cl::OptionCategory HotAlignCategory("hotlayout hotalign options");

// Like LLVM's own codegen passes, only the switch is listed by --help; the
// tuning knobs are hidden (--help-hidden lists them).

static cl::opt<bool> Enable("hotalign-enable",
                            cl::desc("Run hotalign in codegen (default: on)"),
                            cl::init(true), cl::cat(HotAlignCategory));

static cl::opt<unsigned, false, PowerOfTwoParser>
    LineBytes("hotalign-line-size",
              cl::desc("Line to keep hot loops within: 64 for I-cache lines, "
                       "32 for decoded-uop windows, 128 (default: 64)"),
              cl::init(64), cl::Hidden, cl::cat(HotAlignCategory));

static cl::opt<unsigned>
    MaxPad("hotalign-max-pad",
           cl::desc("Most padding bytes allowed before one loop (default: 63)"),
           cl::init(63), cl::Hidden, cl::cat(HotAlignCategory));

static cl::opt<unsigned> FunctionBudget(
    "hotalign-function-budget",
    cl::desc("Most padding bytes budgeted per function (default: 256)"),
    cl::init(256), cl::Hidden, cl::cat(HotAlignCategory));

static cl::opt<unsigned> ModuleBudget(
    "hotalign-module-budget",
    cl::desc("Most padding bytes budgeted per module (default: 16384)"),
    cl::init(16384), cl::Hidden, cl::cat(HotAlignCategory));

static cl::opt<unsigned> MaxLoopBytes(
    "hotalign-max-loop-size",
    cl::desc("Loops larger than this many bytes are left alone (default: 256)"),
    cl::init(256), cl::Hidden, cl::cat(HotAlignCategory));

static cl::opt<bool> UseStatic(
    "hotalign-static",
    cl::desc("Without a profile, use static block frequencies relative to the "
             "function entry (default: on)"),
    cl::init(true), cl::Hidden, cl::cat(HotAlignCategory));

static cl::opt<double> StaticRatio(
    "hotalign-static-ratio",
    cl::desc("Without a profile, a loop is hot when its header runs at least "
             "this many times per function entry (default: 8)"),
    cl::init(8.0), cl::Hidden, cl::cat(HotAlignCategory));

// 999999 is the last cutoff llvm-profdata writes into a profile summary;
// asking past it aborts in ProfileSummaryInfo.
static cl::opt<int, false, IntRangeParser<1, 999999>> HotPercentile(
    "hotalign-hot-percentile",
    cl::desc("With a profile, a loop is hot when its header count, times "
             "-hotalign-profile-slack, reaches the smallest count among those "
             "making up this fraction (per million) of the profile; 1..999999 "
             "(default: 999000)"),
    cl::init(999000), cl::Hidden, cl::cat(HotAlignCategory));

static cl::opt<unsigned> ProfileSlack(
    "hotalign-profile-slack",
    cl::desc("Derived loop-header counts fall below the raw counts a profile "
             "summary is built from (clang's branch weights are count+1, "
             "which halves a one-entry loop's header count): compare header "
             "counts to the percentile threshold with this factor of slack "
             "(default: 2)"),
    cl::init(2), cl::Hidden, cl::cat(HotAlignCategory));

static cl::opt<unsigned> MaxCountRatio(
    "hotalign-max-count-ratio",
    cl::desc("A loop whose header count is at least 1/N of the profile's "
             "largest count is hot whatever the percentile: a dominant loop "
             "that unrolling or vectorising divided; 0 disables "
             "(default: 16)"),
    cl::init(16), cl::Hidden, cl::cat(HotAlignCategory));

static cl::opt<unsigned> MaxFunctionBytes(
    "hotalign-max-function-size",
    cl::desc("Hot functions up to this many bytes get their entry aligned to "
             "a line; 0 disables (default: 64)"),
    cl::init(64), cl::Hidden, cl::cat(HotAlignCategory));

static cl::opt<bool> LineStart(
    "hotalign-line-start",
    cl::desc("Align the head of every hot loop, outer loops too, to the start "
             "of a line, padding up to line-1 bytes whatever its estimated "
             "size; -hotalign-max-loop-size and the padding budgets do not "
             "apply, -hotalign-max-pad still caps (default: off)"),
    cl::init(false), cl::Hidden, cl::cat(HotAlignCategory));

namespace {

/// What hotalign keeps from one function to the next within a module: the
/// module's padding budget, its profile's largest count, and the size
/// estimator (built once per target machine).
struct ModuleState {
  uint64_t BudgetLeft = 0;
  uint64_t ProfileMaxCount = 0;
  const TargetMachine *SizesFor = nullptr;
  std::unique_ptr<InstSizeEstimator> Sizes;

  /// Starts \p M's budget afresh.
  void reset(const Module &M) {
    BudgetLeft = ModuleBudget;
    ProfileMaxCount = 0;
    if (Metadata *MD = M.getProfileSummary(/*IsCS=*/false))
      if (std::unique_ptr<ProfileSummary> PS{ProfileSummary::getFromMD(MD)})
        ProfileMaxCount = PS->getMaxCount();
  }

  /// The size estimator for \p TM.
  const InstSizeEstimator &sizes(const TargetMachine &TM) {
    if (SizesFor != &TM) {
      Sizes = std::make_unique<InstSizeEstimator>(TM);
      SizesFor = &TM;
    }
    return *Sizes;
  }
};

/// A loop block is part of the hot span when it runs at least this fraction
/// of the header's frequency; rarer blocks are the cold paths placement
/// already moved out of the way.
constexpr uint64_t HotBlockDivisor = 16;

/// The algorithm, one machine function at a time, on the analyses the
/// adapter hands it.
class HotAlign {
public:
  HotAlign(const MachineLoopInfo &MLI, const MachineBlockFrequencyInfo &MBFI,
           ProfileSummaryInfo &PSI, MachineOptimizationRemarkEmitter &ORE,
           ModuleState &Mod)
      : MLI(MLI), MBFI(MBFI), PSI(PSI), ORE(ORE), Mod(Mod) {}

  /// Aligns \p MF's hot loops; true when an alignment changed.
  bool run(MachineFunction &MF);

private:
  /// What step 3 decided for one loop.
  struct Hotness {
    bool Hot = false;
    bool Dominant = false; ///< Hot by the dominant-loop rule.
    uint64_t Count = 0;    ///< Profile count of the header, if any.
    double Ratio = 0;      ///< Header frequency / entry frequency.
  };

  Hotness loopHotness(const MachineLoop &L) const;
  bool hotSpan(MachineLoop &L,
               SmallVectorImpl<const MachineBasicBlock *> &Span) const;
  bool alignLoop(MachineLoop &L);
  bool alignFunctionEntry(MachineFunction &MF);
  void missed(const MachineLoop &L, StringRef Name, StringRef Why);

  const MachineLoopInfo &MLI;
  const MachineBlockFrequencyInfo &MBFI;
  ProfileSummaryInfo &PSI;
  MachineOptimizationRemarkEmitter &ORE;
  ModuleState &Mod;
  const InstSizeEstimator *Sizes = nullptr;
  bool HasProfile = false;
  /// Step 1: -Os/-Oz (the attribute), or profile-guided size optimisation.
  bool SizeAttribute = false;
  bool SizeByProfile = false;
  uint64_t FunctionBudgetLeft = 0;
};

/// The alignment a loop's source asks for (`llvm.loop.align`, which clang
/// emits for [[clang::code_align(N)]]), read as MachineBlockPlacement
/// reads it; nullopt when it asks for none.
std::optional<uint64_t> userLoopAlignment(const MachineLoop &L) {
  MDNode *Align = findOptionMDForLoopID(L.getLoopID(), "llvm.loop.align");
  if (!Align || Align->getNumOperands() != 2)
    return std::nullopt;
  if (auto *N = mdconst::dyn_extract<ConstantInt>(Align->getOperand(1)))
    return N->getZExtValue();
  return std::nullopt;
}

HotAlign::Hotness HotAlign::loopHotness(const MachineLoop &L) const {
  Hotness H;
  const MachineBasicBlock *Header = L.getHeader();
  if (MBFI.getEntryFreq() != BlockFrequency(0))
    H.Ratio = MBFI.getBlockFreqRelativeToEntryBlock(Header);
  if (HasProfile) {
    H.Count = MBFI.getBlockProfileCount(Header).value_or(0);
    // When one loop is the whole profile the threshold is its own raw
    // count, which its derived header count never reaches: hence the slack
    // and the dominant-loop rule.
    uint64_t Scaled = SaturatingMultiply(H.Count, uint64_t(ProfileSlack));
    H.Dominant = MaxCountRatio && Mod.ProfileMaxCount &&
                 SaturatingMultiply(H.Count, uint64_t(MaxCountRatio)) >=
                     Mod.ProfileMaxCount;
    H.Hot = H.Count &&
            (H.Dominant || PSI.isHotCountNthPercentile(HotPercentile, Scaled));
  } else if (UseStatic) {
    H.Hot = H.Ratio >= StaticRatio;
  }
  return H;
}

/// Step 4: the loop's layout-contiguous run from its top block, cut after
/// the last hot block. False when a hot loop block lies outside that run.
bool HotAlign::hotSpan(MachineLoop &L,
                       SmallVectorImpl<const MachineBasicBlock *> &Span) const {
  BlockFrequency HotFreq = BlockFrequency(
      MBFI.getBlockFreq(L.getHeader()).getFrequency() / HotBlockDivisor);
  auto IsHot = [&](const MachineBasicBlock *MBB) {
    return MBFI.getBlockFreq(MBB) >= HotFreq;
  };
  SmallPtrSet<const MachineBasicBlock *, 8> InRun;
  size_t LastHot = 0;
  for (auto It = L.getTopBlock()->getIterator(),
            End = L.getHeader()->getParent()->end();
       It != End && L.contains(&*It); ++It) {
    Span.push_back(&*It);
    InRun.insert(&*It);
    if (IsHot(&*It))
      LastHot = Span.size();
  }
  Span.resize(LastHot);
  return all_of(L.blocks(), [&](const MachineBasicBlock *MBB) {
    return InRun.count(MBB) || !IsHot(MBB);
  });
}

void HotAlign::missed(const MachineLoop &L, StringRef Name, StringRef Why) {
  ++NumLoopsLeft;
  ORE.emit([&] {
    return MachineOptimizationRemarkMissed(DEBUG_TYPE, Name, L.getStartLoc(),
                                           L.getHeader())
           << "loop not aligned: " << Why;
  });
}

bool HotAlign::alignLoop(MachineLoop &L) {
  // Step 2: the source's own request wins over any estimate of ours.
  if (std::optional<uint64_t> UserAlign = userLoopAlignment(L)) {
    ++NumLoopsLeft;
    ORE.emit([&] {
      return MachineOptimizationRemarkMissed(DEBUG_TYPE, "UserAlignment",
                                             L.getStartLoc(), L.getHeader())
             << "loop not aligned: its source asks for alignment "
             << ore::NV("UserAlignment", *UserAlign) << " (llvm.loop.align)";
    });
    return false;
  }
  Hotness H = loopHotness(L);
  if (!H.Hot) {
    // Cold loops are the common case; say so only when asked for detail.
    LLVM_DEBUG(dbgs() << "[hotalign] cold loop at "
                      << printMBBReference(*L.getHeader()) << " ratio "
                      << H.Ratio << "\n");
    if (!HasProfile && !UseStatic)
      missed(L, "NoProfile", "no profile and static estimates are off");
    else
      missed(L, "Cold", "cold");
    return false;
  }
  // A loop we would align, in a function that wants no padding (asked
  // after hotness: a cold loop is reported as cold). Profile-guided size
  // optimisation calls a function cold when all its counts are under the
  // summary's cold threshold; when one loop is the whole profile that
  // threshold is the loop's own raw counter, which its derived count never
  // reaches (see loopHotness): a dominant loop is not taken for cold.
  if (SizeAttribute) {
    missed(L, "SizeOptimised", "function is optimised for size");
    return false;
  }
  if (SizeByProfile && !H.Dominant) {
    missed(L, "SizeOptimised",
           "function is optimised for size (its profile says cold)");
    return false;
  }
  SmallVector<const MachineBasicBlock *, 8> Span;
  if (!hotSpan(L, Span) || Span.empty()) {
    missed(L, "NotContiguous", "no layout-contiguous span");
    return false;
  }
  uint64_t Bytes = Sizes->spanSize(Span);
  // In line-start mode the size only goes into the remark.
  if (!LineStart && Bytes > MaxLoopBytes) {
    ORE.emit([&] {
      return MachineOptimizationRemarkMissed(DEBUG_TYPE, "TooLarge",
                                             L.getStartLoc(), L.getHeader())
             << "loop not aligned: too large (" << ore::NV("SpanBytes", Bytes)
             << " bytes, limit " << ore::NV("Limit", unsigned(MaxLoopBytes))
             << ")";
    });
    ++NumLoopsLeft;
    return false;
  }
  SpanPlan Plan = LineStart ? planLineStart(LineBytes, MaxPad)
                            : planSpanAlignment(Bytes, LineBytes, MaxPad);
  if (Plan.MaxSkip == 0) {
    if (Plan.Capped)
      missed(L, "NoPadAllowed", "-hotalign-max-pad is 0");
    else
      missed(L, "FitsAnywhere", "its size fits the fewest lines at any offset");
    return false;
  }
  // Line-start mode neither checks nor charges the budgets, so the entry
  // alignment of step 7 keeps the whole module budget.
  if (!LineStart &&
      (Plan.MaxSkip > FunctionBudgetLeft || Plan.MaxSkip > Mod.BudgetLeft)) {
    missed(L, "Budget", "padding budget exhausted");
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
  MachineBasicBlock *Top = const_cast<MachineBasicBlock *>(Span.front());
  Top->setAlignment(Align(LineBytes), Plan.MaxSkip);
  LLVM_DEBUG(dbgs() << "[hotalign] " << printMBBReference(*Top) << ": span "
                    << Bytes << " bytes, max-skip " << Plan.MaxSkip << "\n");
  ORE.emit([&] {
    MachineOptimizationRemark R(DEBUG_TYPE, "LoopAligned", L.getStartLoc(),
                                L.getHeader());
    R << "aligned hot loop: span " << ore::NV("SpanBytes", Bytes) << " bytes, ";
    if (HasProfile)
      R << "count " << ore::NV("Count", H.Count);
    else
      R << "frequency " << ore::NV("Ratio", unsigned(H.Ratio)) << "x entry";
    R << ", alignment " << ore::NV("Alignment", unsigned(LineBytes))
      << ", max-skip " << ore::NV("MaxSkip", Plan.MaxSkip);
    if (LineStart)
      R << " (line start)";
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

/// Step 7: a hot function that fits in a line starts on one. Function
/// alignment has no max-skip, so the whole line-minus-one is budgeted.
bool HotAlign::alignFunctionEntry(MachineFunction &MF) {
  if (!HasProfile || !MaxFunctionBytes ||
      !PSI.isFunctionEntryHot(&MF.getFunction()))
    return false;
  SmallVector<const MachineBasicBlock *, 8> All;
  for (const MachineBasicBlock &MBB : MF)
    All.push_back(&MBB);
  uint64_t Bytes = Sizes->spanSize(All);
  uint64_t Cost = LineBytes - 1;
  if (Bytes > MaxFunctionBytes || Cost > Mod.BudgetLeft ||
      MF.getAlignment().value() >= LineBytes)
    return false;
  Mod.BudgetLeft -= Cost;
  NumPaddingBudgeted += Cost;
  ++NumFunctionsAligned;
  MF.setAlignment(Align(LineBytes));
  ORE.emit([&] {
    return MachineOptimizationRemark(DEBUG_TYPE, "FunctionAligned",
                                     MF.getFunction().getSubprogram(),
                                     &MF.front())
           << "aligned hot function entry: " << ore::NV("Bytes", Bytes)
           << " bytes, alignment " << ore::NV("Alignment", unsigned(LineBytes));
  });
  return true;
}

bool HotAlign::run(MachineFunction &MF) {
  // Step 1. -O0 asks for no optimisation: not even a remark.
  if (!Enable || MF.getTarget().getOptLevel() == CodeGenOptLevel::None)
    return false;
  SizeAttribute = MF.getFunction().hasOptSize();
  SizeByProfile = !SizeAttribute && shouldOptimizeForSize(&MF, &PSI, &MBFI);
  Sizes = &Mod.sizes(MF.getTarget());
  HasProfile = MF.getFunction().hasProfileData() && PSI.hasProfileSummary();
  FunctionBudgetLeft = FunctionBudget;

  // By default only innermost loops, where the hot instructions gather, are
  // padded; line-start mode pads outer loops' heads too (an outer head that
  // straddles costs a line per outer iteration, which the bench counted).
  bool Changed = false;
  for (MachineLoop *L : MLI.getLoopsInPreorder())
    if (LineStart || L->isInnermost())
      Changed |= alignLoop(*L);
  if (!SizeAttribute && !SizeByProfile)
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
    AU.addRequired<MachineBlockFrequencyInfoWrapperPass>();
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
    return HotAlign(
               getAnalysis<MachineLoopInfoWrapperPass>().getLI(),
               getAnalysis<MachineBlockFrequencyInfoWrapperPass>().getMBFI(),
               getAnalysis<ProfileSummaryInfoWrapperPass>().getPSI(),
               getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE(),
               State)
        .run(MF);
  }

private:
  ModuleState State;
};

char HotAlignLegacy::ID = 0;

} // namespace

INITIALIZE_PASS_BEGIN(HotAlignLegacy, DEBUG_TYPE,
                      "hotlayout: align hot loops (hotalign)", false, false)
INITIALIZE_PASS_DEPENDENCY(MachineLoopInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineBlockFrequencyInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(ProfileSummaryInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_END(HotAlignLegacy, DEBUG_TYPE,
                    "hotlayout: align hot loops (hotalign)", false, false)

MachineFunctionPass *hotlayout::createHotAlignPass() {
  return new HotAlignLegacy();
}
