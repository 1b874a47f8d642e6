#!/usr/bin/env python3
"""flush_stress.py - llvm-stress modules with cache flushes, through flushelim.

Two subcommands:

  mutate --seed N < stress.ll > mutated.ll
      Inserts calls to flush primitives (llvm.clear_cache, __clear_cache, the
      x86 clflush / clflushopt / clwb intrinsics, with an sfence now and then)
      at random points of an llvm-stress module, on
      pointer values available there: function arguments, values of the entry
      block (it dominates every block) and values defined earlier in the same
      block. Some flushes are repeated on purpose, right away, later in the
      block, or over a sub-range, so flushelim has work. The same seed and
      input give the same output.

  run --opt OPT --plugin SO [--seeds A-B] [--size M] [--work DIR] [--passes P]
      For each seed: llvm-stress -seed=N -size=M | mutate | then, with P the
      pipeline under test (default flushelim):
        1. opt -passes=verify -S         (the mutation itself is valid IR)
        2. opt -passes=P -verify-each            -> once.ll
        3. opt -passes='P,P' -verify-each        -> twice.ll
        4. once.ll == twice.ll   (a second run removes nothing: idempotent)
        5. flushes(once.ll) <= flushes(mutated), and once.ll is the input
           minus some flush calls: nothing else changed
        6. no flush was removed from a function that keeps no flush of a
           covering kind (an oracle restating the table's cover rules)
        7. opt -passes='print<flushelim>' does not crash
      Prints one line per failing seed with a command that reproduces it and a
      closing "flush-stress: S seeds, F failed, R of T flushes removed" line;
      exits 1 when any seed failed. llvm-stress is taken from opt's directory.
      --passes exists so a test can show that these checks fail for a
      pipeline that changes more than flush calls.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

DECLS = {
    "clear_cache": "declare void @llvm.clear_cache(ptr, ptr)",
    "libgcc": "declare void @__clear_cache(ptr, ptr)",
    "clflush": "declare void @llvm.x86.sse2.clflush(ptr)",
    "clflushopt": "declare void @llvm.x86.clflushopt(ptr)",
    "clwb": "declare void @llvm.x86.clwb(ptr)",
    "sfence": "declare void @llvm.x86.sse.sfence()",
}
# One-pointer (one cache line) primitives: kind -> callee.
LINE_FLUSHES = {"clflush": "llvm.x86.sse2.clflush", "clflushopt": "llvm.x86.clflushopt",
                "clwb": "llvm.x86.clwb"}
FLUSH_CALL = re.compile(
    r"\bcall void @(llvm\.clear_cache|__clear_cache|llvm\.x86\.sse2\.clflush"
    r"|llvm\.x86\.clflushopt|llvm\.x86\.clwb)\(")

DEFINE = re.compile(r"^define\b.*?@[\w.$]+\((.*)\)")
LABEL = re.compile(r"^([\w.$-]+):")
VALUE = re.compile(r"^\s+(%[\w.$-]+) = (.*)$")
TERMINATORS = ("br ", "ret", "switch ", "unreachable", "resume ", "indirectbr ",
               "invoke ", "callbr ", "cleanupret ", "catchret ", "catchswitch ")


def defines_pointer(rhs):
    """True when an instruction with right-hand side rhs yields a scalar ptr."""
    if rhs.startswith(("alloca ", "load ptr,", "phi ptr ", "freeze ptr ")):
        return True
    if rhs.startswith("select i1 "):
        return ", ptr " in rhs
    if rhs.startswith(("bitcast ", "inttoptr ", "addrspacecast ")):
        return rhs.endswith(" to ptr")
    if rhs.startswith("getelementptr "):
        # Scalar GEPs only: no vector type before the base, no vector of ptrs.
        return "<" not in rhs.split(",")[0] and " ptr " in rhs and "x ptr>" not in rhs
    return False


def pointer_args(params):
    return re.findall(r"\bptr(?: [\w()]+)* (%[\w.$-]+)", params)


class Mutator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.counter = 0
        self.used = set()

    def fresh(self):
        self.counter += 1
        return "%%hl.fs%d" % self.counter

    def flush(self, ptrs, indent):
        """Lines for one random flush over values in ptrs; returns (lines, key)."""
        rng = self.rng
        kind = rng.choice(["clear_cache", "clear_cache", "libgcc", "clflush",
                           "clflush", "clflushopt", "clwb"])
        self.used.add(kind)
        begin = rng.choice(ptrs)
        if kind in LINE_FLUSHES:
            return self.again((kind, begin, None), indent), (kind, begin, None)
        lines = []
        if rng.random() < 0.75 or len(ptrs) == 1:
            length = rng.choice([1, 8, 16, 64, 100, 4096])
            end = self.fresh()
            lines.append("%s%s = getelementptr i8, ptr %s, i64 %d" % (indent, end, begin, length))
            key = (kind, begin, length)
        else:
            end = rng.choice(ptrs)
            key = (kind, begin, end)
        callee = "llvm.clear_cache" if kind == "clear_cache" else "__clear_cache"
        lines.append("%scall void @%s(ptr %s, ptr %s)" % (indent, callee, begin, end))
        return lines, key

    def again(self, key, indent):
        """A repeat of flush key: the same range, or (sometimes) a sub-range."""
        kind, begin, extent = key
        if kind in LINE_FLUSHES:
            # A line flush is repeated as itself or as another line primitive
            # (clflushopt after clflush, clwb after clflushopt, ...), now and
            # then after an sfence, so the table's cover rules all get used.
            if self.rng.random() < 0.3:
                kind = self.rng.choice(sorted(LINE_FLUSHES))
            self.used.add(kind)
            lines = []
            if self.rng.random() < 0.2:
                self.used.add("sfence")
                lines.append("%scall void @llvm.x86.sse.sfence()" % indent)
            lines.append("%scall void @%s(ptr %s)" % (indent, LINE_FLUSHES[kind], begin))
            return lines
        self.used.add(kind)
        callee = "llvm.clear_cache" if kind == "clear_cache" else "__clear_cache"
        if isinstance(extent, int):
            length = extent if self.rng.random() < 0.6 else self.rng.randint(1, extent)
            end = self.fresh()
            return ["%s%s = getelementptr i8, ptr %s, i64 %d" % (indent, end, begin, length),
                    "%scall void @%s(ptr %s, ptr %s)" % (indent, callee, begin, end)]
        return ["%scall void @%s(ptr %s, ptr %s)" % (indent, callee, begin, extent)]

    def mutate(self, text, rate=0.15):
        out = []
        fn_ptrs, entry_ptrs, block_ptrs = [], [], []
        in_function = in_entry = in_phis = False
        blocks = 0
        pending = []      # repeats waiting for a later point in this block
        bracket_depth = 0  # inside a multi-line switch table
        for line in text.splitlines():
            m = DEFINE.match(line)
            if m:
                in_function, in_phis, blocks = True, True, 0
                in_entry = True
                fn_ptrs = pointer_args(m.group(1))
                entry_ptrs, block_ptrs, pending = [], [], []
                out.append(line)
                continue
            if not in_function:
                out.append(line)
                continue
            if line.startswith("}"):
                in_function = False
                out.append(line)
                continue
            if LABEL.match(line):
                blocks += 1
                # Only a label before any instruction can start the entry block.
                in_entry = in_entry and blocks == 1
                block_ptrs, pending, in_phis = [], [], True
                out.append(line)
                continue
            stripped = line.strip()
            if not stripped or stripped.startswith(";") or bracket_depth:
                bracket_depth += line.count("[") - line.count("]")
                out.append(line)
                continue
            vm = VALUE.match(line)
            rhs = vm.group(2) if vm else stripped
            if in_phis and rhs.startswith(("phi ", "landingpad ")):
                out.append(line)
                if defines_pointer(rhs):
                    block_ptrs.append(vm.group(1))
                continue
            in_phis = False
            # An insertion point: before this instruction (never between a
            # musttail call and its ret).
            indent = line[: len(line) - len(line.lstrip())]
            avail = fn_ptrs + entry_ptrs + block_ptrs
            if avail and not (out and "musttail call" in out[-1]):
                if pending and self.rng.random() < 0.5:
                    out.extend(self.again(pending.pop(0), indent))
                if self.rng.random() < rate:
                    lines, key = self.flush(avail, indent)
                    out.extend(lines)
                    r = self.rng.random()
                    if r < 0.3:
                        out.extend(self.again(key, indent))  # right away
                    elif r < 0.6:
                        pending.append(key)                  # later in the block
            out.append(line)
            bracket_depth += line.count("[") - line.count("]")
            if vm is None and rhs.startswith(TERMINATORS):
                in_entry = False
            if vm and defines_pointer(rhs):
                (entry_ptrs if in_entry else block_ptrs).append(vm.group(1))
        for kind in sorted(self.used):
            out.append(DECLS[kind])
        return "\n".join(out) + "\n"


# An independent restatement of the cover rules (passes/Support/FlushKinds.cpp),
# used as an oracle: callee -> (domain, strength, ordered).
KIND_RULES = {
    "llvm.clear_cache": ("icache", 2, True),
    "__clear_cache": ("icache", 2, True),
    "llvm.x86.sse2.clflush": ("dline", 2, True),
    "llvm.x86.clflushopt": ("dline", 2, False),
    "llvm.x86.clwb": ("dline", 1, False),
}


def covers(earlier, later):
    (ed, es, eo), (ld, ls, lo) = KIND_RULES[earlier], KIND_RULES[later]
    return ed == ld and es >= ls and (eo or not lo)


def uncovered_removals(before, after):
    """Flush calls removed from before (both texts opt-printed) although no
    flush of a covering kind is left in their function: necessarily wrong."""
    import difflib
    bad = []
    a, b = before.splitlines(), after.splitlines()
    removed = set()
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag in ("delete", "replace"):
            removed.update(range(i1, i2))
    function_kept, function_removed = [], []
    for i, line in enumerate(a + ["}"]):
        if line.startswith("}"):
            for callee, text in function_removed:
                if not any(covers(k, callee) for k, _ in function_kept):
                    bad.append(text.strip())
            function_kept, function_removed = [], []
            continue
        m = FLUSH_CALL.search(line)
        if m:
            (function_removed if i in removed else function_kept).append((m.group(1), line))
    return bad


def without_flushes(text):
    """The module text with every flush call line dropped."""
    return [l for l in text.splitlines() if not FLUSH_CALL.search(l)]


def count_flushes(text):
    return len(FLUSH_CALL.findall(text))


def run_tool(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def run(args):
    tools = os.path.dirname(os.path.abspath(args.opt))
    stress = os.path.join(tools, "llvm-stress")
    lo, _, hi = args.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    work = args.work or tempfile.mkdtemp(prefix="flush-stress.")
    os.makedirs(work, exist_ok=True)
    # One clear error instead of one per seed when the plugin cannot run.
    rc, _, err = run_tool([args.opt, "-load-pass-plugin=" + args.plugin,
                           "-passes=flushelim", "-disable-output", "-"], stdin="")
    if rc:
        print("error: %s cannot run flushelim from %s: %s"
              % (args.opt, args.plugin, err.strip()[-400:]))
        print("flush-stress: %d seeds, %d failed, 0 of 0 flushes removed"
              % (len(seeds), len(seeds)))
        return 1
    failed = removed = total = 0
    me = os.path.abspath(__file__)
    for seed in seeds:
        rc, text, err = run_tool([stress, "-seed=%d" % seed, "-size=%d" % args.size, "-o", "-"])
        if rc:
            print("seed %d: llvm-stress failed: %s" % (seed, err.strip()))
            failed += 1
            continue
        mutated = Mutator(seed).mutate(text)
        path = os.path.join(work, "seed%d.ll" % seed)
        with open(path, "w") as f:
            f.write(mutated)
        repro = "%s -seed=%d -size=%d -o - | %s %s mutate --seed %d > %s" % (
            stress, seed, args.size, sys.executable, me, seed, path)
        problems = []
        rc, plain, err = run_tool([args.opt, "-passes=verify", "-S", path])
        if rc:
            problems.append("mutated module does not verify (fuzzer bug): " + err.strip()[:300])
        else:
            opt = [args.opt, "-load-pass-plugin=" + args.plugin, "-verify-each", "-S"]
            rc1, once, err1 = run_tool(opt + ["-passes=" + args.passes, path])
            rc2, twice, err2 = run_tool(
                opt + ["-passes=%s,%s" % (args.passes, args.passes), path])
            rc3, _, err3 = run_tool([args.opt, "-load-pass-plugin=" + args.plugin,
                                     "-passes=print<flushelim>", "-disable-output", path])
            if rc1:
                problems.append("opt -passes=%s failed: %s" % (args.passes, err1.strip()[-400:]))
            elif rc2:
                problems.append("opt -passes=%s,%s failed: %s"
                                % (args.passes, args.passes, err2.strip()[-400:]))
            elif once != twice:
                problems.append("not idempotent: a second %s changed the module" % args.passes)
            else:
                before, after = count_flushes(mutated), count_flushes(once)
                if after > before:
                    problems.append("flush count grew: %d -> %d" % (before, after))
                elif without_flushes(once) != without_flushes(plain):
                    problems.append("%s changed more than flush calls" % args.passes)
                else:
                    for text in uncovered_removals(plain, once):
                        problems.append("removed with no covering flush left: " + text)
                total += before
                removed += before - after
            if rc3:
                problems.append("print<flushelim> failed: " + err3.strip()[-400:])
        if problems:
            failed += 1
            for p in problems:
                print("seed %d: %s" % (seed, p))
            print("seed %d: reproduce: %s; %s -load-pass-plugin=%s -passes='%s' -verify-each -S %s"
                  % (seed, repro, args.opt, args.plugin, args.passes, path))
        elif not args.keep:
            os.remove(path)
    print("flush-stress: %d seeds, %d failed, %d of %d flushes removed"
          % (len(seeds), failed, removed, total))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("mutate")
    m.add_argument("--seed", type=int, required=True)
    r = sub.add_parser("run")
    r.add_argument("--opt", required=True)
    r.add_argument("--plugin", required=True)
    r.add_argument("--seeds", default="1-100", help="A-B, inclusive")
    r.add_argument("--size", type=int, default=100)
    r.add_argument("--work", help="where mutated modules go (default: a temp dir)")
    r.add_argument("--keep", action="store_true", help="keep passing modules too")
    r.add_argument("--passes", default="flushelim",
                   help="the pipeline under test (default: flushelim)")
    args = ap.parse_args()
    if args.cmd == "mutate":
        sys.stdout.write(Mutator(args.seed).mutate(sys.stdin.read()))
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
