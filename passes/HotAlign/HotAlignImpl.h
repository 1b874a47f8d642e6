//===- HotAlignImpl.h - hotalign's algorithm, shared by its files -*- C++
//-*-===//
//
// The HotAlign class and what it keeps per loop and per module, for the
// files that implement its steps: HotAlign.cpp (steps 1-8) and
// HotAlignNested.cpp (step 9). Private to passes/HotAlign.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_HOTALIGN_HOTALIGNIMPL_H
#define HOTLAYOUT_HOTALIGN_HOTALIGNIMPL_H

#include "HotAlignOptions.h"
#include "InstSizeEstimator.h"
#include "LayoutLoops.h"
#include "LoopProfile.h"

#include "hotlayout/Support/AlignmentPlan.h"
#include "hotlayout/Support/CacheLines.h"
#include "hotlayout/Support/HotLoopRules.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ProfileSummaryInfo.h"
#include "llvm/CodeGen/MachineBlockFrequencyInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ProfileSummary.h"
#include "llvm/ProfileData/ProfileCommon.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {
namespace hotalign {

// The LLVM names this header and the two files that include it use
// unqualified (it is private to them).
using namespace llvm;

/// What hotalign keeps from one function to the next within a module: the
/// module's padding budget, its profile's hot threshold and largest count,
/// and the size estimator (built once per target machine).
struct ModuleState {
  uint64_t BudgetLeft = 0;
  uint64_t ProfileMaxCount = 0;
  /// The smallest count among those making up -hotalign-hot-percentile of
  /// the profile (ProfileSummaryInfo::isHotCountNthPercentile's threshold).
  uint64_t HotThreshold = 0;
  const TargetMachine *SizesFor = nullptr;
  std::unique_ptr<InstSizeEstimator> Sizes;
  /// -hotalign-loop-profile's counts, when given and read.
  std::optional<MeasuredProfile> Measured;
  /// Step 1's one remark per module on a target hotalign does not support.
  bool SaidUnsupported = false;

