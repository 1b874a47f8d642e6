//===- Support/TempFiles.h - Temporary paths and atomic outputs -----------===//
//
// Every temporary file or directory the tool makes goes through this file,
// so that no run leaves one behind and no output is ever half written:
//
//  - TempDir: a directory, removed with its contents when the object dies,
//    unless keep() was called (the pipelines never do: a user's files are
//    sacred, no temporary file left, and errors quote the logs they need).
//  - AtomicOutput: an output written under a temporary name in the final
//    path's directory (same file system, so the rename is atomic) and
//    renamed over the final path by commit(); removed when the object dies
//    uncommitted. Readers never see half an output, a failed run leaves the
//    previous file in place, and a file that is both input and output
//    (plan --update old.lock -o old.lock) is replaced only by a complete one.
//
// While one of them owns its path, the path is in one process-wide list of
// live temporary paths (forEachLiveTempPath). That is the single place a
// signal handler walks to remove what an interrupted run would leave: the
// list is lock-free (nodes are never freed; a path is published and
// withdrawn with one atomic exchange), so walking it is async-signal-safe.
//
//===----------------------------------------------------------------------===//

#ifndef HOTLAYOUT_TOOL_TEMPFILES_H
#define HOTLAYOUT_TOOL_TEMPFILES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace hotlayout {

enum class TempKind { File, Directory };

/// Keeps one path in the list of live temporary paths from construction
/// until release() or destruction. Move-only.
class LiveTempPath {
public:
  LiveTempPath() = default;
  LiveTempPath(llvm::StringRef Path, TempKind Kind);
  LiveTempPath(LiveTempPath &&Other);
  LiveTempPath &operator=(LiveTempPath &&Other);
  LiveTempPath(const LiveTempPath &) = delete;
  LiveTempPath &operator=(const LiveTempPath &) = delete;
  ~LiveTempPath() { release(); }

  /// Takes the path off the list (the owner removed or renamed it).
  void release();

private:
  void *Node = nullptr;
};

/// Calls \p Visit with every live temporary path, newest registration
/// first among reused entries. Allocates nothing and takes no lock: safe in
/// a signal handler when \p Visit is.
void forEachLiveTempPath(
    llvm::function_ref<void(const char *Path, TempKind Kind)> Visit);

/// A temporary directory, removed with its contents on destruction unless
/// kept. Move-only.
class TempDir {
public:
  /// A new directory <Prefix>-XXXXXX in the system's temporary directory
  /// ($TMPDIR). The error says to set TMPDIR.
  static llvm::Expected<TempDir> createInSystemTemp(llvm::StringRef Prefix);

  /// A new directory <Prefix>-XXXXXX in the directory of \p File (relative
  /// paths from the current directory), so that a file made in it can be
  /// renamed onto \p File atomically. The error names \p File.
  static llvm::Expected<TempDir> createBeside(llvm::StringRef File,
                                              llvm::StringRef Prefix);

  TempDir(TempDir &&Other);
  TempDir &operator=(TempDir &&Other) = delete;
  TempDir(const TempDir &) = delete;
  ~TempDir();

  llvm::StringRef path() const { return Path; }

  /// \p Name inside the directory.
  std::string file(llvm::StringRef Name) const;

  /// Leaves the directory in place when this object dies, e.g. for a log
  /// an error message names.
  void keep();

private:
  explicit TempDir(std::string Path);

  std::string Path;
  LiveTempPath Live;
  bool Kept = false;
};

/// \p Message with the temporary file \p Path, quoted as fileError() writes
/// it, replaced by \p As ("llvm-bolt's output"): a reader's words about a
/// file the user never saw, removed by the time they read them.
std::string withoutTempPath(std::string Message, llvm::StringRef Path,
                            llvm::StringRef As);

/// Writes \p Path as text through \p Write; an error names \p ReportAs (the
/// file the user asked for) when given, else \p Path.
llvm::Error writeTextFile(llvm::StringRef Path,
                          llvm::function_ref<void(llvm::raw_ostream &)> Write,
                          llvm::StringRef ReportAs = {});

/// An output file written under a temporary name and renamed into place by
/// commit(). Move-only.
class AtomicOutput {
public:
  /// Creates an empty temporary file <Final>.tmp-XXXXXX now, so that an
  /// unwritable output fails before any long step. The error names
  /// \p Final.
  static llvm::Expected<AtomicOutput> create(llvm::StringRef Final);

  /// The temporary path is \p Dir/<file name of Final>, for a tool that
  /// writes its output itself (llvm-bolt -o). \p Dir must be on Final's
  /// file system (TempDir::createBeside).
  static AtomicOutput within(const TempDir &Dir, llvm::StringRef Final);

  AtomicOutput(AtomicOutput &&Other);
  AtomicOutput &operator=(AtomicOutput &&Other) = delete;
  AtomicOutput(const AtomicOutput &) = delete;
  ~AtomicOutput();

  llvm::StringRef finalPath() const { return Final; }
  /// Where to write before commit().
  llvm::StringRef tempPath() const { return Temp; }

  /// Writes the temporary file with \p Write (text mode).
  llvm::Error write(llvm::function_ref<void(llvm::raw_ostream &)> Write);

  /// Renames the temporary file over the final path.
  llvm::Error commit();

private:
  AtomicOutput(std::string Final, std::string Temp);

  std::string Final;
  std::string Temp;
  LiveTempPath Live;
};

} // namespace hotlayout

#endif // HOTLAYOUT_TOOL_TEMPFILES_H
