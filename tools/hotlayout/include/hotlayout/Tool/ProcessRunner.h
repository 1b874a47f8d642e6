//===- ProcessRunner.h - Timed child processes, interruptible -*- C++ -*-===//
//
// `hotlayout ab` times whole program runs. A run is one posix_spawn of the
// program (or of `sh -c` for a --run command) with stdin from /dev/null and
// stdout and stderr to files, and one wait4: wall time from CLOCK_MONOTONIC
// around the two, user + system time from the kernel's rusage of the child
// (and of the descendants it waited for). stdout is hashed afterwards, so
// reading it never competes with the timed run.
//
// SIGINT, SIGTERM and SIGHUP only set a flag while an InterruptGuard lives
// (instead of LLVM's handlers, which end the process at the first one):
// the run in progress is killed, and the caller sees interrupted(), prints
// what it has and removes its temporary files on the normal return path.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_PROCESSRUNNER_H
#define HOTLAYOUT_TOOL_PROCESSRUNNER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <csignal>
#include <cstdint>
#include <string>
#include <vector>

namespace hotlayout {

/// Installs flag-setting handlers for SIGINT, SIGTERM and SIGHUP and puts
/// the previous ones back when destroyed. One at a time.
class InterruptGuard {
public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard &) = delete;
  InterruptGuard &operator=(const InterruptGuard &) = delete;

  /// The signal that arrived since construction, or 0.
  static int signal();
  static bool interrupted() { return signal() != 0; }

private:
  struct sigaction Old[3];
};

/// What to run.
struct ProcessSpec {
  std::string Program;           ///< Path executed.
  std::vector<std::string> Argv; ///< Argv[0] is what the program sees.
  std::vector<std::string> Env;  ///< Complete environment, "NAME=VALUE".
  std::string StdoutPath;        ///< Created or truncated.
  std::string StderrPath;        ///< Created or truncated.
};

/// How one run went.
struct ProcessResult {
  int ExitCode = 0; ///< Exit status, or 128 + signal when killed.
  bool Signaled = false;
  double WallSeconds = 0;
  double CPUSeconds = 0;    ///< ru_utime + ru_stime.
  bool Interrupted = false; ///< A signal stopped us; the times mean nothing.
};

/// Runs \p Spec to completion (or until InterruptGuard::interrupted(), when
/// the child is killed). Fails only when the child cannot be started.
llvm::Expected<ProcessResult> runProcess(const ProcessSpec &Spec);

/// The environment of this process with \p Extra ("NAME=VALUE") added last.
std::vector<std::string> currentEnvironment(llvm::ArrayRef<std::string> Extra);

/// A 64-bit hash of the file at \p Path (0 for an empty or missing file).
uint64_t hashFile(llvm::StringRef Path);

/// \p S single-quoted for sh.
std::string shellQuote(llvm::StringRef S);

/// \p Command with every {} replaced by \p Path quoted for sh, or, when it
/// has no {}, with the quoted path appended.
std::string substitutePath(llvm::StringRef Command, llvm::StringRef Path);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_PROCESSRUNNER_H
