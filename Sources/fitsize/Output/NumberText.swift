/// How the tool writes numbers: rounded to a millionth of a point, which is far below any
/// pixel and hides the float noise of sums (18.173000000000002), then the shortest
/// decimal for that, without a trailing ".0" (`96.5`, `24`, `20.333333`).
enum NumberText {
    static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let rounded = rounded(value)
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return rounded.description
    }

    /// Appends the formatted number's bytes.
    static func append(_ value: Double, to bytes: inout [UInt8]) {
        let rounded = rounded(value)
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            appendInteger(Int64(rounded), to: &bytes)
        } else {
            bytes.append(contentsOf: format(value).utf8)
        }
    }

    private static func rounded(_ value: Double) -> Double {
        guard value.isFinite, abs(value) < 1e9 else { return value }
        let result = (value * 1e6).rounded() / 1e6
        return result == 0 ? 0 : result  // no "-0"
    }

    /// Appends a decimal integer without going through a String.
    static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }
}
