//===- FlushElimOptions.cpp - Options several flushelim files read --------===//
//
// Definitions of the options declared in hotlayout/FlushElimOptions.h. The
// defaults are stated in each description (and in README.md, "flushelim
// rules"), with the reason for the narrowing thresholds.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/FlushElimOptions.h"

using namespace llvm;

namespace hotlayout {

cl::OptionCategory &flushElimOptionCategory() {
  static cl::OptionCategory Category(
      "hotlayout flushelim options",
      "Options of the flushelim pass and its check/profile modes");
  return Category;
}

namespace opts {

cl::opt<FlushElimMode> Mode(
    "flushelim-mode",
    cl::desc("What flushelim does with flushes (default: remove)"),
    cl::values(clEnumValN(FlushElimMode::Remove, "remove",
                          "remove redundant flushes and narrow partly "
                          "redundant ones"),
               clEnumValN(FlushElimMode::Check, "check",
                          "replace redundant flushes (and the part a narrowed "
                          "flush no longer flushes) by a run-time check that "
                          "aborts if the flush was needed (link "
                          "libhotlayout_rt.a)"),
               clEnumValN(FlushElimMode::Profile, "profile",
                          "count calls, requested, changed and skippable "
                          "bytes per flush site; change no flush (link "
                          "libhotlayout_rt.a)")),
    cl::init(FlushElimMode::Remove), cl::cat(flushElimOptionCategory()));

cl::opt<unsigned, false, PowerOfTwoParser> LineSize(
    "flushelim-line-size",
    cl::desc("Bytes a one-line flush (clflush, clflushopt, clwb) acts on, "
             "for flushelim's analysis and its check and profile modes, and "
             "the line size narrowing counts saved lines in; a power of two "
             "(default 64)"),
    cl::init(64), cl::cat(flushElimOptionCategory()));

cl::opt<bool> UseSummaries(
    "flushelim-interprocedural",
    cl::desc("Use callee summaries: a callee that leaves a range flushed on "
             "every return lets its caller drop a re-flush (default: on)"),
    cl::init(true), cl::cat(flushElimOptionCategory()));

cl::opt<bool> Narrow(
    "flushelim-narrow",
    cl::desc("Shrink a flush whose range is partly flushed already to the "
             "rest, and skip the lines an earlier flush loop covered in a "
             "later one (default: on)"),
    cl::init(true), cl::cat(flushElimOptionCategory()));

// Why 4: a narrowed range flush may become two calls where there was one,
// i.e. one more round of barriers (AArch64's __clear_cache ends with
// DSB ISH + ISB, Darwin's sys_icache_invalidate likewise), which costs about
// what maintaining a few lines does; 4 lines (256 bytes at 64-byte lines)
// keeps a narrowing from costing more than it saves, and every RandomX-shaped
// case (kilobytes already flushed) clears it by far.
cl::opt<unsigned> NarrowMinLines(
    "flushelim-narrow-min-lines",
    cl::desc("Narrow a range flush only when it saves at least this many "
             "whole cache lines at worst; when that depends on run-time "
             "values, a run-time test chooses between the narrowed and the "
             "whole flush (default: 4)"),
    cl::init(4), cl::cat(flushElimOptionCategory()));

cl::opt<unsigned> NarrowMaxPieces(
    "flushelim-narrow-max-pieces",
    cl::desc("The most flushes a narrowed flush may become: the parts of its "
             "range not flushed already (default: 2)"),
    cl::init(2), cl::cat(flushElimOptionCategory()));

} // namespace opts
} // namespace hotlayout
