#!/usr/bin/env python3
"""Writes one huge function for odd-huge-function.test to stdout.

gen-huge-function.py N SHAPE
  same     N flushes of one range, each pair separated by a store through an
           unrelated pointer argument (so every one is kept), in a chain of
           N/4 diamonds: many blocks, many memory accesses, many candidates.
  distinct N flushes of N different ranges with N loads in between: every
           flush has many earlier flushes to compare against and none covers.
  repeat   N flushes of one range with nothing in between (all but the
           first are redundant).
  queries  N flushes of N different ranges up front, then 40*N loads and a
           last flush of the first range: every load meets N live facts, so
           an analysis that asks alias analysis per (access, fact) pair must
           bound its queries. The last flush is redundant.
"""
import sys

HEADER = (
    'target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-'
    'i128:128-f80:128-n8:16:32:64-S128"\n'
    'target triple = "x86_64-unknown-linux-gnu"\n\n'
)


def same(n):
    out = ["define void @huge(ptr %code, i64 %len, ptr %other, i1 %c) {",
           "entry:",
           "  %end = getelementptr inbounds i8, ptr %code, i64 %len",
           "  br label %b0"]
    blocks = max(1, n // 4)
    for b in range(blocks):
        nxt = "b%d" % (b + 1)
        out += ["b%d:" % b,
                "  call void @llvm.clear_cache(ptr %code, ptr %end)",
                "  store i32 %d, ptr %%other, align 4" % b,
                "  br i1 %%c, label %%l%d, label %%r%d" % (b, b),
                "l%d:" % b,
                "  call void @llvm.clear_cache(ptr %code, ptr %end)",
                "  store i32 %d, ptr %%other, align 4" % b,
                "  br label %%j%d" % b,
                "r%d:" % b,
                "  call void @llvm.clear_cache(ptr %code, ptr %end)",
                "  br label %%j%d" % b,
                "j%d:" % b,
                "  call void @llvm.clear_cache(ptr %code, ptr %end)",
                "  store i32 %d, ptr %%other, align 4" % b,
                "  br label %" + nxt]
    out += ["b%d:" % blocks, "  ret void", "}"]
    return out


def distinct(n):
    out = ["define i64 @huge(ptr %code, ptr %data) {", "entry:"]
    acc = "0"
    for i in range(n):
        out += ["  %%p%d = getelementptr inbounds i8, ptr %%code, i64 %d" % (i, 64 * i),
                "  %%e%d = getelementptr inbounds i8, ptr %%p%d, i64 64" % (i, i),
                "  call void @llvm.clear_cache(ptr %%p%d, ptr %%e%d)" % (i, i),
                "  %%d%d = getelementptr inbounds i64, ptr %%data, i64 %d" % (i, i),
                "  %%v%d = load i64, ptr %%d%d, align 8" % (i, i),
                "  %%a%d = add i64 %s, %%v%d" % (i, acc, i)]
        acc = "%%a%d" % i
    out += ["  ret i64 %s" % acc, "}"]
    return out


def repeat(n):
    out = ["define void @huge(ptr %code, i64 %len) {", "entry:",
           "  %end = getelementptr inbounds i8, ptr %code, i64 %len"]
    out += ["  call void @llvm.clear_cache(ptr %code, ptr %end)"] * n
    out += ["  ret void", "}"]
    return out


def queries(n):
    out = ["define i64 @huge(ptr %code, ptr %data) {", "entry:"]
    for i in range(n):
        out += ["  %%p%d = getelementptr inbounds i8, ptr %%code, i64 %d" % (i, 64 * i),
                "  %%e%d = getelementptr inbounds i8, ptr %%p%d, i64 64" % (i, i),
                "  call void @llvm.clear_cache(ptr %%p%d, ptr %%e%d)" % (i, i)]
    acc = "0"
    for i in range(40 * n):
        out += ["  %%d%d = getelementptr inbounds i64, ptr %%data, i64 %d" % (i, i),
                "  %%v%d = load i64, ptr %%d%d, align 8" % (i, i),
                "  %%a%d = add i64 %s, %%v%d" % (i, acc, i)]
        acc = "%%a%d" % i
    out += ["  call void @llvm.clear_cache(ptr %p0, ptr %e0)",
            "  ret i64 %s" % acc, "}"]
    return out


def main():
    n, shape = int(sys.argv[1]), sys.argv[2]
    body = {"same": same, "distinct": distinct, "repeat": repeat,
            "queries": queries}[shape](n)
    sys.stdout.write(HEADER + "\n".join(body) +
                     "\n\ndeclare void @llvm.clear_cache(ptr, ptr)\n")


if __name__ == "__main__":
    main()
