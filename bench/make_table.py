#!/usr/bin/env python3
"""Turn gpusort_bench JSON output into Markdown tables, one per benchmark family.

    gpusort_bench --benchmark_out=run.json --benchmark_out_format=json
    python3 bench/make_table.py run.json [more.json ...] [-o table.md]

Several files may be given (for example one run per --benchmark_filter); their
results are merged, later files winning for the same family and size. Each row
shows the median over repetitions (--aggregate picks another aggregate). The
summary tables put every implementation present (Sorter, bitonic, radix, textbook,
std::sort, std::sort(par), CUB radix, CUB merge) side by side per key type and n,
with the speedup of the front door (Sorter; without it, the bitonic network) over
each: baseline time / its time, so 3.0 means it is three times faster and 0.5 that
it takes twice as long. The per-family tables give the speedup over the textbook
GPU bitonic sort and over std::sort.

Runs recorded before the network's family was renamed (gpusort/* -> bitonic/*,
see CHANGELOG.md) are read under the new name, so old and new JSON merge.

--check makes the script exit with status 1 when a file holds no results or any
benchmark reported an error (the ctest smoke test uses it).

Python 3 standard library only.
"""

import argparse
import json
import statistics
import sys

from table_format import format_number

# Family names are "<implementation>/<case>", e.g. "bitonic/keys_u32" (BitonicSorter, the
# network), "radix/keys_u32" (RadixSorter), "sorter/keys_u32" (the front door, gpusort::Sorter).
BITONIC = "bitonic"
# Implementations renamed since: the old name as recorded in older JSON -> the name now.
RENAMED = {"gpusort": BITONIC}
FRONT_DOOR = "sorter"
TEXTBOOK = "textbook"
STD_SORT = "std_sort"
CPU_IMPLEMENTATIONS = {STD_SORT, "std_sort_par"}
# Column order of the summary and the names shown for each implementation;
# implementations not listed follow in order of appearance under their own name.
DISPLAY_NAMES = {
    FRONT_DOOR: "Sorter",
    FRONT_DOOR + "_indirect": "Sorter (sort_indirect)",
    BITONIC: "bitonic",
    "radix": "radix",
    "radix_rts": "radix (reduce-then-scan)",
    TEXTBOOK: "textbook",
    STD_SORT: "std::sort",
    "std_sort_par": "std::sort(par)",
    "cub_radix": "CUB radix",
    "cub_merge": "CUB merge",
}

# Families that time another call of an implementation on the same case: the case's prefix ->
# the suffix of the implementation they are shown as, in the case's tables beside the plain call
# ("sorter/indirect_pairs_u32_u32", sort_indirect() with the count in a GL buffer, is
# "sorter_indirect" in the pairs_u32_u32 tables).
CALL_VARIANTS = {"indirect_": "_indirect"}

UNIT_TO_MS = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}

# Cases whose keys differ from the uint32 case's in type or distribution only: each is held
# against that case, per implementation, in "Float and depth keys against uint32 keys". The
# *_depth cases sort view depths as floats, the *_splatapult cases splatapult's reversed
# quantized depths as uint (bench/key_distributions.hpp).
KEY_VARIANTS = {
    "keys_u32": ["keys_f32", "keys_f32_depth", "keys_u32_splatapult"],
    "pairs_u32_u32": ["pairs_f32_u32", "pairs_f32_u32_depth", "pairs_u32_u32_splatapult"],
}


class Result:
    """One (family, n) measurement."""

    def __init__(self, ms, keys_per_second, gb_per_second, wall_ms):
        self.ms = ms
        self.keys_per_second = keys_per_second
        self.gb_per_second = gb_per_second
        self.wall_ms = wall_ms


def split_run_name(run_name):
    """'bitonic/keys_u32/1024/min_time:0.1/...' -> ('bitonic', 'keys_u32', 1024); an old
    implementation name comes back as its new one ('gpusort/...' -> 'bitonic'), and a call
    variant as an implementation of its own beside the plain call ('sorter/indirect_pairs_u32_u32'
    -> ('sorter_indirect', 'pairs_u32_u32'))."""
    parts = run_name.split("/")
    if len(parts) < 3 or not parts[2].isdigit():
        return None
    impl, case = RENAMED.get(parts[0], parts[0]), parts[1]
    for prefix, suffix in CALL_VARIANTS.items():
        if case.startswith(prefix):
            impl, case = impl + suffix, case[len(prefix):]
    return impl, case, int(parts[2])


def family_name(impl, case):
    """The benchmark family an (implementation, case) of split_run_name came from."""
    for prefix, suffix in CALL_VARIANTS.items():
        if impl.endswith(suffix):
            return "%s/%s%s" % (impl[:-len(suffix)], prefix, case)
    return "%s/%s" % (impl, case)


