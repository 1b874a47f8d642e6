//===- hotlayout/Tool/Apply/Apply.h - Putting locked functions in place ---===//
//
// `hotlayout apply`: drive llvm-bolt to lay the hot text out as a layout
// lock says (each locked function, its input code as it is, at hot-text
// start + its locked offset + a shift that keeps the compiler's line
// offsets; functions outside the lock in the profile's block order), then
// read the output back and report, per locked function, where it landed,
// and with a profile how its hot loops sit. The input is only ever read;
// the output is written atomically, and not at all on an error.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_APPLY_H
#define HOTLAYOUT_TOOL_APPLY_H

#include "hotlayout/Support/HotLoopRules.h"
#include "hotlayout/Tool/Bolt/BoltDriver.h"
#include "hotlayout/Tool/Lock/LockVerify.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

struct ApplyConfig {
  std::string BinaryPath;
  std::string LockPath;
  std::string OutputPath;
  /// BOLT profile of the binary or an earlier build: the hot loops the
  /// shifts keep on their fewest lines, and the block order of functions
  /// outside the lock.
  std::string ProfilePath;
  /// llvm-bolt runs at most, in all (the runs after reshifting hot loops
  /// included), each padding by the sizes the last emitted.
  unsigned MaxBoltRuns = 4;
  /// Shell command run on the result before it becomes the output ({} is
  /// its path); empty: none.
  std::string SmokeCommand;
  std::string BoltDir; ///< Empty: defaultBoltDir().
  /// Each llvm-bolt run is stopped after this many seconds (0: no limit).
  unsigned BoltTimeout = DefaultBoltTimeoutSeconds;
  /// Start each locked function at the lock's shift or, with a profile,
  /// where its hot loops need the fewest lines when its input line offset
  /// leaves them on more (compilerShift, LoopShift.h). Off: every function
  /// at its input line offset.
  bool PlaceLoops = true;
  /// Loops taken fewer times are not hot (check's --min-count).
  uint64_t MinCount = DefaultMinCount;
  /// Hot loops are the hottest iterating ones that make up this share of
  /// all iterating loops' taken counts (check's --hot-coverage).
  double HotCoverage = DefaultHotCoverage;
  /// Where to write the lock with the choices made (format 3): per placed
  /// function its shift, its emitted size and its relocation-masked code
  /// hash. May be LockPath. Empty: not written.
  std::string WriteLockPath;
  /// llvm-bolt -no-huge-pages: 4 KiB segment alignment, a file megabytes
  /// smaller, the same code.
  bool NoHugePages = false;
  /// Print each llvm-bolt command line as it starts.
  bool Verbose = false;
  /// Report the wall time of each phase (ApplyTimes).
  bool Time = false;
};

/// Wall-clock seconds apply spent, by phase: where its cost over one
/// llvm-bolt run goes.
struct ApplyTimes {
  /// Step 1: reading and checking the binary, the lock and the profile,
  /// hashing the locked functions.
  double Inputs = 0;
  /// The llvm-bolt runs, and asking llvm-bolt for its options.
  double Bolt = 0;
  /// Reading each output: placements, hot loops through BAT.
  double Verify = 0;
  double Total = 0;
};

/// Where a locked function's shift came from.
enum class ShiftSource {
  Compiler, ///< Its line offset in the input: the compiler's placement.
  Judged,   ///< Another start, where its tight hot loops need fewer lines.
  Stored,   ///< The lock's choice; the function's code is unchanged.
  /// Chosen again from the code llvm-bolt emitted, which is not the input's
  /// byte for byte (a tail jump re-encoded shorter moves what follows it).
  Emitted,
  /// No compiler laid it out (hand-written assembly): llvm-bolt lays it out
  /// from the profile, and it starts on its line until its emitted hot
  /// loops need another start (then Emitted).
  Bolt,
};

/// The hot loops of one function of the output (with a profile).
struct LoopPlacementVerdict {
  std::string Name;
  bool Locked = false; ///< In the lock (else BOLT laid it out).
  ShiftSource Source = ShiftSource::Compiler;
  uint64_t Shift = 0; ///< Where it starts in its line in the output.
  /// The shift chosen for it did not fit its space: it starts at 0.
  bool ShiftDropped = false;
  unsigned Loops = 0;      ///< Hot loops in the output.
  unsigned Straddling = 0; ///< Tight ones on more than their fewest lines.
  /// Count-weighted extra lines of its tight hot loops: sum(taken * extra),
  /// and sum(taken).
  uint64_t ExtraWeighted = 0, Taken = 0;
  std::string Why; ///< When Straddling: why.
};

