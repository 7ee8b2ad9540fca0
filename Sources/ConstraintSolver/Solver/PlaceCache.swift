/// An object that remembers where one table keeps it: a variable its symbol in a tableau.
/// (A constraint, which is in at most one solver, caches its slot directly:
/// `ConstraintTable`.)
protocol PlaceCaching: AnyObject {
    /// What the table keeps the object at.
    associatedtype Place
    /// The place in the table that claims the cache, or `unclaimed`.
    var cachedPlace: Place { get set }
    /// The place of an object whose cache no table claims.
    static var unclaimed: Place { get }
}

/// Finds objects in a table through the place they cache, rather than through a dictionary
/// keyed by identity, which cost more in hashing and resizing than the tableau spent on
/// adding a small constraint.
///
/// The first table to record an object claims its cache until it forgets the object; tables
/// that record it while another holds the cache (a variable shared between two solvers) keep
/// it in a small dictionary. The cache names no table: a table trusts a cached place only
/// after checking that it holds the object there (`holds`), which makes the place right for
/// it whichever table claimed it, and gives the cache up only if it claimed it (`forget`). A
/// claim outlives its table only if the table goes without forgetting its objects
/// (`Tableau.releaseVariables`); the other tables then keep the object in their
/// dictionaries, which is slower but as correct.
struct PlaceCache<Object: PlaceCaching> where Object.Place: Equatable {
    /// Places of the objects whose cache another table holds.
    private var shared: [ObjectIdentifier: Object.Place] = [:]

    /// The place of a recorded object; `holds` checks a cached place against the table.
    @inline(__always)
    func place(of object: Object, holds: (Object.Place) -> Bool) -> Object.Place? {
        let cached = object.cachedPlace
        if cached != Object.unclaimed && holds(cached) { return cached }
        if shared.isEmpty { return nil }
        return shared[ObjectIdentifier(object)]
    }

    /// Records where the table keeps an object it did not hold.
    @inline(__always)
    mutating func record(_ object: Object, at place: Object.Place) {
        // Claim the cache unless another table holds the object through it: this one does
        // not hold the object yet, so a claimed cache is another's.
        if object.cachedPlace == Object.unclaimed {
            object.cachedPlace = place
        } else {
            shared[ObjectIdentifier(object)] = place
        }
    }

    /// Forgets an object the table held, before the table lets go of its place: gives up its
    /// shared entry, or its cache when `holdsCachedPlace` says the table holds the object at
    /// its cached place. The shared entry comes first: another table may claim the cache at
    /// the very place this one keeps the object at in its dictionary (tables that take the same
    /// constraints in the same order give a variable the same symbol), and that claim is not
    /// this table's to give up.
    @inline(__always)
    mutating func forget(_ object: Object, holdsCachedPlace: Bool) {
        if !shared.isEmpty && shared.removeValue(forKey: ObjectIdentifier(object)) != nil { return }
        if holdsCachedPlace { object.cachedPlace = Object.unclaimed }
    }
}
