//===- CheckCommand.cpp - hotlayout check: hot loops vs cache lines -------===//
//
// The shell of `hotlayout check` (the work is runCheck in Check.h): options
// to CheckConfig, run, print a table or --json, exit 1 when a hot loop
// touches more lines than its size needs, 0 otherwise, 2 on errors.
//
//===----------------------------------------------------------------------===//

#include "CommandOptions.h"
#include "Commands.h"

#include "hotlayout/Tool/Check/Check.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hotlayout {

cl::SubCommand
    CheckSubcommand("check",
                    "Report hot loops of a linked binary that touch more cache "
                    "lines than their size needs (exit 1 if any, 2 on errors)");

static cl::OptionCategory CheckCategory("hotlayout check options",
                                        HotLoopRulesHelp);

static cl::opt<std::string> InputPath(cl::Positional, cl::Required,
                                      cl::desc("<binary>"),
                                      cl::sub(CheckSubcommand),
                                      cl::cat(CheckCategory));

static HotLoopOptions Opts(CheckSubcommand, CheckCategory);

int runCheckCommand() {
  CheckConfig Config;
  Config.BinaryPath = InputPath;
  Config.Loops = Opts.config();
  Expected<CheckResult> R = runCheck(Config, commandDiagnostics("check"));
  if (!R)
    return reportError("check", R.takeError());
  if (Opts.EmitJSON)
    printCheckJSON(*R, outs());
  else
    printCheckText(*R, outs());
  return R->straddling() ? ExitFindings : ExitClean;
}

} // namespace hotlayout
