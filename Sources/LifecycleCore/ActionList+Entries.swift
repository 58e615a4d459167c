extension ActionList {
    /// The actions of a list, in order: a random-access collection of ``PlainAction``s.
    public struct Entries: RandomAccessCollection, Sendable {
        @usableFromInline let actions: OwnedArray<PlainAction>

        @usableFromInline init(actions: OwnedArray<PlainAction>) {
            self.actions = actions
        }

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { actions.count }

        @inlinable
        public subscript(position: Int) -> PlainAction {
            precondition(position >= 0 && position < actions.count, "ActionList.Entries index out of range")
            return actions[position]
        }

        @inlinable public func makeIterator() -> Iterator { Iterator(actions: actions) }

        /// Reads the actions in order, where they lie: each position is in range by construction.
        public struct Iterator: IteratorProtocol {
            @usableFromInline let actions: OwnedArray<PlainAction>
            @usableFromInline var position = 0

            @usableFromInline init(actions: OwnedArray<PlainAction>) {
                self.actions = actions
            }

            @inlinable public mutating func next() -> PlainAction? {
                guard position < actions.count else { return nil }
                defer { position += 1 }
                return actions[position]
            }
        }
    }
}
