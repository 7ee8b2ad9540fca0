import Foundation
import Testing
import TextOracles
@testable import Typesetting

/// Font loading, metrics, errors, the shipped cascade and system fallback.
@Suite struct FontTests {
    static let shippedFiles = ShippedFonts.regularFiles + ShippedFonts.boldFiles.filter { !ShippedFonts.regularFiles.contains($0) }

    @Test(arguments: shippedFiles)
    func metricsFollowHheaOrTypoMetricsWhenTheFontAsksForThem(_ file: String) throws {
        let path = try ShippedFonts.directory().appendingPathComponent(file).path
        let expected = try FontTables(path: path)
        let font = try Font(path: path, size: 20)
        let scale = 20.0 / Double(expected.unitsPerEm)
        #expect(abs(Double(font.ascender) - Double(expected.ascender) * scale) < 1e-9)
        #expect(abs(Double(font.descender) - Double(expected.descender) * scale) < 1e-9)
        #expect(abs(Double(font.leading) - Double(expected.lineGap) * scale) < 1e-9)
        #expect(abs(font.lineHeight - (font.ascender - font.descender + font.leading)) < 1e-9)
        // The emoji face has no letters, so no cap or x-height to speak of.
        if font.primaryTypeface.covers("H") && font.primaryTypeface.covers("x") {
            #expect(font.capHeight > 0 && font.xHeight > 0 && font.xHeight < font.capHeight)
        } else {
            #expect(font.capHeight >= 0 && font.xHeight >= 0)
        }
    }

    @Test func defaultAndBoldUseTheShippedCascades() throws {
        #expect(Font.shippedFontsError == nil)
        let regular = Font.default(size: 17).cascade.typefaces.map { URL(fileURLWithPath: $0.path).lastPathComponent }
        let bold = Font.bold(size: 17).cascade.typefaces.map { URL(fileURLWithPath: $0.path).lastPathComponent }
        #expect(regular == ShippedFonts.regularFiles)
        #expect(bold == ShippedFonts.boldFiles)
        #expect(Font.bold(size: 17).primaryTypeface.styleName == "Bold")
        #expect(Font.default(size: 17) == Font.default(size: 17))
        #expect(Font.default(size: 17) != Font.default(size: 18))
    }

    @Test func loadingTheSameFileTwiceSharesTheTypeface() throws {
        let path = Measure.font.primaryTypeface.path
        #expect(try Typeface.load(path: path) === Typeface.load(path: path))
    }

