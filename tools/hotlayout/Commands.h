//===- Commands.h - The subcommands of the hotlayout CLI ------------------===//
//
// Each subcommand lives in its own <Name>Command.cpp, a thin shell over one
// library pipeline (hotlayout/Tool/<Name>.h): an llvm::cl::SubCommand, its
// options (cl::sub of it, in its own category; options several subcommands
// take are declared once in CommandOptions.h), and a run function that fills
// the pipeline's config, calls it, prints its result with the library's
// printer and returns the exit status. To add one, write that file, declare
// the two names here and add a row to the table in hotlayout.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOLS_COMMANDS_H
#define HOTLAYOUT_TOOLS_COMMANDS_H

#include "hotlayout/Tool/Support/Error.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

namespace hotlayout {

/// Exit statuses every subcommand uses.
enum ExitStatus : int {
  ExitClean = 0,    ///< Ran, found nothing to complain about.
  ExitFindings = 1, ///< Ran, found something (e.g. a straddling hot loop).
  ExitError = 2,    ///< Could not run: bad input or options.
  /// Ran, but the measurements cannot tell yet (hotlayout ab's "not
  /// resolved"): run longer.
  ExitUndecided = 3,
  /// LLVM gave up (a fatal error, memory exhausted): a bug in hotlayout,
  /// which must bound its work by its inputs. Not 2: no input is to blame.
  ExitInternal = 4,
};

/// Prints "hotlayout <Command>: error: <E>" and returns ExitError.
int reportError(llvm::StringRef Command, llvm::Error E);

/// Prints "hotlayout <Command>: warning: <E>" and carries on.
void reportWarning(llvm::StringRef Command, llvm::Error E);

/// What a pipeline says while it runs, printed to stderr as it comes:
/// warnings as reportWarning() prints them, and, with \p ShowProgress,
/// progress lines as "hotlayout <Command>: <line>".
Diagnostics commandDiagnostics(llvm::StringRef Command,
                               bool ShowProgress = false);

/// `hotlayout check BINARY`: hot loops that touch more cache lines than
/// their size needs (CheckCommand.cpp).
extern llvm::cl::SubCommand CheckSubcommand;
int runCheckCommand();

/// `hotlayout diff A B`: hot functions and hot loops that moved between two
/// binaries, and which changed alignment mod the line size (DiffCommand.cpp).
extern llvm::cl::SubCommand DiffSubcommand;
int runDiffCommand();

/// `hotlayout profile -o P.fdata -- PROGRAM ARGS...`: a BOLT profile of a
/// run, by instrumentation or from perf data (ProfileCommand.cpp).
extern llvm::cl::SubCommand ProfileSubcommand;
int runProfileCommand();

/// `hotlayout loops BINARY --profile P -o OUT`: the binary's block and loop
/// counts by .llvm_bb_addr_map block ID, for hotalign's next build
/// (LoopsCommand.cpp).
extern llvm::cl::SubCommand LoopsSubcommand;
int runLoopsCommand();

/// `hotlayout plan BINARY --profile P -o LOCK [--update OLD]`: lock hot
/// functions at line-aligned offsets in the hot text (PlanCommand.cpp).
extern llvm::cl::SubCommand PlanSubcommand;
int runPlanCommand();

/// `hotlayout apply BINARY --lock LOCK -o OUT`: llvm-bolt puts each locked
/// function at its offset; reports which landed there (ApplyCommand.cpp).
extern llvm::cl::SubCommand ApplySubcommand;
int runApplyCommand();

/// `hotlayout ab A B -- ARGS...`: B against A over seeded layouts of each,
/// a ratio with its confidence interval and a verdict (ABCommand.cpp).
extern llvm::cl::SubCommand ABSubcommand;
int runABCommand();

/// `hotlayout flags [--instrument | --use P.profdata] [--cc CC]`: the build
/// recipe's compiler and linker flags, with the installed plugin
/// (FlagsCommand.cpp).
extern llvm::cl::SubCommand FlagsSubcommand;
int runFlagsCommand();

} // namespace hotlayout

#endif // HOTLAYOUT_TOOLS_COMMANDS_H
