//===- CheckCommand.cpp - hotlayout check: hot loops vs cache lines -------===//
//
// The ground truth hotalign is judged by, independent of the pass's own size
// estimate: read the linked binary, find its loops from the machine code,
// decide which are hot, and report for each hot loop the cache lines it
// touches against the fewest its size allows.
//
//  1. Open and validate the binary; cut it into code ranges (functions, or
//     .eh_frame ranges / sections when stripped); apply --function.
//  2. Pick the hotness rule: --profile counts if given, else block
//     frequencies from .llvm_bb_addr_map if present, else "every innermost
//     loop is hot".
//  3. Disassemble each range, form loops from its backward branches, judge
//     each loop, and keep the hot ones with their line counts.
//  4. Print a table (or --json) and a summary; exit 1 when any hot loop
//     touches more lines than needed, 0 otherwise, 2 on errors.
//
//===----------------------------------------------------------------------===//

#include "BinaryFile.h"
#include "Commands.h"
#include "Hotness.h"
#include "LoopFinder.h"

#include "hotlayout/Support/CacheLines.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace hotlayout {

cl::SubCommand CheckSubcommand(
    "check", "Report hot loops of a linked binary that touch more cache "
             "lines than their size needs (exit 1 if any, 2 on errors)");

static cl::OptionCategory CheckCategory(
    "hotlayout check options",
    "A loop is a backward branch found by disassembly; its span is [branch "
    "target, end of branch). Which loops are hot: with --profile, those whose "
    "backward branches were taken at least --min-count times; else, when the "
    "binary has .llvm_bb_addr_map block frequencies (clang "
    "-fbasic-block-address-map -mllvm -pgo-analysis-map=bb-freq), those whose "
    "first block runs at least --min-loop-freq-ratio times as often as the "
    "function entry; else every innermost loop.");

static cl::opt<std::string> InputPath(cl::Positional, cl::Required,
                                      cl::desc("<binary>"),
                                      cl::sub(CheckSubcommand),
                                      cl::cat(CheckCategory));

static cl::opt<bool> EmitJSON("json",
                              cl::desc("Print a JSON document instead of a "
                                       "table (default: table)"),
                              cl::sub(CheckSubcommand), cl::cat(CheckCategory));

static cl::opt<unsigned>
    LineSize("line-size",
             cl::desc("Line size in bytes, a power of two: 64 for the "
                      "I-cache, 32 for decoded-uop windows (default: 64)"),
             cl::init(64), cl::sub(CheckSubcommand), cl::cat(CheckCategory));

static cl::opt<double> MinLoopFreqRatio(
    "min-loop-freq-ratio",
    cl::desc("With block frequencies: a loop is hot when its first block "
             "runs at least this many times as often as the function entry "
             "(default: 8)"),
    cl::init(8.0), cl::sub(CheckSubcommand), cl::cat(CheckCategory));

static cl::opt<std::string>
    ProfilePath("profile",
                cl::desc("BOLT .fdata branch profile; takes precedence over "
                         "block frequencies (default: none)"),
                cl::value_desc("file"), cl::sub(CheckSubcommand),
                cl::cat(CheckCategory));

static cl::opt<uint64_t>
    MinCount("min-count",
             cl::desc("With --profile: a loop is hot when branches back to "
                      "its start were taken at least this often "
                      "(default: 100)"),
             cl::init(100), cl::sub(CheckSubcommand), cl::cat(CheckCategory));

static cl::list<std::string>
    FunctionNames("function",
                  cl::desc("Only check this function (repeatable; default: "
                           "all)"),
                  cl::value_desc("name"), cl::sub(CheckSubcommand),
                  cl::cat(CheckCategory));

namespace {

enum class HotnessRule { Profile, BlockFrequency, Innermost };

/// What is known about one loop's hotness.
struct Verdict {
  bool Judged = true; ///< False when the rule has no data for this loop.
  bool Hot = false;
  std::optional<double> FreqRatio;
  std::optional<uint64_t> Count;
};

/// One hot loop and the lines it touches.
struct Finding {
  std::string Function;
  uint64_t FunctionAddress = 0;
  Loop L;
  Verdict V;
  uint64_t Lines = 0;
  uint64_t MinLines = 0;

