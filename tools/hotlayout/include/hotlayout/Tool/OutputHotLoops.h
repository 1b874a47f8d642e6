//===- hotlayout/Tool/OutputHotLoops.h - Hot loops where BOLT put them ----===//
//
// apply's placer needs, per locked function of a BOLT output, where its hot
// loops lie now. The profile was recorded on the input, so its counts are
// mapped to the output through BOLT address translation (.note.bolt_bat,
// written by llvm-bolt -enable-bat):
//
//  1. readBoltTranslation(): parse the note: per output fragment, entries
//     mapping an output offset to an input offset (block starts and
//     branches). Wire format as llvm-bolt 19 and 22 write it
//     (bolt/lib/Profile/BoltAddressTranslation.cpp; see
//     /work/notes/bolt-research.md Q4).
//  2. outputHotLoops(): find each locked function's back edges in the output
//     (LoopFinder), map each branch and its target to input offsets, take
//     the taken count of that input branch from the profile, merge edges to
//     one target into one loop, and keep the loops that iterate (taken at
//     least twice per entry of the function) and reach --min-count.
//
// The loop's hot bytes are its whole span in the output: with the profile
// BOLT splits never-run blocks out of the function, so the span is mostly
// what runs. This is the placer's own small adapter until the one
// definition of hot loops (the judge's library call, with per-instruction
// counts) replaces it.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_OUTPUTHOTLOOPS_H
#define HOTLAYOUT_TOOL_OUTPUTHOTLOOPS_H

#include "hotlayout/Tool/BinaryFile.h"
#include "hotlayout/Tool/Hotness.h"
#include "hotlayout/Tool/LoopShift.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

/// One BAT entry: an output offset in a fragment and the input offset (in
/// the input function) it came from.
struct TranslationEntry {
  uint64_t Out = 0;
  uint64_t In = 0;
  bool Branch = false; ///< A branch or call, not a block start.
};

/// BOLT address translation of one output binary: hot fragments by address.
struct BoltTranslation {
  llvm::DenseMap<uint64_t, std::vector<TranslationEntry>> Hot;

  /// The input offset of output offset \p Out of the fragment at
  /// \p Fragment: the branch entry at exactly \p Out when \p IsBranch and
  /// there is one, else the last block entry at or before it, plus the
  /// distance (BOLT's own translate()). None when the fragment is unknown.
  std::optional<uint64_t> toInput(uint64_t Fragment, uint64_t Out,
                                  bool IsBranch) const;
};

/// Parses .note.bolt_bat of \p File. An error when there is none (the
/// output was not written with -enable-bat) or it does not parse.
llvm::Expected<BoltTranslation> readBoltTranslation(const BinaryFile &File);

/// Which of the loops found count as hot: what check's options say.
struct OutputLoopOptions {
  uint64_t MinCount = 100;
};

/// The hot loops of each function of \p Names in the BOLT output \p Out,
/// judged by \p Profile (recorded on the input), offsets from the
/// function's output start. Functions the output or its translation lacks
/// get no entry.
llvm::Expected<std::vector<FunctionHotLoops>>
outputHotLoops(const BinaryFile &Out, llvm::ArrayRef<std::string> Names,
               llvm::StringRef ProfilePath, const OutputLoopOptions &Opts);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_OUTPUTHOTLOOPS_H
