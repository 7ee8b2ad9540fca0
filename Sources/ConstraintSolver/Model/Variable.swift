/// An unknown of a linear system: a named value that a ``Solver`` computes.
///
/// Variables are compared by identity, so two variables with the same name are different
/// unknowns. A variable's ``value`` changes only when a solver that uses it runs
/// ``Solver/updateVariables()``.
///
/// To lead from a variable back to what it stands for (kiwi's context), subclass it: the
/// solver hands back the objects it was given, so ``Solver/updateVariables(reportingTo:)``
/// reports instances of the subclass.
open class Variable {
    /// The name used in descriptions and error messages.
    public let name: String

    // Unchecked exclusivity: written for every changed variable by `updateVariables`.

    /// The value the last ``Solver/updateVariables()`` gave this variable (0 until then).
    @exclusivity(unchecked) public internal(set) var value: Double = 0

    // Unchecked exclusivity: read on every use of the variable in a constraint, and only
    // ever read or written in one short statement.

    /// The symbol that the tableau holding this variable through this cache gave it (see
    /// `PlaceCache`). The tableau checks that the symbol stands for this variable before
    /// trusting it; other tableaus using the variable find it elsewhere.
    @exclusivity(unchecked) var cachedPlace = Symbol.invalid

    // Unchecked exclusivity: only read and written by `Solver.reserveCapacity(forAdding:)`,
    // in one short statement each.

    /// The pass of `Solver.reserveCapacity(forAdding:)` that last counted this variable, so
    /// that a variable in several of the constraints counts once. It fills what was padding
    /// after `cachedPlace`: a variable is no larger for it.
    @exclusivity(unchecked) var reservationStamp: UInt32 = 0

    /// Creates a variable with the given name.
    public init(_ name: String = "") {
        self.name = name
    }
}

extension Variable: CustomStringConvertible {
    /// The variable's name, or an address-based placeholder when it has none.
    public var description: String {
        name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue) % 100_000)" : name
    }
}

extension Variable: PlaceCaching {
    static var unclaimed: Symbol { .invalid }
}
