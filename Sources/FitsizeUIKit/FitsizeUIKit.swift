// The modules FitsizeUIKit spells in UIKit's names, re-exported: a file that imports
// FitsizeUIKit instead of UIKit sees every Fitsize type under both names.
@_exported import AutoLayout
@_exported import CellSizing
@_exported import Foundation
@_exported import Typesetting
