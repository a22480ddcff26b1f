#!/usr/bin/env python3
"""Per-kernel tables of gpusort's radix sort beside CUB's, from one probe run and one ncu run.

    gpusort_radix_probe --kernels --step=2 --check-max-log2=24 --layouts=A,B,... 24 26 7 default > probe.txt
    ncu --profile-from-start off --clock-control none --cache-control none \\
        --metrics gpu__time_duration.sum -k 'regex:.*(DeviceRadixSort|gpusort_stream_copy).*' \\
        --csv --page raw --log-file cub.csv gpusort_cub_kernels 24 26 > cub_plan.txt
    python3 bench/kernel_table.py --probe probe.txt --ncu cub.csv --plan cub_plan.txt -o kernels.md

For each layout (gpusort_bench's case names) and size: every kernel's median time in µs, the
bytes it must move at the least (a histogram reads the keys once; a digit pass reads and writes
keys and values), its GB/s and that as a share of a streaming copy's GB/s measured in the same
process (GL's uvec4 copy for gpusort, a CUDA uint4 copy for CUB, both of 2n words), then the
digit passes' mean, the sum of the kernels and the whole sort, and gpusort's time over CUB's.

Inputs:
- --probe: gpusort_radix_probe's output (bench/lab/radix_probe.cpp) with --kernels; the rows of
  --variant (default: the first variant in the file).
- --ncu: Nsight Compute's CSV of gpusort_cub_kernels (bench/lab/cub_kernels.cu), either the raw
  page (--page raw: a column per metric, possibly a units row) or the default details page (a row
  per metric: "Metric Name", "Metric Unit", "Metric Value"); lines before the CSV header (ncu's
  ==PROF== messages) are skipped, thousands separators dropped.
- --plan: gpusort_cub_kernels' stdout, whose "profile ..." lines say which ranges ncu profiled,
  in order; ncu's rows are matched to them in launch order (a sort starts at its histogram).
The readers are in kernel_inputs.py. Either side may be left out. --check exits 1 when anything
could not be matched (a plan range without its rows, rows left over, a layout or size missing on
one side, a wrong CUB result, a gpusort result that differs from std::stable_sort).

Python 3 standard library only.
"""

import argparse
import statistics
import sys

from kernel_inputs import LAYOUTS, TIME_METRIC, Kernel, Side, match_cub, read_ncu, read_plan, read_probe
from table_format import format_number


# --- The tables ---------------------------------------------------------------------------------

def percent(gbs, copy):
    return "%.0f%%" % (100.0 * gbs / copy) if gbs and copy else "—"


def ratio(a, b):
    return format_number(a / b) + "×" if a and b else "—"


def summarize(kernels):
    """Histogram, digit passes and the sum of every kernel, as Kernels (None where absent)."""
    histogram = next((k for k in kernels if k.name == "histogram"), None)
    passes = [k for k in kernels if k.name.startswith("digit pass")]
    mean = Kernel("digit pass (mean of %d)" % len(passes), statistics.mean(k.us for k in passes),
                  passes[0].bytes) if passes else None
    total = Kernel("all kernels", sum(k.us for k in kernels), 0)
    return histogram, passes, mean, total


def row_cells(kernel, copy):
    if kernel is None:
        return ["—", "—", "—"]
    return [format_number(kernel.us, 4), format_number(kernel.gbs()), percent(kernel.gbs(), copy)]


