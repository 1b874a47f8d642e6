#!/usr/bin/env python3
"""loop_fuzz.py - a differential fuzzer for flushelim's flush loops (the flush-loop shapes).

Generates C programs of flush loops in the shapes C code and JITs write
(`long`, `int`, `unsigned long`, `unsigned` indexes; `<`, `<=`, `!=` with an
exact count; pointers bounded by the buffer or by a pointer argument of their
own; do-while loops; loops counting down; store loops followed by flush loops
under merged guards; loops nested in loops and under branches; a loop over the
middle of an earlier range or of the loop just before, or past its end, bounds
offset at both ends), with random
bounds, strides (16, 32, 64, 128), stores, store loops, memset, reads,
flush-neutral calls and fences between and inside them. Each file holds
--per-file cases (functions) and a table of inputs.

For each file:
  1. clang -O2 (-fno-unroll-loops in half the files) -S -emit-llvm: the
     reference IR;
  2. opt -passes=flushelim (x86 also with -flushelim-batch-clflush);
  3. every IR (reference and outputs) gets the same rewrite: each flush
     primitive and fence is renamed to loop_recorder.c's stand-in, and a call
     to rec_write follows every store, memset and memcpy (after opt, so the
     pass saw plain code);
  4. each is built with clang -O0 against loop_recorder.c and run on every
     input. The recorder logs each line written and each line flushed and
     prints, per case and input, a digest of which lines were written after
     their last completed flush at every write and at the end. An output
     whose digest differs from the reference's has skipped a needed flush:
     that case failed.
x86 (--arch x86): clflush, clflushopt, clwb, sfence/mfence/lfence, run
natively. AArch64 (--arch a64): `dc cvau`, `dc civac`, `ic ivau` inline asm,
`dsb ish`/`isb`, __clear_cache; compiled for aarch64-linux-gnu and optimised
as AArch64 IR, then retargeted to x86-64 for the run (the asm statements are
renamed to recorder calls first, so nothing AArch64 is executed: what runs is
an IR-level recorder of the AArch64 program).

Prints a line per failing case with a command that reproduces it, and
"loop-fuzz: C cases (F files, ARCH), N failed, R removed, W narrowed, B
batched"; exits 1 when a case failed. --sabotage drops the first clflush (or
`dc cvau`/`dc civac`/`ic ivau`) call of every function in flushelim's output
before it is built: the runs must then report failures (the lit test's twin).

  loop_fuzz.py run --clang CLANG --opt OPT --plugin SO [--arch x86|a64]
                   [--files N] [--per-file K] [--seed S] [--work DIR] [--keep]
  loop_fuzz.py gen --seed S [--arch x86|a64] [--per-file K]   (print a file)
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RECORDER = os.path.join(HERE, "loop_recorder.c")

PRELUDE = {
    "x86": """#include <immintrin.h>
#define FL(p) _mm_clflush(p)
#define FO(p) _mm_clflushopt(p)
#define FW(p) _mm_clwb(p)
""",
    "a64": """#define DC(p) __asm__ volatile("dc cvau, %0" ::"r"(p) : "memory")
#define CI(p) __asm__ volatile("dc civac, %0" ::"r"(p) : "memory")
#define IC(p) __asm__ volatile("ic ivau, %0" ::"r"(p) : "memory")
#define DSB() __asm__ volatile("dsb ish" ::: "memory")
#define ISB() __asm__ volatile("isb" ::: "memory")
#define DSBISB() __asm__ volatile("dsb ish\\n\\tisb" ::: "memory")
void __clear_cache(void *, void *);
""",
}
COMMON = """void *memset(void *, int, unsigned long);
int getpagesize(void);
unsigned long lf_sum;
typedef void (*case_fn)(unsigned char *, unsigned char *, long, long, long,
                        unsigned long);
