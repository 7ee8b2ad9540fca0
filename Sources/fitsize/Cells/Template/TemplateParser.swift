import AutoLayout
import Foundation
import Typesetting

/// Reads a cell template (JSON) into a ``CellTemplate``:
///
/// ```json
/// {
///   "layoutMargins": [12, 16, 12, 16],
///   "metrics": {"gap": 8},
///   "views": [
///     {"name": "avatar", "type": "image", "width": 44, "height": 44},
///     {"name": "title", "type": "label", "text": "{title}", "lines": 0,
///      "font": {"size": 17, "weight": "bold"}}
///   ],
///   "constraints": [
///     "H:|-[avatar]-gap-[title]-|",
///     "title.top == cell.topMargin",
///     "cell.bottomMargin >= title.bottom @750"
///   ]
/// }
/// ```
///
/// Every error names the file, line and column.
struct TemplateParser {
    let file: String
    /// Relative font paths are resolved against the template's folder.
    let folder: URL
    /// Whether the template's fonts fall back to the machine's fonts for characters they
    /// lack (see ``Typesetting/FontCascade/usesSystemFonts``); off, the same item gives the
    /// same height on every machine.
    var systemFonts = false

    /// The font sizes a template may give: above 0 (a zero-sized font hides text, which
    /// "hidden" says plainly), up to Typesetting's largest.
    static let fontSizes: ClosedRange<Double> = 0.01...Double(Font.maximumPointSize)

    static let viewTypes = ["label", "button", "textField", "image", "stack", "view"]
    /// Names the equations reserve: the cell itself, and an item's superview.
    static let reservedNames: Set<String> = ["cell", "superview"]

    /// Parses the template file at `path`.
    static func parse(path: String, systemFonts: Bool = false) throws -> CellTemplate {
        let data = try TemplateLimits.read(path: path)
        guard let text = String(validating: data, as: UTF8.self) else {
            let offset = data.withUnsafeBytes { UTF8Validation.firstInvalidByte(in: $0.bindMemory(to: UInt8.self)) } ?? 0
            throw TemplateError(file: path, location: nil, message: "not valid UTF-8: bad byte sequence at byte offset \(offset)")
        }
        let parser = TemplateParser(
            file: path, folder: URL(fileURLWithPath: path).deletingLastPathComponent(), systemFonts: systemFonts)
        return try parser.template(from: JSONNode.parse(text, file: path))
    }

    func template(from root: JSONNode) throws(TemplateError) -> CellTemplate {
        var reader = try PropertyReader(root, file: file, subject: "the template")
        var metrics: [String: Double] = [:]
        if let node = reader.take("metrics") {
            var metricReader = try PropertyReader(node, file: file, subject: "\"metrics\"")
            guard case .object(let members) = node.value else { throw reader.error("\"metrics\" must be an object", at: node) }
            for member in members {
                guard Self.isName(member.key) else {
                    throw TemplateError(file: file, location: member.keyLocation,
                                        message: "metric name \"\(member.key)\" must be letters, digits and '_', starting with a letter or '_'")
                }
                metrics[member.key] = try metricReader.number(member.key, range: InputLimits.lengths)
            }
            try metricReader.finish()
        }
        let layoutMargins = try reader.insets("layoutMargins")
        guard let viewsNode = reader.take("views") else {
            throw reader.error("the template needs \"views\": an array of view objects", at: root)
        }
        var names: [String: SourceLocation] = [:]
        let views = try viewList(viewsNode, key: "views", names: &names)
        var constraints: [ConstraintSpec] = []
        if let node = reader.take("constraints") {
            guard case .array(let elements) = node.value else {
                throw reader.error("\"constraints\" must be an array of strings, not \(node.kindDescription)", at: node)
            }
            guard elements.count <= TemplateLimits.maximumConstraintEntries else {
                throw reader.error("\"constraints\" has \(elements.count) entries, more than the "
                                   + "\(TemplateLimits.maximumConstraintEntries) a template may have", at: node)
            }
            for element in elements { constraints.append(try constraint(element, metrics: metrics)) }
        }
        try reader.finish()
        return CellTemplate(file: file, layoutMargins: layoutMargins, views: views, constraints: constraints, metrics: metrics)
    }

    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    // MARK: Views

