#include "hotlayout/Tool/Support/TempFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace hotlayout;
using namespace llvm;

static bool isLive(StringRef Path) {
  bool Found = false;
  forEachLiveTempPath([&](const char *P, TempKind) { Found |= Path == P; });
  return Found;
}

static std::string contents(StringRef Path) {
  auto Buffer = MemoryBuffer::getFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : "<unreadable>";
}

static void writeFile(StringRef Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  ASSERT_FALSE(EC) << EC.message();
  OS << Text;
}

/// The names in \p Dir, sorted.
static std::vector<std::string> listing(StringRef Dir) {
  std::vector<std::string> Names;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    Names.push_back(sys::path::filename(It->path()).str());
  std::sort(Names.begin(), Names.end());
  return Names;
}

TEST(TempFiles, DirectoryAndItsFilesRemovedOnDestruction) {
  std::string Path;
  {
    auto Dir = TempDir::createInSystemTemp("hotlayout-unit");
    ASSERT_TRUE(bool(Dir)) << toString(Dir.takeError());
    Path = Dir->path().str();
    writeFile(Dir->file("log"), "x");
    EXPECT_TRUE(sys::fs::exists(Dir->file("log")));
    EXPECT_TRUE(isLive(Path));
  }
  EXPECT_FALSE(sys::fs::exists(Path));
  EXPECT_FALSE(isLive(Path));
}

TEST(TempFiles, KeptDirectoryStaysAndLeavesTheLiveList) {
  std::string Path;
  {
    auto Dir = TempDir::createInSystemTemp("hotlayout-unit");
    ASSERT_TRUE(bool(Dir)) << toString(Dir.takeError());
    Path = Dir->path().str();
    Dir->keep();
    EXPECT_FALSE(isLive(Path)) << "a signal must not remove a kept log";
  }
  EXPECT_TRUE(sys::fs::is_directory(Path));
  sys::fs::remove_directories(Path);
}

TEST(TempFiles, MovedDirectoryIsRemovedOnceByItsNewOwner) {
  auto Dir = TempDir::createInSystemTemp("hotlayout-unit");
  ASSERT_TRUE(bool(Dir)) << toString(Dir.takeError());
  std::string Path = Dir->path().str();
  {
    TempDir Owner(std::move(*Dir));
    EXPECT_TRUE(sys::fs::is_directory(Path));
  }
  EXPECT_FALSE(sys::fs::exists(Path));
}

TEST(TempFiles, CreateBesideAMissingDirectoryNamesTheFile) {
  auto Dir = TempDir::createBeside("/nonexistent-hotlayout/out", ".x");
  ASSERT_FALSE(bool(Dir));
  EXPECT_EQ(toString(Dir.takeError()),
            "cannot create a temporary directory beside "
            "'/nonexistent-hotlayout/out': No such file or directory");
}

TEST(TempFiles, CommittedOutputIsRenamedOverTheFinalPath) {
  auto Dir = TempDir::createInSystemTemp("hotlayout-unit");
  ASSERT_TRUE(bool(Dir)) << toString(Dir.takeError());
  std::string Final = Dir->file("out.lock");
  auto Out = AtomicOutput::create(Final);
  ASSERT_TRUE(bool(Out)) << toString(Out.takeError());
  std::string Temp = Out->tempPath().str();
  EXPECT_EQ(sys::path::parent_path(Temp), Dir->path())
      << "the temporary file must be beside the output for an atomic rename";
  ASSERT_FALSE(bool(Out->write([](raw_ostream &OS) { OS << "new"; })));
  EXPECT_FALSE(sys::fs::exists(Final)) << "nothing is final before commit";
  ASSERT_FALSE(bool(Out->commit()));
  EXPECT_EQ(contents(Final), "new");
  EXPECT_FALSE(sys::fs::exists(Temp));
  EXPECT_FALSE(isLive(Temp));
  EXPECT_EQ(listing(Dir->path()), std::vector<std::string>{"out.lock"});
}

TEST(TempFiles, UncommittedOutputLeavesTheInputUntouched) {
  auto Dir = TempDir::createInSystemTemp("hotlayout-unit");
  ASSERT_TRUE(bool(Dir)) << toString(Dir.takeError());
  // The input is also the output (plan --update old.lock -o old.lock) and
  // the run fails before commit: the old file must survive whole.
  std::string Input = Dir->file("old.lock");
  writeFile(Input, "old");
  {
    auto Out = AtomicOutput::create(Input);
    ASSERT_TRUE(bool(Out)) << toString(Out.takeError());
    EXPECT_TRUE(isLive(Out->tempPath()));
    ASSERT_FALSE(bool(Out->write([](raw_ostream &OS) { OS << "half"; })));
    EXPECT_EQ(contents(Input), "old");
  }
  EXPECT_EQ(contents(Input), "old");
  EXPECT_EQ(listing(Dir->path()), std::vector<std::string>{"old.lock"});
}

TEST(TempFiles, OutputWithinATempDirIsRenamedOut) {
  auto Beside = TempDir::createInSystemTemp("hotlayout-unit");
  ASSERT_TRUE(bool(Beside)) << toString(Beside.takeError());
  std::string Final = Beside->file("out");
  auto Work = TempDir::createBeside(Final, ".work");
  ASSERT_TRUE(bool(Work)) << toString(Work.takeError());
  AtomicOutput Out = AtomicOutput::within(*Work, Final);
  EXPECT_EQ(Out.tempPath(), Work->file("out"));
  writeFile(Out.tempPath(), "tool output");
  ASSERT_FALSE(bool(Out.commit()));
  EXPECT_EQ(contents(Final), "tool output");
}

TEST(TempFiles, UnwritableOutputFailsAtCreateAndNamesIt) {
  auto Out = AtomicOutput::create("/nonexistent-hotlayout/p.fdata");
  ASSERT_FALSE(bool(Out));
  EXPECT_EQ(toString(Out.takeError()),
            "'/nonexistent-hotlayout/p.fdata' cannot be written: No such "
            "file or directory; pass -o a path in a writable directory");
}
