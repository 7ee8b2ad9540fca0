import ArgumentParser

/// The `fitsize` command: text measurement and cell sizing from the command line.
struct Fitsize: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fitsize",
        abstract: "Measure text the way Auto Layout sizes labels, and size cells from a template.",
        discussion: """
            Text is shaped with HarfBuzz on fonts loaded by FreeType, broken into lines by \
            ICU, and measured in points with UIKit's rules (see 'fitsize help measure').

            EXAMPLES:
              fitsize "Hello"                       the size in points: W x H
              fitsize --font Serif.ttf --size 20 "Hello"
              fitsize --width 200 --lines 2 --line-break tail "A long title"
              fitsize --json --width 240 "Text"     lines, baselines, fonts used
              fitsize --render out.png --scale 2 "Text"
              fitsize --batch < labels.txt > sizes.txt
              fitsize cells --template Examples/feed/cell.json \\
                  --data Examples/feed/items.jsonl --width 375

            'fitsize help measure' lists every option of text measurement, 'fitsize help \
            cells' those of cell sizing (Examples/README.md describes the template format). \
            To measure the word "cells" itself, write 'fitsize measure cells'. 'fitsize \
            --version --json' prints the version with the fingerprint of the shipped fonts.
            """,
        version: FontFingerprint.engineVersion,
        subcommands: [Measure.self, Cells.self],
        defaultSubcommand: Measure.self)
}
