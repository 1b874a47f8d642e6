//===- InputFile.cpp - Reading an input file whole ------------------------===//

#include "hotlayout/Support/InputFile.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace hotlayout {

static const char *fileKind(sys::fs::file_type Type) {
  switch (Type) {
  case sys::fs::file_type::directory_file:
    return "a directory";
  case sys::fs::file_type::character_file:
    return "a character device";
  case sys::fs::file_type::block_file:
    return "a block device";
  case sys::fs::file_type::fifo_file:
    return "a pipe";
  case sys::fs::file_type::socket_file:
    return "a socket";
  default:
    return "not a regular file";
  }
}

static Error why(const Twine &What) {
  return createStringError(inconvertibleErrorCode(), What);
}

Expected<std::unique_ptr<MemoryBuffer>>
readRegularFile(StringRef Path, uint64_t MaxSize, bool IsText) {
  // status() follows symbolic links: a link to a regular file is one.
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return why("cannot be read: " + EC.message());
  if (Status.type() != sys::fs::file_type::regular_file)
    return why("is " + Twine(fileKind(Status.type())) + ", not a regular file");
  if (Status.getSize() > MaxSize)
    return why("is " + Twine(Status.getSize()) + " bytes, over the " +
               Twine(MaxSize) + " hotlayout reads of such a file");
  auto Buffer = MemoryBuffer::getFile(Path, IsText,
                                      /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return why("cannot be read: " + Buffer.getError().message());
  // It may have grown between the two looks.
  if ((*Buffer)->getBufferSize() > MaxSize)
    return why("grew past " + Twine(MaxSize) + " bytes while it was read");
  return std::move(*Buffer);
}

} // namespace hotlayout
