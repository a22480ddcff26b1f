#!/usr/bin/env python3
"""Compares gpusort_bench JSON runs of two builds: python3 bench/compare_runs.py
--before a1.json a2.json --after b1.json b2.json [-o out.md]. For every benchmark (family/n)
present in all runs: the median GPU ms of each run, the mean of each side, and after/before.
Alternate the two binaries in one session (a, b, a, b) so that both see the same clocks.
Families renamed since (gpusort/* -> bitonic/*) are compared under their new name."""
import argparse
import json
import statistics

# The old implementation name in older JSON -> the name now (as bench/make_table.py reads them).
RENAMED = {"gpusort": "bitonic"}


def medians(path):
    data = json.load(open(path))
    times = {}
    for bench in data["benchmarks"]:
        if bench.get("run_type") == "aggregate" and bench.get("aggregate_name") != "median":
            continue
        parts = bench["name"].split("/")
        if len(parts) < 3 or not parts[2].isdigit():
            continue
        times[(RENAMED.get(parts[0], parts[0]) + "/" + parts[1], int(parts[2]))] = bench["real_time"]
    return data["context"], times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", nargs="+", required=True)
    parser.add_argument("--after", nargs="+", required=True)
    parser.add_argument("-o", "--output")
    args = parser.parse_args()
    before = [medians(path) for path in args.before]
    after = [medians(path) for path in args.after]
    keys = set(before[0][1])
    for _, times in before + after:
        keys &= set(times)
    lines = ["# gpusort_bench: before against after", ""]
    lines.append("- before: " + ", ".join(f"`{p}` ({c[0].get('date', '?')})" for p, c in zip(args.before, before)))
    lines.append("- after: " + ", ".join(f"`{p}` ({c[0].get('date', '?')})" for p, c in zip(args.after, after)))
    lines.append("- GPU ms, the median of each run's repetitions; after/before compares the means of the two sides")
    lines.append("")
    header = "| benchmark | n | " + " | ".join(f"before {i + 1}" for i in range(len(before)))
    header += " | " + " | ".join(f"after {i + 1}" for i in range(len(after))) + " | after/before |"
    lines.append(header)
    lines.append("|---|---:|" + "---:|" * (len(before) + len(after) + 1))
    for key in sorted(keys):
        b = [times[key] for _, times in before]
        a = [times[key] for _, times in after]
        ratio = statistics.mean(a) / statistics.mean(b)
        cells = " | ".join(f"{t:.4g}" for t in b + a)
        lines.append(f"| {key[0]} | {key[1]} | {cells} | {ratio:.3f} |")
    text = "\n".join(lines) + "\n"
    if args.output:
        open(args.output, "w").write(text)
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
