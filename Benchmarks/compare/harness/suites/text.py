"""Issue 3: text measurement against raw HarfBuzz shaping (the floor for uncached text),
uharfbuzz and SkParagraph from skia-python, on the same corpus."""
import os
import subprocess

from ..suite import Expectation, Step, Suite
from ..targets import Absolute, Ratio

PARAGRAPHS = ("english", "chinese", "mixed")


def text_rounds(mode):
    return {"ci": 1, "quick": 5, "full": 21}[mode.name]


def corpus_path(context):
    return os.path.join(context.work, "text-corpus.json")


def prepare(context):
    """The peers measure exactly the strings the Swift workloads measure."""
    tool = os.path.join(context.binaries, "typesetting-timing")
    with open(corpus_path(context), "w", encoding="utf-8") as handle:
        subprocess.run([tool, "--corpus", "--rounds", str(text_rounds(context.mode))], stdout=handle,
                       check=True, cwd=context.root, timeout=context.mode.step_timeout)


def steps(context):
    rounds = str(text_rounds(context.mode))
    quick = [] if context.mode.name == "full" else ["--quick"]
    peers = os.path.join(context.benchmarks, "compare", "text_peers.py")
    return [
        Step("fitsize", [os.path.join(context.binaries, "typesetting-timing"), "--jsonl", "--rounds", rounds] + quick),
        Step("uharfbuzz", [context.python, peers, "--peer", "uharfbuzz", "--corpus", corpus_path(context), "--rounds", rounds]),
        Step("skparagraph", [context.python, peers, "--peer", "skparagraph", "--corpus", corpus_path(context), "--rounds", rounds]),
    ]


def expectations(context):
    result = [Expectation(f"label.{kind}", (None,), ("fitsize", "harfbuzz", "uharfbuzz", "skparagraph"))
              for kind in ("cold", "cached")]
    for name in PARAGRAPHS:
        result.append(Expectation(f"paragraph.{name}.build_layout", (None,), ("fitsize", "skparagraph")))
        result.append(Expectation(f"paragraph.{name}.build_layout_cold", (None,), ("fitsize", "skparagraph")))
        result.append(Expectation(f"paragraph.{name}.relayout", (None,), ("fitsize", "skparagraph")))
    return result


TARGETS = [
    Ratio("Cold short labels cost at most 1.3× shaping them with HarfBuzz alone", "label.cold", None, "harfbuzz", 1.3),
    Ratio("A label whose words are cached measures at least 5× faster than shaping it", "label.cached", None, "harfbuzz", 1 / 5),
] + [
    Absolute(f"`layout(width:)` of the prepared {name} paragraph at a new width: at most 1 µs",
             f"paragraph.{name}.relayout", None, 1000)
    for name in PARAGRAPHS
] + [
    Ratio(f"{name.capitalize()} paragraph, build and lay out with warm caches: at least 5× faster than SkParagraph",
          f"paragraph.{name}.build_layout", None, "skparagraph", 1 / 5)
    for name in PARAGRAPHS
] + [
    Ratio(f"{name.capitalize()} paragraph, build and lay out with cold caches on both sides: at least 5× faster "
          "than SkParagraph", f"paragraph.{name}.build_layout_cold", None, "skparagraph", 1 / 5)
    for name in PARAGRAPHS
] + [
    Ratio(f"{name.capitalize()} paragraph, re-layout at a new width: at least 10× faster than SkParagraph",
          f"paragraph.{name}.relayout", None, "skparagraph", 1 / 10)
    for name in PARAGRAPHS
]

SUITE = Suite(
    name="text", title="Text measurement vs HarfBuzz, uharfbuzz and SkParagraph", issue=3,
    summary=("Short labels of about 20 characters at 17 pt: cold (every word new) and cached (every word seen "
             "before); paragraphs of about 300 characters in English, Chinese and mixed Chinese/English: "
             "build and lay out at one of 8 widths (warm caches; `build_layout_cold` empties Fitsize's segment "
             "cache first), and re-layout of a prepared paragraph at a new width. Times per label, per paragraph "
             "or per layout."),
    products=["typesetting-timing"], steps=steps, expectations=expectations, targets=TARGETS,
    prepare=prepare,
    charts=[("text", "Text: time per operation (log scale)", None)],
    peers_note=("harfbuzz: HarfBuzz alone from Swift (one font, one reused buffer, advances summed), the floor "
                "for uncached text; uharfbuzz: the same shaping through HarfBuzz's Python binding; skparagraph: "
                "SkParagraph from skia-python with the same font files, including Python's per-call cost "
                "(an empty Python loop iteration is tens of nanoseconds). SkParagraph keeps its own cache of shaped "
                "paragraphs: `build_layout` lets both engines use their caches; in `build_layout_cold` Fitsize "
                "empties its segment cache and SkParagraph gets a text it has not seen (the paragraph plus a serial "
                "number)."),
)
