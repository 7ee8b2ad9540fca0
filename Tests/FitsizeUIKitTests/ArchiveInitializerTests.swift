import DiagnosticsRecording
import Foundation
import Testing

import FitsizeUIKit

/// A view subclass that calls UIView's archive initialiser.
private final class NibOrCodeView: UIView {
    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// `init?(coder:)`: nibs and storyboards cannot be read, so every archive initialiser
/// returns `nil` and says why through `LayoutDiagnostics`.
@Suite struct ArchiveInitializerTests {
    static let marker = "cannot be initialized from an archive"

    @Test func everyUIKitViewClassRefusesAnArchive() {
        let coder = NSCoder()
        let made: [(String, () -> AnyObject?)] = [
            ("View", { UIView(coder: coder) }), ("Label", { UILabel(coder: coder) }),
            ("Button", { UIButton(coder: coder) }), ("ImageView", { UIImageView(coder: coder) }),
            ("TextField", { UITextField(coder: coder) }), ("TextView", { UITextView(coder: coder) }),
            ("StackView", { UIStackView(coder: coder) }), ("ScrollView", { UIScrollView(coder: coder) }),
            ("Switch", { UISwitch(coder: coder) }), ("Slider", { UISlider(coder: coder) }),
            ("ActivityIndicator", { UIActivityIndicatorView(coder: coder) }),
            ("TableViewCell", { UITableViewCell(coder: coder) }),
            ("CollectionViewCell", { UICollectionViewCell(coder: coder) }),
            ("TableViewHeaderFooterView", { UITableViewHeaderFooterView(coder: coder) }),
            ("TableView", { UITableView(coder: coder) }),
            ("FollowCell", { FollowCell(coder: coder) }), ("NibOrCodeView", { NibOrCodeView(coder: coder) }),
        ]
        for (name, make) in made {
            let recorder = DiagnosticsRecorder.record(errorsContaining: "\(name) \(Self.marker)") {
                #expect(make() == nil, "\(name)")
            }
            #expect(recorder.errors.count == 1, "\(name)")
            #expect(recorder.errors.first == .archiveNotSupported(typeName: name))
        }
    }

    /// FollowCell loads from a nib or from code (`super.init(coder:)`, then its common set-up).
    @Test func theSameCellMadeInCodeWorks() {
        let cell = FollowCell(style: .default, reuseIdentifier: nil)
        #expect(cell.nameLabel.superview === cell.contentView)
    }
}
