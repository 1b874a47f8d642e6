//===- ApplyReport.cpp - The report of hotlayout apply --------------------===//

#include "hotlayout/Tool/Apply/Apply.h"

#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <limits>

using namespace llvm;

namespace hotlayout {

/// "N <Noun>s <What>: a, b, c" with \p Names sorted, at most \p Shown of
/// them (then ", ..."); nothing when there are none.
static void printNames(raw_ostream &OS, std::vector<StringRef> Names,
                       StringRef Noun, StringRef What,
                       size_t Shown = std::numeric_limits<size_t>::max()) {
  if (Names.empty())
    return;
  llvm::sort(Names);
  OS << Names.size() << " " << Noun << (Names.size() == 1 ? "" : "s") << " "
     << What << ": " << join(ArrayRef(Names).take_front(Shown), ", ")
     << (Names.size() > Shown ? ", ..." : "") << "\n";
}

static StringRef sourceText(const LoopPlacementVerdict &V) {
  if (!V.Locked)
    return "not locked";
  if (V.ShiftDropped)
    return "its shift did not fit";
  switch (V.Source) {
  case ShiftSource::Compiler:
    return "the compiler's";
  case ShiftSource::Judged:
    return "fewer lines than the compiler's";
  case ShiftSource::Stored:
    return "from the lock";
  case ShiftSource::Emitted:
    return "fits llvm-bolt's code";
  case ShiftSource::Bolt:
    return "llvm-bolt's layout";
  }
  return "";
}

/// Per function with hot loops: its shift and whether its tight loops sit
/// on their fewest lines, then the output's totals by the one definition.
static void printLoopReport(const ApplyResult &R, raw_ostream &OS) {
  printNames(OS, {R.Resolved.begin(), R.Resolved.end()}, "function",
             "changed since the lock's choice: their shift was chosen anew");
  if (!R.LoopsJudged) {
    if (R.OutputFileSize)
      OS << "hot loops not judged: no --profile (each locked function keeps "
            "its input code at the lock's or the input's line offset)\n";
    return;
  }
  if (!R.LoopVerdicts.empty())
    OS << "FUNCTION  SHIFT  HOT-LOOPS  STRADDLING  LOOPS\n";
  for (const LoopPlacementVerdict &V : R.LoopVerdicts) {
    OS << V.Name << "  " << V.Shift << " (" << sourceText(V) << ")  " << V.Loops
       << "  " << V.Straddling << "  ";
    if (V.Straddling)
      OS << "not all on their fewest lines: " << V.Why << "\n";
    else
      OS << "tight loops on their fewest lines\n";
  }
  OS << "hot loops: " << R.HotLoops << " (" << R.TightLoops << " tight), "
     << R.straddling() << " straddling, " << format("%.3f", R.WeightedExtra)
     << " count-weighted extra lines per iteration\n";
  printNamesNote(OS,
                 "llvm-bolt could not instrument " +
                     Twine(R.EstimatedFunctions.size()) +
                     " functions; their loops are judged on the compiler's "
                     "PGO-map estimates, not the run's counts",
                 R.EstimatedFunctions);
}

/// Why the output has more code than the input, when it has, and what the
/// user can change.
static void printCodeGrowth(const ApplyResult &R, raw_ostream &OS) {
  if (!R.OutputFileSize || R.OutputCodeSize <= R.InputCodeSize)
    return;
  OS << "code grew by " << R.OutputCodeSize - R.InputCodeSize
     << format(" bytes (%.3fx)",
               double(R.OutputCodeSize) /
                   double(std::max<uint64_t>(R.InputCodeSize, 1)))
     << ": the hot text holds the lock's reservations, with their slack "
        "for growth (hotlayout plan --slack-percent) and room for each "
        "function's shift";
  if (R.OutputColdCodeSize)
    OS << "; " << R.OutputColdCodeSize
       << " bytes are .text.cold, where llvm-bolt puts the cold fragments";
  if (R.OutputCodeLeftInPlace)
    OS << "; " << R.OutputCodeLeftInPlace
       << " bytes are functions that never ran, left where the input has them";
  OS << "\n";
}

/// The wall time of each phase, and the rest (temporary files, sizes,
/// --smoke, writing).
static void printTimes(const ApplyTimes &T, unsigned Runs, raw_ostream &OS) {
  double Rest = T.Total - T.Inputs - T.Bolt - T.Verify;
  OS << format("time: %.3f s: inputs %.3f s, llvm-bolt %.3f s (%u run%s), "
               "verification %.3f s, rest %.3f s\n",
               T.Total, T.Inputs, T.Bolt, Runs, Runs == 1 ? "" : "s", T.Verify,
               Rest < 0 ? 0.0 : Rest);
}

void printApplyReport(const ApplyResult &R, raw_ostream &OS) {
  OS << "hotlayout apply: " << R.BinaryPath << " -> " << R.OutputPath << " ("
     << R.LineSize << " B lines, llvm-bolt run " << R.Runs
     << (R.Runs == 1 ? " time" : " times");
  if (!R.ProfilePath.empty())
    OS << ", hot loops by " << R.ProfilePath;
  OS << "; locked functions keep their input code";
  if (!R.BoltLaidOut.empty())
    OS << ", but those no compiler laid out";
  OS << ")";
  if (!R.PlannedBuildID.empty())
    OS << "; lock planned on this very build (build ID " << R.PlannedBuildID
       << ")";
  OS << "\n";
  printNames(OS, {R.Labels.begin(), R.Labels.end()}, "untyped code label",
             "left where the linker put them (code between such labels may "
             "be copied by address, as JIT templates are)",
             /*Shown=*/3);
  printNames(OS, {R.Unordered.begin(), R.Unordered.end()}, "function",
             "outside the lock landed among the locked ones (BOLT could not "
             "order them by name); BOLT got them without a profile");
  printNames(OS, {R.BoltLaidOut.begin(), R.BoltLaidOut.end()},
             "locked function",
             "laid out by llvm-bolt from the profile, as plain llvm-bolt "
             "lays them out: no compiler did (none of their blocks is in the "
             "address map: assembly); each starts where the hot loops of "
             "llvm-bolt's code fit");
  OS << "hot text at 0x" << utohexstr(R.Start, /*LowerCase=*/true) << "\n";
  OS << "FUNCTION  OFFSET  ACTUAL  ADDRESS  STATUS\n";
  size_t Moved = 0, Missing = 0;
  for (const PlacementVerdict &D : R.Verdicts) {
    OS << D.Locked.Name << "  " << D.Locked.Offset;
    if (D.Shift)
      OS << "+" << D.Shift;
    OS << "  ";
    if (D.Out)
      OS << D.Actual << "  0x" << utohexstr(D.Out->Address, /*LowerCase=*/true)
         << "  ";
    else
      OS << "-  -  ";
    if (D.OK) {
      OS << "OK\n";
      continue;
    }
    ++(D.Out ? Moved : Missing);
    OS << (D.Out ? "MOVED" : "MISSING") << " (" << D.Why << ")\n";
  }
  OS << R.Verdicts.size() << " locked functions: " << R.placed()
     << " at their offsets, " << Moved << " moved, " << Missing << " missing\n";
  OS << "locked code: " << R.CodeCompared
     << " functions compared with the input, all kept (byte for byte outside "
        "relocated fields";
  // What llvm-bolt changed that is still the input's code (LockedCode.h).
  const std::pair<unsigned, const char *> KeptForms[] = {
      {R.CodeReencoded, "with a jump llvm-bolt encoded in another width"},
      {R.CodeAppended,
       "with conditional tail calls through jumps llvm-bolt appended"},
      {R.CodeDropped, "with a jump to the next instruction llvm-bolt dropped"},
      {R.CodeInverted,
       "with a branch over a jump llvm-bolt made one inverted branch"},
      {R.CodeReaimed, "with a PC-relative reference the assembler resolved, "
                      "aimed again at the same place"}};
  for (auto [Functions, What] : KeptForms)
    if (Functions)
      OS << "; " << Functions << ' ' << What;
  OS << ")\n";
  printLoopReport(R, OS);
  if (R.OutputFileSize) {
    OS << "output: " << R.OutputFileSize << " bytes, code " << R.OutputCodeSize
       << " bytes (input code " << R.InputCodeSize << ")";
    if (R.NoHugePages)
      OS << "; segments aligned to 4 KiB (--no-huge-pages)\n";
    else
      OS << "; BOLT aligns its new segments to 2 MiB huge pages and the file "
            "keeps the zero fill: --no-huge-pages makes it megabytes "
            "smaller\n";
  }
  printCodeGrowth(R, OS);
  if (!R.WrittenLock.empty())
    OS << "lock with the choices written to " << R.WrittenLock << "\n";
  if (R.Times)
    printTimes(*R.Times, R.Runs, OS);
}

} // namespace hotlayout
