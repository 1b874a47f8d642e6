//===- HotLoops.h - Options and hotness rules of hot-loop subcommands -----===//
//
// What `hotlayout check` and `hotlayout diff` share: the options that say
// which loops are hot and how long a line is, the choice of hotness rule for
// one binary, and judging the loops of one code range. Each subcommand
// registers its own copy of the options (HotLoopOptions is constructed in the
// subcommand's file, after its cl::SubCommand, so that static initialisation
// order is the order of the file).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOLS_HOTLOOPS_H
#define HOTLAYOUT_TOOLS_HOTLOOPS_H

#include "hotlayout/Tool/BinaryFile.h"
#include "hotlayout/Tool/Hotness.h"
#include "hotlayout/Tool/LoopFinder.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

/// The hotness rules, for a subcommand's option category description.
inline constexpr char HotLoopRulesHelp[] =
    "A loop is a backward branch found by disassembly; its span is [branch "
    "target, end of branch). Which loops are hot: with --profile, those whose "
    "backward branches were taken at least --min-count times; else, when the "
    "binary has .llvm_bb_addr_map block frequencies (clang "
    "-fbasic-block-address-map -mllvm -pgo-analysis-map=bb-freq), those whose "
    "first block runs at least --min-loop-freq-ratio times as often as the "
    "function entry; else every innermost loop. On a BOLT-rewritten binary "
    "the profile's offsets describe the code before rewriting: a function is "
    "hot when the profile counts it at least --min-count times (by name), "
    "and so are its innermost loops.";

/// --json, --line-size, --profile, --min-count, --min-loop-freq-ratio and
/// --function, registered for one subcommand.
struct HotLoopOptions {
  HotLoopOptions(llvm::cl::SubCommand &Sub, llvm::cl::OptionCategory &Cat);

  /// Fails on a line size that is not a power of two or a negative ratio.
  llvm::Error validate() const;

  /// True when --function is empty or names one of \p R's names.
  bool selects(const CodeRange &R) const;

  /// The first --function name that no range of \p A or \p B has, if any.
  std::optional<std::string>
  unknownFunction(llvm::ArrayRef<CodeRange> A,
                  llvm::ArrayRef<CodeRange> B = {}) const;

  llvm::cl::opt<bool> EmitJSON;
  llvm::cl::opt<unsigned> LineSize;
  llvm::cl::opt<double> MinLoopFreqRatio;
  llvm::cl::opt<std::string> ProfilePath;
  llvm::cl::opt<uint64_t> MinCount;
  llvm::cl::list<std::string> FunctionNames;
};

enum class HotnessRule {
  Profile,          ///< Back-edge counts of a profile of this binary.
  ProfiledFunction, ///< BOLT output: functions by profile name, innermost
                    ///< loops.
  BlockFrequency,
  Innermost,
};

/// What is known about one loop's hotness.
struct Verdict {
  bool Judged = true; ///< False when the rule has no data for this loop.
  bool Hot = false;
  std::optional<double> FreqRatio;
  std::optional<uint64_t> Count;         ///< Back-edge count.
  std::optional<uint64_t> FunctionCount; ///< The function's count.
};

/// How the hot loops of one binary are told apart, with the data each rule
/// needs and the thresholds it applies.
struct HotnessJudge {
  HotnessRule Rule = HotnessRule::Innermost;
  /// A .llvm_bb_addr_map was there but described pre-BOLT code.
  bool IgnoredStaleMap = false;
  std::optional<BranchProfile> Profile;
  std::optional<FunctionCounts> Functions; ///< For ProfiledFunction.
  std::optional<BlockFrequencies> Freqs;
  std::string ProfilePath;
  uint64_t MinCount = 0;
  double MinLoopFreqRatio = 0;

  Verdict judge(const CodeRange &Function, const Loop &L) const;

  /// True when the rule makes \p Function hot by itself, loops or not
  /// (ProfiledFunction: its count reaches MinCount).
  bool isHotFunction(const CodeRange &Function) const;

  /// One line for people: "every innermost loop (...)".
  std::string ruleText() const;

  /// Writes the "hotness" object of the JSON output.
  void writeJSON(llvm::json::OStream &J) const;
};

/// Picks the hotness rule for \p File: --profile counts if given, else block
/// frequencies from .llvm_bb_addr_map if present, else every innermost loop.
/// An unreadable map is a warning from "hotlayout <Command>", not an error.
llvm::Expected<HotnessJudge> makeJudge(const BinaryFile &File,
                                       const HotLoopOptions &Opts,
                                       llvm::StringRef Command);

/// One loop of a range with its verdict and the lines it touches.
struct JudgedLoop {
  Loop L;
  Verdict V;
  uint64_t Lines = 0;
  uint64_t MinLines = 0;

  bool straddles() const { return Lines > MinLines; }
};

/// Every loop of \p Range, sorted by start, judged by \p Judge, with lines
/// counted for \p LineSize -byte lines.
std::vector<JudgedLoop> judgeLoops(const LoopFinder &Finder,
                                   const HotnessJudge &Judge,
                                   const CodeRange &Range, unsigned LineSize);

/// "taken 1000", "freq 12.0x" or "innermost": why a loop is hot.
std::string evidenceText(const Verdict &V);

/// 0x1234 as "0x1234".
std::string hexAddress(uint64_t A);

/// The note printed for a BOLT-rewritten binary whose map is ignored.
inline constexpr char StaleMapNote[] =
    "rewritten by BOLT: .llvm_bb_addr_map describes the code before "
    "rewriting and is ignored; pass --profile for hotness";

} // namespace hotlayout

#endif // HOTLAYOUT_TOOLS_HOTLOOPS_H
