import Foundation

extension Font {
    /// The stroke weight a font was asked for, with UIKit's names (`UIFont.Weight`).
    ///
    /// UIKit draws every weight with a face of SF Pro made for it. Fitsize ships two faces of
    /// Noto Sans, Regular (OpenType weight class 400) and Bold (700), and draws each weight
    /// with the nearer one by ``weightClass``: ultraLight through medium (100–500) with
    /// Regular, semibold through black (600–900) with Bold (``usesBoldFace``). The font keeps
    /// the weight asked for, so that it can say what it stands in for.
    public enum Weight: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
        case ultraLight = 100
        case thin = 200
        case light = 300
        case regular = 400
        case medium = 500
        case semibold = 600
        case bold = 700
        case heavy = 800
        case black = 900

        /// The OpenType weight class (`usWeightClass`) of the weight: 100 to 900.
        public var weightClass: Int { rawValue }

        /// Whether the shipped Bold face, rather than Regular, draws this weight: whether
        /// ``weightClass`` is nearer 700 than 400.
        public var usesBoldFace: Bool {
            abs(weightClass - Weight.bold.weightClass) < abs(weightClass - Weight.regular.weightClass)
        }

        /// Lighter weights first.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }

        /// UIKit's name: "regular", "semibold".
        public var description: String {
            switch self {
            case .ultraLight: "ultraLight"
            case .thin: "thin"
            case .light: "light"
            case .regular: "regular"
            case .medium: "medium"
            case .semibold: "semibold"
            case .bold: "bold"
            case .heavy: "heavy"
            case .black: "black"
            }
        }
    }
}
