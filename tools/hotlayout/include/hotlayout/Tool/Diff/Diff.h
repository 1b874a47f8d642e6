//===- hotlayout/Tool/Diff/Diff.h - What moved between two binaries -------===//
//
// Code that only moves can cost time: a hot loop that starts to cross a
// cache line runs 1.4-1.8x slower, so a change elsewhere shows up as a
// swing in a benchmark. `hotlayout diff A B` says which hot functions and hot
// loops moved between two builds, and which of the moves changed the offset
// within a line (address mod the line size), the kind that can cost time.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_DIFF_H
#define HOTLAYOUT_TOOL_DIFF_H

#include "hotlayout/Tool/Judge/BinaryJudge.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotlayout {

struct DiffConfig {
  std::string PathA;
  std::string PathB;
  HotLoopConfig Loops;
};

/// One of the two binaries, as the report describes it.
struct DiffSide {
  std::string Path;
  std::string Arch;
  HotnessJudge Judge;
  size_t NotJudged = 0;
};

/// A hot function found in both binaries.
struct FunctionDiff {
  std::string Name; ///< A's name for it.
  uint64_t AddressA = 0, AddressB = 0;
  uint64_t SizeA = 0, SizeB = 0;
  bool ShapeChanged = false; ///< Another number or size of loops.
  bool Realigned = false;    ///< Address mod the line size changed.

  bool moved() const { return AddressA != AddressB; }
};

/// A loop, hot in A or in B, of a function that kept its shape.
struct LoopDiff {
  std::string Function;
  size_t Ordinal = 0; ///< 1 for the function's first loop.
  JudgedLoop A, B;
  bool Realigned = false; ///< Start mod the line size changed.

  bool regressed() const { return !A.straddles() && B.straddles(); }
  bool improved() const { return A.straddles() && !B.straddles(); }
};

/// A hot function that only one binary has.
struct UnmatchedFunction {
  std::string Name;
  uint64_t Address = 0;
  size_t HotLoops = 0;
};

struct DiffResult {
  DiffSide A, B;
  std::string Arch;
  unsigned LineSize = DefaultLineSize;
  std::vector<FunctionDiff> Functions;
  std::vector<LoopDiff> Loops;
  std::vector<UnmatchedFunction> OnlyInA, OnlyInB;

  size_t moved() const;
  size_t realignedFunctions() const;
  size_t shapeChanged() const;
  size_t realignedLoops() const;
  size_t regressed() const;
  size_t improved() const;
  /// What CI gates on: the layout changes that cost time (a hot function
  /// realigned, a hot loop that newly straddles).
  bool costly() const { return realignedFunctions() || regressed(); }
};

/// Compares the two binaries \p Config names. A profile naming none of the
/// compared functions is a warning to \p Diag.
llvm::Expected<DiffResult> runDiff(const DiffConfig &Config,
                                   const Diagnostics &Diag = {});

/// The tables and summary for people.
void printDiffText(const DiffResult &R, llvm::raw_ostream &OS);

/// The same as a JSON document.
void printDiffJSON(const DiffResult &R, llvm::raw_ostream &OS);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_DIFF_H
