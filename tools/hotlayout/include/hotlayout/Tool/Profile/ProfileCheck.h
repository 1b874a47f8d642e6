//===- Profile/ProfileCheck.h - Does a profile fit a binary? --------------===//
//
// What plan and apply check of a --profile before they use it (apply: before
// llvm-bolt runs, so a bad profile is a clear error, not a BOLT failure with
// a temporary directory left), in this order:
//
//  1. It has branch records: an empty profile (or one of markers and memory
//     records only) orders nothing, and llvm-bolt stops on it with "no valid
//     profile data found".
//  2. It names some function of the binary (FunctionCounts::checkNamesSome):
//     else it was recorded from another program.
//  3. Its offsets are code of this binary. The evidence used, each reliable
//     on its own:
//     - on a binary whose instructions all have one size (AArch64: 4 bytes,
//       4-byte aligned), a branch or target offset that is not a multiple of
//       that size cannot be an instruction: the profile was recorded on
//       another architecture (an x86-64 run of the same sources names the
//       same functions, so step 2 passes it);
//     - a profile none of whose branches lands inside the function it names
//       (every offset past the function's size) describes other code. One
//       that fits partly passes: a profile of an earlier build is allowed,
//       and BOLT drops the records that no longer match.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_PROFILECHECK_H
#define HOTLAYOUT_TOOL_PROFILECHECK_H

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Binary/SymbolIndex.h"
#include "hotlayout/Tool/Profile/Fdata.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace hotlayout {

/// Steps 1-3 for the profile at \p ProfilePath, already read into \p Counts
/// and \p Branches (FdataFile::read, once), against \p File whose functions
/// \p ByName indexes.
llvm::Error checkProfileFits(llvm::StringRef ProfilePath,
                             const FunctionCounts &Counts,
                             const BranchProfile &Branches,
                             const BinaryFile &File, const SymbolIndex &ByName);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_PROFILECHECK_H
