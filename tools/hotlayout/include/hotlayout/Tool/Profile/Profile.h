//===- hotlayout/Tool/Profile/Profile.h - Recording a BOLT profile --------===//
//
// `hotlayout profile`: record where a program or a shared library branches,
// as a BOLT .fdata profile that `check --profile`, `plan` and llvm-bolt read,
// by BOLT instrumentation (no hardware support needed; a library through a
// host program that loads it) or from perf data with branch stacks
// (perf2bolt).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_PROFILE_H
#define HOTLAYOUT_TOOL_PROFILE_H

#include "hotlayout/Tool/Bolt/BoltDriver.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

struct ProfileConfig {
  std::string OutputPath;
  /// PROGRAM (looked up on PATH unless it has a '/'), or with PerfData the
  /// BINARY the recording is of.
  std::string Program;
  std::vector<std::string> ProgramArgs;
  /// How often to run the program; unset: once.
  std::optional<unsigned> Runs;
  bool Append = false; ///< Merge into the profile already at OutputPath.
  bool AllowFailingRuns = false;
  std::string BoltDir; ///< Empty: defaultBoltDir().
  /// Each run of a BOLT tool is stopped after this many seconds (0: no
  /// limit). The program itself has none: it runs in the foreground, where
  /// its user sees it and can stop it, and a workload may run for hours.
  unsigned BoltTimeout = DefaultBoltTimeoutSeconds;
  std::string PerfData; ///< Convert this recording instead of instrumenting.
  /// Instrument this shared library instead of Program, which is the host
  /// that loads it and is run with the instrumented copy in the library's
  /// place (Profile.cpp says how).
  std::string Library;
  /// Load the instrumented library with LD_PRELOAD instead of putting it
  /// first on LD_LIBRARY_PATH under its SONAME and file name.
  bool Preload = false;
};

/// Records or converts the profile and renames it over Config.OutputPath;
/// nothing is written on an error. Progress lines ("run 1/3: ...") go to
/// \p Diag as each step starts, between the program's own output.
llvm::Error runProfile(const ProfileConfig &Config,
                       const Diagnostics &Diag = {});

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_PROFILE_H
