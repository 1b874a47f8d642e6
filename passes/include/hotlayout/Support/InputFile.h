//===- hotlayout/Support/InputFile.h - Reading an input file whole --------===//
//
// One check for every file hotlayout reads whole, the CLI's inputs and the
// plugin's loop profile alike: it must be a regular file of a bounded size.
// A device (/dev/zero, /dev/urandom) or a pipe would be read without end,
// until memory runs out (LLVM then aborts with a stack dump), and a
// directory fails obscurely.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_SUPPORT_INPUTFILE_H
#define HOTLAYOUT_SUPPORT_INPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>

namespace hotlayout {

/// The largest loop profile read: 256 MiB, far above what `hotlayout loops`
/// writes for any program (a line per block).
inline constexpr uint64_t LoopProfileMaxBytes = uint64_t(256) << 20;

/// Reads \p Path whole after checking that it is a regular file (symbolic
/// links followed) of at most \p MaxSize bytes. An error's message is what
/// is wrong, to follow the file's name: "is a directory, not a regular
/// file", "is N bytes, over the M hotlayout reads of such a file", "cannot
/// be read: <reason>".
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readRegularFile(llvm::StringRef Path, uint64_t MaxSize, bool IsText = true);

} // namespace hotlayout

#endif // HOTLAYOUT_SUPPORT_INPUTFILE_H
