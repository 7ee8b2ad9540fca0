// The one line format every timing tool prints for the comparison harness
// (Benchmarks/compare/run): one JSON object per line, described in Benchmarks/compare/README.md.

/// One measured scenario at one size, for one implementation: a line of the harness protocol.
public struct TimingRecord {
    /// The module the scenario belongs to: `solver`, `text`, `layout`, `controls`, `cells`, `cli`.
    public var suite: String
    /// The scenario and, after a dot, its phase (`b.build`, `label.cold`).
    public var scenario: String
    /// The scenario's size, or nil for scenarios of one fixed size.
    public var n: Int?
    /// Who did the work: `fitsize`, or the peer's name (`harfbuzz`, `manual`, ...).
    public var implementation: String
    /// The median wall time of one operation, in nanoseconds.
    public var medianNanoseconds: Double
    /// How many timed samples the median is taken over.
    public var samples: Int
    /// What one operation is (`run`, `label`, `layout`, `cell`), so readers know what the time covers.
    public var unit: String
    /// A detail worth showing beside the number (counts, rejected constraints), or nil.
    public var note: String?
    /// The most memory a process doing one operation held (its peak resident set), in
    /// bytes, for the scenarios with a memory target; nil for the others.
    public var peakBytes: Int?
    /// The heap bytes per view the scenario's scene holds once laid out, at this size, for
    /// the scenarios with a memory target; nil for the others.
    public var heapBytesPerView: Int?

    /// A record of a measured median.
    public init(
        suite: String, scenario: String, n: Int? = nil, implementation: String = "fitsize",
        medianNanoseconds: Double, samples: Int, unit: String, note: String? = nil, peakBytes: Int? = nil,
        heapBytesPerView: Int? = nil
    ) {
        self.suite = suite
        self.scenario = scenario
        self.n = n
        self.implementation = implementation
        self.medianNanoseconds = medianNanoseconds
        self.samples = samples
        self.unit = unit
        self.note = note
        self.peakBytes = peakBytes
        self.heapBytesPerView = heapBytesPerView
    }

    /// The record as one line of JSON, keys in the protocol's order.
    public var jsonLine: String {
        var fields = ["\"suite\": \(Self.quoted(suite))", "\"scenario\": \(Self.quoted(scenario))"]
        fields.append("\"n\": " + (n.map(String.init) ?? "null"))
        fields.append("\"implementation\": \(Self.quoted(implementation))")
        // A non-finite median is not valid JSON; the harness treats null as a failed measurement.
        fields.append("\"median_ns\": " + (medianNanoseconds.isFinite ? String(medianNanoseconds) : "null"))
        fields.append("\"samples\": \(samples)")
        fields.append("\"unit\": \(Self.quoted(unit))")
        if let note { fields.append("\"note\": \(Self.quoted(note))") }
        if let peakBytes { fields.append("\"peak_bytes\": \(peakBytes)") }
        if let heapBytesPerView { fields.append("\"heap_bytes_per_view\": \(heapBytesPerView)") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Prints the record on standard output.
    public func emit() {
        print(jsonLine)
    }

    /// The median of `values` (the mean of the middle two for an even count); NaN when empty.
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Nanoseconds in a `Duration`, as a Double.
    public static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) * 1e-9
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
