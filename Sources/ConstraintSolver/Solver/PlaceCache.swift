/// An object that remembers where one table keeps it: a variable its symbol in a tableau, a
/// constraint the slot of its record in a solver's constraint table.
protocol PlaceCaching: AnyObject {
    /// What the table keeps the object at.
    associatedtype Place
    /// The identity of the table whose place `cachedPlace` is (nil when none claims it).
    var cachedOwner: ObjectIdentifier? { get set }
    /// The place in that table.
    var cachedPlace: Place { get set }
}

/// Finds objects in a table through the place they cache, rather than through a dictionary
/// keyed by identity, which cost more in hashing and resizing than the tableau spent on
/// adding a small constraint.
///
/// The first table to record an object claims its cache until it forgets the object; tables
/// that record it while another holds the cache (a variable shared between two solvers) keep
/// it in a small dictionary. A cached place is trusted only after the table checks that it
/// really holds the object there, so a stale cache (its table gone, or the place reused) is
/// harmless.
struct PlaceCache<Object: PlaceCaching> {
    /// The table's identity in the objects' caches; it lives as long as the table, so no
    /// other live table can have the same one.
    private final class Identity {}
    private let identity = Identity()
    /// Places of the objects whose cache another table holds.
    private var shared: [ObjectIdentifier: Object.Place] = [:]

    /// The place of a recorded object; `holds` checks a cached place against the table.
    @inline(__always)
    func place(of object: Object, holds: (Object.Place) -> Bool) -> Object.Place? {
        if object.cachedOwner == ObjectIdentifier(identity) {
            let cached = object.cachedPlace
            if holds(cached) { return cached }
        }
        if shared.isEmpty { return nil }
        return shared[ObjectIdentifier(object)]
    }

    /// Whether another table holds the object through its cache. Only meaningful for
    /// objects that every table forgets before it goes (see `ConstraintTable.releaseAll`):
    /// otherwise a gone table's claim would look live.
    @inline(__always)
    func isClaimedElsewhere(_ object: Object) -> Bool {
        guard let owner = object.cachedOwner else { return false }
        return owner != ObjectIdentifier(identity)
    }

    /// Records where the table keeps an object it did not hold.
    @inline(__always)
    mutating func record(_ object: Object, at place: Object.Place) {
        let owner = ObjectIdentifier(identity)
        // Claim the cache unless another live table holds the object through it.
        if object.cachedOwner == nil || object.cachedOwner == owner {
            object.cachedOwner = owner
            object.cachedPlace = place
        } else {
            shared[ObjectIdentifier(object)] = place
        }
    }

    /// Forgets an object the table held: gives up its cache or its shared entry.
    @inline(__always)
    mutating func forget(_ object: Object) {
        if object.cachedOwner == ObjectIdentifier(identity) {
            object.cachedOwner = nil
        } else {
            shared[ObjectIdentifier(object)] = nil
        }
    }
}
