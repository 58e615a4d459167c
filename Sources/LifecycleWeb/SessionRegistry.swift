/// How many playground sessions a server holds at once, and for how long an idle one stays.
///
/// Each page that connects holds one session (a simulator and its trace, a few megabytes at most). Past the
/// limit a new page is told the server is full, and a page that sends nothing for the idle timeout is
/// disconnected, so a server left running does not collect forgotten tabs.
public actor SessionRegistry {
    /// The most sessions at once.
    public let capacity: Int
    /// How long a session may go without a message before it is closed.
    public let idleTimeout: Duration
    /// The sessions open now.
    public private(set) var open = 0

    public init(capacity: Int = 32, idleTimeout: Duration = .seconds(30 * 60)) {
        self.capacity = capacity
        self.idleTimeout = idleTimeout
    }

    /// Takes a place for a new session; `false` when the server is full.
    func admit() -> Bool {
        guard open < capacity else { return false }
        open += 1
        return true
    }

    /// Gives a session's place back.
    func leave() {
        open -= 1
    }
}
