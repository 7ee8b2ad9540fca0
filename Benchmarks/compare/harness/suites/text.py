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
    result.append(Expectation("label.new_token", (None,), ("fitsize", "harfbuzz")))
    for name in PARAGRAPHS:
        for phase in ("build_layout", "build_layout_repeat", "build_layout_cold"):
            result.append(Expectation(f"paragraph.{name}.{phase}", (None,), ("fitsize", "skparagraph")))
        result.append(Expectation(f"paragraph.{name}.relayout", (None,), ("fitsize", "skparagraph")))
    for phase in ("label.build_layout", "paragraph.build_layout", "paragraph.relayout"):
        result.append(Expectation(f"attributed.{phase}", (None,), ("fitsize", "skparagraph")))
    for row in ("label.build_layout_attributed_string", "paragraph.build_layout_attributed_string",
                "paragraph.prepare_layout"):
        result.append(Expectation(f"attributed.{row}", (None,), ("fitsize",)))
    return result


TARGETS = [
    Ratio("Cold short labels cost at most 1.3× shaping them with HarfBuzz alone", "label.cold", None, "harfbuzz", 1.3),
    Ratio("A label whose words are cached measures at least 5× faster than shaping it", "label.cached", None, "harfbuzz", 1 / 5),
    Ratio("A label of known words and one new token (#18) costs at most 1.0× shaping it with HarfBuzz alone",
          "label.new_token", None, "harfbuzz", 1.0),
] + [
    Absolute(f"`layout(width:)` of the prepared {name} paragraph at a new width: at most 1 µs",
             f"paragraph.{name}.relayout", None, 1000)
    for name in PARAGRAPHS
] + [
    Ratio(f"{name.capitalize()} paragraphs, a stream of distinct ones (a feed), build and lay out: at least 5× "
          "faster than SkParagraph", f"paragraph.{name}.build_layout", None, "skparagraph", 1 / 5)
    for name in PARAGRAPHS
] + [
    Ratio(f"{name.capitalize()} paragraph, re-layout at a new width: at least 10× faster than SkParagraph",
          f"paragraph.{name}.relayout", None, "skparagraph", 1 / 10)
    for name in PARAGRAPHS
]

TARGETS += [
    Ratio("Attributed paragraphs (#15; 10 runs of five styles), a stream of distinct ones, built from their runs and "
          "laid out: at least 5× faster than SkParagraph", "attributed.paragraph.build_layout", None, "skparagraph", 1 / 5),
    Absolute("Attributed paragraph (#15): `layout(width:)` at a new width at most 1 µs", "attributed.paragraph.relayout",
             None, 1000),
]

SUITE = Suite(
    name="text", title="Text measurement vs HarfBuzz, uharfbuzz and SkParagraph", issue=3,
    summary=("Short labels of about 20 characters at 17 pt: cold (every word new), cached (every word seen "
             "before) and `new_token`, two or three cached words and a tag no label had before (\"Budget signal "
             "#1000-117\"), whose cache must never make it slower than shaping the whole label (issue #18). Paragraphs of about 300 characters in English, Chinese and mixed Chinese/English, built and "
             "laid out at one of 8 widths, three ways. `build_layout` is the issue's target: a stream of distinct "
             "paragraphs generated from one vocabulary per language (about one word in 25 a number or name seen "
             "nowhere else), timed after both engines have built the stream's first 200, so that each meets every "
             "timed paragraph for the first time with its caches in the steady state an app showing a feed reaches "
             "(the note gives Fitsize's segment cache hit rate). The two other rows are informational bounds: "
             "`build_layout_repeat` builds the same paragraph again and again, which SkParagraph answers from its "
             "cache of whole shaped paragraphs (ParagraphCache) without shaping, and which no feed does; "
             "`build_layout_cold` empties Fitsize's segment cache before every build and gives SkParagraph a text "
             "it has not seen, the first paragraph an app ever shows. skia-python does not expose "
             "`FontCollection::getParagraphCache()`, so SkParagraph's cache cannot be turned off; distinct "
             "paragraphs make it miss as it does in a feed. `relayout` lays a prepared paragraph (the fixed one of "
             "`build_layout_repeat`) out at a new width. Attributed text (issue #15): three-run labels (a bold name, a "
             "regular action, a small time) and a stream of distinct English paragraphs cut into ten runs whose "
             "styles cycle through regular, bold, 13 pt, 22 pt and 1-point kern. In `build_layout` Fitsize appends "
             "each run to a StyledText and prepares it, and SkParagraph pushes each run's TextStyle into its "
             "ParagraphBuilder, both inside the timing (fonts and text styles made once, as an app keeps them). "
             "`build_layout_attributed_string` builds Foundation's AttributedString from the same runs instead (it "
             "runs second, so it meets paragraphs whose words the first row cached), and "
             "`attributed.paragraph.prepare_layout` starts from built AttributedStrings: together they show what "
             "Foundation's string costs on Linux. Times per label, per paragraph or per layout."),
    products=["typesetting-timing"], steps=steps, expectations=expectations, targets=TARGETS,
    prepare=prepare,
    charts=[("text", "Text: time per operation (log scale)", None)],
    peers_note=("harfbuzz: HarfBuzz alone from Swift (one font, one reused buffer, advances summed), the floor "
                "for uncached text; uharfbuzz: the same shaping through HarfBuzz's Python binding; skparagraph: "
                "SkParagraph from skia-python with the same font files, including Python's per-call cost "
                "(an empty Python loop iteration is tens of nanoseconds)."),
)
