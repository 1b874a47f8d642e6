//===- hotlayout/Tool/Profile/Fdata.h - Evidence that a loop is hot -------===//
//
// Two sources of evidence, each optional:
//  - block frequencies the compiler wrote into .llvm_bb_addr_map
//    (clang -fbasic-block-address-map -mllvm -pgo-analysis-map=bb-freq);
//  - taken-branch counts from a BOLT .fdata profile (perf2bolt, or
//    llvm-bolt -instrument), which also fits BOLT-rewritten binaries.
//
// A .fdata file is read and checked once, by FdataFile::read, the one
// parser of the format; BranchProfile and FunctionCounts are views built
// from its records, and FdataFile::writeWithout is apply's writer.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_HOTNESS_H
#define HOTLAYOUT_TOOL_HOTNESS_H

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Binary/LoopFinder.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hotlayout {

/// Block frequencies from .llvm_bb_addr_map, looked up by address.
class BlockFrequencies {
public:
  /// Reads the maps of \p File. A binary without maps, or with maps but no
  /// frequencies, gives an empty table; an unreadable map is an error.
  static llvm::Expected<BlockFrequencies> read(const BinaryFile &File);

  /// True when at least one block carries a frequency.
  bool empty() const { return Blocks.empty(); }

  /// How many times more often the block holding \p Address runs than its
  /// function's entry block; std::nullopt when no block with a frequency
  /// holds it.
  std::optional<double> ratioToEntry(uint64_t Address) const;

private:
  /// A mapped block with a frequency.
  struct Block {
    uint64_t Address = 0;
    uint64_t Size = 0;
    uint64_t Freq = 0;      ///< MachineBlockFrequencyInfo's raw frequency.
    uint64_t EntryFreq = 0; ///< The same for the function's entry block.
  };
  std::vector<Block> Blocks; ///< Sorted by address.
};

/// The function a BOLT .fdata location names: \p Name without BOLT's /N (or
/// /file/N) suffix for symbol kinds 1 and 2, or "" for kind 0 (an address in
/// a DSO).
llvm::StringRef fdataFunction(llvm::StringRef Kind, llvm::StringRef Name);

/// One branch record of a .fdata file, fields as written.
struct FdataBranch {
  llvm::StringRef FromKind, FromName; ///< `1 foo/1`: kind and BOLT's name.
  uint64_t From = 0;                  ///< Offset of the branch.
  llvm::StringRef ToKind, ToName;
  uint64_t To = 0; ///< Offset of its target.
  uint64_t Count = 0;
};

/// A BOLT .fdata profile, read and checked once (as llvm-bolt's reader
/// would take it; errors name the line and the fix): its branch records,
/// and its text for writeWithout. Memory records and markers are kept in
/// the text only.
class FdataFile {
public:
  /// Reads and checks \p Path. Accepts branch records (`1 foo 1a 1 foo 10 0
  /// 1000`: from foo+0x1a to foo+0x10, 0 mispredictions, taken 1000 times);
  /// skips memory records and the `boltedcollection` marker; rejects
  /// `no_lbr` (sampled) profiles, which have no branches.
  static llvm::Expected<FdataFile> read(llvm::StringRef Path);

  llvm::StringRef path() const { return Path; }
  llvm::ArrayRef<FdataBranch> branches() const { return Branches; }

  /// Writes this profile to \p To without the lines that name a function
  /// of \p Names (with BOLT's /N suffix or without), so that BOLT keeps
  /// those functions' input code. True when a branch record is left.
  llvm::Expected<bool> writeWithout(const llvm::StringSet<> &Names,
                                    llvm::StringRef To) const;

private:
  std::string Path;
  std::shared_ptr<llvm::MemoryBuffer> Buffer; ///< Branches point into it.
  std::vector<FdataBranch> Branches;
};

/// One branch record that stays inside its function: offsets from the
/// function's start.
struct ProfileBranch {
  uint64_t From = 0; ///< Offset of the branch in the function.
  uint64_t To = 0;   ///< Offset of its target.
  uint64_t Count = 0;
};

/// What a BOLT .fdata profile says about one function.
struct FunctionProfile {
  std::vector<ProfileBranch> Branches; ///< Records inside the function.
  /// Records from elsewhere (other functions, or callers the profile could
  /// not name: `0 [unknown] 0`) to its first byte: how often it was entered.
  uint64_t Entries = 0;
  /// The function's kind and name as the first record to its first byte
  /// wrote them (`1 luaV_execute/1`: BOLT's name, with any /N suffix);
  /// empty when no such record was read.
  std::string EntryName;
};

/// Intra-function taken-branch counts from a BOLT .fdata profile.
class BranchProfile {
public:
  /// Parses \p Path. Accepts branch records (`1 foo 1a 1 foo 10 0 1000`:
  /// from foo+0x1a to foo+0x10, 0 mispredictions, taken 1000 times); skips
  /// memory records and the `boltedcollection` marker; rejects `no_lbr`
  /// (sampled) profiles, which have no branches.
  static llvm::Expected<BranchProfile> read(llvm::StringRef Path);
  /// The records of every file in \p Paths, read as read() reads one.
  static llvm::Expected<BranchProfile>
  readAll(llvm::ArrayRef<std::string> Paths);

  /// The intra-function branches and entries of \p File.
  static BranchProfile fromFile(const FdataFile &File);
  /// The same over several files.
  static BranchProfile fromFiles(llvm::ArrayRef<FdataFile> Files);

  /// Builds a profile from records already parsed (tests, other readers).
  void add(llvm::StringRef Function, const ProfileBranch &B);
  void addEntries(llvm::StringRef Function, uint64_t Count);

  /// Times a branch from inside \p L jumped to its start, in \p Function.
  uint64_t backEdgeCount(const CodeRange &Function, const Loop &L) const;

  /// True when some record names \p Function (by any of its names).
  bool mentions(const CodeRange &Function) const;

  /// True when some record's branch lies in \p Function (by any of its
  /// names), whatever its target: BOLT profiled the function's code.
  bool hasRecordsFrom(const CodeRange &Function) const;

  /// The records of \p Function (by any of its names); null when none.
  const FunctionProfile *functionProfile(const CodeRange &Function) const;
  const FunctionProfile *functionProfile(llvm::StringRef Name) const;

  /// Every function name the files' records wrote, as BOLT wrote them (a
  /// local function is NAME/N), sorted.
  std::vector<std::string> boltNames() const;

  /// Calls \p Visit with each record's function name and its branch and
  /// target offsets (ProfileCheck.h judges whether they fit a binary).
  void forEachBranch(llvm::function_ref<void(llvm::StringRef Function,
                                             uint64_t From, uint64_t To)>
                         Visit) const {
    for (const auto &E : ByFunction)
      for (const ProfileBranch &B : E.getValue().Branches)
        Visit(E.getKey(), B.From, B.To);
  }

private:
  void addFile(const FdataFile &File);
  /// Adds record \p R, from function \p From to \p To (empty: not a
  /// function), to \p Into and \p SourcesInto.
  static void addRecord(llvm::StringMap<FunctionProfile> &Into,
                        llvm::StringSet<> &SourcesInto, llvm::StringRef From,
                        llvm::StringRef To, const FdataBranch &R);

  llvm::StringMap<FunctionProfile> ByFunction; ///< By name, /N dropped.
  /// The records of local functions (NAME/N) by llvm-bolt's whole name.
  llvm::StringMap<FunctionProfile> ByLocal;
  llvm::StringSet<> LocalSources; ///< Sources, by the whole name.
  llvm::StringSet<> Sources;      ///< Functions some record branches from.
  llvm::StringSet<> BoltNames;    ///< boltNames(), unsorted.
};

/// Per-function sums of a BOLT .fdata profile: what `plan` orders by and
/// what tells a profile of another program from one of this binary.
struct FunctionCounts {
  llvm::StringMap<uint64_t> Count; ///< Branch counts by function name.
  /// Call counts (branches to a function's entry) by (caller, callee).
  std::map<std::pair<std::string, std::string>, uint64_t> Calls;

  /// Reads \p Path, checked as BranchProfile::read checks it.
  static llvm::Expected<FunctionCounts> read(llvm::StringRef Path);
  /// The sums of \p File's branch records.
  static FunctionCounts fromFile(const FdataFile &File);

  /// An error when the profile names functions and \p HasFunction knows
  /// none of them: it was recorded from another program. A profile of an
  /// earlier build names mostly the same functions and passes; BOLT itself
  /// matches what changed.
  llvm::Error
  checkNamesSome(llvm::StringRef ProfilePath, llvm::StringRef BinaryPath,
                 llvm::function_ref<bool(llvm::StringRef)> HasFunction) const;
};

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_HOTNESS_H
