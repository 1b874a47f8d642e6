#!/usr/bin/env python3
"""machine.py: one paragraph naming the machine a bench ran on (CPU model, family/model,
CPUs online, memory, kernel, load average, virtualisation hint). Every bench summary starts
with it, so no number in bench/results is without its machine."""
import os
import platform


def cpuinfo_field(name):
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith(name):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "?"


def describe():
    flags = cpuinfo_field("flags").split()
    virt = "VM (hypervisor flag)" if "hypervisor" in flags else "no hypervisor flag"
    try:
        with open("/proc/meminfo") as f:
            mem_kb = int(f.readline().split()[1])
        mem = f"{mem_kb / 2**20:.0f} GiB"
    except (OSError, ValueError, IndexError):
        mem = "?"
    load = " ".join(open("/proc/loadavg").read().split()[:3]) if os.path.exists("/proc/loadavg") else "?"
    return (f"machine: {cpuinfo_field('model name')} (family {cpuinfo_field('cpu family')} "
            f"model {cpuinfo_field('model')}), {os.cpu_count()} CPUs online, {mem}, {virt}; "
            f"{platform.system()} {platform.release()} {platform.machine()}; load average {load}")


def tag():
    """Default results folder tag: <date>-<cpu model words>."""
    import datetime
    import re
    model = re.sub(r"[^a-z0-9]+", "-", cpuinfo_field("model name").lower()).strip("-")
    return f"{datetime.date.today().isoformat()}-{model}"


if __name__ == "__main__":
    import sys
    print(tag() if sys.argv[1:] == ["--tag"] else describe())
