//===- hotlayout.cpp - The hotlayout post-link command line ---------------===//
//
// Subcommands arrive with later issues (profile, plan, apply, check, diff);
// for now the tool reports its version and the LLVM it was built against.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static void printVersion(raw_ostream &OS) {
  OS << "hotlayout " << HOTLAYOUT_VERSION << " (built with LLVM "
     << HOTLAYOUT_LLVM_VERSION << ")\n";
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::SetVersionPrinter(printVersion);
  cl::ParseCommandLineOptions(
      argc, argv,
      "hotlayout: post-link layout tools\n\n"
      "  Compile-time passes live in libHotLayout.so (see README.md).\n");
  printVersion(outs());
  return 0;
}
