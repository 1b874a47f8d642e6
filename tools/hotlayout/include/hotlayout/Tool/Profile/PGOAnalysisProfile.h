//===- hotlayout/Tool/Profile/PGOAnalysisProfile.h - .fdata from the PGO map
//-------===//
//
// A second profile source for the functions BOLT instrumentation cannot
// profile: BOLT marks a computed-goto interpreter (Lua's luaV_execute) as
// having unknown control flow and leaves it uninstrumented, so its loops
// have no branch records. When the binary was built with the compiler's own
// PGO data in its basic-block address map
//   clang -fprofile-instr-use=P -fbasic-block-address-map
//         -mllvm -pgo-analysis-map=func-entry-count,bb-freq,br-prob
// each such function's blocks carry frequencies and its edges
// probabilities, which become .fdata branch records in the binary's own
// offsets, scaled to the instrumented run's count of calls into the
// function so that they weigh like the rest of the profile.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_PGOANALYSISPROFILE_H
#define HOTLAYOUT_TOOL_PGOANALYSISPROFILE_H

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Binary/LoopFinder.h"
#include "hotlayout/Tool/Profile/Fdata.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hotlayout {

/// One block of a function's PGO analysis map.
struct PGOMapBlock {
  uint32_t ID = 0;
  uint64_t Offset = 0; ///< From the function's start.
  uint64_t Size = 0;
  uint64_t Freq = 0; ///< The compiler's block frequency.
  /// (successor ID, probability of the edge to it).
  std::vector<std::pair<uint32_t, double>> Successors;
};

/// A function as its PGO analysis map describes it.
struct PGOMapFunction {
  uint64_t Address = 0;
  uint64_t EntryFreq = 0; ///< The entry block's frequency.
  std::vector<PGOMapBlock> Blocks;
};

/// The taken branches of \p F when it is entered \p EntryCount times: the
/// edge from block S to successor T runs
///   EntryCount x freq(S) / freq(entry) x probability(S -> T)
/// times (rounded; zero-count edges are left out). \p Insts are \p F's
/// decoded instructions (absolute addresses, in address order). An edge
/// becomes a record from the direct branch in S that targets T; an edge to
/// the block right after S with no such branch, from a block that can fall
/// through, is a fall-through and left to the flow inference every reader of
/// instrumented profiles does; any other
/// edge leaves S through its indirect jump (a computed goto, a jump table)
/// and is a record from that jump. Edges with no such instruction (a map
/// that does not fit the code) are left out. Sorted by (From, To).
std::vector<ProfileBranch> branchesFromPGOMap(const PGOMapFunction &F,
                                              llvm::ArrayRef<DecodedInst> Insts,
                                              uint64_t EntryCount);

/// Whether \p F's frequencies conserve flow: every block but the entry runs
/// as often as its predecessors send it (frequency x edge probability),
/// within 1% of the larger of its frequency and the entry's. Block
/// frequency inference only approximates irreducible control flow (a
/// computed goto's dispatch, tail-duplicated into every handler), and its
/// counts there are guesses that break this: `clang -mllvm
/// -use-iterative-bfi-inference` infers them consistently.
bool conservesFlow(const PGOMapFunction &F);

/// What the PGO map adds to a profile of a binary.
struct PGOMapRecords {
  /// Functions that got records (no record of the profile branches from
  /// them), in address order.
  std::vector<std::string> Profiled;
  /// Functions without a record from them that ran in the compiler's
  /// training run, but that neither the profile nor a function the map
  /// profiled enters: no scale, no records.
  std::vector<std::string> NotEntered;
  /// Functions of Profiled whose map does not conserve flow: their counts
  /// are estimates (conservesFlow).
  std::vector<std::string> Inconsistent;
  /// The records, one .fdata line each, in address order.
  std::string Fdata;
};

/// The records \p File's PGO analysis map gives the functions \p Profile
/// has no record from, scaled by the profile's calls into them or, for a
/// function the profile never enters, by the calls the map-profiled
/// functions make into it (written as call records too; a lower bound when
/// several waves of them call it). A binary without a map with frequencies and
/// branch probabilities, or without function symbols, gives none; an unreadable
/// map is an error.
llvm::Expected<PGOMapRecords> recordsFromPGOMap(const BinaryFile &File,
                                                const BranchProfile &Profile);

/// Whether \p Recorded, one function's records in a profile, are
/// \p FromMap, the records branchesFromPGOMap gives it for the profile's
/// entries: the same edges with the same counts, up to the rounding of
/// profiles that were scaled one by one and then summed (`hotlayout profile
/// --append`): each count within 1 + 1% of the other. An edge that only one
/// side has is a mismatch.
bool matchesPGOMapRecords(llvm::ArrayRef<ProfileBranch> Recorded,
                          llvm::ArrayRef<ProfileBranch> FromMap);

/// Functions whose profile records are the PGO map's estimates.
struct EstimatedFunctions {
  std::set<uint64_t> Addresses;   ///< Their code ranges' starts.
  std::vector<std::string> Names; ///< Their code ranges' names, sorted.
};

/// The functions whose records in \p Profile are the compiler's estimates
/// that `hotlayout profile` added from \p File's PGO analysis map
/// (recordsFromPGOMap), not counts of a run; none without a map.
/// The .fdata keeps no mark of where a record came from, so they are told
/// by their counts: a function's records are the map's when they are what
/// branchesFromPGOMap gives it for its entries in \p Profile
/// (matchesPGOMapRecords). A function BOLT instrumented has records the map
/// never gives (the fall-throughs it records); should its
/// counts still agree with the map's, they say what the compiler estimated
/// already. Same binaries and errors as recordsFromPGOMap.
llvm::Expected<EstimatedFunctions>
functionsProfiledFromPGOMap(const BinaryFile &File,
                            const BranchProfile &Profile);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_PGOANALYSISPROFILE_H
