"""The inputs of kernel_table.py, read into one shape per implementation (Side): gpusort's from
gpusort_radix_probe --kernels (bench/lab/radix_probe.cpp), CUB's from Nsight Compute's CSV of
gpusort_cub_kernels (bench/lab/cub_kernels.cu) and that program's stdout, which says which
ranges ncu profiled. kernel_table.py's docstring describes the formats.

Python 3 standard library only.
"""

import csv
import io
import re
import statistics


LAYOUTS = {
    "keys_u32": (4, False),
    "pairs_u32_u32": (4, True),
    "keys_u64": (8, False),
    "keys_f32": (4, False),
    "pairs_f32_u32": (4, True),
    "keys_f32_depth": (4, False),
    "pairs_f32_u32_depth": (4, True),
    "keys_u32_splatapult": (4, False),
    "pairs_u32_u32_splatapult": (4, True),
    "pairs_u64_u32": (8, True),
    "keys_u64_low32": (8, False),
    "pairs_f32_u32_narrow": (4, True),
}

UNIT_TO_US = {"nsecond": 1e-3, "ns": 1e-3, "usecond": 1.0, "us": 1.0, "msecond": 1e3, "ms": 1e3,
              "second": 1e6, "s": 1e6}
TIME_METRIC = "gpu__time_duration.sum"


class Kernel:
    """One kernel row of a table: median µs and the bytes it must move (0: bookkeeping)."""

    def __init__(self, name, us, bytes_moved):
        self.name = name
        self.us = us
        self.bytes = bytes_moved

    def gbs(self):
        return self.bytes / (self.us * 1e3) if self.bytes and self.us else None


class Side:
    """One implementation's measurements: kernels and whole-sort ms per (layout, log2n), the copy
    ceiling per log2n, a description, and problems met while reading."""

    def __init__(self, label):
        self.label = label
        self.kernels = {}  # (layout, log2n) -> [Kernel]
        self.whole_ms = {}  # (layout, log2n) -> ms
        self.copy_gbs = {}  # log2n -> GB/s
        self.description = []
        self.problems = []


def min_bytes(layout, n, kind):
    key_bytes, pairs = LAYOUTS[layout]
    if kind == "histogram":
        return n * key_bytes
    if kind == "pass":
        return 2 * n * (key_bytes + (4 if pairs else 0))
    return 0


# --- gpusort: gpusort_radix_probe --kernels ------------------------------------------------------

KERNEL_LINE = re.compile(r"^\s+(\S+)\s+(\S+)\s+([0-9.]+) us(?:\s+([0-9.]+) MB\s+([0-9.]+) GB/s\s+([0-9.]+)% of copy)?\s*$")
COPY_LINE = re.compile(r"^# uvec4 copy of 2\^(\d+) x 8 bytes: ([0-9.]+) GB/s")
TIME_CELL = re.compile(r"^([0-9.]+)([!?]?)$")


def read_probe(path, variant):
    side = Side("gpusort")
    layouts = []
    current = None  # (variant, log2n) of the row the kernel lines below belong to
    chosen = variant
    raw = {}  # (layout, log2n) -> [(name, us, bytes)]
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    for line in lines:
        if line.startswith("# ") and not side.description and "," in line:
            side.description.append(line[2:])
            continue
        match = COPY_LINE.match(line)
        if match:
            side.copy_gbs[int(match.group(1))] = float(match.group(2))
            continue
        if line.startswith("variant "):
            words = line.split()
            layouts = [w for w in words[2:] if not w.startswith("(") and w not in ("path,", "ranking)")]
            continue
        if line.startswith("#") or not line.strip():
            continue
        match = KERNEL_LINE.match(line)
        if match and current is not None:
            layout, name = match.group(1), match.group(2)
            if current[0] != chosen:
                continue
            mb = match.group(4)
            raw.setdefault((layout, current[1]), []).append((name, float(match.group(3)), float(mb) * 1e6 if mb else 0.0))
            continue
        words = line.split()
        if len(words) >= 2 and words[1].isdigit() and not line.startswith(" "):
            if chosen is None:
                chosen = words[0]
            current = (words[0], int(words[1]))
            if words[0] != chosen:
                continue
            if len(words) > 2 and words[2] == "refused:":
                side.problems.append("gpusort %s refused at 2^%s: %s" % (words[0], words[1], " ".join(words[3:])))
                continue
            for layout, cell in zip(layouts, words[2:2 + len(layouts)]):
                cell_match = TIME_CELL.match(cell)
                if not cell_match:
                    side.problems.append("unreadable time %r of %s at 2^%s" % (cell, layout, words[1]))
                    continue
                side.whole_ms[(layout, int(words[1]))] = float(cell_match.group(1))
                if cell_match.group(2) == "!":
                    side.problems.append("gpusort %s at 2^%s differs from std::stable_sort" % (layout, words[1]))
    if chosen is None:
        side.problems.append("%s: no variant row" % path)
    side.description.append("variant %s" % chosen)
    for (layout, log2n), rows in raw.items():
        side.kernels[(layout, log2n)] = group_gpusort(layout, 1 << log2n, rows, side)
    return side


