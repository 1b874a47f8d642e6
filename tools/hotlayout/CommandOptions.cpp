//===- CommandOptions.cpp - Options several subcommands share -------------===//

#include "CommandOptions.h"

using namespace llvm;

namespace hotlayout {

JudgeThresholdOptions::JudgeThresholdOptions(cl::SubCommand &Sub,
                                             cl::OptionCategory &Cat)
    : LineSize("line-size",
               cl::desc("Line size in bytes, a power of two: 64 for the "
                        "I-cache, 32 for decoded-uop windows (default: 64)"),
               cl::init(64), cl::sub(Sub), cl::cat(Cat)),
      MinCount("min-count",
               cl::desc("With --profile: a loop is hot when branches back to "
                        "its start were taken at least this often "
                        "(default: 100)"),
               cl::init(DefaultMinCount), cl::sub(Sub), cl::cat(Cat)),
      HotCoverage("hot-coverage",
                  cl::desc("With --profile: the hot loops are the most taken "
                           "iterating loops that together make up this "
                           "fraction of all iterating loops' counts "
                           "(default: 0.99)"),
                  cl::init(DefaultHotCoverage), cl::sub(Sub), cl::cat(Cat)) {}

void JudgeThresholdOptions::applyTo(HotLoopConfig &C) const {
  C.LineSize = LineSize;
  C.MinCount = MinCount;
  C.HotCoverage = HotCoverage;
}

HotLoopOptions::HotLoopOptions(cl::SubCommand &Sub, cl::OptionCategory &Cat)
    : EmitJSON("json",
               cl::desc("Print a JSON document instead of a table (default: "
                        "table)"),
               cl::sub(Sub), cl::cat(Cat)),
      Thresholds(Sub, Cat),
      MinLoopFreqRatio(
          "min-loop-freq-ratio",
          cl::desc("With block frequencies: a loop is hot when its first "
                   "block runs at least this many times as often as the "
                   "function entry (default: 8)"),
          cl::init(8.0), cl::sub(Sub), cl::cat(Cat)),
      ProfilePath("profile",
                  cl::desc("BOLT .fdata branch profile; takes precedence "
                           "over block frequencies (default: none)"),
                  cl::value_desc("file"), cl::sub(Sub), cl::cat(Cat)),
      ProfiledBinary(
          "profiled-binary",
          cl::desc("With --profile on a BOLT output written with "
                   "-enable-bat: the binary the profile was recorded on "
                   "(llvm-bolt's input), to map the profile through the "
                   "output's BAT (default: none)"),
          cl::value_desc("file"), cl::sub(Sub), cl::cat(Cat)),
      FunctionNames("function",
                    cl::desc("Only look at this function (repeatable; "
                             "default: all)"),
                    cl::value_desc("name"), cl::sub(Sub), cl::cat(Cat)) {}

HotLoopConfig HotLoopOptions::config() const {
  HotLoopConfig C;
  Thresholds.applyTo(C);
  C.MinLoopFreqRatio = MinLoopFreqRatio;
  C.ProfilePath = ProfilePath;
  C.ProfiledBinaryPath = ProfiledBinary;
  C.FunctionNames.assign(FunctionNames.begin(), FunctionNames.end());
  return C;
}

static_assert(DefaultBoltTimeoutSeconds == 3600,
              "--bolt-timeout's help states the default");

BoltToolOptions::BoltToolOptions(cl::SubCommand &Sub, cl::OptionCategory &Cat)
    : Dir("bolt-dir",
          cl::desc("Directory holding llvm-bolt, perf2bolt and merge-fdata "
                   "(default: the bin directory of the LLVM hotlayout was "
                   "built with)"),
          cl::value_desc("dir"), cl::sub(Sub), cl::cat(Cat)),
      Timeout("bolt-timeout",
              cl::desc("Stop a run of llvm-bolt, perf2bolt or merge-fdata "
                       "that takes longer than this, and fail; 0: no limit "
                       "(default: 3600)"),
              cl::value_desc("seconds"), cl::init(DefaultBoltTimeoutSeconds),
              cl::sub(Sub), cl::cat(Cat)) {}

} // namespace hotlayout
