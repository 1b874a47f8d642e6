/* Included (-include) into every Lua TU of bench/aligned-lock: repeatable counts.
 * Lua seeds its string hashes from time(NULL) and three addresses (luai_makeseed in
 * lstate.c: the address of lua_newstate differs from layout to layout) and its sort
 * pivots from clock() and time() (l_randomizePivot in ltablib.c); both are hooks
 * luaconf-style defines replace. With fixed values every run of every layout runs
 * the same iterations, so callgrind's counts compare across binaries. */
#define luai_makeseed(L) 0x5eedu
#define l_randomizePivot() (~0u)
