//===- hotlayout/Tool/Check/Check.h - Hot loops against cache lines -------===//
//
// `hotlayout check`: the ground truth hotalign is judged by, independent of
// the pass's own size estimate. Read a linked binary, find its loops from the
// machine code, decide which are hot, and report for each hot loop the cache
// lines it touches against the fewest its size allows.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_CHECK_H
#define HOTLAYOUT_TOOL_CHECK_H

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Judge/BinaryJudge.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

struct CheckConfig {
  std::string BinaryPath;
  HotLoopConfig Loops;
};

/// One hot loop and the lines it touches.
struct CheckFinding {
  std::string Function;
  uint64_t FunctionAddress = 0;
  JudgedLoop J;
  /// Its function's counts are the compiler's PGO-map estimates, not the
  /// run's (llvm-bolt could not instrument it): the verdict is an estimate.
  bool Estimated = false;
};

struct CheckResult {
  std::string File;
  std::string Arch;
  unsigned LineSize = DefaultLineSize;
  RangeSource Source = RangeSource::Symbols;
  HotnessJudge Judge;
  std::vector<CheckFinding> Hot;
  size_t LoopsFound = 0;
  size_t NotJudged = 0;
  /// Functions whose profile records `hotlayout profile` made from the PGO
  /// map (functionsProfiledFromPGOMap), by name, sorted.
  std::vector<std::string> EstimatedFunctions;
  /// Untyped labels in code (untypedCodeLabels: hand-written assembly
  /// without `.type @function`, zstd's Huffman decoder loops): their code
  /// is in no function, and check finds no loop in it. Sorted.
  std::vector<std::string> UntypedLabels;

  /// Hot loops that are tight (HotLoopRules.h): the ones counted.
  size_t tight() const;

  /// Tight hot loops that touch more lines than their size needs.
  size_t straddling() const;

  /// Under the profile rule: sum(count x extra lines) / sum(count) over the
  /// tight hot loops; std::nullopt under rules without counts.
  std::optional<double> weightedExtra() const;
};

/// Checks the binary \p Config names. Warnings (an unreadable
/// .llvm_bb_addr_map, a profile naming none of the checked functions) go to
/// \p Diag.
llvm::Expected<CheckResult> runCheck(const CheckConfig &Config,
                                     const Diagnostics &Diag = {});

/// The table and summary for people.
void printCheckText(const CheckResult &R, llvm::raw_ostream &OS);

/// The same as a JSON document.
void printCheckJSON(const CheckResult &R, llvm::raw_ostream &OS);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_CHECK_H
