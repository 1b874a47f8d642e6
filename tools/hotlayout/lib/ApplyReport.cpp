//===- ApplyReport.cpp - The report of hotlayout apply --------------------===//

#include "hotlayout/Tool/Apply.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

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

void printApplyReport(const ApplyResult &R, raw_ostream &OS) {
  OS << "hotlayout apply: " << R.BinaryPath << " -> " << R.OutputPath << " ("
     << R.LineSize << " B lines, llvm-bolt run " << R.Runs
     << (R.Runs == 1 ? " time" : " times");
  if (!R.ProfilePath.empty())
    OS << ", blocks by " << R.ProfilePath;
  OS << ")";
  if (!R.PlannedBuildID.empty())
    OS << "; lock planned on this very build (build ID " << R.PlannedBuildID
       << ")";
  OS << "\n";
  printNames(OS, {R.Labels.begin(), R.Labels.end()}, "untyped code label",
             "left where the linker put them (code between such labels may "
             "be copied by address, as JIT templates are)",
             /*Shown=*/3);
  printNames(OS, {R.OwnOrder.begin(), R.OwnOrder.end()}, "function",
             "kept their input block order (with the profile's they outgrew "
             "their locked space)");
  printNames(OS, {R.Unordered.begin(), R.Unordered.end()}, "function",
             "outside the lock landed among the locked ones (BOLT could not "
             "order them by name) and were given to BOLT without a profile");
  OS << "hot text at 0x" << utohexstr(R.Start, /*LowerCase=*/true) << "\n";
  OS << "FUNCTION  OFFSET  ACTUAL  ADDRESS  STATUS\n";
  size_t Moved = 0, Missing = 0;
  for (const PlacementVerdict &D : R.Verdicts) {
    OS << D.Locked.Name << "  " << D.Locked.Offset << "  ";
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
}

} // namespace hotlayout
