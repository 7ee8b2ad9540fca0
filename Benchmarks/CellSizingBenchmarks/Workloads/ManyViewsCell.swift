import AutoLayout
import CellSizing
import Foundation

/// A cell of many one-line labels (issue 18, target 5): `count` labels in a vertical stack view
/// pinned to the cell's margins, or the same labels in an anchor chain from the top margin to
/// the bottom margin, 4 points apart. The same cells as the `fitsize cells` templates
/// `{"type": "stack", "axis": "vertical", "spacing": 4, ...}` with `H:|-[s]-|` and `V:|-[s]-|`,
/// and `l0.top == cell.topMargin`, `l{i+1}.top == l{i}.bottom + 4`, `last.bottom == cell.bottomMargin`.
public final class ManyViewsCell: View {
    /// How the labels are laid out.
    public enum Shape: String, CaseIterable, Sendable {
        case stack, chain
    }

    /// The gap between neighbouring labels.
    public static let spacing: CGFloat = 4
    /// The labels' font size.
    public static let fontSize: CGFloat = 15

    /// Fitsize reads no archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A cell of `count` labels laid out as `shape`, showing "Label number i hello".
    public init(shape: Shape, count: Int) {
        super.init(frame: .zero)
        let font = Label.defaultFont.withSize(Self.fontSize)
        let labels = (0..<count).map { index in
            let label = Label()
            label.font = font
            label.numberOfLines = 1
            label.text = "Label number \(index) hello"
            label.translatesAutoresizingMaskIntoConstraints = false
            return label
        }
        let margins = layoutMarginsGuide
        switch shape {
        case .stack:
            let stack = StackView(arrangedSubviews: labels)
            stack.axis = .vertical
            stack.spacing = Self.spacing
            stack.translatesAutoresizingMaskIntoConstraints = false
            addSubview(stack)
            LayoutConstraint.activate([
                stack.topAnchor.constraint(equalTo: margins.topAnchor),
                stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                margins.trailingAnchor.constraint(equalTo: stack.trailingAnchor),
                margins.bottomAnchor.constraint(equalTo: stack.bottomAnchor),
            ])
        case .chain:
            for label in labels { addSubview(label) }
            guard let first = labels.first, let last = labels.last else { return }
            var constraints = [first.topAnchor.constraint(equalTo: margins.topAnchor)]
            for (previous, next) in zip(labels, labels.dropFirst()) {
                constraints.append(next.topAnchor.constraint(equalTo: previous.bottomAnchor, constant: Self.spacing))
            }
            constraints.append(last.bottomAnchor.constraint(equalTo: margins.bottomAnchor))
            LayoutConstraint.activate(constraints)
        }
    }
}
