"""Scaling charts (time against n, Fitsize and its peer on the same axes) and, for scenarios
without a size, grouped bars; PNG files drawn with matplotlib."""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)
import matplotlib.ticker  # noqa: E402

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"]
STYLES = {"fitsize": "-"}
PEER_STYLES = ["--", ":", "-."]
NAMES = {"fitsize": "Fitsize", "kiwisolver": "kiwisolver", "harfbuzz": "HarfBuzz alone", "uharfbuzz": "uharfbuzz",
         "skparagraph": "SkParagraph", "manual": "manual layout", "serial": "serial"}


def display(implementation):
    return NAMES.get(implementation, implementation)


def scale_for(values):
    """A unit that keeps the numbers on the axis readable."""
    largest = max(values)
    for unit, factor in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if largest >= factor * 0.5:
            return unit, factor
    return "ns", 1.0


def scaling(path, title, run, scenarios, linear_reference):
    series = []
    for scenario in scenarios:
        implementations = sorted({key[2] for key in run.medians if key[0] == scenario},
                                 key=lambda name: (name != "fitsize", name))
        for implementation in implementations:
            points = sorted((key[1], median.median_ns) for key, median in run.medians.items()
                            if key[0] == scenario and key[2] == implementation and key[1] is not None
                            and median.median_ns is not None)
            if points:
                series.append((scenario, implementation, points))
    if not series:
        return False
    unit, factor = scale_for([ns for _, _, points in series for _, ns in points])
    figure, axes = plt.subplots(figsize=(8, 5), dpi=110)
    peers = sorted({implementation for _, implementation, _ in series if implementation != "fitsize"})
    for index, scenario in enumerate(scenarios):
        color = COLORS[index % len(COLORS)]
        for name, implementation, points in series:
            if name != scenario:
                continue
            style = STYLES.get(implementation) or PEER_STYLES[peers.index(implementation) % len(PEER_STYLES)]
            xs, ys = [n for n, _ in points], [ns / factor for _, ns in points]
            axes.plot(xs, ys, style, marker="o", color=color, linewidth=2 if implementation == "fitsize" else 1.5,
                      label=f"{scenario} — {display(implementation)}")
            if linear_reference and implementation == "fitsize" and len(xs) > 1:
                axes.plot(xs, [ys[0] * x / xs[0] for x in xs], ":", color=color, linewidth=1, alpha=0.6)
    axes.set_xscale("log")
    axes.set_yscale("log")
    sizes = sorted({n for _, _, points in series for n, _ in points})
    axes.set_xticks(sizes)
    axes.set_xticklabels([f"{n:,}" for n in sizes])
    axes.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    axes.set_xlabel("n")
    axes.set_ylabel(f"median time ({unit}, log scale)")
    axes.set_title(title)
    axes.grid(True, which="both", alpha=0.3)
    note = "solid: Fitsize; dashed/dotted: peer" if peers else "dotted: linear growth from the smallest n"
    axes.legend(fontsize=8, title=note, title_fontsize=8, loc="best")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    return True


def bars(path, title, run):
    # In the order the suite lists its scenarios, so related rows stand together.
    measured = {key[0] for key in run.medians}
    scenarios = [e.scenario for e in run.expectations if e.scenario in measured]
    implementations = sorted({key[2] for key in run.medians}, key=lambda name: (name != "fitsize", name))
    if not scenarios:
        return False
    figure, axes = plt.subplots(figsize=(10, 5.5), dpi=110)
    width = 0.8 / len(implementations)
    for index, implementation in enumerate(implementations):
        xs, ys = [], []
        for position, scenario in enumerate(scenarios):
            median = run.medians.get((scenario, None, implementation))
            if median and median.median_ns:
                xs.append(position + (index - (len(implementations) - 1) / 2) * width)
                ys.append(median.median_ns)
        axes.bar(xs, ys, width, label=display(implementation), color=COLORS[index % len(COLORS)])
    axes.set_yscale("log")
    axes.set_ylabel("median ns per operation (log scale)")
    axes.set_xticks(range(len(scenarios)))
    axes.set_xticklabels(scenarios, rotation=30, ha="right", fontsize=8)
    axes.set_title(title)
    axes.grid(True, axis="y", which="both", alpha=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    return True


def draw(run, folder):
    """Draws the suite's charts; returns [(title, file name)] of those drawn."""
    drawn = []
    for stem, title, scenarios in run.suite.charts:
        path = os.path.join(folder, f"{stem}.png")
        if scenarios is None:
            ok = bars(path, title, run)
        else:
            ok = scaling(path, title, run, scenarios, linear_reference=run.suite.name == "layout")
        if ok:
            drawn.append((title, f"{stem}.png"))
    return drawn
