//===- hotlayout/Tool/Process.h - Running child processes -----------------===//
//
// Every child the tool starts (BOLT's tools, the program being profiled, a
// --smoke command) starts in runProcess(), so there is one place that knows
// which child is running, and one place that stops it on a signal:
//
// installInterruptHandlers() takes SIGINT, SIGTERM and SIGHUP (replacing
// LLVM's handlers). On one, the handler, using only async-signal-safe
// calls: sends the same signal to the running child (it may have had it
// already, from the terminal's process group), waits for it up to 2 s and
// then kills it, removes every live temporary path (TempFiles.h), writes
// "hotlayout <command>: interrupted" and exits with 128 + the signal. The
// child is waited for before the removal so it writes nothing afterwards.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_PROCESS_H
#define HOTLAYOUT_TOOL_PROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace hotlayout {

/// How a child process ended.
struct ProcessResult {
  bool ExecFailed = false; ///< It could not be started; ErrMsg says why.
  int Status = 0;          ///< Exit status; negative when it did not exit
                           ///< normally (a signal): ErrMsg says how.
  std::string ErrMsg;

  bool succeeded() const { return !ExecFailed && Status == 0; }
  /// "exit status 3", or how it failed to start or died.
  std::string why() const;
};

/// Runs \p Program with \p Argv (Argv[0] is the name the program sees) and
/// waits for it. \p Redirects is empty (inherit stdin, stdout and stderr)
/// or has three entries, as llvm::sys::ExecuteAndWait takes them.
ProcessResult
runProcess(llvm::StringRef Program, llvm::ArrayRef<llvm::StringRef> Argv,
           llvm::ArrayRef<std::optional<llvm::StringRef>> Redirects = {});

/// Runs \p Args (Args[0] is the program's path) with stdin empty and stdout
/// and stderr written to \p LogPath. On failure the error says "\p What
/// failed" and quotes the log's error lines (else its last lines), escaped;
/// callers remove the log with their temporary directory.
llvm::Error runLogged(llvm::ArrayRef<std::string> Args, llvm::StringRef LogPath,
                      const llvm::Twine &What);

/// Installs the handlers described above; \p Command names the subcommand
/// in the message. Call once, from main, after llvm::InitLLVM.
void installInterruptHandlers(llvm::StringRef Command);

/// \p S as one sh word: single-quoted, with each ' written '\''.
std::string shellQuote(llvm::StringRef S);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_PROCESS_H
