# i1-misses.sh - sourced (bash): i1_misses BIN, the simulated I1 misses (cachegrind: 8 KiB,
# 8-way, 64-byte lines) of BIN running each line of ./workload.txt as its arguments, summed, run
# as workload.sh runs a program (no address randomization, no environment but PATH): the count
# of layout-draws.sh and of the scripts beside some results that place layouts of their own.
i1_misses() {
  local t=0 n args
  while read -r args; do
    n=$(env -i PATH="$PATH" setarch -R valgrind --tool=cachegrind --cache-sim=yes \
          --I1=8192,8,64 --cachegrind-out-file=/dev/null "$1" $args 2>&1 >/dev/null </dev/null |
        awk '/I1  misses/ {gsub(",", "", $4); print $4}')
    t=$((t + n))
  done < workload.txt
  echo $t
}
