extension Markup {
    /// Reads markup a character at a time, counting columns.
    struct Reader {
        /// A tag as written.
        struct ReadTag {
            var name: Tag
            var argument: String
            var closing: Bool
        }

        private let characters: [Character]
        private var position = 0

        init(_ text: String) { characters = Array(text) }

        /// The column of the next character, from 1.
        var column: Int { position + 1 }

        func peek() -> Character? { position < characters.count ? characters[position] : nil }

        mutating func advance() { position += 1 }

        /// Reads a tag from its `<` to its `>`.
        mutating func tag() throws(MarkupError) -> ReadTag {
            let start = column
            advance()
            let closing = peek() == "/"
            if closing { advance() }
            var name = ""
            while let character = peek(), character.isLetter {
                name.append(character)
                advance()
            }
            guard let tag = Tag(rawValue: name) else {
                let known = Tag.allCases.map { "<\($0.rawValue)>" }.joined(separator: ", ")
                throw MarkupError(
                    column: start, message: name.isEmpty
                        ? "a < that starts no tag (write &lt; for the character)"
                        : "unknown tag <\(closing ? "/" : "")\(name)>; the tags are \(known)")
            }
            var argument = ""
            while peek() == " " { advance() }
            if peek() == "\"" {
                advance()
                while let character = peek(), character != "\"" {
                    argument.append(character)
                    advance()
                }
                guard peek() == "\"" else {
                    throw MarkupError(column: start, message: "<\(name): the quoted argument is never closed")
                }
                advance()
            } else {
                while let character = peek(), character != ">" && character != "<" {
                    argument.append(character)
                    advance()
                }
                while argument.last == " " { argument.removeLast() }
            }
            while peek() == " " { advance() }
            guard peek() == ">" else {
                throw MarkupError(column: start, message: "<\(closing ? "/" : "")\(name) is never closed with >")
            }
            advance()
            if closing && tag.isVoid {
                throw MarkupError(column: start, message: "<\(name)> has no closing tag")
            }
            if closing && !argument.isEmpty {
                throw MarkupError(column: start, message: "</\(name)> takes no argument")
            }
            if !closing && tag.takesArgument && argument.isEmpty {
                throw MarkupError(column: start, message: "<\(name)> needs an argument, as in \(Self.example(tag))")
            }
            if !closing && !tag.takesArgument && !argument.isEmpty {
                throw MarkupError(column: start, message: "<\(name)> takes no argument")
            }
            return ReadTag(name: tag, argument: argument, closing: closing)
        }

        /// Reads an entity from its `&` to its `;`: the character it stands for.
        mutating func entity() throws(MarkupError) -> Character {
            let start = column
            var name = ""
            advance()
            while let character = peek(), character != ";", name.count < 8 {
                name.append(character)
                advance()
            }
            guard peek() == ";" else {
                throw MarkupError(column: start, message: "a & that starts no entity (write &amp; for the character)")
            }
            advance()
            switch name {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            default: throw MarkupError(column: start, message: "unknown entity &\(name);; the entities are &lt; &gt; &amp; &quot;")
            }
        }

        private static func example(_ tag: Tag) -> String {
            switch tag {
            case .size: "<size 20>"
            case .font: "<font NotoSansHebrew-Regular.ttf>"
            case .kern: "<kern 1.5>"
            case .baseline: "<baseline 3>"
            case .link: "<a https://example.com>"
            case .attachment: "<attachment 16 16 -3>"
            case .bold, .italic: "<\(tag.rawValue)>"
            }
        }
    }
}
