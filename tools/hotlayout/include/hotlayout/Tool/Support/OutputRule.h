//===- hotlayout/Tool/Support/OutputRule.h - No output may name an input --===//
//
// The one rule every subcommand that writes a file follows: its
// output path may not name any of its inputs (binary, profile, lock, old
// lock, profiled program, perf data), whatever path reaches the file: the
// same string, another spelling, a symbolic link or a hard link. Two paths
// name the same file when both exist and stat() gives the same st_dev and
// st_ino (symbolic links followed), or when their real paths (the real
// directory plus the file name, for a file not there yet) are equal.
//
// The one documented exception, `plan --update L -o L` (the lock replaced
// by its update), is the caller's to leave out of the inputs it passes.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_OUTPUTRULE_H
#define HOTLAYOUT_TOOL_OUTPUTRULE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace hotlayout {

/// One input of a subcommand, for the error: "the input <Role>".
struct NamedInput {
  llvm::StringRef Role; ///< "binary", "profile", "lock", ...
  llvm::StringRef Path; ///< Empty: not given; skipped.
};

/// True when \p A and \p B name the same file (see the file comment).
bool sameFile(llvm::StringRef A, llvm::StringRef B);

/// An error when \p Output names one of \p Inputs: "'OUT' is the input
/// <role>[ 'IN']; <Command> never modifies its input: choose another -o".
/// The input's path is quoted when it is spelled differently.
llvm::Error checkOutputNotInput(llvm::StringRef Command, llvm::StringRef Output,
                                llvm::ArrayRef<NamedInput> Inputs);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_OUTPUTRULE_H
