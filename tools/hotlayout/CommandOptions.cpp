//===- CommandOptions.cpp - Options several subcommands share -------------===//

#include "CommandOptions.h"

#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

#include <cstdio>

using namespace llvm;

namespace hotlayout {

StringRef savedHelp(const Twine &Text) {
  static BumpPtrAllocator Alloc;
  static StringSaver Saver(Alloc);
  return Saver.save(Text);
}

std::string defaultHelp(uint64_t V) {
  return (" (default: " + Twine(V) + ")").str();
}

std::string defaultHelp(double V) {
  // %g: 0.99, as the user writes it.
  char Buf[32];
  snprintf(Buf, sizeof(Buf), "%g", V);
  return (" (default: " + Twine(Buf) + ")").str();
}

HotCountOptions::HotCountOptions(cl::SubCommand &Sub, cl::OptionCategory &Cat)
    : MinCount("min-count",
               cl::desc(savedHelp(
                   "With --profile: a loop is hot when branches back to its "
                   "start were taken at least this often" +
                   defaultHelp(DefaultMinCount))),
               cl::init(DefaultMinCount), cl::sub(Sub), cl::cat(Cat)),
      HotCoverage(
          "hot-coverage",
          cl::desc(savedHelp("With --profile: the hot loops are the most taken "
                             "iterating loops that together make up this "
                             "fraction of all iterating loops' counts" +
                             defaultHelp(DefaultHotCoverage))),
          cl::init(DefaultHotCoverage), cl::sub(Sub), cl::cat(Cat)) {}

JudgeThresholdOptions::JudgeThresholdOptions(cl::SubCommand &Sub,
                                             cl::OptionCategory &Cat)
    : LineSize(
          "line-size",
          cl::desc(savedHelp(
              "Line size in bytes, a power of two: " + Twine(DefaultLineSize) +
              " for the I-cache, 32 for decoded-uop windows" +
              defaultHelp(uint64_t(DefaultLineSize)))),
          cl::init(DefaultLineSize), cl::sub(Sub), cl::cat(Cat)),
      Counts(Sub, Cat) {}

void JudgeThresholdOptions::applyTo(HotLoopConfig &C) const {
  C.LineSize = LineSize;
  C.MinCount = Counts.MinCount;
  C.HotCoverage = Counts.HotCoverage;
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