struct ApplyResult {
  std::string BinaryPath;
  std::string OutputPath;
  std::string ProfilePath;
  uint64_t LineSize = DefaultLineSize;
  unsigned Runs = 0; ///< llvm-bolt runs it took.
  /// Locked functions whose output code was compared with their input's
  /// (all kept it, or apply failed); of them, those with a branch llvm-bolt
  /// encoded in another width, those with jumps it appended, those with a
  /// jump to the next instruction it dropped, those with a branch over a
  /// jump it emitted as one inverted branch, and those with a PC-relative
  /// reference the assembler resolved that it aimed again (LockedCode.h).
  unsigned CodeCompared = 0;
  unsigned CodeReencoded = 0;
  unsigned CodeAppended = 0;
  unsigned CodeDropped = 0;
  unsigned CodeInverted = 0;
  unsigned CodeReaimed = 0;
  /// The lock's build ID when it was planned on this very build (the
  /// input's .note.gnu.build-id is the same), else empty.
  std::string PlannedBuildID;
  std::vector<std::string> Labels;    ///< Untyped code labels left in place.
  std::vector<std::string> Unordered; ///< Outside the lock, sent unprofiled.
  /// Locked functions no compiler laid out (BINARY has an address map and
  /// none of their blocks: hand-written assembly), which llvm-bolt lays out
  /// from their profile records as plain llvm-bolt does; their code is not
  /// compared with the input's. Sorted.
  std::vector<std::string> BoltLaidOut;
  uint64_t Start = 0;                     ///< Address of the hot text.
  std::vector<PlacementVerdict> Verdicts; ///< In lock order.
  /// Per function of the output with hot loops (with a profile), in the
  /// order of their first hot loop's address.
  std::vector<LoopPlacementVerdict> LoopVerdicts;
  /// Hot loops were judged (a profile was given).
  bool LoopsJudged = false;
  /// The output's hot loops by the one definition, as check counts them:
  /// hot, tight, tight ones straddling, count-weighted extra lines.
  size_t HotLoops = 0, TightLoops = 0, StraddlingLoops = 0;
  double WeightedExtra = 0;
  /// Functions whose --profile records `hotlayout profile` made from the PGO
  /// map (llvm-bolt could not instrument them): their loops' verdicts rest on
  /// the compiler's estimates. Sorted.
  std::vector<std::string> EstimatedFunctions;
  /// Bytes of the output file, and of executable code in the input and in
  /// the output (BOLT's copy of the original text counts only for the
  /// functions left in place there, which still run from it).
  uint64_t OutputFileSize = 0, InputCodeSize = 0, OutputCodeSize = 0;
  /// Of OutputCodeSize, the cold fragments (.text.cold), and the functions
  /// llvm-bolt left in the input's text (never run, not ordered).
  uint64_t OutputColdCodeSize = 0, OutputCodeLeftInPlace = 0;
  bool NoHugePages = false; ///< The output was written with -no-huge-pages.
  /// Locked functions whose code changed since the lock's choice: their
  /// shift was chosen anew.
  std::vector<std::string> Resolved;
  /// The shift each placed function got (absent: 0) and the bytes BOLT
  /// emitted for each.
  llvm::StringMap<uint64_t> Shifts, EmittedSizes;
  /// Where the lock with the choices went, when written.
  std::string WrittenLock;
  /// Filled with Config.Time (then reported).
  std::optional<ApplyTimes> Times;
  /// Tight hot loops of the output on more lines than their fewest.
  size_t straddling() const { return StraddlingLoops; }

  size_t placed() const;
  bool allPlaced() const { return placed() == Verdicts.size(); }
};

/// Applies the lock. Exit status for a CLI: 0 when allPlaced() and no hot
/// loop straddles, else 1 (the output is written either way); an error
/// writes nothing.
llvm::Expected<ApplyResult> runApply(const ApplyConfig &Config);

/// The report: what ran, what was left alone, and a row per locked
/// function (offset, actual offset, address, OK / MOVED / MISSING).
void printApplyReport(const ApplyResult &R, llvm::raw_ostream &OS);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_APPLY_H