"""
FLUSHES = {"x86": ["FL"] * 4 + ["FO", "FW"], "a64": ["DC", "DC", "CI", "IC", "IC"]}
FENCES = {"x86": ["_mm_sfence()", "_mm_mfence()", "_mm_lfence()",
                  '__asm__ volatile("" ::: "memory")'],
          "a64": ["DSB()", "DSB()", "ISB()", "DSBISB()"]}
INDEX_TYPES = ["long", "long", "int", "int", "unsigned long", "unsigned"]
SIGNED = {"long", "int"}
STRIDES = [16, 32, 64, 64, 64, 64, 128]
INPUT_VALUES = [0, 1, 63, 64, 100, 127, 128, 192, 256, 500, 640, 1000, 1024]


class Gen:
    """One file of random cases. Every bound stays in [0, 1600] for every
    input, so flushed pointers stay inside the recorder's 4 KiB buffer."""

    def __init__(self, seed, arch):
        self.rng = random.Random(seed)
        self.arch = arch
        self.out = []
        self.ranges = []
        self.n = 0

    def fresh(self, stem):
        self.n += 1
        return "%s%d" % (stem, self.n)

    def emit(self, depth, text):
        self.out.append("  " * (depth + 1) + text)

    def bound(self):
        r = self.rng
        k = r.choice([0, 0, 64, 100, 128, 256])
        return r.choice([str(r.choice([0, 64, 100, 128, 192, 256, 512, 1000, 1024])),
                         "a", "b", "c", "a + %d" % k, "b / 2", "(a + c) / 2",
                         "(c & ~63L)", "b + %d" % k])

    def range(self):
        """(lo, hi) as long expressions; often one used before."""
        r = self.rng
        if self.ranges and r.random() < 0.55:
            lo, hi = r.choice(self.ranges)
            if r.random() < 0.3:  # Part of it, or a little more.
                hi = r.choice(["(%s) / 2" % hi, "(%s) + 64" % hi, "(%s) - 64" % hi])
                hi = "((%s) < 0 ? 0 : (%s))" % (hi, hi)
        else:
            lo = r.choice(["0", "0", "0", "64", "a / 2", "b & ~63L"])
            hi = self.bound()
            self.ranges.append((lo, hi))
        return lo, hi

    def flush(self):
        return self.rng.choice(FLUSHES[self.arch])

    def body(self, f, ptr, idx):
        """A loop body around flush f of ptr: mostly just the flush."""
        r = self.rng
        x = r.random()
        if x < 0.75:
            return "%s(%s);" % (f, ptr)
        if x < 0.83:  # A write into the loop's own bytes.
            return "{ %s(%s); if (sel & %d) buf[%s] ^= 1; }" % (f, ptr, 1 << r.randrange(8), idx)
        if x < 0.9:  # A conditional flush.
            return "{ if (((%s) & 64) == 0) %s(%s); }" % (idx, f, ptr)
        if x < 0.95:  # A read of the loop's bytes.
            return "{ %s(%s); lf_sum += buf[%s]; }" % (f, ptr, idx)
        return "{ %s(%s); %s; }" % (f, ptr, r.choice(FENCES[self.arch]))

    def flush_loop(self, depth):
        r = self.rng
        lo, hi = self.range()
        f = self.flush()
        st = r.choice(STRIDES)
        shape = r.choice(["index"] * 5 + ["pointer", "pointer", "end", "ne", "do", "down"])
        t = r.choice(INDEX_TYPES)
        i = self.fresh("i")
        if shape == "index":
            if t in SIGNED and self.ranges and r.random() < 0.25:
                # The middle of a range used before, or past its end: bounds
                # offset at both ends, `for (i = lo + 128; i < hi - 128; ...)`.
                # Signed only: hi - k may be negative, which an
                # unsigned index would read as huge.
                lo0, hi0 = r.choice(self.ranges)
                lo = "(%s) + %d" % (lo0, r.choice([64, 100, 128]))
                hi = "(%s) %s %d" % (hi0, r.choice("--+"), r.choice([64, 100, 128]))
            cmp = r.choice(["<", "<", "<", "<="])
            self.emit(depth, "for (%s %s = (%s)(%s); %s %s (%s)(%s); %s += %d)"
                      % (t, i, t, lo, i, cmp, t, hi, i, st))
            self.emit(depth + 1, self.body(f, "buf + %s" % i, i))
            if t in SIGNED and r.random() < 0.2:
                # Right after it, a loop over its middle or past its end
                # (the offset-bounds pair): removable only when inside.
                j = self.fresh("i")
                self.emit(depth, "for (%s %s = (%s)(%s) + %d; %s < (%s)(%s) %s %d; %s += %d)"
                          % (t, j, t, lo, r.choice([0, 64, 128, 128, 100]), j, t, hi,
                             r.choice("--+"), r.choice([0, 64, 128, 128, 100]), j,
                             r.choice([32, 64, 64, 128])))
                self.emit(depth + 1, "%s(buf + %s);" % (r.choice([f, self.flush()]), j))
        elif shape == "pointer":
            q = self.fresh("q")
            self.emit(depth, "for (unsigned char *%s = buf + (%s); %s < buf + (%s); %s += %d)"
                      % (q, lo, q, hi, q, st))
            self.emit(depth + 1, self.body(f, q, "%s - buf" % q))
        elif shape == "end":  # Bounded by a pointer argument of its own.
            q = self.fresh("q")
            self.emit(depth, "for (unsigned char *%s = buf + (%s); %s < end; %s += %d)"
                      % (q, lo, q, q, st))
            self.emit(depth + 1, self.body(f, q, "%s - buf" % q))
        elif shape == "ne":  # An exact count: lo + k * stride.
            k = "(%s)(c & 7)" % t
            if r.random() < 0.5:
                self.emit(depth, "for (%s %s = (%s)(%s); %s != (%s)(%s) + %s * %d; %s += %d)"
                          % (t, i, t, lo, i, t, lo, k, st, i, st))
                self.emit(depth + 1, self.body(f, "buf + %s" % i, i))
            else:
                q = self.fresh("q")
                self.emit(depth, "for (unsigned char *%s = buf + (%s); %s != buf + (%s) + (c & 7) * %d; %s += %d)"
                          % (q, lo, q, lo, st, q, st))
                self.emit(depth + 1, self.body(f, q, "%s - buf" % q))
        elif shape == "do":  # Runs once even when lo >= hi.
            self.emit(depth, "{")
            self.emit(depth + 1, "%s %s = (%s)(%s);" % (t, i, t, lo))
            self.emit(depth + 1, "do")
            self.emit(depth + 2, self.body(f, "buf + %s" % i, i))
            self.emit(depth + 1, "while ((%s += %d) < (%s)(%s));" % (i, st, t, hi))
            self.emit(depth, "}")
        else:  # Counting down, signed: stops below lo >= 0.
            t = r.choice(sorted(SIGNED))
            self.emit(depth, "for (%s %s = (%s)(%s) - %d; %s >= (%s)(%s); %s -= %d)"
                      % (t, i, t, hi, st, i, t, lo, i, st))
            self.emit(depth + 1, self.body(f, "buf + %s" % i, i))

    def store(self, depth):
        r = self.rng
        x = r.random()
        if x < 0.45:
            self.emit(depth, "buf[%s] = (unsigned char)(sel + %d);"
                      % (r.choice(["0", "5", "64", "100", "a", "b / 2", "c", "a + 70"]),
                         r.randrange(256)))
        elif x < 0.8:  # A store loop, then (often) a flush loop over its bytes.
            lo, hi = self.range()
            t = r.choice(INDEX_TYPES)
            i = self.fresh("i")
            self.emit(depth, "for (%s %s = (%s)(%s); %s < (%s)(%s); %s++)"
                      % (t, i, t, lo, i, t, hi, i))
            self.emit(depth + 1, "buf[%s] = (unsigned char)(%s * %d + sel);"
                      % (i, i, r.choice([1, 7, 13])))
            if r.random() < 0.6:
                self.ranges.append((lo, hi))
                self.flush_loop(depth)
        else:
            lo, hi = self.range()
            self.emit(depth, "if ((%s) > (%s)) memset(buf + (%s), (int)sel, (%s) - (%s));"
                      % (hi, lo, lo, hi, lo))

    def statement(self, depth):
        r = self.rng
        x = r.random()
        if x < 0.34:
            self.flush_loop(depth)
        elif x < 0.42:
            self.emit(depth, "%s(buf + (%s));"
                      % (self.flush(), r.choice(["0", "64", "a", "b / 2", "c", "a + 70"])))
        elif x < 0.62:
            self.store(depth)
        elif x < 0.72:
            self.emit(depth, r.choice(FENCES[self.arch]) + ";")
        elif x < 0.76:
            self.emit(depth, "lf_sum += buf[%s];" % r.choice(["0", "a", "100"]))
        elif x < 0.8:
            self.emit(depth, "lf_sum += getpagesize();")
        elif x < 0.84 and self.arch == "a64":
            lo, hi = self.range()
            self.emit(depth, "if ((%s) > (%s)) __clear_cache(buf + (%s), buf + (%s));"
                      % (hi, lo, lo, hi))
        elif x < 0.92 and depth < 2:
            self.emit(depth, "if (sel & %d) {" % (1 << r.randrange(16)))
            for _ in range(r.randint(1, 3)):
                self.statement(depth + 1)
            self.emit(depth, "}")
        elif depth < 2:
            j = self.fresh("r")
            self.emit(depth, "for (int %s = 0; %s < (int)((sel >> %d) & 3); %s++) {"
                      % (j, j, r.randrange(8, 40), j))
            for _ in range(r.randint(1, 3)):
                self.statement(depth + 1)
            self.emit(depth, "}")
        else:
            self.flush_loop(depth)

    def case(self, name):
        self.ranges = []
        self.out.append("void %s(unsigned char *buf, unsigned char *end, long a, long b, "
                        "long c, unsigned long sel) {" % name)
        for _ in range(self.rng.randint(3, 9)):
            self.statement(0)
        self.out.append("}")
        self.out.append("")

    def file(self, count, inputs=8):
        self.out = [PRELUDE[self.arch] + COMMON]
        names = []
        for k in range(count):
            names.append("case%d" % k)
            self.case(names[-1])
        self.out.append("case_fn lf_cases[] = {%s};" % ", ".join(names))
        self.out.append("const unsigned lf_num_cases = %d;" % count)
        rows = []
        for _ in range(inputs):
            a, b, c = (self.rng.choice(INPUT_VALUES) for _ in range(3))
            rows.append("{%d, %d, %d, %d}" % (a, b, c, self.rng.randrange(1 << 31)))
        self.out.append("const long lf_inputs[][4] = {%s};" % ", ".join(rows))
        self.out.append("const unsigned lf_num_inputs = %d;" % inputs)
        return "\n".join(self.out) + "\n"