  /// Starts \p M's budget afresh, reads its profile summary and the loop
  /// profile (an unreadable one is an error: the build stops, it does not
  /// quietly fall back to what the user asked to replace). A module without
  /// code does not read the loop profile: parsing it cost a data-only file
  /// more than its whole compile's 5 % (bzip2's crctable.c: 4.7 M of 88 M
  /// instructions).
  void reset(Module &M) {
    Measured.reset();
    SaidUnsupported = false;
    bool HasCode =
        llvm::any_of(M, [](const Function &F) { return !F.isDeclaration(); });
    if (std::string Path = loopProfilePath(M); HasCode && !Path.empty()) {
      Expected<MeasuredProfile> P = MeasuredProfile::read(Path);
      if (P)
        Measured = std::move(*P);
      else
        M.getContext().emitError("hotalign: " + toString(P.takeError()));
    }
    BudgetLeft = ModuleBudget;
    ProfileMaxCount = 0;
    HotThreshold = 0;
    if (Metadata *MD = M.getProfileSummary(/*IsCS=*/false))
      if (std::unique_ptr<ProfileSummary> PS{ProfileSummary::getFromMD(MD)}) {
        ProfileMaxCount = PS->getMaxCount();
        if (!PS->getDetailedSummary().empty())
          HotThreshold = ProfileSummaryBuilder::getEntryForPercentile(
                             PS->getDetailedSummary(), HotPercentile)
                             .MinCount;
      }
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

/// Why step 3 calls a loop cold (or nothing: hot).
enum class ColdBy {
  NotCold,
  FewIterations,
  BelowThreshold,
  Static,
  NoProfile,
  InBinary, ///< The loop profile's judge: not among the hottest loops.
};

/// What hotalign knows of one loop of the layout.
struct LoopFacts {
  const LayoutLoop *Loop = nullptr;
  /// The MachineLoop it belongs to (remarks' location, llvm.loop.align).
  const MachineLoop *ML = nullptr;
  ColdBy Cold = ColdBy::NotCold;
  bool Dominant = false; ///< Hot by the dominant-loop rule.
  bool Measured = false; ///< Counts and verdict from the binary.
  /// LLVM peeled it (llvm.loop.peeled.count): its per-entry count is the
  /// whole loop's average, so its count alone decides.
  bool Peeled = false;
  /// Cold in the binary (ColdBy::InBinary) but iterating, with a back-edge
  /// count of at least -hotalign-warm-min-count: aligned where its padding
  /// never runs (step 10).
  bool Warm = false;
  uint64_t Count = 0;              ///< Back-edge count, with a profile.
  double PerEntry = 0;             ///< Back edges per entry of the loop.
  std::vector<ByteInterval> Bytes; ///< Hot bytes, offsets from the target.
  /// Estimated hot bytes: the hot blocks' code, without the alignment
  /// padding of blocks inside the span (an upper bound that the tight test
  /// would take for code; the judge counts padding only where it runs).
  uint64_t HotBytes = 0;
  uint64_t SpanBytes = 0;

  bool hot() const { return Cold == ColdBy::NotCold; }
  /// Hot by a count that outweighs a profile-guided size decision: the
  /// dominant loop, or a loop the binary's counts call hot.
  bool hotDespiteSizeProfile() const { return Dominant || Measured; }
};

/// Where step 9 puts the nops that place a loop X for its nested loops.
struct PadPoint {
  /// The pad block goes right before this block: X's first block, or an
  /// earlier block that nothing falls into (a dead point: the nops never
  /// run), from which the code falls through to X's first block.
  MachineBasicBlock *Before = nullptr;
  /// The blocks from Before up to X's first block, in layout order: their
  /// code lies between the nops and X (none at X's first block).
  SmallVector<const MachineBasicBlock *, 4> Lead;
  bool dead(const LoopFacts &X) const { return Before != X.Loop->Target; }
};

/// The algorithm, one machine function at a time, on the analyses the
/// adapter hands it.
class HotAlign {
public:
  /// \p MBFI computes the block frequencies when first called: hotalign
  /// asks for them only where the loop profile does not count a function's
  /// loops, or a size decision needs them.
  HotAlign(const MachineLoopInfo &MLI,
           function_ref<const MachineBlockFrequencyInfo &()> MBFI,
           ProfileSummaryInfo &PSI, MachineOptimizationRemarkEmitter &ORE,
           ModuleState &Mod)
      : MLI(MLI), MBFI(MBFI), PSI(PSI), ORE(ORE), Mod(Mod) {}

  /// Aligns \p MF's hot loops; true when an alignment changed.
  bool run(MachineFunction &MF);

private:
  LoopFacts facts(const LayoutLoop &L) const;
  void measure(LoopFacts &F) const;
  bool spanLinesKnown(const LoopFacts &F) const;
  bool spanHoldsHotLoop(const LoopFacts &F,
                        const std::vector<LoopFacts> &All) const;
  SpanPlan lineStartPlan(const LoopFacts &F,
                         const std::vector<LoopFacts> &All) const;
  bool alignLoop(const LoopFacts &F, const std::vector<LoopFacts> &All);
  bool hotAncestor(const LoopFacts &F, const std::vector<LoopFacts> &All) const;
  bool paddingRunsTooOften(const LoopFacts &F,
                           const std::vector<LoopFacts> &All) const;
  StringRef warmRefusal(const LoopFacts &F) const;
  bool alignWarmLoop(const LoopFacts &F);
  bool alignFunctionEntry(MachineFunction &MF);
  bool placeRefusedNested(MachineFunction &MF, std::vector<LoopFacts> &All);
  std::optional<PadPoint> padPointFor(const MachineFunction &MF,
                                      const LoopFacts &X,
                                      const std::vector<LoopFacts> &All) const;
  std::optional<PadPoint> deadPadPoint(const LoopFacts &X,
                                       const std::vector<LoopFacts> &All) const;
  bool placeAnchor(MachineFunction &MF, const std::vector<LoopFacts> &All,
                   size_t X, const PadPoint &At, ArrayRef<size_t> Nested);
  bool padNestedAfterAll(const LoopFacts &F, const LoopFacts &Anchor,
                         uint64_t Doubt);
  void padBefore(MachineFunction &MF, MachineBasicBlock &Target,
                 uint64_t Offset);
  void sayBlockOrderNotApplied(const MachineFunction &MF);
  bool dropStaleAlignments(MachineFunction &MF);
  bool neverRan(const MachineFunction &MF) const;
  bool dropBlockOrderAlignments(MachineFunction &MF,
                                const std::vector<LoopFacts> &All);
  std::vector<LayoutLoop> layoutLoops(const MachineFunction &MF);
  void analysis(const LoopFacts &F);
  void indirectFlow(const LoopFacts &F);
  void sayUnsupported(const MachineFunction &MF);
  void missed(const LoopFacts &F, StringRef Name,
              function_ref<void(MachineOptimizationRemarkMissed &)> Why);
  void missed(const LoopFacts &F, StringRef Name, StringRef Why);

  const MachineLoopInfo &MLI;
  function_ref<const MachineBlockFrequencyInfo &()> MBFI;
  ProfileSummaryInfo &PSI;
  MachineOptimizationRemarkEmitter &ORE;
  ModuleState &Mod;
  const InstSizeEstimator *Sizes = nullptr;
  bool HasProfile = false;
  /// Step 1: -Os/-Oz (the attribute), or profile-guided size optimisation
  /// (sizeByProfile: asked only where a loop would be padded, as it needs
  /// the block frequencies).
  bool SizeAttribute = false;
  bool sizeByProfile(const MachineFunction &MF) const;
  mutable std::optional<bool> SizeByProfile;
  /// The loop profile calls one of the function's loops hot: the function
  /// is not cold, whatever the IR profile's counts say.
  bool HasMeasuredHotLoop = false;
  uint64_t FunctionBudgetLeft = 0;
  /// Step 6's refusals: loops nested in a hot loop that iterate too few
  /// times per entry to run padding of their own (indices into the facts).
  SmallVector<size_t, 4> RefusedNested;
};

/// The nops that padding before a loop may run per entry that falls into
/// it, against the instructions its iterations run per such entry.
struct PaddingCost {
  uint64_t Nops = 0;   ///< At most, per entry that falls in.
  uint64_t Body = 0;   ///< Instructions of the loop's hot blocks.
  double PerEntry = 0; ///< Iterations per entry that falls in.
  double Floor = 1;    ///< The share's denominator (at least 1).
  bool Cheap = false;  ///< Nops x Floor <= PerEntry x Body.
};
/// Cheap when the nops are at most 1/\p Share of the work (a \p Share of 0
/// counts as 1).
PaddingCost paddingCost(const LayoutLoop &L, uint64_t MaxSkip, unsigned Share);

/// The alignment a loop's source asks for (`llvm.loop.align`); nullopt when
/// it asks for none.
std::optional<uint64_t> userLoopAlignment(const MachineLoop *L);
/// Where remarks about \p F point.
DebugLoc locationOf(const LoopFacts &F);
/// Iterations per entry as remarks print them: one decimal.
std::string perEntryText(double PerEntry);
/// "%bb.N", as -print-after and the assembly's .LBB<f>_N labels name it.
std::string blockName(const MachineBasicBlock &MBB);

} // namespace hotalign
} // namespace hotlayout

#endif // HOTLAYOUT_HOTALIGN_HOTALIGNIMPL_H
