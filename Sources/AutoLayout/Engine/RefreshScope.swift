/// What may have changed in a constraint queued for a refresh, which decides how much of its
/// solver row the engine rebuilds: the less that changed, the less is read again.
///
/// Ordered: two refreshes queued before the same solve merge into the wider of the two.
enum RefreshScope: Comparable {
    /// Only the constraint's own constant or priority: the installed form's terms and the
    /// rest of its constant stand.
    case constantOrPriority
    /// Also the baseline offsets of its items (their text changed): the constant is summed
    /// again from the items' baselines, and the terms stand unless a baseline's kind changed
    /// (see ``LayoutConstraint/installedFormAfterBaselineChange``).
    case baselines
    /// Anything, the terms included: the form is built again.
    case everything
}