# Step 3: what the recorder stands in for, and where it sees writes.
RENAMES = [("@llvm.x86.sse2.clflush(", "@rec_clflush("),
           ("@llvm.x86.clflushopt(", "@rec_clflushopt("),
           ("@llvm.x86.clwb(", "@rec_clwb("),
           ("@llvm.x86.sse.sfence(", "@rec_sfence("),
           ("@llvm.x86.sse2.mfence(", "@rec_mfence("),
           ("@llvm.x86.sse2.lfence(", "@rec_lfence("),
           ("@__clear_cache(", "@rec_clear_cache(")]
ASM_CALLS = [('asm sideeffect "dc cvau, $0", "r,~{memory}"(', "@rec_dc_cvau("),
             ('asm sideeffect "dc civac, $0", "r,~{memory}"(', "@rec_dc_civac("),
             ('asm sideeffect "ic ivau, $0", "r,~{memory}"(', "@rec_ic_ivau("),
             ('asm sideeffect "dsb ish\\0A\\09isb", "~{memory}"(', "@rec_dsb_isb("),
             ('asm sideeffect "dsb ish", "~{memory}"(', "@rec_dsb("),
             ('asm sideeffect "isb", "~{memory}"(', "@rec_isb(")]
ASM_DECLS = """declare void @rec_dc_cvau(ptr)
declare void @rec_dc_civac(ptr)
declare void @rec_ic_ivau(ptr)
declare void @rec_dsb_isb()
declare void @rec_dsb()
declare void @rec_isb()
declare void @rec_write(ptr, i64)
"""
X86_LAYOUT = ('target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-'
              'i128:128-f80:128-n8:16:32:64-S128"')
