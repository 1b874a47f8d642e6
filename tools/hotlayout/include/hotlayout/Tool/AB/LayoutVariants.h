//===- hotlayout/Tool/AB/LayoutVariants.h - Seeded layouts of one binary --===//
//
// `hotlayout ab` compares two binaries over many layouts of each, so that
// a difference that only comes from where code landed averages out. A
// layout is made post-link by llvm-bolt from the binary alone:
//
//  1. a seeded order of every function (-reorder-functions=user
//     -function-order; llvm-bolt's own -reorder-functions=random gives the
//     same order for every -bolt-seed in LLVM 22, so it cannot vary);
//  2. seeded padding after one function in 8 (16, 32 or 48 bytes), with
//     every function aligned to 16 bytes as compilers align them (BOLT's
//     default aligns to 64, which would put most functions at the start of
//     a line whatever their order);
//  3. a process-level part that costs nothing: an environment variable of
//     a seeded size (0-4095 bytes), which moves the initial stack.
//
// Each function's rank and padding come from a hash of the seed and its
// name, not from its position in the binary: the same seed gives two
// builds of one program the same relative order of the functions they
// share, whatever order their linkers chose.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_LAYOUTVARIANTS_H
#define HOTLAYOUT_TOOL_LAYOUTVARIANTS_H

#include "hotlayout/Tool/Binary/BinaryFile.h"
#include "hotlayout/Tool/Bolt/BoltDriver.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hotlayout {

/// One seeded layout of a set of functions.
struct LayoutPerturbation {
  uint64_t Seed = 0;
  std::vector<std::string> Order; ///< Every function once.
  std::vector<std::pair<std::string, uint64_t>> Padding;
  unsigned EnvPadBytes = 0;
};

/// The layout of \p Functions (any order, duplicates ignored) for \p Seed.
/// Plain C++.
LayoutPerturbation seededLayout(std::vector<std::string> Functions,
                                uint64_t Seed);

/// The bytes of environment variable for \p Seed (0-4095).
unsigned envPadBytes(uint64_t Seed);

/// The names of \p File's functions (.symtab STT_FUNC symbols). Fails for a
/// binary without .symtab or without relocations, naming what to do.
llvm::Expected<std::vector<std::string>>
movableFunctions(const BinaryFile &File);

/// Writes \p Layout of \p Binary to \p Output through llvm-bolt (one
/// BoltRewrite: every function moved, aligned to 16, blocks in their
/// order); the order file and BOLT's log go to \p WorkDir. \p SkipArgument
/// is skipLabelsArgument()'s, or empty.
llvm::Error writeLayoutVariant(const BoltTools &Tools, llvm::StringRef Binary,
                               const LayoutPerturbation &Layout,
                               llvm::StringRef SkipArgument,
                               llvm::StringRef WorkDir, llvm::StringRef Output);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_LAYOUTVARIANTS_H
