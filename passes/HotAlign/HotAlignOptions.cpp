//===- HotAlignOptions.cpp - hotalign's command-line options --------------===//
//
// Every -hotalign-* option, apart from the algorithm that reads them
// (HotAlign.cpp), and the recording of -hotalign-loop-profile for an LTO
// link. Defaults come from hotlayout/Support/HotLoopRules.h where the one
// definition has one.
//
//===----------------------------------------------------------------------===//

#include "HotAlignOptions.h"

#include "hotlayout/HotAlign.h"
#include "hotlayout/Support/HotLoopRules.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace hotlayout;

namespace hotlayout {
namespace hotalign {

cl::OptionCategory HotAlignCategory("hotlayout hotalign options");

// Like LLVM's own codegen passes, only the switch is listed by --help; the
// tuning knobs are hidden (--help-hidden lists them).

cl::opt<bool> Enable("hotalign-enable",
                     cl::desc("Run hotalign in codegen (default: on)"),
                     cl::init(true), cl::cat(HotAlignCategory));

cl::opt<std::string> LoopProfilePath(
    "hotalign-loop-profile",
    cl::desc("The binary's own loop counts (`hotlayout loops` of this build, "
             "profiled): its judge's verdicts decide which loops are hot in "
             "the functions it has counts for; elsewhere the compiler's "
             "profile does"),
    cl::value_desc("file"), cl::cat(HotAlignCategory));

/// Where an LTO compile records -hotalign-loop-profile for the link's
/// codegen (HotAlignRecordOptionsPass).
static constexpr StringLiteral RecordedLoopProfile = "hotlayout.loop_profile";

/// The loop profile for \p M: the option, else the one its compile recorded
/// (the first, when full LTO merged several modules); empty: none.
std::string loopProfilePath(const Module &M) {
  if (!LoopProfilePath.empty())
    return LoopProfilePath;
  if (const NamedMDNode *N = M.getNamedMetadata(RecordedLoopProfile))
    if (N->getNumOperands() && N->getOperand(0)->getNumOperands())
      if (auto *S = dyn_cast<MDString>(N->getOperand(0)->getOperand(0)))
        return S->getString().str();
  return "";
}

cl::opt<unsigned, false, PowerOfTwoParser>
    LineBytes("hotalign-line-size",
              cl::desc("Line to keep hot loops within: 64 for I-cache lines, "
                       "32 for decoded-uop windows, 128 (default: 64)"),
              cl::init(DefaultLineSize), cl::Hidden, cl::cat(HotAlignCategory));

cl::opt<unsigned>
    MaxPad("hotalign-max-pad",
           cl::desc("Most padding bytes allowed before one loop (default: 63)"),
           cl::init(63), cl::Hidden, cl::cat(HotAlignCategory));

cl::opt<unsigned> FunctionBudget(
    "hotalign-function-budget",
    cl::desc("Max-skip mode: most padding bytes budgeted per function "
             "(default: 256)"),
    cl::init(256), cl::Hidden, cl::cat(HotAlignCategory));

cl::opt<unsigned> ModuleBudget(
    "hotalign-module-budget",
    cl::desc("Most padding bytes budgeted per module: max-skip mode's loops "
             "and hot function entries (default: 16384)"),
    cl::init(16384), cl::Hidden, cl::cat(HotAlignCategory));

cl::opt<unsigned> MaxLoopBytes(
    "hotalign-max-loop-size",
    cl::desc("A loop is tight, and aligned, when its estimated hot bytes are "
             "at most this many (default: 256, the definition's tight limit)"),
    cl::init(MaxTightHotBytes), cl::Hidden, cl::cat(HotAlignCategory));

cl::opt<bool> UseStatic(
    "hotalign-static",
    cl::desc("Without a profile, use static block frequencies relative to the "
             "function entry (default: on)"),
    cl::init(true), cl::Hidden, cl::cat(HotAlignCategory));

cl::opt<double> StaticRatio(
    "hotalign-static-ratio",
    cl::desc("Without a profile, a loop is hot when its back edges run at "
             "least this many times per loop entry (default: 8)"),
    cl::init(8.0), cl::Hidden, cl::cat(HotAlignCategory));

// 999999 is the last cutoff llvm-profdata writes into a profile summary;
// asking past it aborts in ProfileSummaryBuilder.
cl::opt<int, false, IntRangeParser<1, 999999>> HotPercentile(
    "hotalign-hot-percentile",
    cl::desc("With a profile, an iterating loop is hot when its back-edge "
             "count, times -hotalign-profile-slack, reaches the smallest count "
             "among those making up this fraction (per million) of the "
             "profile; 1..999999 (default: 990000, the definition's 99%)"),
    cl::init(int(DefaultHotCoverage * 1000000)), cl::Hidden,
    cl::cat(HotAlignCategory));

cl::opt<unsigned> ProfileSlack(
    "hotalign-profile-slack",
    cl::desc("Derived back-edge counts fall below the raw counts a profile "
             "summary is built from (clang's branch weights are count+1, "
             "which halves a one-entry loop's count): compare them to the "
             "percentile threshold with this factor of slack (default: 2)"),
    cl::init(2), cl::Hidden, cl::cat(HotAlignCategory));

cl::opt<unsigned> MaxCountRatio(
    "hotalign-max-count-ratio",
    cl::desc("An iterating loop whose back-edge count is at least 1/N of the "
             "profile's largest count is hot whatever the percentile: a "
             "dominant loop that unrolling or vectorising divided; 0 disables "
             "(default: 16)"),
    cl::init(16), cl::Hidden, cl::cat(HotAlignCategory));

cl::opt<unsigned> MinNestedIterations(
    "hotalign-min-nested-iterations",
    cl::desc("A loop nested in a hot loop is aligned only when it iterates at "
             "least this many times per entry: its padding runs once per "
             "entry, once per iteration of the enclosing loop (default: 8)"),
    cl::init(MinNestedIterationsPerEntry), cl::Hidden,
    cl::cat(HotAlignCategory));

cl::opt<unsigned> MaxFunctionBytes(
    "hotalign-max-function-size",
    cl::desc("Hot functions up to this many bytes start where they cannot "
             "cross a line (the smallest power of two that holds them); 0 "
             "disables (default: 64)"),
    cl::init(64), cl::Hidden, cl::cat(HotAlignCategory));

cl::opt<uint64_t> WarmMinCount(
    "hotalign-warm-min-count",
    cl::desc("With a loop profile, a loop it counts as iterating but not hot "
             "(under the 99% cut: hot on another input, perhaps) whose "
             "back-edge count reaches this is aligned too, where its padding "
             "can never run: after a block that cannot fall into it; 0 "
             "disables (default: 100, the judge's least hot count)"),
    cl::init(DefaultMinCount), cl::Hidden, cl::cat(HotAlignCategory));

cl::opt<bool> DropBlockAlignments(
    "hotalign-drop-block-alignments",
    cl::desc("In a profiled block-ordered function, drop every alignment "
             "MachineBlockPlacement gave a block (hotalign aligns the hot "
             "loops); false: only those inside hot loops' spans (default: "
             "on)"),
    cl::init(true), cl::Hidden, cl::cat(HotAlignCategory));

cl::opt<bool> LineStart(
    "hotalign-line-start",
    cl::desc("Put the first block of every tight hot loop on a line start "
             "(max-skip line-1, capped by -hotalign-max-pad) whatever its "
             "estimated size; false: the estimate-driven max-skip, which pads "
             "only where the estimated hot bytes would straddle, within the "
             "padding budgets (default: on)"),
    cl::init(true), cl::cat(HotAlignCategory));

cl::opt<bool> LineStartOnlyWhenNeeded(
    "hotalign-line-start-only-when-needed",
    cl::desc("In line-start mode, a loop is padded only where its estimated "
             "span would touch more lines than it needs: max-skip line-1 "
             "minus the span's room in its fewest lines; a full line start "
             "where the nops that may run are cheap and the estimate cannot "
             "tell its fewest lines or another hot loop starts in its span "
             "(without a profile: wherever they are cheap) (default: on)"),
    cl::init(true), cl::Hidden, cl::cat(HotAlignCategory));

// Why a share of its own and not -hotalign-min-nested-iterations: with a
// profile a full line start is kept only where the span's plan could go
// wrong (the estimate cannot tell the loop's fewest lines, or another hot
// loop's padding may grow the span), and it buys certainty, not the fit the
// span's plan gives where it is right, so the nops it runs must be a small
// share of the program, not only of the loop. At 1/8, lzip 1.23's 41-byte
// encoder loop of 10.2 iterations per entry ran 1.9 M nops, +0.84 % of the
// program's instructions; 1/64 keeps the nops a loop runs on average (half its
// most) under 0.5 % even of a loop that is the whole program.
cl::opt<unsigned> LineStartNopShare(
    "hotalign-line-start-nop-share",
    cl::desc("In line-start mode, a loop whose padding may run keeps a full "
             "line start only when its most nops per entry that falls in are "
             "at most 1/N of the instructions its iterations run per such "
             "entry (default: 64)"),
    cl::init(64), cl::Hidden, cl::cat(HotAlignCategory));

} // namespace hotalign
} // namespace hotlayout

using namespace hotlayout::hotalign;

bool hotlayout::hotAlignHasLoopProfile(const Module &M) {
  return !loopProfilePath(M).empty();
}

PreservedAnalyses HotAlignRecordOptionsPass::run(Module &M,
                                                 ModuleAnalysisManager &) {
  if (LoopProfilePath.empty())
    return PreservedAnalyses::all();
  LLVMContext &Ctx = M.getContext();
  NamedMDNode *N = M.getOrInsertNamedMetadata(RecordedLoopProfile);
  N->clearOperands();
  N->addOperand(MDNode::get(Ctx, MDString::get(Ctx, LoopProfilePath)));
  return PreservedAnalyses::all();
}
