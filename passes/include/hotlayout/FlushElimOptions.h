//===- hotlayout/FlushElimOptions.h - Options several flushelim files read ===//
//
// The -flushelim-* options that more than one source file reads, declared
// once here (as BOLT declares its shared options in CommandLineOpts.h) and
// defined in FlushElim/FlushElimOptions.cpp. An option that only one file
// reads stays `static` in that file. Every flushelim option, shared or not,
// is listed under flushElimOptionCategory() in `--help-hidden`.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_FLUSHELIMOPTIONS_H
#define HOTLAYOUT_FLUSHELIMOPTIONS_H

#include "hotlayout/Support/OptionParsers.h"

#include "llvm/Support/CommandLine.h"

namespace hotlayout {

/// The category of every flushelim option, so `--help` lists them together.
/// A function rather than a global: options in other files refer to it
/// during static initialisation, whose order across files is unspecified.
llvm::cl::OptionCategory &flushElimOptionCategory();

/// What flushelim does with the flushes it proves redundant or partly
/// redundant.
enum class FlushElimMode { Remove, Check, Profile };

namespace opts {

/// -flushelim-mode (default remove): read by the pass and by the
/// narrowing transformation.
extern llvm::cl::opt<FlushElimMode> Mode;

/// -flushelim-line-size (default 64): the bytes a one-line flush acts on and
/// the line size that narrowing counts saved lines in. Read by the analysis,
/// the instrumentation and narrowing.
extern llvm::cl::opt<unsigned, false, PowerOfTwoParser> LineSize;

/// -flushelim-interprocedural (default on): use callee summaries. Read by
/// the module walk (which visits callees first only when on) and the solver.
extern llvm::cl::opt<bool> UseSummaries;

/// -flushelim-narrow (default on): shrink partly redundant flushes.
extern llvm::cl::opt<bool> Narrow;

/// -flushelim-narrow-min-lines (default 4): the whole lines a narrowing must
/// save, at worst, to be done.
extern llvm::cl::opt<unsigned> NarrowMinLines;

/// -flushelim-narrow-max-pieces (default 2): the most flushes a narrowed
/// flush may become.
extern llvm::cl::opt<unsigned> NarrowMaxPieces;

} // namespace opts
} // namespace hotlayout

#endif // HOTLAYOUT_FLUSHELIMOPTIONS_H
