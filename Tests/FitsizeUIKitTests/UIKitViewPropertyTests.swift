import DiagnosticsRecording
import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// A view that asks for constraint-based layout, as UIKit views that build constraints in
/// `updateConstraints` do.
private final class ConstraintBuiltView: UIView {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override class var requiresConstraintBasedLayout: Bool { true }
    let label = UILabel()
    private var built = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.translatesAutoresizingMaskIntoConstraints = false
        addSubview(label)
    }

    override func updateConstraints() {
        if !built {
            built = true
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
                label.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
                label.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
                label.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            ])
        }
        super.updateConstraints()
    }
}

/// Properties a UIKit view sets: the drawing ones are kept and change no size; the ones that
/// do change a size work.
@Suite struct UIKitViewPropertyTests {
    @Test func drawingPropertiesAreStoredAndChangeNoSize() {
        let label = UILabel()
        label.text = "Stored only"
        label.translatesAutoresizingMaskIntoConstraints = false
        let before = label.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        label.backgroundColor = .systemBackground
        label.tintColor = .systemRed
        label.layer.cornerRadius = 8
        label.layer.borderColor = UIColor.separator.cgColor
        label.clipsToBounds = true
        label.alpha = 0.5
        label.isUserInteractionEnabled = true
        label.accessibilityLabel = "Greeting"
        label.textColor = .secondaryLabel
        label.tag = 7
        label.contentMode = .scaleAspectFit
        label.preservesSuperviewLayoutMargins = true
        label.invalidateIntrinsicContentSize()
        #expect(label.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == before)
        #expect(label.backgroundColor == .systemBackground)
        #expect(label.tintColor == .systemRed)
        #expect(label.layer.cornerRadius == 8)
        #expect(label.layer.masksToBounds)
        #expect(label.alpha == 0.5)
        #expect(label.isUserInteractionEnabled)
        #expect(label.accessibilityLabel == "Greeting")
        #expect(label.textColor == .secondaryLabel)
        #expect(label.contentMode == .scaleAspectFit)
        #expect(label.preservesSuperviewLayoutMargins)
        let parent = UIView()
        parent.addSubview(label)
        #expect(parent.viewWithTag(7) === label)
        #expect(UIView().tintColor == .systemBlue)
    }

    @Test func aViewRequiringConstraintBasedLayoutBuildsItsConstraints() throws {
        #expect(ConstraintBuiltView.requiresConstraintBasedLayout)
        #expect(!UIView.requiresConstraintBasedLayout)
        let view = ConstraintBuiltView(frame: .zero)
        view.label.text = "Built late"
        view.translatesAutoresizingMaskIntoConstraints = false
        let size = view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        let label = view.label.intrinsicContentSize
        #expect(size == CGSize(width: label.width + 16, height: label.height + 16))
    }

