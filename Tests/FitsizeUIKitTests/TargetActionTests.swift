import Foundation
import Testing

import FitsizeUIKit

/// A view controller's wiring as written for UIKit, with the selector spelled the way that
/// compiles on both platforms.
private final class FollowController {
    let button = UIButton(type: .system)
    let toggle = UISwitch()

    init() {
        button.addTarget(self, action: Selector(("followTapped")), for: .touchUpInside)
        toggle.addTarget(self, action: Selector(("toggled:")), for: [.valueChanged, .primaryActionTriggered])
    }
}

/// UIControl's target–action: targets and selectors are stored (selectors cannot be performed
/// without the Objective-C runtime); `UIAction`s run when events are sent.
@Suite struct TargetActionTests {
    @Test func targetsAndSelectorsAreStoredPerEvent() {
        let controller = FollowController()
        #expect(controller.button.actions(forTarget: controller, forControlEvent: .touchUpInside) == ["followTapped"])
        #expect(controller.button.actions(forTarget: controller, forControlEvent: .touchDown) == nil)
        #expect(controller.button.allControlEvents == .touchUpInside)
        #expect(controller.button.allTargets.count == 1 && controller.button.allTargets.first === controller)
        #expect(controller.toggle.actions(forTarget: controller, forControlEvent: .valueChanged) == ["toggled:"])
        controller.toggle.removeTarget(controller, action: Selector(("toggled:")), for: .valueChanged)
        #expect(controller.toggle.allControlEvents == .primaryActionTriggered)
        controller.toggle.removeTarget(nil, action: nil, for: .allEvents)
        #expect(controller.toggle.allControlEvents.isEmpty)
        #expect(NSStringFromSelector(NSSelectorFromString("follow:")) == "follow:")
    }

    @Test func targetsAreHeldWeakly() {
        let button = UIButton(type: .system)
        do {
            let controller = FollowController()
            button.addTarget(controller, action: "followTapped", for: .touchUpInside)
            #expect(button.allTargets.count == 1)
        }
        #expect(button.allTargets.isEmpty)
    }

    @Test func actionsRunForTheirEventsWithTheirSender() {
        let button = UIButton(type: .system)
        var log: [String] = []
        let tap = UIAction(title: "Follow") { action in
            log.append("tap from \(action.sender === button ? "button" : "elsewhere")")
        }
        button.addAction(tap, for: .touchUpInside)
        button.addAction(UIAction(identifier: UIAction.Identifier("changed")) { _ in log.append("changed") }, for: .valueChanged)
        button.sendActions(for: .touchDown)
        #expect(log.isEmpty)
        button.sendActions(for: .touchUpInside)
        button.sendActions(for: [.valueChanged, .touchUpInside])
        #expect(log == ["tap from button", "tap from button", "changed"])
        button.removeAction(tap, for: .touchUpInside)
        button.removeAction(identifiedBy: UIAction.Identifier("changed"), for: .valueChanged)
        button.sendActions(for: .allEvents)
        #expect(log.count == 3)
        #expect(button.allControlEvents.isEmpty)
    }
}
