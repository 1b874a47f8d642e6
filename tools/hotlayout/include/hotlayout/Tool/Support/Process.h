//===- hotlayout/Tool/Support/Process.h - Running child processes ---------===//
//
// Every child the tool starts outside ab's timed runs (the program being
// profiled, a --smoke command) starts in runProcess(), or, for BOLT's
// tools, in runLimited() (below), so there is one place that knows which
// child is running, and one place that stops it on a signal:
//
// installInterruptHandlers() takes SIGINT, SIGTERM and SIGHUP (replacing
// LLVM's handlers). On one, the handler, using only async-signal-safe
// calls: sends the same signal to the running child (it may have had it
// already, from the terminal's process group), waits for it up to 2 s and
// then kills it, removes every live temporary path (TempFiles.h), writes
// "hotlayout <command>: interrupted" and exits with 128 + the signal. The
// child is waited for before the removal so it writes nothing afterwards.
//
// ab's timed runs start in runTimed(), which also measures them: one
// posix_spawn of the program (or of `sh -c` for a --run command) with stdin
// from /dev/null and stdout and stderr to files, and one wait4: wall time
// from CLOCK_MONOTONIC around the two, user + system time from the kernel's
// rusage of the child (and of the descendants it waited for). glibc spawns
// with vfork semantics, so starting a run costs the same whatever
// hotlayout's own size. stdout is hashed afterwards (hashFile), so reading
// it never competes with the timed run.
//
// BOLT's tools start in runLimited() instead: in a process group of their
// own (perf2bolt starts `perf script` children; stopping the tool stops
// them too), with stdin empty and stdout and stderr in one file, and with a
// time limit, since llvm-bolt can hang on a damaged binary and its output
// goes to a log, where nobody sees it stop making progress. When the limit
// passes, the whole group is killed (SIGKILL) and reaped, and the result
// says TimedOut. The wait is a poll() on a pidfd, so a run that ends is
// seen at once, whatever the limit. The interrupt handlers above send their
// signal to such a child's whole group.
//
// While an InterruptGuard lives (ab's timed rounds), SIGINT, SIGTERM and
// SIGHUP only set a flag instead: the timed run in progress is killed, and
// the caller sees interrupted(), prints what it has and removes its
// temporary files on the normal return path; the guard restores the
// handlers above when it ends.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_PROCESS_H
#define HOTLAYOUT_TOOL_PROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <csignal>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

/// How a child process ended.
struct ProcessResult {
  bool ExecFailed = false; ///< It could not be started; ErrMsg says why.
  int Status = 0;          ///< Exit status; negative when it did not exit
                           ///< normally (a signal): ErrMsg says how.
  std::string ErrMsg;
  /// runLimited() stopped it when its time limit passed.
  bool TimedOut = false;

  bool succeeded() const { return !ExecFailed && !TimedOut && Status == 0; }
  /// "exit status 3", or how it failed to start or died.
  std::string why() const;
};

/// Runs \p Program with \p Argv (Argv[0] is the name the program sees) and
/// waits for it. \p Redirects is empty (inherit stdin, stdout and stderr)
/// or has three entries, as llvm::sys::ExecuteAndWait takes them. \p Env,
/// when given, is the child's whole environment ("NAME=VALUE"); else it
/// inherits this process's.
ProcessResult
runProcess(llvm::StringRef Program, llvm::ArrayRef<llvm::StringRef> Argv,
           llvm::ArrayRef<std::optional<llvm::StringRef>> Redirects = {},
           std::optional<llvm::ArrayRef<llvm::StringRef>> Env = std::nullopt);

/// Runs \p Args (Args[0] is the program's path) in a new process group,
/// with stdin empty and stdout and stderr written to \p OutputPath, and
/// waits for it; when \p TimeoutSeconds (0: no limit) pass first, kills the
/// group and returns with TimedOut set. ExecFailed when it cannot start.
ProcessResult runLimited(llvm::ArrayRef<std::string> Args,
                         llvm::StringRef OutputPath, unsigned TimeoutSeconds);

/// Runs a BOLT tool: runLimited(\p Args, \p LogPath, \p TimeoutSeconds).
/// On failure the error says "\p What failed" and quotes the log's error
/// lines (else its last lines), escaped; when the limit passed it says so,
/// with the limit and the option that raises it (--bolt-timeout). Callers
/// remove the log with their temporary directory.
llvm::Error runLogged(llvm::ArrayRef<std::string> Args, llvm::StringRef LogPath,
                      const llvm::Twine &What, unsigned TimeoutSeconds);

/// Installs the handlers described above; \p Command names the subcommand
/// in the message. Call once, from main, after llvm::InitLLVM.
void installInterruptHandlers(llvm::StringRef Command);

/// \p S as one sh word: single-quoted, with each ' written '\''.
std::string shellQuote(llvm::StringRef S);

/// \p Command with each {} replaced by \p Path quoted for sh, or, without
/// {}, with the quoted path appended (apply --smoke, ab --run).
std::string commandWithPath(llvm::StringRef Command, llvm::StringRef Path);

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

/// What runTimed() runs.
struct TimedSpec {
  std::string Program;           ///< Path executed.
  std::vector<std::string> Argv; ///< Argv[0] is what the program sees.
  std::vector<std::string> Env;  ///< Complete environment, "NAME=VALUE".
  std::string StdoutPath;        ///< Created or truncated.
  std::string StderrPath;        ///< Created or truncated.
};

/// How one timed run went.
struct TimedResult {
  int ExitCode = 0; ///< Exit status, or 128 + signal when killed.
  bool Signaled = false;
  double WallSeconds = 0;
  double CPUSeconds = 0;    ///< ru_utime + ru_stime.
  bool Interrupted = false; ///< A signal stopped us; the times mean nothing.
};

/// Runs \p Spec to completion (or until InterruptGuard::interrupted(), when
/// the child is killed). Fails only when the child cannot be started.
llvm::Expected<TimedResult> runTimed(const TimedSpec &Spec);

/// The environment of this process with \p Extra ("NAME=VALUE") added last.
std::vector<std::string> currentEnvironment(llvm::ArrayRef<std::string> Extra);

/// The environment of this process with \p Value put first on the
/// search-path variable \p Name (LD_LIBRARY_PATH, LD_PRELOAD): "Name=Value"
/// when it is unset or empty, else "Name=Value:<old value>", in place of the
/// old entry, so that the loader and getenv() both see the new value.
std::vector<std::string> environmentWithPathFirst(llvm::StringRef Name,
                                                  llvm::StringRef Value);

/// A 64-bit hash of the file at \p Path (0 for an empty or missing file).
uint64_t hashFile(llvm::StringRef Path);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_PROCESS_H