    @Test func theSafeAreaIsARootsInsets() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 812))
        let bar = UIView()
        bar.translatesAutoresizingMaskIntoConstraints = false
        let marked = UIView()
        marked.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(bar)
        root.addSubview(marked)
        NSLayoutConstraint.activate([
            bar.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            bar.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 44),
            marked.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            marked.bottomAnchor.constraint(equalTo: root.layoutMarginsGuide.bottomAnchor),
            marked.widthAnchor.constraint(equalToConstant: 10),
            marked.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(root.safeAreaInsets == .zero)
        #expect(bar.frame == CGRect(x: 0, y: 0, width: 375, height: 44))
        #expect(marked.frame == CGRect(x: 8, y: 812 - 8 - 10, width: 10, height: 10))

        root.safeAreaInsetsOverride = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        root.layoutIfNeeded()
        #expect(root.safeAreaInsets == UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(bar.frame == CGRect(x: 0, y: 44, width: 375, height: 44))
        // Margins are measured from the safe area, as insetsLayoutMarginsFromSafeArea says.
        #expect(marked.frame == CGRect(x: 8, y: 812 - 34 - 8 - 10, width: 10, height: 10))
        root.insetsLayoutMarginsFromSafeArea = false
        root.layoutIfNeeded()
        #expect(marked.frame == CGRect(x: 8, y: 812 - 8 - 10, width: 10, height: 10))
        #expect(bar.safeAreaInsets == .zero)

        let recorder = DiagnosticsRecorder.record(errorsContaining: "safeAreaInsetsOverride") {
            root.safeAreaInsetsOverride = UIEdgeInsets(top: -1, left: 0, bottom: 0, right: 0)
        }
        #expect(recorder.errors.count == 1)
        #expect(root.safeAreaInsets.top == 44)
    }

    @Test func aButtonsTitleImageAndInsetsMakeItsSize() throws {
        let button = UIButton(type: .system)
        #expect(button.buttonType == .system)
        button.setTitle("Follow", for: .normal)
        button.setTitle("Following", for: .selected)
        #expect(button.title(for: .normal) == "Follow")
        #expect(button.title(for: .selected) == "Following")
        #expect(button.title(for: .highlighted) == "Follow")
        let regular = UIKitSpellingTests.regular
        let bold = UIKitSpellingTests.bold
        let titleWidth = try UIKitSpellingTests.width("Follow", path: regular, size: 15)
        let line15 = try FontTables(path: regular).lineHeight(size: 15)
        #expect(Double(button.intrinsicContentSize.width) == titleWidth.rounded(.up))
        #expect(Double(button.intrinsicContentSize.height) == (line15 + 12).rounded(.up))

        // An image sits before the title; the taller of the two sets the height.
        let icon = try UIImage(pixelSize: CGSize(width: 72, height: 144), scale: 3)
        button.setImage(icon, for: .normal)
        #expect(button.image(for: .normal) == icon)
        #expect(Double(button.intrinsicContentSize.width) == (24 + titleWidth).rounded(.up))
        #expect(Double(button.intrinsicContentSize.height) == max(48, (line15 + 12).rounded(.up)))

        button.setImage(nil, for: .normal)
        button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        button.titleLabel?.font = UIFont.boldSystemFont(ofSize: 20)
        #expect(button.titleLabel?.font == UIFont.boldSystemFont(ofSize: 20))
        let boldWidth = try UIKitSpellingTests.width("Follow", path: bold, size: 20)
        let line20 = try FontTables(path: bold).lineHeight(size: 20)
        #expect(Double(button.intrinsicContentSize.width) == (boldWidth + 20).rounded(.up))
        #expect(Double(button.intrinsicContentSize.height) == (line20 + 12 + 8).rounded(.up))
        button.titleLabel?.text = "Go"
        #expect(button.title(for: .normal) == "Go")

        let imageOnly = UIButton(type: .custom)
        imageOnly.setImage(try UIImage(pixelSize: CGSize(width: 22, height: 20)), for: .normal)
        #expect(imageOnly.intrinsicContentSize == CGSize(width: 22, height: 20))
    }

    @Test func anAnimationBlockLeavesTheFinalFrames() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let panel = UIView()
        panel.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(panel)
        let height = panel.heightAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([
            panel.topAnchor.constraint(equalTo: root.topAnchor),
            panel.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            panel.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            height,
        ])
        root.layoutIfNeeded()
        var finished: Bool?
        UIView.animate(withDuration: 0.3, animations: {
            height.constant = 240
            root.layoutIfNeeded()
        }, completion: { finished = $0 })
        #expect(finished == true)
        #expect(panel.frame == CGRect(x: 0, y: 0, width: 320, height: 240))
        var ran = false
        UIView.animate(withDuration: 0.2, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0,
                       options: [.curveEaseOut, .beginFromCurrentState], animations: { ran = true })
        #expect(ran)
    }

    /// Swift's CGFloat–Double conversion picks the numeric `==`, not the solver's
    /// constraint-building one, in code that imports FitsizeUIKit.
    @Test func numbersCompareAsNumbers() {
        let width: CGFloat = 20.5
        let expected: Double = 20.5
        #expect(width == expected)
        #expect(expected == width)
        #expect(!(width == expected + 0.25))
        let sum: Double = 0.1 + 0.2
        #expect(CGFloat(sum) == sum)
        let comparison: Bool = width == expected
        #expect(comparison)
    }

    /// UISwitch "enforces a size appropriate for the control" (Apple), so a switch made with
    /// no frame is already its size, and as a cell's accessory it takes that width and 16.
    @Test func aSwitchHasItsSizeFromTheStart() {
        #expect(UISwitch().frame.size == CGSize(width: 51, height: 31))
        #expect(UISwitch(frame: CGRect(x: 4, y: 5, width: 200, height: 2)).frame == CGRect(x: 4, y: 5, width: 51, height: 31))
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.accessoryView = UISwitch()
        cell.frame = CGRect(x: 0, y: 0, width: 375, height: 44)
        cell.layoutIfNeeded()
        #expect(cell.contentView.frame.width == 375 - 51 - 16)
    }
}
