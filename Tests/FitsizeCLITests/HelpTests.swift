import Testing

/// `--help` explains the tool with examples.
@Suite struct HelpTests {
    @Test func helpShowsExamplesAndTheCommands() throws {
        let output = try FitsizeProcess.run(["--help"])
        #expect(output.status == 0)
        #expect(output.text.contains("EXAMPLES:"))
        #expect(output.text.contains("fitsize \"Hello\""))
        #expect(output.text.contains("measure"))
    }

    @Test func measureHelpListsEveryOption() throws {
        let output = try FitsizeProcess.run(["help", "measure"])
        #expect(output.status == 0)
        for option in ["--font", "--size", "--width", "--lines", "--line-break", "--line-spacing", "--letter-spacing",
                       "--scale", "--fallback", "--json", "--batch", "--render", "EXAMPLES:"] {
            #expect(output.text.contains(option), "help lacks \(option)")
        }
    }
}
