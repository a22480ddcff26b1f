#!/usr/bin/env python3
"""Plot sorting throughput (keys/s against n, log-log) from gpusort_bench JSON.

    python3 bench/plot.py run.json [more.json ...] -o throughput.png

One panel per case (by default keys_u32 and pairs_u32_u32; --cases picks
others, e.g. keys_f32), one line per implementation measured for that case
(Sorter, bitonic, radix, textbook, std::sort, std::sort(par), CUB radix, CUB
merge). Files are merged, old family names mapped to new ones (gpusort/* ->
bitonic/*) and aggregates chosen exactly as bench/make_table.py does.

Uses matplotlib when it can be imported (Debian: apt-get install
python3-matplotlib), which writes PNG, SVG or PDF by the output's extension.
Without matplotlib the plot is written as a plain SVG by this script; a
requested .png then becomes a .svg next to it, and the script says so.
"""

import argparse
import math
import os
import sys

# Importing the sibling script must not leave a __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_table  # noqa: E402  (the sibling script; shares parsing and names)

DEFAULT_CASES = ("keys_u32", "pairs_u32_u32")
# One colour per implementation, stable across panels and runs.
COLOURS = {
    "sorter": "#000000",
    "bitonic": "#d62728",
    "radix": "#9467bd",
    "radix_rts": "#e377c2",
    "textbook": "#ff7f0e",
    "std_sort": "#7f7f7f",
    "std_sort_par": "#2f2f2f",
    "cub_radix": "#1f77b4",
    "cub_merge": "#2ca02c",
}
SPARE_COLOURS = ["#8c564b", "#bcbd22", "#17becf"]


def series_for(results, case):
    """[(implementation, [(n, keys/s), ...])] for `case`, in make_table's column order."""
    families = list(dict.fromkeys((impl, c) for impl, c, _ in results))
    series = []
    for impl in make_table.ordered_implementations(families, case):
        points = sorted((n, r.keys_per_second) for (i, c, n), r in results.items()
                        if (i, c) == (impl, case) and r.keys_per_second)
        if points:
            series.append((impl, points))
    return series


KNOWN_COLOURS = len(COLOURS)


def colour_of(impl):
    if impl not in COLOURS:
        COLOURS[impl] = SPARE_COLOURS[(len(COLOURS) - KNOWN_COLOURS) % len(SPARE_COLOURS)]
    return COLOURS[impl]


def title_of(context):
    device = context.get("gl_renderer", "unknown GL renderer")
    return "gpusort_bench on %s" % device


def plot_matplotlib(panels, title, output):
    import matplotlib
    matplotlib.use("Agg")  # no display on the machines that run the bench
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, len(panels), figsize=(6.4 * len(panels), 4.8), squeeze=False)
    for axis, (case, series) in zip(axes[0], panels):
        for impl, points in series:
            axis.plot([n for n, _ in points], [k for _, k in points], marker="o", markersize=3,
                      color=colour_of(impl), label=make_table.display_name(impl))
        axis.set_xscale("log", base=2)
        axis.set_yscale("log")
        axis.set_xlabel("n (keys)")
        axis.set_ylabel("keys/s")
        axis.set_title(case)
        axis.grid(True, which="both", linewidth=0.3)
        axis.legend(fontsize="small")
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(output, dpi=120)
    plt.close(figure)


