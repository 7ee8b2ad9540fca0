import Foundation
import Testing

@testable import AutoLayout

/// A view with a settable intrinsic content size, standing in for a label or an image view.
final class IntrinsicSizeView: View {
    /// Fitsize reads no archives.
    required init?(coder: NSCoder) {
        return nil
    }

    var contentSize: CGSize {
        didSet { invalidateIntrinsicContentSize() }
    }

    init(_ width: CGFloat, _ height: CGFloat) {
        contentSize = CGSize(width: width, height: height)
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var intrinsicContentSize: CGSize { contentSize }
}

/// Makes a root view of the given size and a subview that uses constraints.
func makeRoot(_ width: CGFloat = 375, _ height: CGFloat = 667, scale: CGFloat = 1) -> View {
    let root = View(frame: CGRect(x: 0, y: 0, width: width, height: height))
    root.displayScale = scale
    return root
}

func makeSubview(of superview: View, name: String? = nil) -> View {
    let view = View()
    view.translatesAutoresizingMaskIntoConstraints = false
    view.accessibilityIdentifier = name
    superview.addSubview(view)
    return view
}

/// Two intrinsic-size views (100 × 20) side by side between the edges of a root `width` wide,
/// both pinned to its top: a row too wide or too narrow for them.
func makeIntrinsicRow(width: CGFloat) -> (View, IntrinsicSizeView, IntrinsicSizeView) {
    let root = makeRoot(width, 100)
    let first = IntrinsicSizeView(100, 20)
    let second = IntrinsicSizeView(100, 20)
    root.addSubview(first)
    root.addSubview(second)
    LayoutConstraint.activate([
        first.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        second.leadingAnchor.constraint(equalTo: first.trailingAnchor),
        second.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        first.topAnchor.constraint(equalTo: root.topAnchor),
        second.topAnchor.constraint(equalTo: root.topAnchor),
    ])
    return (root, first, second)
}
