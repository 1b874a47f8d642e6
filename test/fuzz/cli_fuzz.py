#!/usr/bin/env python3
"""cli_fuzz.py - mutated ELFs, profiles, locks and loop profiles through
every hotlayout subcommand that reads them (the CLI never destroys
a user's file, never crashes, never hangs, never leaves a temporary file;
bounded memory and stack, and every refusal names the file).

  cli_fuzz.py --hotlayout BIN --clang CLANG --work DIR [--count N]
              [--seed S] [--timeout SEC] [--memory MIB] [--jobs J]
              [--only a,b]

Setup (in DIR/seed): test/lit/apply/Inputs/prog.c is built with clang -O1
-fuse-ld=lld -Wl,--emit-relocs -fbasic-block-address-map -mllvm
-pgo-analysis-map=func-entry-count,bb-freq,br-prob (prog; the map is what
loops reads), a twin with alpha grown and no PGO map (prog2, for diff), a
hand-written profile (prog.fdata), the lock `hotlayout plan` makes of them
(prog.lock), the loop profile `hotlayout loops` makes (prog.loops) and an
indexed IR profile for flags --use (prog.profdata). Then
N cases, the subcommand chosen round-robin from check, diff, profile, loops,
plan, apply, flags (or --only), each with one input mutated
(ELF: bytes flipped, header and section-header fields overwritten, a range
zeroed, truncation; or aimed: a .symtab or relocation entry's field made
extreme, a byte or a huge ULEB128 count in .llvm_bb_addr_map, a section
marked compressed with a header claiming terabytes; profile and loop
profile: lines dropped, doubled or garbled, counts and offsets made huge,
negative or non-numeric, raw bytes, emptied, CRLF line ends, no final
newline, tabs, NaN mispredictions, kind 7, memory records; lock: JSON
numbers made huge or negative, fields dropped or retyped, bytes flipped,
truncation, arrays nested up to 100 000 deep, odd shifts). Every case runs
in a fresh directory with TMPDIR inside it, under RLIMIT_AS = --memory MiB
(2048: hotlayout's stated ceiling; llvm-bolt and the program inherit it),
and is judged:

  crash      the command died of a signal or exited with a status other
             than 0, 1 or 2 (4 is hotlayout's internal error: LLVM gave up)
  hang       it ran past --timeout with no child running, or did not stop
             on SIGTERM then (killed with its process group)
  child timeout  a child (llvm-bolt on a damaged binary, a mutated program
             that loops) ran past --timeout and hotlayout stopped it on
             SIGTERM, exit 143: counted apart, not a failure (the cleanup
             is judged like any run's)
  changed    an input's SHA-256 differs afterwards
  leftover   a temporary file or directory remains (.hotlayout-*, *.tmp-*,
             anything in TMPDIR), or exit 2 left an output behind
  stray      a stderr line that does not start with 'hotlayout' (a bare
             LLVM 'error: ...', a child's chatter), other than the indented
             lines a hotlayout message goes on with (a failed child's log)
  unnamed    exit 2 with a stderr that does not name the damaged input

A failing case keeps its directory (DIR/cases/N) with cmd.txt, a command
that reproduces it; passing ones are removed. The last line is
"cli-fuzz: N inputs, C crashes, H hangs, X changed inputs, L leftovers, S
stray stderr, U unnamed errors; T child timeouts" (then the time and rate);
exit status 1 when any count but T is not 0.
The same --seed gives the same mutations.

profile runs the mutated program (instrumented by llvm-bolt) when BOLT
accepts it: run this in a scratch directory you do not mind it writing to.
"""
import argparse
import concurrent.futures
import hashlib
import os
import random
import shutil
import signal
import struct
import subprocess
import sys
import time

# The apply suite's program: `prog N` runs alpha, beta and gamma_; -DBIG
# grows alpha (the diff twin).
PROGRAM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lit",
                       "apply", "Inputs", "prog.c")

PROFILE = ("1 alpha 10 1 alpha 0 0 5000\n"
           "1 beta 8 1 beta 0 0 3000\n"
           "1 main 10 1 alpha 0 0 50\n")

