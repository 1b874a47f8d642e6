//===- BinaryJudge.cpp - Judging the loops of a binary --------------------===//
//
// 1. HotLoopConfig: validation and --function selection.
// 2. makeJudge(): the hotness rule for one binary. An unreadable
//    .llvm_bb_addr_map only costs the frequencies (disassembly does not need
//    it). After BOLT the map still describes the old code (BOLT keeps it,
//    linked to .bolt.org.text) and addresses BOLT reused would get another
//    block's frequency: it is ignored.
// 3. judgeLoops(): find a range's loops, judge each, count its lines.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Judge/BinaryJudge.h"
#include "hotlayout/Tool/Bolt/BoltAddressTranslation.h"
#include "hotlayout/Tool/Support/Error.h"

#include "hotlayout/Support/CacheLines.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hotlayout {

JudgeOptions HotLoopConfig::judgeOptions() const {
  JudgeOptions O;
  O.LineSize = LineSize;
  O.MinCount = MinCount;
  O.HotCoverage = HotCoverage;
  return O;
}

Error HotLoopConfig::validate() const {
  // Line size and coverage: the definition's own checks.
  if (Error E = judgeOptions().validate())
    return E;
  if (!(MinLoopFreqRatio >= 0))
    return makeError("--min-loop-freq-ratio must be 0 or more");
  return Error::success();
}

bool HotLoopConfig::selects(const CodeRange &R) const {
  return FunctionNames.empty() ||
         any_of(FunctionNames,
                [&](const std::string &N) { return R.hasName(N); });
}

std::optional<std::string>
HotLoopConfig::unknownFunction(ArrayRef<CodeRange> A,
                               ArrayRef<CodeRange> B) const {
  for (const std::string &Name : FunctionNames) {
    auto Named = [&](const CodeRange &R) { return R.hasName(Name); };
    if (none_of(A, Named) && none_of(B, Named))
      return Name;
  }
  return std::nullopt;
}

/// The count of \p Function (under any of its names) in \p Counts.
static uint64_t functionCount(const FunctionCounts &Counts,
                              const CodeRange &Function) {
  uint64_t N = Counts.Count.lookup(Function.Name);
  for (const std::string &Alias : Function.Aliases)
    N = std::max(N, Counts.Count.lookup(Alias));
  return N;
}

const JudgedHotLoop *HotnessJudge::definitionOf(uint64_t Start) const {
  auto It = ByStart.find(Start);
  return It == ByStart.end() ? nullptr : It->second;
}

bool HotnessJudge::isHotFunction(const CodeRange &Function) const {
  return Rule == HotnessRule::ProfiledFunction &&
         functionCount(*Functions, Function) >= MinCount;
}

Verdict HotnessJudge::judge(const CodeRange &Function, const Loop &L) const {
  Verdict V;
  switch (Rule) {
  case HotnessRule::Profile: {
    const JudgedHotLoop *D = definitionOf(L.Start);
    V.Count = D ? D->Taken : 0;
    V.Hot = D && D->Hot;
    break;
  }
  case HotnessRule::ProfiledFunction:
    V.FunctionCount = functionCount(*Functions, Function);
    V.Hot = *V.FunctionCount >= MinCount && L.Innermost;
    break;
  case HotnessRule::BlockFrequency:
    V.FreqRatio = Freqs->ratioToEntry(L.Start);
    V.Judged = V.FreqRatio.has_value();
    V.Hot = V.Judged && *V.FreqRatio >= MinLoopFreqRatio;
    break;
  case HotnessRule::Innermost:
    V.Hot = L.Innermost;
    break;
  }
  return V;
}

/// 8 -> "8", 2.5 -> "2.5".
static std::string shortNumber(double V) {
  std::string S;
  raw_string_ostream(S) << format("%g", V);
  return S;
}

