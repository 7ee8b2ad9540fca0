import Foundation
import Typesetting

/// The `titleLabel` of a ``Button``: a label whose text and font are the button's, so that
/// code setting `button.titleLabel?.font` resizes the button as in UIKit.
final class ButtonTitleLabel: Label {
    /// The button, unretained: it holds this label and outlives it.
    private unowned let button: Button

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    required init?(coder: NSCoder) {
        View.refuseArchive(Self.self)
        return nil
    }

    init(button: Button) {
        self.button = button
        super.init(frame: .zero)
    }

    /// The button's title.
    override var text: String? {
        get { button.title }
        set { button.title = newValue }
    }

    /// The button's font.
    override var font: Font {
        get { button.font }
        set { button.font = newValue }
    }
}
