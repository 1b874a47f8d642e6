//===- LoopsCommand.cpp - hotlayout loops: a binary's loop counts ---------===//
//
// The shell of `hotlayout loops BINARY --profile P.fdata -o OUT
// [--block-order FILE] [--function-order FILE]` (the work is runLoopProfile
// in Loops/Loops.h, the orders Loops/BlockOrder.h's): options to
// LoopProfileConfig, run, print the one-line summary unless --quiet. Exit 0
// when the loop profile was written, 2 on errors (nothing is written).
//
//===----------------------------------------------------------------------===//

#include "CommandOptions.h"
#include "Commands.h"

#include "hotlayout/Tool/Loops/Loops.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace llvm;

namespace hotlayout {

cl::SubCommand LoopsSubcommand(
    "loops", "Write a binary's per-block and per-loop counts from a BOLT "
             "profile, keyed by the block IDs of its .llvm_bb_addr_map, for "
             "hotalign to read in the next build "
             "(-Xclang=-hotalign-loop-profile=OUT) (exit 2 on errors)");

static cl::OptionCategory LoopsCategory(
    "hotlayout loops options",
    "BINARY is the recipe's build (hotlayout flags --use: it has "
    ".llvm_bb_addr_map), not rewritten by llvm-bolt; --profile its "
    "hotlayout profile. Loops and their hot verdicts are check's, with the "
    "same thresholds. Written: each function with a record in the profile "
    "(not one made from the PGO map: those counts are the compiler's own) "
    "and a name no other function has; its blocks' counts and its loops' "
    "counts (taken, entries, fall-ins) and verdicts. The format: "
    "tools/hotlayout/README.md (hotlayout loops) and "
    "hotlayout/Tool/Loops/Loops.h.");

static cl::opt<std::string> BinaryPath(cl::Positional, cl::Required,
                                       cl::desc("<binary>"),
                                       cl::sub(LoopsSubcommand),
                                       cl::cat(LoopsCategory));

static cl::opt<std::string>
    ProfilePath("profile", cl::Required,
                cl::desc("BOLT .fdata profile of the binary (hotlayout "
                         "profile)"),
                cl::value_desc("file"), cl::sub(LoopsSubcommand),
                cl::cat(LoopsCategory));

static cl::opt<std::string> OutputPath("o", cl::Required,
                                       cl::desc("Loop profile to write"),
                                       cl::value_desc("file"),
                                       cl::sub(LoopsSubcommand),
                                       cl::cat(LoopsCategory));

static cl::opt<std::string> BlockOrderPath(
    "block-order",
    cl::desc("Also write the profiled functions' blocks that ran, in ext-tsp "
             "order, for clang's -fbasic-block-sections=list= (hotlayout "
             "flags --block-order); blocks that never ran go to "
             ".text.split (default: not written)"),
    cl::value_desc("file"), cl::sub(LoopsSubcommand), cl::cat(LoopsCategory));

static cl::opt<std::string> FunctionOrderPath(
    "function-order",
    cl::desc("Also write the profiled functions in cache-directed-sort "
             "order, for ld.lld's --symbol-ordering-file (hotlayout flags "
             "--function-order) (default: not written)"),
    cl::value_desc("file"), cl::sub(LoopsSubcommand), cl::cat(LoopsCategory));

static cl::opt<bool> WholeFunctions(
    "whole-functions",
    cl::desc("With --block-order: list every block of a clustered function, "
             "those that never ran after the hot ones in the compiler's "
             "order, so that no function is split into a NAME.cold part; "
             "hotlayout apply can lock such a build (llvm-bolt cannot keep a "
             "split function's code) (default off: never-run blocks go to "
             ".text.split)"),
    cl::sub(LoopsSubcommand), cl::cat(LoopsCategory));

static cl::opt<bool> Quiet("quiet",
                           cl::desc("Print no summary line (default off)"),
                           cl::sub(LoopsSubcommand), cl::cat(LoopsCategory));

static JudgeThresholdOptions Thresholds(LoopsSubcommand, LoopsCategory);

int runLoopsCommand() {
  LoopProfileConfig Config;
  Config.BinaryPath = BinaryPath;
  Config.OutputPath = OutputPath;
  Config.BlockOrderPath = BlockOrderPath;
  Config.FunctionOrderPath = FunctionOrderPath;
  Config.WholeFunctions = WholeFunctions;
  Config.Loops.ProfilePath = ProfilePath;
  Thresholds.applyTo(Config.Loops);
  Expected<LoopProfileResult> R =
      runLoopProfile(Config, commandDiagnostics("loops"));
  if (!R)
    return reportError("loops", R.takeError());
  if (!Quiet)
    printLoopProfileSummary(*R, outs());
  return ExitClean;
}

} // namespace hotlayout