    @Test func missingFileIsAnErrorNamingThePath() {
        #expect(throws: TypesettingError.fontFileNotFound(path: "/nonexistent/font.ttf")) {
            try Font(path: "/nonexistent/font.ttf", size: 12)
        }
    }

    @Test func corruptFileIsAnErrorNamingThePathAndReason() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fitsize-corrupt-\(UUID()).ttf").path
        try Data("this is not a font".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try Font(path: path, size: 12)
            Issue.record("a corrupt font loaded")
        } catch let error as TypesettingError {
            guard case .fontFileCorrupt(let reported, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reported == path)
            #expect(reason.contains("unknown file format"))
            #expect(error.description.contains(path))
        }
    }

    @Test func truncatedFontFileIsAnError() throws {
        let source = try Data(contentsOf: URL(fileURLWithPath: Measure.font.primaryTypeface.path))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fitsize-truncated-\(UUID()).ttf").path
        try source.prefix(2000).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: TypesettingError.self) { try Font(path: path, size: 12) }
    }

    @Test func directoryIsUnreadable() throws {
        let path = FileManager.default.temporaryDirectory.path
        #expect(throws: TypesettingError.fontFileUnreadable(path: path, reason: "it is a directory")) {
            try Font(path: path, size: 12)
        }
    }

    @Test func faceIndexPastTheEndIsAnError() {
        let path = Measure.font.primaryTypeface.path
        #expect(throws: TypesettingError.faceIndexOutOfRange(path: path, index: 3, faceCount: 1)) {
            try Font(path: path, size: 12, faceIndex: 3)
        }
        #expect(throws: TypesettingError.faceIndexOutOfRange(path: path, index: -1, faceCount: 1)) {
            try Font(path: path, size: 12, faceIndex: -1)
        }
    }

    // MARK: Hostile font files

    /// A copy of the shipped Noto Sans with `patch` applied to its bytes, in a temporary file
    /// that `body` gets the path of.
    private func withPatchedFont(_ patch: (inout [UInt8]) throws -> Void, _ body: (String) throws -> Void) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Measure.font.primaryTypeface.path)))
        try patch(&bytes)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fitsize-hostile-\(UUID()).ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    /// The offset of table `tag` in an SFNT file, from its table directory.
    private static func tableOffset(_ tag: String, in bytes: [UInt8]) throws -> Int {
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        for index in 0..<u16(4) {
            let record = 12 + 16 * index
            if String(decoding: bytes[record..<(record + 4)], as: UTF8.self) == tag {
                return u16(record + 8) << 16 | u16(record + 10)
            }
        }
        throw TypesettingError.fontFileCorrupt(path: "test font", reason: "no \(tag) table")
    }

    @Test(arguments: [0.999, 0.9, 0.5, 0.05, 0.001])
    func truncatedCopiesOfAShippedFontAreRefusedAsTruncated(keeping fraction: Double) throws {
        let original = Measure.font.primaryTypeface.path
        // The shipped font itself loads (a fresh load, not the registry's).
        _ = try FreeTypeFaceInfo(path: original, faceIndex: 0)
        try withPatchedFont({ $0.removeLast($0.count - Int(Double($0.count) * fraction)) }) { path in
            do {
                _ = try Typeface.load(path: path)
                Issue.record("a font cut to \(fraction) of its bytes loaded")
            } catch let error as TypesettingError {
                guard case .fontFileCorrupt(let reported, let reason) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(reported == path)
                #expect(reason.contains("truncated"), "\(reason)")
            }
        }
    }

    @Test func aFontWithoutAUsableCmapIsRefused() throws {
        try withPatchedFont({ bytes in
            // Every cmap subtable's platform becomes 2 (ISO, which no shaper reads).
            let cmap = try Self.tableOffset("cmap", in: bytes)
            let count = Int(bytes[cmap + 2]) << 8 | Int(bytes[cmap + 3])
            for index in 0..<count { (bytes[cmap + 4 + 8 * index], bytes[cmap + 5 + 8 * index]) = (0, 2) }
        }) { path in
            do {
                _ = try Typeface.load(path: path)
                Issue.record("a font without a usable cmap loaded")
            } catch let error as TypesettingError {
                guard case .fontFileCorrupt(_, let reason) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(reason.contains("cmap"))
            }
        }
    }

    @Test func aFontWhoseMetricsGiveANegativeLineHeightIsRefused() throws {
        let metrics = try FontTables(path: Measure.font.primaryTypeface.path)
        try withPatchedFont({ bytes in
            // The ascender the text policy reads becomes -3000 units: below the descender.
            let at = metrics.usesTypoMetrics ? try Self.tableOffset("OS/2", in: bytes) + 68 : try Self.tableOffset("hhea", in: bytes) + 4
            let value = UInt16(bitPattern: -3000)
            (bytes[at], bytes[at + 1]) = (UInt8(value >> 8), UInt8(value & 0xFF))
        }) { path in
            do {
                _ = try Typeface.load(path: path)
                Issue.record("a font with a negative line height loaded")
            } catch let error as TypesettingError {
                guard case .fontFileCorrupt(_, let reason) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(reason.contains("negative height") && reason.contains("-3000"))
            }
        }
    }

    @Test(arguments: [0x1_0000, 1 << 32, (1 << 32) + 1, Int.max])
    func faceIndicesBeyondWhatFreeTypeAddressesAreRefused(index: Int) {
        let path = Measure.font.primaryTypeface.path
        #expect(throws: TypesettingError.faceIndexOutOfRange(path: path, index: index, faceCount: 1)) {
            try Font(path: path, size: 12, faceIndex: index)
        }
        #expect(throws: TypesettingError.faceIndexOutOfRange(path: path, index: index, faceCount: 1)) {
            try Typeface.load(path: path, faceIndex: index)
        }
    }

    @Test func aFIFOIsRefusedWithoutOpeningIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fitsize-fifo-\(UUID())").path
        try #require(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Opening the FIFO for reading would wait for a writer: reaching the expectation at
        // all shows the file type was checked first.
        #expect(throws: TypesettingError.fontFileUnreadable(path: path, reason: "it is a FIFO (named pipe), not a regular file")) {
            try Typeface.load(path: path)
        }
        #expect(throws: TypesettingError.fontFileUnreadable(path: "/dev/zero", reason: "it is a device, not a regular file")) {
            try Typeface.load(path: "/dev/zero")
        }
    }

    @Test func freeTypeErrorsAreNamedWithFreeTypesOwnMessages() throws {
        // The oracle: the messages of FreeType's own error list, read from its header.
        let header = try String(contentsOfFile: "/usr/include/freetype2/freetype/fterrdef.h", encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"FT_ERRORDEF_\(\s*\w+,\s*0x([0-9A-Fa-f]+),\s*"([^"]*)"\s*\)"#)
        let matches = pattern.matches(in: header, range: NSRange(header.startIndex..., in: header))
        #expect(matches.count > 90)
        for match in matches {
            let code = try #require(Int32(String(header[Range(match.range(at: 1), in: header)!]), radix: 16))
            let message = String(header[Range(match.range(at: 2), in: header)!])
            let text = FreeTypeErrorMessage.text(for: code)
            #expect(text.hasPrefix(message + " (FreeType error 0x"), "\(code): \(text)")
            #expect(Int32(text.split(separator: "0x").last!.dropLast(), radix: 16) == code)
        }
        #expect(FreeTypeErrorMessage.text(for: 0x999) == "FreeType error 0x999")
    }

    @Test func emptyCascadeIsAnError() {
        #expect(throws: TypesettingError.emptyCascade) { try FontCascade([]) }
    }

    // MARK: Finding the shipped fonts

    @Test func environmentVariableOverridesTheFontsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fitsize-fonts-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: Measure.font.primaryTypeface.path, toPath: folder.appendingPathComponent("NotoSans-Regular.ttf").path)
        let found = try ShippedFonts.directory(environment: ["FITSIZE_FONTS_DIR": folder.path], executable: nil)
        #expect(found.standardizedFileURL.path == folder.standardizedFileURL.path)
    }

    @Test func aWrongEnvironmentVariableIsAnErrorNamingIt() {
        #expect(throws: TypesettingError.shippedFontsNotFound(searched: ["/nowhere (from FITSIZE_FONTS_DIR)"])) {
            try ShippedFonts.directory(environment: ["FITSIZE_FONTS_DIR": "/nowhere"], executable: nil)
        }
    }

    @Test func fontsBesideTheExecutableAreFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fitsize-install-\(UUID())")
        let fonts = folder.appendingPathComponent("Fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: Measure.font.primaryTypeface.path, toPath: fonts.appendingPathComponent("NotoSans-Regular.ttf").path)
        let found = try ShippedFonts.directory(
            environment: [:], executable: folder.appendingPathComponent("fitsize"), sourceFile: "/nowhere/a/b/c/d.swift")
        #expect(found.standardizedFileURL.path == fonts.standardizedFileURL.path)
    }

    @Test func theRepositoryFolderIsFoundFromTheSourceFile() throws {
        let found = try ShippedFonts.directory(environment: [:], executable: nil)
        #expect(found.lastPathComponent == "Fonts")
        #expect(FileManager.default.fileExists(atPath: found.appendingPathComponent("README.md").path))
    }

    @Test func noFolderIsAnErrorListingWhereItLooked() {
        do {
            _ = try ShippedFonts.directory(environment: [:], executable: nil, sourceFile: "/nowhere/a/b/c/d.swift")
            Issue.record("found fonts in /nowhere")
        } catch {
            #expect(String(describing: error).contains("/nowhere/Fonts"))
            #expect(String(describing: error).contains("FITSIZE_FONTS_DIR"))
        }
    }

    @Test func missingShippedFontsFallBackToTheSystemSansSerifAndSayWhy() throws {
        let missing = TypesettingError.shippedFontsNotFound(searched: ["/nowhere/Fonts"])
        let cascades = ShippedCascades { _, _ in throw missing }
        #expect(cascades.error == missing)
        let face = try #require(cascades.regular.typefaces.first)
        #expect(!face.path.isEmpty)  // Debian's fonts: fontconfig's sans-serif
        #expect(try PreparedText("Still measurable", font: Font(cascade: cascades.regular, size: 17))
            .layout(width: .infinity).lines[0].width > 0)
    }

    // MARK: Fallback

    @Test func charactersNoCascadeFaceCoversFallBackToASystemFont() throws {
        // Cherokee is not in the shipped cascade; Debian's fonts-noto-core has it.
        let text = "Ꮳ Ꮓ Ꭰ"
        let layout = try PreparedText(text, font: Measure.font).layout(width: .infinity)
        let faces = layout.typefaces(onLine: 0)
        let system = try #require(faces.first { $0.covers("Ꮳ") })
        #expect(!ShippedFonts.regularFiles.contains(URL(fileURLWithPath: system.path).lastPathComponent))
        #expect(layout.lines[0].width > 0)
    }

    @Test func charactersNoFontCoversUseTheNotdefGlyphOfThePrimaryFace() throws {
        let privateUse = "\u{F8FF}\u{F8FE}"
        let layout = try PreparedText(privateUse, font: Measure.font).layout(width: .infinity)
        let runs = layout.glyphRuns(onLine: 0)
        #expect(runs.flatMap(\.glyphs).allSatisfy { $0 == 0 })
        #expect(layout.lines[0].width > 0)
    }
}