    private func viewList(_ node: JSONNode, key: String, names: inout [String: SourceLocation]) throws(TemplateError) -> [ViewSpec] {
        guard case .array(let elements) = node.value else {
            throw TemplateError(file: file, location: node.location, message: "\"\(key)\" must be an array of view objects, not \(node.kindDescription)")
        }
        var views: [ViewSpec] = []
        for element in elements { views.append(try view(element, names: &names)) }
        return views
    }

    private func view(_ node: JSONNode, names: inout [String: SourceLocation]) throws(TemplateError) -> ViewSpec {
        var reader = try PropertyReader(node, file: file, subject: "a view")
        guard let (name, nameNode) = try reader.string("name") else {
            throw reader.error("a view needs a \"name\" (used in constraints)", at: node)
        }
        guard Self.isName(name) else {
            throw reader.error("view name \"\(name)\" must be letters, digits and '_', starting with a letter or '_'", at: nameNode)
        }
        guard !Self.reservedNames.contains(name) else {
            throw reader.error("\"\(name)\" is reserved in constraints for the cell; choose another view name", at: nameNode)
        }
        if let earlier = names[name] {
            throw reader.error("a view named \"\(name)\" is already defined at \(earlier)", at: nameNode)
        }
        guard names.count < TemplateLimits.maximumViews else {
            throw reader.error("view \"\(name)\" is one more than the \(TemplateLimits.maximumViews) views a template may have", at: nameNode)
        }
        names[name] = nameNode.location
        guard let (type, typeNode) = try reader.string("type") else {
            throw reader.error("view \"\(name)\" needs a \"type\": one of \(Self.viewTypes.joined(separator: ", "))", at: node)
        }
        var common = CommonProperties()
        common.hidden = try reader.boolBinding("hidden")
        if let hugging = try reader.priorities("hugging") {
            (common.huggingHorizontal, common.huggingVertical) = hugging
        }
        if let resistance = try reader.priorities("compressionResistance") {
            (common.compressionResistanceHorizontal, common.compressionResistanceVertical) = resistance
        }
        common.layoutMargins = try reader.insets("layoutMargins")

        let kind: ViewSpec.Kind
        var children: [ViewSpec] = []
        let subject: String
        switch type {
        case "label":
            subject = "a label"
            var label = LabelProperties(font: try font(&reader, default: shipped(like: Label.defaultFont)))
            if let (text, location) = try reader.text("text") { (label.text, label.textLocation) = (text, location) }
            try attributedText(&reader, into: &label)
            label.lines = try reader.integer("lines", minimum: 0) ?? 1
            label.lineBreak = try reader.choice("lineBreak", [
                "word": LineBreakMode.byWordWrapping, "char": .byCharWrapping, "clip": .byClipping,
                "head": .byTruncatingHead, "tail": .byTruncatingTail, "middle": .byTruncatingMiddle,
            ]) ?? .byTruncatingTail
            label.lineSpacing = try reader.number("lineSpacing", range: InputLimits.sizes) ?? 0
            label.alignment = try reader.choice("alignment", ParagraphStyleFields.alignments) ?? .natural
            label.preferredMaxLayoutWidth = try reader.number("preferredMaxLayoutWidth", range: InputLimits.sizes) ?? 0
            kind = .label(label)
        case "button":
            subject = "a button"
            var button = ButtonProperties(font: try font(&reader, default: shipped(like: Button.defaultFont)))
            if let (title, location) = try reader.text("title") { (button.title, button.titleLocation) = (title, location) }
            button.contentInsets = try reader.insets("contentInsets") ?? .zero
            kind = .button(button)
        case "textField":
            subject = "a text field"
            var field = TextFieldProperties(font: try font(&reader, default: shipped(like: TextField.defaultFont)))
            if let (text, location) = try reader.text("text") { (field.text, field.textLocation) = (text, location) }
            if let (text, location) = try reader.text("placeholder") { (field.placeholder, field.placeholderLocation) = (text, location) }
            field.borderStyle = try reader.choice("borderStyle", [
                "none": TextField.BorderStyle.none, "line": .line, "bezel": .bezel, "roundedRect": .roundedRect,
            ]) ?? .none
            kind = .textField(field)
        case "image":
            subject = "an image"
            guard let width = try reader.numberBinding("width", range: InputLimits.sizes),
                  let height = try reader.numberBinding("height", range: InputLimits.sizes) else {
                throw reader.error("image \"\(name)\" needs \"width\" and \"height\" (its size in points, or \"{field}\")", at: node)
            }
            kind = .image(ImageProperties(width: width, height: height))
        case "stack":
            subject = "a stack"
            var stack = StackProperties()
            stack.axis = try reader.choice("axis", ["horizontal": LayoutAxis.horizontal, "vertical": .vertical]) ?? .horizontal
            stack.distribution = try reader.choice("distribution", [
                "fill": StackView.Distribution.fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally,
                "equalSpacing": .equalSpacing, "equalCentering": .equalCentering,
            ]) ?? .fill
            stack.alignment = try reader.choice("alignment", [
                "fill": StackView.Alignment.fill, "leading": .leading, "top": .top, "firstBaseline": .firstBaseline,
                "center": .center, "trailing": .trailing, "bottom": .bottom, "lastBaseline": .lastBaseline,
            ]) ?? .fill
            stack.spacing = try reader.number("spacing", range: InputLimits.lengths) ?? 0
            stack.isBaselineRelative = try reader.bool("baselineRelative") ?? false
            stack.isLayoutMarginsRelative = try reader.bool("layoutMarginsRelative") ?? false
            if let arranged = reader.take("arrangedSubviews") {
                children = try viewList(arranged, key: "arrangedSubviews", names: &names)
            }
            kind = .stack(stack)
        case "view":
            subject = "a view"
            if let subviews = reader.take("subviews") {
                children = try viewList(subviews, key: "subviews", names: &names)
            }
            kind = .view
        default:
            throw reader.error("unknown view type \"\(type)\"; the types are \(Self.viewTypes.joined(separator: ", "))", at: typeNode)
        }
        reader.subject = "\(subject) (\"\(name)\")"
        try reader.finish()
        return ViewSpec(name: name, location: nameNode.location, kind: kind, common: common, children: children)
    }

