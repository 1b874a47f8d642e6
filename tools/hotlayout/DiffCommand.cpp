//===- DiffCommand.cpp - hotlayout diff: what moved between two binaries --===//
//
// The shell of `hotlayout diff A B` (the work is runDiff in Diff.h): options
// to DiffConfig, run, print tables or --json, exit 1 when a hot function
// changed alignment mod the line size or a hot loop newly straddles a line,
// 0 otherwise, 2 on errors.
//
//===----------------------------------------------------------------------===//

#include "CommandOptions.h"
#include "Commands.h"

#include "hotlayout/Tool/Diff/Diff.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace llvm;

namespace hotlayout {

cl::SubCommand DiffSubcommand(
    "diff", "Report hot functions and hot loops that moved between two "
            "linked binaries (exit 1 if a hot function changed alignment mod "
            "the line size or a hot loop newly straddles a line, 2 on "
            "errors)");

static const std::string DiffHelp =
    std::string(HotLoopRulesHelp) +
    " A function is hot when one of its loops is hot in A or in B. "
    "Functions are matched by symbol name (aliases included), loops by their "
    "ordinal within the function; a function whose loop count or loop sizes "
    "differ changed shape and its loops are not compared.";

static cl::OptionCategory DiffCategory("hotlayout diff options", DiffHelp);

static cl::opt<std::string> PathA(cl::Positional, cl::Required,
                                  cl::desc("<binary A>"),
                                  cl::sub(DiffSubcommand),
                                  cl::cat(DiffCategory));

static cl::opt<std::string> PathB(cl::Positional, cl::Required,
                                  cl::desc("<binary B>"),
                                  cl::sub(DiffSubcommand),
                                  cl::cat(DiffCategory));

static HotLoopOptions Opts(DiffSubcommand, DiffCategory);

int runDiffCommand() {
  DiffConfig Config;
  Config.PathA = PathA;
  Config.PathB = PathB;
  Config.Loops = Opts.config();
  Expected<DiffResult> R = runDiff(Config, commandDiagnostics("diff"));
  if (!R)
    return reportError("diff", R.takeError());
  if (Opts.EmitJSON)
    printDiffJSON(*R, outs());
  else
    printDiffText(*R, outs());
  return R->costly() ? ExitFindings : ExitClean;
}

} // namespace hotlayout
