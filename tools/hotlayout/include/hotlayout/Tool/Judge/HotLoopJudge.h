//===- hotlayout/Tool/Judge/HotLoopJudge.h - The one hot-loop definition --===//
//
// judgeHotLoops(): the one definition of a straddling hot loop, applied
// to a linked binary with a BOLT .fdata profile of the binary it was built
// from. check, diff, apply's verification and the placer all call it; the
// rules and constants are in hotlayout/Support/HotLoopRules.h.
//
//  1. Loops: LoopFinder's backward branches that close a cycle, merged by
//     target; span [target, end of the farthest back edge).
//  2. Taken: the profile's counts of those branches; Entries: how often
//     control came into the span from outside it (loopEntries; none: 1).
//  3. Iterates: Taken >= 2 x max(Entries, 1): two iterations per entry of
//     the loop (since 2026-11-26: a loop nested in a hot one that mostly runs
//     once is straight-line code of the outer loop, not a hot loop). Hot:
//     iterates, Taken >= MinCount, and among the most-taken iterating loops
//     that together make up HotCoverage of all iterating loops' Taken (the one
//     crossing the threshold included, and those taken as often as it).
//  4. Hot bytes: the span's instructions that run at least Taken/8 times,
//     per-instruction counts reconstructed by flow from the profile.
//  5. Lines where they are, MinLines over the line's start shifts; Extra.
//     Tight: at most 256 hot bytes; only tight hot loops count as
//     straddling and in the weighted total.
// On a BOLT output with .note.bolt_bat the profile (of llvm-bolt's input,
// ProfiledBinary) is mapped to output addresses; without BAT the hot bytes
// are unknown and the whole span counts (flagged).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_HOTLOOPJUDGE_H
#define HOTLAYOUT_TOOL_HOTLOOPJUDGE_H

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Binary/LoopFinder.h"
#include "hotlayout/Tool/Profile/Fdata.h"

#include "hotlayout/Support/HotLoopRules.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

struct JudgeOptions {
  unsigned LineSize = DefaultLineSize; ///< A power of two.
  uint64_t MinCount = DefaultMinCount;
  double HotCoverage = DefaultHotCoverage; ///< In (0, 1].
  /// For a BOLT output: the binary the profile was recorded on (llvm-bolt's
  /// input). Needed, with the output's .note.bolt_bat, to map the profile;
  /// ignored for a binary BOLT did not rewrite.
  const BinaryFile *ProfiledBinary = nullptr;

  /// Fails on a line size that is not a power of two or a coverage outside
  /// (0, 1].
  llvm::Error validate() const;
};

/// How the profile's counts reached the judged binary.
enum class CountSource {
  Profile, ///< The profile was recorded on this binary.
  BAT,     ///< BOLT output: mapped through .note.bolt_bat.
};

/// One loop with a count, judged.
struct JudgedHotLoop {
  std::string Function;         ///< The code range (fragment) holding it.
  uint64_t FunctionAddress = 0; ///< Start of that range.
  uint64_t Start = 0;           ///< Target of its back edges.
  uint64_t End = 0;             ///< End of the farthest back edge that ran.
  llvm::SmallVector<uint64_t, 2> Branches;
  bool Innermost = false;
  uint64_t Taken = 0;   ///< Summed taken count of its back edges.
  uint64_t Entries = 0; ///< Entries into the loop (loopEntries); 0: none.
  /// The instructions of the span that run on most iterations (absolute
  /// addresses, merged); the whole span when HotBytesUnknown.
  std::vector<ByteInterval> HotBytes;
  bool HotBytesUnknown = false; ///< No per-instruction counts: whole span.
  uint64_t Lines = 0;           ///< Lines HotBytes touch where they are.
  uint64_t MinLines = 0;        ///< The fewest over the line's shifts.
  bool Iterates = false;
  bool Hot = false;

  uint64_t span() const { return End - Start; }
  uint64_t hotByteCount() const;
  uint64_t extra() const { return Lines - MinLines; }
  /// Tight: at most MaxTightHotBytes hot bytes (HotLoopRules.h). Only tight
  /// loops count as straddling.
  bool tight() const { return isTightLoop(hotByteCount()); }
  /// A tight loop on more lines than its fewest.
  bool straddles() const { return tight() && Lines > MinLines; }
};

struct HotLoopReport {
  CountSource Source = CountSource::Profile;
  unsigned LineSize = DefaultLineSize;
  /// Every loop whose back edges the profile counts, sorted by start; the
  /// hot ones have Hot set.
  std::vector<JudgedHotLoop> Loops;
  /// Functions of the profile that the binary has no (unique) code for.
  size_t UnmatchedFunctions = 0;

  size_t hotCount() const;
  /// Hot loops that are tight.
  size_t tightCount() const;
  /// Tight hot loops on more lines than their fewest.
  size_t straddling() const;
  /// Count-weighted extra lines per iteration over the tight hot loops:
  /// sum(Taken x Extra) / sum(Taken); 0 without any.
  double weightedExtra() const;
};

