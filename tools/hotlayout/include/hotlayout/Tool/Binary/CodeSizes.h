//===- hotlayout/Tool/Binary/CodeSizes.h - Code bytes -----------*- C++ -*-===//
//
// What apply's report measures of its input and of llvm-bolt's output: a
// measurement of a linked binary, so it lives with BinaryFile, not in the
// apply pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_BINARY_CODESIZES_H
#define HOTLAYOUT_TOOL_BINARY_CODESIZES_H

#include "hotlayout/Tool/Binary/BinaryFile.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace hotlayout {

/// Bytes of executable sections, without BOLT's copy of the input's text
/// (.bolt.org.*: liveCodeLeftInPlace() counts what still runs there); with
/// \p Only, of that section.
uint64_t executableBytes(const BinaryFile &File, llvm::StringRef Only = "");

/// Bytes of the functions llvm-bolt left in place: the function symbols
/// inside its copy of the input's text (.bolt.org.*), whose code still runs
/// from there (apply has llvm-bolt process only the ordered and profiled
/// functions; the never-run rest stays).
uint64_t liveCodeLeftInPlace(const BinaryFile &File);

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_BINARY_CODESIZES_H