    /// A label's `"attributedText"` (an array of runs: `{"text": "{author}", "font": {...},
    /// "kern": 1, "baselineOffset": 2}`) and `"paragraphStyle"` (NSParagraphStyle's fields that
    /// change a size). A paragraph style with plain `"text"` makes it one run.
    private func attributedText(_ reader: inout PropertyReader, into label: inout LabelProperties) throws(TemplateError) {
        let runsNode = reader.take("attributedText")
        let paragraph = try paragraphStyle(&reader)
        if let runsNode, label.text != nil {
            throw reader.error("a label takes \"text\" or \"attributedText\", not both", at: runsNode)
        }
        var runs: [AttributedTextTemplate.Run] = []
        if let runsNode {
            guard case .array(let elements) = runsNode.value, !elements.isEmpty else {
                throw reader.error("\"attributedText\" must be an array of runs such as {\"text\": \"{name}\", \"font\": {\"weight\": \"bold\"}}", at: runsNode)
            }
            for element in elements {
                var runReader = try PropertyReader(element, file: file, subject: "a run of \"attributedText\"")
                if let box = try attachment(&runReader, in: element) {
                    runs.append(box)
                    continue
                }
                guard let (text, location) = try runReader.text("text") else {
                    throw runReader.error("a run needs a \"text\" or an \"attachment\"", at: element)
                }
                let font = try givenFont(&runReader, default: label.font)
                let kern = try runReader.number("kern", range: InputLimits.lengths)
                let offset = try runReader.number("baselineOffset", range: InputLimits.lengths)
                try runReader.finish()
                runs.append(AttributedTextTemplate.Run(text: text, location: location, font: font, kern: kern, baselineOffset: offset))
            }
        } else if paragraph != nil, let text = label.text, let location = label.textLocation {
            runs = [AttributedTextTemplate.Run(text: text, location: location)]
            label.text = nil
            label.textLocation = nil
        }
        guard !runs.isEmpty else { return }
        label.attributedText = AttributedTextTemplate(runs: runs, paragraph: paragraph)
    }

