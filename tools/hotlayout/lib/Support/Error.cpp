//===- Error.cpp - Errors and warnings of the tool library ----------------===//

#include "hotlayout/Tool/Support/Error.h"

#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace hotlayout {

Error makeError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

Error fileError(const Twine &File, const Twine &Message) {
  return makeError("'" + File + "' " + Message);
}

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

Expected<std::unique_ptr<MemoryBuffer>>
readInputFile(StringRef Path, uint64_t MaxSize, const Twine &Fix, bool IsText) {
  // status() follows symbolic links: a link to a regular file is one.
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return fileError(Path, "cannot be read: " + EC.message() + "; " + Fix);
  if (Status.type() != sys::fs::file_type::regular_file)
    return fileError(Path, "is " + Twine(fileKind(Status.type())) +
                               ", not a regular file; " + Fix);
  if (Status.getSize() > MaxSize)
    return fileError(Path, "is " + Twine(Status.getSize()) +
                               " bytes, over the " + Twine(MaxSize) +
                               " hotlayout reads of such a file; " + Fix);
  auto Buffer = MemoryBuffer::getFile(Path, IsText,
                                      /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return fileError(Path, "cannot be read: " + Buffer.getError().message() +
                               "; " + Fix);
  // It may have grown between the two looks.
  if ((*Buffer)->getBufferSize() > MaxSize)
    return fileError(Path, "grew past " + Twine(MaxSize) +
                               " bytes while it was read; " + Fix);
  return std::move(*Buffer);
}

std::string printable(StringRef Text, size_t Max) {
  std::string Out;
  for (unsigned char C : Text.take_front(Max)) {
    if (C >= 0x20 && C < 0x7f && C != '\\') {
      Out += char(C);
      continue;
    }
    static const char Digits[] = "0123456789abcdef";
    Out += "\\x";
    Out += Digits[C >> 4];
    Out += Digits[C & 15];
  }
  if (Text.size() > Max)
    Out += "...";
  return Out;
}

void Diagnostics::warning(Error E) const {
  if (OnWarning)
    OnWarning(std::move(E));
  else
    consumeError(std::move(E));
}

void Diagnostics::progress(const Twine &Line) const {
  if (OnProgress)
    OnProgress(Line);
}

} // namespace hotlayout
