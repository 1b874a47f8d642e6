#!/usr/bin/env python3
"""Write hotlayout.1, the man page, from the CLI's own --help text.

The page is generated, never written by hand, so it cannot drift from the
options the CLI really has: NAME and DESCRIPTION come from `hotlayout --help`,
one SUBCOMMANDS section per subcommand from `hotlayout SUB --help` (its
summary, usage, the paragraph above its options and each option as a tagged
paragraph). Hidden options stay hidden, as in --help.

  gen-manpage.py HOTLAYOUT VERSION OUT

OUT ending in .gz is written gzip'd without a timestamp (`gzip -9n`), as
Debian installs man pages; the same CLI gives the same bytes.
"""

import gzip
import os
import re
import subprocess
import sys

# LLVM's help printer: "  --name=<value>   - text" (text may wrap onto lines
# indented past the dash).
OPTION = re.compile(r"^  (-{1,2}\S.*?)\s+- (.*)$")
# An enumerated option's values, listed under it: "    =wall   -   text".
VALUE = re.compile(r"^    (=\S+)\s+- +(.*)$")
SUBCOMMAND = re.compile(r"^  (\w[\w-]*)\s+- (.*)$")


def run_help(cli, *args):
    out = subprocess.run([cli, *args, "--help"], check=True,
                         capture_output=True, text=True).stdout
    return out.splitlines()


def roff(text):
    """Escape a line of plain text for roff: backslashes, leading dots and
    quotes, and hyphens (so option names copy and search as typed)."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def subcommands(lines):
    """(name, summary) of each subcommand listed by the top-level --help."""
    found, inside = [], False
    for line in lines:
        if line.startswith("SUBCOMMANDS:"):
            inside = True
        elif inside and line and not line.startswith(" "):
            break
        elif inside:
            m = SUBCOMMAND.match(line)
            if m:
                found.append((m.group(1), m.group(2)))
    return found


def overview(lines):
    """The top-level OVERVIEW paragraph, without its first line's label."""
    text = []
    for line in lines:
        if line.startswith("USAGE:"):
            break
        text.append(line.replace("OVERVIEW:", "").strip())
    return [t for t in text if t]


def subcommand_section(name, summary, lines):
    """One subcommand's part of the page: .SS NAME, its usage, and its own
    option category (the generic --help options are listed once, at the
    end)."""
    out = [".SS %s" % roff(name), roff(summary), ".PP"]
    usage = next((l for l in lines if l.startswith("USAGE:")), None)
    if usage:
        out += [".B %s" % roff(usage[len("USAGE:"):].strip()), ".PP"]
    own = "hotlayout %s options:" % name
    inside, option = False, None
    for line in lines:
        if line == own:
            inside = True
            continue
        if not inside:
            continue
        if line and not line.startswith(" "):
            # The paragraph above the options, or the next category.
            if line.endswith("options:") or line.endswith("Options:"):
                break
            out += [roff(line), ".PP"]
            continue
        m = VALUE.match(line)
        if m and option is not None:
            out += [".RS", ".TP", ".B %s" % roff(m.group(1)), roff(m.group(2)),
                    ".RE"]
            continue
        m = OPTION.match(line)
        if m:
            option = [".TP", ".B %s" % roff(m.group(1)), roff(m.group(2))]
            out += option
        elif line.strip() and option is not None:
            out.append(roff(line.strip()))
    return out


def page(cli, version):
    top = run_help(cli)
    out = ['.TH HOTLAYOUT 1 "" "hotlayout %s" "User Commands"' % version,
           ".SH NAME",
           "hotlayout \\- profile\\-guided code layout: keep hot loops "
           "aligned and hot code in place between builds",
           ".SH SYNOPSIS",
           ".B hotlayout",
           ".I subcommand",
           "[\\fIoptions\\fR]",
           ".SH DESCRIPTION"]
    out += [roff(l) for l in overview(top)]
    out += [".PP", "Every subcommand exits 2 on an error, naming the file "
            "it concerns. The subcommands and their options follow; "
            "\\fBhotlayout\\fR \\fIsubcommand\\fR \\fB\\-\\-help\\fR prints "
            "the same text."]
    out.append(".SH SUBCOMMANDS")
    for name, summary in subcommands(top):
        out += subcommand_section(name, summary, run_help(cli, name))
    out += [".SH GENERIC OPTIONS",
            ".TP", ".B \\-\\-help",
            "Display available options (\\-\\-help\\-hidden for more).",
            ".TP", ".B \\-\\-version",
            "Display the version of this program.",
            ".SH SEE ALSO",
            "\\fBclang\\fR(1), \\fBllvm\\-bolt\\fR, \\fBld.lld\\fR(1); "
            "/usr/share/doc/hotlayout/README.md"]
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 4:
        sys.exit("usage: gen-manpage.py HOTLAYOUT VERSION OUT")
    cli, version, out = argv[1:]
    text = page(cli, version).encode()
    if out.endswith(".gz"):
        # mtime=0 and no file name: the same text gives the same bytes.
        text = gzip.compress(text, compresslevel=9, mtime=0)
    # Written whole or not at all: a failed run leaves no half page.
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(text)
    os.replace(tmp, out)


if __name__ == "__main__":
    main(sys.argv)