MEMINTRIN = re.compile(r"call void @llvm\.mem(?:set|cpy|move)\.p0(?:\.p0)?\.i64\("
                       r"ptr [^%@,]*([%@][\w.]+), [^,]+, i64 ([^,]+),")


def type_bytes(ty):
    """Bytes a store of IR type ty writes, or None."""
    m = re.fullmatch(r"i(\d+)", ty)
    if m:
        return (int(m.group(1)) + 7) // 8
    m = re.fullmatch(r"<(\d+) x i(\d+)>", ty)
    if m:
        return int(m.group(1)) * int(m.group(2)) // 8
    return {"ptr": 8, "float": 4, "double": 8}.get(ty)


def for_recorder(text, arch):
    """Step 3, on the text of one module."""
    for old, new in RENAMES:
        text = text.replace(old, new)
    for old, new in ASM_CALLS:
        text = text.replace("call void " + old, "call void " + new)
    out = []
    for line in text.split("\n"):
        if arch == "a64":  # Retarget: the asm is gone, the rest is plain IR.
            if line.startswith("target datalayout"):
                line = X86_LAYOUT
            elif line.startswith("target triple"):
                line = 'target triple = "x86_64-unknown-linux-gnu"'
            line = re.sub(r'"(target-cpu|target-features|tune-cpu)"="[^"]*"', "", line)
        out.append(line)
        s = line.strip()
        m = re.match(r"store (?:volatile )?(<[^>]*>|\S+) .*, ptr ([%@][\w.]+)(,.*)?$", s)
        if m and type_bytes(m.group(1)):
            out.append("  call void @rec_write(ptr %s, i64 %d)" % (m.group(2), type_bytes(m.group(1))))
            continue
        m = MEMINTRIN.search(s)
        if m:
            out.append("  call void @rec_write(ptr %s, i64 %s)" % (m.group(1), m.group(2)))
    return "\n".join(out) + "\n" + ASM_DECLS


