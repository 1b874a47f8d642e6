//===- Process.cpp - Running child processes ------------------------------===//
//
// runTimed() uses posix_spawn rather than fork: glibc spawns with vfork
// semantics, so the cost of starting a run does not grow with hotlayout's
// own memory. The parent does nothing but wait4 while the child runs.
//
//===----------------------------------------------------------------------===//

#include "hotlayout/Tool/Support/Process.h"

#include "hotlayout/Tool/Support/Error.h"
#include "hotlayout/Tool/Support/TempFiles.h"

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

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace hotlayout {

std::string ProcessResult::why() const {
  if (ExecFailed || Status < 0)
    return ErrMsg;
  return "exit status " + std::to_string(Status);
}

/// The child runProcess() or runLimited() waits for, or 0: what the signal
/// handler stops.
static std::atomic<pid_t> RunningChild{0};
/// RunningChild leads a process group of its own (runLimited): signals go
/// to the whole group. Set before RunningChild, cleared after it.
static std::atomic<bool> RunningGroup{false};

ProcessResult runProcess(StringRef Program, ArrayRef<StringRef> Argv,
                         ArrayRef<std::optional<StringRef>> Redirects,
                         std::optional<ArrayRef<StringRef>> Env) {
  ProcessResult R;
  sys::ProcessInfo PI =
      sys::ExecuteNoWait(Program, Argv, Env, Redirects,
                         /*MemoryLimit=*/0, &R.ErrMsg, &R.ExecFailed);
  if (R.ExecFailed || !PI.Pid) {
    R.ExecFailed = true;
    return R;
  }
  RunningChild.store(PI.Pid);
  sys::ProcessInfo Done =
      sys::Wait(PI, /*SecondsToWait=*/std::nullopt, &R.ErrMsg);
  RunningChild.store(0);
  R.Status = Done.ReturnCode;
  return R;
}

//===-- Interrupts --------------------------------------------------------===//
// Everything below runs in a signal handler: no allocation, no stdio, no
// locks; only system calls (kill, waitpid, nanosleep, openat, getdents64,
// unlinkat, write, _exit), no readdir (it allocates).

static char InterruptMessage[128];

namespace {
/// Which of the three signals were ignored when the process started,
/// taken before main (and so before InitLLVM installs LLVM's handlers).
struct StartDispositions {
  bool Ignored[3] = {};
  StartDispositions() {
    int Sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (int I = 0; I < 3; ++I) {
      struct sigaction Old;
      Ignored[I] =
          sigaction(Sigs[I], nullptr, &Old) == 0 && Old.sa_handler == SIG_IGN;
    }
  }
};
} // namespace

static const StartDispositions AtStart;

/// Removes \p Path and, when it is a directory, everything under it. The
/// tool's temporary directories are flat or one level deep (a BOLT run's
/// own files); \p Depth bounds the recursion anyway.
static void removeTree(int DirFD, const char *Name, int Depth) {
  if (unlinkat(DirFD, Name, 0) == 0 || errno == ENOENT)
    return;
  if (Depth == 0)
    return;
  int FD = openat(DirFD, Name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  if (FD < 0)
    return;
  alignas(8) char Buf[4096];
  for (;;) {
    long N = getdents64(FD, Buf, sizeof(Buf));
    if (N <= 0)
      break;
    for (long At = 0; At < N;) {
      auto *D = reinterpret_cast<struct dirent64 *>(Buf + At);
      At += D->d_reclen;
      if (std::strcmp(D->d_name, ".") && std::strcmp(D->d_name, ".."))
        removeTree(FD, D->d_name, Depth - 1);
    }
  }
  close(FD);
  unlinkat(DirFD, Name, AT_REMOVEDIR);
}

/// Sends \p Sig to the running child (its group, for runLimited's), waits
/// up to 2 s for it to end, then kills it: a program may catch SIGINT and
/// carry on. What is left of a group is killed too: a tool's children have
/// no use once it is gone, and one may ignore SIGINT (a shell's background
/// job does).
static void stopChild(int Sig) {
  pid_t Child = RunningChild.load();
  if (Child <= 0)
    return;
  bool Group = RunningGroup.load();
  kill(Group ? -Child : Child, Sig);
  bool Ended = false;
  for (int I = 0; I < 200 && !Ended; ++I) {
    // Ended, or already reaped by the interrupted wait.
    Ended = waitpid(Child, nullptr, WNOHANG) != 0;
    struct timespec Tick = {0, 10 * 1000 * 1000};
    if (!Ended)
      nanosleep(&Tick, nullptr);
  }
  if (Group)
    kill(-Child, SIGKILL);
  else if (!Ended)
    kill(Child, SIGKILL);
  if (!Ended)
    waitpid(Child, nullptr, 0);
}

static void onInterrupt(int Sig) {
  stopChild(Sig);
  forEachLiveTempPath([](const char *Path, TempKind Kind) {
    removeTree(AT_FDCWD, Path, Kind == TempKind::Directory ? 4 : 0);
  });
  ssize_t Ignored = write(2, InterruptMessage, std::strlen(InterruptMessage));
  (void)Ignored;
  _exit(128 + Sig);
}

void installInterruptHandlers(StringRef Command) {
  std::string Message = ("hotlayout " + Command + ": interrupted\n").str();
  std::strncpy(InterruptMessage, Message.c_str(), sizeof(InterruptMessage) - 1);
  struct sigaction Action;
  std::memset(&Action, 0, sizeof(Action));
  Action.sa_handler = onInterrupt;
  // The other two wait while one runs: a second Ctrl-C must not cut the
  // removal short.
  sigemptyset(&Action.sa_mask);
  for (int Sig : {SIGINT, SIGTERM, SIGHUP})
    sigaddset(&Action.sa_mask, Sig);
  int Sigs[] = {SIGINT, SIGTERM, SIGHUP};
  for (int I = 0; I < 3; ++I)
    // A signal ignored when we started (nohup, a background job of a
    // script) stays ignored, as LLVM's handlers and a shell's commands do.
    if (!AtStart.Ignored[I])
      sigaction(Sigs[I], &Action, nullptr);
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
  // A tool may echo bytes of a damaged input: escaped, like every quote.
  for (StringRef Q : ArrayRef(Quoted).take_front(5))
    S += "\n  " + printable(Q, 400);
  return S;
}

Error runLogged(ArrayRef<std::string> Args, StringRef LogPath,
                const Twine &What, unsigned TimeoutSeconds) {
  ProcessResult R = runLimited(Args, LogPath, TimeoutSeconds);
  if (R.ExecFailed)
    return makeError(What + " failed: cannot run '" + Args[0] +
                     "': " + R.ErrMsg);
  if (R.succeeded())
    return Error::success();
  if (R.TimedOut)
    return makeError(What + " did not finish within " + Twine(TimeoutSeconds) +
                     " s and was stopped; if it needs longer, raise the "
                     "limit with --bolt-timeout=SECONDS (0: no limit)" +
                     quoteLog(LogPath));
  // The log is in a temporary directory the caller removes: what matters
  // of it is quoted here.
  return makeError(What + " failed (" + R.why() + "):" + quoteLog(LogPath));
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

namespace {
/// How waiting for a runLimited() child ended.
enum class WaitEnd { Ended, TimedOut, Interrupted };
} // namespace

static double monotonicNow() {
  timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return seconds(Now);
}

/// Whether \p Pid has ended, without reaping it.
static bool hasEnded(pid_t Pid) {
  siginfo_t Info;
  Info.si_pid = 0;
  return waitid(P_PID, Pid, &Info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         Info.si_pid == Pid;
}

/// Waits until \p Pid ends (left unreaped), \p TimeoutSeconds pass (0:
/// never) or an InterruptGuard's signal arrives. poll() on a pidfd sees
/// the end at once and needs no signal handler (LLVM's sys::Wait uses
/// alarm() and SIGALRM); without pidfds (Linux before 5.3), every 10 ms.
static WaitEnd awaitChild(pid_t Pid, unsigned TimeoutSeconds) {
  double Deadline = monotonicNow() + TimeoutSeconds;
  int FD = static_cast<int>(syscall(SYS_pidfd_open, Pid, 0));
  WaitEnd End = WaitEnd::Ended;
  for (;;) {
    if (InterruptGuard::interrupted()) {
      End = WaitEnd::Interrupted;
      break;
    }
    int Wait = -1;
    if (TimeoutSeconds) {
      double Left = Deadline - monotonicNow();
      if (Left <= 0) {
        End = WaitEnd::TimedOut;
        break;
      }
      Wait = static_cast<int>(std::min(Left * 1000 + 1, 1e9));
    }
    if (FD < 0) {
      if (hasEnded(Pid))
        break;
      poll(nullptr, 0, Wait < 0 ? 10 : std::min(Wait, 10));
      continue;
    }
    struct pollfd P = {FD, POLLIN, 0};
    if (poll(&P, 1, Wait) > 0)
      break;
    // 0: the time passed (checked above); EINTR: a signal, checked above.
  }
  if (FD >= 0)
    close(FD);
  return End;
}

/// A wait status as ProcessResult holds it.
static void setStatus(ProcessResult &R, int Status) {
  if (WIFEXITED(Status)) {
    R.Status = WEXITSTATUS(Status);
    return;
  }
  R.Status = -2;
  int Sig = WIFSIGNALED(Status) ? WTERMSIG(Status) : 0;
  R.ErrMsg =
      "killed by signal " + std::to_string(Sig) + " (" + strsignal(Sig) + ")";
}

ProcessResult runLimited(ArrayRef<std::string> Args, StringRef OutputPath,
                         unsigned TimeoutSeconds) {
  ProcessResult R;
  std::string Out = OutputPath.str();
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, 1, Out.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&Actions, 1, 2);
  // The three signals wait until RunningChild names the child, so an
  // interrupt cannot leave it running in its own group, unseen; the child
  // starts with the mask we had.
  sigset_t Held, Old;
  sigemptyset(&Held);
  for (int Sig : GuardedSignals)
    sigaddset(&Held, Sig);
  sigprocmask(SIG_BLOCK, &Held, &Old);
  posix_spawnattr_t Attr;
  posix_spawnattr_init(&Attr);
  posix_spawnattr_setflags(&Attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&Attr, 0);
  posix_spawnattr_setsigmask(&Attr, &Old);
  std::vector<std::string> ArgStrings(Args.begin(), Args.end());
  std::vector<char *> Argv = pointers(ArgStrings);
  pid_t Pid = 0;
  int Err =
      posix_spawn(&Pid, Args[0].c_str(), &Actions, &Attr, Argv.data(), environ);
  posix_spawnattr_destroy(&Attr);
  posix_spawn_file_actions_destroy(&Actions);
  if (!Err) {
    RunningGroup.store(true);
    RunningChild.store(Pid);
  }
  sigprocmask(SIG_SETMASK, &Old, nullptr);
  if (Err) {
    R.ExecFailed = true;
    R.ErrMsg = std::strerror(Err);
    return R;
  }
  WaitEnd End = awaitChild(Pid, TimeoutSeconds);
  if (End != WaitEnd::Ended)
    kill(-Pid, SIGKILL);
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR)
    ;
  RunningChild.store(0);
  RunningGroup.store(false);
  setStatus(R, Status);
  // It may have ended by itself just as the time ran out.
  R.TimedOut = End == WaitEnd::TimedOut && !WIFEXITED(Status);
  if (R.TimedOut)
    R.ErrMsg = "stopped after " + std::to_string(TimeoutSeconds) +
               " s, its time limit";
  return R;
}

std::vector<std::string> currentEnvironment(ArrayRef<std::string> Extra) {
  std::vector<std::string> Env;
  for (char **E = environ; *E; ++E)
    Env.push_back(*E);
  Env.insert(Env.end(), Extra.begin(), Extra.end());
  return Env;
}

std::vector<std::string> environmentWithPathFirst(StringRef Name,
                                                  StringRef Value) {
  std::vector<std::string> Env;
  bool Replaced = false;
  for (char **E = environ; *E; ++E) {
    StringRef Entry(*E);
    // Every entry named Name is replaced: with two, the loader takes the
    // last and getenv() the first.
    if (Entry.consume_front(Name) && Entry.consume_front("=")) {
      Env.push_back(
          (Name + "=" + Value + (Entry.empty() ? "" : ":") + Entry).str());
      Replaced = true;
      continue;
    }
    Env.push_back(*E);
  }
  if (!Replaced)
    Env.push_back((Name + "=" + Value).str());
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
