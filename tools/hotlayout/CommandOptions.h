//===- CommandOptions.h - Options several subcommands share ---------------===//
//
// An option that several subcommands take is declared once here, as a group
// that each subcommand constructs with its own cl::SubCommand and category
// (`--help` lists a subcommand's options under its own category, so one
// cl::opt cannot serve two). Construct a group in the subcommand's file after
// its cl::SubCommand, so that static initialisation runs in file order.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOLS_COMMANDOPTIONS_H
#define HOTLAYOUT_TOOLS_COMMANDOPTIONS_H

#include "hotlayout/Tool/Bolt/BoltDriver.h"
#include "hotlayout/Tool/Judge/BinaryJudge.h"

#include "llvm/Support/CommandLine.h"

#include <cstdint>
#include <string>

namespace hotlayout {

/// The hotness rules, for a hot-loop subcommand's category description.
inline constexpr char HotLoopRulesHelp[] =
    "A loop is a backward branch found by disassembly; its span is [branch "
    "target, end of branch). Which loops are hot: with --profile, those whose "
    "backward branches were taken at least --min-count times and at least "
    "twice per entry of the loop, among the loops that make up "
    "--hot-coverage of all iterating loops' counts; their lines are those of "
    "their hot bytes (instructions that run on at least 1/8 of the "
    "iterations); on a BOLT output written with -enable-bat, pass "
    "--profiled-binary (llvm-bolt's input, which the profile was recorded "
    "on) to map the profile through the BAT (without, hot bytes are unknown "
    "and whole spans count); else, when the "
    "binary has .llvm_bb_addr_map block frequencies (clang "
    "-fbasic-block-address-map -mllvm -pgo-analysis-map=bb-freq), those whose "
    "first block runs at least --min-loop-freq-ratio times as often as the "
    "function entry; else every innermost loop. On a BOLT-rewritten binary "
    "the profile's offsets describe the code before rewriting: a function is "
    "hot when the profile counts it at least --min-count times (by name), "
    "and so are its innermost loops.";

/// \p Text kept for the life of the program: cl::desc keeps a StringRef, and
/// a help text that states a default from HotLoopRules.h is built at run
/// time.
llvm::StringRef savedHelp(const llvm::Twine &Text);

/// " (default: V)" for a help text, V printed as the option prints it.
std::string defaultHelp(uint64_t V);
std::string defaultHelp(double V);

/// --min-count and --hot-coverage: the one definition's thresholds
/// (markHotLoops), for every subcommand that judges loops by a profile
/// (check, diff, loops, apply). Defaults and help from HotLoopRules.h.
struct HotCountOptions {
  HotCountOptions(llvm::cl::SubCommand &Sub, llvm::cl::OptionCategory &Cat);

  llvm::cl::opt<uint64_t> MinCount;
  llvm::cl::opt<double> HotCoverage;
};

/// --line-size and the HotCountOptions: check, diff, loops.
struct JudgeThresholdOptions {
  JudgeThresholdOptions(llvm::cl::SubCommand &Sub,
                        llvm::cl::OptionCategory &Cat);

  /// Sets \p C's LineSize, MinCount and HotCoverage.
  void applyTo(HotLoopConfig &C) const;

  llvm::cl::opt<unsigned> LineSize;
  HotCountOptions Counts;
};

/// --json, --profile, --profiled-binary, --min-loop-freq-ratio, --function
/// and the thresholds: check and diff.
struct HotLoopOptions {
  HotLoopOptions(llvm::cl::SubCommand &Sub, llvm::cl::OptionCategory &Cat);

  /// Everything but --json, which only chooses the printer.
  HotLoopConfig config() const;

  llvm::cl::opt<bool> EmitJSON;
  JudgeThresholdOptions Thresholds;
  llvm::cl::opt<double> MinLoopFreqRatio;
  llvm::cl::opt<std::string> ProfilePath;
  llvm::cl::opt<std::string> ProfiledBinary;
  llvm::cl::list<std::string> FunctionNames;
};

/// --bolt-dir and --bolt-timeout: every subcommand that runs BOLT's tools
/// (profile, apply, ab).
struct BoltToolOptions {
  BoltToolOptions(llvm::cl::SubCommand &Sub, llvm::cl::OptionCategory &Cat);

  llvm::cl::opt<std::string> Dir;
  llvm::cl::opt<unsigned> Timeout;
};

} // namespace hotlayout

#endif // HOTLAYOUT_TOOLS_COMMANDOPTIONS_H