SUBCOMMANDS = ["check", "diff", "profile", "loops", "plan", "apply", "flags"]

# The inputs each case starts from (DIR/seed).
SEEDS = ("prog", "prog2", "prog.fdata", "prog.lock", "prog.loops",
         "prog.profdata")

# A one-function IR profile (llvm-profdata merge makes prog.profdata of it):
# flags takes --loop-profile only with --use, which checks it is indexed.
PROFTEXT = ("# IR level Instrumentation Flag\n:ir\nmain\n# Func Hash:\n1\n"
            "# Num Counters:\n1\n# Counter Values:\n1\n")


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


# ---- mutators: bytes in, bytes out; rng decides ----------------------------

INTERESTING = [0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0xffffffff,
               1 << 40, (1 << 63) - 1, (1 << 64) - 1]


def mutate_elf(data, rng):
    if not data:  # an earlier round truncated it to nothing
        return data
    data = bytearray(data)
    kind = rng.randrange(6)
    if kind == 0:  # flip a few bytes anywhere
        for _ in range(rng.randint(1, 16)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif kind == 1 and len(data) >= 64:  # an ELF header field
        off, size = rng.choice([(16, 2), (18, 2), (24, 8), (32, 8), (40, 8),
                                (52, 2), (54, 2), (56, 2), (58, 2), (60, 2),
                                (62, 2)])
        v = rng.choice(INTERESTING) & ((1 << (8 * size)) - 1)
        data[off:off + size] = v.to_bytes(size, "little")
    elif kind == 2 and len(data) >= 64:  # a section header field
        shoff = struct.unpack_from("<Q", data, 40)[0]
        shnum = struct.unpack_from("<H", data, 60)[0]
        if shnum and shoff + 64 * shnum <= len(data):
            sec = shoff + 64 * rng.randrange(shnum)
            off, size = rng.choice([(0, 4), (4, 4), (8, 8), (16, 8), (24, 8),
                                    (32, 8), (40, 4), (44, 4), (48, 8),
                                    (56, 8)])
            v = rng.choice(INTERESTING + [rng.randrange(1 << 32)])
            v &= (1 << (8 * size)) - 1
            data[sec + off:sec + off + size] = v.to_bytes(size, "little")
        else:
            data[rng.randrange(len(data))] ^= 0xff
    elif kind == 3:  # zero a range
        start = rng.randrange(len(data))
        end = min(len(data), start + rng.randint(1, 4096))
        data[start:end] = bytes(end - start)
    elif kind == 4:  # truncate
        data = data[:rng.randrange(len(data))]
    else:  # random bytes over a range
        start = rng.randrange(len(data))
        n = min(len(data) - start, rng.randint(1, 64))
        data[start:start + n] = bytes(rng.randrange(256) for _ in range(n))
    return bytes(data)


SHT_RELA, SHT_SYMTAB, SHT_BB_ADDR_MAP = 4, 2, 0x6fff4c0a
SHF_COMPRESSED = 0x800


def elf_sections(data):
    """(name, type, offset, size, header offset) of each section of an
    ELF64 little-endian file, or [] when its headers are unreadable."""
    if len(data) < 64 or data[:4] != b"\x7fELF":
        return []
    shoff = struct.unpack_from("<Q", data, 40)[0]
    shnum, shstrndx = struct.unpack_from("<HH", data, 60)
    if not shnum or shstrndx >= shnum or shoff + 64 * shnum > len(data):
        return []
    headers = []
    for i in range(shnum):
        h = shoff + 64 * i
        name, typ, _, _, off, size = struct.unpack_from("<IIQQQQ", data, h)
        headers.append([name, typ, off, size, h])
    stroff, strsize = headers[shstrndx][2], headers[shstrndx][3]
    out = []
    for name, typ, off, size, h in headers:
        end = data.find(b"\0", stroff + name, stroff + strsize) \
            if stroff + name < len(data) else -1
        label = data[stroff + name:end].decode("latin-1") if end >= 0 else ""
        out.append((label, typ, off, size, h))
    return out


def uleb(value):
    out = bytearray()
    while True:
        byte = value & 0x7f
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def mutate_elf_section(data, rng):
    """Damage aimed at what the readers parse: a symbol, a relocation, the
    basic-block address map, or a section made to look compressed."""
    sections = elf_sections(data)
    if not sections:
        return mutate_elf(data, rng)
    data = bytearray(data)
    kind = rng.randrange(5)
    inside = [s for s in sections if s[2] + s[3] <= len(data) and s[3]]
    pick = {
        0: [s for s in inside if s[1] == SHT_SYMTAB],
        1: [s for s in inside if s[1] == SHT_RELA],
        2: [s for s in inside if s[1] == SHT_BB_ADDR_MAP],
        3: [s for s in inside if s[1] == SHT_BB_ADDR_MAP],
        4: sections,
    }[kind]
    if not pick:
        return mutate_elf(bytes(data), rng)
    name, typ, off, size, header = rng.choice(pick)
    if kind in (0, 1):  # one 24-byte entry: a field made extreme
        entry = off + 24 * rng.randrange(max(1, size // 24))
        field, width = rng.choice([(0, 4), (4, 1), (6, 2), (8, 8), (16, 8)]
                                  if kind == 0 else [(0, 8), (8, 8), (16, 8)])
        v = rng.choice(INTERESTING + [rng.randrange(1 << 32)])
        v &= (1 << (8 * width)) - 1
        if entry + field + width <= len(data):
            data[entry + field:entry + field + width] = v.to_bytes(width,
                                                                 "little")
    elif kind == 2:  # one byte of the map: a count, a version, a feature
        at = off + rng.randrange(size)
        data[at] = rng.choice([0xff, 0x80, 0x7f, 0, 1, 6, data[at] ^ 0x40])
    elif kind == 3:  # a huge ULEB128 spliced over the map, same length
        at = off + rng.randrange(size)
        blob = uleb(rng.choice([(1 << 32) - 1, (1 << 63), (1 << 64) - 1,
                                1 << 20]))
        blob = blob[:off + size - at]
        data[at:at + len(blob)] = blob
    else:  # SHF_COMPRESSED with a header that claims a huge size
        flags = struct.unpack_from("<Q", data, header + 8)[0]
        struct.pack_into("<Q", data, header + 8, flags | SHF_COMPRESSED)
        if size >= 24 and off + 24 <= len(data):
            struct.pack_into("<IIQQ", data, off, rng.choice([1, 2, 9]), 0,
                             rng.choice([1 << 40, (1 << 64) - 1, 1 << 31]),
                             1)
    return bytes(data)


def mutate_number(rng):
    return rng.choice(["0", "-1", "ffffffffffffffff", "18446744073709551616",
                       "1099511627776", "zz", "", "0x10", "1e9",
                       str(rng.randrange(1 << 64)), "%x" % rng.randrange(1 << 40),
                       "\x00", "\x1b[31m"])


def mutate_text_lines(text, rng):
    lines = text.split("\n")
    kind = rng.randrange(9)
    i = rng.randrange(len(lines))
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2:  # a field replaced by a strange number
        fields = lines[i].split(" ")
        fields[rng.randrange(len(fields))] = mutate_number(rng)
        lines[i] = " ".join(fields)
    elif kind == 3:  # fields dropped or added
        fields = lines[i].split(" ")
        if fields and rng.random() < 0.5:
            del fields[rng.randrange(len(fields))]
        else:
            fields.insert(rng.randrange(len(fields) + 1), mutate_number(rng))
        lines[i] = " ".join(fields)
    elif kind == 4:
        return ""
    elif kind == 5:  # x86-ish odd offsets, a name of nothing
        lines.append("1 %s %x 1 %s %x 0 %d" % (
            rng.choice(["alpha", "beta", "main", "nothing", "a/1"]),
            rng.randrange(1 << 12), rng.choice(["alpha", "beta", "zz"]),
            rng.randrange(1 << 12), rng.randrange(1 << 20)))
    elif kind == 6:
        lines[i] = rng.choice(["no_lbr", "boltedcollection", "3 x y", "#",
                               "1 alpha 10 1 alpha 0 0 5000 extra",
                               "4 alpha 10 4 buf 0 7",
                               "1 alpha 10 1 alpha 0 NaN 5000",
                               "7 alpha 10 1 alpha 0 0 5000",
                               "1\talpha 10 1 alpha 0 0 5000",
                               " 1 alpha 10 1 alpha 0 0 5000", ""])
    elif kind == 7:  # line ends llvm-bolt does not read
        return rng.choice(["\r\n".join(lines), "\n".join(lines).rstrip("\n")])
    else:
        lines = lines[:i]
    return "\n".join(lines)


def mutate_profile(data, rng):
    if rng.random() < 0.15:  # raw byte damage
        data = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            if data:
                data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    text = data.decode("latin-1")
    for _ in range(rng.randint(1, 3)):
        text = mutate_text_lines(text, rng) or ""
        if not text:
            break
    return text.encode("latin-1")


def mutate_lock(data, rng):
    text = data.decode("latin-1")
    kind = rng.randrange(7)
    if kind == 0:  # a number made extreme
        import re
        nums = list(re.finditer(r"-?\d+", text))
        if nums:
            m = rng.choice(nums)
            text = text[:m.start()] + rng.choice(
                ["-1", "0", "1099511627776", "2147483648", "2147483584",
                 "9223372036854775807", "18446744073709551615", "1e300",
                 "3", "63", "65"]) + text[m.end():]
    elif kind == 1:  # a key dropped or retyped
        import re
        keys = list(re.finditer(r'"(\w+)":\s*', text))
        if keys:
            m = rng.choice(keys)
            rest = text[m.end():]
            end = len(rest) - len(rest.lstrip("0123456789-\"abcdefx_ .")) or 1
            text = text[:m.end()] + rng.choice(['"x"', "null", "[]", "{}",
                                                "true"]) + rest[end:]
    elif kind == 2:
        return mutate_elf(data, rng) if data else data
    elif kind == 3:
        text = text[:rng.randrange(len(text) + 1)]
    elif kind == 4:  # a function line doubled or dropped
        text = mutate_text_lines(text, rng)
    elif kind == 5 and rng.random() < 0.5:  # nesting that overflowed a stack
        depth = rng.choice([65, 1000, 40000, 100000])
        text = text.replace('"functions": [', '"functions": [' + "[" * depth,
                            1)
    elif kind == 5:  # apply's choice, with a shift llvm-bolt cannot emit
        shift = rng.choice([1, 3, 63, 2, 64, 1 << 31])
        text = text.replace('"hash":', '"shift":%d,"emitted_size":16,'
                            '"code_hash":"0","hash":' % shift, 1)
    elif kind == 6:
        text = text.replace('"name":"alpha"', '"name":"%s"' % rng.choice(
            ["beta", "", "a\\u0000b", "\\u001b[31m", "nothing"]), 1)
    return text.encode("latin-1")


# ---- cases ------------------------------------------------------------------

def seed_inputs(args):
    d = os.path.join(args.work, "seed")
    os.makedirs(d, exist_ok=True)
    src = PROGRAM
    # prog carries the PGO analysis map (block frequencies and branch
    # probabilities: the counts a damaged map made LLVM's decoder trust).
    pgo_map = ["-mllvm", "-pgo-analysis-map=func-entry-count,bb-freq,br-prob"]
    for name, extra in (("prog", pgo_map), ("prog2", ["-DBIG"])):
        subprocess.run([args.clang, "-O1", "-fuse-ld=lld", "-Wl,--emit-relocs",
                        "-fbasic-block-address-map", *extra, src, "-o",
                        os.path.join(d, name)], check=True)
    with open(os.path.join(d, "prog.fdata"), "w") as f:
        f.write(PROFILE)
    subprocess.run([args.hotlayout, "plan", os.path.join(d, "prog"),
                    "--profile", os.path.join(d, "prog.fdata"), "-o",
                    os.path.join(d, "prog.lock")], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([args.hotlayout, "loops", "--quiet", os.path.join(d, "prog"),
                    "--profile", os.path.join(d, "prog.fdata"), "-o",
                    os.path.join(d, "prog.loops")], check=True,
                   stdout=subprocess.DEVNULL)
    with open(os.path.join(d, "prog.proftext"), "w") as f:
        f.write(PROFTEXT)
    subprocess.run([os.path.join(os.path.dirname(args.clang), "llvm-profdata"),
                    "merge", "-o", os.path.join(d, "prog.profdata"),
                    os.path.join(d, "prog.proftext")], check=True)
    seeds = {}
    for name in SEEDS:
        with open(os.path.join(d, name), "rb") as f:
            seeds[name] = f.read()
    return seeds


def usable(args, seeds, sub):
    """Whether sub runs on the undamaged seeds (in a scratch copy). flags
    needs the plugin next to the CLI (a CLI-only build has none): without
    it every flags case would fail for a reason that is not the input's."""
    if sub != "flags":
        return True
    probe = os.path.join(args.work, "probe")
    shutil.rmtree(probe, ignore_errors=True)
    os.makedirs(probe)
    for name in ("prog.loops", "prog.profdata"):
        with open(os.path.join(probe, name), "wb") as f:
            f.write(seeds[name])
    done = subprocess.run([args.hotlayout] + FLAGS, cwd=probe,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    shutil.rmtree(probe, ignore_errors=True)
    if done.returncode:
        print("cli-fuzz: flags skipped: %s" % done.stderr.decode(
            "latin-1").strip())
    return done.returncode == 0


FLAGS = ["flags", "--use", "prog.profdata", "--loop-profile", "prog.loops"]


def command(sub, rng):
    """The command line (in the case directory) and the inputs it may mutate,
    with the output path it writes (None when it writes nothing)."""
    with_profile = rng.random() < 0.7
    if sub == "check":
        cmd = ["check", "prog"] + (["--profile", "prog.fdata"]
                                   if with_profile else [])
        return cmd, ["prog", "prog.fdata"] if with_profile else ["prog"], None
    if sub == "diff":
        cmd = ["diff", "prog", "prog2"] + (["--profile", "prog.fdata"]
                                           if with_profile else [])
        return cmd, ["prog", "prog2"] + (["prog.fdata"] if with_profile
                                         else []), None
    if sub == "profile":
        return (["profile", "--quiet", "-o", "out.fdata", "--", "./prog",
                 "100"], ["prog"], "out.fdata")
    if sub == "loops":
        return (["loops", "--quiet", "prog", "--profile", "prog.fdata", "-o",
                 "out.loops"], ["prog", "prog.fdata"], "out.loops")
    if sub == "plan":
        update = rng.random() < 0.4
        cmd = ["plan", "prog", "--profile", "prog.fdata", "-o", "out.lock"]
        if update:
            cmd += ["--update", "prog.lock"]
        return cmd, ["prog", "prog.fdata"] + (["prog.lock"] if update
                                              else []), "out.lock"
    if sub == "flags":
        return FLAGS, ["prog.loops", "prog.profdata"], None
    cmd = ["apply", "prog", "--lock", "prog.lock", "-o", "out",
           "--max-bolt-runs", "2"]
    if with_profile:
        cmd += ["--profile", "prog.fdata"]
    return cmd, ["prog", "prog.lock"] + (["prog.fdata"] if with_profile
                                         else []), "out"


def mutate_binary(data, rng):
    return (mutate_elf_section if rng.random() < 0.5 else mutate_elf)(data, rng)


MUTATORS = {"prog": mutate_binary, "prog2": mutate_binary,
            "prog.fdata": mutate_profile, "prog.lock": mutate_lock,
            "prog.loops": mutate_profile, "prog.profdata": mutate_elf}


# What LLVM prints on its own: never allowed, whoever runs.
LLVM_DIAGNOSTIC = ("error:", "warning:", "LLVM ERROR", "PLEASE submit",
                   "Stack dump")


def stray_lines(err, runs_program):
    """stderr lines that are not hotlayout's: every message must be one of
    its own, prefixed 'hotlayout SUB:' (a bare LLVM 'error: ...' is not).
    A message may go on over indented lines (the tail of a failed child's
    log that it quotes). profile runs the user's program, whose stderr is
    passed through by design (a damaged one's loader complains): there only
    LLVM's own diagnostics count."""
    stray, inside = [], False
    for line in err.decode("latin-1").splitlines():
        if line.startswith("hotlayout"):
            inside = True
        elif inside and line.startswith("  "):
            continue
        elif not runs_program or line.startswith(LLVM_DIAGNOSTIC):
            stray.append(line)
    return stray


def limit_memory(megabytes):
    """A preexec_fn: RLIMIT_AS for the command and its children."""
    import resource
    limit = megabytes << 20

    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return apply


def leftovers(case, tmp, inputs, output, status):
    found = []
    for root, dirs, files in os.walk(case):
        for name in dirs + files:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, case)
            if rel.startswith("tmp" + os.sep):
                continue
            if name.startswith(".hotlayout") or ".tmp-" in name:
                found.append(rel)
    found += ["tmp/" + n for n in os.listdir(tmp)]
    if status == 2 and output and os.path.exists(os.path.join(case, output)):
        found.append(output + " (written on exit 2)")
    return found


def children(pid):
    """Command names of \p pid's children (Linux /proc)."""
    names = []
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/children" % (pid, task)) as f:
                for child in f.read().split():
                    with open("/proc/%s/comm" % child) as c:
                        names.append(c.read().strip())
    except OSError:
        pass
    return names


def stop_timed_out(proc, timeout):
    """A command past its time: SIGTERM, which hotlayout must honour
    (stopping its child and removing its temporary files), then SIGKILL.
    A child that was running (llvm-bolt on a damaged binary, a mutated
    program that loops) makes it a child timeout, not a hotlayout hang."""
    kids = children(proc.pid)
    proc.send_signal(signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=10)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _, err = proc.communicate()
        return None, err, ("hang", "ran past %ss and ignored SIGTERM" % timeout)
    if status != 128 + signal.SIGTERM:
        return None, err, ("hang", "ran past %ss; SIGTERM gave status %d" %
                           (timeout, status))
    if kids:
        # Stopped cleanly: status 2-like for the leftover checks below.
        return 143, err, ("child-timeout", "%s ran past %ss; hotlayout "
                          "stopped it on SIGTERM" % (",".join(kids), timeout))
    return 143, err, ("hang", "ran past %ss with no child running" % timeout)


def run_case(args, seeds, index):
    rng = random.Random("%d/%d" % (args.seed, index))
    sub = args.subs[index % len(args.subs)]
    argv, inputs, output = command(sub, rng)
    case = os.path.join(args.work, "cases", str(index))
    shutil.rmtree(case, ignore_errors=True)
    tmp = os.path.join(case, "tmp")
    os.makedirs(tmp)
    for name in set(inputs) | set(SEEDS):
        with open(os.path.join(case, name), "wb") as f:
            f.write(seeds[name])
    os.chmod(os.path.join(case, "prog"), 0o755)
    victim = rng.choice(inputs)
    data = seeds[victim]
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        data = MUTATORS[victim](data, rng)
    with open(os.path.join(case, victim), "wb") as f:
        f.write(data)
    before = {n: sha(os.path.join(case, n)) for n in inputs}
    cmdline = [args.hotlayout] + argv
    with open(os.path.join(case, "cmd.txt"), "w") as f:
        f.write("cd %s && TMPDIR=%s %s\n" % (case, tmp, " ".join(
            "'%s'" % a for a in cmdline)))
    env = dict(os.environ, TMPDIR=tmp)
    proc = subprocess.Popen(cmdline, cwd=case, env=env,
                            stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=limit_memory(args.memory)
                            if args.memory else None)
    problems = []
    try:
        _, err = proc.communicate(timeout=args.timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        status, err, problem = stop_timed_out(proc, args.timeout)
        problems.append(problem)
    # 3 is ab's "not resolved", which no fuzzed subcommand returns; 4 is
    # an internal error (LLVM gave up): a crash, however cleanly reported.
    if status is not None and status != 143 and (status < 0 or status > 2):
        problems.append(("crash", "status %d%s" % (
            status, " (internal error)" if status == 4 else "")))
    stray = stray_lines(err, runs_program=sub == "profile")
    if stray:
        problems.append(("stray", "%d stderr lines not hotlayout's, first: %r"
                         % (len(stray), stray[0][:200])))
    # An error must name the file that is wrong: the damaged input, or for
    # profile the program run from it.
    if status == 2 and victim not in err.decode("latin-1"):
        problems.append(("unnamed", "exit 2 without naming %s" % victim))
    changed = [n for n in inputs if sha(os.path.join(case, n)) != before[n]]
    if changed:
        problems.append(("changed", " ".join(changed)))
    if status is not None:
        left = leftovers(case, tmp, inputs, output, status)
        if left:
            problems.append(("leftover", " ".join(left)))
    if problems:
        with open(os.path.join(case, "stderr.txt"), "wb") as f:
            f.write(err)
    else:
        shutil.rmtree(case, ignore_errors=True)
    return index, sub, victim, status, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hotlayout", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", default="")
    ap.add_argument("--memory", type=int, default=2048,
                    help="address-space limit (RLIMIT_AS) in MiB for each "
                    "command and its children; 0: none")
    ap.add_argument("--seed-from", default="",
                    help="take prog, prog2, prog.fdata and prog.lock from this "
                    "directory instead of building them")
    args = ap.parse_args()
    args.hotlayout = os.path.abspath(args.hotlayout)
    args.work = os.path.abspath(args.work)
    os.makedirs(args.work, exist_ok=True)
    if args.seed_from:
        seeds = {}
        for name in SEEDS:
            with open(os.path.join(args.seed_from, name), "rb") as f:
                seeds[name] = f.read()
    else:
        seeds = seed_inputs(args)
    args.subs = [sub for sub in (args.only.split(",") if args.only
                                 else SUBCOMMANDS)
                 if usable(args, seeds, sub)]
    counts = {"crash": 0, "hang": 0, "changed": 0, "leftover": 0,
              "stray": 0, "unnamed": 0, "child-timeout": 0}
    per_sub = {}
    statuses = {}
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for index, sub, victim, status, problems in pool.map(
                lambda i: run_case(args, seeds, i), range(args.count)):
            statuses[status] = statuses.get(status, 0) + 1
            per_sub[sub] = per_sub.get(sub, 0) + 1
            for kind, what in problems:
                counts[kind] += 1
                print("case %d (%s, %s mutated): %s: %s; reproduce: %s" % (
                    index, sub, victim, kind, what,
                    os.path.join(args.work, "cases", str(index), "cmd.txt")))
            sys.stdout.flush()
    elapsed = time.time() - start
    print("cli-fuzz: exit statuses %s" % ", ".join(
        "%s: %d" % (k, v) for k, v in sorted(statuses.items(),
                                             key=lambda kv: str(kv[0]))))
    print("cli-fuzz: cases per subcommand %s" % ", ".join(
        "%s: %d" % kv for kv in sorted(per_sub.items())))
    print("cli-fuzz: %d inputs, %d crashes, %d hangs, %d changed inputs, "
          "%d leftovers, %d stray stderr, %d unnamed errors; %d child "
          "timeouts (%.0f s, %.2f inputs/s)" % (
              args.count, counts["crash"], counts["hang"], counts["changed"],
              counts["leftover"], counts["stray"], counts["unnamed"],
              counts["child-timeout"], elapsed,
              args.count / max(elapsed, 1e-9)))
    # A child timeout is BOLT's or the mutated program's, not hotlayout's:
    # reported, and it passes when hotlayout stopped it cleanly.
    return 1 if any(v for k, v in counts.items() if k != "child-timeout") \
        else 0


if __name__ == "__main__":
    sys.exit(main())
