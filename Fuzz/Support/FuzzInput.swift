import Foundation

/// The fuzzer's bytes read as a sequence of choices: numbers, picks from lists and text.
/// Once the bytes run out every read gives its smallest answer, so any input is a complete
/// case and libFuzzer's mutations of a byte change one choice.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// Reads the choices from `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isEmpty: Bool { position >= bytes.count }

    /// The next byte, 0 after the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next `count` bytes as an unsigned number, little-endian.
    public mutating func unsigned(bytes count: Int) -> UInt64 {
        (0..<count).reduce(UInt64(0)) { value, index in value | UInt64(byte()) << (8 * UInt64(index)) }
    }

    /// A number in `range`, from as few bytes as it needs.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound)
        guard span > 0 else { return range.lowerBound }
        let count = (64 - span.leadingZeroBitCount + 7) / 8
        let raw = unsigned(bytes: count)
        return range.lowerBound + Int(span == .max ? raw : raw % (span + 1))
    }

    /// True or false, from one byte.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(in: 0...choices.count - 1)]
    }

    /// A magnitude spread evenly in decimal exponent over `exponents` (two bytes of
    /// resolution), with a sign when `signed`; one choice in sixteen is exactly 0.
    public mutating func logScaled(exponents: ClosedRange<Double>, signed: Bool = true) -> Double {
        let control = byte()
        if control & 0x0F == 0 { return 0 }
        let fraction = Double(unsigned(bytes: 2)) / Double(UInt16.max)
        let magnitude = pow(10, exponents.lowerBound + fraction * (exponents.upperBound - exponents.lowerBound))
        return signed && control & 0x10 != 0 ? -magnitude : magnitude
    }

    /// The next eight bytes as a `Double`'s bit pattern: any value, NaN and infinities included.
    public mutating func anyDouble() -> Double { Double(bitPattern: unsigned(bytes: 8)) }

    /// The rest of the bytes.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }

    /// The next `count` bytes at most.
    public mutating func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, position + max(0, count))
        defer { position = end }
        return position < end ? Array(bytes[position..<end]) : []
    }
}
