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

#include "hotlayout/Tool/LockVerify.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
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
  uint64_t Start = 0;                 ///< Address of the hot text.
  std::vector<PlacementVerdict> Verdicts; ///< In lock order.

  size_t placed() const;
  bool allPlaced() const { return placed() == Verdicts.size(); }
};

/// Applies the lock. Exit status for a CLI: 0 when allPlaced(), else 1 (the
/// output is written either way); an error writes nothing.
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