    /// A run `{"attachment": {"width": 16, "height": 16, "y": -3}}`, or nil when the run has no
    /// `"attachment"`.
    private func attachment(_ reader: inout PropertyReader, in run: JSONNode) throws(TemplateError) -> AttributedTextTemplate.Run? {
        guard let node = reader.take("attachment") else { return nil }
        var boxReader = try PropertyReader(node, file: file, subject: "\"attachment\"")
        guard let width = try boxReader.number("width", range: AttachmentBox.sides),
              let height = try boxReader.number("height", range: AttachmentBox.sides)
        else {
            throw reader.error("an attachment needs a \"width\" and a \"height\", as in {\"width\": 16, \"height\": 16, \"y\": -3}", at: node)
        }
        let y = try boxReader.number("y", range: AttachmentBox.offsets) ?? 0
        try boxReader.finish()
        try reader.finish()
        return AttributedTextTemplate.Run(
            location: run.location, attachment: AttachmentBox(width: width, height: height, y: y))
    }

    /// `"paragraphStyle": {"lineHeightMultiple": 1.2, "paragraphSpacing": 8, ...}`, or nil.
    private func paragraphStyle(_ reader: inout PropertyReader) throws(TemplateError) -> ParagraphStyle? {
        guard let node = reader.take("paragraphStyle") else { return nil }
        var styleReader = try PropertyReader(node, file: file, subject: "\"paragraphStyle\"")
        var style = ParagraphStyle()
        for (key, field) in ParagraphStyleFields.lengths {
            if let value = try styleReader.number(key, range: InputLimits.sizes) { style[keyPath: field] = CGFloat(value) }
        }
        if let value = try styleReader.number(ParagraphStyleFields.tailIndent, range: InputLimits.lengths) {
            style.tailIndent = CGFloat(value)
        }
        if let node = styleReader.take(ParagraphStyleFields.lineHeightMultiple) {
            let value = try PropertyReader.number(
                node, key: ParagraphStyleFields.lineHeightMultiple, range: 0...InputLimits.maximumMultiplier, file: file)
            guard value > 0 else {
                throw styleReader.error("\"lineHeightMultiple\" must be more than 0 (1 leaves lines as they are)", at: node)
            }
            style.lineHeightMultiple = CGFloat(value)
        }
        style.alignment = try styleReader.choice(ParagraphStyleFields.alignment, ParagraphStyleFields.alignments) ?? .natural
        style.lineBreakStrategy = try styleReader.choice(ParagraphStyleFields.lineBreakStrategy, ParagraphStyleFields.strategies) ?? []
        try styleReader.finish()
        return style
    }

    /// A text control's font: its `"font"` and `"textStyle"`. With a text style and no font,
    /// UIKit's `preferredFont(forTextStyle:)` (the shipped face of the style's weight at the
    /// style's size); with both, the font taken as its size at the default category and scaled
    /// along the style's curve, as `UIFontMetrics(forTextStyle:).scaledFont(for:)`. Either way
    /// the font follows the run's `--content-size-category` (the builder makes the control
    /// adjust for it).
    private func font(_ reader: inout PropertyReader, default base: Font) throws(TemplateError) -> Font {
        try givenFont(&reader, default: base) ?? base
    }

    /// ``font(_:default:)`` when the object gives a `"font"` or a `"textStyle"`, else nil: a run
    /// of attributed text without either takes its label's font.
    private func givenFont(_ reader: inout PropertyReader, default base: Font) throws(TemplateError) -> Font? {
        var style: Font.TextStyle?
        if let (name, node) = try reader.string("textStyle") {
            do {
                style = try Font.TextStyle(named: name)
            } catch {
                throw reader.error("\"textStyle\": \(error)", at: node)
            }
        }
        let given = try explicitFont(&reader, default: base)
        guard let style else { return given }
        guard let given else { return Font.preferredFont(forTextStyle: style, systemFonts: systemFonts) }
        return FontMetrics(forTextStyle: style).scaledFont(for: given)
    }