def render(ours, theirs, layouts_wanted, sizes_wanted):
    sides = [side for side in (ours, theirs) if side is not None]
    keys = []
    for side in sides:
        for key in side.kernels:
            if key not in keys:
                keys.append(key)
    order = {name: i for i, name in enumerate(LAYOUTS)}
    keys.sort(key=lambda key: (key[1], order.get(key[0], len(order)), key[0]))
    if layouts_wanted:
        keys = [key for key in keys if key[0] in layouts_wanted]
    if sizes_wanted:
        keys = [key for key in keys if key[1] in sizes_wanted]
    lines = ["# Per kernel: gpusort's radix sort beside CUB's", ""]
    for side in sides:
        lines.append("- %s: %s" % (side.label, "; ".join(side.description) or "?"))
    lines.append("- times: medians per kernel, in µs (gpusort: GL_TIMESTAMP pairs around each dispatch, "
                 "gpusort_radix_probe --kernels; CUB: Nsight Compute's %s of gpusort_cub_kernels)" % TIME_METRIC)
    lines.append("- MB: what a kernel must read and write at the least (histogram: the keys once; digit pass: "
                 "keys and values read and written); GB/s = MB / time; % copy: of the same process's "
                 "streaming copy of 2n words")
    for log2n in sorted({key[1] for key in keys}):
        lines.append("- copy ceiling at 2^%d: %s" % (log2n, ", ".join(
            "%s %s GB/s" % (side.label, format_number(side.copy_gbs.get(log2n), 4)) for side in sides)))
    lines.append("")

    # The summary: one row per layout and size.
    lines.append("## Summary (µs; ratio: gpusort / CUB, above 1 gpusort is slower)")
    lines.append("")
    header = ["layout", "n"]
    for side in sides:
        header += ["%s histogram" % side.label, "%s pass" % side.label, "%s pass %% copy" % side.label,
                   "%s kernels" % side.label, "%s sort ms" % side.label]
    if len(sides) == 2:
        header += ["histogram ratio", "pass ratio", "kernels ratio", "sort ratio"]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "|".join([":---", "---:"] + ["---:"] * (len(header) - 2)) + "|")
    for layout, log2n in keys:
        row = [layout, "2^%d" % log2n]
        summaries = []
        for side in sides:
            kernels = side.kernels.get((layout, log2n))
            histogram, _, mean, total = summarize(kernels) if kernels else (None, None, None, None)
            summaries.append((histogram, mean, total, side.whole_ms.get((layout, log2n))))
            copy = side.copy_gbs.get(log2n)
            row += [format_number(histogram.us, 4) if histogram else "—",
                    format_number(mean.us, 4) if mean else "—", percent(mean.gbs(), copy) if mean else "—",
                    format_number(total.us, 4) if total else "—",
                    format_number(side.whole_ms.get((layout, log2n)), 4)]
        if len(sides) == 2:
            (h0, m0, t0, w0), (h1, m1, t1, w1) = summaries
            row += [ratio(h0 and h0.us, h1 and h1.us), ratio(m0 and m0.us, m1 and m1.us),
                    ratio(t0 and t0.us, t1 and t1.us), ratio(w0, w1)]
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")

    # Kernel by kernel.
    for layout, log2n in keys:
        lines.append("## %s, 2^%d" % (layout, log2n))
        lines.append("")
        header = ["kernel", "MB"]
        for side in sides:
            header += ["%s µs" % side.label, "%s GB/s" % side.label, "%s %% copy" % side.label]
        if len(sides) == 2:
            header.append("gpusort / CUB")
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|" + "|".join([":---"] + ["---:"] * (len(header) - 1)) + "|")
        per_side = [side.kernels.get((layout, log2n), []) for side in sides]
        summaries = [summarize(kernels) if kernels else (None, [], None, None) for kernels in per_side]
        # Rows: the histogram, each digit pass, their mean, the rest (bookkeeping), the sum, the sort.
        names = ["histogram"]
        for histogram, passes, _, _ in summaries:
            for kernel in passes:
                if kernel.name.split(" (")[0] not in names:
                    names.append(kernel.name.split(" (")[0])
        names.append("mean")
        for kernels in per_side:
            for kernel in kernels:
                if kernel.name != "histogram" and not kernel.name.startswith("digit pass") and kernel.name not in names:
                    names.append(kernel.name)
        for name in names:
            found = []
            for side_index, kernels in enumerate(per_side):
                if name == "mean":
                    found.append(summaries[side_index][2])
                else:
                    found.append(next((k for k in kernels if k.name.split(" (")[0] == name), None))
            shown = next((k for k in found if k is not None), None)
            if shown is None:
                continue
            row = [shown.name if name == "mean" else name, format_number(shown.bytes / 1e6, 4) if shown.bytes else ""]
            for side, kernel in zip(sides, found):
                row += row_cells(kernel, side.copy_gbs.get(log2n))
            if len(sides) == 2:
                row.append(ratio(found[0] and found[0].us, found[1] and found[1].us))
            lines.append("| " + " | ".join(row) + " |")
        totals = [summary[3] for summary in summaries]
        row = ["all kernels", ""]
        for total in totals:
            row += [format_number(total.us, 4) if total else "—", "", ""]
        if len(sides) == 2:
            row.append(ratio(totals[0] and totals[0].us, totals[1] and totals[1].us))
        lines.append("| " + " | ".join(row) + " |")
        whole = [side.whole_ms.get((layout, log2n)) for side in sides]
        row = ["whole sort (µs)", ""]
        for value in whole:
            row += [format_number(value * 1e3, 4) if value else "—", "", ""]
        if len(sides) == 2:
            row.append(ratio(whole[0], whole[1]))
        lines.append("| " + " | ".join(row) + " |")
        lines.append("")

    problems = [problem for side in sides for problem in side.problems]
    for layout, log2n in keys:
        for side in sides:
            if (layout, log2n) not in side.kernels:
                problems.append("%s has no kernels for %s at 2^%d" % (side.label, layout, log2n))
    if problems:
        lines.append("## Problems")
        lines.append("")
        lines.extend("- " + problem for problem in problems)
        lines.append("")
    return "\n".join(lines), problems


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--probe", help="gpusort_radix_probe --kernels output")
    parser.add_argument("--variant", help="the probe variant to tabulate (default: the first)")
    parser.add_argument("--ncu", help="Nsight Compute CSV of gpusort_cub_kernels")
    parser.add_argument("--plan", help="gpusort_cub_kernels' stdout (needed with --ncu)")
    parser.add_argument("--layouts", help="comma-separated layouts to show (default: all)")
    parser.add_argument("--sizes", help="comma-separated log2 sizes to show (default: all)")
    parser.add_argument("-o", "--output", help="write the Markdown here instead of stdout")
    parser.add_argument("--check", action="store_true", help="exit 1 when anything could not be matched")
    args = parser.parse_args(argv)
    if not args.probe and not args.ncu:
        parser.error("give --probe, --ncu and --plan, or both")
    if args.ncu and not args.plan:
        parser.error("--ncu needs --plan (gpusort_cub_kernels' stdout) to name its rows")
    try:
        ours = read_probe(args.probe, args.variant) if args.probe else None
        theirs = None
        if args.ncu:
            theirs = Side("CUB")
            entries = read_plan(args.plan, theirs)
            match_cub(entries, read_ncu(args.ncu), theirs)
    except (OSError, ValueError, KeyError, IndexError) as error:
        print("kernel_table.py: %s" % error, file=sys.stderr)
        return 1
    layouts = set(args.layouts.split(",")) if args.layouts else None
    sizes = {int(s) for s in args.sizes.split(",")} if args.sizes else None
    markdown, problems = render(ours, theirs, layouts, sizes)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(markdown + "\n")
    else:
        print(markdown)
    if args.check and problems:
        for problem in problems:
            print("kernel_table.py: %s" % problem, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
