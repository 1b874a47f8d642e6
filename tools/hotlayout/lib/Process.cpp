//===- Process.cpp - Running child processes ------------------------------===//
//
// runTimed() uses posix_spawn rather than fork: glibc spawns with vfork
// semantics, so the cost of starting a run does not grow with hotlayout's
// own memory. The parent does nothing but wait4 while the child runs.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Process.h"

#include "hotlayout/Tool/Error.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/xxhash.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char **environ;

using namespace llvm;

namespace hotlayout {

std::string ProcessResult::why() const {
  if (ExecFailed || Status < 0)
    return ErrMsg;
  return "exit status " + std::to_string(Status);
}

ProcessResult runProcess(StringRef Program, ArrayRef<StringRef> Argv,
                         ArrayRef<std::optional<StringRef>> Redirects) {
  ProcessResult R;
  R.Status = sys::ExecuteAndWait(Program, Argv, /*Env=*/std::nullopt, Redirects,
                                 /*SecondsToWait=*/0,
                                 /*MemoryLimit=*/0, &R.ErrMsg, &R.ExecFailed);
  return R;
}

/// The lines of \p LogPath worth quoting: error lines, else the last few.
static std::string quoteLog(StringRef LogPath) {
  auto Buffer = MemoryBuffer::getFile(LogPath, /*IsText=*/true);
  if (!Buffer)
    return "";
  SmallVector<StringRef, 64> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  SmallVector<StringRef, 8> Quoted;
  for (StringRef L : Lines)
    if (L.contains("ERROR") || L.contains("error:"))
      Quoted.push_back(L.trim());
  if (Quoted.empty())
    for (StringRef L : ArrayRef(Lines).take_back(3))
      Quoted.push_back(L.trim());
  std::string S;
  for (StringRef Q : ArrayRef(Quoted).take_front(5))
    S += "\n  " + Q.str();
  return S;
}

Error runLogged(ArrayRef<std::string> Args, StringRef LogPath,
                const Twine &What) {
  SmallVector<StringRef, 16> Argv(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), LogPath, LogPath};
  ProcessResult R = runProcess(Args[0], Argv, Redirects);
  if (R.ExecFailed)
    return makeError(What + " failed: cannot run '" + Args[0] +
                     "': " + R.ErrMsg);
  if (R.succeeded())
    return Error::success();
  return makeError(What + " failed (" + R.why() + "):" + quoteLog(LogPath) +
                   "\n(full output in '" + LogPath + "')");
}

std::string shellQuote(StringRef S) {
  std::string Quoted = "'";
  for (char C : S)
    Quoted += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Quoted + "'";
}

std::string commandWithPath(StringRef Command, StringRef Path) {
  std::string Quoted = shellQuote(Path);
  std::string Cmd = Command.str();
  size_t Pos = Cmd.find("{}");
  if (Pos == std::string::npos)
    return Cmd + " " + Quoted;
  for (; Pos != std::string::npos; Pos = Cmd.find("{}", Pos + Quoted.size()))
    Cmd.replace(Pos, 2, Quoted);
  return Cmd;
}

static volatile sig_atomic_t CaughtSignal = 0;
static const int GuardedSignals[] = {SIGINT, SIGTERM, SIGHUP};

static void onSignal(int Sig) { CaughtSignal = Sig; }

InterruptGuard::InterruptGuard() {
  CaughtSignal = 0;
  struct sigaction SA;
  std::memset(&SA, 0, sizeof(SA));
  SA.sa_handler = onSignal;
  sigemptyset(&SA.sa_mask);
  // No SA_RESTART: wait4 returns EINTR, so the run in progress is stopped
  // at once.
  SA.sa_flags = 0;
  for (int I = 0; I < 3; ++I)
    sigaction(GuardedSignals[I], &SA, &Old[I]);
}

InterruptGuard::~InterruptGuard() {
  for (int I = 0; I < 3; ++I)
    sigaction(GuardedSignals[I], &Old[I], nullptr);
}

int InterruptGuard::signal() { return CaughtSignal; }

static double seconds(const timespec &T) {
  return double(T.tv_sec) + double(T.tv_nsec) * 1e-9;
}

static double seconds(const timeval &T) {
  return double(T.tv_sec) + double(T.tv_usec) * 1e-6;
}

static std::vector<char *> pointers(const std::vector<std::string> &V) {
  std::vector<char *> P;
  for (const std::string &S : V)
    P.push_back(const_cast<char *>(S.c_str()));
  P.push_back(nullptr);
  return P;
}

Expected<TimedResult> runTimed(const TimedSpec &Spec) {
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, 1, Spec.StdoutPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&Actions, 2, Spec.StderrPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char *> Argv = pointers(Spec.Argv), Env = pointers(Spec.Env);
  TimedResult R;
  pid_t Pid;
  timespec Start, End;
  clock_gettime(CLOCK_MONOTONIC, &Start);
  int Err = posix_spawn(&Pid, Spec.Program.c_str(), &Actions, nullptr,
                        Argv.data(), Env.data());
  posix_spawn_file_actions_destroy(&Actions);
  if (Err)
    return makeError("cannot run '" + Spec.Program +
                     "': " + std::strerror(Err));
  int Status = 0;
  rusage Usage;
  bool Killed = false;
  while (wait4(Pid, &Status, 0, &Usage) < 0) {
    if (errno != EINTR)
      return makeError("waiting for '" + Spec.Program +
                       "' failed: " + std::strerror(errno));
    if (InterruptGuard::interrupted() && !Killed) {
      kill(Pid, SIGKILL);
      Killed = true;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &End);
  R.Interrupted = Killed || InterruptGuard::interrupted();
  R.WallSeconds = seconds(End) - seconds(Start);
  R.CPUSeconds = seconds(Usage.ru_utime) + seconds(Usage.ru_stime);
  R.Signaled = WIFSIGNALED(Status);
  R.ExitCode = R.Signaled ? 128 + WTERMSIG(Status) : WEXITSTATUS(Status);
  return R;
}

std::vector<std::string> currentEnvironment(ArrayRef<std::string> Extra) {
  std::vector<std::string> Env;
  for (char **E = environ; *E; ++E)
    Env.push_back(*E);
  Env.insert(Env.end(), Extra.begin(), Extra.end());
  return Env;
}

uint64_t hashFile(StringRef Path) {
  auto Buffer = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
  if (!Buffer || (*Buffer)->getBufferSize() == 0)
    return 0;
  return xxh3_64bits((*Buffer)->getBuffer());
}

} // namespace hotlayout
