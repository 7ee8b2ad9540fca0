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
