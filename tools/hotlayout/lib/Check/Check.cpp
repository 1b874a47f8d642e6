//===- Check.cpp - Hot loops against cache lines --------------------------===//
//
//  1. Open and validate the binary; cut it into code ranges (functions, or
//     .eh_frame ranges / sections when stripped); apply the function filter.
//  2. Pick the hotness rule (makeJudge in BinaryJudge.cpp): profile counts if
//     given, else block frequencies from .llvm_bb_addr_map if present, else
//     "every innermost loop is hot".
//  3. Disassemble each range, form loops from its backward branches, judge
//     each loop, and keep the hot ones with their line counts.
//  4. The printers: a table (or JSON) and a summary. The caller decides the
//     exit status: 1 when any hot loop touches more lines than needed.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Check/Check.h"

#include "hotlayout/Tool/Binary/LoopFinder.h"
#include "hotlayout/Tool/Profile/PGOAnalysisProfile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

#include <optional>

using namespace llvm;

namespace hotlayout {

size_t CheckResult::straddling() const {
  return count_if(Hot, [](const CheckFinding &F) { return F.J.straddles(); });
}

size_t CheckResult::tight() const {
  return count_if(Hot, [](const CheckFinding &F) { return F.J.tight(); });
}

std::optional<double> CheckResult::weightedExtra() const {
  if (Judge.Rule != HotnessRule::Profile)
    return std::nullopt;
  double Weighted = 0, Taken = 0;
  for (const CheckFinding &F : Hot) {
    if (!F.J.tight())
      continue;
    double Count = double(F.J.V.Count.value_or(0));
    Weighted += Count * double(F.J.Lines - F.J.MinLines);
    Taken += Count;
  }
  return Taken > 0 ? Weighted / Taken : 0.0;
}

/// Keeps the ranges the function filter names; every name must match one.
static Error selectFunctions(const BinaryFile &File, RangeSource Source,
                             const HotLoopConfig &Config,
                             std::vector<CodeRange> &Ranges) {
  if (Config.FunctionNames.empty())
    return Error::success();
  if (Source != RangeSource::Symbols && Source != RangeSource::DynamicSymbols)
    return fileError(File.path(), "has no function symbols, so --function "
                                  "cannot select code; drop --function or "
                                  "check an unstripped copy");
  if (std::optional<std::string> Name = Config.unknownFunction(Ranges))
    return fileError(File.path(), "has no function named '" + *Name +
                                      "'; list them with llvm-nm " +
                                      File.path());
  llvm::erase_if(Ranges,
                 [&](const CodeRange &R) { return !Config.selects(R); });
  return Error::success();
}

/// Finds and judges the loops of every range (step 3).
static void collectHotLoops(const LoopFinder &Finder,
                            ArrayRef<CodeRange> Ranges, CheckResult &R) {
  for (const CodeRange &Function : Ranges)
    for (JudgedLoop &J : judgeLoops(Finder, R.Judge, Function, R.LineSize)) {
      ++R.LoopsFound;
      if (!J.V.Judged)
        ++R.NotJudged;
      if (!J.V.Hot)
        continue;
      CheckFinding F;
      F.Function = Function.Name;
      F.FunctionAddress = Function.Address;
      F.J = std::move(J);
      R.Hot.push_back(std::move(F));
    }
}

/// Where the counts are the compiler's own estimates, say so: the functions
/// whose profile records came from the PGO map (a binary with the map, not
/// rewritten by llvm-bolt, judged by its own profile), and their hot loops.
static Error markEstimates(const BinaryFile &File, CheckResult &R) {
  if (!R.Judge.Profile || File.isBOLTRewritten())
    return Error::success();
  auto Estimated = functionsProfiledFromPGOMap(File, *R.Judge.Profile);
  if (!Estimated)
    return Estimated.takeError();
  for (CheckFinding &F : R.Hot)
    F.Estimated = Estimated->Addresses.count(F.FunctionAddress);
  R.EstimatedFunctions = std::move(Estimated->Names);
  return Error::success();
}

Expected<CheckResult> runCheck(const CheckConfig &Config,
                               const Diagnostics &Diag) {
  if (Error E = Config.Loops.validate())
    return E;
  auto File = BinaryFile::open(Config.BinaryPath);
  if (!File)
    return File.takeError();
  CheckResult R;
  R.File = Config.BinaryPath;
  R.Arch = Triple::getArchTypeName((*File)->object().getArch()).str();
  R.LineSize = Config.Loops.LineSize;

  auto Ranges = (*File)->codeRanges(R.Source);
  if (!Ranges)
    return Ranges.takeError();
  // Ranges come from function symbols; code under a label without a type
  // lies outside them (say so rather than report its loops as absent).
  if (R.Source == RangeSource::Symbols)
    R.UntypedLabels = untypedCodeLabels(**File);
  if (Error E = selectFunctions(**File, R.Source, Config.Loops, *Ranges))
    return E;

  auto Judge = makeJudge(**File, Config.Loops, Diag);
  if (!Judge)
    return Judge.takeError();
  R.Judge = std::move(*Judge);
  if (R.Judge.Profile && none_of(*Ranges, [&](const CodeRange &F) {
        return R.Judge.Profile->mentions(F);
      }))
    Diag.warning(fileError(Config.Loops.ProfilePath,
                           "names none of the checked functions of '" +
                               Config.BinaryPath +
                               "'; was it recorded on this binary?"));

  auto Finder = LoopFinder::create((*File)->triple());
  if (!Finder)
    return fileError(Config.BinaryPath,
                     "cannot be disassembled: " + toString(Finder.takeError()));
  collectHotLoops(**Finder, *Ranges, R);
  if (Error E = markEstimates(**File, R))
    return std::move(E);
  return R;
}

void printCheckText(const CheckResult &R, raw_ostream &OS) {
  OS << "hotlayout check: " << R.File << " (" << R.Arch << ", " << R.LineSize
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
  if (R.Judge.IgnoredStaleMap)
    OS << "note: " << StaleMapNote << '\n';
  OS << "hot loops: " << R.Judge.ruleText() << '\n';
  if (R.NotJudged)
    OS << "note: " << R.NotJudged
       << " loops lie in code without block frequencies and were not judged\n";
  printNamesNote(OS,
                 Twine(R.UntypedLabels.size()) +
                     " untyped code labels (assembly without .type "
                     "@function): the code after them is in no function, and "
                     "its loops are not judged",
                 R.UntypedLabels);
  printNamesNote(OS,
                 "llvm-bolt could not instrument " +
                     Twine(R.EstimatedFunctions.size()) +
                     " functions; their counts are the compiler's PGO-map "
                     "estimates, not the run's, and their hot loops' verdicts "
                     "(ESTIMATED) are estimates too",
                 R.EstimatedFunctions);

  size_t NameWidth = 8, StartWidth = 5;
  for (const CheckFinding &F : R.Hot) {
    NameWidth = std::max(NameWidth, F.Function.size());
    StartWidth = std::max(StartWidth, hexAddress(F.J.L.Start).size());
  }
  if (!R.Hot.empty()) {
    OS << left_justify("FUNCTION", NameWidth) << "  "
       << left_justify("START", StartWidth) << "  SIZE  LINES  MIN  HOT-BY\n";
    for (const CheckFinding &F : R.Hot) {
      OS << left_justify(F.Function, NameWidth) << "  "
         << left_justify(hexAddress(F.J.L.Start), StartWidth) << "  "
         << right_justify(std::to_string(F.J.Bytes), 4) << "  "
         << right_justify(std::to_string(F.J.Lines), 5) << "  "
         << right_justify(std::to_string(F.J.MinLines), 3) << "  "
         << evidenceText(F.J.V);
      if (F.J.straddles())
        OS << "  STRADDLES";
      else if (!F.J.tight())
        OS << "  NOT-TIGHT";
      if (F.J.HotBytesUnknown)
        OS << "  (hot bytes unknown: whole span)";
      if (F.Estimated)
        OS << "  ESTIMATED";
      OS << '\n';
    }
  }
  OS << R.Hot.size() << " hot loops, " << R.tight() << " tight, "
     << R.straddling() << " straddle (" << R.LoopsFound << " loops found)";
  if (std::optional<double> W = R.weightedExtra())
    OS << format("; count-weighted extra lines per iteration: %.3f", *W);
  OS << '\n';
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

void printCheckJSON(const CheckResult &R, raw_ostream &OS) {
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("file", R.File);
    J.attribute("arch", R.Arch);
    J.attribute("line_size", int64_t(R.LineSize));
    J.attribute("ranges", sourceName(R.Source));
    J.attribute("stale_bb_addr_map_ignored", R.Judge.IgnoredStaleMap);
    R.Judge.writeJSON(J);
    J.attributeArray("loops", [&] {
      for (const CheckFinding &F : R.Hot)
        J.object([&] {
          J.attribute("function", F.Function);
          J.attribute("start", hexAddress(F.J.L.Start));
          J.attribute("function_offset",
                      int64_t(F.J.L.Start - F.FunctionAddress));
          J.attribute("size", int64_t(F.J.L.size()));
          J.attribute("lines_touched", int64_t(F.J.Lines));
          J.attribute("min_lines", int64_t(F.J.MinLines));
          J.attribute("straddles", F.J.straddles());
          J.attribute("tight", F.J.tight());
          J.attribute("innermost", F.J.L.Innermost);
          J.attribute("estimated", F.Estimated);
          if (F.J.V.FreqRatio)
            J.attribute("freq_ratio", *F.J.V.FreqRatio);
          if (F.J.V.Count)
            J.attribute("count", int64_t(*F.J.V.Count));
          if (R.Judge.Rule == HotnessRule::Profile || F.J.HotBytesUnknown) {
            J.attribute("hot_bytes", int64_t(F.J.Bytes));
            J.attribute("hot_bytes_unknown", F.J.HotBytesUnknown);
          }
          if (const JudgedHotLoop *D = R.Judge.definitionOf(F.J.L.Start)) {
            J.attribute("entries", int64_t(D->Entries));
            J.attributeArray("hot_intervals", [&] {
              for (const ByteInterval &I : D->HotBytes)
                J.object([&] {
                  J.attribute("start", hexAddress(I.Start));
                  J.attribute("end", hexAddress(I.End));
                });
            });
          }
        });
    });
    J.attributeObject("summary", [&] {
      J.attribute("hot_loops", int64_t(R.Hot.size()));
      J.attribute("tight", int64_t(R.tight()));
      J.attribute("straddle", int64_t(R.straddling()));
      J.attribute("loops_found", int64_t(R.LoopsFound));
      J.attribute("not_judged", int64_t(R.NotJudged));
      J.attributeArray("estimated_functions", [&] {
        for (const std::string &N : R.EstimatedFunctions)
          J.value(N);
      });
      J.attributeArray("untyped_code_labels", [&] {
        for (const std::string &N : R.UntypedLabels)
          J.value(N);
      });
      if (std::optional<double> W = R.weightedExtra())
        J.attribute("weighted_extra_lines", *W);
    });
  });
  OS << '\n';
}

} // namespace hotlayout