    /// `"font": {"size": 15, "weight": "bold", "file": "Fonts/Serif.ttf"}` or `"font": 15`;
    /// nil when there is none.
    private func explicitFont(_ reader: inout PropertyReader, default base: Font) throws(TemplateError) -> Font? {
        guard let node = reader.take("font") else { return nil }
        if case .number = node.value {
            let size = try PropertyReader.number(node, key: "font", range: Self.fontSizes, file: file)
            return base.withSize(size)
        }
        var fontReader = try PropertyReader(node, file: file, subject: "\"font\"")
        let size = try fontReader.number("size", range: Self.fontSizes) ?? Double(base.pointSize)
        let weight = try fontReader.choice("weight", ["regular": false, "bold": true])
        let fileNode = fontReader.take("file")
        try fontReader.finish()
        if let fileNode {
            guard case .string(let path) = fileNode.value else {
                throw reader.error("\"file\" must be a font file's path, not \(fileNode.kindDescription)", at: fileNode)
            }
            let resolved = path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
            do {
                return try Font(cascade: FontCascade([Typeface.load(path: resolved)], systemFonts: systemFonts), size: size)
            } catch {
                throw reader.error("\(error)", at: fileNode)
            }
        }
        return weight == true ? Font.bold(size: size, systemFonts: systemFonts)
            : weight == false ? Font.default(size: size, systemFonts: systemFonts) : base.withSize(size)
    }

    /// A control's default font (the shipped regular cascade at its size) with this
    /// template's choice of system fonts.
    private func shipped(like controlDefault: Font) -> Font {
        Font.default(size: controlDefault.pointSize, systemFonts: systemFonts)
    }

    // MARK: Constraints

    private func constraint(_ node: JSONNode, metrics: [String: Double]) throws(TemplateError) -> ConstraintSpec {
        switch node.value {
        case .string(let text):
            if Self.isVisualFormat(text) { return .visualFormat(text, options: [], node: node) }
            do {
                return .equation(try EquationParser.parse(text, metrics: metrics), node: node)
            } catch {
                throw TemplateError(
                    file: file, location: node.location(ofScalar: error.offset),
                    message: TemplateError.message("in constraint \"\(text)\": \(error.message)", pointingAt: error.offset, in: text))
            }
        case .object:
            var reader = try PropertyReader(node, file: file, subject: "a visual format constraint")
            guard let (format, formatNode) = try reader.string("format") else {
                throw reader.error("a constraint object needs a \"format\" (Visual Format Language) string", at: node)
            }
            var options: LayoutConstraint.FormatOptions = []
            if let optionsNode = reader.take("options") {
                guard case .array(let names) = optionsNode.value else {
                    throw reader.error("\"options\" must be an array of option names", at: optionsNode)
                }
                for nameNode in names {
                    guard case .string(let name) = nameNode.value, let option = Self.formatOptions[name] else {
                        throw reader.error("unknown format option; the options are "
                            + Self.formatOptions.keys.sorted().joined(separator: ", "), at: nameNode)
                    }
                    options.insert(option)
                }
            }
            try reader.finish()
            return .visualFormat(format, options: options, node: formatNode)
        default:
            throw TemplateError(file: file, location: node.location,
                                message: "a constraint must be a string (visual format or equation) or an object, not \(node.kindDescription)")
        }
    }

    /// Visual format strings start with an orientation, a superview bar or a view.
    static func isVisualFormat(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " }
        return trimmed.hasPrefix("H:") || trimmed.hasPrefix("V:") || trimmed.hasPrefix("|") || trimmed.hasPrefix("[")
    }

    static let formatOptions: [String: LayoutConstraint.FormatOptions] = [
        "alignAllLeft": .alignAllLeft, "alignAllRight": .alignAllRight, "alignAllTop": .alignAllTop,
        "alignAllBottom": .alignAllBottom, "alignAllLeading": .alignAllLeading, "alignAllTrailing": .alignAllTrailing,
        "alignAllCenterX": .alignAllCenterX, "alignAllCenterY": .alignAllCenterY,
        "alignAllLastBaseline": .alignAllLastBaseline, "alignAllFirstBaseline": .alignAllFirstBaseline,
        "directionLeftToRight": .directionLeftToRight, "directionRightToLeft": .directionRightToLeft,
        "spacingBaselineToBaseline": .spacingBaselineToBaseline,
    ]
}