def entry_values(entry):
    ms = entry["real_time"] * UNIT_TO_MS[entry.get("time_unit", "ns")]
    return (ms, entry.get("items_per_second"), entry.get("GB/s"), entry.get("wall_ms"))


def median_or_none(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def load_documents(paths, program):
    """The JSON documents at `paths`, or None after saying on stderr which one failed."""
    documents = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as handle:
                documents.append(json.load(handle))
        except (OSError, ValueError) as error:
            print("%s: cannot read %s: %s" % (program, path, error), file=sys.stderr)
            return None
    return documents


def collect(documents, aggregate):
    """Returns ({(impl, case, n): Result}, [error strings], context of the last file)."""
    results = {}  # insertion order = order of first appearance, i.e. registration order
    errors = []
    context = {}
    for document in documents:
        context = document.get("context", context)
        chosen = {}
        repeats = {}
        for entry in document.get("benchmarks", []):
            key = split_run_name(entry.get("run_name", entry.get("name", "")))
            if key is None:
                continue
            if entry.get("error_occurred"):
                errors.append("%s: %s" % (entry.get("name"), entry.get("error_message", "error")))
                continue
            if entry.get("run_type") == "aggregate":
                if entry.get("aggregate_name") == aggregate:
                    chosen[key] = entry_values(entry)
            else:
                repeats.setdefault(key, []).append(entry_values(entry))
        # Without aggregates (one repetition, or aggregates switched off) the
        # median of the individual runs stands in for them.
        for key, runs in repeats.items():
            if key not in chosen:
                chosen[key] = tuple(median_or_none(column) for column in zip(*runs))
        for key, values in chosen.items():
            results[key] = Result(*values)
    return results, errors, context


def format_n(n):
    if n > 0 and n & (n - 1) == 0:
        return "%d (2^%d)" % (n, n.bit_length() - 1)
    return str(n)


def speedup(results, baseline_impl, case, n, ms):
    baseline = results.get((baseline_impl, case, n))
    if baseline is None or not ms:
        return "—"
    return format_number(baseline.ms / ms) + "×"


def display_name(impl):
    return DISPLAY_NAMES.get(impl, impl)


def ordered_implementations(families, case):
    """Implementations measured for `case`: the known ones first, in DISPLAY_NAMES order."""
    present = list(dict.fromkeys(impl for impl, c in families if c == case))
    known = [impl for impl in DISPLAY_NAMES if impl in present]
    return known + [impl for impl in present if impl not in DISPLAY_NAMES]


def render_summary(results, families, aggregate):
    """Every implementation side by side, and the front door (else the network) against each,
    one table per key type."""
    lines = []
    cases = list(dict.fromkeys(case for _, case in families))
    for case in cases:
        impls = ordered_implementations(families, case)
        # Ratios against the front door where the run has it, else against the network, else
        # (cases only the radix sort runs) against the radix sort.
        reference = next((impl for impl in (FRONT_DOOR, BITONIC, "radix") if impl in impls), FRONT_DOOR)
        baselines = [impl for impl in impls if impl != reference] if reference in impls else []
        lines.append("## Summary: %s (ms, %s)" % (case, aggregate))
        lines.append("")
        header = ["n"] + [display_name(impl) for impl in impls]
        header += ["%s vs %s" % (display_name(reference), display_name(impl)) for impl in baselines]
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|" + "|".join(["---:"] * len(header)) + "|")
        sizes = sorted({n for impl, c, n in results if c == case})
        for n in sizes:
            times = [results.get((impl, case, n)) for impl in impls]
            row = [format_n(n)] + [format_number(t.ms, 4) if t else "—" for t in times]
            own = results.get((reference, case, n))
            for impl in baselines:
                row.append(speedup(results, impl, case, n, own.ms if own else None))
            lines.append("| " + " | ".join(row) + " |")
        lines.append("")
    return lines


def render_key_variants(results, aggregate):
    """Per implementation, each float or depth case's time and its ratio to the same
    implementation's uint32 case at the same n (above 1: slower than uint32 keys)."""
    lines = []
    for base, variants in KEY_VARIANTS.items():
        impls = list(dict.fromkeys(impl for impl, case, _ in results if case == base))
        for impl in impls:
            present = [case for case in variants if any(i == impl and c == case for i, c, _ in results)]
            if not present:
                continue
            if not lines:
                lines.append("## Float and depth keys against uint32 keys (ms, %s; in brackets: / uint32)" % aggregate)
                lines.append("")
                lines.append("The same implementation's %s at the same n divides each time; above 1 is slower."
                             % " and ".join("`%s`" % b for b in KEY_VARIANTS))
                lines.append("")
            lines.append("### %s: %s" % (display_name(impl), base))
            lines.append("")
            header = ["n", base] + present
            lines.append("| " + " | ".join(header) + " |")
            lines.append("|" + "|".join(["---:"] * len(header)) + "|")
            sizes = sorted({n for i, c, n in results if i == impl and c in present})
            for n in sizes:
                own = results.get((impl, base, n))
                row = [format_n(n), format_number(own.ms, 4) if own else "—"]
                for case in present:
                    result = results.get((impl, case, n))
                    if result is None:
                        row.append("—")
                    elif own and own.ms:
                        row.append("%s (%s×)" % (format_number(result.ms, 4), format_number(result.ms / own.ms)))
                    else:
                        row.append(format_number(result.ms, 4))
                lines.append("| " + " | ".join(row) + " |")
            lines.append("")
    return lines


def render(results, errors, context, aggregate):
    lines = []
    device = context.get("gl_renderer", "unknown GL renderer")
    version = context.get("gl_version", "")
    lines.append("# gpusort_bench results")
    lines.append("")
    lines.append("- GL renderer: %s" % device)
    if version:
        lines.append("- GL version: %s" % version)
    if context.get("date"):
        lines.append("- date: %s, host: %s (%s CPUs)" % (context["date"], context.get("host_name", "?"),
                                                       context.get("num_cpus", "?")))
    for key, label in (("cub", "CUB"), ("std_sort_par", "std::sort(par)")):
        if context.get(key):
            lines.append("- %s: %s" % (label, context[key]))
    lines.append("- every time is the %s over repetitions; speedup = baseline time / this time "
                 "(same key type, same n)" % aggregate)
    lines.append("")
    families = list(dict.fromkeys((impl, case) for impl, case, _ in results))
    lines.extend(render_summary(results, families, aggregate))
    lines.extend(render_key_variants(results, aggregate))
    for impl, case in families:
        on_cpu = impl in CPU_IMPLEMENTATIONS
        lines.append("## %s" % family_name(impl, case))
        lines.append("")
        header = ["n", ("CPU" if on_cpu else "GPU") + " ms (%s)" % aggregate, "G keys/s", "GB/s"]
        if not on_cpu:
            header.append("wall ms")
        with_copy = not on_cpu and impl != "copy" and any(i == "copy" for i, _, _ in results)
        if with_copy:
            header.append("% of copy GB/s")
        if impl != TEXTBOOK:
            header.append("speedup vs textbook")
        if impl != STD_SORT:
            header.append("speedup vs std::sort")
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|" + "|".join(["---:"] * len(header)) + "|")
        for n in sorted(n for i, c, n in results if (i, c) == (impl, case)):
            result = results[(impl, case, n)]
            row = [format_n(n), format_number(result.ms, 4),
                   format_number(result.keys_per_second / 1e9 if result.keys_per_second else None),
                   format_number(result.gb_per_second)]
            if not on_cpu:
                row.append(format_number(result.wall_ms, 4))
            if with_copy:
                # The same run's streaming copy of n keys: how close each pass comes to it.
                copy = results.get(("copy", "u32x4", n))
                row.append("%.0f%%" % (100.0 * result.gb_per_second / copy.gb_per_second)
                           if copy and copy.gb_per_second and result.gb_per_second else "—")
            if impl != TEXTBOOK:
                row.append(speedup(results, TEXTBOOK, case, n, result.ms))
            if impl != STD_SORT:
                row.append(speedup(results, STD_SORT, case, n, result.ms))
            lines.append("| " + " | ".join(row) + " |")
        lines.append("")
    if errors:
        lines.append("## Errors")
        lines.append("")
        for error in errors:
            lines.append("- %s" % error)
        lines.append("")
    return "\n".join(lines)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("json", nargs="+", help="gpusort_bench --benchmark_out JSON file(s)")
    parser.add_argument("-o", "--output", help="write the Markdown here instead of stdout")
    parser.add_argument("--aggregate", default="median", help="aggregate to report (default: median)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if there are no results or any benchmark reported an error")
    args = parser.parse_args(argv)

    documents = load_documents(args.json, "make_table.py")
    if documents is None:
        return 1
    results, errors, context = collect(documents, args.aggregate)
    markdown = render(results, errors, context, args.aggregate)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(markdown + "\n")
    else:
        print(markdown)
    if args.check:
        if not results:
            print("make_table.py: no results found", file=sys.stderr)
            return 1
        if errors:
            print("make_table.py: %d benchmark(s) reported errors" % len(errors), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
