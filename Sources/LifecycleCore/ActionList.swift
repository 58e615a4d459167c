/// What the phone asks for, in order, as plain values: ``PlainAction``s, and beside them the texts, details,
/// scenes and task lists they refer to by position.
///
/// A host that handles many events keeps one list and empties it after each (``removeAll()``): emptying keeps
/// the storage, and costs nothing per action (plain values need no destruction). The phone makes sure of the
/// list's sole ownership once per event and appends to it without asking again (``OwnedArray``). Hosts that
/// handle a few events take ``Action`` arrays instead, which the phone makes from such a list.
///
/// ```swift
/// var list = ActionList()
/// try phone.perform(.tap("notes"), into: &list)
/// for entry in list.entries {
///     if case .transition(let app, let from, let to, _) = entry { print(phone.appID(at: app), from, to) }
/// }
/// ```
public struct ActionList: Sendable {
    /// The actions, in the order they must happen.
    @inlinable public var entries: Entries { Entries(actions: actions) }
    @usableFromInline var actions = OwnedArray<PlainAction>()
    private var details: [CallbackDetail] = []
    private var texts: [String] = []
    private var scenes: [SceneID] = []
    private var taskLists: [[BackgroundTaskIdentifier]] = []

    public init() {}

    public var isEmpty: Bool { actions.isEmpty }

    /// Empties the list, keeping its storage for the next event.
    public mutating func removeAll() {
        actions.removeAll()
        // Most events have no detail, note, scene or task list: their arrays stay empty and are left alone.
        if !details.isEmpty { details.removeAll(keepingCapacity: true) }
        if !texts.isEmpty { texts.removeAll(keepingCapacity: true) }
        if !scenes.isEmpty { scenes.removeAll(keepingCapacity: true) }
        if !taskLists.isEmpty { taskLists.removeAll(keepingCapacity: true) }
    }

    /// A callback's detail, by the position an entry gives.
    public func detail(_ position: Int?) -> CallbackDetail? {
        position.map { details[$0] }
    }

    /// A note's text.
    public func text(_ note: PlainNote) -> String {
        switch note {
        case .kept(let position):
            texts[position]
        case .memoryNeeded(let needed, let free):
            ASCIIText.make(capacity: 72) { text in
                text.write("memory: ")
                text.write(needed)
                text.write(" MB needed, ")
                text.write(free)
                text.write(" MB free")
            }
        }
    }

    /// A scene's identifier, by the position an entry gives.
    public func scene(_ position: Int) -> SceneID {
        scenes[position]
    }

    /// The tasks of a ``PlainAction/runExpirationHandlers(app:tasks:)``, by the position it gives.
    public func tasks(_ position: Int) -> [BackgroundTaskIdentifier] {
        taskLists[position]
    }

    // MARK: Filling (the phone)

    /// Makes sure this list's storage is its own: the phone calls it when an event starts, before appending.
    mutating func makeUnique() {
        actions.makeUnique()
    }

    /// Appends an action, after ``makeUnique()``.
    @inline(__always)
    mutating func append(_ entry: PlainAction) {
        actions.append(entry)
    }

    /// Keeps a detail and returns its position; `nil` for none.
    mutating func keep(_ detail: CallbackDetail?) -> Int? {
        guard let detail else { return nil }
        details.append(detail)
        return details.count - 1
    }

    mutating func keep(_ text: String) -> PlainNote {
        texts.append(text)
        return .kept(texts.count - 1)
    }

    mutating func keep(_ scene: SceneID) -> Int {
        scenes.append(scene)
        return scenes.count - 1
    }

    mutating func keep(_ tasks: [BackgroundTaskIdentifier]) -> Int {
        taskLists.append(tasks)
        return taskLists.count - 1
    }
}
