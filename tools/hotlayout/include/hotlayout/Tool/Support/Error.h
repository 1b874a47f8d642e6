//===- Support/Error.h - Errors and warnings of the tool library ----------===//
//
// Every error of the library is an llvm::Error made here, so messages have
// one shape: "'FILE' what is wrong; what to do" for a file, a plain sentence
// otherwise. Only main prints them ("hotlayout <subcommand>: error: ...").
//
// Warnings are errors that do not stop a run. A pipeline hands them, and its
// progress lines, to the Diagnostics the caller passed, at the moment they
// arise: the CLI prints them to stderr then, so they interleave with a child
// program's own output as they happen; a library user may collect or drop
// them.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_ERROR_H
#define HOTLAYOUT_TOOL_ERROR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>

namespace hotlayout {

/// An error with \p Message (no file to name).
llvm::Error makeError(const llvm::Twine &Message);

/// An error about \p File: "'File' <Message>".
llvm::Error fileError(const llvm::Twine &File, const llvm::Twine &Message);

/// The largest input of each kind read whole. Each is far above what a real
/// file of the kind reaches and keeps hotlayout's memory bounded by its
/// inputs: a text input's lines cost a few times its size once parsed.
namespace input_limits {
constexpr uint64_t Profile = uint64_t(1) << 30;       ///< .fdata: 1 GiB
constexpr uint64_t Lock = uint64_t(64) << 20;         ///< lock: 64 MiB
constexpr uint64_t LoopProfile = uint64_t(256) << 20; ///< loops: 256 MiB
constexpr uint64_t Binary = uint64_t(4) << 30;        ///< ELF: 4 GiB (mapped)
/// perf.data: 64 GiB (mapped; only its header is read).
constexpr uint64_t PerfData = uint64_t(64) << 30;
} // namespace input_limits

/// Reads the input file \p Path whole, after checking that it is a regular
/// file of at most \p MaxSize bytes: a device (/dev/zero, /dev/urandom), a
/// FIFO or a socket would be read without end, a directory fails obscurely.
/// Errors name the file and end with \p Fix ("pass a BOLT .fdata profile to
/// --profile").
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef Path, uint64_t MaxSize, const llvm::Twine &Fix,
              bool IsText = true);

/// \p Text as it may appear in a message: every byte outside printable
/// ASCII written \xNN (so a garbage file cannot put control characters on
/// the user's terminal), cut to \p Max bytes of the input with "..." after.
std::string printable(llvm::StringRef Text, size_t Max = 80);

/// A report's line "note: TEXT: NAME NAME ..." on \p OS, naming \p Names;
/// nothing when there are none.
void printNamesNote(llvm::raw_ostream &OS, const llvm::Twine &Text,
                    llvm::ArrayRef<std::string> Names);

/// Where a pipeline reports what it has to say before its result. Either
/// handler may be left empty: warnings are then dropped, and so are progress
/// lines.
struct Diagnostics {
  /// Something worth knowing that does not stop the run.
  std::function<void(llvm::Error)> OnWarning;
  /// One line on what a long step is doing now.
  std::function<void(const llvm::Twine &)> OnProgress;

  void warning(llvm::Error E) const;
  void progress(const llvm::Twine &Line) const;
};

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_ERROR_H
