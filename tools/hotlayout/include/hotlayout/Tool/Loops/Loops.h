//===- hotlayout/Tool/Loops/Loops.h - A binary's loop counts for hotalign -===//
//
// `hotlayout loops`: the feedback stage of the recipe, as Propeller's. The
// compiler's PGO block frequencies are context-insensitive, so they are
// wrong after inlining and peeling, and hotalign picks its loops from them.
// Build once with the map of basic-block addresses (clang
// -fbasic-block-address-map), profile that binary (`hotlayout profile`),
// and this writes the binary's own counts keyed by the map's block IDs: the
// same build repeated with -hotalign-loop-profile=FILE (`hotlayout
// flags --loop-profile FILE`) lets hotalign use them.
//
// The counts are the judge's (HotLoopJudge.h), so hotalign sees what
// `check` sees: loops, their counts and their hot verdicts come from
// judgeHotLoops with check's thresholds, block counts from its flow
// reconstruction (execCounts). Functions whose records `hotlayout profile`
// made from the PGO map (functionsProfiledFromPGOMap) still weigh in the
// hot verdicts, as they do in check's, but are not written: their counts
// are the compiler's own estimates, which it has already.
//
// The file, version 1 (hotlayout/Support/LoopProfileFormat.h: its one
// writer and reader, hotalign's; the types below are from there): text, one
// record per line, fields separated by one space, integers in decimal:
//
//   hotlayout-loop-profile 1
//   # comment lines: the binary, the profile, the judge's thresholds
//   threshold <count>
//   function <symbol name>
//   block <bbid> <count>
//   loop <target bbid> <taken> <entries> <fallin> <hot>
//
// threshold: the smallest back-edge count among the loops the judge calls
// hot (the 99% cut falls there), absent when none is hot. hotalign aligns
// a loop that iterates and comes within its slack of it (x2): the cut
// depends on every loop's count, and judges that count a few loops
// differently (the PGO map's estimates, BAT's mapping) draw it a little
// elsewhere; a loop near it is aligned either way.
// Functions in address order, each followed by its blocks, then its loops,
// each by block ID. Written: every function with a map entry and a record
// in the profile (not one made from the PGO map) whose symbol name no other
// function of the binary has (the compiler matches them by name). Its
// blocks: those with code that ran, in all of its address ranges (a split
// .cold part too); count: how often the block's first instruction ran. Its
// loops: every loop the judge found (hot or not) whose target starts a
// block; taken: its back edges' count; entries: how often control came into
// it from outside (loopEntries); fallin: how often control fell into the
// target from the instruction laid out before it (fallInCount); hot: 1 if
// the judge calls it hot, else 0.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_LOOPPROFILE_H
#define HOTLAYOUT_TOOL_LOOPPROFILE_H

#include "hotlayout/Support/LoopProfileFormat.h"
#include "hotlayout/Tool/Judge/BinaryJudge.h"
#include "hotlayout/Tool/Loops/BlockOrder.h"
#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotlayout {

struct LoopProfileConfig {
  std::string BinaryPath;
  std::string OutputPath;
  /// Also written when not empty: the written functions' block order
  /// (-fbasic-block-sections=list=) and function order (ld.lld
  /// --symbol-ordering-file), from the same counts (BlockOrder.h).
  std::string BlockOrderPath;
  std::string FunctionOrderPath;
  /// The block order lists every block of a clustered function, the ones
  /// that never ran last: no NAME.cold part, so apply can lock the build.
  bool WholeFunctions = false;
  /// ProfilePath (the BOLT .fdata of BinaryPath) and the judge's thresholds
  /// (LineSize, MinCount, HotCoverage), as check takes them; the other
  /// fields are not used.
  HotLoopConfig Loops;
};

struct LoopProfileResult {
  LoopProfile Profile;
  std::string OutputPath;
  std::string BlockOrderPath;    ///< Empty: not written.
  std::string FunctionOrderPath; ///< Empty: not written.
  /// Profiled functions left out: records made from the PGO map, and names
  /// that several functions have.
  size_t FromPGOMap = 0;
  size_t SharedNames = 0;
  /// Blocks of the written functions that hotalign added (padding before a
  /// loop), left out: the next build's code has none of their IDs.
  size_t PaddingBlocks = 0;
  /// Hot loops in code the map does not describe (hand-written assembly:
  /// no compiler laid it out), and those functions' names, sorted: hotalign
  /// cannot place these loops in the next build.
  size_t UnmappedHotLoops = 0;
  std::vector<std::string> UnmappedFunctions;
  /// The block and function order, when asked for (BlockOrderPath or
  /// FunctionOrderPath).
  BlockOrder Order;
};

/// Judges Config.BinaryPath's loops with the profile and writes the loop
/// profile to Config.OutputPath atomically; nothing is written on an
/// error. Errors: an output that names an input, a binary that is not a
/// linked ELF, was rewritten by llvm-bolt, has no .llvm_bb_addr_map or no
/// .symtab, a profile that cannot be read or names none of its functions.
llvm::Expected<LoopProfileResult>
runLoopProfile(const LoopProfileConfig &Config, const Diagnostics &Diag = {});

/// The flow of every function the loop profile writes: its blocks in
/// address order with their counts (an empty block gets the count of the
/// block it shares its address with), the taken branches the profile
/// records between two of its blocks, and the fall-throughs (fallInCount at
/// the next block's start), keyed by block ID; and the call counts between
/// them. What computeBlockOrder orders.
struct BinaryFlow {
  std::vector<FunctionFlow> Functions;
  std::vector<OrderCall> Calls;
};

/// "hotlayout loops: 3 functions, 5 loops (2 hot) -> OUT".
void printLoopProfileSummary(const LoopProfileResult &R, llvm::raw_ostream &OS);

/// \p Path made absolute, after checking that it is a loop profile of this
/// version (its first line): for `hotlayout flags --loop-profile`, so that a
/// wrong file is refused before the build that would read it.
llvm::Expected<std::string> checkedLoopProfile(llvm::StringRef Path);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_LOOPPROFILE_H
