/* The host of the bench/aligned-lock library smoke test: calls tiny_main, which
 * the preloaded library defines (tiny.c built as a shared library with
 * -Dmain=tiny_main), then prints its own process ID, which differs from run to
 * run: the program's NAME_output hook must drop that line before outputs are
 * compared. */
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int (*tiny_main)(int, char **) =
      (int (*)(int, char **))dlsym(RTLD_DEFAULT, "tiny_main");
  if (!tiny_main) {
    fprintf(stderr, "tinyhost: no tiny_main: run with the library preloaded\n");
    return 1;
  }
  int rc = tiny_main(argc, argv);
  printf("pid %d\n", (int)getpid());
  return rc;
}
