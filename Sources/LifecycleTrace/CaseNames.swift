import LifecycleCore

/// The UTF-8 bytes of the names of a payload-free enum's cases (their `String` raw values), looked up by case:
/// what the trace layouts copy for a selector, a notification's name or a state.
///
/// Copying the name from its `String` took three calls besides the copy (a retain, a look for the bytes, a
/// release), for every name of every record. The bytes are made once, from the raw values themselves, and kept
/// for the life of the process; so is the table of them, which a lookup reads without retaining it, as it would
/// an array.
struct CaseNames<Value: CaseIterable & RawRepresentable<String>>: @unchecked Sendable {
    // Sendable: `names` points at bytes written once, in `init`, and only read after; they are never freed.
    private let names: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>

    /// - Precondition: `Value` is a payload-free enum of at most 256 cases (``caseOrdinal(of:)``).
    init() {
        self.init(\.rawValue)
    }

    /// A table of a text made from each case's name: a template of a trace line's end, with the name in it.
    init(_ text: (Value) -> String) {
        names = permanent(casesInStoredOrder(Value.self).map { permanentBytes(of: text($0)) })
    }

    subscript(value: Value) -> UnsafeBufferPointer<UInt8> {
        names[caseOrdinal(of: value)]
    }
}

/// A piece of text for every pair of cases of a payload-free enum, as bytes made once: a template of a trace
/// line with two names in it.
struct CasePairTemplates<Value: CaseIterable>: @unchecked Sendable {
    // Sendable: as ``CaseNames``, bytes written once and only read after.
    private let pieces: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    private let caseCount: Int

    /// - Precondition: `Value` is a payload-free enum of at most 256 cases (``caseOrdinal(of:)``).
    init(_ text: (Value, Value) -> String) {
        let cases = casesInStoredOrder(Value.self)
        caseCount = cases.count
        pieces = permanent(cases.flatMap { first in cases.map { second in permanentBytes(of: text(first, second)) } })
    }

    subscript(first: Value, second: Value) -> UnsafeBufferPointer<UInt8> {
        pieces[caseOrdinal(of: first) * caseCount + caseOrdinal(of: second)]
    }
}

/// The position of a case among `allCases`: a payload-free enum is stored as that number, in one byte.
///
/// - Precondition: `Value` is stored in one byte, as the position of its case in `allCases` (checked when a
///   table is made, by ``casesInStoredOrder(_:)``).
func caseOrdinal<Value: CaseIterable>(of value: Value) -> Int {
    withUnsafeBytes(of: value) { Int($0[0]) }
}

/// `allCases`, having checked that each case is stored as its position among them.
private func casesInStoredOrder<Value: CaseIterable>(_: Value.Type) -> [Value] {
    precondition(MemoryLayout<Value>.size == 1, "\(Value.self) is not stored as the number of its case")
    let cases = Array(Value.allCases)
    for (position, value) in cases.enumerated() {
        precondition(caseOrdinal(of: value) == position, "\(Value.self)'s cases are not stored in their order")
    }
    return cases
}

/// A text's UTF-8 bytes in memory never freed: the tables above live as long as the process.
private func permanentBytes(of text: String) -> UnsafeBufferPointer<UInt8> {
    permanent(Array(text.utf8))
}

/// Elements in memory never freed.
private func permanent<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
    let copy = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
    _ = copy.initialize(from: elements)
    return UnsafeBufferPointer(copy)
}

/// The names of the model's values, as the trace layouts write them.
enum ModelNames {
    static let callbacks = CaseNames<Callback>()
    static let notifications = CaseNames<UIKitNotification>()
    static let appStates = CaseNames<AppState>()
    static let sceneStates = CaseNames<SceneState>()
    static let reasons = CaseNames<TransitionReason>()
}

extension TraceBytes {
    /// A callback's selector.
    mutating func append(name callback: Callback) { append(ModelNames.callbacks[callback]) }
    /// A notification's UIKit name.
    mutating func append(name notification: UIKitNotification) { append(ModelNames.notifications[notification]) }
    /// A state's name.
    mutating func append(name state: AppState) { append(ModelNames.appStates[state]) }
    /// A scene state's name.
    mutating func append(name state: SceneState) { append(ModelNames.sceneStates[state]) }
    /// Why the system changed an app's state.
    mutating func append(name reason: TransitionReason) { append(ModelNames.reasons[reason]) }
}
