#!/usr/bin/env python3
"""flushes.py: the static half of the RandomX AArch64 flush bench (bench/randomx-a64/run.sh).

  flushes.py calls BINARY [...]
      Disassembles BINARY (llvm-objdump -d --no-show-raw-insn --demangle) and prints,
      per binary, how many calls go to each cache-flush routine and to flushelim's
      check/profile runtime, then one line per calling function. A call is
      bl/b/b.cond (AArch64) or call/jmp (x86) whose target address is the routine
      or its PLT stub; targets are resolved by address through the symbol table
      (llvm-nm), since objdump names an address by only one of its symbols (a
      runtime function right after RandomX's assembly shows up as that file's
      end label). On x86 the clflush/clflushopt/clwb instructions count too.
      First line: `BINARY: flush calls N (SYM n, ...); runtime calls M (...)`.
      Tools come from $LLVM_BIN if set, else PATH, else /usr/lib/llvm-22/bin.

  flushes.py sites BINARY [...]
      Prints the flush-site strings flushelim's check and profile modes embed in
      a binary ("FILE:LINE:COL (FUNCTION)", or "FUNCTION:<no debug location>"),
      sorted and unique: every flush site the pass instrumented, as it names them.

  flushes.py remarks REMARKS.yaml [...]
      Reads the YAML optimization-remarks file(s) ld.lld writes with
      --opt-remarks-filename (pass flushelim) and prints one line per remark:
      `Passed|Missed|Analysis NAME FILE:LINE:COL in FUNCTION: MESSAGE`, where the
      message is the remark's Args joined as the compiler would print them
      (FlushRemoved names the witness, FlushKept the reason and the blocker).
      Ends with `remarks: P passed (removed), M missed (kept), A analysis`.
      Function names are demangled with llvm-cxxfilt when it is found
      (env CXXFILT, or next to $LLVM_BIN, or on PATH).

No third-party module: the remark YAML is the fixed layout LLVM's remark
serializer writes, parsed line by line.
"""
import os
import re
import shutil
import subprocess
import sys

# What flushelim's flush table treats as a flush (plus the runtime it calls).
FLUSH_SYMBOLS = ("__clear_cache", "sys_icache_invalidate")
FLUSH_INSNS = ("clflush", "clflushopt", "clwb")
RUNTIME_SYMBOLS = ("__hotlayout_flush_check", "__hotlayout_flush_record",
                   "__hotlayout_flush_profile")

FUNC_RE = re.compile(r"^([0-9a-f]+) <(.+)>:$")
CALL_RE = re.compile(r"^\s*[0-9a-f]+:\s+(?:bl|b|b\.\w+|call|callq|jmp|jmpq)\s+(?:0x)?([0-9a-f]+)\b")
INSN_RE = re.compile(r"^\s*[0-9a-f]+:\s+(clflush|clflushopt|clwb)\b")


def tool(name):
    """NAME from $LLVM_BIN if set, else from PATH, else from LLVM 22's folder."""
    if os.environ.get("LLVM_BIN"):
        return os.path.join(os.environ["LLVM_BIN"], name)
    return shutil.which(name) or os.path.join("/usr/lib/llvm-22/bin", name)


def symbol_addresses(nm_lines, dis_lines):
    """{address: symbol} for the routines we count: from `llvm-nm` lines
    (ADDR TYPE NAME) and from the disassembly's PLT stub headers."""
    wanted = set(FLUSH_SYMBOLS + RUNTIME_SYMBOLS)
    addrs = {}
    for line in nm_lines:
        parts = line.split()
        if len(parts) == 3 and parts[2] in wanted and parts[1] in "TtWw":
            addrs[int(parts[0], 16)] = parts[2]
    for line in dis_lines:
        m = FUNC_RE.match(line)
        if m and m.group(2).endswith("@plt") and m.group(2)[:-4] in wanted:
            addrs[int(m.group(1), 16)] = m.group(2)[:-4]
    return addrs


def count_calls(dis_lines, addrs):
    """Returns ({symbol: n}, {function: {symbol: n}}) for flush and runtime calls."""
    totals = {s: 0 for s in FLUSH_SYMBOLS + FLUSH_INSNS + RUNTIME_SYMBOLS}
    per_func = {}
    func = "?"
    for line in dis_lines:
        m = FUNC_RE.match(line)
        if m:
            func = m.group(2)
            continue
        sym = None
        m = CALL_RE.match(line)
        if m:
            sym = addrs.get(int(m.group(1), 16))
        else:
            m = INSN_RE.match(line)
            if m:
                sym = m.group(1)
        # The PLT stubs themselves are not callers.
        if sym is None or func.endswith("@plt") or func == ".plt":
            continue
        totals[sym] += 1
        per_func.setdefault(func, {}).setdefault(sym, 0)
        per_func[func][sym] += 1
    return totals, per_func


def fmt_counts(counts, names):
    parts = [f"{s} {counts[s]}" for s in names if counts.get(s)]
    return f"{sum(counts.get(s, 0) for s in names)}" + (f" ({', '.join(parts)})" if parts else "")


