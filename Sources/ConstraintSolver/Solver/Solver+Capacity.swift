// Sizing the solver's storage for a batch of constraints known in advance.
import Synchronization

extension Solver {
    /// Makes room for the symbols and terms that adding `constraints` will take, so that a
    /// large batch leaves little unused capacity behind.
    ///
    /// The per-symbol storage grows by half when it is full, so a layout of thousands of
    /// constraints added one by one keeps up to a third of it unused for as long as it
    /// lives. Reserving for the batch first sizes it to what the batch needs (a marker for
    /// each required constraint, two symbols for each optional one, and one for each variable
    /// the solver does not hold yet, counted once however many of the constraints mention it),
    /// and a thirty-second more for the changes that follow. A batch no larger than what
    /// growing would make room for grows the storage as usual, and one that fits in the room
    /// left takes none.
    ///
    /// This only sizes storage: adding other constraints, or not all of these, is as correct.
    public func reserveCapacity(forAdding constraints: [Constraint]) {
        var symbols = 0
        var requiredTerms = 0
        let stamp = Self.nextReservationStamp()
        for constraint in constraints {
            let required = constraint.priority.isRequired
            symbols += required ? 1 : 2
            let terms = constraint.expression.terms
            if required { requiredTerms += terms.count }
            for term in terms {
                let variable = term.variable
                guard variable.reservationStamp != stamp else { continue }
                variable.reservationStamp = stamp
                if tableau.knownSymbol(for: variable) == nil { symbols += 1 }
            }
        }
        tableau.reserveSymbols(forAdding: symbols)
        tableau.mentions.reserveCapacity(forTerms: requiredTerms)
    }

    /// A stamp that none of the last 2³² − 2 reservations used, in any solver (variables may
    /// be shared), and never 0, the stamp of a variable no reservation counted.
    private static func nextReservationStamp() -> UInt32 {
        while true {
            let stamp = reservationStamps.wrappingAdd(1, ordering: .relaxed).newValue
            if stamp != 0 { return stamp }
        }
    }

    /// The stamp of the latest reservation, shared by all solvers.
    private static let reservationStamps = Atomic<UInt32>(0)
}