std::string HotnessJudge::ruleText() const {
  switch (Rule) {
  case HotnessRule::Profile:
    return formatv("a branch back to the loop start taken at least {0} times "
                   "in {1}{2}, at least {3} times per entry of the loop, among "
                   "the loops making up {4}% of all iterating loops' counts; "
                   "SIZE: its hot bytes (run on at least 1/{5} of its "
                   "iterations)",
                   MinCount, ProfilePath,
                   Report && Report->Source == CountSource::BAT
                       ? " (mapped to this BOLT output through its BAT)"
                       : "",
                   MinIterationsPerEntry, shortNumber(HotCoverage * 100),
                   HotByteDivisor);
  case HotnessRule::ProfiledFunction:
    return formatv("an innermost loop of a function counted at least {0} "
                   "times in {1} (rewritten by BOLT: the profile's offsets "
                   "describe the code before rewriting, its names still "
                   "hold); hot bytes unknown, whole spans counted: {2}",
                   MinCount, ProfilePath, UnmappedReason);
  case HotnessRule::BlockFrequency:
    return formatv("first block at least {0}x as frequent as the function "
                   "entry (.llvm_bb_addr_map block frequencies)",
                   shortNumber(MinLoopFreqRatio));
  case HotnessRule::Innermost:
    return "every innermost loop (no --profile, no .llvm_bb_addr_map block "
           "frequencies)";
  }
  llvm_unreachable("unknown hotness rule");
}

static StringRef ruleName(HotnessRule Rule) {
  switch (Rule) {
  case HotnessRule::Profile:
    return "profile";
  case HotnessRule::ProfiledFunction:
    return "profiled-function";
  case HotnessRule::BlockFrequency:
    return "block-frequency";
  case HotnessRule::Innermost:
    return "innermost";
  }
  llvm_unreachable("unknown hotness rule");
}

void HotnessJudge::writeJSON(json::OStream &J) const {
  J.attributeObject("hotness", [&] {
    J.attribute("rule", ruleName(Rule));
    if (Rule == HotnessRule::Profile || Rule == HotnessRule::ProfiledFunction) {
      J.attribute("profile", ProfilePath);
      J.attribute("min_count", int64_t(MinCount));
    }
    if (Rule == HotnessRule::BlockFrequency)
      J.attribute("min_loop_freq_ratio", MinLoopFreqRatio);
  });
  // Apart from "hotness", whose fields stay as they were before the one
  // definition's definition.
  if (Rule == HotnessRule::Profile)
    J.attributeObject("definition", [&] {
      J.attribute("hot_coverage", HotCoverage);
      J.attribute("min_iterations_per_entry", int64_t(MinIterationsPerEntry));
      J.attribute("hot_byte_divisor", int64_t(HotByteDivisor));
      J.attribute("through_bat", Report->Source == CountSource::BAT);
      J.attribute("weighted_extra_lines", Report->weightedExtra());
    });
  if (Rule == HotnessRule::ProfiledFunction)
    J.attribute("hot_bytes_unknown", UnmappedReason);
}

/// Why the profile of llvm-bolt's input cannot be mapped to \p File (a BOLT
/// output); empty when it can.
static Expected<std::string> unmappedReason(const BinaryFile &File,
                                            const HotLoopConfig &Config) {
  auto BAT = BoltAddressTranslation::read(File);
  if (!BAT)
    return BAT.takeError();
  if (!*BAT)
    return std::string("no .note.bolt_bat (run llvm-bolt with -enable-bat)");
  if (Config.ProfiledBinaryPath.empty())
    return std::string("pass --profiled-binary (llvm-bolt's input) to map "
                       "the profile through its .note.bolt_bat");
  return std::string();
}