def svg_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def plot_svg(panels, title, output):
    """A dependency-free fallback: log-log axes, decade grid, one polyline per series."""
    width, height = 560, 420
    left, right, top, bottom = 70, 130, 40, 50
    parts = []
    for index, (case, series) in enumerate(panels):
        x0 = index * width
        ns = [n for _, points in series for n, _ in points]
        ks = [k for _, points in series for _, k in points]
        if not ns:
            continue
        lx = (math.log2(min(ns)), math.log2(max(ns)) if max(ns) > min(ns) else math.log2(min(ns)) + 1)
        ly = (math.floor(math.log10(min(ks))), math.ceil(math.log10(max(ks))))
        if ly[1] == ly[0]:
            ly = (ly[0], ly[0] + 1)
        plot_w, plot_h = width - left - right, height - top - bottom

        def px(n):
            return x0 + left + (math.log2(n) - lx[0]) / (lx[1] - lx[0]) * plot_w

        def py(k):
            return top + plot_h - (math.log10(k) - ly[0]) / (ly[1] - ly[0]) * plot_h

        parts.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#000"/>'
                     % (x0 + left, top, plot_w, plot_h))
        parts.append('<text x="%d" y="%d" text-anchor="middle" font-size="14">%s</text>'
                     % (x0 + left + plot_w // 2, top - 12, svg_escape(case)))
        for decade in range(ly[0], ly[1] + 1):
            y = py(10 ** decade)
            parts.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>'
                         % (x0 + left, y, x0 + left + plot_w, y))
            parts.append('<text x="%d" y="%.1f" text-anchor="end" font-size="11">1e%d</text>'
                         % (x0 + left - 4, y + 4, decade))
        for exponent in range(math.ceil(lx[0]), math.floor(lx[1]) + 1, 2):
            x = px(2 ** exponent)
            parts.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>' % (x, top, x, top + plot_h))
            parts.append('<text x="%.1f" y="%d" text-anchor="middle" font-size="11">2^%d</text>'
                         % (x, top + plot_h + 16, exponent))
        parts.append('<text x="%d" y="%d" text-anchor="middle" font-size="12">n (keys)</text>'
                     % (x0 + left + plot_w // 2, height - 10))
        parts.append('<text x="%d" y="%d" font-size="12" transform="rotate(-90 %d %d)">keys/s</text>'
                     % (x0 + 16, top + plot_h // 2, x0 + 16, top + plot_h // 2))
        for row, (impl, points) in enumerate(series):
            colour = colour_of(impl)
            coords = " ".join("%.1f,%.1f" % (px(n), py(k)) for n, k in points)
            parts.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>' % (coords, colour))
            ly_legend = top + 14 + row * 16
            parts.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>'
                         % (x0 + width - right + 8, ly_legend - 4, x0 + width - right + 26, ly_legend - 4, colour))
            parts.append('<text x="%d" y="%d" font-size="11">%s</text>'
                         % (x0 + width - right + 30, ly_legend, svg_escape(make_table.display_name(impl))))
    total_width = width * len(panels)
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif">'
           % (total_width, height + 20),
           '<rect width="100%" height="100%" fill="#fff"/>',
           '<g transform="translate(0,20)">'] + parts + [
           '</g>',
           '<text x="%d" y="18" text-anchor="middle" font-size="15">%s</text>' % (total_width // 2, svg_escape(title)),
           '</svg>']
    with open(output, "w", encoding="utf-8") as handle:
        handle.write("\n".join(svg) + "\n")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("json", nargs="+", help="gpusort_bench --benchmark_out JSON file(s)")
    parser.add_argument("-o", "--output", default="throughput.png", help="image to write (default: throughput.png)")
    parser.add_argument("--cases", default=",".join(DEFAULT_CASES),
                        help="comma-separated cases, one panel each (default: %(default)s)")
    parser.add_argument("--aggregate", default="median", help="aggregate to plot (default: median)")
    args = parser.parse_args(argv)

    documents = make_table.load_documents(args.json, "plot.py")
    if documents is None:
        return 1
    results, _, context = make_table.collect(documents, args.aggregate)
    panels = [(case, series_for(results, case)) for case in args.cases.split(",") if case]
    panels = [(case, series) for case, series in panels if series]
    if not panels:
        print("plot.py: none of the cases %s has results" % args.cases, file=sys.stderr)
        return 1

    try:
        import matplotlib  # noqa: F401
    except ImportError:
        output = args.output
        if not output.endswith(".svg"):
            output = os.path.splitext(output)[0] + ".svg"
            print("plot.py: matplotlib not importable by %s; writing SVG %s instead of %s "
                  "(apt-get install python3-matplotlib, then use /usr/bin/python3)"
                  % (sys.executable, output, args.output), file=sys.stderr)
        plot_svg(panels, title_of(context), output)
        print(output)
        return 0
    plot_matplotlib(panels, title_of(context), args.output)
    print(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
