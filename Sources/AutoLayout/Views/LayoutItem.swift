/// Something a ``LayoutConstraint`` can position: a ``View`` or a ``LayoutGuide``.
///
/// Only those two types take part in layout; a constraint made with any other conforming
/// type is rejected with ``LayoutError/unsupportedItem(typeName:)``.
public protocol LayoutItem: AnyObject {}