  bool straddles() const { return Lines > MinLines; }
};

struct Report {
  std::string File;
  std::string Arch;
  RangeSource Source = RangeSource::Symbols;
  HotnessRule Rule = HotnessRule::Innermost;
  std::vector<Finding> Hot;
  bool IgnoredStaleMap = false;
  size_t LoopsFound = 0;
  size_t NotJudged = 0;

  size_t straddling() const {
    return count_if(Hot, [](const Finding &F) { return F.straddles(); });
  }
};

/// How hot loops are told apart, with the data each rule needs.
struct HotnessJudge {
  HotnessRule Rule = HotnessRule::Innermost;
  /// A .llvm_bb_addr_map was there but described pre-BOLT code.
  bool IgnoredStaleMap = false;
  std::optional<BranchProfile> Profile;
  std::optional<BlockFrequencies> Freqs;

  Verdict judge(const CodeRange &Function, const Loop &L) const {
    Verdict V;
    switch (Rule) {
    case HotnessRule::Profile:
      V.Count = Profile->backEdgeCount(Function, L);
      V.Hot = *V.Count >= MinCount;
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
};

} // namespace

static Error checkOptions() {
  if (LineSize == 0 || !isPowerOf2_32(LineSize))
    return createStringError(inconvertibleErrorCode(),
                             "--line-size=" + Twine(LineSize) +
                                 " is not a power of two; use 64 (I-cache "
                                 "lines) or 32 (decoded-uop windows)");
  if (!(MinLoopFreqRatio >= 0))
    return createStringError(inconvertibleErrorCode(),
                             "--min-loop-freq-ratio must be 0 or more");
  return Error::success();
}

/// Keeps the ranges --function names; every name must match one.
static Error selectFunctions(const BinaryFile &File, RangeSource Source,
                             std::vector<CodeRange> &Ranges) {
  if (FunctionNames.empty())
    return Error::success();
  if (Source != RangeSource::Symbols &&
      Source != RangeSource::DynamicSymbols)
    return fileError(File.path(), "has no function symbols, so --function "
                                  "cannot select code; drop --function or "
                                  "check an unstripped copy");
  for (const std::string &Name : FunctionNames)
    if (none_of(Ranges, [&](const CodeRange &R) { return R.hasName(Name); }))
      return fileError(File.path(), "has no function named '" + Name +
                                        "'; list them with llvm-nm " +
                                        File.path());
  llvm::erase_if(Ranges, [](const CodeRange &R) {
    return none_of(FunctionNames,
                   [&](const std::string &N) { return R.hasName(N); });
  });
  return Error::success();
}

/// Picks the hotness rule (step 2). An unreadable .llvm_bb_addr_map only
/// costs the frequencies: disassembly does not need it. After BOLT the map
/// still describes the old code (BOLT keeps it, linked to .bolt.org.text),
/// and addresses that BOLT reused would get another block's frequency: it
/// is ignored.
static Expected<HotnessJudge> makeJudge(const BinaryFile &File) {
  HotnessJudge J;
  if (!ProfilePath.empty()) {
    auto Profile = BranchProfile::read(ProfilePath);
    if (!Profile)
      return Profile.takeError();
    J.Profile = std::move(*Profile);
    J.Rule = HotnessRule::Profile;
    return J;
  }
  if (File.isBOLTRewritten()) {
    J.IgnoredStaleMap = File.hasBBAddrMap();
    return J;
  }
  auto Freqs = BlockFrequencies::read(File);
  if (!Freqs) {
    reportWarning("check", createStringError(inconvertibleErrorCode(),
                                             toString(Freqs.takeError()) +
                                                 "; judging hotness "
                                                 "without it"));
    return J;
  }
  if (!Freqs->empty()) {
    J.Freqs = std::move(*Freqs);
    J.Rule = HotnessRule::BlockFrequency;
  }
  return J;
}

/// Finds and judges the loops of every range (step 3).
static void collectHotLoops(const LoopFinder &Finder, const HotnessJudge &J,
                            ArrayRef<CodeRange> Ranges, Report &R) {
  for (const CodeRange &Function : Ranges)
    for (Loop &L : Finder.findLoops(Function)) {
      ++R.LoopsFound;
      Verdict V = J.judge(Function, L);
      if (!V.Judged)
        ++R.NotJudged;
      if (!V.Hot)
        continue;
      Finding F;
      F.Function = Function.Name;
      F.FunctionAddress = Function.Address;
      F.Lines = linesTouched(L.Start, L.size(), LineSize);
      F.MinLines = minLinesFor(L.size(), LineSize);
      F.L = std::move(L);
      F.V = V;
      R.Hot.push_back(std::move(F));
    }
}

static std::string hexAddress(uint64_t A) {
  return formatv("{0:x}", A).str();
}

/// 8 -> "8", 2.5 -> "2.5".
static std::string shortNumber(double V) {
  std::string S;
  raw_string_ostream(S) << format("%g", V);
  return S;
}

static std::string ruleText(HotnessRule Rule) {
  switch (Rule) {
  case HotnessRule::Profile:
    return formatv("a branch back to the loop start taken at least {0} times "
                   "in {1}",
                   MinCount.getValue(), ProfilePath.getValue());
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

static std::string evidenceText(const Verdict &V) {
  if (V.Count)
    return formatv("taken {0}", *V.Count);
  if (V.FreqRatio)
    return formatv("freq {0:f1}x", *V.FreqRatio);
  return "innermost";
}

static void printText(const Report &R, raw_ostream &OS) {
  OS << "hotlayout check: " << R.File << " (" << R.Arch << ", " << LineSize
     << "-byte lines)\n";
  if (R.Source == RangeSource::DynamicSymbols)
    OS << "note: no .symtab: functions are named from .dynsym; other code is "
          "reported per .eh_frame range (section@address)\n";
  if (R.Source == RangeSource::EHFrame)
    OS << "note: no function symbols: loops are reported per .eh_frame range "
          "(section@address), without function names\n";
  if (R.Source == RangeSource::WholeSection)
    OS << "note: no function symbols and no .eh_frame: loops are reported "
          "per executable section, without function names\n";
  if (R.IgnoredStaleMap)
    OS << "note: rewritten by BOLT: .llvm_bb_addr_map describes the code "
          "before rewriting and is ignored; pass --profile for hotness\n";
  OS << "hot loops: " << ruleText(R.Rule) << '\n';
  if (R.NotJudged)
    OS << "note: " << R.NotJudged
       << " loops lie in code without block frequencies and were not judged\n";

  size_t NameWidth = 8, StartWidth = 5;
  for (const Finding &F : R.Hot) {
    NameWidth = std::max(NameWidth, F.Function.size());
    StartWidth = std::max(StartWidth, hexAddress(F.L.Start).size());
  }
  if (!R.Hot.empty()) {
    OS << left_justify("FUNCTION", NameWidth) << "  "
       << left_justify("START", StartWidth) << "  SIZE  LINES  MIN  HOT-BY\n";
    for (const Finding &F : R.Hot) {
      OS << left_justify(F.Function, NameWidth) << "  "
         << left_justify(hexAddress(F.L.Start), StartWidth) << "  "
         << right_justify(std::to_string(F.L.size()), 4) << "  "
         << right_justify(std::to_string(F.Lines), 5) << "  "
         << right_justify(std::to_string(F.MinLines), 3) << "  "
         << evidenceText(F.V);
      if (F.straddles())
        OS << "  STRADDLES";
      OS << '\n';
    }
  }
  OS << R.Hot.size() << " hot loops, " << R.straddling() << " straddle ("
     << R.LoopsFound << " loops found)\n";
}

static StringRef ruleName(HotnessRule Rule) {
  switch (Rule) {
  case HotnessRule::Profile:
    return "profile";
  case HotnessRule::BlockFrequency:
    return "block-frequency";
  case HotnessRule::Innermost:
    return "innermost";
  }
  llvm_unreachable("unknown hotness rule");
}

static StringRef sourceName(RangeSource Source) {
  switch (Source) {
  case RangeSource::Symbols:
    return "symbols";
  case RangeSource::DynamicSymbols:
    return "dynsym+eh-frame";
  case RangeSource::EHFrame:
    return "eh-frame";
  case RangeSource::WholeSection:
    return "sections";
  }
  llvm_unreachable("unknown range source");
}

static void printJSON(const Report &R, raw_ostream &OS) {
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("file", R.File);
    J.attribute("arch", R.Arch);
    J.attribute("line_size", int64_t(LineSize));
    J.attribute("ranges", sourceName(R.Source));
    J.attribute("stale_bb_addr_map_ignored", R.IgnoredStaleMap);
    J.attributeObject("hotness", [&] {
      J.attribute("rule", ruleName(R.Rule));
      if (R.Rule == HotnessRule::Profile) {
        J.attribute("profile", ProfilePath.getValue());
        J.attribute("min_count", int64_t(MinCount));
      }
      if (R.Rule == HotnessRule::BlockFrequency)
        J.attribute("min_loop_freq_ratio", MinLoopFreqRatio.getValue());
    });
    J.attributeArray("loops", [&] {
      for (const Finding &F : R.Hot)
        J.object([&] {
          J.attribute("function", F.Function);
          J.attribute("start", hexAddress(F.L.Start));
          J.attribute("function_offset",
                      int64_t(F.L.Start - F.FunctionAddress));
          J.attribute("size", int64_t(F.L.size()));
          J.attribute("lines_touched", int64_t(F.Lines));
          J.attribute("min_lines", int64_t(F.MinLines));
          J.attribute("straddles", F.straddles());
          J.attribute("innermost", F.L.Innermost);
          if (F.V.FreqRatio)
            J.attribute("freq_ratio", *F.V.FreqRatio);
          if (F.V.Count)
            J.attribute("count", int64_t(*F.V.Count));
        });
    });
    J.attributeObject("summary", [&] {
      J.attribute("hot_loops", int64_t(R.Hot.size()));
      J.attribute("straddle", int64_t(R.straddling()));
      J.attribute("loops_found", int64_t(R.LoopsFound));
      J.attribute("not_judged", int64_t(R.NotJudged));
    });
  });
  OS << '\n';
}

static Expected<Report> check() {
  if (Error E = checkOptions())
    return E;
  auto File = BinaryFile::open(InputPath);
  if (!File)
    return File.takeError();
  Report R;
  R.File = InputPath;
  R.Arch = Triple::getArchTypeName((*File)->object().getArch()).str();

  auto Ranges = (*File)->codeRanges(R.Source);
  if (!Ranges)
    return Ranges.takeError();
  if (Error E = selectFunctions(**File, R.Source, *Ranges))
    return E;

  auto Judge = makeJudge(**File);
  if (!Judge)
    return Judge.takeError();
  R.Rule = Judge->Rule;
  R.IgnoredStaleMap = Judge->IgnoredStaleMap;
  if (Judge->Profile && none_of(*Ranges, [&](const CodeRange &F) {
        return Judge->Profile->mentions(F);
      }))
    reportWarning("check",
                  fileError(ProfilePath, "names none of the checked functions "
                                         "of '" + InputPath +
                                         "'; was it recorded on this binary?"));

  auto Finder = LoopFinder::create((*File)->triple());
  if (!Finder)
    return fileError(InputPath, "cannot be disassembled: " +
                                    toString(Finder.takeError()));
  collectHotLoops(**Finder, *Judge, *Ranges, R);
  if (EmitJSON)
    printJSON(R, outs());
  else
    printText(R, outs());
  return R;
}

int runCheckCommand() {
  Expected<Report> R = check();
  if (!R)
    return reportError("check", R.takeError());
  return R->straddling() ? ExitFindings : ExitClean;
}

} // namespace hotlayout
