//===- hotlayout/Tool/Lock/LayoutLock.h - The layout lock file ------------===//
//
// `hotlayout plan` writes, and `hotlayout apply` reads, a lock: the offset
// of each hot function in the hot text, as JSON with one function per line,
// sorted by offset, so that a change to the layout is a small diff. The
// format is documented in tools/hotlayout/README.md ("plan").
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_LAYOUTLOCK_H
#define HOTLAYOUT_TOOL_LAYOUTLOCK_H

#include "hotlayout/Support/HotLoopRules.h"
#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Lock/LayoutPlan.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotlayout {

/// A lock: the plan plus where it came from.
struct LayoutLock {
  /// 2 added apply's per-function choices (PlacedFunction::Shift), 3 the
  /// choice of the input's code (PlacedFunction::InputLayout); version 1
  /// locks are read as locks without choices. A lock is written in the
  /// lowest version that holds its choices, so older hotlayouts read what
  /// they can apply and refuse what they cannot.
  static constexpr unsigned FormatVersion = 3;
  /// The largest hot text a lock may describe, 256 MiB: far above any real
  /// program's hot text (the functions that ran), and a bigger offset (a
  /// typo, a corrupt file) has llvm-bolt write that much padding, holding
  /// it about twice: 1 GiB of hot text needed over 2 GiB of memory (out of
  /// memory under hotlayout's ceiling, an llvm-bolt failure blaming the
  /// binary), 256 MiB needs 0.55 GiB. Every offset + reservation stays
  /// within it (x86-64's rel32 reach, 2 GiB, is further).
  static constexpr uint64_t MaxHotTextSize = uint64_t(256) << 20;
  /// The largest line size and hot-text alignment: a page.
  static constexpr uint64_t MaxLineSize = 4096;
  /// Every stored shift is a multiple of this: the smallest minimum function
  /// alignment of the targets hotlayout reads (x86-64's; AArch64's is 4).
  static constexpr uint64_t MinShiftAlignment = 2;
  std::string Binary;  ///< File name of the binary planned (no directory).
  std::string BuildID; ///< Hex of .note.gnu.build-id; empty when it has none.
  /// The hot text must start at a multiple of this (the line size: offsets
  /// are only cache-aligned if the start is).
  uint64_t HotTextAlignment = DefaultLineSize;
  LayoutPlan Plan;
};

/// Writes \p Lock as JSON, one function per line.
void writeLock(const LayoutLock &Lock, llvm::raw_ostream &OS);

/// Writes \p Lock to \p Path atomically (a temporary file renamed over it).
llvm::Error writeLockFile(const LayoutLock &Lock, llvm::StringRef Path);

/// Parses and checks a lock; errors name \p Path and what is wrong.
llvm::Expected<LayoutLock> parseLock(llvm::StringRef Text,
                                     llvm::StringRef Path);

/// Reads and parses the lock at \p Path.
llvm::Expected<LayoutLock> readLockFile(llvm::StringRef Path);

/// The error for the lock at \p LockPath when the binary at \p BinaryPath
/// has none of its functions: "'LOCK' locks N functions and 'BINARY' has
/// none of them: it is a lock <Relation> another program (planned for
/// 'NAME'); <Fix>".
llvm::Error foreignLockError(const LayoutLock &Lock, llvm::StringRef LockPath,
                             llvm::StringRef BinaryPath,
                             llvm::StringRef Relation, llvm::StringRef Fix);

/// The GNU build ID of \p File in hex, or "" when it has none.
std::string readBuildID(const BinaryFile &File);

/// Bytes [Address, Address + Size) that a static relocation rewrites.
struct RelocatedField {
  uint64_t Address = 0;
  uint64_t Size = 0;
};

/// The fields every code relocation of \p File covers (-Wl,--emit-relocs
/// keeps them), sorted by address; an error names a corrupt relocation
/// section.
llvm::Expected<std::vector<RelocatedField>>
relocatedCodeFields(const BinaryFile &File);

/// contentHash() of \p Bytes (at \p Address) with every byte a field of
/// \p Fields covers zeroed: the same for one function's code across
/// relinks that only moved it or its callees.
std::string maskedContentHash(llvm::ArrayRef<uint8_t> Bytes, uint64_t Address,
                              llvm::ArrayRef<RelocatedField> Fields);

/// xxh3-64 of \p Bytes, 16 hex digits: the content hash of a function.
std::string contentHash(llvm::ArrayRef<uint8_t> Bytes);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_LAYOUTLOCK_H
