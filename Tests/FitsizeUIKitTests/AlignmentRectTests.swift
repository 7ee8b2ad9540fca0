import Foundation
import Testing

import FitsizeUIKit

/// A badge that draws a shadow 4 points to each side and 6 below its body: only the body
/// lines up with other views, as in UIKit.
private final class ShadowedBadge: UIView {
    override var alignmentRectInsets: UIEdgeInsets { UIEdgeInsets(top: 0, left: 4, bottom: 6, right: 4) }
    override var intrinsicContentSize: CGSize { CGSize(width: 40, height: 20) }
}

/// Constraints and intrinsic sizes refer to the alignment rectangle; the frame is that
/// rectangle outset by the insets.
@Suite struct AlignmentRectTests {
    @Test func constraintsAlignTheAlignmentRectangle() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let badge = ShadowedBadge()
        let caption = UIView()
        for view in [badge, caption] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            badge.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            caption.topAnchor.constraint(equalTo: badge.bottomAnchor, constant: 8),
            caption.leadingAnchor.constraint(equalTo: badge.leadingAnchor),
            caption.widthAnchor.constraint(equalTo: badge.widthAnchor),
            caption.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        // The body is 40 × 20 at (10, 10); the frame adds the shadow.
        #expect(badge.frame == CGRect(x: 6, y: 10, width: 48, height: 26))
        #expect(badge.alignmentRect(forFrame: badge.frame) == CGRect(x: 10, y: 10, width: 40, height: 20))
        #expect(badge.frame(forAlignmentRect: CGRect(x: 10, y: 10, width: 40, height: 20)) == badge.frame)
        #expect(caption.frame == CGRect(x: 10, y: 38, width: 40, height: 10))
    }

    @Test func theFrameKeepsItsOwnConstraints() {
        let badge = ShadowedBadge(frame: .zero)
        badge.translatesAutoresizingMaskIntoConstraints = false
        // The fitting size is the frame's: the intrinsic 40 × 20 body and its shadow.
        #expect(badge.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 48, height: 26))
        let plain = UIView()
        #expect(plain.alignmentRectInsets == .zero)
        #expect(plain.alignmentRect(forFrame: CGRect(x: 1, y: 2, width: 3, height: 4)) == CGRect(x: 1, y: 2, width: 3, height: 4))
    }
}