def group_gpusort(layout, n, rows, side):
    """Onesweep's histogram and onesweep[i], or reduce-then-scan's upsweep[i] + scan[i] +
    downsweep[i] as digit pass i; init, scan and copy as bookkeeping."""
    kernels = []
    passes = {}
    for name, us, moved in rows:
        match = re.match(r"^(\w+)\[(\d+)\]$", name)
        if name == "histogram":
            kernels.append(Kernel("histogram", us, min_bytes(layout, n, "histogram")))
            check_bytes(side, layout, n, name, moved, min_bytes(layout, n, "histogram"))
        elif match and match.group(1) in ("onesweep", "upsweep", "scan", "downsweep"):
            entry = passes.setdefault(int(match.group(2)), [0.0, 0.0, []])
            entry[0] += us
            entry[1] += moved
            entry[2].append(match.group(1))
        elif name == "copy":
            kernels.append(Kernel("copy back", us, min_bytes(layout, n, "pass")))
            check_bytes(side, layout, n, name, moved, min_bytes(layout, n, "pass"))
        else:
            kernels.append(Kernel(name, us, 0.0))
    for index in sorted(passes):
        us, moved, parts = passes[index]
        label = "digit pass %d" % index if parts == ["onesweep"] else "digit pass %d (%s)" % (index, " + ".join(parts))
        # Reduce-then-scan's upsweep re-reads the keys; the floor stays one read+write of them.
        kernels.append(Kernel(label, us, min_bytes(layout, n, "pass")))
        if parts == ["onesweep"]:
            check_bytes(side, layout, n, "digit pass %d" % index, moved, min_bytes(layout, n, "pass"))
    return kernels


def check_bytes(side, layout, n, kernel, reported, expected):
    """The probe prints RadixPassInfo::bytes in MB with two decimals: it must agree with the
    bytes this script gives CUB's kernels of the same layout."""
    if abs(reported - expected) > max(0.006e6, 1e-3 * expected):
        side.problems.append("gpusort %s 2^%d %s: the probe says %.0f bytes, this script %d"
                             % (layout, n.bit_length() - 1, kernel, reported, expected))


# --- CUB: gpusort_cub_kernels' plan and Nsight Compute's CSV -------------------------------------

PLAN_COPY = re.compile(r"^profile copy n=(\d+) launches=(\d+)")
PLAN_SORT = re.compile(r"^profile (\S+) n=(\d+) sorts=(\d+) passes=(\d+)")
PLAN_WHOLE = re.compile(r"^# (\S+) n=(\d+): ([0-9.]+) ms a sort")


def read_plan(path, side):
    entries = []
    with open(path, encoding="utf-8") as handle:
        for line in handle.read().splitlines():
            match = PLAN_COPY.match(line)
            if match:
                entries.append(("copy", int(match.group(1)), int(match.group(2)), 0))
                continue
            match = PLAN_SORT.match(line)
            if match:
                entries.append((match.group(1), int(match.group(2)), int(match.group(3)), int(match.group(4))))
                continue
            match = PLAN_WHOLE.match(line)
            if match:
                n = int(match.group(2))
                side.whole_ms[(match.group(1), n.bit_length() - 1)] = float(match.group(3))
                continue
            if line.startswith("WRONG"):
                side.problems.append("gpusort_cub_kernels: " + line)
            elif line.startswith("# ") and not side.description and " n=" not in line:
                side.description.append(line[2:])
    return entries


def number(text):
    return float(text.replace(",", "").strip())