/// Judges every loop of \p File by the definition above with \p Profile's
/// counts. Errors: invalid options, unreadable binary or BAT, a BOLT output
/// without .note.bolt_bat or without Options.ProfiledBinary (the message
/// says what to pass).
llvm::Expected<HotLoopReport> judgeHotLoops(const BinaryFile &File,
                                            const BranchProfile &Profile,
                                            const JudgeOptions &Options);

// The steps, exposed for tests and for callers with their own counts.

/// The index of the instruction of \p Insts (in address order, as
/// LoopFinder::decode returns them) at \p Address; none when no instruction
/// starts there.
std::optional<size_t> instructionAt(llvm::ArrayRef<DecodedInst> Insts,
                                    uint64_t Address);

/// Per-instruction execution counts of one function (\p Insts decoded from
/// \p FunctionAddress on, in address order) from its profile records: the
/// entries and the taken branches into an instruction, plus the
/// fall-through from the one before (its count, less what its taken branches
/// took out when it is a conditional branch whose fall-through the profile
/// does not record; nothing after an unconditional branch or return).
std::vector<uint64_t> execCounts(llvm::ArrayRef<DecodedInst> Insts,
                                 uint64_t FunctionAddress,
                                 const FunctionProfile &Profile);

/// How often control fell into instruction \p K of \p Insts from the one
/// laid out right before it, not by a branch: its count \p Exec[K]
/// (execCounts) less the taken branches the profile records to it (from
/// anywhere, back edges included) and, for the function's first
/// instruction, its entries; 0 when those exceed the count. A record from
/// the instruction right before is the fall-through itself, as execCounts
/// takes it (BOLT records one from the last instruction of a block), and is
/// not subtracted.
uint64_t fallInCount(llvm::ArrayRef<DecodedInst> Insts,
                     uint64_t FunctionAddress, const FunctionProfile &Profile,
                     llvm::ArrayRef<uint64_t> Exec, size_t K);

/// One recorded arrival of an indirect jump (a jump table's, a computed
/// goto's): the jump and the instruction it went to, as indices into a
/// range's decoded instructions, and how often.
struct IndirectEdge {
  size_t From = 0;
  size_t To = 0;
  uint64_t Count = 0;
};

/// How often control entered the loop spanning [\p Start, \p End) from
/// outside it: the runs of its first instruction that no branch inside the
/// span took there (falls from before, jumps from elsewhere, the function's
/// own entries and calls), plus the taken direct branches to a later
/// instruction of the span (a rotated loop is entered at its test) from
/// code that is not the loop's own. The loop's own code is what control
/// reaches from Start along what ran without going below Start: an inner
/// loop or a cold block laid out after the span that jumps back into it
/// continues the loop, while code before Start (the enclosing loop's) enters
/// it anew. \p Run and \p Taken are per instruction of \p Insts; calls and
/// indirect jumps are no direct branches. An indirect jump of the loop's own
/// code goes where \p Indirect recorded it going: a target laid out before
/// Start that only indirect jumps ever reach and whose code runs straight
/// to Start (fall-throughs, forward jumps, and conditional branches whose
/// other way never comes back: a case of the loop's switch that the
/// compiler put before the head, with its copy of the loop's exit test) is
/// the loop's own too, so its jump or fall to Start comes back, not in
/// (RandomX's executeSuperscalar). A case that can go elsewhere,
/// such as back into an enclosing loop, is not: that loop enters it anew.
/// An indirect jump from code not the loop's own enters where it lands on
/// the loop's own code after Start or on such a case (the first dispatch).
uint64_t loopEntries(llvm::ArrayRef<DecodedInst> Insts, uint64_t Start,
                     uint64_t End, llvm::ArrayRef<uint64_t> Run,
                     llvm::ArrayRef<uint64_t> Taken,
                     llvm::ArrayRef<IndirectEdge> Indirect = {});

/// The loops of one range with their Taken, Entries, hot bytes and lines
/// (Iterates set, Hot not yet). \p Insts are in address order (as
/// LoopFinder::decode returns them). \p ExecOf gives an instruction's count
/// by index into \p Insts, \p TakenOf a back-edge branch's taken count by
/// index; loops taken 0 times are left out. \p Indirect: where the
/// range's indirect jumps went (loopEntries).
std::vector<JudgedHotLoop>
measureLoops(llvm::StringRef Function, uint64_t FunctionAddress,
             llvm::ArrayRef<DecodedInst> Insts,
             llvm::function_ref<uint64_t(size_t)> ExecOf,
             llvm::function_ref<uint64_t(size_t)> TakenOf, unsigned LineSize,
             llvm::ArrayRef<IndirectEdge> Indirect = {});

/// Sets Hot on \p Loops (all loops of one binary) by the definition's
/// markHotLoops (HotLoopRules.h).
void markHotLoops(std::vector<JudgedHotLoop> &Loops, uint64_t MinCount,
                  double HotCoverage);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_HOTLOOPJUDGE_H
