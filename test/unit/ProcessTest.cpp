//===- ProcessTest.cpp - BOLT tool runs under a time limit ----------------===//
//
// runLimited() and runLogged() as BOLT's tools are run: output to one file,
// a process group of their own, and a time limit that kills the group; and
// environmentWithPathFirst(), the environment profile --library runs in.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Support/Process.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

using namespace hotlayout;
using namespace llvm;

namespace {
/// A scratch directory, removed with its files.
struct Scratch {
  SmallString<128> Dir;
  Scratch() { EXPECT_FALSE(sys::fs::createUniqueDirectory("hl-process", Dir)); }
  ~Scratch() { sys::fs::remove_directories(Dir); }
  std::string file(StringRef Name) const { return (Dir + "/" + Name).str(); }
};
} // namespace

static std::string contents(StringRef Path) {
  auto Buffer = MemoryBuffer::getFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : "<unreadable>";
}

/// Whether the process \p Pid has ended (gone, or a zombie nobody reaped
/// yet), waiting up to 5 s for it.
static bool endsSoon(const std::string &Pid) {
  for (int I = 0; I < 100; ++I) {
    std::ifstream Stat("/proc/" + Pid + "/stat");
    std::string Line;
    if (!std::getline(Stat, Line))
      return true;
    size_t Close = Line.rfind(')');
    if (Close != std::string::npos && Line.compare(Close, 3, ") Z") == 0)
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

static double secondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

// Within its limit, a run is an ordinary one: its exit status, stdout and
// stderr in the one file, nothing timed out.
TEST(Process, RunWithinLimitReportsExitStatusAndOutput) {
  Scratch S;
  std::string Out = S.file("out.log");
  std::string Args[] = {"/bin/sh", "-c", "echo out; echo err >&2; exit 3"};
  ProcessResult R = runLimited(Args, Out, /*TimeoutSeconds=*/30);
  EXPECT_FALSE(R.ExecFailed);
  EXPECT_FALSE(R.TimedOut);
  EXPECT_EQ(R.Status, 3);
  EXPECT_EQ(contents(Out), "out\nerr\n");
}

// A tool that outlasts its limit is stopped at the limit, with the child it
// started (its process group is killed), and the error names the tool, the
// limit and the option, and quotes what the tool printed.
TEST(Process, RunPastLimitKillsItsGroup) {
  Scratch S;
  std::string Log = S.file("tool.log"), PidFile = S.file("child.pid");
  std::string Args[] = {"/bin/sh", "-c",
                        "echo BOLT-ERROR: stuck; sleep 30 & echo $! > " +
                            PidFile + "; wait"};
  auto Start = std::chrono::steady_clock::now();
  Error E = runLogged(Args, Log, "fake-bolt", /*TimeoutSeconds=*/1);
  double Took = secondsSince(Start);
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(toString(std::move(E)),
            "fake-bolt did not finish within 1 s and was stopped; if it needs "
            "longer, raise the limit with --bolt-timeout=SECONDS (0: no "
            "limit)\n  BOLT-ERROR: stuck");
  EXPECT_GE(Took, 1.0);
  EXPECT_LT(Took, 10.0);
  std::string Pid = contents(PidFile);
  ASSERT_FALSE(Pid.empty());
  Pid.pop_back(); // The newline.
  EXPECT_TRUE(endsSoon(Pid)) << "the tool's child " << Pid << " still runs";
}

// The twin: 0 is no limit, so a run longer than the 1 s above completes.
TEST(Process, ZeroMeansNoLimit) {
  Scratch S;
  std::string Args[] = {"/bin/sh", "-c", "sleep 1.5"};
  ProcessResult R = runLimited(Args, S.file("out.log"), /*TimeoutSeconds=*/0);
  EXPECT_FALSE(R.TimedOut);
  EXPECT_TRUE(R.succeeded()) << R.why();
}

// A tool that cannot start is ExecFailed, with the system's reason.
TEST(Process, MissingToolCannotStart) {
  Scratch S;
  std::string Args[] = {"/nonexistent/llvm-bolt"};
  ProcessResult R = runLimited(Args, S.file("out.log"), 1);
  EXPECT_TRUE(R.ExecFailed);
  EXPECT_EQ(R.ErrMsg, "No such file or directory");
}

// While an InterruptGuard lives (ab), a signal stops the BOLT run at once,
// with no time limit to wait for: ab sees interrupted() and reports.
TEST(Process, InterruptGuardStopsTheRun) {
  Scratch S;
  InterruptGuard Guard;
  std::string Args[] = {"/bin/sh", "-c", "kill -INT $PPID; exec sleep 30"};
  auto Start = std::chrono::steady_clock::now();
  ProcessResult R = runLimited(Args, S.file("out.log"), /*TimeoutSeconds=*/0);
  EXPECT_LT(secondsSince(Start), 10.0);
  EXPECT_TRUE(InterruptGuard::interrupted());
  EXPECT_FALSE(R.TimedOut);
  EXPECT_FALSE(R.succeeded());
  EXPECT_LT(R.Status, 0) << R.why();
}

/// The entries of \p Env named \p Name ("NAME=VALUE" as given).
static std::vector<std::string> entriesNamed(ArrayRef<std::string> Env,
                                             StringRef Name) {
  std::vector<std::string> Found;
  for (const std::string &E : Env)
    if (StringRef(E).starts_with((Name + "=").str()))
      Found.push_back(E);
  return Found;
}

// profile --library puts the instrumented copy's directory first on the
// loader's search path: in place of the old entry (one entry, so the loader
// and getenv() agree), the old value kept after a ':', the rest of the
// environment unchanged; an unset or empty variable gets the value alone.
TEST(Process, PathFirstReplacesTheEntryAndKeepsTheOldValue) {
  ASSERT_EQ(setenv("HL_TEST_PATH", "/old/a:/old/b", 1), 0);
  ASSERT_EQ(setenv("HL_TEST_OTHER", "kept", 1), 0);
  std::vector<std::string> Env =
      environmentWithPathFirst("HL_TEST_PATH", "/new");
  EXPECT_EQ(entriesNamed(Env, "HL_TEST_PATH"),
            std::vector<std::string>{"HL_TEST_PATH=/new:/old/a:/old/b"});
  EXPECT_EQ(entriesNamed(Env, "HL_TEST_OTHER"),
            std::vector<std::string>{"HL_TEST_OTHER=kept"});
  EXPECT_EQ(Env.size(), currentEnvironment({}).size());
  // A variable whose name only starts with Name is another variable.
  ASSERT_EQ(setenv("HL_TEST_PATH_LONGER", "x", 1), 0);
  Env = environmentWithPathFirst("HL_TEST_PATH", "/new");
  EXPECT_EQ(entriesNamed(Env, "HL_TEST_PATH_LONGER"),
            std::vector<std::string>{"HL_TEST_PATH_LONGER=x"});

  ASSERT_EQ(setenv("HL_TEST_PATH", "", 1), 0);
  EXPECT_EQ(entriesNamed(environmentWithPathFirst("HL_TEST_PATH", "/new"),
                         "HL_TEST_PATH"),
            std::vector<std::string>{"HL_TEST_PATH=/new"});
  ASSERT_EQ(unsetenv("HL_TEST_PATH"), 0);
  Env = environmentWithPathFirst("HL_TEST_PATH", "/new");
  EXPECT_EQ(entriesNamed(Env, "HL_TEST_PATH"),
            std::vector<std::string>{"HL_TEST_PATH=/new"});
  EXPECT_EQ(Env.size(), currentEnvironment({}).size() + 1);
  unsetenv("HL_TEST_OTHER");
  unsetenv("HL_TEST_PATH_LONGER");
}
