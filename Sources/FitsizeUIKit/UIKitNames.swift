// UIKit's names for the Fitsize types, one for one: the same class or value under its UIKit
// spelling, never a wrapper.

/// UIKit's `UIView`: ``AutoLayout/View``.
public typealias UIView = View
/// UIKit's `UILabel`: ``AutoLayout/Label``.
public typealias UILabel = Label
/// UIKit's `UIButton`: ``AutoLayout/Button``.
public typealias UIButton = Button
/// UIKit's `UIImageView`: ``AutoLayout/ImageView``.
public typealias UIImageView = ImageView
/// UIKit's `UITextField`: ``AutoLayout/TextField``.
public typealias UITextField = TextField
/// UIKit's `UITextView`: ``AutoLayout/TextView``.
public typealias UITextView = TextView
/// UIKit's `UIStackView`: ``AutoLayout/StackView``.
public typealias UIStackView = StackView
/// UIKit's `UIScrollView`: ``AutoLayout/ScrollView``.
public typealias UIScrollView = ScrollView
/// UIKit's `UISwitch`: ``AutoLayout/Switch``.
public typealias UISwitch = Switch
/// UIKit's `UISlider`: ``AutoLayout/Slider``.
public typealias UISlider = Slider
/// UIKit's `UIActivityIndicatorView`: ``AutoLayout/ActivityIndicator``.
public typealias UIActivityIndicatorView = ActivityIndicator
/// UIKit's `UILayoutGuide`: ``AutoLayout/LayoutGuide``.
public typealias UILayoutGuide = LayoutGuide
/// UIKit's `NSLayoutConstraint`: ``AutoLayout/LayoutConstraint``.
public typealias NSLayoutConstraint = LayoutConstraint
/// UIKit's `UILayoutPriority`: ``AutoLayout/LayoutPriority``.
public typealias UILayoutPriority = LayoutPriority
/// UIKit's `NSLayoutXAxisAnchor`: ``AutoLayout/LayoutXAxisAnchor``.
public typealias NSLayoutXAxisAnchor = LayoutXAxisAnchor
/// UIKit's `NSLayoutYAxisAnchor`: ``AutoLayout/LayoutYAxisAnchor``.
public typealias NSLayoutYAxisAnchor = LayoutYAxisAnchor
/// UIKit's `NSLayoutDimension`: ``AutoLayout/LayoutDimension``.
public typealias NSLayoutDimension = LayoutDimension
/// UIKit's `UIEdgeInsets`: ``AutoLayout/EdgeInsets``.
public typealias UIEdgeInsets = EdgeInsets
/// UIKit's `NSDirectionalEdgeInsets`: ``AutoLayout/DirectionalEdgeInsets``.
public typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets
/// UIKit's `UISemanticContentAttribute`: ``AutoLayout/SemanticContentAttribute``.
public typealias UISemanticContentAttribute = SemanticContentAttribute
/// UIKit's `UIUserInterfaceLayoutDirection`: ``AutoLayout/UserInterfaceLayoutDirection``.
public typealias UIUserInterfaceLayoutDirection = UserInterfaceLayoutDirection
/// UIKit's `UIFont`: ``Typesetting/Font`` (see ``Typesetting/Font/systemFont(ofSize:weight:)``).
public typealias UIFont = Font
/// UIKit's `UIFontMetrics`: ``Typesetting/FontMetrics``.
public typealias UIFontMetrics = FontMetrics
/// UIKit's `UITraitCollection`: ``Typesetting/TraitCollection``.
public typealias UITraitCollection = TraitCollection
/// UIKit's `UIContentSizeCategory`: ``Typesetting/ContentSizeCategory``.
public typealias UIContentSizeCategory = ContentSizeCategory
/// UIKit's `UIImage`: ``AutoLayout/Image``.
public typealias UIImage = Image
/// UIKit's `NSTextAlignment`: ``Typesetting/TextAlignment``, with the same raw values.
public typealias NSTextAlignment = TextAlignment
/// UIKit's `NSLineBreakMode`: ``Typesetting/LineBreakMode``, with the same raw values.
public typealias NSLineBreakMode = LineBreakMode

extension LayoutConstraint {
    /// UIKit's `NSLayoutConstraint.Attribute`: ``AutoLayout/LayoutAttribute``.
    public typealias Attribute = LayoutAttribute
    /// UIKit's `NSLayoutConstraint.Relation`: ``AutoLayout/LayoutRelation``.
    public typealias Relation = LayoutRelation
    /// UIKit's `NSLayoutConstraint.Axis`: ``AutoLayout/LayoutAxis``.
    public typealias Axis = LayoutAxis
}

extension View {
    /// UIKit's `UIView.AutoresizingMask`: ``AutoLayout/AutoresizingMask``.
    public typealias AutoresizingMask = AutoLayout.AutoresizingMask
}

/// UIKit's `UITableView`: ``CellSizing/TableView``.
public typealias UITableView = TableView
/// UIKit's `UITableViewCell`: ``CellSizing/TableViewCell``.
public typealias UITableViewCell = TableViewCell
/// UIKit's `UITableViewHeaderFooterView`: ``CellSizing/TableViewHeaderFooterView``.
public typealias UITableViewHeaderFooterView = TableViewHeaderFooterView
/// UIKit's `UITableViewDataSource`: ``CellSizing/TableViewDataSource``.
public typealias UITableViewDataSource = TableViewDataSource
/// UIKit's `UITableViewDelegate`: ``CellSizing/TableViewDelegate``.
public typealias UITableViewDelegate = TableViewDelegate
/// UIKit's `UICollectionViewCell`: ``CellSizing/CollectionViewCell``.
public typealias UICollectionViewCell = CollectionViewCell
/// UIKit's `UICollectionViewLayoutAttributes`: ``CellSizing/CollectionViewLayoutAttributes``.
public typealias UICollectionViewLayoutAttributes = CollectionViewLayoutAttributes
