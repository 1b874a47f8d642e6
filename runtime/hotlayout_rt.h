/*===- hotlayout_rt.h - Runtime of flushelim's check and profile modes ----===*
 *
 * flushelim (-flushelim-mode=check|profile) inserts calls to these functions;
 * link the program with -lhotlayout_rt -lpthread. Plain C11 with no
 * dependency beyond libc and pthreads, so it builds for any target.
 *
 * Both modes keep a shadow copy of every byte a flush covered, taken when the
 * flush ran. The runtime only ever reads the program's memory.
 *
 * Limits (memory is bounded):
 *   - The shadow is kept in 4 KiB shadow pages (about 5 KiB each with their
 *     valid bitmap and per-64-byte-line site). At most HOTLAYOUT_RT_MAX_PAGES
 *     of them (default 16384: 64 MiB of flushed memory, about 82 MiB of
 *     shadow); the environment variable HOTLAYOUT_SHADOW_PAGES overrides it
 *     at the first call. Once full, a warning is printed once; bytes without
 *     a shadow page are then not checked (check mode) and count as changed
 *     (profile mode).
 *   - Profile mode keeps at most HOTLAYOUT_RT_MAX_SITES (default 4096)
 *     distinct sites; later sites are summed into one "<other sites>" row.
 *   - Only flushes the instrumented code performs are seen: a flush done by
 *     uninstrumented code (another library, the kernel) does not refresh the
 *     shadow, so a check after it may report a byte as changed.
 *   - The runtime reads every flushed range: execute-only mappings (mapped
 *     PROT_EXEC without PROT_READ) cannot be checked or profiled.
 *
 *===----------------------------------------------------------------------===*/

#ifndef HOTLAYOUT_RT_H
#define HOTLAYOUT_RT_H

#ifdef __cplusplus
extern "C" {
#endif

/// Check mode, right after a flush that flushelim kept: snapshots the bytes
/// [begin, end) and remembers \p site as the flush that last covered them.
void __hotlayout_flush_record(const void *begin, const void *end,
                              const char *site);

/// Check mode, in place of a flush that flushelim proved redundant because of
/// the flush at \p witness_site: returns when every byte of [begin, end)
/// still equals its snapshot; otherwise prints which byte changed (or was
/// never flushed), naming both sites, to stderr and calls abort().
void __hotlayout_flush_check(const void *begin, const void *end,
                             const char *elided_site, const char *witness_site);

/// Profile mode, before every flush: counts a call at \p site, the bytes
/// [begin, end) asked for and those of them that changed since they were last
/// flushed (never-flushed bytes count as changed), then snapshots them. At
/// exit a TSV table `site calls bytes_requested bytes_changed
/// bytes_skippable bytes_skippable_changed`, sorted by site, goes to the file
/// named by HOTLAYOUT_PROFILE, or to stderr.
void __hotlayout_flush_profile(const void *begin, const void *end,
                               const char *site);

/// Profile mode, before the profile call of a flush that flushelim would
/// remove (its whole range) or narrow (the part already flushed): counts
/// [begin, end) as skippable bytes of \p site and those of them that changed
/// since their last flush (never-flushed bytes count as changed); any such
/// byte means skipping it would be wrong. Updates no snapshot.
void __hotlayout_flush_profile_skip(const void *begin, const void *end,
                                    const char *site);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HOTLAYOUT_RT_H */