def read_ncu(path):
    """[(kernel name, µs)] in launch order."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    start = text.find('"ID",')
    if start < 0:
        raise ValueError("%s: no CSV header (\"ID\",...) found" % path)
    rows = list(csv.reader(io.StringIO(text[start:])))
    # ncu's own messages (==PROF== ...) may follow the table too: only rows of the header's width.
    header, body = rows[0], [row for row in rows[1:] if len(row) == len(rows[0])]
    column = {name: i for i, name in enumerate(header)}
    name_column = column.get("Kernel Name", column.get("Function Name"))
    if name_column is None:
        raise ValueError("%s: no \"Kernel Name\" column" % path)
    kernels = {}
    if "Metric Name" in column and "Metric Value" in column:  # the details page: a row per metric
        for row in body:
            if row[column["Metric Name"]] != TIME_METRIC:
                continue
            unit = row[column["Metric Unit"]] if "Metric Unit" in column else "nsecond"
            kernels[int(row[column["ID"]])] = (row[name_column], number(row[column["Metric Value"]]) * UNIT_TO_US[unit])
    elif TIME_METRIC in column:  # the raw page: a column per metric, perhaps a units row first
        unit = "nsecond"
        for row in body:
            if not row[column["ID"]].strip():
                unit = row[column[TIME_METRIC]] or unit
                continue
            kernels[int(row[column["ID"]])] = (row[name_column], number(row[column[TIME_METRIC]]) * UNIT_TO_US[unit])
    else:
        raise ValueError("%s: no %s column or metric rows" % (path, TIME_METRIC))
    return [kernels[i] for i in sorted(kernels)]


def kind_of(name):
    for marker, kind in (("gpusort_stream_copy", "copy"), ("HistogramKernel", "histogram"),
                         ("ExclusiveSumKernel", "exclusive sum"), ("OnesweepKernel", "pass")):
        if marker in name:
            return kind
    return "other"


def match_cub(entries, rows, side):
    """Assigns ncu's rows to the plan's ranges in order and fills `side`."""
    at = 0
    for layout, n, count, passes in entries:
        log2n = n.bit_length() - 1
        if layout == "copy":
            taken = rows[at:at + count]
            if len(taken) < count or any(kind_of(name) != "copy" for name, _ in taken):
                side.problems.append("ncu rows %d-%d are not the %d copies of 2^%d" % (at, at + count - 1, count, log2n))
            at += len(taken)
            times = [us for name, us in taken if kind_of(name) == "copy"]
            if times:
                side.copy_gbs[log2n] = 16.0 * n / (statistics.median(times) * 1e3)
            continue
        if layout not in LAYOUTS:
            side.problems.append("unknown layout %s in the plan" % layout)
        sorts = []
        while at < len(rows):
            kind = kind_of(rows[at][0])
            if kind == "copy" or (kind == "histogram" and len(sorts) == count):
                break
            if kind == "histogram" or not sorts:
                sorts.append([])
            sorts[-1].append(rows[at])
            at += 1
        if len(sorts) != count:
            side.problems.append("%s 2^%d: %d sorts in ncu's rows, the plan says %d" % (layout, log2n, len(sorts), count))
        shapes = {tuple(kind_of(name) for name, _ in sort) for sort in sorts}
        expected = ("histogram", "exclusive sum") + ("pass",) * passes
        if shapes != {expected}:
            side.problems.append("%s 2^%d: CUB's kernels per sort were %s, expected %s"
                                 % (layout, log2n, sorted(shapes), expected))
        if not sorts or layout not in LAYOUTS:
            continue
        width = max(len(sort) for sort in sorts)
        kernels = []
        for position in range(width):
            at_position = [sort[position] for sort in sorts if len(sort) > position]
            kind = kind_of(at_position[0][0])
            us = statistics.median(us for _, us in at_position)
            if kind == "pass":
                index = sum(1 for name, _ in sorts[0][:position] if kind_of(name) == "pass")
                kernels.append(Kernel("digit pass %d" % index, us, min_bytes(layout, n, "pass")))
            elif kind == "histogram":
                kernels.append(Kernel("histogram", us, min_bytes(layout, n, "histogram")))
            else:
                kernels.append(Kernel(kind if kind != "other" else at_position[0][0][:40], us, 0))
        side.kernels[(layout, log2n)] = kernels
    if at != len(rows):
        side.problems.append("%d ncu rows left after the plan's ranges" % (len(rows) - at))
