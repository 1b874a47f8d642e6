//===- TempFiles.cpp - Temporary paths and atomic outputs -----------------===//
//
// The live-path list follows LLVM's list of files to remove on a signal
// (lib/Support/Unix/Signals.inc): a singly linked list whose nodes are only
// ever added, each holding an atomic pointer to a heap copy of its entry.
// Registering claims a free node (a null pointer) with a compare-exchange or
// pushes a new one; releasing exchanges the pointer back to null before
// freeing the copy, so a walker sees either the whole entry or none. An
// entry is the kind ('f' or 'd') followed by the path, so kind and path are
// published together.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Support/TempFiles.h"

#include "hotlayout/Tool/Support/Error.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <utility>

using namespace llvm;

namespace hotlayout {

namespace {
struct LiveNode {
  std::atomic<char *> Entry{nullptr};
  LiveNode *Next = nullptr;
};
} // namespace

static std::atomic<LiveNode *> LiveHead{nullptr};

static char *copyEntry(StringRef Path, TempKind Kind) {
  char *Entry = static_cast<char *>(std::malloc(Path.size() + 2));
  Entry[0] = Kind == TempKind::Directory ? 'd' : 'f';
  std::memcpy(Entry + 1, Path.data(), Path.size());
  Entry[Path.size() + 1] = '\0';
  return Entry;
}

LiveTempPath::LiveTempPath(StringRef Path, TempKind Kind) {
  char *Entry = copyEntry(Path, Kind);
  for (LiveNode *N = LiveHead.load(); N; N = N->Next) {
    char *Free = nullptr;
    if (N->Entry.compare_exchange_strong(Free, Entry)) {
      Node = N;
      return;
    }
  }
  auto *N = new LiveNode;
  N->Entry.store(Entry);
  N->Next = LiveHead.load();
  while (!LiveHead.compare_exchange_weak(N->Next, N)) {
  }
  Node = N;
}

LiveTempPath::LiveTempPath(LiveTempPath &&Other)
    : Node(std::exchange(Other.Node, nullptr)) {}

LiveTempPath &LiveTempPath::operator=(LiveTempPath &&Other) {
  if (this != &Other) {
    release();
    Node = std::exchange(Other.Node, nullptr);
  }
  return *this;
}

void LiveTempPath::release() {
  if (!Node)
    return;
  std::free(static_cast<LiveNode *>(Node)->Entry.exchange(nullptr));
  Node = nullptr;
}

void forEachLiveTempPath(
    function_ref<void(const char *Path, TempKind Kind)> Visit) {
  for (LiveNode *N = LiveHead.load(); N; N = N->Next)
    if (const char *Entry = N->Entry.load())
      Visit(Entry + 1, Entry[0] == 'd' ? TempKind::Directory : TempKind::File);
}

TempDir::TempDir(std::string P)
    : Path(std::move(P)), Live(Path, TempKind::Directory) {}

TempDir::TempDir(TempDir &&Other)
    : Path(std::exchange(Other.Path, {})), Live(std::move(Other.Live)),
      Kept(Other.Kept) {}

TempDir::~TempDir() {
  // Removed before it leaves the list: a signal in between finds it gone.
  if (!Path.empty() && !Kept)
    sys::fs::remove_directories(Path);
  Live.release();
}

Expected<TempDir> TempDir::createInSystemTemp(StringRef Prefix) {
  SmallString<256> P;
  if (std::error_code EC = sys::fs::createUniqueDirectory(Prefix, P))
    return makeError("cannot create a temporary directory: " + EC.message() +
                     "; set TMPDIR to a writable directory");
  return TempDir(std::string(P));
}

Expected<TempDir> TempDir::createBeside(StringRef File, StringRef Prefix) {
  // An absolute model: createUniqueDirectory puts a relative one under the
  // system temp directory, where `-o sub/out` found no `sub` and a rename
  // to the output could cross file systems.
  SmallString<256> Model(File);
  if (std::error_code EC = sys::fs::make_absolute(Model))
    return fileError(File, "has no absolute path: " + EC.message());
  sys::path::remove_filename(Model);
  sys::path::append(Model, Prefix);
  SmallString<256> P;
  if (std::error_code EC = sys::fs::createUniqueDirectory(Model, P))
    return makeError("cannot create a temporary directory beside '" + File +
                     "': " + EC.message());
  return TempDir(std::string(P));
}

std::string TempDir::file(StringRef Name) const {
  SmallString<256> P(Path);
  sys::path::append(P, Name);
  return std::string(P);
}

void TempDir::keep() {
  Kept = true;
  Live.release();
}

AtomicOutput::AtomicOutput(std::string F, std::string T)
    : Final(std::move(F)), Temp(std::move(T)), Live(Temp, TempKind::File) {}

AtomicOutput::AtomicOutput(AtomicOutput &&Other)
    : Final(std::move(Other.Final)), Temp(std::exchange(Other.Temp, {})),
      Live(std::move(Other.Live)) {}

AtomicOutput::~AtomicOutput() {
  if (!Temp.empty())
    sys::fs::remove(Temp);
  Live.release();
}

Expected<AtomicOutput> AtomicOutput::create(StringRef Final) {
  SmallString<256> Model(Final);
  Model += ".tmp-%%%%%%";
  SmallString<256> Temp;
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temp))
    return fileError(Final, "cannot be written: " + EC.message() +
                                "; pass -o a path in a writable directory");
  sys::Process::SafelyCloseFileDescriptor(FD);
  return AtomicOutput(Final.str(), std::string(Temp));
}

AtomicOutput AtomicOutput::within(const TempDir &Dir, StringRef Final) {
  return AtomicOutput(Final.str(), Dir.file(sys::path::filename(Final)));
}

std::string withoutTempPath(std::string Message, StringRef Path, StringRef As) {
  std::string Quoted = ("'" + Path + "'").str();
  for (size_t At = Message.find(Quoted); At != std::string::npos;
       At = Message.find(Quoted, At + As.size()))
    Message.replace(At, Quoted.size(), As.str());
  return Message;
}

Error writeTextFile(StringRef Path, function_ref<void(raw_ostream &)> Write,
                    StringRef ReportAs) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (!EC) {
    Write(OS);
    OS.close();
    EC = OS.error();
    OS.clear_error(); // Reported below, not by the stream's destructor.
  }
  if (EC)
    return fileError(ReportAs.empty() ? Path : ReportAs,
                     "cannot be written: " + EC.message());
  return Error::success();
}

Error AtomicOutput::write(function_ref<void(raw_ostream &)> Write) {
  return writeTextFile(Temp, Write, Final);
}

Error AtomicOutput::commit() {
  if (std::error_code EC = sys::fs::rename(Temp, Final))
    return fileError(Final, "cannot be written: " + EC.message());
  Temp.clear();
  Live.release();
  return Error::success();
}

} // namespace hotlayout