def cmd_calls(paths):
    for path in paths:
        dis = subprocess.run([tool("llvm-objdump"), "-d", "--no-show-raw-insn", "--demangle", path],
                             capture_output=True, text=True, check=True).stdout.splitlines()
        nm = subprocess.run([tool("llvm-nm"), "--defined-only", path],
                            capture_output=True, text=True, check=True).stdout.splitlines()
        totals, per_func = count_calls(dis, symbol_addresses(nm, dis))
        print(f"{path}: flush calls {fmt_counts(totals, FLUSH_SYMBOLS + FLUSH_INSNS)}; "
              f"runtime calls {fmt_counts(totals, RUNTIME_SYMBOLS)}")
        for func in sorted(per_func):
            print(f"  {func}: " + ", ".join(f"{s} {n}" for s, n in sorted(per_func[func].items())))
        sys.stdout.flush()
    return 0


SITE_RE = re.compile(rb"([\x21-\x7e][\x20-\x7e]*?:\d+:\d+ \([\x20-\x7e]+?\)"
                     rb"|[\x21-\x7e]+:<no debug location>)\x00")


def cmd_sites(paths):
    for path in paths:
        with open(path, "rb") as f:
            data = f.read()
        sites = sorted({m.group(1).decode() for m in SITE_RE.finditer(data)})
        print(f"{path}: {len(sites)} instrumented flush site(s)")
        for site in sites:
            print(f"  {site}")
    return 0


# ---- remarks ---------------------------------------------------------------

LOC_RE = re.compile(r"\{\s*File:\s*(.*?),\s*Line:\s*(\d+),\s*Column:\s*(\d+)\s*\}")


def unquote(v):
    v = v.strip()
    if len(v) >= 2 and v[0] == v[-1] == "'":
        return v[1:-1].replace("''", "'")
    if len(v) >= 2 and v[0] == v[-1] == '"':
        return v[1:-1].encode().decode("unicode_escape")
    return v


def parse_remarks(text):
    """Yields dicts: kind, pass, name, loc, function, args [(key, value)]."""
    cur = None
    in_args = False
    for line in text.splitlines():
        if line.startswith("--- !"):
            if cur:
                yield cur
            cur = {"kind": line[5:].strip(), "pass": "", "name": "", "loc": "",
                   "function": "", "args": []}
            in_args = False
            continue
        if cur is None or line.strip() in ("", "..."):
            continue
        if not line.startswith(" "):
            key, _, val = line.partition(":")
            in_args = key == "Args"
            if key == "Pass":
                cur["pass"] = unquote(val)
            elif key == "Name":
                cur["name"] = unquote(val)
            elif key == "Function":
                cur["function"] = unquote(val)
            elif key == "DebugLoc":
                m = LOC_RE.search(val)
                if m:
                    cur["loc"] = f"{unquote(m.group(1))}:{m.group(2)}:{m.group(3)}"
            continue
        if in_args:
            s = line.strip()
            if s.startswith("- "):
                key, _, val = s[2:].partition(":")
                cur["args"].append((key.strip(), unquote(val)))
            # An argument's own "DebugLoc:" line adds nothing to the message.
    if cur:
        yield cur


def find_cxxfilt():
    cands = [os.environ.get("CXXFILT", "")]
    if os.environ.get("LLVM_BIN"):
        cands.append(os.path.join(os.environ["LLVM_BIN"], "llvm-cxxfilt"))
    cands += [shutil.which("llvm-cxxfilt") or "", shutil.which("c++filt") or ""]
    return next((c for c in cands if c and os.access(c, os.X_OK)), None)


def demangle(names):
    tool = find_cxxfilt()
    names = list(names)
    if not tool or not names:
        return {n: n for n in names}
    out = subprocess.run([tool], input="\n".join(names) + "\n", capture_output=True,
                         text=True).stdout.splitlines()
    return dict(zip(names, out)) if len(out) == len(names) else {n: n for n in names}


def cmd_remarks(paths):
    remarks = []
    for path in paths:
        with open(path) as f:
            remarks += [r for r in parse_remarks(f.read()) if r["pass"] == "flushelim"]
    names = demangle({r["function"] for r in remarks})
    counts = {"Passed": 0, "Missed": 0, "Analysis": 0}
    for r in remarks:
        counts[r["kind"]] = counts.get(r["kind"], 0) + 1
        msg = "".join(v for _, v in r["args"])
        print(f"{r['kind']} {r['name']} {r['loc'] or '<no location>'} "
              f"in {names.get(r['function'], r['function'])}: {msg}")
    print(f"remarks: {counts['Passed']} passed (removed), {counts['Missed']} missed (kept), "
          f"{counts['Analysis']} analysis")
    return 0


def main(argv):
    cmds = {"calls": cmd_calls, "sites": cmd_sites, "remarks": cmd_remarks}
    if len(argv) < 3 or argv[1] not in cmds:
        sys.stderr.write(__doc__)
        return 2
    return cmds[argv[1]](argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
