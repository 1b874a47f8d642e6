//===- hotlayout/Tool/Apply.h - Putting locked functions in place ---------===//
//
// `hotlayout apply`: drive llvm-bolt to lay the hot text out as a layout
// lock says (each locked function at hot-text start + its locked offset;
// with a profile, each function's blocks in BOLT's profile order and its
// never-run blocks moved out of the hot text), then read the output back
// and report, per locked function, where it landed. The input is only ever
// read; the output is written atomically, and not at all on an error.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_APPLY_H
#define HOTLAYOUT_TOOL_APPLY_H

#include "hotlayout/Tool/BoltDriver.h"
#include "hotlayout/Tool/LockVerify.h"

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
  /// BOLT profile of the binary or an earlier build: blocks in its order.
  std::string ProfilePath;
  /// llvm-bolt runs at most, each padding by the sizes the last emitted.
  unsigned MaxBoltRuns = 4;
  /// Shell command run on the result before it becomes the output ({} is
  /// its path); empty: none.
  std::string SmokeCommand;
  std::string BoltDir; ///< Empty: defaultBoltDir().
  /// Each llvm-bolt run is stopped after this many seconds (0: no limit).
  unsigned BoltTimeout = DefaultBoltTimeoutSeconds;
  /// With a profile: start each locked function at the shift within its
  /// reservation that puts its hot loops on their fewest lines
  /// (LoopShift.h), judged on BOLT's output through -enable-bat.
  bool PlaceLoops = true;
  /// Loops taken fewer times are not hot (check's --min-count).
  uint64_t MinCount = 100;
  /// Hot loops are the hottest iterating ones that make up this share of
  /// all iterating loops' taken counts (check's --hot-coverage).
  double HotCoverage = 0.99;
  /// Where to write the lock with the choices made (format 2): per placed
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
  Solved,   ///< Chosen in this apply from BOLT's first output.
  Stored,   ///< The lock's choice; the function's code is unchanged.
  Resolved, ///< The lock had a choice, but the code changed: chosen anew.
};

/// The hot loops of one locked function after apply.
struct LoopPlacementVerdict {
  std::string Name;
  ShiftSource Source = ShiftSource::Solved;
  uint64_t Shift = 0;
  unsigned Loops = 0;      ///< Hot loops in the output.
  unsigned Straddling = 0; ///< Of them, on more than their fewest lines.
  /// Count-weighted extra lines: sum(taken * extra), and sum(taken).
  uint64_t ExtraWeighted = 0, Taken = 0;
  std::string Why; ///< When Straddling: why no shift fixes it.
  /// BOLT kept its input code (ApplyResult::InputLayouts).
  bool InputLayout = false;
};

struct ApplyResult {
  std::string BinaryPath;
  std::string OutputPath;
  std::string ProfilePath;
  uint64_t LineSize = 64;
  unsigned Runs = 0; ///< llvm-bolt runs it took.
  /// The lock's build ID when it was planned on this very build (the
  /// input's .note.gnu.build-id is the same), else empty.
  std::string PlannedBuildID;
  std::vector<std::string> Labels;    ///< Untyped code labels left in place.
  std::vector<std::string> OwnOrder;  ///< Kept their input block order.
  std::vector<std::string> Unordered; ///< Outside the lock, sent unprofiled.
  /// Locked functions whose input code BOLT kept, because the compiler
  /// placed their hot loops better than any start of BOLT's layout.
  std::vector<std::string> InputLayouts;
  uint64_t Start = 0;                     ///< Address of the hot text.
  std::vector<PlacementVerdict> Verdicts; ///< In lock order.
  /// Per locked function with hot loops (with a profile), in lock order.
  std::vector<LoopPlacementVerdict> LoopVerdicts;
  /// Hot loops were judged (a profile, and PlaceLoops).
  bool LoopsJudged = false;
  /// Bytes of the output file, and of executable code in the input and in
  /// the output (without BOLT's copy of the original text).
  uint64_t OutputFileSize = 0, InputCodeSize = 0, OutputCodeSize = 0;
  /// Of OutputCodeSize, the cold fragments (.text.cold).
  uint64_t OutputColdCodeSize = 0;
  bool NoHugePages = false; ///< The output was written with -no-huge-pages.
  /// Locked functions whose code changed since the lock's choice: solved
  /// again.
  std::vector<std::string> Resolved;
  /// The shift each placed function got (absent: 0) and the bytes BOLT
  /// emitted for each.
  llvm::StringMap<uint64_t> Shifts, EmittedSizes;
  /// Where the lock with the choices went, when written.
  std::string WrittenLock;
  /// Filled with Config.Time (then reported).
  std::optional<ApplyTimes> Times;
  unsigned straddling() const;

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

/// Copies the BOLT profile \p From to \p To without the records that name a
/// function of \p Names (with BOLT's /N suffix or without), so that BOLT
/// keeps those functions' blocks in their input order.
llvm::Error writeProfileWithout(llvm::StringRef From,
                                const llvm::StringSet<> &Names,
                                llvm::StringRef To);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_APPLY_H
