//===- BlockOrder.cpp - Block and function order from counts --------------===//
//
//  1. Per function: ext-tsp (LLVM's CodeLayout) over all of its blocks, the
//     entry pinned first; keep the blocks that ran, in that order.
//  2. Functions: cache-directed sort over the entered ones, by the bytes
//     and counts of their hot blocks and the call counts between them.
//     Functions counted from the PGO map (the compiler's estimates, where
//     llvm-bolt could not instrument them) are ordered and laid out alike.
//  3. Write the clusters (Propeller's v1 list) and the symbol order. With
//     WholeFunctions a cluster ends with the blocks that never ran, in the
//     compiler's order: clang then splits no function (no NAME.cold part,
//     which llvm-bolt 22 re-lays, so apply cannot lock it).
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Loops/BlockOrder.h"

#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Utils/CodeLayout.h"

#include <algorithm>

#define DEBUG_TYPE "hotlayout-block-order"

using namespace llvm;

namespace hotlayout {

/// A block list as large as a loop profile may be.
constexpr uint64_t MaxOrderFileSize = input_limits::LoopProfile;

uint64_t FunctionFlow::hotSize() const {
  uint64_t Bytes = 0;
  for (const OrderBlock &B : Blocks)
    if (B.Count)
      Bytes += B.Size;
  return Bytes;
}

uint64_t FunctionFlow::totalCount() const {
  uint64_t Sum = 0;
  for (const OrderBlock &B : Blocks)
    Sum += B.Count;
  return Sum;
}

std::vector<uint32_t> hotBlockOrder(const FunctionFlow &F) {
  if (!F.entryCount())
    return {};
  // Step 1. ext-tsp scores jumps by distance in bytes: an empty block (a
  // label the next block shares) weighs one byte, as MachineBlockPlacement's
  // applyExtTsp gives every block at least one.
  std::vector<uint64_t> Sizes, Counts;
  for (const OrderBlock &B : F.Blocks) {
    Sizes.push_back(std::max<uint64_t>(B.Size, 1));
    Counts.push_back(B.Count);
  }
  std::vector<codelayout::EdgeCount> Edges;
  for (const OrderEdge &E : F.Edges)
    if (E.Count && E.From != E.To && E.From < F.Blocks.size() &&
        E.To < F.Blocks.size())
      Edges.push_back({E.From, E.To, E.Count});
  std::vector<uint64_t> Order =
      codelayout::computeExtTspLayout(Sizes, Counts, Edges);
  // computeExtTspLayout keeps node 0 first; the entry must stay first
  // whatever a later LLVM does, or clang would take another block for it.
  std::vector<uint32_t> Hot{F.Blocks[0].ID};
  for (uint64_t N : Order)
    if (N != 0 && N < F.Blocks.size() && F.Blocks[N].Count)
      Hot.push_back(F.Blocks[N].ID);
  return Hot;
}

std::vector<size_t> functionOrder(ArrayRef<FunctionFlow> Functions,
                                  ArrayRef<OrderCall> Calls) {
  // Step 2, over the entered functions only.
  std::vector<size_t> Entered;
  std::vector<size_t> NodeOf(Functions.size(), SIZE_MAX);
  for (size_t I = 0; I < Functions.size(); ++I)
    if (Functions[I].entryCount()) {
      NodeOf[I] = Entered.size();
      Entered.push_back(I);
    }
  std::vector<uint64_t> Sizes, Counts;
  for (size_t I : Entered) {
    Sizes.push_back(std::max<uint64_t>(Functions[I].hotSize(), 1));
    Counts.push_back(Functions[I].totalCount());
  }
  std::vector<codelayout::EdgeCount> Edges;
  std::vector<uint64_t> Offsets;
  for (const OrderCall &C : Calls) {
    if (C.Caller >= Functions.size() || C.Callee >= Functions.size() ||
        NodeOf[C.Caller] == SIZE_MAX || NodeOf[C.Callee] == SIZE_MAX ||
        !C.Count)
      continue;
    Edges.push_back({NodeOf[C.Caller], NodeOf[C.Callee], C.Count});
    // The profile does not say where in the caller the call is: its middle,
    // as llvm-bolt's cdsort assumes for a call it cannot place.
    Offsets.push_back(Sizes[NodeOf[C.Caller]] / 2);
  }
  std::vector<size_t> Order;
  for (uint64_t N :
       codelayout::computeCacheDirectedLayout(Sizes, Counts, Edges, Offsets))
    Order.push_back(Entered[N]);
  return Order;
}

/// \p F's blocks that are not in \p Hot, in the compiler's order.
static std::vector<uint32_t> coldBlocks(const FunctionFlow &F,
                                        ArrayRef<uint32_t> Hot) {
  std::vector<uint32_t> Cold;
  for (const OrderBlock &B : F.Blocks)
    if (!is_contained(Hot, B.ID))
      Cold.push_back(B.ID);
  return Cold;
}

BlockOrder computeBlockOrder(ArrayRef<FunctionFlow> Functions,
                             ArrayRef<OrderCall> Calls, bool WholeFunctions) {
  BlockOrder Order;
  for (size_t I : functionOrder(Functions, Calls)) {
    const FunctionFlow &F = Functions[I];
    if (std::vector<uint32_t> Hot = hotBlockOrder(F); !Hot.empty()) {
      std::vector<uint32_t> Cold;
      if (WholeFunctions)
        Cold = coldBlocks(F, Hot);
      Order.Functions.push_back({F.Name, std::move(Hot), std::move(Cold)});
    }
  }
  return Order;
}

void writeBlockSectionsList(const BlockOrder &Order, raw_ostream &OS) {
  OS << "v1\n";
  for (const std::string &C : Order.Comments)
    OS << "# " << C << '\n';
  for (const FunctionBlockOrder &F : Order.Functions) {
    OS << "f " << F.Name << "\nc";
    for (uint32_t ID : F.Hot)
      OS << ' ' << ID;
    for (uint32_t ID : F.Cold)
      OS << ' ' << ID;
    OS << '\n';
  }
}

void writeSymbolOrder(const BlockOrder &Order, raw_ostream &OS) {
  for (const FunctionBlockOrder &F : Order.Functions)
    OS << F.Name << '\n';
}

/// \p Path, absolute, with the text read into \p Text.
static Expected<std::string> readOrderFile(StringRef Path, const Twine &Fix,
                                           std::string &Text) {
  SmallString<256> Abs(Path);
  if (std::error_code EC = sys::fs::make_absolute(Abs))
    return fileError(Path, "cannot be made absolute: " + EC.message());
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  auto Buffer = readInputFile(Path, MaxOrderFileSize, Fix);
  if (!Buffer)
    return Buffer.takeError();
  Text = (*Buffer)->getBuffer().str();
  return std::string(Abs);
}

Expected<std::string> checkedBlockOrder(StringRef Path) {
  const std::string Fix = "write it with hotlayout loops BINARY --profile "
                          "P.fdata -o L.loops --block-order " +
                          Path.str();
  std::string Text;
  Expected<std::string> Abs = readOrderFile(Path, Fix, Text);
  if (!Abs)
    return Abs.takeError();
  StringRef Body(Text);
  if (Body.split('\n').first.rtrim("\r") != "v1")
    return fileError(Path, "is not a block order (its first line is not "
                           "'v1', the version of clang's "
                           "-fbasic-block-sections=list= format); " +
                               Fix);
  return Abs;
}

Expected<std::string> checkedFunctionOrder(StringRef Path) {
  const std::string Fix = "write it with hotlayout loops BINARY --profile "
                          "P.fdata -o L.loops --function-order " +
                          Path.str();
  std::string Text;
  Expected<std::string> Abs = readOrderFile(Path, Fix, Text);
  if (!Abs)
    return Abs.takeError();
  if (StringRef(Text).starts_with("v1\n"))
    return fileError(Path, "is a block order (-fbasic-block-sections=list=), "
                           "not a function order; give it to --block-order, "
                           "or " +
                               Fix);
  return Abs;
}

} // namespace hotlayout
