//===- hotlayout/Tool/BlockOrder.h - Block and function order from counts -===//
//
// The layout half of the feedback stage (`hotlayout loops --block-order
// FILE --function-order FILE`): from the exact counts of the first build's
// blocks and edges (LoopProfile.h reads them), the order the compiler and the
// linker of the final build lay the code out in, as plain llvm-bolt would
// re-lay it (-reorder-blocks=ext-tsp -split-all-cold -reorder-functions=
// cdsort), but done by the compiler, so that hotalign aligns the final
// blocks and apply never has to re-lay a function:
//
//  - per function, its executed blocks in ext-tsp order (LLVM's
//    computeExtTspLayout on block sizes, block counts and edge counts), the
//    entry first, as one cluster; blocks that never ran are not listed, so
//    clang puts them in .text.split.NAME (-split-all-cold);
//  - the profiled functions in cache-directed-sort order (LLVM's
//    computeCacheDirectedLayout on sizes, counts and call counts).
//
// Written for the tools that take them (hotlayout flags --block-order,
// --function-order adds them to the build):
//
//   -fbasic-block-sections=list=FILE (Propeller's format, version 1):
//     v1
//     # comments
//     f <function name>
//     c <bbid> <bbid> ...
//   -Wl,--symbol-ordering-file=FILE (ld.lld): one symbol name a line.
//
// Names are the symbol names of the first build, which clang matches
// against the function's IR name: a static function's name is its own (IR
// PGO's "file;name" is only the profile's key). A ThinLTO-promoted local
// (NAME.llvm.N) has a name that changes with the build: LTO is not
// supported (hotlayout flags refuses --block-order with --lto).
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_BLOCKORDER_H
#define HOTLAYOUT_TOOL_BLOCKORDER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotlayout {

/// One block of a function, in the compiler's (address) order; the first is
/// the entry.
struct OrderBlock {
  uint32_t ID = 0;   ///< Its basic-block address-map ID.
  uint64_t Size = 0; ///< Bytes (0: an empty block).
  uint64_t Count = 0;
};

/// Control flow from block From to block To (indices into the blocks), by a
/// taken branch or by falling through.
struct OrderEdge {
  size_t From = 0;
  size_t To = 0;
  uint64_t Count = 0;
};

/// One function's counted blocks and edges.
struct FunctionFlow {
  std::string Name;
  std::vector<OrderBlock> Blocks;
  std::vector<OrderEdge> Edges;

  /// The entry block's count (0: never entered).
  uint64_t entryCount() const { return Blocks.empty() ? 0 : Blocks[0].Count; }
  /// Bytes of the blocks that ran.
  uint64_t hotSize() const;
  /// The sum of its block counts.
  uint64_t totalCount() const;
};

/// A call count from function Caller to function Callee (indices).
struct OrderCall {
  size_t Caller = 0;
  size_t Callee = 0;
  uint64_t Count = 0;
};

/// The IDs of \p F's blocks that ran, in ext-tsp order, the entry first;
/// empty when the entry never ran.
std::vector<uint32_t> hotBlockOrder(const FunctionFlow &F);

/// Indices of \p Functions in cache-directed-sort order, by the bytes of
/// their blocks that ran, their summed block counts and \p Calls; functions
/// never entered are left out.
std::vector<size_t> functionOrder(llvm::ArrayRef<FunctionFlow> Functions,
                                  llvm::ArrayRef<OrderCall> Calls);

/// A function's cluster: its name and hotBlockOrder.
struct FunctionBlockOrder {
  std::string Name;
  std::vector<uint32_t> Hot;
  /// With WholeFunctions: the blocks that never ran, in the compiler's
  /// order, listed after Hot in the same cluster.
  std::vector<uint32_t> Cold;
};

/// The orders of a binary, in functionOrder's order.
struct BlockOrder {
  std::vector<FunctionBlockOrder> Functions;
  std::vector<std::string> Comments; ///< Written after the header.
};

/// \p Functions' clusters, ordered by functionOrder. \p WholeFunctions:
/// each cluster also lists the blocks that never ran, after the hot ones,
/// so clang puts none in .text.split and no function gets a NAME.cold part
/// (llvm-bolt 22 does not keep a split function's code: hotlayout apply
/// refuses to lock one).
BlockOrder computeBlockOrder(llvm::ArrayRef<FunctionFlow> Functions,
                             llvm::ArrayRef<OrderCall> Calls,
                             bool WholeFunctions = false);

/// The -fbasic-block-sections=list= file of \p Order.
void writeBlockSectionsList(const BlockOrder &Order, llvm::raw_ostream &OS);

/// The ld.lld --symbol-ordering-file of \p Order: all its function names,
/// in order.
void writeSymbolOrder(const BlockOrder &Order, llvm::raw_ostream &OS);

/// \p Path made absolute, after checking that it is a block order hotlayout
/// wrote (its first line is "v1" and it has a cluster line): for `hotlayout
/// flags --block-order`, so that a wrong file is refused before the build.
llvm::Expected<std::string> checkedBlockOrder(llvm::StringRef Path);

/// The same for a symbol ordering file: a text file with no empty name.
llvm::Expected<std::string> checkedFunctionOrder(llvm::StringRef Path);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_BLOCKORDER_H
