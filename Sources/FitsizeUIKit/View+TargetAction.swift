import AutoLayout
import Foundation

// UIControl's target–action. Controls are views here (`UIControl` is `View`), so every view
// takes targets and actions; none changes a size.

extension View {
    /// UIKit's `UIControl.Event`, with UIKit's bits.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The option bits.
        public let rawValue: UInt
        /// Events from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch down.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated touch down.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A finger dragged inside.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A finger dragged outside.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A finger dragged into the bounds.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A finger dragged out of the bounds.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A touch up inside: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch up outside.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// A cancelled touch.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The value changed (a switch, a slider).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A menu action.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Editing began.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text changed while editing.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended with the return key.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Events for the application.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Events for the system.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// One registration: a target (held weakly, as UIKit does) or an action, and its events.
    struct ActionEntry {
        weak var target: AnyObject?
        let hasTarget: Bool
        let selector: Selector?
        let action: UIAction?
        var events: Event
    }

    private var actionEntries: [ActionEntry] {
        get { storedValue("actionEntries", []) }
        set { storedOnlyValues["actionEntries"] = newValue }
    }

    /// UIKit's `addTarget(_:action:for:)`: stores the target (weakly) and the selector's name
    /// for `controlEvents`. Fitsize cannot perform a selector (no Objective-C runtime), so
    /// ``sendActions(for:)`` runs only ``UIAction``s; see ``Selector``.
    public func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        if let index = actionEntries.firstIndex(where: {
            $0.selector == action && $0.hasTarget == (object != nil) && $0.target === object
        }) {
            actionEntries[index].events.formUnion(controlEvents)
        } else {
            actionEntries.append(ActionEntry(
                target: object, hasTarget: object != nil, selector: action, action: nil, events: controlEvents))
        }
    }

    /// UIKit's `removeTarget(_:action:for:)`: a `nil` target or action matches every one.
    public func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        actionEntries = actionEntries.compactMap { entry in
            guard entry.selector != nil, object == nil || entry.target === object,
                action == nil || entry.selector == action
            else { return entry }
            var entry = entry
            entry.events.subtract(controlEvents)
            return entry.events.isEmpty ? nil : entry
        }
    }

    /// UIKit's `addAction(_:for:)`: `action` runs when ``sendActions(for:)`` sends one of
    /// `controlEvents`.
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        actionEntries.append(ActionEntry(target: nil, hasTarget: false, selector: nil, action: action, events: controlEvents))
    }

    /// UIKit's `removeAction(_:for:)`.
    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// UIKit's `removeAction(identifiedBy:for:)`.
    public func removeAction(identifiedBy identifier: UIAction.Identifier, for controlEvents: Event) {
        actionEntries = actionEntries.compactMap { entry in
            guard entry.action?.identifier == identifier else { return entry }
            var entry = entry
            entry.events.subtract(controlEvents)
            return entry.events.isEmpty ? nil : entry
        }
    }

    /// The targets registered (those still alive), UIKit's `allTargets`.
    public var allTargets: [AnyObject] {
        actionEntries.compactMap { $0.hasTarget ? $0.target : nil }
    }

    /// The events anything is registered for, UIKit's `allControlEvents`.
    public var allControlEvents: Event {
        actionEntries.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// The names of the selectors registered for `target` and `controlEvent`, UIKit's
    /// `actions(forTarget:forControlEvent:)`; `nil` when there are none.
    public func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = actionEntries.compactMap { entry -> String? in
            guard let selector = entry.selector, entry.target === object, !entry.events.isDisjoint(with: controlEvent)
            else { return nil }
            return selector.name
        }
        return names.isEmpty ? nil : names
    }

    /// UIKit's `sendActions(for:)`: runs the ``UIAction``s registered for any of
    /// `controlEvents`, in the order they were added. Selectors are not performed (see
    /// ``addTarget(_:action:for:)``).
    public func sendActions(for controlEvents: Event) {
        for entry in actionEntries where !entry.events.isDisjoint(with: controlEvents) {
            guard let action = entry.action else { continue }
            action.sender = self
            action.handler(action)
            action.sender = nil
        }
    }
}
