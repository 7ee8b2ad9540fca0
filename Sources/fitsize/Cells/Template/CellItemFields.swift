extension CellItem {
    /// The members of a data object by key. Items have a handful of fields, whose keys are
    /// short strings compared in place, so a short object is searched in file order; a long
    /// one is hashed, so that a hostile line with many fields stays linear to read.
    struct Fields: Sendable {
        private enum Storage: Sendable {
            case list([JSONMember<Value>])
            case table([String: Value])
        }

        /// The most members searched in order; beyond it a dictionary is built.
        private static var listLimit: Int { 16 }

        private let storage: Storage

        /// The members, whose keys the parser has checked to be distinct.
        init(_ members: [JSONMember<Value>]) {
            if members.count <= Self.listLimit {
                storage = .list(members)
            } else {
                var table: [String: Value] = [:]
                table.reserveCapacity(members.count)
                for member in members { table[member.key] = member.value }
                storage = .table(table)
            }
        }

        /// The value of member `key`, if there is one.
        subscript(key: String) -> Value? {
            switch storage {
            case .list(let members):
                // Indices, not `first(where:)`: only the member found is copied out.
                members.indices.first { members[$0].key == key }.map { members[$0].value }
            case .table(let table): table[key]
            }
        }
    }
}
