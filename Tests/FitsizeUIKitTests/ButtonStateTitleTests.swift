import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// A button shows, and is sized by, the title for its current state, as UIKit's
/// `currentTitle`: a follow button that says "Following" when selected grows by the
/// difference `hb-shape` gives between the two words.
@Suite struct ButtonStateTitleTests {
    @Test func theSelectedTitleSizesASelectedButton() throws {
        let button = UIButton(type: .system)
        button.setTitle("Follow", for: .normal)
        button.setTitle("Following", for: .selected)
        let normal = button.intrinsicContentSize.width
        #expect(button.currentTitle == "Follow")

        button.isSelected = true
        #expect(button.currentTitle == "Following")
        let selected = button.intrinsicContentSize.width
        let growth = try UIKitSpellingTests.width("Following", path: UIKitSpellingTests.regular, size: 15)
            - UIKitSpellingTests.width("Follow", path: UIKitSpellingTests.regular, size: 15)
        #expect(abs(Double(selected - normal) - growth) < 1, "\(normal) → \(selected), hb-shape says +\(growth)")

        // A state without a title of its own shows the normal one.
        button.isSelected = false
        button.isEnabled = false
        #expect(button.currentTitle == "Follow")
        #expect(button.intrinsicContentSize.width == normal)
        #expect(button.title(for: .highlighted) == "Follow")
        #expect(button.title(for: .selected) == "Following")
    }

    @Test func settingTheCurrentStatesTitleResizesAtOnce() throws {
        let button = UIButton(type: .system)
        button.isSelected = true
        button.setTitle("Go", for: .normal)
        #expect(button.currentTitle == "Go")
        let short = button.intrinsicContentSize.width
        button.setTitle("Going somewhere", for: .selected)
        #expect(button.currentTitle == "Going somewhere")
        #expect(button.intrinsicContentSize.width > short)
        button.setTitle(nil, for: .selected)
        #expect(button.currentTitle == "Go")
        #expect(button.intrinsicContentSize.width == short)
    }
}
