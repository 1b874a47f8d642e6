//===- hotlayout/Tool/Judge/BinaryJudge.h - Judging the loops of a binary -===//
//
// What `hotlayout check` and `hotlayout diff` share: which loops are hot and
// how long a line is (HotLoopConfig), the choice of hotness rule for one
// binary (makeJudge), and judging the loops of one code range (judgeLoops).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_HOTLOOPS_H
#define HOTLAYOUT_TOOL_HOTLOOPS_H

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Binary/LoopFinder.h"
#include "hotlayout/Tool/Judge/HotLoopJudge.h"
#include "hotlayout/Tool/Profile/Fdata.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

/// Which loops count as hot and how long a line is: what `check` and
/// `diff` share (their options --line-size, --min-loop-freq-ratio,
/// --profile, --min-count, --function).
struct HotLoopConfig {
  unsigned LineSize = DefaultLineSize;     ///< A power of two.
  double MinLoopFreqRatio = 8.0;           ///< Block-frequency rule threshold.
  std::string ProfilePath;                 ///< BOLT .fdata; empty: none.
  uint64_t MinCount = DefaultMinCount;     ///< Profile rule threshold.
  double HotCoverage = DefaultHotCoverage; ///< Profile rule coverage cut.
  /// BOLT output: the binary the profile was recorded on (its BAT maps the
  /// profile); empty: none.
  std::string ProfiledBinaryPath;
  std::vector<std::string> FunctionNames; ///< Only these; empty: all.

  /// Fails on a line size that is not a power of two, a negative ratio or
  /// a coverage outside (0, 1].
  llvm::Error validate() const;

  /// The definition's thresholds (line size, --min-count, --hot-coverage)
  /// as judgeHotLoops takes them; ProfiledBinary is left to the caller.
  JudgeOptions judgeOptions() const;

  /// True when FunctionNames is empty or names one of \p R's names.
  bool selects(const CodeRange &R) const;

  /// The first of FunctionNames that no range of \p A or \p B has, if any.
  std::optional<std::string>
  unknownFunction(llvm::ArrayRef<CodeRange> A,
                  llvm::ArrayRef<CodeRange> B = {}) const;
};

enum class HotnessRule {
  Profile,          ///< The one definition (judgeHotLoops): the profile's
                    ///< counts, on this binary or mapped through BAT.
  ProfiledFunction, ///< BOLT output without BAT (or without the profiled
                    ///< binary): functions by profile name, innermost
                    ///< loops, hot bytes unknown.
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
  /// Profile rule: the definition's verdicts, by loop start.
  std::shared_ptr<const HotLoopReport> Report;
  std::map<uint64_t, const JudgedHotLoop *> ByStart;
  /// ProfiledFunction rule: why the profile could not be mapped.
  std::string UnmappedReason;
  std::optional<FunctionCounts> Functions; ///< For ProfiledFunction.
  std::optional<BlockFrequencies> Freqs;
  std::string ProfilePath;
  uint64_t MinCount = 0;
  double HotCoverage = DefaultHotCoverage;
  double MinLoopFreqRatio = 0;

  Verdict judge(const CodeRange &Function, const Loop &L) const;

  /// The definition's verdict on the loop starting at \p Start; null when
  /// the rule is not Profile or the profile does not count the loop.
  const JudgedHotLoop *definitionOf(uint64_t Start) const;

  /// True when the rule makes \p Function hot by itself, loops or not
  /// (ProfiledFunction: its count reaches MinCount).
  bool isHotFunction(const CodeRange &Function) const;

  /// One line for people: "every innermost loop (...)".
  std::string ruleText() const;

  /// Writes the "hotness" object of the JSON output.
  void writeJSON(llvm::json::OStream &J) const;
};

/// Picks the hotness rule for \p File: the profile's counts if one is
/// given, else block frequencies from .llvm_bb_addr_map if present, else
/// every innermost loop. An unreadable map is a warning to \p Diag, not an
/// error.
llvm::Expected<HotnessJudge> makeJudge(const BinaryFile &File,
                                       const HotLoopConfig &Config,
                                       const Diagnostics &Diag);

/// One loop of a range with its verdict and the lines it touches.
struct JudgedLoop {
  Loop L;
  Verdict V;
  /// The bytes whose lines are counted: the hot bytes under the Profile
  /// rule, else the whole span.
  uint64_t Bytes = 0;
  /// The whole span stands in for hot bytes the profile cannot tell.
  bool HotBytesUnknown = false;
  uint64_t Lines = 0;
  uint64_t MinLines = 0;

  /// Tight: Bytes is at most MaxTightHotBytes (HotLoopRules.h).
  bool tight() const { return isTightLoop(Bytes); }
  /// A tight loop on more lines than its fewest: only these count.
  bool straddles() const { return tight() && Lines > MinLines; }
};

/// Every loop of \p Range, sorted by start, judged by \p Judge, with lines
/// counted for \p LineSize -byte lines (of its hot bytes under the Profile
/// rule, else of its span).
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

#endif // HOTLAYOUT_TOOL_HOTLOOPS_H
