/// A set of ``LoggedEvent``s as bits, by ``LoggedEvent/ordinal``: what the log checker keeps for every line,
/// without hashing.
///
/// Its tests are inlined: a set is asked about every line of a log, some five times.
struct EventSet: Sendable, Hashable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init() {}

    init(_ events: some Sequence<LoggedEvent>) {
        for event in events { insert(event) }
    }

    var isEmpty: Bool { low == 0 && high == 0 }

    @inline(__always)
    func contains(_ event: LoggedEvent) -> Bool {
        let (word, bit) = Self.place(of: event)
        return (word == 0 ? low : high) & bit != 0
    }

    @inline(__always)
    mutating func insert(_ event: LoggedEvent) {
        let (word, bit) = Self.place(of: event)
        if word == 0 { low |= bit } else { high |= bit }
    }

    /// The events of either set.
    func union(_ other: EventSet) -> EventSet {
        var union = self
        union.low |= other.low
        union.high |= other.high
        return union
    }

    /// Adds the events of another set.
    mutating func formUnion(_ other: EventSet) {
        self = union(other)
    }

    /// Removes an event; returns whether it was there.
    mutating func remove(_ event: LoggedEvent) -> Bool {
        guard contains(event) else { return false }
        let (word, bit) = Self.place(of: event)
        if word == 0 { low &= ~bit } else { high &= ~bit }
        return true
    }

    /// The events of the set, by ordinal.
    var events: [LoggedEvent] {
        (0..<LoggedEvent.ordinalLimit).compactMap { ordinal in
            let word = ordinal < 64 ? low : high
            return word & (1 << UInt64(ordinal & 63)) != 0 ? LoggedEvent.byOrdinal[ordinal] : nil
        }
    }

    @inline(__always)
    private static func place(of event: LoggedEvent) -> (word: Int, bit: UInt64) {
        let ordinal = event.ordinal
        return (ordinal >> 6, 1 << UInt64(ordinal & 63))
    }
}
