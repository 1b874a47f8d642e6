#!/usr/bin/env python3
"""narrow_stress.py - random JIT-shaped programs run before and after flushelim.

flush_stress.py checks flushelim on llvm-stress modules by their text (the
output is the input minus some flush calls). Narrowing rewrites flushes into
guarded pieces and loops into skip tests, which no text comparison can judge,
so this fuzzer runs the programs. For each seed it generates one function

    void jit(ptr buf, i64 a, i64 b, i64 c, i64 sel)

that writes bytes into a 2 KiB buffer, flushes ranges of it
(llvm.clear_cache, __clear_cache, sys_icache_invalidate, single clflush and
clflush loops of stride 32, 64 or 128, over an index or a pointer, behind
LoopRotate-style guards, and the same loops of AArch64 `dc cvau`/`ic ivau`
inline asm, with `dsb ish`/`isb` after some; and AArch64's __clear_cache
sequence done by hand, unguarded loops with their barriers, some with a
step missing or out of order),
"executes" ranges (hl_exec) and checks lines (hl_durable), calls
flush-neutral getpagesize, and branches on bits of sel. Ranges share
starts and ends on purpose (the RandomX shape: [p, p+pos) then [p, p+size)),
so flushelim removes and narrows flushes. Then:
  1. opt -passes=verify                    (the generator's IR is valid)
  2. opt -passes=flushelim -verify-each    (default: remove and narrow)
  3. opt -passes=flushelim,flushelim       == step 2 (idempotent)
  4. opt -passes=flushelim -flushelim-mode=check
  5. each of: the generated IR, step 2, step 4, with the flush primitives
     renamed to jit_harness.c's shadowing stand-ins, built with clang -O0
     and run on 12 inputs. The unoptimised build's trace (stale bytes at
     every hl_exec and hl_durable, and a digest of the shadows) is the
     reference: step 2's must equal it (no stale byte is ever executed that
     the program itself did not leave stale), and the check-mode build must
     equal it too and never abort.
--drop-first-flush deletes the first flush call from step 2's output before
it is built: a wrong "removal" the trace comparison must catch (the lit
test's twin shows the checks can fail).
Prints a line per failing seed with a command that reproduces it, and
"narrow-stress: S seeds, F failed, R removed, N narrowed" (remarks counted
over all seeds); exits 1 when a seed failed.

  narrow_stress.py run --opt OPT --clang CLANG --plugin SO --rtlib DIR
                       [--seeds A-B] [--work DIR] [--keep]
  narrow_stress.py gen --seed N        (print the module)
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "jit_harness.c")

HEADER = """target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare void @llvm.clear_cache(ptr, ptr)
declare void @__clear_cache(ptr, ptr)
declare void @sys_icache_invalidate(ptr, i64)
declare void @llvm.x86.sse2.clflush(ptr)
declare void @llvm.x86.clflushopt(ptr)
declare void @llvm.x86.clwb(ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @hl_exec(ptr, i64) nounwind memory(argmem: read)
declare void @hl_durable(ptr, i64) nounwind memory(argmem: read)
declare i32 @getpagesize()
declare void @hl_dc_cvau(ptr)
declare void @hl_ic_ivau(ptr)
declare void @hl_dsb()
declare void @hl_isb()
declare void @hl_dsb_isb()
"""

# AArch64's line operations and barriers as JITs write them (inline asm).
ASM_LINE_OPS = {"dc cvau": 'asm sideeffect "dc cvau, $0", "r,~{memory}"',
                "ic ivau": 'asm sideeffect "ic ivau, $0", "r,~{memory}"'}
ASM_BARRIERS = ['asm sideeffect "dsb ish", "~{memory}"',
                'asm sideeffect "isb", "~{memory}"']
# Both in one statement, as JITs write the end of the sequence.
ASM_DSB_ISB = 'asm sideeffect "dsb ish\\0A\\09isb", "~{memory}"'

# What the harness defines for each primitive (renamed after opt ran).
RENAMES = [("@llvm.clear_cache(", "@hl_clear_cache("),
           ("@__clear_cache(", "@hl_clear_cache_lib("),
           ("@sys_icache_invalidate(", "@hl_sys_icache_invalidate("),
           ("@llvm.x86.sse2.clflush(", "@hl_clflush("),
           ("@llvm.x86.clflushopt(", "@hl_clflushopt("),
           ("@llvm.x86.clwb(", "@hl_clwb("),
           (ASM_LINE_OPS["dc cvau"] + "(", "@hl_dc_cvau("),
           (ASM_LINE_OPS["ic ivau"] + "(", "@hl_ic_ivau("),
           (ASM_BARRIERS[0] + "()", "@hl_dsb()"),
           (ASM_BARRIERS[1] + "()", "@hl_isb()"),
           (ASM_DSB_ISB + "()", "@hl_dsb_isb()")]


class Gen:
    """One random function. Offsets stay within [0, 1024) of a 2 KiB buffer
    for every input the harness uses (a, b, c <= 384)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.n = 0
        self.lines = []

    def fresh(self, stem="v"):
        self.n += 1
        return "%%%s%d" % (stem, self.n)

    def emit(self, text):
        self.lines.append("  " + text)

    def label(self, name):
        self.lines.append("%s:" % name[1:])

    def offset(self):
        """An i64 offset: a constant, or a, b or c plus a small constant."""
        r = self.rng
        base = r.choice(["const", "const", "%a", "%b", "%c"])
        k = r.choice([0, 0, 16, 64, 100, 128, 192, 256])
        if base == "const":
            return str(k)
        if k == 0:
            return base
        v = self.fresh("o")
        self.emit("%s = add i64 %s, %d" % (v, base, k))
        return v

    def pointer(self, off):
        p = self.fresh("p")
        self.emit("%s = getelementptr inbounds i8, ptr %%buf, i64 %s" % (p, off))
        return p

    def length(self):
        r = self.rng
        choice = r.choice(["const", "const", "%a", "%b", "%c"])
        return str(r.choice([1, 16, 64, 100, 256, 384, 512])) if choice == "const" else choice

    def range_flush(self, start=None, length=None):
        r = self.rng
        start = start or self.offset()
        length = length or self.length()
        p = self.pointer(start)
        kind = r.choice(["llvm.clear_cache", "__clear_cache", "__clear_cache",
                         "sys_icache_invalidate"])
        if kind == "sys_icache_invalidate":
            self.emit("call void @sys_icache_invalidate(ptr %s, i64 %s)" % (p, length))
        else:
            e = self.fresh("e")
            self.emit("%s = getelementptr inbounds i8, ptr %s, i64 %s" % (e, p, length))
            self.emit("call void @%s(ptr %s, ptr %s)" % (kind, p, e))
        return start, length

    def line_loop(self, start=None, length=None):
        """FLUSH_LINES(buf + start, length) as clang -O2 leaves it: a guard,
        a rotated loop, an exit block."""
        r = self.rng
        start = start or self.offset()
        length = length or self.length()
        stride = r.choice([64, 64, 64, 32, 128])
        kind = r.choice(["llvm.x86.sse2.clflush"] * 4 + ["llvm.x86.clflushopt", "llvm.x86.clwb"]
                        + ["dc cvau"] * 3 + ["ic ivau"] * 3)
        base = self.pointer(start)
        skip = self.fresh("skip")
        body, done, pre = self.fresh("loop"), self.fresh("done"), self.fresh("pre")
        self.emit("%s = icmp eq i64 %s, 0" % (skip, length))
        self.emit("br i1 %s, label %s, label %s" % (skip, done, pre))
        self.label(pre)
        if r.random() < 0.3:
            self.pointer_loop_body(kind, base, length, stride, pre, body, done)
            return start, length
        self.index_loop_body(kind, base, length, stride, pre, body, done)
        self.barriers(kind)
        return start, length

    def index_loop_body(self, kind, base, length, stride, pre, body, done):
        """The loop of `i = 0; do { op(base + i); i += stride; } while (i <
        length)`, entered from pre, leaving to done."""
        self.emit("br label %s" % body)
        self.label(body)
        i, nxt, q, more = self.fresh("i"), self.fresh("i.next"), self.fresh("q"), self.fresh("more")
        self.emit("%s = phi i64 [ 0, %s ], [ %s, %s ]" % (i, pre, nxt, body))
        self.emit("%s = getelementptr inbounds i8, ptr %s, i64 %s" % (q, base, i))
        self.line_op(kind, q)
        self.emit("%s = add i64 %s, %d" % (nxt, i, stride))
        self.emit("%s = icmp ult i64 %s, %s" % (more, nxt, length))
        self.emit("br i1 %s, label %s, label %s" % (more, body, done))
        self.label(done)

    def line_op(self, kind, ptr):
        """One line flush: an intrinsic call, or AArch64 inline asm."""
        callee = ASM_LINE_OPS.get(kind, "@" + kind)
        self.emit("call void %s(ptr %s)" % (callee, ptr))

    def barriers(self, kind):
        """After an AArch64 loop, sometimes `dsb ish` (and `isb` after an
        `ic ivau` loop), as __clear_cache has them."""
        if kind in ASM_LINE_OPS and self.rng.random() < 0.6:
            for b in ASM_BARRIERS[:1 if kind == "dc cvau" else 2]:
                self.emit("call void %s()" % b)

    def pointer_loop_body(self, kind, base, length, stride, pre, body, done):
        """The loop of `for (q = base; q < base + length; q += stride)`: a
        pointer recurrence compared with an end pointer. No inbounds GEP
        there: past the buffer's end they must stay plain addresses."""
        end, q, nxt, more = self.fresh("end"), self.fresh("q"), self.fresh("q.next"), self.fresh("more")
        self.emit("%s = getelementptr i8, ptr %s, i64 %s" % (end, base, length))
        self.emit("br label %s" % body)
        self.label(body)
        self.emit("%s = phi ptr [ %s, %s ], [ %s, %s ]" % (q, base, pre, nxt, body))
        self.line_op(kind, q)
        self.emit("%s = getelementptr i8, ptr %s, i64 %d" % (nxt, q, stride))
        self.emit("%s = icmp ult ptr %s, %s" % (more, nxt, end))
        self.emit("br i1 %s, label %s, label %s" % (more, body, done))
        self.label(done)
        self.barriers(kind)

    def do_while_loop(self, kind, base, length):
        """`q = base; do { op(q); q += 64; } while (q < base + length)`: no
        guard, so its range holds unconditionally after it."""
        pre, body, done = self.fresh("pre"), self.fresh("loop"), self.fresh("done")
        self.emit("br label %s" % pre)
        self.label(pre)
        self.index_loop_body(kind, base, length, 64, pre, body, done)

    def clear_cache_sequence(self):
        """AArch64's __clear_cache done by hand: dc cvau loop, dsb, ic ivau
        loop over the same or fewer bytes, dsb, isb; sometimes with a step
        left out or the loops the other way round (then it is none), and
        sometimes a __clear_cache of the range right after."""
        r = self.rng
        start, length = self.offset(), self.length()
        base = self.pointer(start)
        kinds = ["dc cvau", "ic ivau"]
        if r.random() < 0.1:
            kinds.reverse()
        self.do_while_loop(kinds[0], base, length)
        if r.random() < 0.85:
            self.emit("call void %s()" % ASM_BARRIERS[0])
        self.do_while_loop(kinds[1], base, r.choice([length, length, self.length()]))
        end = r.random()
        if end < 0.4:
            self.emit("call void %s()" % ASM_DSB_ISB)
        elif end < 0.9:
            self.emit("call void %s()" % ASM_BARRIERS[0])
            self.emit("call void %s()" % ASM_BARRIERS[1])
        else:
            self.emit("call void %s()" % ASM_BARRIERS[r.randint(0, 1)])
        if r.random() < 0.5:
            self.range_flush(start, r.choice([length, self.length()]))
        return start, length

    def statement(self, depth, memory):
        r = self.rng
        what = r.random()
        if what < 0.18:
            off = self.offset()
            p = self.pointer(off)
            if r.random() < 0.7:
                self.emit("store i8 %d, ptr %s, align 1" % (r.randint(-128, 127), p))
            else:
                self.emit("call void @llvm.memset.p0.i64(ptr %s, i8 %d, i64 %s, i1 false)"
                          % (p, r.randint(-128, 127), r.choice([1, 8, 40])))
        elif what < 0.40:
            memory.append(("range",) + self.range_flush())
        elif what < 0.55:
            memory.append(("loop",) + self.line_loop())
        elif what < 0.62:
            self.emit("call void @llvm.x86.sse2.clflush(ptr %s)" % self.pointer(self.offset()))
        elif what < 0.75 and memory:
            # Again, over the same start: equal, longer or shorter.
            kind, start, length = r.choice(memory)
            if r.random() < 0.6:
                length = self.length()
            (self.range_flush if kind == "range" else self.line_loop)(start, length)
        elif what < 0.85:
            p = self.pointer(self.offset())
            fn = "@hl_exec" if r.random() < 0.7 else "@hl_durable"
            self.emit("call void %s(ptr %s, i64 %s)" % (fn, p, r.choice(["64", "200", "%a", "%b"])))
        elif what < 0.88:
            self.emit("%s = call i32 @getpagesize()" % self.fresh("pg"))
        elif what < 0.93:
            memory.append(("range",) + self.clear_cache_sequence())
        elif depth < 2:
            bit = self.fresh("bit")
            cond = self.fresh("cond")
            then, other, join = self.fresh("then"), self.fresh("else"), self.fresh("join")
            self.emit("%s = and i64 %%sel, %d" % (bit, 1 << r.randint(0, 4)))
            self.emit("%s = icmp ne i64 %s, 0" % (cond, bit))
            self.emit("br i1 %s, label %s, label %s" % (cond, then, other))
            for lab in (then, other):
                self.label(lab)
                for _ in range(r.randint(0, 3)):
                    self.statement(depth + 1, list(memory))
                self.emit("br label %s" % join)
            self.label(join)

    def module(self):
        self.lines = ["define void @jit(ptr %buf, i64 %a, i64 %b, i64 %c, i64 %sel) {",
                      "entry:"]
        memory = []
        for _ in range(self.rng.randint(6, 16)):
            self.statement(0, memory)
        # Execute the whole working area last, so every flush matters.
        self.emit("call void @hl_exec(ptr %buf, i64 1024)")
        self.emit("call void @hl_durable(ptr %buf, i64 1024)")
        self.emit("ret void")
        self.lines.append("}")
        return HEADER + "\n" + "\n".join(self.lines) + "\n"


def run_tool(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def for_harness(text):
    for old, new in RENAMES:
        text = text.replace(old, new)
    # flushelim must see that hl_exec and hl_durable only read their bytes,
    # but the x86 backend deletes an unused call that only reads memory,
    # even at -O0: the harness build must keep them, or no trace is printed.
    return text.replace("memory(argmem: read)", "")


def build_and_run(args, ir_text, path, extra=()):
    """Builds ir_text against the harness; returns (ok, trace or error)."""
    with open(path + ".ll", "w") as f:
        f.write(for_harness(ir_text))
    cmd = [args.clang, "-O0", "-w", path + ".ll", HARNESS, "-o", path] + list(extra)
    rc, _, err = run_tool(cmd)
    if rc:
        return False, "build failed: " + err.strip()[-400:]
    rc, out, err = run_tool([path])
    if rc:
        return False, "run failed (%d): %s" % (rc, err.strip()[-400:])
    return True, out


def run(args):
    lo, _, hi = args.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    work = args.work or tempfile.mkdtemp(prefix="narrow-stress.")
    os.makedirs(work, exist_ok=True)
    plugin = "-load-pass-plugin=" + args.plugin
    failed = removed = narrowed = 0
    for seed in seeds:
        text = Gen(seed).module()
        path = os.path.join(work, "seed%d" % seed)
        with open(path + ".ll", "w") as f:
            f.write(text)
        problems = []
        rc, _, err = run_tool([args.opt, "-passes=verify", "-disable-output", path + ".ll"])
        if rc:
            problems.append("generated module does not verify (fuzzer bug): " + err.strip()[:300])
        else:
            rc1, once, err1 = run_tool([args.opt, plugin, "-passes=flushelim", "-verify-each",
                                        "-pass-remarks=flushelim", "-S", path + ".ll"])
            rc2, twice, err2 = run_tool([args.opt, plugin, "-passes=flushelim,flushelim",
                                         "-verify-each", "-S", path + ".ll"])
            rc3, check, err3 = run_tool([args.opt, plugin, "-passes=flushelim", "-verify-each",
                                         "-flushelim-mode=check", "-S", path + ".ll"])
            removed += len(re.findall(r"removed redundant", err1))
            narrowed += len(re.findall(r"narrowed flush", err1))
            if args.drop_first_flush:
                once = re.sub(r"\n  call void @(llvm\.clear_cache|__clear_cache|"
                              r"sys_icache_invalidate|llvm\.x86\.[a-z0-9.]+)\([^\n]*", "",
                              once, count=1)
            if rc1 or rc2 or rc3:
                problems.append("opt failed: " + (err1 or err2 or err3).strip()[-400:])
            elif once != twice and not args.drop_first_flush:
                problems.append("not idempotent: a second flushelim changed the module")
            else:
                ok, want = build_and_run(args, text, path + ".plain")
                if not ok:
                    problems.append("unoptimised build: " + want)
                for name, ir, extra in (
                        ("flushelim", once, ()),
                        ("check mode", check, ("-L" + args.rtlib, "-lhotlayout_rt", "-lpthread"))):
                    if not ok:
                        break
                    good, got = build_and_run(args, ir, "%s.%s" % (path, name.replace(" ", "-")),
                                              extra)
                    if not good:
                        problems.append("%s build: %s" % (name, got))
                    elif got != want:
                        diff = [(w, g) for w, g in zip(want.splitlines(), got.splitlines())
                                if w != g][:1]
                        problems.append("%s trace differs from the unoptimised one: %s"
                                        % (name, diff))
        if problems:
            failed += 1
            for p in problems:
                print("seed %d: %s" % (seed, p))
            print("seed %d: reproduce: %s %s gen --seed %d > %s.ll; %s %s -passes=flushelim -S %s.ll"
                  % (seed, sys.executable, os.path.abspath(__file__), seed, path,
                     args.opt, plugin, path))
        elif not args.keep:
            for suffix in ("", ".plain", ".flushelim", ".check-mode"):
                for ext in (".ll", ""):
                    try:
                        os.remove(path + suffix + ext)
                    except FileNotFoundError:
                        pass
    print("narrow-stress: %d seeds, %d failed, %d removed, %d narrowed"
          % (len(seeds), failed, removed, narrowed))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("--seed", type=int, required=True)
    r = sub.add_parser("run")
    r.add_argument("--opt", required=True)
    r.add_argument("--clang", required=True)
    r.add_argument("--plugin", required=True)
    r.add_argument("--rtlib", required=True, help="folder with libhotlayout_rt.a")
    r.add_argument("--seeds", default="1-30", help="A-B, inclusive")
    r.add_argument("--work", help="where modules and binaries go (default: a temp dir)")
    r.add_argument("--keep", action="store_true", help="keep passing seeds' files too")
    r.add_argument("--drop-first-flush", action="store_true",
                   help="sabotage: delete the first flush of the optimised module")
    args = ap.parse_args()
    if args.cmd == "gen":
        sys.stdout.write(Gen(args.seed).module())
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