/// The Profile rule: judgeHotLoops on \p File.
static Error judgeByDefinition(const BinaryFile &File,
                               const HotLoopConfig &Config,
                               const BranchProfile &Profile, HotnessJudge &J) {
  std::unique_ptr<BinaryFile> Profiled;
  JudgeOptions O = Config.judgeOptions();
  if (File.isBOLTRewritten()) {
    auto Opened = BinaryFile::open(Config.ProfiledBinaryPath);
    if (!Opened)
      return Opened.takeError();
    Profiled = std::move(*Opened);
    O.ProfiledBinary = Profiled.get();
  }
  auto Report = judgeHotLoops(File, Profile, O);
  if (!Report)
    return Report.takeError();
  auto Shared = std::make_shared<const HotLoopReport>(std::move(*Report));
  for (const JudgedHotLoop &L : Shared->Loops)
    J.ByStart[L.Start] = &L;
  J.Report = std::move(Shared);
  J.Rule = HotnessRule::Profile;
  return Error::success();
}

Expected<HotnessJudge> makeJudge(const BinaryFile &File,
                                 const HotLoopConfig &Config,
                                 const Diagnostics &Diag) {
  HotnessJudge J;
  J.ProfilePath = Config.ProfilePath;
  J.MinCount = Config.MinCount;
  J.HotCoverage = Config.HotCoverage;
  J.MinLoopFreqRatio = Config.MinLoopFreqRatio;
  if (!Config.ProfilePath.empty() && File.isBOLTRewritten()) {
    auto Reason = unmappedReason(File, Config);
    if (!Reason)
      return Reason.takeError();
    J.UnmappedReason = std::move(*Reason);
  }
  if (!Config.ProfilePath.empty() && !J.UnmappedReason.empty()) {
    // Back-edge offsets of the input's profile would land on other code.
    auto Counts = FunctionCounts::read(Config.ProfilePath);
    if (!Counts)
      return Counts.takeError();
    J.Functions = std::move(*Counts);
    J.Rule = HotnessRule::ProfiledFunction;
    return J;
  }
  if (!Config.ProfilePath.empty()) {
    auto Profile = BranchProfile::read(Config.ProfilePath);
    if (!Profile)
      return Profile.takeError();
    if (Error E = judgeByDefinition(File, Config, *Profile, J))
      return std::move(E);
    J.Profile = std::move(*Profile);
    return J;
  }
  if (File.isBOLTRewritten()) {
    J.IgnoredStaleMap = File.hasBBAddrMap();
    return J;
  }
  auto Freqs = BlockFrequencies::read(File);
  if (!Freqs) {
    Diag.warning(makeError(toString(Freqs.takeError()) +
                           "; judging hotness without it"));
    return J;
  }
  if (!Freqs->empty()) {
    J.Freqs = std::move(*Freqs);
    J.Rule = HotnessRule::BlockFrequency;
  }
  return J;
}

std::vector<JudgedLoop> judgeLoops(const LoopFinder &Finder,
                                   const HotnessJudge &Judge,
                                   const CodeRange &Range, unsigned LineSize) {
  std::vector<JudgedLoop> Loops;
  for (Loop &L : Finder.findLoops(Range)) {
    JudgedLoop JL;
    JL.V = Judge.judge(Range, L);
    if (const JudgedHotLoop *D = Judge.definitionOf(L.Start)) {
      JL.Bytes = D->hotByteCount();
      JL.HotBytesUnknown = D->HotBytesUnknown;
      JL.Lines = D->Lines;
      JL.MinLines = D->MinLines;
    } else {
      JL.Bytes = L.size();
      JL.HotBytesUnknown = Judge.Rule == HotnessRule::ProfiledFunction;
      JL.Lines = linesTouched(L.Start, L.size(), LineSize);
      JL.MinLines = minLinesFor(L.size(), LineSize);
    }
    JL.L = std::move(L);
    Loops.push_back(std::move(JL));
  }
  return Loops;
}

std::string evidenceText(const Verdict &V) {
  if (V.Count)
    return formatv("taken {0}", *V.Count);
  if (V.FunctionCount)
    return formatv("function {0}", *V.FunctionCount);
  if (V.FreqRatio)
    return formatv("freq {0:f1}x", *V.FreqRatio);
  return "innermost";
}

std::string hexAddress(uint64_t A) { return formatv("{0:x}", A).str(); }

} // namespace hotlayout
