//===- hotlayout.cpp - The hotlayout post-link command line ---------------===//
//
// A thin shell: initialise the LLVM targets the subcommands disassemble,
// parse the command line, run the chosen subcommand. Subcommands (see
// Commands.h): check, diff, profile, loops, plan, apply, ab, flags.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include "hotlayout/Tool/Binary/LoopFinder.h"
#include "hotlayout/Tool/Support/Process.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstring>
#include <unistd.h>

using namespace llvm;
using namespace hotlayout;

namespace {
struct Subcommand {
  cl::SubCommand *Sub;
  int (*Run)();
};
} // namespace

/// Every subcommand, in the order --help lists them.
static const Subcommand Subcommands[] = {
    {&CheckSubcommand, runCheckCommand},
    {&DiffSubcommand, runDiffCommand},
    {&ProfileSubcommand, runProfileCommand},
    {&LoopsSubcommand, runLoopsCommand},
    {&PlanSubcommand, runPlanCommand},
    {&ApplySubcommand, runApplyCommand},
    {&ABSubcommand, runABCommand},
    {&FlagsSubcommand, runFlagsCommand},
};

static cl::OptionCategory ToolCategory("hotlayout options");

int hotlayout::reportError(StringRef Command, Error E) {
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &EI) {
    WithColor::error(errs(), "hotlayout " + Command.str())
        << EI.message() << '\n';
  });
  return ExitError;
}

void hotlayout::reportWarning(StringRef Command, Error E) {
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &EI) {
    WithColor::warning(errs(), "hotlayout " + Command.str())
        << EI.message() << '\n';
  });
}

Diagnostics hotlayout::commandDiagnostics(StringRef Command,
                                          bool ShowProgress) {
  Diagnostics D;
  std::string Name = Command.str();
  D.OnWarning = [Name](Error E) { reportWarning(Name, std::move(E)); };
  if (ShowProgress)
    D.OnProgress = [Name](const Twine &Line) {
      errs() << "hotlayout " << Name << ": " << Line << '\n';
    };
  return D;
}

/// "hotlayout SUB: error: internal error: ", written before a subcommand
/// runs so that LLVM's last words need no allocation.
static char FailurePrefix[96];

static void writeAll(const char *Text) {
  (void)!::write(2, Text, strlen(Text));
}

/// LLVM's fatal and out-of-memory errors (report_fatal_error, a failed
/// allocation) would print a bare "LLVM ERROR: ..." and abort with a stack
/// dump. Every line on stderr is hotlayout's: say it with the subcommand's
/// prefix, remove the temporary files as an interrupt would, and exit.
/// Memory may be exhausted: only write(2).
static void reportLLVMFailure(void *, const char *Reason, bool) {
  writeAll(FailurePrefix);
  writeAll(Reason);
  writeAll("; this is a bug in hotlayout: report it with the command line "
           "and its inputs\n");
  sys::RunInterruptHandlers();
  ::_exit(ExitInternal);
}

static void printVersion(raw_ostream &OS) {
  OS << "hotlayout " << HOTLAYOUT_VERSION << " (built with LLVM "
     << HOTLAYOUT_LLVM_VERSION << ")\n";
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  initializeMachineCode();

  // LLVM's libraries register options of their own; --help shows ours only.
  cl::HideUnrelatedOptions(ToolCategory);
  cl::SetVersionPrinter(printVersion);
  // Passing an error stream makes bad usage return here (exit 2, like every
  // other error) instead of exiting with 1, which means "found something".
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "hotlayout: post-link layout tools\n\n"
          "  Compile-time passes live in libHotLayout.so (see README.md).\n"
          "  Run 'hotlayout <subcommand> --help' for a subcommand's "
          "options.\n",
          &errs()))
    return ExitError;

  for (const Subcommand &S : Subcommands)
    if (*S.Sub) {
      // From here on a Ctrl-C stops the child and removes every temporary
      // path (Process.h), whatever the subcommand is doing.
      installInterruptHandlers(S.Sub->getName());
      snprintf(FailurePrefix, sizeof(FailurePrefix),
               "hotlayout %s: error: internal error: ",
               S.Sub->getName().str().c_str());
      install_fatal_error_handler(reportLLVMFailure);
      install_bad_alloc_error_handler(reportLLVMFailure);
      return S.Run();
    }

  errs() << "hotlayout: no subcommand given; run 'hotlayout --help' for the "
            "list\n";
  return ExitError;
}
