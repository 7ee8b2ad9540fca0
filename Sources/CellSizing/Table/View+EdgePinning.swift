import AutoLayout
import Foundation

extension View {
    /// Adds `subview` with its four edges pinned to this view's, translating no autoresizing
    /// mask: how a cell holds its content view and a host holds a cell.
    func addSubviewPinnedToEdges(_ subview: View) {
        subview.translatesAutoresizingMaskIntoConstraints = false
        addSubview(subview)
        LayoutConstraint.activate([
            subview.topAnchor.constraint(equalTo: topAnchor),
            subview.leadingAnchor.constraint(equalTo: leadingAnchor),
            subview.bottomAnchor.constraint(equalTo: bottomAnchor),
            subview.trailingAnchor.constraint(equalTo: trailingAnchor),
        ])
    }
}
