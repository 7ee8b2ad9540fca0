import AutoLayout
import Foundation
import Typesetting

/// What a ``HazardCell`` shows: a text and a photo height, and whether the item is one of
/// the kinds that fail.
struct HazardItem: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// An ordinary item.
        case ordinary
        /// The photo's height is set from itself (`h == 2h + 1000`): the cell's height
        /// comes out negative, which the sizer refuses.
        case impossibleHeight
        /// The photo is taller than the required cap allows: the engine breaks a required
        /// constraint, which leaves the template cell unfit for reuse.
        case brokenCap
        /// The photo's height is beyond the layout engine's range: the engine leaves its
        /// constraint out, which the sizer refuses.
        case outOfRange
    }

    var text: String
    var photoHeight: CGFloat
    var kind: Kind

    /// A random item: one in `failureOdds` fails, half of those each way.
    static func random(using generator: inout some RandomNumberGenerator, failureOdds: Int = 5) -> HazardItem {
        let words = ["fit", "size", "layout", "cell", "a", "constraint", "engine", "of", "typeset",
                     "wrapping", "width", "line", "breaking", "Ünïcödé", "ℍ𝕖𝕝𝕝𝕠", "—", "x"]
        let count = Int.random(in: 0...40, using: &generator)
        let text = (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
        let photo = CGFloat(Int.random(in: 0...100, using: &generator))
        let kind: Kind
        switch Int.random(in: 0..<(2 * failureOdds), using: &generator) {
        case 0: kind = .impossibleHeight
        case 1: kind = .brokenCap
        case 2: kind = .outOfRange
        default: kind = .ordinary
        }
        let height: CGFloat = switch kind {
        case .brokenCap: 150 + photo
        case .outOfRange: 1e12 * (1 + photo)
        case .ordinary, .impossibleHeight: photo
        }
        return HazardItem(text: text, photoHeight: height, kind: kind)
    }
}

/// A cell whose items can poison the template if the sizer let them: a multi-line label over
/// a photo whose height is capped at 120 points, with constraints switched per item.
final class HazardCell: View {
    /// Fitsize reads no archives.
    required init?(coder: NSCoder) {
        return nil
    }

    let label = Label()
    let photo = View()
    private let photoHeight: LayoutConstraint
    private let selfReferentialHeight: LayoutConstraint
    /// The identifier of the photo's height constraint, which the engine's range reports name.
    static let photoHeightIdentifier = "hazard-photo-height"
    /// The required cap a ``HazardItem/Kind/brokenCap`` item breaks (it enters last).
    let cap: LayoutConstraint

    init() {
        label.translatesAutoresizingMaskIntoConstraints = false
        label.numberOfLines = 0
        label.font = Font.default(size: 15)
        photo.translatesAutoresizingMaskIntoConstraints = false
        photoHeight = photo.heightAnchor.constraint(equalToConstant: 0)
        photoHeight.identifier = Self.photoHeightIdentifier
        selfReferentialHeight = photo.heightAnchor.constraint(equalTo: photo.heightAnchor, multiplier: 2, constant: 1000)
        cap = photo.heightAnchor.constraint(lessThanOrEqualToConstant: 120)
        super.init(frame: .zero)
        addSubview(label)
        addSubview(photo)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 12),
            label.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -12),
            label.topAnchor.constraint(equalTo: topAnchor, constant: 10),
            photo.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 12),
            photo.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -12),
            photo.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 8),
            bottomAnchor.constraint(equalTo: photo.bottomAnchor, constant: 10),
            photoHeight,
        ])
        cap.isActive = true
    }

    /// Shows `item`, setting everything an earlier item may have changed.
    func show(_ item: HazardItem) {
        label.text = item.text
        photoHeight.constant = item.photoHeight
        let selfReferential = item.kind == .impossibleHeight
        photoHeight.isActive = !selfReferential
        selfReferentialHeight.isActive = selfReferential
    }
}