def sabotage(text):
    """Drops each function's first line flush (a needed one, usually)."""
    out, dropped = [], False
    for line in text.split("\n"):
        if line.startswith("define "):
            dropped = False
        if not dropped and re.search(r"call void (@llvm\.x86\.sse2\.clflush\(|"
                                     r'asm sideeffect "(dc cvau|dc civac|ic ivau), \$0")', line):
            dropped = True
            continue
        out.append(line)
    return "\n".join(out)


def first_lines(err):
    """The message of a failed tool, without its stack dump."""
    lines = [l for l in err.splitlines()
             if l.strip() and not l.startswith(("#", " ", "Stack dump", "PLEASE"))]
    return " | ".join(lines[:3])[:400]


def run_tool(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def build_and_run(args, ir, path, recorder_obj):
    with open(path + ".rec.ll", "w") as f:
        f.write(for_recorder(ir, args.arch))
    rc, _, err = run_tool([args.clang, "-O0", "-w", path + ".rec.ll", recorder_obj, "-o", path])
    if rc:
        return None, "build failed: " + first_lines(err)
    rc, out, err = run_tool([path])
    if rc:
        return None, "run failed (%d): %s" % (rc, first_lines(err))
    return dict(re.findall(r"^(case \d+ input \d+): (.*)$", out, re.M)), None


def observations(binary, case, inp):
    """The (kind, dirty, istale) observations of one case on one input."""
    rc, out, _ = run_tool([binary, str(case), str(inp)])
    return [(m[0], int(m[1], 16), int(m[2], 16))
            for m in re.findall(r"^  (\w+): dirty ([0-9a-f]+) istale ([0-9a-f]+)$", out, re.M)]


def first_skipped_flush(reference, output, case, inp):
    """Where the output leaves a line unflushed that the reference flushed
    (written after its last flush), or None when it is never dirtier: an
    output may flush more (batching's sfence completes earlier clflushopts
    too), never less."""
    want = observations(reference, case, inp)
    got = observations(output, case, inp)
    if len(want) != len(got):
        return "%d observations, the reference %d (the writes differ)" % (len(got), len(want))
    for k, ((kind, wd, wi), (_, gd, gi)) in enumerate(zip(want, got)):
        extra_d, extra_i = gd & ~wd, gi & ~wi
        if extra_d or extra_i:
            return ("at observation %d (%s): lines %s not flushed, the reference's are"
                    % (k, kind, sorted(l for l in range(64) if (extra_d | extra_i) >> l & 1)))
    return None


def run(args):
    work = args.work or tempfile.mkdtemp(prefix="loop-fuzz.")
    os.makedirs(work, exist_ok=True)
    plugin = "-load-pass-plugin=" + args.plugin
    recorder_obj = os.path.join(work, "loop_recorder.o")
    rc, _, err = run_tool([args.clang, "-O0", "-c", RECORDER, "-o", recorder_obj])
    if rc:
        print("loop-fuzz: cannot build the recorder: " + err.strip()[-300:])
        return 2
    target = {"x86": ["--target=x86_64-unknown-linux-gnu", "-mclflushopt", "-mclwb"],
              "a64": ["--target=aarch64-linux-gnu"]}[args.arch]
    failed = removed = narrowed = batched = cases = more_flushed = 0
    for k in range(args.files):
        seed = args.seed + k
        path = os.path.join(work, "%s-%d" % (args.arch, seed))
        with open(path + ".c", "w") as f:
            f.write(Gen(seed, args.arch).file(args.per_file))
        cases += args.per_file
        unroll = [] if seed % 2 else ["-fno-unroll-loops"]
        rc, _, err = run_tool([args.clang, "-O2", "-S", "-emit-llvm", "-w"] + target + unroll
                              + [path + ".c", "-o", path + ".ref.ll"])
        problems = []
        if rc:
            problems.append("clang failed (fuzzer bug): " + first_lines(err))
        outputs = [("flushelim", [])]
        if args.arch == "x86":
            outputs.append(("flushelim+batch", ["-flushelim-batch-clflush"]))
        irs = {}
        for name, extra in outputs if not problems else []:
            rc, ir, err = run_tool([args.opt, plugin, "-passes=flushelim", "-verify-each",
                                    "-pass-remarks=flushelim|flushelim-batch", "-S",
                                    path + ".ref.ll"] + extra)
            if rc:
                problems.append("opt %s failed (%d): %s" % (name, rc, first_lines(err)))
                continue
            if name == "flushelim":
                removed += len(re.findall(r"removed redundant", err))
                narrowed += len(re.findall(r"narrowed flush", err))
            else:
                batched += len(re.findall(r"batched \d+ clflush", err))
            irs[name] = sabotage(ir) if args.sabotage else ir
            with open("%s.%s.ll" % (path, name.replace("+", "-")), "w") as f:
                f.write(irs[name])
        want = None
        if not problems:
            with open(path + ".ref.ll") as f:
                want, why = build_and_run(args, f.read(), path + ".ref", recorder_obj)
            if want is None:
                problems.append("reference " + why)
        bad_cases = set()
        for name, ir in irs.items() if want is not None else []:
            got, why = build_and_run(args, ir, "%s.%s" % (path, name.replace("+", "-")),
                                     recorder_obj)
            if got is None:
                problems.append("%s %s" % (name, why))
                continue
            for key, value in sorted(want.items()):
                if got.get(key) == value:
                    continue
                case, inp = int(key.split()[1]), int(key.split()[3])
                why = first_skipped_flush(path + ".ref", "%s.%s" % (path, name.replace("+", "-")),
                                          case, inp)
                if why is None:
                    more_flushed += 1  # Only cleaner (a fence batching added).
                elif case not in bad_cases:
                    bad_cases.add(case)
                    print("%s-%d case %d: %s skipped a needed flush: input %d, %s"
                          % (args.arch, seed, case, name, inp, why))
        for p in problems:
            print("%s-%d: %s" % (args.arch, seed, p))
        if problems or bad_cases:
            failed += len(bad_cases) if bad_cases else args.per_file
            print("%s-%d: reproduce: %s %s gen --arch %s --seed %d --per-file %d > f.c; "
                  "then see %s.*" % (args.arch, seed, sys.executable, os.path.abspath(__file__),
                                     args.arch, seed, args.per_file, path))
        elif not args.keep:
            for name in os.listdir(work):
                if name.startswith("%s-%d." % (args.arch, seed)):
                    os.remove(os.path.join(work, name))
    print("loop-fuzz: %d cases (%d files, %s), %d failed, %d removed, %d narrowed, %d batched"
          "; %d runs flushed more than the reference (batching's fences)"
          % (cases, args.files, args.arch, failed, removed, narrowed, batched, more_flushed))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("--seed", type=int, required=True)
    g.add_argument("--arch", choices=["x86", "a64"], default="x86")
    g.add_argument("--per-file", type=int, default=20)
    r = sub.add_parser("run")
    r.add_argument("--clang", required=True)
    r.add_argument("--opt", required=True)
    r.add_argument("--plugin", required=True)
    r.add_argument("--arch", choices=["x86", "a64"], default="x86")
    r.add_argument("--files", type=int, default=5)
    r.add_argument("--per-file", type=int, default=20, help="cases per file")
    r.add_argument("--seed", type=int, default=1, help="first file's seed")
    r.add_argument("--work", help="where files go (default: a temporary folder)")
    r.add_argument("--keep", action="store_true", help="keep passing files too")
    r.add_argument("--sabotage", action="store_true",
                   help="drop each function's first line flush from flushelim's output")
    args = ap.parse_args()
    if args.cmd == "gen":
        sys.stdout.write(Gen(args.seed, args.arch).file(args.per_file))
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
